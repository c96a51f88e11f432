//! TRO-112, kitty theft: what a seat knows of the burials and steals after the deal,
//! and the burials undone on a sampled position back to the hands dealt.
//!
//! Each burial goes on the table; a stealer takes it into its hand (seeing it) and
//! buries as many; the last burial is the kitty. A seat knows the cards of every burial
//! it made (C-4) and of every burial it took up; every steal is shown with its cards
//! (TR-10). So a card it buried is now in the hand of a later stealer or in the kitty,
//! and a card a seat declared or stole with is in its hand, or in the hand of a seat that
//! stole a burial it made since, or in the kitty. The sample keeps those facts
//! ([`Chain::among`]) and then undoes the burials one by one from the sampled hands
//! ([`Chain::unwind`]): each burial the seat does not know is drawn from its taker's
//! hand, keeping the cards its burier must have held; a replay of the real history on the
//! result checks the rest exactly.

use crate::card::{Counts, NUM_CARDS};
use crate::phases::{Action, Burial, Phase};
use crate::rng::Rng;

use super::trick::KITTY;

/// One action of the burial object, as the sampling seat knows it.
#[derive(Clone, Debug)]
enum Event {
    /// A burial by `seat`; its cards when the seat knows them.
    Bury {
        seat: usize,
        known: Option<Counts>,
    },
    /// A steal by `seat` with its declared cards (public, TR-10).
    Steal {
        seat: usize,
        cards: Counts,
    },
    Pass,
}

/// The burials and steals of a hand under TRO-112, as one seat knows them.
#[derive(Clone, Debug)]
pub struct Chain {
    events: Vec<Event>,
    /// Per seat: the copies it declared in the deal (the most of each card).
    declared: Vec<Counts>,
    viewer: usize,
    size: usize,
}

/// `a` without `b`, card by card, never below none.
fn minus(a: &Counts, b: &Counts) -> Counts {
    let mut out = *a;
    for i in 0..NUM_CARDS {
        out.0[i] = a.0[i].saturating_sub(b.0[i]);
    }
    out
}

/// The most copies of each card of `a` and `b`.
fn most(a: &Counts, b: &Counts) -> Counts {
    let mut out = *a;
    for i in 0..NUM_CARDS {
        out.0[i] = a.0[i].max(b.0[i]);
    }
    out
}

impl Chain {
    /// The chain of `burial` for `viewer`; `declared` per seat its deal declarations,
    /// `over` when the hand is over (the kitty, the last burial, is public then, C-4).
    pub fn of(burial: &Burial, declared: Vec<Counts>, viewer: usize, over: bool) -> Chain {
        let log = burial.log();
        let last_bury = log.iter().rposition(|(_, a)| matches!(a, Action::Bury(_)));
        let events = log
            .iter()
            .enumerate()
            .map(|(i, (seat, action))| match action {
                Action::Bury(cards) => {
                    let taker = log[i + 1..].iter().find_map(|(s, a)| match a {
                        Action::Declare(_) => Some(*s),
                        _ => None,
                    });
                    let public = over && Some(i) == last_bury;
                    let sees = *seat == viewer || taker == Some(viewer) || public;
                    Event::Bury {
                        seat: *seat,
                        known: sees.then(|| Counts::from_cards(cards)),
                    }
                }
                Action::Declare(cards) => Event::Steal {
                    seat: *seat,
                    cards: Counts::from_cards(cards),
                },
                _ => Event::Pass,
            })
            .collect();
        Chain {
            events,
            declared,
            viewer,
            size: burial.size(),
        }
    }

    /// The places (bit `s` seat `s`, [`KITTY`] the table's burial) where cards held by
    /// the seats of `mask` after event `from`, or put on the table then (`table`), may be
    /// now: a burial by one of them carries them to the seat that steals it.
    fn reach(&self, mut mask: u32, mut table: bool, from: usize) -> u32 {
        for event in &self.events[from..] {
            match *event {
                Event::Bury { seat, .. } if mask & (1 << seat) != 0 => table = true,
                Event::Steal { seat, .. } if table => {
                    mask |= 1 << seat;
                    table = false;
                }
                Event::Steal { .. } => table = false,
                _ => {}
            }
        }
        if table {
            mask |= KITTY;
        }
        mask
    }

