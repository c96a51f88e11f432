//! The Fifty-K determinizer: the same position with the cards the seat cannot see dealt
//! again among the other hands. A pass tells nothing (a player may pass whatever it
//! holds, FK-30), so the only facts are the hand sizes, the cards played, the leader's
//! 3h (FK-2) and, once the hand is over, the point cards left in each hand (FK-41, FK-51):
//! the deal is uniform over the consistent ones.

use crate::card::{Card, Counts, Rank, Suit};
use crate::fifty_k::{CardSet, FkAction, FkPlay};
use crate::phases::fifty_k_full_deck;
use crate::rng::Rng;

use super::assign::{assign, Must, Place};
use super::TRIES;

/// FK-2: the card whose holder leads first.
const THREE_H: Card = Card::new(Rank::THREE, Suit::HEARTS);

fn counts(set: CardSet) -> Counts {
    Counts::from_cards(&set.cards())
}

fn set(counts: &Counts) -> CardSet {
    CardSet::from_cards(&counts.to_cards()).expect("one deck's cards")
}

/// A sampled Fifty-K play with every hand as dealt.
#[derive(Clone, Debug)]
pub struct FkWorld {
    pub play: FkPlay,
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

/// The sampled world of `play` for `seat`: a uniform deal of the unseen cards, the
/// known ones kept with their seats, replayed.
pub fn sample_fk_world(play: &FkPlay, seat: usize, rng: &mut Rng) -> FkWorld {
    let n = play.num_players();
    let leader = first_leader(play);
    let mut played = vec![Counts::default(); n];
    for (s, action) in play.log() {
        if let FkAction::Play(combo) = action {
            played[*s].add_all(&counts(combo.cards));
        }
    }
    // What the seat sees in place: its own hand, and once the hand is over every
    // hand's point cards (public then).
    let mut fixed = vec![Counts::default(); n];
    for (s, f) in fixed.iter_mut().enumerate() {
        let hand = counts(play.hand(s));
        *f = if s == seat {
            hand
        } else if play.is_done() {
            Counts::from_cards(
                &hand
                    .to_cards()
                    .into_iter()
                    .filter(|c| c.points() > 0)
                    .collect::<Vec<_>>(),
            )
        } else {
            Counts::default()
        };
    }
    let mut pool = Counts::from_cards(&fifty_k_full_deck());
    played.iter().chain(&fixed).for_each(|c| pool.remove_all(c));
    let others: Vec<usize> = (0..n).filter(|&s| s != seat).collect();
    let places: Vec<Place> = others
        .iter()
        .map(|&s| Place::open(play.hand(s).len() as usize - fixed[s].len()))
        .collect();
    let mut musts = Vec::new();
    if let Some(i) = others.iter().position(|&s| s == leader) {
        if pool.get(THREE_H) > 0 {
            musts.push(Must {
                places: 1 << i,
                card: THREE_H,
                copies: 1,
            });
        }
    }
    for _ in 0..TRIES {
        let Some(dealt) = assign(&pool, &places, &musts, rng) else {
            continue;
        };
        let mut start: Vec<Counts> = (0..n)
            .map(|s| {
                let mut h = played[s];
                h.add_all(&fixed[s]);
                h
            })
            .collect();
        for (&s, cards) in others.iter().zip(&dealt) {
            start[s].add_all(cards);
        }
        if let Some(p) = replay(play, &start, leader) {
            return FkWorld { play: p, start };
        }
    }
    let start = (0..n)
        .map(|s| {
            let mut h = played[s];
            h.add_all(&counts(play.hand(s)));
            h
        })
        .collect();
    FkWorld {
        play: play.clone(),
        start,
    }
}

/// `play`'s actions replayed on the hands `start`; None if one is refused.
fn replay(play: &FkPlay, start: &[Counts], leader: usize) -> Option<FkPlay> {
    let hands = start.iter().map(set).collect();
    let mut p = FkPlay::new(hands, leader, play.rules()).ok()?;
    for (s, action) in play.log() {
        p.apply(*s, *action).ok()?;
    }
    Some(p)
}

/// The Fifty-K determinizer (see the module docs): `play` with the cards `seat` cannot
/// see dealt again uniformly among the other hands; deterministic for `seed`.
pub fn sample_fifty_k(play: &FkPlay, seat: usize, seed: u64) -> FkPlay {
    sample_fk_world(play, seat, &mut Rng::new(seed)).play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phases::fifty_k_deal;

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
                let a = sample_fifty_k(&play, seat, seed);
                assert_eq!(a.log(), play.log());
                assert_eq!(
                    (a.to_act(), a.top(), a.collected()),
                    (play.to_act(), play.top(), play.collected())
                );
                assert_eq!(a.hand(seat), play.hand(seat));
                for s in 0..players {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                let start = sample_fk_world(&play, seat, &mut Rng::new(seed)).start;
                assert!(start[deal.leader].get(THREE_H) == 1, "the leader held 3h");
            }
        }
    }
}
