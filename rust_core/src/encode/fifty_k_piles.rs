//! The observation of a Fifty-K hand of several decks (FKO-20..FKO-35) from its play
//! (`PilePlay`): the layout of one deck (`super::fifty_k`) with copies of each of the
//! 54 cards for 0/1 flags, the kinds of FKO-25..FKO-27 and every value scaled to [0, 1]
//! by the decks and players of the table.

use crate::card::{Counts, NUM_CARDS};
use crate::fifty_k::pile::{PileKind, BIG_JOKER};
use crate::fifty_k::pile_turns::PilePlay;

use super::Writer;

/// Card points of one deck (C-3, FKO-22: 100 per deck).
const POINTS_PER_DECK: f32 = 100.0;

/// One field of a several-deck Fifty-K observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileField {
    Hand,
    Played,
    Top,
    TopKind,
    TopSeat,
    TablePoints,
    Collected,
    HandSizes,
    Finished,
    Passed,
    ToAct,
    TopRank,
    TopSize,
    Table,
    PointsLeft,
}

use PileField as F;

impl PileField {
    /// Every field, in order.
    pub const ALL: [PileField; 15] = [
        F::Hand,
        F::Played,
        F::Top,
        F::TopKind,
        F::TopSeat,
        F::TablePoints,
        F::Collected,
        F::HandSizes,
        F::Finished,
        F::Passed,
        F::ToAct,
        F::TopRank,
        F::TopSize,
        F::Table,
        F::PointsLeft,
    ];

    pub fn name(self) -> &'static str {
        match self {
            F::Hand => "hand",
            F::Played => "played",
            F::Top => "top",
            F::TopKind => "top_kind",
            F::TopSeat => "top_seat",
            F::TablePoints => "table_points",
            F::Collected => "collected",
            F::HandSizes => "hand_sizes",
            F::Finished => "finished",
            F::Passed => "passed",
            F::ToAct => "to_act",
            F::TopRank => "top_rank",
            F::TopSize => "top_size",
            F::Table => "table",
            F::PointsLeft => "points_left",
        }
    }

    /// The field's size with `n` seats.
    pub fn size(self, n: usize) -> usize {
        match self {
            F::Hand | F::Played | F::Top | F::Table => NUM_CARDS,
            F::TopKind => PileKind::ALL.len(),
            F::TablePoints | F::TopRank | F::TopSize => 1,
            F::TopSeat
            | F::Collected
            | F::HandSizes
            | F::Finished
            | F::Passed
            | F::ToAct
            | F::PointsLeft => n,
        }
    }
}

/// The number of values of the layout with `n` seats.
pub fn piles_len(n: usize) -> usize {
    PileField::ALL.iter().map(|f| f.size(n)).sum()
}

/// Writes the copies of each card of `counts` into `slot`, over `decks` (each card is
/// there at most `decks` times, FKO-22).
pub(super) fn set_copies(slot: &mut [f32], counts: &Counts, decks: f32) {
    for (value, &c) in slot.iter_mut().zip(counts.0.iter()) {
        *value += c as f32 / decks;
    }
}

/// The most cards a seat is dealt with `decks` decks and `n` players (FKO-24).
pub fn most_dealt(decks: u8, n: usize) -> usize {
    (54 * decks as usize).div_ceil(n)
}

