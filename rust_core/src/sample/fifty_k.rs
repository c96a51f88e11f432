//! The Fifty-K determinizer, of one deck and of several (FKO-20..FKO-35): the same
//! position with the cards the seat cannot see dealt again among the other hands. A pass
//! tells nothing (a player may pass whatever it holds, FK-30), so the only facts are the
//! hand sizes, the cards played, a 3h in the first leader's hand (FK-2, FKO-24) and, once
//! the hand is over, the point cards left in each hand (FK-41, FK-51, FKO-31): the deal
//! is uniform over the consistent ones. After a tribute (FKO-42..FKO-48) the hands
//! sampled are those the exchange left, and they keep what the seat knows of it
//! (`fifty_k_tribute.rs`): the card given is the receiver's (or the giver's again,
//! returned), the card returned is the giver's where the seat saw it, the giver held
//! nothing above the card given (FKO-44) and was not exempt, or held every copy of the
//! top card if exempt (FKO-45); the giver leads (FKO-47) whoever holds the 3h.

use crate::card::{Card, Counts, Rank, Suit};
use crate::fifty_k::tribute::FkTribute;
use crate::fifty_k::{CardSet, FkAction, FkPlay};
use crate::phases::fifty_k_full_deck;
use crate::rng::Rng;

use super::assign::{assign, Must, Place};
use super::fifty_k_tribute::{draw_returned, tribute_musts, Seen};
use super::trick::{swap_proposal, SWAPS};
use super::TRIES;

/// FK-2, FKO-24: the card whose holder leads first (the first one dealt, with several
/// decks).
const THREE_H: Card = Card::new(Rank::THREE, Suit::HEARTS);

fn counts(set: CardSet) -> Counts {
    Counts::from_cards(&set.cards())
}

fn set(counts: &Counts) -> CardSet {
    CardSet::from_cards(&counts.to_cards()).expect("one deck's cards")
}

/// The play of a Fifty-K hand as its determinizer reads it: one deck's ([`FkPlay`]) or
/// several decks' (`PilePlay`, FKO-20).
pub(super) trait FkHands: Clone {
    fn seats(&self) -> usize;
    /// FKO-20: the number of decks.
    fn decks(&self) -> u8;
    /// Every card of the game (FK-1, FKO-22).
    fn deck(&self) -> Vec<Card>;
    /// The cards `seat` holds now.
    fn held(&self, seat: usize) -> Counts;
    /// The cards each seat has played so far.
    fn played(&self) -> Vec<Counts>;
    /// The seat that acted first, or is to act when none has.
    fn first_actor(&self) -> usize;
    fn over(&self) -> bool;
    /// The actions so far replayed on the hands `start`, `leader` leading; None if one
    /// is refused.
    fn replay(&self, start: &[Counts], leader: usize) -> Option<Self>;
}

impl FkHands for FkPlay {
    fn seats(&self) -> usize {
        self.num_players()
    }

    fn decks(&self) -> u8 {
        1
    }

    fn deck(&self) -> Vec<Card> {
        fifty_k_full_deck()
    }

    fn held(&self, seat: usize) -> Counts {
        counts(self.hand(seat))
    }

    fn played(&self) -> Vec<Counts> {
        let mut played = vec![Counts::default(); self.num_players()];
        for (s, action) in self.log() {
            if let FkAction::Play(combo) = action {
                played[*s].add_all(&counts(combo.cards));
            }
        }
        played
    }

    fn first_actor(&self) -> usize {
        first_leader(self)
    }

    fn over(&self) -> bool {
        self.is_done()
    }

    fn replay(&self, start: &[Counts], leader: usize) -> Option<FkPlay> {
        let hands = start.iter().map(set).collect();
        let mut p = FkPlay::new(hands, leader, self.rules()).ok()?;
        for (s, action) in self.log() {
            p.apply(*s, *action).ok()?;
        }
        Some(p)
    }
}

/// A sampled Fifty-K play with every hand as dealt (after the tribute, when the hand
/// had one).
#[derive(Clone, Debug)]
pub struct FkWorld<P = FkPlay> {
    pub play: P,
    pub start: Vec<Counts>,
}

