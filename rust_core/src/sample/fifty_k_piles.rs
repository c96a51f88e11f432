//! The determinizer of a Fifty-K hand of several decks (FKO-20..FKO-35): one deck's
//! (`fifty_k.rs`, the same facts and the same fallback) on a [`PilePlay`]. As with one
//! deck a pass tells nothing (FK-30), so the facts are the hand sizes, the cards played,
//! a `3h` in the first leader's hand (FKO-24: the holder of the first one dealt leads)
//! and, once the hand is over, the point cards left in each hand (FKO-31); after a
//! tribute (FKO-42..FKO-48) what the seat knows of the exchange, the giver leading
//! (FKO-47) whoever holds a 3h, and an exempt giver holding all n big jokers (FKO-45).

use crate::card::{Card, Counts};
use crate::fifty_k::pile::Pile;
use crate::fifty_k::pile_turns::{PileAction, PilePlay};
use crate::fifty_k::tribute::FkTribute;
use crate::phases::trick_deck;
use crate::rng::Rng;

use super::fifty_k::{sample_hands, FkHands, FkWorld};

impl FkHands for PilePlay {
    fn seats(&self) -> usize {
        self.num_players()
    }

    fn decks(&self) -> u8 {
        self.hand(0).decks()
    }

    fn deck(&self) -> Vec<Card> {
        trick_deck(self.decks())
    }

    fn held(&self, seat: usize) -> Counts {
        *self.hand(seat).counts()
    }

    fn played(&self) -> Vec<Counts> {
        let mut played = vec![Counts::default(); self.num_players()];
        for (s, action) in self.log() {
            if let PileAction::Play(pile, _) = action {
                played[*s].add_all(pile.counts());
            }
        }
        played
    }

    /// FKO-24, FKO-47: the seat that led first.
    fn first_actor(&self) -> usize {
        self.log()
            .first()
            .map(|(s, _)| *s)
            .or(self.to_act())
            .expect("a hand that has not begun has a seat to act")
    }

    fn over(&self) -> bool {
        self.is_done()
    }

    fn replay(&self, start: &[Counts], leader: usize) -> Option<PilePlay> {
        let decks = self.decks();
        let hands = start
            .iter()
            .map(|c| Pile::from_cards(&c.to_cards(), decks).ok())
            .collect::<Option<Vec<_>>>()?;
        let mut p = PilePlay::new(hands, leader, self.rules()).ok()?;
        for (s, action) in self.log() {
            p.apply(*s, *action).ok()?;
        }
        Some(p)
    }
}

/// The sampled hands of `play` for `seat` (after `tribute`, when the hand had one), as
/// dealt, deterministic for `seed`: a uniform deal of the unseen cards, the known ones
/// kept with their seats, replayed.
pub fn sample_piles_world(
    play: &PilePlay,
    seat: usize,
    tribute: Option<&FkTribute>,
    seed: u64,
) -> FkWorld<PilePlay> {
    sample_hands(play, seat, tribute, &mut Rng::new(seed))
}

/// The determinizer of several decks (see the module docs): `play` (after `tribute`,
/// when the hand had one) with the cards `seat` cannot see dealt again uniformly among
/// the other hands; deterministic for `seed`.
pub fn sample_piles(
    play: &PilePlay,
    seat: usize,
    tribute: Option<&FkTribute>,
    seed: u64,
) -> PilePlay {
    sample_piles_world(play, seat, tribute, seed).play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};
    use crate::fifty_k::test_support::{dealt_piles, random_pile_plays};

    const THREE_H: Card = Card::new(Rank::THREE, Suit::HEARTS);
    use crate::fifty_k::FkRules;

    /// A hand of `decks` decks and `players` players after `plays` random actions, and
    /// its hands as dealt.
    fn position(seed: u64, decks: u8, players: usize, plays: u64) -> (PilePlay, Vec<Counts>) {
        let mut play = dealt_piles(decks, players, seed);
        let dealt = (0..players).map(|s| *play.hand(s).counts()).collect();
        random_pile_plays(&mut play, plays, seed);
        (play, dealt)
    }

    /// FKO-24, FKO-30: a sample keeps the position (the log, whose turn, the table, the
    /// seat's hand, every hand's size), a 3h in the first leader's hand as dealt, every
    /// card of the decks once; it is seldom the real deal, and a seat's sample does not
    /// depend on the cards it cannot see (twins: two other hands' cards swapped).
    #[test]
    fn fko_24_a_sample_keeps_the_position_and_the_first_leaders_3h() {
        let (mut hidden, mut real) = (0, 0);
        for seed in 0..40u64 {
            let (decks, players) = [(2, 4), (2, 5), (3, 6), (4, 8), (2, 7)][seed as usize % 5];
            let (play, dealt) = position(seed, decks, players, seed * 3 % 40);
            let leader = play.first_actor();
            for seat in 0..players {
                let FkWorld { play: a, start } = sample_piles_world(&play, seat, None, seed);
                assert_eq!(a.log(), play.log());
                assert_eq!((a.to_act(), a.top()), (play.to_act(), play.top()));
                assert_eq!(a.collected(), play.collected());
                assert_eq!(a.hand(seat), play.hand(seat));
                for s in 0..players {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                assert!(
                    start[leader].get(THREE_H) > 0,
                    "seed {seed}: the leader's 3h"
                );
                let mut all = Counts::default();
                start.iter().for_each(|h| all.add_all(h));
                assert_eq!(all, Counts::from_cards(&trick_deck(decks)));
                hidden += 1;
                real += usize::from(start == dealt);
            }
        }
        assert!(
            real * 20 < hidden,
            "{real} of {hidden} samples are the real deal"
        );
    }

    #[test]
    fn fko_30_a_seat_samples_alike_whatever_the_others_hold() {
        for seed in 0..20u64 {
            let (play, _) = position(seed, 2, 5, 0);
            let leader = play.first_actor();
            let seat = (leader + 1) % 5;
            // Two other hands trade a card (neither the leader's 3h): a twin position.
            let (a, b) = ((leader + 2) % 5, (leader + 3) % 5);
            let pick = |s: usize| {
                play.hand(s)
                    .counts()
                    .to_cards()
                    .into_iter()
                    .find(|&c| c != THREE_H)
                    .unwrap()
            };
            let (x, y) = (pick(a), pick(b));
            let mut hands: Vec<Counts> = (0..5).map(|s| *play.hand(s).counts()).collect();
            hands[a].remove(x, 1);
            hands[a].add(y, 1);
            hands[b].remove(y, 1);
            hands[b].add(x, 1);
            let piles = hands
                .iter()
                .map(|h| Pile::from_cards(&h.to_cards(), 2).unwrap())
                .collect();
            let twin = PilePlay::new(piles, leader, FkRules::default()).unwrap();
            assert_eq!(
                sample_piles_world(&play, seat, None, seed).start,
                sample_piles_world(&twin, seat, None, seed).start,
                "seed {seed}: seat {seat} learned what others hold"
            );
        }
    }
}
