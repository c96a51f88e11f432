//! A whole hand sampled for one seat (`Game.sample_world`): the cards it cannot see dealt
//! again, a full deck order that deals them, and every phase object so far rebuilt on
//! that deck (the deals keep their answers, the burial and the call are made again, the
//! play is the determinized one), so the sample is a game like any other (C-5: a
//! scripted deck, its first seat, a seed) that a replay of its history reproduces.
//!
//! The deck keeps what the seat saw arrive: its own cards at their positions, the kitty
//! at its positions when it took it up. The other seats' cards go to their positions so
//! that each declaration or reveal was made with cards already received (TR-10..TR-12,
//! R5-10): the cards it showed at the earliest of its positions, the rest at random. The
//! declarer's cards are split at random between its deal and the kitty, keeping what it
//! declared in its deal. R5-13 (a forced declarer's trump drawn from its 2s, else the
//! kitty's) is met by ordering the hidden cards so the draw gives the trump, or, when the
//! seat saw every card the draw uses, by choosing the seed; R4-11 (the first bidder,
//! drawn from the seed) by choosing the seed.

use crate::bots::Setup;
use crate::card::{Card, Counts, Rank, Suit};
use crate::fifty_k::FkPlay;
use crate::phases::{
    Action, Burial, FriendCall, FriendCalls, Phase, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::rng::{seed_for, Rng};
use crate::trick::TrickPlay;

use super::assign::{assign, Must, Place};
use super::fifty_k::sample_fk_world;
use super::theft::Chain;
use super::trick::{sample_trick_world, Known};
use super::{distinct, TRIES};

/// The real hand's phase objects so far (a finished phase's in its final state).
#[derive(Clone, Copy, Debug)]
pub enum Real<'a> {
    Tractor(&'a TractorDeal, Option<&'a Burial>, Option<&'a TrickPlay>),
    /// With the seat of the first card (C-5; the bidding object does not keep it).
    RedFive4p(
        &'a RedFive4pBidding,
        usize,
        Option<&'a Burial>,
        Option<&'a TrickPlay>,
    ),
    RedFive5p(
        &'a RedFive5pDeal,
        Option<&'a Burial>,
        Option<&'a FriendCall>,
        Option<&'a TrickPlay>,
    ),
    /// With the seat of the first card (FK-1) and, when known, the sampling seat's cards
    /// in the order it received them (kept in the sample's deck).
    FiftyK(&'a FkPlay, usize, Option<&'a [Card]>),
    /// Finding Friends: Tractor's deal for 4 to 8 players, the burial, the friend calls
    /// (FF-20, public), the play.
    FindingFriends(
        &'a TractorDeal,
        Option<&'a Burial>,
        Option<&'a FriendCalls>,
        Option<&'a TrickPlay>,
    ),
}

/// The sampled hand's phase objects, as many as the real hand has.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // made once per sample and moved straight out
pub enum Objects {
    Tractor(TractorDeal, Option<Burial>, Option<TrickPlay>),
    RedFive4p(RedFive4pBidding, Option<Burial>, Option<TrickPlay>),
    RedFive5p(
        RedFive5pDeal,
        Option<Burial>,
        Option<FriendCall>,
        Option<TrickPlay>,
    ),
    FiftyK(FkPlay),
    FindingFriends(
        TractorDeal,
        Option<Burial>,
        Option<FriendCalls>,
        Option<TrickPlay>,
    ),
}

/// A sampled hand: the game `new_game(variant, seed, deck, first_seat)` with the real
/// history applied, and its phase objects.
#[derive(Clone, Debug)]
pub struct World {
    pub deck: Vec<Card>,
    pub first_seat: usize,
    pub seed: u64,
    pub objects: Objects,
}

/// R5-12: from a seat's 30th card on, only the 原庄 is asked.
const R5_LAST_ROUNDS_FROM: usize = 145;
const TWO: Rank = Rank::TWO;
const RED_FIVE: Card = Card::new(Rank::FIVE, Suit::HEARTS);

/// Seeds tried for a seed-drawn fact (R4-11, R5-13): each matches with probability at
/// least 1/12.
const SEEDS: u64 = 4096;

/// Where each deck position goes (C-5): position `p < dealt` to seat `(first + p) % n`,
/// the rest to the kitty.
#[derive(Clone, Copy, Debug)]
struct Layout {
    n: usize,
    first: usize,
    /// Cards dealt to the players in all.
    dealt: usize,
    len: usize,
}

impl Layout {
    fn seat(&self, p: usize) -> Option<usize> {
        (p < self.dealt).then(|| (self.first + p) % self.n)
    }

    /// The positions of `seat`'s cards among the first `upto` dealt, in deal order.
    fn positions(&self, seat: usize, upto: usize) -> impl Iterator<Item = usize> {
        let start = (seat + self.n - self.first) % self.n;
        (start..upto.min(self.dealt)).step_by(self.n)
    }
}

/// A declaration or reveal: `seat` held `copies` of `card` among its first `within` cards.
#[derive(Clone, Copy, Debug)]
struct Shown {
    seat: usize,
    within: usize,
    card: Card,
    copies: u8,
}

/// What the trick-taking variants' phases before the play tell, for one seat.
struct Hand<'a> {
    layout: Layout,
    /// The real deck.
    deck: &'a [Card],
    viewer: usize,
    /// Cards dealt to the players so far.
    dealt_now: usize,
    shown: Vec<Shown>,
    /// The declarer once it has taken up the kitty.
    taker: Option<usize>,
    burial: Option<&'a Burial>,
    call: Option<&'a FriendCall>,
    play: Option<&'a TrickPlay>,
    /// R5-13: a forced declarer's trump.
    forced: Option<Suit>,
    full: Counts,
    /// The hand is over (played out or abandoned): the burial is public (C-4).
    over: bool,
}

