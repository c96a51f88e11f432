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
                    // C-4: the kitty on the table once the hand is over; not a burial
                    // a stealer took up before the hand was abandoned (TRO-112).
                    let public = over && Some(i) == last_bury && taker.is_none();
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
                    let burial_at = self.events[..at]
                        .iter()
                        .rposition(|e| matches!(e, Event::Bury { .. }))?;
                    let taken = match self.events[burial_at] {
                        Event::Bury { known: Some(k), .. } => k,
                        _ => self.draw(&hands, at, burial_at, rng)?,
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

    /// The burial of event `burial_at` that the steal of event `at` took up, drawn from
    /// the stealer's hand: the cards its burier must have held and no longer holds, then
    /// others at random, never the cards the stealer must keep (its steal, and its deal
    /// declarations before any burial of its own).
    fn draw(&self, hands: &[Counts], at: usize, burial_at: usize, rng: &mut Rng) -> Option<Counts> {
        let (
            Event::Steal {
                seat: stealer,
                cards,
            },
            Event::Bury { seat: burier, .. },
        ) = (&self.events[at], &self.events[burial_at])
        else {
            return None;
        };
        let (stealer, burier) = (*stealer, *burier);
        let deficit = minus(&self.needs(burier, burial_at), &hands[burier]);
        let keep = most(cards, &self.needs(stealer, at));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::phases::{parse_action, KittyTheft, TractorHouse};
    use crate::trick::{Options, TrickRules, Variant};

    fn cards(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    /// Dealer 0 declared 2s and buries 3c 4c; seat 1 steals with 2h 2h, takes them up and
    /// buries 3c 6d; seats 2, 3 and 0 pass. Burials of two cards.
    fn stolen() -> Burial {
        let v = Variant::Tractor;
        let rules = TrickRules::new(v, Some(Suit::SPADES), Rank::TWO, Options::defaults(v));
        let hands = ["2s 3c 4c 5c", "2h 2h 6d 7d", "8d 9d", "Td Jd"].map(cards);
        let house = TractorHouse {
            kitty_theft: KittyTheft::Allowed,
            ..TractorHouse::default()
        };
        let mut b = Burial::new(rules.unwrap(), hands.to_vec(), 0, 2)
            .unwrap()
            .with_house(house)
            .with_theft(Rank::TWO, Some((0, parse_cards("2s").unwrap())));
        for (seat, text) in [
            (0, "bury 3c 4c"),
            (1, "declare 2h 2h"),
            (1, "bury 3c 6d"),
            (2, "pass"),
            (3, "pass"),
            (0, "pass"),
        ] {
            b.apply(seat, &parse_action(text).unwrap()).unwrap();
        }
        assert_eq!(b.to_act(), None);
        b
    }

    fn chain(b: &Burial, viewer: usize) -> Chain {
        let mut declared = vec![Counts::default(); 4];
        declared[0] = cards("2s");
        Chain::of(b, declared, viewer, false)
    }

    #[test]
    fn tro_112_the_steal_and_the_burials_a_seat_knows_are_among_their_places() {
        let b = stolen();
        let seat = |s: usize| 1u32 << s;
        // The dealer: its 2s is with it, with the stealer or in the kitty; after burying
        // 3c 4c it kept the 2s; the stealer held 2h 2h and the 3c 4c it took up; those
        // are with it or in the kitty.
        let among = chain(&b, 0).among();
        assert_eq!(
            among,
            [
                (seat(0) | seat(1) | KITTY, cards("2s")),
                (seat(0), cards("2s")),
                (seat(1) | KITTY, cards("3c 4c")),
                (seat(1) | KITTY, cards("2h 2h 3c 4c")),
            ]
        );
        // Seat 2 knows neither burial: the declarations only.
        assert_eq!(
            chain(&b, 2).among(),
            [
                (seat(0) | seat(1) | KITTY, cards("2s")),
                (seat(1) | KITTY, cards("2h 2h")),
            ]
        );
    }

    #[test]
    fn tro_112_unwinding_gives_the_hands_dealt_and_every_burial() {
        let b = stolen();
        let now = b.hands().to_vec();
        let table = Some(cards("3c 6d"));
        let mut rng = Rng::new(1);
        // The dealer knows its burial; the stealer's it must draw.
        let (dealt, burials) = chain(&b, 0).unwind(&now, table, &mut rng).unwrap();
        assert_eq!(dealt[0], cards("2s 3c 4c 5c"));
        assert_eq!(dealt[1], cards("2h 2h 6d 7d"));
        assert_eq!(burials, [cards("3c 4c"), cards("3c 6d")]);
        // The stealer knows both: a kitty that is not its burial is a dead end.
        assert!(chain(&b, 1)
            .unwind(&now, Some(cards("6d 7d")), &mut rng)
            .is_none());
        // Seat 2 knows neither: the dealer's burial is drawn from the stealer's hand, never
        // its steal, and gives back the 2s the dealer declared when the sample put it
        // with the stealer.
        let moved = ["5c 7d", "2h 2h 4c 2s", "8d 9d", "Td Jd"].map(cards);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            let (dealt, burials) = chain(&b, 2)
                .unwind(&moved, table, &mut Rng::new(seed))
                .unwrap();
            assert!(burials[0].contains(&cards("2s")) && burials[0].len() == 2);
            assert!(dealt[0].contains(&cards("2s")) && dealt[1].contains(&cards("2h 2h")));
            assert_eq!(burials[1], cards("3c 6d"));
            seen.insert(format!("{:?}", burials[0]));
        }
        assert_eq!(seen.len(), 3, "2s with each of 4c 3c 6d: {seen:?}");
    }
}
