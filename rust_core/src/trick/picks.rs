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
        // Whether the picks are a play is asked of the rules; the plays are walked a
        // chunk at a time, and no further than it takes to find a play for every card
        // kind a play may still add: a follow (C-30, C-31) can have millions of plays,
        // and their order reaches each kind early.
        let done = !picked.is_empty() && self.play_error(seat, picked).is_none();
        let moves = self.moves();
        let most = moves.most();
        let mut open = (0..NUM_CARDS).filter(|&k| most.0[k] > picked.0[k]).count();
        let (total, mut seen, mut chunk) = (moves.count(), 0usize, 256usize);
        while open > 0 && (seen as u64) < total {
            let plays = moves.list(chunk);
            for play in &plays[seen..] {
                if !play.contains(picked) {
                    continue;
                }
                for (k, option) in cards.iter_mut().enumerate() {
                    if play.0[k] > picked.0[k] && !*option {
                        *option = true;
                        open -= 1;
                    }
                }
                if open == 0 {
                    break;
                }
            }
            seen = plays.len();
            chunk = chunk.saturating_mul(8);
        }
        (cards, done)
    }

    fn lead_pick_options(&self, seat: usize, picked: &Counts) -> PickOptions {
        let rules = self.rules();
        let hand = self.hand(seat);
        let first = (0..NUM_CARDS).find(|&k| picked.0[k] > 0);
        let suit = |k: usize| rules.suit_of(Card::from_index(k).expect("a card index"));
        let mut cards = [false; NUM_CARDS];
        // Whether the whole of each effective suit held may be led, found once a suit.
        let mut whole: [Option<bool>; 8] = [None; 8];
        for (k, option) in cards.iter_mut().enumerate() {
            if hand.0[k] <= picked.0[k] || first.is_some_and(|f| suit(f) != suit(k)) {
                continue;
            }
            let s = suit(k);
            let whole_leads = *whole[s as usize]
                .get_or_insert_with(|| self.play_error(seat, &rules.in_suit(hand, s)).is_none());
            let mut more = *picked;
            more.0[k] += 1;
            *option = whole_leads || self.play_error(seat, &more).is_none();
        }
        let done = !picked.is_empty() && self.play_error(seat, picked).is_none();
        (cards, done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::order::{Options, TrickRules, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn tractor() -> TrickRules {
        let v = Variant::Tractor;
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    fn kinds(text: &str) -> [bool; NUM_CARDS] {
        let mut out = [false; NUM_CARDS];
        for c in parse_cards(text).unwrap() {
            out[c.index()] = true;
        }
        out
    }

    #[test]
    fn c_30_a_follow_picks_only_cards_of_some_legal_play() {
        // A pair of spades led: seat 1 must follow with its pair of queens (C-31).
        let hands = ["As As 3d 5c", "Qs Qs Ks 4d", "3s 4s 6d 7c", "Ts Ts 8d 9c"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        p.apply(0, &counts("As As")).unwrap();
        assert_eq!(p.pick_options(&Counts::default()), (kinds("Qs"), false));
        assert_eq!(p.pick_options(&counts("Qs")), (kinds("Qs"), false));
        assert_eq!(p.pick_options(&counts("Qs Qs")), (kinds(""), true));
    }

    #[test]
    fn c_24_a_lead_picks_cards_of_one_suit_that_may_still_be_led() {
        let hands = ["As Ks 3s 4d", "Qs Qs 4c 5d", "3c 4s 6d 7d", "Ts Ts 8d 9d"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let (any, done) = p.pick_options(&Counts::default());
        assert_eq!((any, done), (kinds("As Ks 3s 4d"), false));
        let (spades, done) = p.pick_options(&counts("As"));
        assert_eq!((spades, done), (kinds("Ks 3s"), true));
        let whole = p.rules().in_suit(p.hand(0), 0);
        for k in (0..NUM_CARDS).filter(|&k| spades[k]) {
            let mut more = counts("As");
            more.0[k] += 1;
            assert!(p.play_error(0, &more).is_none() || p.play_error(0, &whole).is_none());
        }
    }

    #[test]
    fn nothing_may_be_picked_once_the_hand_is_over() {
        let hands = ["As", "Ks", "Qs", "Js"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        for (seat, card) in [(0, "As"), (1, "Ks"), (2, "Qs"), (3, "Js")] {
            p.apply(seat, &counts(card)).unwrap();
        }
        assert_eq!(p.pick_options(&Counts::default()), (kinds(""), false));
    }
}
