//! What a play-phase bot is told of the hand beyond the play object: who plays with
//! whom (enough for `random` and `greedy`), or the phase objects before the play and the
//! variant's options, from which the search reads what the hand is played for and what
//! its seat knows (the sampler's [`Known`], by [`known_for`]).

use crate::sample::{known_for, Known, Real};
use crate::trick::TrickPlay;

use super::{Setup, Sides, TrickGoal};

/// What a play-phase bot is told.
#[derive(Clone, Copy, Debug)]
pub enum PlayInfo<'a> {
    /// Who plays with whom, and nothing else.
    Sides(Sides),
    /// The real hand's phase objects before the play (its [`Real`] with no play yet)
    /// and the options it was set up with.
    Hand { before: Real<'a>, setup: &'a Setup },
}

impl<'a> PlayInfo<'a> {
    /// Who plays with whom.
    pub fn sides(&self) -> Sides {
        match self {
            PlayInfo::Sides(sides) => *sides,
            PlayInfo::Hand { before, .. } => match *before {
                Real::Tractor(..) => Sides::Partners,
                Real::RedFive4p(_, _, b, _) => Sides::Alone(declarer(b)),
                Real::RedFive5p(_, b, _, _) => Sides::Friend(declarer(b)),
                Real::FindingFriends(..) => Sides::Friends,
                Real::FiftyK(..) => unreachable!("Fifty-K is no trick-taking game"),
            },
        }
    }

    /// What the hand is played for and what `seat` knows in the play `play` (None when
    /// told only the sides).
    pub fn search(&self, play: &TrickPlay, seat: usize) -> Option<(TrickGoal, Known)> {
        let PlayInfo::Hand { before, setup } = self else {
            return None;
        };
        let (real, goal) = match *before {
            Real::Tractor(d, b, _) => (
                Real::Tractor(d, b, Some(play)),
                TrickGoal::Tractor {
                    dealer: declarer(b),
                    house: match setup {
                        Setup::Tractor { house, .. } => *house,
                        _ => unreachable!("a Tractor hand has a Tractor setup"),
                    },
                },
            ),
            Real::RedFive4p(bidding, first, b, _) => {
                let (declarer, bid) = bidding.declarer().expect("the bidding is over");
                let kitty_always = matches!(
                    setup,
                    Setup::RedFive4p {
                        kitty_always: true,
                        ..
                    }
                );
                let goal = TrickGoal::RedFive4p {
                    declarer,
                    bid,
                    kitty_always,
                };
                (Real::RedFive4p(bidding, first, b, Some(play)), goal)
            }
            Real::RedFive5p(d, b, f, _) => (
                Real::RedFive5p(d, b, f, Some(play)),
                TrickGoal::RedFive5p {
                    declarer: declarer(b),
                },
            ),
            // FF-22, FF-31: the calls are public; who holds a called copy is sampled.
            Real::FindingFriends(d, b, c, _) => (
                Real::FindingFriends(d, b, c, Some(play)),
                TrickGoal::FindingFriends,
            ),
            Real::FiftyK(..) => return None,
        };
        Some((goal, known_for(&real, setup, seat)))
    }
}

/// The declarer of a hand whose burial is made.
fn declarer(burial: Option<&crate::phases::Burial>) -> usize {
    burial.expect("the play follows the burial").declarer()
}
