//! The observation of a Fifty-K hand under the option `tribute` (FKO-40..FKO-48): the
//! layout of one deck ([`FkField`]) or of several ([`PileField`], FKO-20), then what a
//! seat knows of the tribute. Before the play (the tribute's phase "deal", FKO-42) the
//! play's fields hold the hands the tribute leaves, nothing played yet, and the seat
//! that gives or returns to act.

use crate::card::{Counts, NUM_CARDS};
use crate::fifty_k::pile_turns::PilePlay;
use crate::fifty_k::{FkPlay, FkTribute};
use crate::phases::Phase;

use super::fifty_k::{encode_fifty_k, FkField, HAND_SCALE};
use super::fifty_k_piles::{encode_fifty_k_piles, most_dealt, piles_len, set_copies, PileField};
use super::Writer;

/// Cards of one deck without jokers (FK-1).
const K: usize = 52;

/// The card kinds a tribute's card fields hold: one deck's 52 (FK-1), or with several
/// decks the 54 with the jokers (FKO-22).
fn card_kinds(piles: bool) -> usize {
    if piles {
        NUM_CARDS
    } else {
        K
    }
}

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

    /// The field's size with `n` seats, after the layout of one deck or (`piles`) of
    /// several (FKO-20: their cards include the jokers).
    pub fn size(self, n: usize, piles: bool) -> usize {
        match self {
            T::Giver | T::Receiver => n,
            T::Exempt => 1,
            T::Due => 2,
            T::Given | T::Returned => card_kinds(piles),
        }
    }
}

/// The length of the tribute's fields alone, `n` seats.
fn fields_len(n: usize, piles: bool) -> usize {
    TributeField::ALL.iter().map(|f| f.size(n, piles)).sum()
}

/// The length of the layout of one deck (or of several: `piles`) with the tribute's
/// fields, `n` seats.
pub fn tribute_len(n: usize, piles: bool) -> usize {
    let base = if piles {
        piles_len(n)
    } else {
        FkField::ALL.iter().map(|f| f.size(n)).sum()
    };
    base + fields_len(n, piles)
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
    let n = play.map(|p| p.num_players());
    with_tribute(tribute, n, false, seat, over, out, |head| {
        match (play, tribute) {
            (Some(p), _) => encode_fifty_k(p, seat, over, head),
            (None, Some(t)) => encode_before_play(t, seat, over, head),
            (None, None) => unreachable!("checked by with_tribute"),
        }
    })
}

/// Writes `seat`'s observation of a hand of several decks under the option `tribute`
/// (FKO-20, FKO-40) into `out` (exactly [`tribute_len`] long, `piles`): the play's
/// fields ([`PileField`]) from `play` once it began, else from the tribute's hands; the
/// tribute's fields from `tribute` (zeros for a hand without one).
pub fn encode_fifty_k_piles_tribute(
    tribute: Option<&FkTribute>,
    play: Option<&PilePlay>,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
    let n = play.map(|p| p.num_players());
    with_tribute(tribute, n, true, seat, over, out, |head| {
        match (play, tribute) {
            (Some(p), _) => encode_fifty_k_piles(p, seat, over, head),
            (None, Some(t)) => piles_before_play(t, seat, over, head),
            (None, None) => unreachable!("checked by with_tribute"),
        }
    })
}

/// Checks the seat and the buffer (the play's `n` seats, else the tribute's), writes
/// the play's fields with `head` and then the tribute's (`piles`: after several decks').
fn with_tribute(
    tribute: Option<&FkTribute>,
    n: Option<usize>,
    piles: bool,
    seat: usize,
    over: bool,
    out: &mut [f32],
    head: impl FnOnce(&mut [f32]) -> Result<(), String>,
) -> Result<(), String> {
    let Some(n) = n.or(tribute.map(|t| t.num_players())) else {
        return Err("a fifty_k observation needs its tribute or its play".into());
    };
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    let need = tribute_len(n, piles);
    if out.len() != need {
        let decks = if piles { "of several decks " } else { "" };
        return Err(format!(
            "a {n}-player fifty_k observation {decks}with a tribute holds {need} values, not {}",
            out.len()
        ));
    }
    let (play, tail) = out.split_at_mut(need - fields_len(n, piles));
    head(play)?;
    tail.fill(0.0);
    if let Some(t) = tribute {
        encode_tribute(t, seat, over, piles, tail);
    }
    Ok(())
}