    /// What the seat knows of where cards are now: each seat's deal declarations
    /// (TR-10), what a stealer held once it took the burial up (its steal, TRO-112, and
    /// the burial when known) and kept after burying a known burial, each among the
    /// places its cards may have reached since; and each burial the seat made among the
    /// places its taker's cards may have reached (C-4).
    pub fn among(&self) -> Vec<(u32, Counts)> {
        let mut out: Vec<(u32, Counts)> = self
            .declared
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.is_empty())
            .map(|(seat, d)| (self.reach(1 << seat, false, 0), *d))
            .collect();
        for (i, event) in self.events.iter().enumerate() {
            match event {
                Event::Steal { seat, .. } => {
                    out.push((
                        self.reach(1 << seat, false, i + 1),
                        self.needs(*seat, i + 1),
                    ));
                }
                Event::Bury {
                    seat,
                    known: Some(cards),
                } => {
                    let kept = minus(&self.needs(*seat, i), cards);
                    out.push((self.reach(1 << seat, false, i + 1), kept));
                    if *seat == self.viewer {
                        out.push((self.reach(0, true, i + 1), *cards));
                    }
                }
                _ => {}
            }
        }
        out.retain(|(_, cards)| !cards.is_empty());
        out
    }

    /// The copies `seat` must hold just before event `at`, as far as its own earlier
    /// actions tell: after a steal, its steal's cards and the burial it took (when
    /// known); before any action of its own, its deal declarations; after a burial of
    /// its own, nothing sure.
    fn needs(&self, seat: usize, at: usize) -> Counts {
        let mine = |e: &Event| match e {
            Event::Bury { seat: s, .. } | Event::Steal { seat: s, .. } => *s == seat,
            Event::Pass => false,
        };
        let Some(k) = self.events[..at].iter().rposition(mine) else {
            return self.declared[seat];
        };
        let Event::Steal { cards, .. } = &self.events[k] else {
            return Counts::default();
        };
        let mut need = most(cards, &self.needs(seat, k));
        if let Some(Event::Bury {
            known: Some(taken), ..
        }) = self.events[..k]
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Bury { .. }))
        {
            need.add_all(taken);
        }
        need
    }

    /// Undoes every burial and steal from `hands` (each seat's cards now) and `table`
    /// (the burial on the table now, the kitty in the play): the hands dealt, the
    /// dealer's with the deal's kitty, and every burial's cards in order; None at a dead
    /// end (the caller samples again). A burial the seat does not know is drawn from its
    /// taker's hand, keeping the taker's steal and giving its burier what it must have held.
    pub fn unwind(
        &self,
        hands: &[Counts],
        table: Option<Counts>,
        rng: &mut Rng,
    ) -> Option<(Vec<Counts>, Vec<Counts>)> {
        let mut hands = hands.to_vec();
        let mut table = table;
        let mut burials = Vec::new();
        for (at, event) in self.events.iter().enumerate().rev() {
            match event {
                Event::Bury { seat, known } => {
                    let cards = table.take()?;
                    if known.is_some_and(|k| k != cards) {
                        return None;
                    }
                    hands[*seat].add_all(&cards);
                    burials.push(cards);
                }
                Event::Steal { seat, cards } => {
                    let (burier, known) = self.events[..at].iter().rev().find_map(|e| match e {
                        Event::Bury { seat, known } => Some((*seat, *known)),
                        _ => None,
                    })?;
                    let taken = match known {
                        Some(k) => k,
                        None => self.draw(&hands, *seat, at, burier, rng)?,
                    };
                    if !hands[*seat].contains(&taken) {
                        return None;
                    }
                    hands[*seat].remove_all(&taken);
                    if !hands[*seat].contains(cards) {
                        return None;
                    }
                    table = Some(taken);
                }
                Event::Pass => {}
            }
        }
        if table.is_some() {
            return None;
        }
        burials.reverse();
        Some((hands, burials))
    }

    /// A burial `stealer` took up at event `at`, drawn from its hand: the cards its
    /// `burier` must have held and no longer holds, then others at random, never the
    /// cards the stealer must keep (its steal, and its deal declarations before any
    /// burial of its own).
    fn draw(
        &self,
        hands: &[Counts],
        stealer: usize,
        at: usize,
        burier: usize,
        rng: &mut Rng,
    ) -> Option<Counts> {
        let burial_at = self.events[..at]
            .iter()
            .rposition(|e| matches!(e, Event::Bury { .. }))?;
        let deficit = minus(&self.needs(burier, burial_at), &hands[burier]);
        let keep = match &self.events[at] {
            Event::Steal { cards, .. } => most(cards, &self.needs(stealer, at)),
            _ => return None,
        };
        let free = minus(&hands[stealer], &keep);
        if !free.contains(&deficit) || deficit.len() > self.size {
            return None;
        }
        let mut rest = minus(&free, &deficit).to_cards();
        rng.shuffle(&mut rest);
        let mut out = deficit;
        for &c in rest.iter().take(self.size - deficit.len()) {
            out.add(c, 1);
        }
        (out.len() == self.size).then_some(out)
    }
}
