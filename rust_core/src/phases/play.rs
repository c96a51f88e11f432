//! The two play objects spoken to in action text, like the phases before them: `play
//! CARDS` in a trick-taking hand, `play CARDS [as KIND]` or `pass` in Fifty-K, each
//! checked before it is applied and given back in its canonical form.

use crate::card::{Card, Counts};
use crate::fifty_k::{CardSet, FkAction, FkPlay, Kind};
use crate::trick::TrickPlay;

use super::Action;

impl TrickPlay {
    /// A play as action text: `play` and the cards in the hand's strength order.
    pub fn play_action(&self, play: &Counts) -> Action {
        Action::Play(self.rules().sorted(play), None)
    }

    /// Checks then applies `seat`'s action (`play CARDS`); returns its canonical form.
    /// An error leaves the play unchanged.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, String> {
        let cards = match action {
            Action::Play(_, Some(_)) => return Err("'as KIND' is only for Fifty-K".into()),
            Action::Play(cards, None) => Counts::from_cards(cards),
            _ => return Err("it is the play phase: 'play CARDS'".into()),
        };
        self.apply(seat, &cards)?;
        Ok(self.play_action(&cards))
    }

    /// Applies the `index`-th legal play; returns it as action text.
    pub fn act_legal(&mut self, index: u64) -> Result<Action, String> {
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
    /// Reads `cards` as a combination (`kind` when given, FK-17), or the reason it is none.
    pub fn read_text(&self, cards: &[Card], kind: Option<&str>) -> Result<FkAction, String> {
        let set = CardSet::from_cards(cards).map_err(|e| e.to_string())?;
        let kind = kind
            .map(Kind::parse)
            .transpose()
            .map_err(|e| e.to_string())?;
        self.read(set, kind).map(FkAction::Play)
    }

    /// Checks then applies `seat`'s action (FK-30: `play CARDS [as KIND]` or `pass`);
    /// returns its canonical form. An error leaves the play unchanged.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, String> {
        let turn = match action {
            Action::Pass => FkAction::Pass,
            Action::Play(cards, kind) => self.read_text(cards, kind.as_deref())?,
            _ => return Err("Fifty-K takes 'play CARDS [as KIND]' or 'pass'".into()),
        };
        self.apply(seat, turn)?;
        Ok(fifty_k_action(&turn))
    }

    /// Applies the `index`-th legal action; returns it as action text.
    pub fn act_legal(&mut self, index: usize) -> Result<Action, String> {
        let (seat, turn) = self.legal_turn(index)?;
        self.apply_checked(seat, turn);
        Ok(fifty_k_action(&turn))
    }
}