/// Writes the observation of `seat` into `out` (exactly the layout's length); `over`:
/// the hand is over (it may end outside the play: a resignation), nobody acts.
pub fn encode_fifty_k_piles(
    play: &PilePlay,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
    let n = play.num_players();
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    let need = piles_len(n);
    let decks = play.hand(0).decks();
    if out.len() != need {
        return Err(format!(
            "a {n}-player fifty_k observation of {decks} decks holds {need} values, not {}",
            out.len()
        ));
    }
    let copies = f32::from(decks);
    let points = POINTS_PER_DECK * copies;
    let dealt = most_dealt(decks, n) as f32;
    let rel = |s: usize| (s + n - seat) % n;
    let top = play.top();
    let mut w = Writer::new(out);
    for field in PileField::ALL {
        let slot = w.next(field.size(n));
        match field {
            F::Hand => set_copies(slot, play.hand(seat).counts(), copies),
            F::Played => set_copies(slot, play.played().counts(), copies),
            F::Top => {
                if let Some(cards) = play.top_cards() {
                    set_copies(slot, cards.counts(), copies);
                }
            }
            F::TopKind => {
                if let Some((c, _)) = top {
                    let at = PileKind::ALL.iter().position(|&k| k == c.kind);
                    slot[at.expect("every kind is listed")] = 1.0;
                }
            }
            F::TopSeat => {
                if let Some((_, s)) = top {
                    slot[rel(s)] = 1.0;
                }
            }
            F::TablePoints => slot[0] = play.table_points() as f32 / points,
            F::Collected => {
                for (s, &p) in play.collected().iter().enumerate() {
                    slot[rel(s)] = p as f32 / points;
                }
            }
            F::HandSizes => {
                for s in 0..n {
                    slot[rel(s)] = play.hand(s).len() as f32 / dealt;
                }
            }
            F::Finished => {
                for (place, &s) in play.finished().iter().enumerate() {
                    slot[rel(s)] = (place + 1) as f32 / n as f32;
                }
            }
            F::Passed => {
                for s in (0..n).filter(|s| play.passed() & (1 << s) != 0) {
                    slot[rel(s)] = 1.0;
                }
            }
            F::ToAct => {
                if let Some(s) = play.to_act().filter(|_| !over) {
                    slot[rel(s)] = 1.0;
                }
            }
            // FK-20, FKO-25, FKO-28: the main rank, 3 lowest, the big joker highest.
            F::TopRank => {
                if let Some((c, _)) = top {
                    slot[0] = f32::from(c.rank + 1) / f32::from(BIG_JOKER + 1);
                }
            }
            // FKO-26, FKO-28: a bomb's size counts first.
            F::TopSize => {
                if let Some((c, _)) = top {
                    slot[0] = c.len as f32 / dealt;
                }
            }
            F::Table => {
                for (_, cards, _) in play.round() {
                    set_copies(slot, cards.counts(), copies);
                }
            }
            // FKO-31: the points left in each hand, public once the hand is over.
            F::PointsLeft => {
                if play.is_done() {
                    for (s, p) in play.hand_points().into_iter().enumerate() {
                        slot[rel(s)] = p as f32 / points;
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(decks: u8, players: usize, seed: u64) -> PilePlay {
        crate::fifty_k::test_support::dealt_piles(decks, players, seed)
    }

    /// Every value is in [0, 1] (FKO-22: copies over decks, points over 100 per deck)
    /// through whole hands of every table, and the cards held and played add up to the
    /// decks' cards.
    #[test]
    fn values_stay_in_range_through_whole_hands() {
        for decks in 2..=4u8 {
            for players in [4, 5, 8] {
                let mut p = play(decks, players, u64::from(decks) * 10 + players as u64);
                let mut out = vec![0.0; piles_len(players)];
                let mut step = 0u64;
                while let Some(seat) = p.to_act() {
                    encode_fifty_k_piles(&p, seat, false, &mut out).unwrap();
                    assert!(out.iter().all(|v| (0.0..=1.0).contains(v)), "step {step}");
                    let held: f32 = (0..players).map(|s| p.hand(s).len() as f32).sum::<f32>();
                    let played: f32 = out[NUM_CARDS..2 * NUM_CARDS].iter().sum::<f32>();
                    let all = held + played * f32::from(decks);
                    assert!((all - 54.0 * f32::from(decks)).abs() < 1e-3, "step {step}");
                    let n = p.num_legal();
                    p.apply_legal((step * 7919) % n).unwrap();
                    step += 1;
                }
                encode_fifty_k_piles(&p, 0, true, &mut out).unwrap();
                assert!(out.iter().all(|v| (0.0..=1.0).contains(v)));
            }
        }
    }

    #[test]
    fn the_buffer_and_seat_are_checked() {
        let p = play(2, 6, 1);
        let mut out = vec![0.0; piles_len(6)];
        assert!(encode_fifty_k_piles(&p, 6, false, &mut out).is_err());
        let mut short = vec![0.0; 3];
        let err = encode_fifty_k_piles(&p, 0, false, &mut short).unwrap_err();
        assert!(err.contains("of 2 decks"), "{err}");
    }
}
