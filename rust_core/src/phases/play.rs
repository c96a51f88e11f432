//! The play objects spoken to in action text, like the phases before them: `play
//! CARDS` in a trick-taking hand, `play CARDS [as KIND]` or `pass` in Fifty-K, each
//! checked before it is applied and given back in its canonical form.

use crate::card::Card;
use crate::card::Counts;
use crate::error::ActionError;
use crate::fifty_k::pile::{readings, Pile, PileKind};
use crate::fifty_k::pile_legal::PilePattern;
use crate::fifty_k::pile_moves::nth_play;
use crate::fifty_k::pile_turns::{PileAction, PilePlay};
use crate::fifty_k::{FkAction, FkPlay, Kind};
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

/// The cards of a Fifty-K play of several decks as action text gives them: rank
/// ascending (jokers last), suits s, h, c, d, with a triple-and-kickers play's triples
/// before its kickers, as one deck gives them.
fn pile_play_cards(cards: &Pile, kind: PileKind) -> Vec<Card> {
    let all = cards.cards();
    let with_kickers = matches!(
        kind,
        PileKind::Kind(
            Kind::TripleOne | Kind::TriplePair | Kind::TriplesSingles | Kind::TriplesPairs
        )
    );
    if !with_kickers {
        return all;
    }
    let in_triple = |c: &Card| {
        c.rank()
            .is_some_and(|r| cards.count(crate::fifty_k::cardset::fk_rank(r)) >= 3)
    };
    let (triples, kickers): (Vec<Card>, Vec<Card>) = all.into_iter().partition(in_triple);
    triples.into_iter().chain(kickers).collect()
}

/// A Fifty-K action of several decks as action text: `pass`, or `play` and the cards,
/// with `as KIND` when the cards have more than one reading (FK-17).
pub fn fifty_k_pile_action(action: &PileAction) -> Action {
    match action {
        PileAction::Pass => Action::Pass,
        PileAction::Play(cards, combo) => {
            let named = (readings(cards).count() > 1).then(|| combo.kind.name().to_string());
            Action::Play(pile_play_cards(cards, combo.kind), named)
        }
    }
}

impl PilePlay {
    /// Checks then applies `seat`'s action (FK-30: `play CARDS [as KIND]` or `pass`, the
    /// cards of the play's decks, FKO-22); returns its canonical form. An error leaves the
    /// play unchanged.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        let turn = self.turn_of(action)?;
        self.apply(seat, turn)?;
        Ok(fifty_k_pile_action(&turn))
    }

    /// The play or pass `action` names (FK-30, FKO-22), not yet checked against the turn.
    fn turn_of(&self, action: &Action) -> Result<PileAction, ActionError> {
        match action {
            Action::Pass => Ok(PileAction::Pass),
            Action::Play(cards, kind) => {
                let decks = self.hand(0).decks();
                let pile = Pile::from_cards(cards, decks)?;
                let kind = kind.as_deref().map(PileKind::parse).transpose()?;
                self.read(pile, kind)
            }
            _ => Err(ActionError::illegal(
                "Fifty-K takes 'play CARDS [as KIND]' or 'pass'",
            )),
        }
    }

    /// The legal index (`apply_legal`'s) of `action` for the seat to act; `None` when it
    /// is not legal now. Found among its pattern's plays only, without listing the rest.
    pub fn position(&mut self, action: &Action) -> Option<u64> {
        let turn = self.turn_of(action).ok()?;
        self.legal_index(&turn)
    }

    /// The legal index of `turn`: the pass, or the offset of its pattern's plays and its
    /// place among them.
    pub fn legal_index(&mut self, turn: &PileAction) -> Option<u64> {
        let seat = self.to_act()?;
        let passes = u64::from(self.can_pass());
        let PileAction::Play(cards, combo) = turn else {
            return (passes == 1).then_some(0);
        };
        let hand = *self.hand(seat);
        let wanted = PilePattern::of(cards, combo);
        let mut offset = passes;
        for &(pattern, count) in self.legal_patterns() {
            if pattern == wanted {
                let at = (0..count).find(|&i| {
                    nth_play(&hand, &pattern, i)
                        .and_then(|c| Pile::from_cards(&c, hand.decks()).ok())
                        .is_some_and(|p| p == *cards)
                })?;
                return Some(offset + at);
            }
            offset += count;
        }
        None
    }

    /// Applies the `index`-th legal action; returns it as action text.
    pub fn act_legal(&mut self, index: u64) -> Result<Action, ActionError> {
        let count = self.num_legal();
        let turn = self.nth_legal(index).ok_or_else(|| {
            ActionError::illegal(format!(
                "there are {count} legal actions; index {index} is out of range"
            ))
        })?;
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("the hand is over"))?;
        self.apply(seat, turn)?;
        Ok(fifty_k_pile_action(&turn))
    }
}