impl Hand<'_> {
    fn known(&self, forbid_grab: bool) -> Known {
        let n = self.layout.n;
        let mut holds = vec![Counts::default(); n];
        for s in &self.shown {
            let h = &mut holds[s.seat];
            if h.get(s.card) < s.copies {
                h.0[s.card.index()] = s.copies;
            }
        }
        let mut lacks = vec![Counts::default(); n];
        if let (Some(trump), Some(d)) = (self.forced, self.taker) {
            if d != self.viewer {
                let two = Card::new(TWO, trump);
                if self.unseen(two) > 0 {
                    holds[d].add(two, 1); // R5-13: a 2 of trump in its deal or the kitty
                } else {
                    for s in Suit::ALL {
                        lacks[d].add(Card::new(TWO, s), 1); // R5-13: no 2 at all
                    }
                }
            }
        }
        // C-4: the burial on the table (the kitty in the play) is its burier's, TRO-112.
        let kitty = match self
            .burial
            .and_then(|b| b.buried().map(|c| (b.burier(), c)))
        {
            Some((s, b)) if s == self.viewer || self.over => Some(Counts::from_cards(b)),
            _ => None,
        };
        let among = match self.chain() {
            Some(chain) => {
                holds = vec![Counts::default(); n]; // TRO-112: among their places instead
                chain.among()
            }
            None => Vec::new(),
        };
        let call = self.call.and_then(|f| match f.called() {
            Some(Action::Call(c)) => Some(*c),
            _ => None,
        });
        Known {
            holds,
            lacks,
            kitty,
            call,
            forbid_grab,
            among,
        }
    }

    /// TRO-112: the burials and steals as the seat knows them, when the kitty may be
    /// stolen.
    fn chain(&self) -> Option<Chain> {
        let b = self.burial.filter(|b| b.theft().is_some())?;
        let mut declared = vec![Counts::default(); self.layout.n];
        for x in &self.shown {
            let d = &mut declared[x.seat];
            d.0[x.card.index()] = d.get(x.card).max(x.copies);
        }
        Some(Chain::of(b, declared, self.viewer, self.over))
    }

    /// Copies of `card` that might be with the declarer: not in the seat's hand or
    /// played by the others.
    fn unseen(&self, card: Card) -> u8 {
        let d = self.taker.expect("a declarer");
        let mut seen = self.hand_now(self.viewer);
        if let Some(play) = self.play {
            for t in play.tricks() {
                for p in t.plays.iter().filter(|p| p.seat != d) {
                    seen.add_all(&Counts::from_cards(&p.cards));
                }
            }
            for (_, c) in play.trick_counts().filter(|(s, _)| *s != d) {
                seen.add_all(c);
            }
        }
        self.full.get(card).saturating_sub(seen.get(card))
    }

    /// A seat's cards now (in the current phase object).
    fn hand_now(&self, seat: usize) -> Counts {
        if let Some(play) = self.play {
            return *play.hand(seat);
        }
        if let Some(call) = self.call {
            return call.hands()[seat];
        }
        if let Some(b) = self.burial {
            return b.hands()[seat];
        }
        self.deal_hands()[seat]
    }

    fn deal_hands(&self) -> Vec<Counts> {
        let mut hands = vec![Counts::default(); self.layout.n];
        for p in 0..self.dealt_now {
            hands[self.layout.seat(p).expect("dealt")].add(self.deck[p], 1);
        }
        hands
    }
}

