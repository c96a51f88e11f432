//! Errors of the Fifty-K functions: bad cards for the number of decks, unknown names, bad
//! ids.

use std::fmt;

use crate::card::Card;
use crate::error::ActionError;

/// Why a Fifty-K argument was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FkError {
    /// A joker: Fifty-K plays one deck without jokers (FK-1).
    Joker(Card),
    /// The same physical card twice in one hand or play (one deck, FK-1).
    Duplicate(Card),
    /// A card both in the hand and in the combination on the table.
    InHandAndTop(Card),
    /// A kind name that is not one of [`super::Kind::ALL`].
    UnknownKind(String),
    /// Cards that do not read as a combination where one is required (FK-17).
    NotACombination(String),
    /// A play id outside `0..NUM_PLAY_IDS`.
    BadId(u64),
    /// A number of decks outside 1..=4 (FKO-20).
    Decks(u8),
    /// A card more times than the decks hold it (FKO-22).
    TooManyCopies(Card, u8),
}

impl fmt::Display for FkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FkError::Joker(c) => write!(
                f,
                "{c} is a joker: Fifty-K uses one deck without jokers (FK-1)"
            ),
            FkError::Duplicate(c) => write!(
                f,
                "{c} appears twice: Fifty-K uses one deck, so each card is unique (FK-1)"
            ),
            FkError::InHandAndTop(c) => write!(
                f,
                "{c} is both in the hand and in the combination to beat (one deck, FK-1)"
            ),
            FkError::UnknownKind(name) => write!(
                f,
                "unknown Fifty-K kind '{name}': expected one of {}",
                super::Kind::ALL.map(|k| k.name()).join(", ")
            ),
            FkError::NotACombination(cards) => {
                write!(f, "'{cards}' is not a Fifty-K combination (FK-17)")
            }
            FkError::BadId(id) => write!(
                f,
                "{id} is not a Fifty-K play id: ids are 0..{}",
                super::NUM_PLAY_IDS
            ),
            FkError::Decks(n) => write!(f, "Fifty-K plays 1 to 4 decks (FKO-20), not {n}"),
            FkError::TooManyCopies(c, n) => write!(
                f,
                "{c} appears more than {n} times: {n} decks hold {n} of each card (FKO-22)"
            ),
        }
    }
}

impl std::error::Error for FkError {}

/// A bad card breaks FK-1 (FKO-22 with several decks), cards that are no combination
/// FK-17; a kind, an id or a number of decks that does not parse is malformed.
impl From<FkError> for ActionError {
    fn from(e: FkError) -> ActionError {
        let message = e.to_string();
        match e {
            FkError::Joker(_) | FkError::Duplicate(_) | FkError::InHandAndTop(_) => {
                ActionError::breaks("FK-1", message)
            }
            FkError::TooManyCopies(..) => ActionError::breaks("FKO-22", message),
            FkError::NotACombination(_) => ActionError::breaks("FK-17", message),
            FkError::UnknownKind(_) | FkError::BadId(_) | FkError::Decks(_) => {
                ActionError::malformed(message)
            }
        }
    }
}