/// FK-2: the seat that led first (the holder of 3h).
pub fn first_leader(play: &FkPlay) -> usize {
    play.log()
        .first()
        .map(|(s, _)| *s)
        .or(play.to_act())
        .expect("a hand that has not begun has a seat to act")
}

/// The sampled world of `play` for `seat` (after `tribute`, when the hand had one): a
/// uniform deal of the unseen cards, the known ones kept with their seats, replayed.
pub fn sample_fk_world(
    play: &FkPlay,
    seat: usize,
    tribute: Option<&FkTribute>,
    rng: &mut Rng,
) -> FkWorld {
    sample_hands(play, seat, tribute, rng)
}

/// The determinizer of one deck or several (see the module docs).
pub(super) fn sample_hands<P: FkHands>(
    play: &P,
    seat: usize,
    tribute: Option<&FkTribute>,
    rng: &mut Rng,
) -> FkWorld<P> {
    let position = Position::new(play, seat, tribute);
    let (played, known, others, seen) = (
        &position.played,
        &position.known,
        &position.others,
        position.seen,
    );
    let mut pool = Counts::from_cards(&play.deck());
    known.iter().for_each(|c| pool.remove_all(c));
    let places: Vec<Place> = others
        .iter()
        .map(|&s| Place::open(play.held(s).len() - position.fixed[s].len()))
        .collect();
    let mut musts = Vec::new();
    let place = |s: usize| others.iter().position(|&o| o == s);
    // FKO-47: after a tribute the giver leads, whoever holds the 3h.
    if let Some(i) = place(position.leader).filter(|_| !position.paid) {
        if known[position.leader].get(THREE_H) == 0 && pool.get(THREE_H) > 0 {
            musts.push(Must {
                places: 1 << i,
                card: THREE_H,
                copies: 1,
            });
        }
    }
    for _ in 0..TRIES {
        let (mut places, mut musts) = (places.clone(), musts.clone());
        if let Some(seen) = &seen {
            let returned = seen
                .returned
                .or_else(|| draw_returned(seen, played, &pool, rng));
            tribute_musts(
                seen,
                returned,
                &pool,
                known,
                &place,
                &mut places,
                &mut musts,
            );
        }
        let Some(dealt) = assign(&pool, &places, &musts, rng) else {
            continue;
        };
        if let Some(world) = position.world(&dealt) {
            return world;
        }
    }
    position.swapped(rng)
}

/// What a seat sees in place of a hand now: its own whole, and once the hand is over
/// every hand's point cards (public then: FK-41, FK-51, FKO-31); nothing else.
pub(super) fn seen_in_place(hand: Counts, own: bool, over: bool) -> Counts {
    if own {
        return hand;
    }
    if !over {
        return Counts::default();
    }
    let points: Vec<Card> = hand
        .to_cards()
        .into_iter()
        .filter(|c| c.points() > 0)
        .collect();
    Counts::from_cards(&points)
}

/// What a sample keeps of the real position: the play, its first leader, what the seat
/// knows of the tribute (and whether one was paid), the cards each seat played, the
/// cards seen in each hand, both together (`known`), and the other seats (whose unseen
/// cards a sample deals).
pub(super) struct Position<'a, P> {
    play: &'a P,
    leader: usize,
    seen: Option<Seen>,
    paid: bool,
    played: Vec<Counts>,
    fixed: Vec<Counts>,
    known: Vec<Counts>,
    others: Vec<usize>,
}