/// FKO-42 with several decks: the seat's hand, every hand's size and the seat to act
/// (giver or receiver), as the play's fields write them, but the sizes over one more
/// than the most dealt (the receiver holds the tribute until the return, FKO-46);
/// nothing played, no top.
fn piles_before_play(
    tribute: &FkTribute,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
    let n = tribute.num_players();
    let decks = tribute.decks();
    let rel = |s: usize| (s + n - seat) % n;
    let hands = tribute.hands();
    let most = (most_dealt(decks, n) + 1) as f32;
    let mut w = Writer::new(out);
    for field in PileField::ALL {
        let slot = w.next(field.size(n));
        match field {
            PileField::Hand => set_copies(slot, &hands[seat], f32::from(decks)),
            PileField::HandSizes => {
                for (s, hand) in hands.iter().enumerate() {
                    slot[rel(s)] = hand.len() as f32 / most;
                }
            }
            PileField::ToAct => {
                if let Some(s) = tribute.to_act().filter(|_| !over) {
                    slot[rel(s)] = 1.0;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// FKO-42: one deck's fields during the tribute: the seat's hand, every hand's size,
/// the seat to act (giver or receiver); nothing played, no combination to beat.
fn encode_before_play(
    tribute: &FkTribute,
    seat: usize,
    over: bool,
    out: &mut [f32],
) -> Result<(), String> {
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
    Ok(())
}

/// FKO-48: the giver, the receiver, whether the giver is exempt (FKO-45), what is due
/// (tribute, FKO-44, or return, FKO-46) and the card given are public; the card returned
/// only the giver and the receiver see. `piles`: after several decks' layout.
fn encode_tribute(tribute: &FkTribute, seat: usize, over: bool, piles: bool, out: &mut [f32]) {
    let n = tribute.num_players();
    let rel = |s: usize| (s + n - seat) % n;
    let mut w = Writer::new(out);
    for field in TributeField::ALL {
        let slot = w.next(field.size(n, piles));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{HandState, Setup, Tribute};
    use crate::encode::Layout;

    fn setup(decks: u8, players: usize) -> Setup {
        Setup::FiftyK {
            players,
            decks,
            rules: Default::default(),
            tribute: Tribute::Owed {
                giver: 1,
                receiver: 2,
            },
        }
    }

    fn view(hand: &mut HandState, seat: usize) -> Vec<f32> {
        let mut out = vec![0.0; hand.setup().layout().unwrap().len()];
        hand.encode(seat, &mut out).unwrap();
        out
    }

    /// FKO-20, FKO-48: with several decks the tribute's fields follow the play's; every
    /// value stays in [0, 1] from the exchange to the end of the hand, and the card
    /// returned is in the giver's and the receiver's fields only.
    #[test]
    fn fko_48_several_decks_show_the_return_to_giver_and_receiver_only() {
        for (decks, players, seed) in [(2, 4, 1), (3, 6, 2), (4, 8, 3), (2, 5, 4)] {
            let layout = setup(decks, players).layout().unwrap();
            assert_eq!(layout, Layout::FiftyKPilesTribute(players, decks));
            let (_, at, size) = *layout.fields().last().unwrap();
            assert_eq!((size, at + size), (NUM_CARDS, layout.len()));
            let mut hand = HandState::new(&setup(decks, players), seed).unwrap();
            let mut step = 0u64;
            while hand.to_act().is_some() {
                for seat in 0..players {
                    let v = view(&mut hand, seat);
                    assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "step {step}");
                    let shown = v[at..].iter().any(|&x| x != 0.0);
                    let sees = seat == 1 || seat == 2;
                    assert!(!shown || sees, "seat {seat} sees the return, step {step}");
                }
                let n = hand.num_legal();
                hand.apply_legal((step * 7919) % n).unwrap();
                step += 1;
            }
            assert!(step > 20, "a whole hand: {step} steps");
        }
    }

    /// FKO-48: two hands that differ only in the card returned look alike to every seat
    /// but the giver and the receiver, who see it.
    #[test]
    fn fko_48_a_third_seat_cannot_tell_which_card_came_back() {
        let mut compared = 0;
        for seed in 0..20 {
            let mut twins = [0, 1].map(|_| HandState::new(&setup(2, 4), seed).unwrap());
            if twins[0].to_act() != Some(1) {
                continue; // FKO-45: an exempt giver pays no tribute
            }
            for (k, hand) in twins.iter_mut().enumerate() {
                hand.apply_legal(0).unwrap(); // the tribute
                hand.apply_legal(k as u64).unwrap(); // two different returns
            }
            let [a, b] = &mut twins;
            for seat in [0, 3] {
                assert_eq!(view(a, seat), view(b, seat), "seed {seed} seat {seat}");
            }
            for seat in [1, 2] {
                assert_ne!(view(a, seat), view(b, seat), "seed {seed} seat {seat}");
            }
            compared += 1;
        }
        assert!(compared >= 10, "{compared} tributes paid");
    }

    /// FKO-42: before the play the tribute's hands fill the play's fields: the seat's
    /// own cards, every hand's size, the giver to act.
    #[test]
    fn fko_42_the_exchange_shows_the_hands_it_leaves() {
        let mut hand = HandState::new(&setup(2, 4), 0).unwrap();
        let giver = hand.to_act().unwrap();
        let v = view(&mut hand, 0);
        let layout = hand.setup().layout().unwrap();
        let field = |name: &str| {
            let (_, at, size) = *layout.fields().iter().find(|f| f.0 == name).unwrap();
            &v[at..at + size]
        };
        assert_eq!(field("hand").iter().sum::<f32>() * 2.0, 27.0);
        assert_eq!(field("hand_sizes"), &[27.0 / 28.0; 4]);
        assert_eq!(field("to_act")[giver], 1.0);
        assert_eq!(field("tribute_giver")[1], 1.0);
        assert_eq!(field("tribute_due"), &[1.0, 0.0]);
    }
}
