//! The exact check of a sampled deal, without replaying the play: every play of the
//! history is legal on the sampled hands and has the same public outcome. A replay of the
//! log would check the same (the sampler's tests hold the two to agree); this one skips
//! what the caps already guarantee (the follows the facts mark sure) and builds nothing.
//!
//! What it checks, trick by trick on the hands of that moment: a throw stands or fails (C-50) with the same forced play (C-51); a follow the
//! caps leave unsure is legal (C-30, C-31); with a call card, the friend appears at the
//! same play, by a grab or not (R5-21, R5-22), and under `friend_grab = forbid` no play
//! grabs.

use crate::card::{Card, Counts};
use crate::trick::{Call, CallMode, Format, TrickPlay, TrickRules};

use super::facts::PlayFacts;

/// The friend as [`TrickPlay::friend`] gives it: engine-known seat, public, by a grab.
pub type FriendState = (Option<usize>, bool, bool);

/// R5-22 (a): every legal play of `hand` by the rules holds a copy of `card`.
fn forced_copy(rules: &TrickRules, hand: &Counts, lead: Option<&Format>, card: Card) -> bool {
    let moves = match lead {
        None => rules.lead_moves(hand),
        Some(l) => rules.follow_moves(hand, l),
    };
    moves.without(card).is_none()
}

/// R5-22 (b): `play` leaves `hand` no card of `card`'s effective suit.
fn empties_suit(rules: &TrickRules, hand: &Counts, card: Card, play: &Counts) -> bool {
    let mut rest = *hand;
    rest.remove_all(play);
    rules.count_in_suit(&rest, rules.suit_of(card)) == 0
}

/// The call card's watch over one play (R5-21, R5-22): refuses a play `forbid` makes
/// illegal, and finds the friend.
struct Watch<'a> {
    rules: &'a TrickRules,
    call: Call,
    viewer: usize,
    friend: FriendState,
}

impl Watch<'_> {
    /// `seat` plays `actual` (asked `asked`) from `hand`; false when the play is illegal.
    fn play(
        &mut self,
        seat: usize,
        hand: &Counts,
        lead: Option<&Format>,
        asked: &Counts,
        actual: &Counts,
    ) -> bool {
        let (rules, call) = (self.rules, self.call);
        let card = call.card;
        let (friend, public, _) = self.friend;
        let watched = call.mode == CallMode::FirstPlay
            && friend.is_none()
            && seat != call.declarer
            && !rules.is_trump(card)
            && asked.get(card) > 0;
        let forced = || forced_copy(rules, hand, lead, card);
        if watched
            && call.forbid_grab
            && seat != self.viewer
            && !forced()
            && !empties_suit(rules, hand, card, asked)
        {
            return false;
        }
        if public || actual.get(card) == 0 || seat == call.declarer {
            return true;
        }
        match call.mode {
            CallMode::FirstPlay => {
                let grab = !call.forbid_grab
                    && watched
                    && !forced()
                    && !empties_suit(rules, hand, card, actual);
                self.friend = (Some(seat), true, grab);
            }
            CallMode::Fixed(holder) if holder == seat => self.friend.1 = true,
            CallMode::Fixed(_) => {}
        }
        true
    }
}

/// Whether the play so far is legal on `start` (every hand when the play began) with
/// `call`, with the same public outcomes as `real`; then the friend state it gives. The
/// world keeps the facts (`Position::keeps_facts`): every hand held what it played, and
/// a failed throw's thrower what it attempted.
pub fn consistent(
    real: &TrickPlay,
    viewer: usize,
    facts: &PlayFacts,
    start: &[Counts],
    call: Option<Call>,
) -> Option<FriendState> {
    let rules = real.rules();
    let n = start.len();
    let mut hands = start.to_vec();
    let mut watch = call.map(|call| Watch {
        rules,
        call,
        viewer,
        friend: match call.mode {
            CallMode::Fixed(s) => (Some(s), false, false),
            CallMode::FirstPlay => (None, false, false),
        },
    });
    for trick in &facts.tricks {
        for (i, &(seat, actual)) in trick.plays.iter().enumerate() {
            let asked = match (i, &trick.attempted) {
                (0, Some((attempted, _))) => *attempted,
                _ => actual,
            };
            let hand = hands[seat];
            if i == 0 {
                let format = trick.attempted.as_ref().map_or(&trick.lead, |(_, f)| f);
                if format.is_throw() {
                    let others: Vec<Counts> =
                        (0..n).filter(|&s| s != seat).map(|s| hands[s]).collect();
                    let check = rules.check_throw_counts(format, &others);
                    if check.ok != trick.attempted.is_none() {
                        return None;
                    }
                    if !check.ok && Counts::from_cards(&check.forced) != actual {
                        return None;
                    }
                }
            } else if trick.unsure & (1 << i) != 0
                && rules
                    .follow_error_counts(&hand, &trick.lead, &actual)
                    .is_some()
            {
                return None;
            }
            let lead = (i > 0).then_some(&trick.lead);
            if let Some(w) = watch.as_mut() {
                if !w.play(seat, &hand, lead, &asked, &actual) {
                    return None;
                }
            }
            hands[seat].remove_all(&actual);
        }
    }
    Some(watch.map_or((None, false, false), |w| w.friend))
}
