//! The typed rejection of an action by a state object (the play, the phases before it,
//! action parsing): what kind of mistake it is and the rule it breaks, so that callers
//! act on the type and the rule id, never on the English of the message.

use std::fmt;

/// What kind of mistake an action is; one per class of `fenpai.errors` (its `code`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// `ILLEGAL_ACTION`: the rules or the state do not allow it.
    Illegal,
    /// `MALFORMED_ACTION`: the action (or a card in it) does not parse.
    Malformed,
    /// `NOT_YOUR_TURN`: another seat is to act.
    NotYourTurn,
    /// `GAME_OVER`: nobody may act: the game, or the phase the object plays, is over.
    GameOver,
    /// `NO_SUCH_SEAT`: the seat is not one of the game's.
    NoSuchSeat,
}

/// A rejected action: its kind, the id of the rule it breaks (when one applies) and
/// the reason in words. The state object that rejected it is unchanged.
///
/// When the message cites rule ids, `rule` is one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError {
    pub kind: ErrorKind,
    pub rule: Option<&'static str>,
    pub message: String,
}

impl ActionError {
    fn new(kind: ErrorKind, rule: Option<&'static str>, message: String) -> ActionError {
        let e = ActionError {
            kind,
            rule,
            message,
        };
        // Every error a Rust test meets is checked to name a rule its message cites.
        #[cfg(test)]
        e.check_rule();
        e
    }

    /// An action the rules or the state do not allow, citing no rule.
    pub fn illegal(message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::Illegal, None, message.into())
    }

    /// An action that breaks `rule` (an id such as `C-31`).
    pub fn breaks(rule: &'static str, message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::Illegal, Some(rule), message.into())
    }

    /// An action that does not parse.
    pub fn malformed(message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::Malformed, None, message.into())
    }

    /// An action that does not parse as `rule`'s grammar writes it.
    pub fn malformed_by(rule: &'static str, message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::Malformed, Some(rule), message.into())
    }

    /// An action of a seat that is not to act.
    pub fn not_your_turn(message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::NotYourTurn, None, message.into())
    }

    /// An action once nobody may act.
    pub fn game_over(message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::GameOver, None, message.into())
    }

    /// An action of a seat the game does not have.
    pub fn no_such_seat(message: impl Into<String>) -> ActionError {
        ActionError::new(ErrorKind::NoSuchSeat, None, message.into())
    }

    /// `NoSuchSeat` unless `seat` is one of `players` seats (0..players-1).
    pub fn check_seat(seat: i64, players: usize) -> Result<(), ActionError> {
        if (0..players as i64).contains(&seat) {
            return Ok(());
        }
        Err(ActionError::no_such_seat(format!(
            "there is no seat {seat}: seats are 0..{}",
            players - 1
        )))
    }

    /// The kind and the rule, for tests to compare.
    #[cfg(test)]
    pub(crate) fn kind_rule(&self) -> (ErrorKind, Option<&'static str>) {
        (self.kind, self.rule)
    }

    /// Panics unless `rule` is spelled as a rule id and an illegal action's message
    /// cites no rule id or cites its `rule` (other kinds may quote the player's text,
    /// which can look like a rule id).
    #[cfg(test)]
    pub(crate) fn check_rule(&self) {
        if let Some(r) = self.rule {
            assert_eq!(cited(r), [r], "{r} is not spelled as a rule id");
        }
        let cited = cited(&self.message);
        if self.kind == ErrorKind::Illegal && !cited.is_empty() {
            assert!(
                self.rule.is_some_and(|r| cited.contains(&r)),
                "rule {:?} is not one the message cites: {}",
                self.rule,
                self.message
            );
        }
    }
}

impl From<ActionError> for String {
    fn from(e: ActionError) -> String {
        e.message
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ActionError {}

/// The prefixes of the rule files' ids (see the rules' README).
#[cfg(test)]
const RULE_PREFIXES: [&str; 8] = ["C-", "R4-", "R5-", "FK-", "FKO-", "FF-", "TR-", "TRO-"];

#[cfg(test)]
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every rule id in `text`, in order: a prefix and digits standing as one word
/// (`C-3PO` is none), as `fenpai.errors.RULE_ID` reads them.
#[cfg(test)]
fn cited(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for start in 0..bytes.len() {
        if start > 0 && is_word(bytes[start - 1]) {
            continue;
        }
        let Some(prefix) = RULE_PREFIXES
            .iter()
            .find(|p| bytes[start..].starts_with(p.as_bytes()))
        else {
            continue;
        };
        let digits_at = start + prefix.len();
        let end = digits_at
            + bytes[digits_at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
        if end > digits_at && bytes.get(end).is_none_or(|&b| !is_word(b)) {
            out.push(&text[start..end]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cited_finds_rule_ids_as_whole_words() {
        assert_eq!(
            cited("bid 61 is not allowed: bids now are 60, 65 (R4-10, R4-13)"),
            ["R4-10", "R4-13"]
        );
        assert_eq!(cited("X is not a pair (FK-10..FK-17)"), ["FK-10", "FK-17"]);
        assert_eq!(
            cited("TR-11: see C-31 and R5-22"),
            ["TR-11", "C-31", "R5-22"]
        );
        assert!(cited("no rule here; C-3PO and XC-31 are no rule ids, nor C-").is_empty());
    }

    #[test]
    #[should_panic(expected = "is not one the message cites")]
    fn an_illegal_action_must_name_a_rule_its_message_cites() {
        ActionError::breaks("C-30", "a pair must follow a pair (C-31)");
    }

    #[test]
    #[should_panic(expected = "is not spelled as a rule id")]
    fn a_rule_is_spelled_as_the_rule_files_spell_it() {
        ActionError::breaks("C31", "a pair must follow a pair");
    }

    #[test]
    fn other_kinds_may_quote_text_that_looks_like_a_rule() {
        let e = ActionError::malformed("unknown action 'C-31': expected one of bid, pass");
        assert_eq!((e.kind, e.rule), (ErrorKind::Malformed, None));
    }
}
