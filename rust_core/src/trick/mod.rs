//! The trick-taking core shared by Red Five (4p, 5p) and Tractor: common rules C-10..C-61.

mod arrange;
mod bombs;
mod cards;
mod follow;
mod format;
mod friends;
mod moves;
mod order;
mod picks;
mod play;
mod seats;
mod shared;
mod throw;
mod winner;

#[cfg(test)]
pub(crate) use bombs::four_decks_with;
pub use cards::PlayCards;
pub use format::{Component, Format, Kind, Shape, Unit};
pub use friends::{DoubleJoin, FriendCard, FriendWatch};
pub use moves::Moves;
pub use order::{
    Bombs, FollowFormat, FollowProtect, Level, OptionValue, Options, RulesError, ThrowJudgement,
    TrickRules, Variant, TRUMP,
};
pub use picks::PickOptions;
pub use play::{Call, CallMode, Outcome, Played, TrickPlay, TrickRecord};
pub use throw::{forced_order, ThrowCheck};