/// The cards of one sample: each seat's dealt cards (the declarer's with the kitty once
/// it took it up), the hidden rest (undealt cards and a kitty not taken yet), and the
/// play replayed on them.
struct Holdings {
    dealt: Vec<Counts>,
    rest: Counts,
    /// Once a burial is made (under TRO-112 also while a stealer buries anew): every
    /// hand after the last one, and the play replayed on them.
    start: Option<Vec<Counts>>,
    /// The cards of every burial in order, when the seat does not know them all (C-4:
    /// hidden from all but the burier and, under TRO-112, the seat that stole it).
    burials: Option<Vec<Counts>>,
    play: Option<TrickPlay>,
}

/// Deals `shown` copies into `seat`'s deal positions (`slots`, in deal order) at the
/// earliest positions each needs, then the rest of `cards` at random; None if it cannot.
fn order_seat(
    cards: &Counts,
    slots: &[usize],
    needs: &[(usize, Card, u8)],
    rng: &mut Rng,
) -> Option<Vec<Card>> {
    let mut out: Vec<Option<Card>> = vec![None; slots.len()];
    let mut left = *cards;
    let mut needs = needs.to_vec();
    needs.sort_by_key(|n| n.0);
    for (within, card, copies) in needs {
        let mut have = out[..within.min(out.len())]
            .iter()
            .filter(|&&c| c == Some(card))
            .count() as u8;
        while have < copies {
            let i = out[..within.min(out.len())]
                .iter()
                .position(|c| c.is_none())?;
            if left.get(card) == 0 {
                return None;
            }
            out[i] = Some(card);
            left.remove(card, 1);
            have += 1;
        }
    }
    let mut rest = left.to_cards();
    if rest.len() != out.iter().filter(|c| c.is_none()).count() {
        return None;
    }
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    Some(
        out.into_iter()
            .map(|c| c.or_else(|| rest.next()).expect("sized"))
            .collect(),
    )
}

/// R5-13's draw as the deal makes it: the positions it draws a trump from (the 原庄's 2s
/// in deal order, else the kitty's 2s, else the kitty's cards that are not jokers or
/// 5h), mirrored so a sample can order them; the replay checks the trump they give.
fn forced_candidates(deck: &[Card], layout: &Layout, prev: usize) -> Vec<usize> {
    let is_two = |p: &usize| deck[*p].rank() == Some(TWO);
    let own: Vec<usize> = layout
        .positions(prev, layout.dealt)
        .filter(is_two)
        .collect();
    if !own.is_empty() {
        return own;
    }
    let kitty = layout.dealt..layout.len;
    let twos: Vec<usize> = kitty.clone().filter(is_two).collect();
    if !twos.is_empty() {
        return twos;
    }
    kitty
        .filter(|&p| !deck[p].is_joker() && deck[p] != RED_FIVE)
        .collect()
}

/// Whether R5-13's draw with `seed` from `deck` gives `trump`.
fn draws(deck: &[Card], layout: &Layout, prev: usize, seed: u64, trump: Suit) -> bool {
    let at = forced_candidates(deck, layout, prev);
    if at.is_empty() {
        return trump == Suit::DIAMONDS;
    }
    let pick = Rng::new(seed).below(at.len() as u64) as usize;
    deck[at[pick]].suit() == Some(trump)
}

