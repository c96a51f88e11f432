//! The two play objects spoken to in action text, like the phases before them: `play
//! CARDS` in a trick-taking hand, `play CARDS [as KIND]` or `pass` in Fifty-K, each
//! checked before it is applied and given back in its canonical form.

use crate::card::Counts;
use crate::error::ActionError;
use crate::fifty_k::{FkAction, FkPlay};
use crate::trick::TrickPlay;

use super::Action;

impl TrickPlay {
    /// A play as action text: `play` and the cards in the hand's strength order.
    pub fn play_action(&self, play: &Counts) -> Action {
        Action::Play(self.rules().sorted(play), None)
    }

    /// Checks then applies `seat`'s action (`play CARDS`); returns its canonical form.
    /// An error leaves the play unchanged.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        let cards = match action {
            Action::Play(_, Some(_)) => {
                return Err(ActionError::illegal("'as KIND' is only for Fifty-K"))
            }
            Action::Play(cards, None) => Counts::from_cards(cards),
            _ => return Err(ActionError::illegal("it is the play phase: 'play CARDS'")),
        };
        self.apply(seat, &cards)?;
        Ok(self.play_action(&cards))
    }

    /// Applies the `index`-th legal play; returns it as action text.
    pub fn act_legal(&mut self, index: u64) -> Result<Action, ActionError> {
        let (seat, play) = self.legal_move(index)?;
        self.apply_checked(seat, play);
        Ok(self.play_action(&play))
    }
}

/// A Fifty-K action as action text: `pass` or `play` and the cards strongest first.
pub fn fifty_k_action(action: &FkAction) -> Action {
    match action {
        FkAction::Pass => Action::Pass,
        FkAction::Play(c) => Action::Play(c.ordered_cards(), None),
    }
}

impl FkPlay {
    /// Checks then applies `seat`'s action (FK-30: `play CARDS [as KIND]` or `pass`);
    /// returns its canonical form. An error leaves the play unchanged.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        let turn = match action {
            Action::Pass => FkAction::Pass,
            Action::Play(cards, kind) => FkAction::Play(self.read_cards(cards, kind.as_deref())?),
            _ => {
                return Err(ActionError::illegal(
                    "Fifty-K takes 'play CARDS [as KIND]' or 'pass'",
                ))
            }
        };
        self.apply(seat, turn)?;
        Ok(fifty_k_action(&turn))
    }

    /// Applies the `index`-th legal action; returns it as action text.
    pub fn act_legal(&mut self, index: usize) -> Result<Action, ActionError> {
        let (seat, turn) = self.legal_turn(index)?;
        self.apply_checked(seat, turn);
        Ok(fifty_k_action(&turn))
    }
}
