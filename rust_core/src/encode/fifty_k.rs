//! The observation of a Fifty-K hand from its play (`FkPlay`): the seat's hand, the
//! cards played, the table (FK-30, FK-31), points collected and places (FK-32).

use crate::fifty_k::{type_id, CardSet, FkPlay, Kind};

use super::Writer;

/// Cards of one deck without jokers (FK-1).
const K: usize = 52;
const POINTS_SCALE: f32 = 100.0;
pub(super) const HAND_SCALE: f32 = 18.0;

/// One field of a Fifty-K observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FkField {
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
    TopType,
    Table,
    PointsLeft,
}

use FkField as F;

impl FkField {
    /// Every field, in order.
    pub const ALL: [FkField; 14] = [
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
        F::TopType,
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
            F::TopType => "top_type",
            F::Table => "table",
            F::PointsLeft => "points_left",
        }
    }

    /// The field's size with `n` seats.
    pub fn size(self, n: usize) -> usize {
        match self {
            F::Hand | F::Played | F::Top | F::Table => K,
            F::TopKind => Kind::ALL.len(),
            F::TablePoints | F::TopType => 1,
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

/// Sets 1 at each card index of `cards` (every card is there once, FK-1).
fn set_cards(slot: &mut [f32], cards: CardSet) {
    let mut bits = cards.0;
    while bits != 0 {
        let bit = bits.trailing_zeros();
        slot[fk_card_index(bit)] = 1.0;
        bits &= bits - 1;
    }
}

/// The card index (`Card::index`, suit × 13 + rank) of a [`CardSet`] bit.
fn fk_card_index(bit: u32) -> usize {
    CARD_INDEX[bit as usize] as usize
}

/// [`fk_card_index`] of each bit, worked out once (an observation sets up to 52 per field).
const CARD_INDEX: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut bit = 0;
    while bit < 64 {
        let rank = (bit / 4 + 1) % 13;
        table[bit] = (bit % 4 * 13 + rank) as u8;
        bit += 1;
    }
    table
};

/// Writes the observation of `seat` into `out` (exactly the layout's length); `over`:
/// the hand is over (it may end outside the play: a resignation), nobody acts.
pub fn encode_fifty_k(
    play: &FkPlay,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
    let n = play.num_players();
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    let need: usize = FkField::ALL.iter().map(|f| f.size(n)).sum();
    if out.len() != need {
        return Err(format!(
            "a {n}-player fifty_k observation holds {need} values, not {}",
            out.len()
        ));
    }
    let rel = |s: usize| (s + n - seat) % n;
    let top = play.top();
    let mut w = Writer::new(out);
    for field in FkField::ALL {
        let slot = w.next(field.size(n));
        match field {
            F::Hand => set_cards(slot, play.hand(seat)),
            F::Played => set_cards(slot, play.played()),
            F::Top => {
                if let Some((c, _)) = top {
                    set_cards(slot, c.cards);
                }
            }
            F::TopKind => {
                if let Some((c, _)) = top {
                    slot[c.kind as usize] = 1.0;
                }
            }
            F::TopSeat => {
                if let Some((_, s)) = top {
                    slot[rel(s)] = 1.0;
                }
            }
            F::TablePoints => slot[0] = play.table_points() as f32 / POINTS_SCALE,
            F::Collected => {
                for (s, &p) in play.collected().iter().enumerate() {
                    slot[rel(s)] = p as f32 / POINTS_SCALE;
                }
            }
            F::HandSizes => {
                for s in 0..n {
                    slot[rel(s)] = play.hand(s).len() as f32 / HAND_SCALE;
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
            // The play type (`type_id`, 0..NUM_PLAY_TYPES) of the combination to beat.
            F::TopType => slot[0] = top.map_or(-1.0, |(c, _)| type_id(&c) as f32),
            F::Table => {
                for (_, c) in play.round() {
                    set_cards(slot, c.cards);
                }
            }
            // FK-41, FK-51: the points left in each hand, public once the hand is over.
            F::PointsLeft => {
                if play.is_done() {
                    for (s, p) in play.hand_points().into_iter().enumerate() {
                        slot[rel(s)] = p as f32 / POINTS_SCALE;
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
    use crate::card::Card;

    #[test]
    fn card_bits_map_to_card_indices() {
        for i in 0..52u8 {
            let set = CardSet::from_cards(&[Card(i)]).unwrap();
            assert_eq!(fk_card_index(set.0.trailing_zeros()), i as usize);
        }
    }
}
