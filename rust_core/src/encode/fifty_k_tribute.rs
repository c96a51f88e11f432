//! The observation of a Fifty-K hand under the option `tribute` (FKO-40..FKO-48): one
//! deck's layout ([`FkField`]), then what a seat knows of the tribute. Before the play
//! (the tribute's phase "deal", FKO-42) the play's fields hold the hands the tribute
//! leaves, nothing played yet, and the seat that gives or returns to act.

use crate::card::Counts;
use crate::fifty_k::{FkPlay, FkTribute};
use crate::phases::Phase;

use super::fifty_k::{encode_fifty_k, FkField, HAND_SCALE};
use super::Writer;

/// Cards of one deck without jokers (FK-1).
const K: usize = 52;

/// One field the tribute adds after one deck's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TributeField {
    Giver,
    Receiver,
    Exempt,
    Due,
    Given,
    Returned,
}

use TributeField as T;

impl TributeField {
    /// Every field, in order.
    pub const ALL: [TributeField; 6] = [
        T::Giver,
        T::Receiver,
        T::Exempt,
        T::Due,
        T::Given,
        T::Returned,
    ];

    pub fn name(self) -> &'static str {
        match self {
            T::Giver => "tribute_giver",
            T::Receiver => "tribute_receiver",
            T::Exempt => "tribute_exempt",
            T::Due => "tribute_due",
            T::Given => "tribute_card",
            T::Returned => "tribute_returned",
        }
    }

    /// The field's size with `n` seats.
    pub fn size(self, n: usize) -> usize {
        match self {
            T::Giver | T::Receiver => n,
            T::Exempt => 1,
            T::Due => 2,
            T::Given | T::Returned => K,
        }
    }
}

/// The length of one deck's layout with the tribute's fields, `n` seats.
pub fn tribute_len(n: usize) -> usize {
    let base: usize = FkField::ALL.iter().map(|f| f.size(n)).sum();
    base + TributeField::ALL.iter().map(|f| f.size(n)).sum::<usize>()
}

/// Writes `seat`'s observation under the option `tribute` into `out` (exactly
/// [`tribute_len`] long): the play's fields from `play` once it began, else from the
/// tribute's hands; the tribute's fields from `tribute` (zeros for a hand without one,
/// the first of a match). `over`: the hand is over, nobody acts.
pub fn encode_fifty_k_tribute(
    tribute: Option<&FkTribute>,
    play: Option<&FkPlay>,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
    let n = match (play, tribute) {
        (Some(p), _) => p.num_players(),
        (None, Some(t)) => t.num_players(),
        (None, None) => return Err("a fifty_k observation needs its tribute or its play".into()),
    };
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    if out.len() != tribute_len(n) {
        return Err(format!(
            "a {n}-player fifty_k observation with a tribute holds {} values, not {}",
            tribute_len(n),
            out.len()
        ));
    }
    let base: usize = FkField::ALL.iter().map(|f| f.size(n)).sum();
    let (head, tail) = out.split_at_mut(base);
    match (play, tribute) {
        (Some(p), _) => encode_fifty_k(p, seat, over, head)?,
        (None, Some(t)) => encode_before_play(t, seat, over, head),
        (None, None) => unreachable!("checked above"),
    }
    tail.fill(0.0);
    if let Some(t) = tribute {
        encode_tribute(t, seat, over, tail);
    }
    Ok(())
}

/// FKO-42: one deck's fields during the tribute: the seat's hand, every hand's size,
/// the seat to act (giver or receiver); nothing played, no combination to beat.
fn encode_before_play(tribute: &FkTribute, seat: usize, over: bool, out: &mut [f32]) {
    let n = tribute.num_players();
    let rel = |s: usize| (s + n - seat) % n;
    let hands = tribute.hands();
    let mut w = Writer::new(out);
    for field in FkField::ALL {
        let slot = w.next(field.size(n));
        match field {
            FkField::Hand => set_counts(slot, &hands[seat]),
            FkField::HandSizes => {
                for (s, hand) in hands.iter().enumerate() {
                    slot[rel(s)] = hand.len() as f32 / HAND_SCALE;
                }
            }
            FkField::ToAct => {
                if let Some(s) = tribute.to_act().filter(|_| !over) {
                    slot[rel(s)] = 1.0;
                }
            }
            FkField::TopType => slot[0] = -1.0,
            _ => {}
        }
    }
}

/// FKO-48: the giver, the receiver, whether the giver is exempt (FKO-45), what is due
/// (tribute, FKO-44, or return, FKO-46) and the card given are public; the card returned
/// only the giver and the receiver see.
fn encode_tribute(tribute: &FkTribute, seat: usize, over: bool, out: &mut [f32]) {
    let n = tribute.num_players();
    let rel = |s: usize| (s + n - seat) % n;
    let mut w = Writer::new(out);
    for field in TributeField::ALL {
        let slot = w.next(field.size(n));
        match field {
            T::Giver => slot[rel(tribute.giver())] = 1.0,
            T::Receiver => slot[rel(tribute.receiver())] = 1.0,
            T::Exempt => slot[0] = f32::from(u8::from(tribute.exempt())),
            T::Due => {
                // Nothing is due once the hand is over (a resignation during the exchange).
                if tribute.to_act().is_some() && !over {
                    slot[usize::from(tribute.tributed().is_some())] = 1.0;
                }
            }
            T::Given => {
                if let Some(c) = tribute.tributed() {
                    slot[c.index()] = 1.0;
                }
            }
            T::Returned => {
                let sees = seat == tribute.giver() || seat == tribute.receiver();
                if let Some(c) = tribute.returned().filter(|_| sees) {
                    slot[c.index()] = 1.0;
                }
            }
        }
    }
}

/// Sets 1 at each card index `hand` holds (one deck: every card once, FK-1).
fn set_counts(slot: &mut [f32], hand: &Counts) {
    for (i, &c) in hand.0.iter().enumerate().take(K) {
        if c > 0 {
            slot[i] = 1.0;
        }
    }
}
