//! The phases before the play, as state objects like [`crate::trick::TrickPlay`]: the
//! deals with their declarations (TR-10..TR-13, R5-10..R5-13), the Red Five 4p bidding
//! and trump (R4-10..R4-14, R4-20), the kitty burial (C-4), the friend call (R5-20) and
//! Finding Friends' friend calls (FF-20).
//!
//! Each object says who acts, counts and indexes that seat's legal actions in the
//! order the API lists them, checks an action before applying it (a rejected one
//! changes nothing and the error gives the reason with its rule id), and returns the
//! canonical text of what it applied. Deals advance inside the object to the next
//! seat that has a choice.

mod action;
mod bidding;
mod deck;
mod friend;
mod friends;
mod kitty;
mod kitty_theft;
mod next;
mod play;
mod reveal;
#[cfg(test)]
mod test_support;
mod tractor_deal;
mod tractor_house;

use crate::error::ActionError;

pub use action::{ordinal, parse_action, Action, VERBS};
pub use bidding::{bid_range, BidStage, RedFive4pBidding};
pub use deck::{
    check_deck, deal_all, fifty_k_check_table, fifty_k_deal, fifty_k_deal_decks, fifty_k_full_deck,
    make_deck, trick_deck, FiftyKDeal, FIFTY_K_DECK,
};
pub use friend::{FriendCall, CALLABLE};
pub use friends::{FriendCalls, FriendRestriction};
pub use kitty::Burial;
pub use play::{fifty_k_action, fifty_k_pile_action};
pub use reveal::RedFive5pDeal;
pub use tractor_deal::{declaration_strength, TractorDeal};
pub use tractor_house::{
    DeclarationOrder, DeclarationStrength, FirstDealer, JokerDeclarations, KittyMultiplier,
    KittyTheft, Reinforce, ThrowPenalty, TractorDecks, TractorHouse,
};

/// The `index`-th of `options` then `pass` (the deals and the bidding list pass last).
fn option_or_pass<T>(
    options: Vec<T>,
    index: u64,
    to_action: impl FnOnce(T) -> Action,
) -> Option<Action> {
    let n = options.len() as u64;
    if index == n {
        return Some(Action::Pass);
    }
    options.into_iter().nth(index as usize).map(to_action)
}

/// Why `seat` may not act now, in the words of the API (None when it may): the check
/// every phase object and both play objects make first.
pub fn turn_error(num_players: usize, to_act: Option<usize>, seat: i64) -> Option<ActionError> {
    if let Err(e) = ActionError::check_seat(seat, num_players) {
        return Some(e);
    }
    match to_act {
        None => Some(ActionError::game_over("this phase is over")),
        Some(s) if s as i64 != seat => Some(ActionError::not_your_turn(format!(
            "it is not seat {seat}'s turn (waiting for seat {s})"
        ))),
        Some(_) => None,
    }
}

/// What every phase object offers: whose turn, the legal actions, checked application.
pub trait Phase {
    /// Seats in the game.
    fn num_players(&self) -> usize;

    /// The seat to act; `None` once the phase is over.
    fn to_act(&self) -> Option<usize>;

    /// How many legal actions the seat to act has (0 when the phase is over).
    fn num_legal(&self) -> u64;

    /// The `index`-th legal action, in the order [`Phase::legal_actions`] lists them.
    fn legal_action(&self, index: u64) -> Option<Action>;

    /// Checks an action of the seat to act, then applies it; returns its canonical
    /// form. An error leaves the phase unchanged. (Use [`Phase::act`], which logs it.)
    fn checked(&mut self, action: &Action) -> Result<Action, ActionError>;

    /// Every applied action in order: (seat, canonical action).
    fn log(&self) -> &[(usize, Action)];

    /// The log, for [`Phase::act`].
    fn log_mut(&mut self) -> &mut Vec<(usize, Action)>;

    /// Applies an action of the seat to act after checking it, and logs it; returns
    /// its canonical form. An error leaves the phase unchanged.
    fn act(&mut self, action: &Action) -> Result<Action, ActionError> {
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("this phase is over"))?;
        let done = self.checked(action)?;
        self.log_mut().push((seat, done.clone()));
        Ok(done)
    }

    /// The first `limit` legal actions.
    fn legal_actions(&self, limit: usize) -> Vec<Action> {
        let n = self.num_legal().min(limit as u64);
        (0..n).filter_map(|i| self.legal_action(i)).collect()
    }

    /// Why `seat` may not act now, in the words of the API (None when it may).
    fn turn_error(&self, seat: i64) -> Option<ActionError> {
        turn_error(self.num_players(), self.to_act(), seat)
    }

    /// Checks the turn, then the action, then applies it.
    fn apply(&mut self, seat: i64, action: &Action) -> Result<Action, ActionError> {
        match self.turn_error(seat) {
            Some(e) => Err(e),
            None => self.act(action),
        }
    }

    /// `text` parsed as an action, a refusal in this phase's words.
    fn parse_text(&self, text: &str) -> Result<Action, ActionError> {
        parse_action(text)
    }

    /// Checks the turn, parses the text, then checks and applies it (the order of the API).
    fn apply_text(&mut self, seat: i64, text: &str) -> Result<Action, ActionError> {
        if let Some(e) = self.turn_error(seat) {
            return Err(e);
        }
        self.act(&self.parse_text(text)?)
    }

    /// Applies the `index`-th legal action.
    fn apply_legal(&mut self, index: u64) -> Result<Action, ActionError> {
        let Some(action) = self.legal_action(index) else {
            // The count only names the range in the error: counting again costs.
            let count = self.num_legal();
            return Err(match self.to_act() {
                Some(s) => ActionError::illegal(format!(
                    "seat {s} has {count} legal actions; {index} is out of range"
                )),
                None => ActionError::game_over(format!(
                    "nobody has {count} legal actions; {index} is out of range"
                )),
            });
        };
        self.act(&action)
    }
}
