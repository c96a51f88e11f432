//! A trick play chosen card by card (the environments' action space): which card kinds
//! the seat to act may pick next so that its picks still lead to a legal play, and
//! whether the picks are one.

use crate::card::{Card, Counts, NUM_CARDS};

use super::play::TrickPlay;

/// The card kinds that may be picked next (by `Card::index`), and whether the picks so
/// far are a legal play.
pub type PickOptions = ([bool; NUM_CARDS], bool);

impl TrickPlay {
    /// The options of the seat to act having picked `picked` (copies of its own cards):
    /// a kind may be picked when some legal play holds the picks and one more of it; the
    /// picks are a play when they are a legal one. A lead where throws are allowed (C-24)
    /// is any legal multiset of one effective suit, too many to list: a kind may be
    /// picked there when the picks with it, or with the whole of its effective suit
    /// held, are a legal lead. Nothing may be picked when the hand is over.
    pub fn pick_options(&mut self, picked: &Counts) -> PickOptions {
        let mut cards = [false; NUM_CARDS];
        let Some(seat) = self.to_act() else {
            return (cards, false);
        };
        if self.trick().next().is_none() && self.rules().opts.throws {
            return self.lead_pick_options(seat, picked);
        }
        let mut done = false;
        for play in self.moves().list(usize::MAX) {
            if !play.contains(picked) {
                continue;
            }
            let mut exact = true;
            for (k, option) in cards.iter_mut().enumerate() {
                if play.0[k] > picked.0[k] {
                    *option = true;
                    exact = false;
                }
            }
            done |= exact;
        }
        (cards, done && !picked.is_empty())
    }

    fn lead_pick_options(&self, seat: usize, picked: &Counts) -> PickOptions {
        let rules = self.rules();
        let hand = self.hand(seat);
        let first = (0..NUM_CARDS).find(|&k| picked.0[k] > 0);
        let suit = |k: usize| rules.suit_of(Card::from_index(k).expect("a card index"));
        let mut cards = [false; NUM_CARDS];
        for (k, option) in cards.iter_mut().enumerate() {
            if hand.0[k] <= picked.0[k] || first.is_some_and(|f| suit(f) != suit(k)) {
                continue;
            }
            let mut more = *picked;
            more.0[k] += 1;
            let whole = rules.in_suit(hand, suit(k));
            *option =
                self.play_error(seat, &more).is_none() || self.play_error(seat, &whole).is_none();
        }
        let done = !picked.is_empty() && self.play_error(seat, picked).is_none();
        (cards, done)
    }
}