impl<'a, P: FkHands> Position<'a, P> {
    pub(super) fn new(play: &'a P, seat: usize, tribute: Option<&FkTribute>) -> Position<'a, P> {
        let n = play.seats();
        let seen = tribute.map(|t| Seen::of(t, seat, play.decks()));
        let played = play.played();
        let fixed: Vec<Counts> = (0..n)
            .map(|s| seen_in_place(play.held(s), s == seat, play.over()))
            .collect();
        let known = played
            .iter()
            .zip(&fixed)
            .map(|(p, f)| {
                let mut h = *p;
                h.add_all(f);
                h
            })
            .collect();
        Position {
            play,
            leader: play.first_actor(),
            seen,
            paid: seen.is_some_and(|s| s.given.is_some()),
            played,
            fixed,
            known,
            others: (0..n).filter(|&s| s != seat).collect(),
        }
    }

    /// The world of `dealt` (the other seats' unseen cards, in `others` order), if it
    /// agrees with every fact: the tribute's (`Seen::allows`), the first leader's 3h
    /// without one (FK-2, FKO-24), every action replayed.
    fn world(&self, dealt: &[Counts]) -> Option<FkWorld<P>> {
        let mut start = self.known.clone();
        for (&s, cards) in self.others.iter().zip(dealt) {
            start[s].add_all(cards);
        }
        if self.seen.is_some_and(|seen| !seen.allows(&start)) {
            return None;
        }
        if !self.paid && start[self.leader].get(THREE_H) == 0 {
            return None;
        }
        let play = self.play.replay(&start, self.leader)?;
        Some(FkWorld { play, start })
    }

    /// The fallback once no constrained deal agrees: the real hands, then random swaps
    /// of two unseen cards between two other hands, each kept only when the world still
    /// agrees, so that the search does not play on the real hands as they are.
    pub(super) fn swapped(&self, rng: &mut Rng) -> FkWorld<P> {
        let mut dealt: Vec<Counts> = self
            .others
            .iter()
            .map(|&s| {
                let mut h = self.play.held(s);
                h.remove_all(&self.fixed[s]);
                h
            })
            .collect();
        let mut world = self.world(&dealt).unwrap_or_else(|| FkWorld {
            play: self.play.clone(),
            start: (0..self.play.seats())
                .map(|s| {
                    let mut h = self.played[s];
                    h.add_all(&self.play.held(s));
                    h
                })
                .collect(),
        });
        let k = dealt.len() as u64;
        for _ in 0..if k < 2 { 0 } else { SWAPS } {
            let Some(next) = swap_proposal(&dealt, rng) else {
                continue;
            };
            if let Some(found) = self.world(&next) {
                dealt = next;
                world = found;
            }
        }
        world
    }
}

/// The Fifty-K determinizer (see the module docs): `play` (after `tribute`, when the
/// hand had one) with the cards `seat` cannot see dealt again uniformly among the other
/// hands; deterministic for `seed`.
pub fn sample_fifty_k(
    play: &FkPlay,
    seat: usize,
    tribute: Option<&FkTribute>,
    seed: u64,
) -> FkPlay {
    sample_fk_world(play, seat, tribute, &mut Rng::new(seed)).play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifty_k::tribute::{exempts, single_order};
    use crate::fifty_k::FkRules;
    use crate::phases::{fifty_k_deal, Phase};

    /// A 4-player hand of `seed` after its tribute (seat `giver` to seat `giver + 1`,
    /// the return the `back`-th legal one) and `plays` random actions of its play. Where
    /// `back % 7` is 6 the giver is dealt every 2 (exempt, FKO-45); where it is 5 the
    /// giver's 2s and aces go to the others (the card given a king or lower).
    fn tributed(seed: u64, giver: usize, back: u64, plays: u64) -> (FkTribute, FkPlay) {
        let deal = fifty_k_deal(seed, 4, None, None).unwrap();
        let mut hands: Vec<Counts> = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
        if back % 7 == 6 {
            for suit in Suit::ALL {
                let two = Card::new(Rank::TWO, suit);
                let holder = (0..4).find(|&s| hands[s].get(two) > 0).unwrap();
                let spare = hands[giver]
                    .to_cards()
                    .into_iter()
                    .find(|c| c.rank() != Some(Rank::TWO));
                if holder != giver {
                    let spare = spare.unwrap();
                    hands[holder].remove(two, 1);
                    hands[holder].add(spare, 1);
                    hands[giver].remove(spare, 1);
                    hands[giver].add(two, 1);
                }
            }
        }
        if back % 7 == 5 {
            // A weak giver: its 2s and aces swapped for others' low cards (FKO-44: the
            // card given is a king or lower, so the giver held little).
            for card in hands[giver].to_cards() {
                if matches!(card.rank(), Some(Rank::TWO) | Some(Rank::ACE)) {
                    let other = (giver + 1 + (card.0 as usize % 3)) % 4;
                    let low = hands[other]
                        .to_cards()
                        .into_iter()
                        .find(|c| single_order(*c) < 8);
                    if let Some(low) = low {
                        hands[other].remove(low, 1);
                        hands[other].add(card, 1);
                        hands[giver].remove(card, 1);
                        hands[giver].add(low, 1);
                    }
                }
            }
        }
        let leader = (0..4).find(|&s| hands[s].get(THREE_H) > 0).unwrap();
        let mut tribute = FkTribute::new(hands, giver, (giver + 1) % 4, 1).unwrap();
        if !tribute.exempt() {
            tribute.apply_legal(0).unwrap();
            tribute.apply_legal(back % tribute.num_legal()).unwrap();
        }
        let leader = if tribute.exempt() { leader } else { giver };
        let sets = tribute.hands().iter().map(set).collect();
        let mut play = FkPlay::new(sets, leader, FkRules::default()).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..plays {
            if play.is_done() {
                break;
            }
            let n = play.num_legal() as u64;
            play.apply_legal(rng.below(n) as usize).unwrap();
        }
        (tribute, play)
    }

    fn above(hand: &Counts, card: Card) -> Vec<Card> {
        let top = single_order(card);
        hand.to_cards()
            .into_iter()
            .filter(|&c| single_order(c) > top)
            .collect()
    }

    #[test]
    fn fko_42_to_fko_48_a_sample_keeps_what_the_seat_knows_of_the_tribute() {
        keeps_the_tribute(&|play, seat, tribute, seed| {
            sample_fk_world(play, seat, Some(tribute), &mut Rng::new(seed))
        });
    }

    /// The fallback once no constrained deal agrees, on its own: a chain of swaps from
    /// the real hands that keeps every fact and moves away from them.
    #[test]
    fn fko_42_to_fko_48_the_fallback_keeps_the_facts_and_leaves_the_real_hands() {
        keeps_the_tribute(&|play, seat, tribute, seed| {
            Position::new(play, seat, Some(tribute)).swapped(&mut Rng::new(seed))
        });
    }

    /// FK-2: without a tribute too, the fallback keeps the position and the leader's 3h,
    /// and leaves the real hands.
    #[test]
    fn fk_2_the_fallback_keeps_the_leaders_3h_and_leaves_the_real_hands() {
        let (mut hidden, mut real) = (0, 0);
        for seed in 0..60u64 {
            let players = 3 + (seed % 2) as usize;
            let deal = fifty_k_deal(seed, players, None, None).unwrap();
            let hands = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).unwrap())
                .collect();
            let mut play = FkPlay::new(hands, deal.leader, FkRules::default()).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..rng.below(30) {
                let n = play.num_legal() as u64;
                play.apply_legal(rng.below(n) as usize).unwrap();
            }
            let truth: Vec<Counts> = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
            for seat in 0..players {
                let world = Position::new(&play, seat, None).swapped(&mut Rng::new(seed));
                assert_eq!(world.play.log(), play.log());
                assert_eq!(world.play.hand(seat), play.hand(seat));
                assert_eq!(world.start[deal.leader].get(THREE_H), 1, "the leader's 3h");
                hidden += 1;
                real += usize::from(world.start == truth);
            }
        }
        assert!(
            real * 20 < hidden,
            "{real} of {hidden} fallbacks are the real hands"
        );
    }

    /// Tribute hands of many seeds (some exempt, some with a weak giver), each seat's
    /// world from `sample` agreeing with what the seat knows, seldom the real hands.
    fn keeps_the_tribute(sample: &dyn Fn(&FkPlay, usize, &FkTribute, u64) -> FkWorld) {
        let (mut paid, mut exempt, mut weak, mut hidden, mut real) = (0, 0, 0, 0, 0);
        let (mut open_three, mut giver_three) = (0, 0);
        for seed in 0..80u64 {
            let (tribute, play) = tributed(seed, (seed % 4) as usize, seed / 4, seed % 30);
            let (giver, receiver) = (tribute.giver(), tribute.receiver());
            for seat in 0..4 {
                let world = sample(&play, seat, &tribute, seed);
                let (a, start) = (&world.play, &world.start);
                // A world is not the real one, where enough is hidden (a sample that
                // fails gives the real hands: it would leak them).
                let unseen: u32 = (0..4)
                    .filter(|&s| s != seat)
                    .map(|s| play.hand(s).len())
                    .sum();
                if unseen >= 12 {
                    hidden += 1;
                    let truth: Vec<Counts> = tribute.hands().to_vec();
                    real += usize::from(*start == truth);
                }
                assert_eq!(a.log(), play.log());
                assert_eq!(a.hand(seat), play.hand(seat));
                assert_eq!(a.to_act(), play.to_act());
                for s in 0..4 {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                if tribute.exempt() {
                    // FKO-45: an exempt giver holds every 2.
                    assert!(exempts(&start[giver], 1), "seed {seed} seat {seat}");
                    exempt += 1;
                    continue;
                }
                paid += 1;
                // FKO-47: the giver leads.
                assert_eq!(first_leader(a), giver);
                let given = tribute.tributed().unwrap();
                weak += usize::from(
                    single_order(given) < single_order(Card::new(Rank::ACE, Suit::SPADES)),
                );
                // FKO-47: the giver leads whoever holds the 3h (no world puts it there).
                if start[seat].get(THREE_H) == 0 && seat != giver {
                    open_three += 1;
                    giver_three += usize::from(start[giver].get(THREE_H) > 0);
                }
                let returned = tribute.returned().unwrap();
                if seat == giver || seat == receiver {
                    // FKO-46, FKO-48: the return where it went; before it the giver held
                    // nothing above the card given (FKO-44).
                    assert!(start[giver].get(returned) > 0);
                    assert!(returned == given || start[receiver].get(given) > 0);
                    let mut before = start[giver];
                    before.remove(returned, 1);
                    assert_eq!(above(&before, given), vec![], "seed {seed} seat {seat}");
                } else {
                    let held = start[receiver].get(given) + start[giver].get(given);
                    assert_eq!(held, 1, "seed {seed} seat {seat}: the card given");
                    assert!(above(&start[giver], given).len() <= 1);
                }
            }
        }
        assert!(
            paid > 200 && exempt > 0 && weak > 20,
            "{paid} paid, {exempt} exempt, {weak} weak"
        );
        assert!(
            real * 20 < hidden,
            "{real} of {hidden} samples are the real hands"
        );
        assert!(
            giver_three * 2 < open_three,
            "the giver held the 3h in {giver_three} of {open_three}"
        );
    }

    #[test]
    fn fko_48_a_seat_that_did_not_see_the_return_samples_alike_whatever_it_was() {
        let mut differ = 0;
        for seed in 0..60u64 {
            let giver = (seed % 4) as usize;
            let (one, first) = tributed(seed, giver, 0, 0);
            if one.exempt() {
                continue;
            }
            let (other, second) = tributed(seed, giver, 1 + seed % 4, 0);
            assert_ne!(one.returned(), other.returned());
            for seat in [(giver + 2) % 4, (giver + 3) % 4] {
                let a = sample_fk_world(&first, seat, Some(&one), &mut Rng::new(seed)).start;
                let b = sample_fk_world(&second, seat, Some(&other), &mut Rng::new(seed)).start;
                assert_eq!(a, b, "seed {seed}: seat {seat} learned the card returned");
                let real: Vec<Counts> = (0..4).map(|s| counts(first.hand(s))).collect();
                differ += usize::from(a != real);
            }
        }
        assert!(differ > 50, "the samples are the real hands: {differ}");
    }

    #[test]
    fn fk_2_sample_fifty_k_keeps_the_position_and_the_leaders_3h() {
        for seed in 0..40u64 {
            let players = 3 + (seed % 2) as usize;
            let deal = fifty_k_deal(seed, players, None, None).unwrap();
            let hands = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).unwrap())
                .collect();
            let mut play =
                FkPlay::new(hands, deal.leader, crate::fifty_k::FkRules::default()).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..rng.below(40) {
                if play.is_done() {
                    break;
                }
                let n = play.num_legal() as u64;
                play.apply_legal(rng.below(n) as usize).unwrap();
            }
            for seat in 0..players {
                let a = sample_fifty_k(&play, seat, None, seed);
                assert_eq!(a.log(), play.log());
                assert_eq!(
                    (a.to_act(), a.top(), a.collected()),
                    (play.to_act(), play.top(), play.collected())
                );
                assert_eq!(a.hand(seat), play.hand(seat));
                for s in 0..players {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                let start = sample_fk_world(&play, seat, None, &mut Rng::new(seed)).start;
                assert!(start[deal.leader].get(THREE_H) == 1, "the leader held 3h");
            }
        }
    }
}
