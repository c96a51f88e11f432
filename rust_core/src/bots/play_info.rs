//! What one seat knows when the play of a trick-taking hand starts, beyond the play
//! object: what the hand is played for, and what the phases before the play showed it
//! (the cards declared or revealed, its own burial, the call card), as the search's
//! sampler takes it.

use crate::card::Counts;
use crate::phases::{Action, Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal};
use crate::sample::Known;

use super::{Sides, TrickGoal};

/// The finished phases before the play of a trick-taking hand.
#[derive(Clone, Copy, Debug)]
pub enum Before<'a> {
    Tractor(&'a TractorDeal, &'a Burial),
    /// With the option `kitty_points = always` (R4-40).
    RedFive4p(&'a RedFive4pBidding, &'a Burial, bool),
    RedFive5p(&'a RedFive5pDeal, &'a Burial, &'a FriendCall),
}

/// One seat's view of the hand at the start of the play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayInfo {
    pub goal: TrickGoal,
    pub known: Known,
}

impl PlayInfo {
    /// What `seat` knows once the phases `before` are over: the declarations (TR-10,
    /// TR-11) and the reveal (R5-10) show cards their makers held; the burier knows the
    /// kitty (C-4); everyone knows the call card (R5-20).
    pub fn new(before: Before<'_>, seat: usize) -> Result<PlayInfo, String> {
        let burial = match before {
            Before::Tractor(_, b) | Before::RedFive4p(_, b, _) | Before::RedFive5p(_, b, _) => b,
        };
        let declarer = burial.declarer();
        let n = burial.hands().len();
        let mut known = Known {
            holds: vec![Counts::default(); n],
            kitty: (seat == declarer)
                .then(|| burial.buried().map(Counts::from_cards))
                .flatten(),
            ..Known::default()
        };
        let goal = match before {
            Before::Tractor(deal, _) => {
                for (s, cards) in deal.declarations() {
                    let shown = Counts::from_cards(cards);
                    let holds = &mut known.holds[*s];
                    for c in cards {
                        holds.0[c.index()] = holds.get(*c).max(shown.get(*c));
                    }
                }
                TrickGoal::Tractor { dealer: declarer }
            }
            Before::RedFive4p(bidding, _, kitty_always) => {
                let (_, bid) = bidding.declarer().ok_or("the bidding is not over")?;
                TrickGoal::RedFive4p {
                    declarer,
                    bid,
                    kitty_always,
                }
            }
            Before::RedFive5p(deal, _, call) => {
                if let Some((s, card)) = deal.reveal() {
                    known.holds[s].add(card, 1);
                }
                if let Some(Action::Call(card)) = call.called() {
                    known.call = Some(*card);
                }
                known.forbid_grab = call.forbid_grab();
                TrickGoal::RedFive5p { declarer }
            }
        };
        Ok(PlayInfo { goal, known })
    }

    /// A view with nothing known but who plays with whom (for bots that do not search).
    pub fn sides_only(sides: Sides) -> PlayInfo {
        let goal = match sides {
            Sides::Partners => TrickGoal::Tractor { dealer: 0 },
            Sides::Alone(declarer) => TrickGoal::RedFive4p {
                declarer,
                bid: 0,
                kitty_always: false,
            },
            Sides::Friend(declarer) => TrickGoal::RedFive5p { declarer },
        };
        PlayInfo {
            goal,
            known: Known::default(),
        }
    }
}