/// Applies `log` to `phase`, each action by its seat; None if one is refused.
fn replay_log<P: Phase>(phase: &mut P, log: &[(usize, Action)]) -> Option<()> {
    for (seat, action) in log {
        phase.apply(*seat as i64, action).ok()?;
    }
    Some(())
}

impl<'a> Hand<'a> {
    fn of(real: &Real<'a>, viewer: usize, over: bool) -> Hand<'a> {
        let (layout, deck, dealt_now, burial, call, play) = match *real {
            Real::Tractor(d, b, p) => {
                let layout = Layout {
                    n: 4,
                    first: d.first_seat(),
                    dealt: d.deck().len() - d.kitty_size(),
                    len: d.deck().len(),
                };
                (layout, d.deck(), d.cards_dealt(), b, None, p)
            }
            Real::RedFive4p(d, first, b, p) => {
                let len = d.deck().len();
                let layout = Layout {
                    n: 4,
                    first,
                    dealt: len - d.kitty_size(),
                    len,
                };
                (layout, d.deck(), layout.dealt, b, None, p)
            }
            Real::RedFive5p(d, b, f, p) => {
                let layout = Layout {
                    n: 5,
                    first: d.first_seat(),
                    dealt: d.deck().len() - d.kitty_size(),
                    len: d.deck().len(),
                };
                (layout, d.deck(), d.cards_dealt(), b, f, p)
            }
            Real::FindingFriends(d, b, _, p) => {
                // FF-20: the calls change no hand; the burial's hands are theirs.
                let layout = Layout {
                    n: d.num_players(),
                    first: d.first_seat(),
                    dealt: d.deck().len() - d.kitty_size(),
                    len: d.deck().len(),
                };
                (layout, d.deck(), d.cards_dealt(), b, None, p)
            }
            Real::FiftyK(..) => unreachable!("Fifty-K has no kitty or declarations"),
        };
        let mut hand = Hand {
            layout,
            deck,
            viewer,
            dealt_now,
            shown: Vec::new(),
            taker: burial.map(|b| b.declarer()),
            burial,
            call,
            play,
            forced: None,
            full: Counts::from_cards(deck),
            over: over || play.is_some_and(|p| p.is_done()),
        };
        match *real {
            Real::Tractor(d, ..) | Real::FindingFriends(d, ..) => {
                // TR-12, FF-12: every card dealt asks its receiver once, then the final round.
                for (i, (seat, action)) in d.log().iter().enumerate() {
                    if let Action::Declare(cards) = action {
                        hand.show(
                            *seat,
                            (i + 1).min(layout.dealt),
                            cards[0],
                            cards.len() as u8,
                        );
                    }
                }
            }
            Real::RedFive5p(d, ..) => {
                if let Some((seat, two)) = d.reveal() {
                    hand.show(
                        seat,
                        hand.r5_asked(d.prev_declarer(), d.log().len()),
                        two,
                        1,
                    );
                }
                if d.forced() {
                    hand.forced = d.rules().and_then(|r| r.trump);
                }
            }
            _ => {}
        }
        hand
    }

    /// `seat` showed `copies` of `card` when `dealt` cards were dealt (TR-10, R5-10).
    fn show(&mut self, seat: usize, dealt: usize, card: Card, copies: u8) {
        let within = self.layout.positions(seat, dealt).count();
        self.shown.push(Shown {
            seat,
            within,
            card,
            copies,
        });
    }

    /// R5-10, R5-12: the cards dealt when the `answers`-th question was asked: every
    /// receiver is asked until a seat's 30th card, then only the 原庄.
    fn r5_asked(&self, prev: usize, answers: usize) -> usize {
        let mut asked = 0;
        for k in 1..=self.layout.dealt {
            if k <= R5_LAST_ROUNDS_FROM || self.layout.seat(k - 1) == Some(prev) {
                asked += 1;
                if asked == answers {
                    return k;
                }
            }
        }
        self.layout.dealt
    }

    /// Samples every seat's cards: in the play (or once the burial is made) with the
    /// play's determinizer, before it with a constrained random deal of the hidden cards.
    fn holdings(&self, known: &Known, rng: &mut Rng) -> Option<Holdings> {
        let buried = self.burial.is_some_and(|b| b.buried().is_some());
        if let (true, Some(d)) = (buried, self.taker) {
            let fresh;
            let play = match self.play {
                Some(p) => p,
                None => {
                    let b = self.burial.expect("buried");
                    let hands = self.call.map_or(b.hands(), |c| c.hands());
                    fresh = TrickPlay::new(b.rules().clone(), hands.to_vec(), d).ok()?;
                    &fresh
                }
            };
            let world = sample_trick_world(play, self.viewer, known, rng);
            let play = self.play.map(|_| world.play);
            let (dealt, burials) = match self.chain() {
                Some(chain) => {
                    let (dealt, burials) = chain.unwind(&world.start, Some(world.kitty), rng)?;
                    (dealt, Some(burials))
                }
                None => {
                    let mut dealt = world.start.clone();
                    dealt[d].add_all(&world.kitty);
                    (dealt, known.kitty.is_none().then(|| vec![world.kitty]))
                }
            };
            return Some(Holdings {
                dealt,
                rest: Counts::default(),
                start: Some(world.start),
                burials,
                play,
            });
        }
        let n = self.layout.n;
        let now: Vec<Counts> = (0..n).map(|s| self.hand_now(s)).collect();
        let mut pool = self.full;
        pool.remove_all(&now[self.viewer]);
        let others: Vec<usize> = (0..n).filter(|&s| s != self.viewer).collect();
        let mut places: Vec<Place> = others
            .iter()
            .map(|&s| {
                let mut place = Place::open(now[s].len());
                if let Some(lacks) = known.lacks.get(s) {
                    distinct(lacks).for_each(|c| place.limit(c, 0));
                }
                place
            })
            .collect();
        let in_hands: usize = places.iter().map(|p| p.room).sum();
        places.push(Place::open(pool.len() - in_hands));
        let mut musts = Vec::new();
        for (i, &s) in others.iter().enumerate() {
            for c in distinct(&known.holds[s]) {
                musts.push(Must {
                    places: 1 << i,
                    card: c,
                    copies: known.holds[s].get(c),
                });
            }
        }
        // TRO-112: while a stealer buries, no burial is on the table.
        for (seats, cards) in &known.among {
            let mask = others
                .iter()
                .enumerate()
                .filter(|(_, &s)| seats & (1 << s) != 0)
                .fold(0, |m, (i, _)| m | 1 << i);
            let mine = if seats & (1 << self.viewer) != 0 {
                now[self.viewer]
            } else {
                Counts::default()
            };
            for c in distinct(cards) {
                let copies = cards.get(c).saturating_sub(mine.get(c));
                if copies > 0 {
                    musts.push(Must {
                        places: mask,
                        card: c,
                        copies,
                    });
                }
            }
        }
        let mut out = assign(&pool, &places, &musts, rng)?;
        let rest = out.pop().expect("the hidden rest");
        let mut dealt = now;
        for (&s, cards) in others.iter().zip(out) {
            dealt[s] = cards;
        }
        let (start, burials) = match self.chain() {
            Some(chain) => {
                let (initial, burials) = chain.unwind(&dealt, None, rng)?;
                (Some(std::mem::replace(&mut dealt, initial)), Some(burials))
            }
            None => (None, None),
        };
        Some(Holdings {
            dealt,
            rest,
            start,
            burials,
            play: None,
        })
    }

    /// The real hand's cards as holdings (the fallback).
    fn real_holdings(&self) -> Holdings {
        let l = self.layout;
        let mut dealt = vec![Counts::default(); l.n];
        for p in 0..self.dealt_now {
            dealt[l.seat(p).expect("dealt")].add(self.deck[p], 1);
        }
        let mut rest = Counts::from_cards(&self.deck[self.dealt_now..l.dealt]);
        match self.taker {
            Some(d) => dealt[d].add_all(&Counts::from_cards(&self.deck[l.dealt..])),
            None => rest.add_all(&Counts::from_cards(&self.deck[l.dealt..])),
        }
        let buried = self.burial.filter(|b| b.buried().is_some());
        Holdings {
            dealt,
            rest,
            start: buried.map(|b| self.call.map_or(b.hands(), |c| c.hands()).to_vec()),
            burials: None,
            play: self.play.cloned(),
        }
    }

    /// Takes the kitty out of the declarer's `cards`: what it declared stays in its deal;
    /// R5-13, a 2 of trump stays in its deal, or without any 2 a card of the trump suit
    /// goes to the kitty; the rest at random.
    fn split(&self, d: usize, cards: &mut Counts, rng: &mut Rng) -> Option<Counts> {
        let size = self.layout.len - self.layout.dealt;
        let mut keep = Counts::default();
        for x in self.shown.iter().filter(|x| x.seat == d) {
            keep.0[x.card.index()] = keep.get(x.card).max(x.copies);
        }
        let mut put = Counts::default();
        if let Some(trump) = self.forced {
            let two = Card::new(TWO, trump);
            if cards.get(two) > 0 {
                keep.0[two.index()] = keep.get(two).max(1);
            } else {
                let plain: Vec<Card> = distinct(cards)
                    .filter(|&c| c.suit() == Some(trump) && c != RED_FIVE)
                    .collect();
                if !plain.is_empty() {
                    put.add(plain[rng.below(plain.len() as u64) as usize], 1);
                }
            }
        }
        let mut fixed = keep;
        fixed.add_all(&put);
        if !cards.contains(&fixed) {
            return None;
        }
        let mut free = *cards;
        free.remove_all(&fixed);
        let mut free = free.to_cards();
        rng.shuffle(&mut free);
        let mut kitty = put;
        for &c in free.iter().take(size.checked_sub(put.len())?) {
            kitty.add(c, 1);
        }
        if kitty.len() != size {
            return None;
        }
        cards.remove_all(&kitty);
        Some(kitty)
    }

    /// A full deck order dealing `h`: the seat's own cards (and the kitty it took up)
    /// where it saw them, each other seat's cards at its positions with what it showed
    /// early enough, the declarer's kitty and the hidden rest at random.
    fn deck(&self, h: &Holdings, rng: &mut Rng) -> Option<Vec<Card>> {
        let l = self.layout;
        let mut deck: Vec<Option<Card>> = vec![None; l.len];
        for p in l.positions(self.viewer, self.dealt_now) {
            deck[p] = Some(self.deck[p]);
        }
        if self.taker == Some(self.viewer) {
            for (p, slot) in deck.iter_mut().enumerate().skip(l.dealt) {
                *slot = Some(self.deck[p]);
            }
        }
        for s in (0..l.n).filter(|&s| s != self.viewer) {
            let mut cards = h.dealt[s];
            if self.taker == Some(s) {
                let mut kitty = self.split(s, &mut cards, rng)?.to_cards();
                rng.shuffle(&mut kitty);
                for (slot, c) in deck[l.dealt..].iter_mut().zip(kitty) {
                    *slot = Some(c);
                }
            }
            let slots: Vec<usize> = l.positions(s, self.dealt_now).collect();
            let needs: Vec<(usize, Card, u8)> = self
                .shown
                .iter()
                .filter(|x| x.seat == s)
                .map(|x| (x.within, x.card, x.copies))
                .collect();
            for (p, c) in slots.iter().zip(order_seat(&cards, &slots, &needs, rng)?) {
                deck[*p] = Some(c);
            }
        }
        let mut rest = h.rest.to_cards();
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        for slot in deck.iter_mut().filter(|c| c.is_none()) {
            *slot = rest.next();
        }
        if rest.next().is_some() {
            return None;
        }
        deck.into_iter().collect()
    }

    /// The sample's seed, and R5-13's draw arranged: R4-11's first bidder and a trump
    /// drawn from cards the seat saw are met by choosing the seed; a trump drawn from
    /// hidden cards by swapping a card of the trump suit into the drawn place.
    fn seed(&self, real: &Real, deck: &mut [Card], base: u64, arrange: bool) -> Option<u64> {
        let first = seed_for(&[base, 0]);
        match *real {
            Real::RedFive4p(b, ..) => {
                search(base, |s| Rng::new(s).below(4) as usize == b.first_bidder())
            }
            Real::RedFive5p(..) => {
                let (Some(trump), Some(prev)) = (self.forced, self.taker) else {
                    return Some(first);
                };
                if prev == self.viewer || !arrange {
                    return search(base, |s| draws(deck, &self.layout, prev, s, trump));
                }
                let at = forced_candidates(deck, &self.layout, prev);
                if at.is_empty() {
                    return (trump == Suit::DIAMONDS).then_some(first);
                }
                let pick = at[Rng::new(first).below(at.len() as u64) as usize];
                if deck[pick].suit() != Some(trump) {
                    let q = *at.iter().find(|&&q| deck[q].suit() == Some(trump))?;
                    deck.swap(pick, q);
                }
                Some(first)
            }
            _ => Some(first),
        }
    }
}

/// What `seat` knows from the phases before the play of `real`: the [`Known`] that
/// [`super::sample_trick_play`] takes (declarations, the reveal, R5-13, the burial for its
/// burier, the call).
pub fn known_for(real: &Real, setup: &Setup, seat: usize) -> Known {
    let forbid = matches!(
        setup,
        Setup::RedFive5p {
            forbid_grab: true,
            ..
        }
    );
    Hand::of(real, seat, false).known(forbid)
}

/// The first of the seeds `seed_for([base, i])` that `ok` accepts.
fn search(base: u64, ok: impl Fn(u64) -> bool) -> Option<u64> {
    (0..SEEDS).map(|i| seed_for(&[base, i])).find(|&s| ok(s))
}

/// The sample's burial after its deal: the real burial's log replayed, or the sampled
/// burial when the seat did not make it (C-4: the history shows it only to the burier);
/// None unless the hands after it are the ones the play was sampled from.
fn after_deal(
    burial: Option<Burial>,
    real: Option<&Burial>,
    h: &Holdings,
) -> Option<Option<Burial>> {
    let (Some(mut b), Some(real)) = (burial, real) else {
        return Some(None);
    };
    match &h.burials {
        Some(burials) => {
            // Each burial with the sampled cards, every other action as it was.
            let mut sampled = burials.iter();
            for (seat, action) in real.log() {
                let action = match action {
                    Action::Bury(_) => Action::Bury(b.rules().sorted(sampled.next()?)),
                    _ => action.clone(),
                };
                b.apply(*seat as i64, &action).ok()?;
            }
        }
        None => replay_log(&mut b, real.log())?,
    }
    if h.start.as_ref().is_some_and(|s| s.as_slice() != b.hands()) {
        return None;
    }
    Some(Some(b))
}

/// Every phase object of the real hand dealt again from `deck` (seed `seed`), when the
/// seat cannot tell the result from the real hand; None otherwise. The deals keep their
/// answers (`redealt`), the burial and the call are made again, the play is the
/// determinized one.
fn rebuild(
    real: &Real,
    setup: &Setup,
    deck: &[Card],
    first: usize,
    seed: u64,
    viewer: usize,
    mut h: Holdings,
) -> Option<Objects> {
    let play = h.play.take();
    match *real {
        Real::Tractor(d, b, p) => {
            let deal = d.redealt(deck.to_vec())?;
            let burial = after_deal(b.map(|_| deal.burial()).transpose().ok()?, b, &h)?;
            Some(Objects::Tractor(deal, burial, p.and(play)))
        }
        Real::RedFive4p(d, _, b, p) => {
            let bidding = d.redealt(deck.to_vec(), first)?;
            let burial = after_deal(b.map(|_| bidding.burial()).transpose().ok()?, b, &h)?;
            Some(Objects::RedFive4p(bidding, burial, p.and(play)))
        }
        Real::RedFive5p(d, b, f, p) => {
            let forbid = matches!(
                setup,
                Setup::RedFive5p {
                    forbid_grab: true,
                    ..
                }
            );
            let deal = d.redealt(deck.to_vec(), seed)?;
            let burial = after_deal(b.map(|_| deal.burial()).transpose().ok()?, b, &h)?;
            let call = match (f, &burial) {
                (Some(f), Some(b)) => {
                    let mut call = b.friend_call(forbid).ok()?;
                    replay_log(&mut call, f.log())?;
                    // R5-21: a solo by owning every copy is the declarer's until the end.
                    let sees = viewer == call.declarer() || p.is_some_and(|p| p.is_done());
                    if sees && call.solo() != f.solo() {
                        return None;
                    }
                    Some(call)
                }
                _ => None,
            };
            Some(Objects::RedFive5p(deal, burial, call, p.and(play)))
        }
        Real::FindingFriends(d, b, c, p) => {
            let deal = d.redealt(deck.to_vec())?;
            let burial = after_deal(b.map(|_| deal.burial()).transpose().ok()?, b, &h)?;
            let calls = match (c, &burial) {
                (Some(c), Some(b)) => {
                    // FF-22: the calls are public; made again on the sampled burial.
                    let mut calls = b
                        .friend_calls(c.friends(), c.restriction(), c.double_join())
                        .ok()?;
                    replay_log(&mut calls, c.log())?;
                    Some(calls)
                }
                _ => None,
            };
            Some(Objects::FindingFriends(deal, burial, calls, p.and(play)))
        }
        Real::FiftyK(..) => None,
    }
}

/// A Fifty-K sample: the determinized play, each seat's cards at its positions (FK-1):
/// the sampling seat's in the order it received them when `received` gives it, the
/// others' at random.
fn fifty_k_world(
    play: &FkPlay,
    first: usize,
    received: Option<&[Card]>,
    seat: usize,
    seed: u64,
) -> World {
    let mut rng = Rng::new(seed);
    let world = sample_fk_world(play, seat, None, &mut rng);
    let n = play.num_players();
    let layout = Layout {
        n,
        first,
        dealt: 52,
        len: 52,
    };
    let mut deck = vec![Card(0); 52];
    for (s, cards) in world.start.iter().enumerate() {
        let own = received.filter(|r| s == seat && Counts::from_cards(r) == *cards);
        let cards = own.map_or_else(
            || {
                let mut cards = cards.to_cards();
                rng.shuffle(&mut cards);
                cards
            },
            <[Card]>::to_vec,
        );
        for (p, c) in layout.positions(s, 52).zip(cards) {
            deck[p] = c;
        }
    }
    World {
        deck,
        first_seat: first,
        seed: seed_for(&[seed, 0]),
        objects: Objects::FiftyK(world.play),
    }
}

/// `Game.sample_world`: the hand `real` (with the options `setup`; `over` when it was
/// abandoned, which makes the burial public) as `seat` might see it played from another deal (see the module docs and [`super`] for the distribution):
/// constrained random deals, each replayed and kept only when `seat` cannot tell it from
/// the real hand, at most [`TRIES`]; then the real deal itself, with a seed of its own.
/// Deterministic for `seed`.
pub fn sample_world(real: &Real, setup: &Setup, seat: usize, over: bool, seed: u64) -> World {
    sample_world_tries(real, setup, seat, over, seed, TRIES)
}

/// [`sample_world`] with at most `tries` constrained deals before the real one.
pub(crate) fn sample_world_tries(
    real: &Real,
    setup: &Setup,
    seat: usize,
    over: bool,
    seed: u64,
    tries: usize,
) -> World {
    if let Real::FiftyK(play, first, received) = *real {
        return fifty_k_world(play, first, received, seat, seed);
    }
    let hand = Hand::of(real, seat, over);
    let forbid = matches!(
        setup,
        Setup::RedFive5p {
            forbid_grab: true,
            ..
        }
    );
    let known = hand.known(forbid);
    let mut rng = Rng::new(seed);
    let first = hand.layout.first;
    for _ in 0..tries {
        let Some(h) = hand.holdings(&known, &mut rng) else {
            continue;
        };
        let Some(mut deck) = hand.deck(&h, &mut rng) else {
            continue;
        };
        let Some(game_seed) = hand.seed(real, &mut deck, seed, true) else {
            continue;
        };
        if let Some(objects) = rebuild(real, setup, &deck, first, game_seed, seat, h) {
            return World {
                deck,
                first_seat: first,
                seed: game_seed,
                objects,
            };
        }
    }
    let mut deck = hand.deck.to_vec();
    let game_seed = hand
        .seed(real, &mut deck, seed, false)
        .expect("the real draw has a seed");
    let objects = rebuild(
        real,
        setup,
        &deck,
        first,
        game_seed,
        seat,
        hand.real_holdings(),
    )
    .expect("the real deal replays its own history");
    World {
        deck,
        first_seat: first,
        seed: game_seed,
        objects,
    }
}
