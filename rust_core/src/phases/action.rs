//! The action text of the phases before the play (and `play`, so that a play sent too
//! early is read the same way): parsing with the messages the API promises, and the
//! canonical text of an action.

use std::fmt;

use crate::card::{format_cards, parse_cards, Card, Suit};
use crate::error::ActionError;

/// The verbs, in the order messages list them.
pub const VERBS: [&str; 9] = [
    "bid", "pass", "trump", "declare", "bury", "call", "play", "tribute", "return",
];

/// One parsed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Bid(u32),
    Trump(Suit),
    /// TR-10, R5-10: the cards as given.
    Declare(Vec<Card>),
    /// C-4: the cards as given.
    Bury(Vec<Card>),
    /// R5-20: a call card.
    Call(Card),
    /// R5-20: no friend.
    CallSolo,
    /// FF-20: a friend card, `call 2nd As`: the ordinal (from 1) and the card.
    CallFriend(u8, Card),
    /// A play, with Fifty-K's optional `as KIND`.
    Play(Vec<Card>, Option<String>),
    /// FKO-44: the card given as tribute.
    Tribute(Card),
    /// FKO-46: the card given back for the tribute.
    Return(Card),
}

impl Action {
    /// The verb, as the action text starts.
    pub fn verb(&self) -> &'static str {
        match self {
            Action::Pass => "pass",
            Action::Bid(_) => "bid",
            Action::Trump(_) => "trump",
            Action::Declare(_) => "declare",
            Action::Bury(_) => "bury",
            Action::Call(_) | Action::CallSolo | Action::CallFriend(..) => "call",
            Action::Play(..) => "play",
            Action::Tribute(_) => "tribute",
            Action::Return(_) => "return",
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::Trump(s) => write!(f, "trump {}", s.letter()),
            Action::CallSolo => f.write_str("call solo"),
            Action::Call(c) => write!(f, "call {c}"),
            Action::Tribute(c) | Action::Return(c) => write!(f, "{} {c}", self.verb()),
            Action::CallFriend(n, c) => write!(f, "call {} {c}", ordinal(*n)),
            Action::Declare(cs) | Action::Bury(cs) => {
                write!(f, "{} {}", self.verb(), format_cards(cs))
            }
            Action::Play(cs, kind) => {
                write!(f, "play {}", format_cards(cs))?;
                match kind {
                    Some(k) => write!(f, " as {k}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// An ordinal as the action text writes it: 1st, 2nd, 3rd, 4th, … (FF-20).
pub fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `word` read as an ordinal (FF-20), spelled as [`ordinal`] writes it (any case).
fn parse_ordinal(word: &str) -> Option<u8> {
    let digits = word.find(|c: char| !c.is_ascii_digit())?;
    let n: u8 = word[..digits].parse().ok()?;
    (n > 0 && ordinal(n).eq_ignore_ascii_case(word)).then_some(n)
}

/// `VERB CARD`: the one card a tribute or its return gives (FKO-44, FKO-46).
fn one_card(verb: &str, rest: &str) -> Result<Card, ActionError> {
    if rest.is_empty() {
        return Err(ActionError::malformed(format!(
            "'{verb}' needs a card, e.g. '{verb} 4c'"
        )));
    }
    match cards_of(verb, rest)?.as_slice() {
        [c] => Ok(*c),
        _ => Err(ActionError::malformed(format!("'{verb}' names one card"))),
    }
}

/// Whether `word` was meant as an ordinal: it starts with a digit (0th, 2st) or is a
/// word of letters (first), not two characters as a card is.
fn ordinal_like(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
        || (word.len() > 2 && word.chars().all(|c| c.is_ascii_alphabetic()))
}

/// `call 2nd As` (FF-20), or `call CARD` (R5-20).
fn call_of(rest: &str) -> Result<Action, ActionError> {
    if let Some((first, card)) = rest.split_once(char::is_whitespace) {
        if let Some(n) = parse_ordinal(first) {
            return match cards_of("call", card.trim())?.as_slice() {
                [c] => Ok(Action::CallFriend(n, *c)),
                _ => Err(ActionError::malformed("'call' names one card or 'solo'")),
            };
        }
        let one_card = matches!(parse_cards(card.trim()).as_deref(), Ok([_]));
        if one_card && ordinal_like(first) && parse_cards(first).is_err() {
            return Err(ActionError::malformed_by(
                "FF-20",
                format!("'{first}' is not an ordinal: write 1st, 2nd, 3rd, … (FF-20)"),
            ));
        }
    }
    match cards_of("call", rest)?.as_slice() {
        [c] => Ok(Action::Call(*c)),
        _ => Err(ActionError::malformed("'call' names one card or 'solo'")),
    }
}

fn expected() -> String {
    VERBS.join(", ")
}

fn cards_of(verb: &str, rest: &str) -> Result<Vec<Card>, ActionError> {
    if rest.is_empty() {
        return Err(ActionError::malformed(format!(
            "'{verb}' needs cards, e.g. '{verb} 5h 5h'"
        )));
    }
    parse_cards(rest).map_err(|e| ActionError::malformed(e.to_string()))
}

/// Parses action text; the error names what is wrong.
pub fn parse_action(text: &str) -> Result<Action, ActionError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ActionError::malformed(format!(
            "empty action: expected one of {}",
            expected()
        )));
    }
    let (word, rest) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    };
    let verb = word.to_lowercase();
    match verb.as_str() {
        "pass" if rest.is_empty() => Ok(Action::Pass),
        "pass" => Err(ActionError::malformed("'pass' takes nothing after it")),
        "bid" => {
            if rest.is_empty() || rest.len() > 6 || !rest.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ActionError::malformed(format!(
                    "'bid' needs a whole number, e.g. 'bid 65', not '{rest}'"
                )));
            }
            Ok(Action::Bid(rest.parse().expect("six digits at most")))
        }
        "trump" => match rest.to_lowercase().as_str() {
            letter @ ("s" | "h" | "c" | "d") => {
                Ok(Action::Trump(Suit::parse(letter).expect("a suit letter")))
            }
            _ => Err(ActionError::malformed(format!(
                "'trump' needs a suit s, h, c or d, not '{rest}'"
            ))),
        },
        "call" if rest.to_lowercase() == "solo" => Ok(Action::CallSolo),
        "call" => call_of(rest),
        "declare" => Ok(Action::Declare(cards_of("declare", rest)?)),
        "bury" => Ok(Action::Bury(cards_of("bury", rest)?)),
        "tribute" => Ok(Action::Tribute(one_card("tribute", rest)?)),
        "return" => Ok(Action::Return(one_card("return", rest)?)),
        "play" => {
            let (cards, kind) = match rest.rfind(" as ") {
                Some(i) => {
                    let kind = rest[i + 4..].trim().to_lowercase();
                    if kind.is_empty() {
                        return Err(ActionError::malformed("'as' needs a combination kind"));
                    }
                    (rest[..i].trim(), Some(kind))
                }
                None => (rest, None),
            };
            Ok(Action::Play(cards_of("play", cards)?, kind))
        }
        _ => Err(ActionError::malformed(format!(
            "unknown action '{word}': expected one of {}",
            expected()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> String {
        parse_action(t).map_or_else(|e| format!("error: {e}"), |a| a.to_string())
    }

    #[test]
    fn canonical_text_round_trips() {
        for t in [
            "pass",
            "bid 65",
            "trump h",
            "declare 2h 2h",
            "bury 3c 4c",
            "call Ah",
            "call solo",
            "call 2nd As",
            "call 1st BJ",
            "call 3rd Td",
            "play 5h as pair",
            "tribute BJ",
            "return 3c",
        ] {
            assert_eq!(text(t), t);
        }
        assert_eq!(text("  DECLARE   10h "), "declare Th");
        assert_eq!(text("Call SOLO"), "call solo");
        assert_eq!(text("trump H"), "trump h");
        assert_eq!(text("CALL 2ND 10s"), "call 2nd Ts");
    }

    #[test]
    fn ff_20_ordinals_are_spelled_as_english_writes_them() {
        let spelled: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .to_vec();
        assert_eq!(
            spelled,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
        for bad in [
            "call 2st As",
            "call 0th As",
            "call 1th As",
            "call 2nd",
            "call 012th As",
        ] {
            assert!(text(bad).starts_with("error: "), "{bad}");
        }
        assert_eq!(text("call 2nd Ax"), text("call Ax"));
        for (bad, word) in [("call 0th As", "0th"), ("call first As", "first")] {
            let e = parse_action(bad).unwrap_err();
            assert_eq!(e.rule, Some("FF-20"));
            assert_eq!(
                e.message,
                format!("'{word}' is not an ordinal: write 1st, 2nd, 3rd, … (FF-20)")
            );
        }
        assert_eq!(text("call Ax As"), text("call Ax"));
        assert_eq!(
            text("call 2nd As Kh"),
            "error: 'call' names one card or 'solo'"
        );
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(text("pass 3"), "error: 'pass' takes nothing after it");
        assert_eq!(
            text("bid x"),
            "error: 'bid' needs a whole number, e.g. 'bid 65', not 'x'"
        );
        assert!(text("bid 1234567").starts_with("error: 'bid' needs a whole number"));
        assert_eq!(
            text("trump ♥"),
            "error: 'trump' needs a suit s, h, c or d, not '♥'"
        );
        assert_eq!(
            text("trump x"),
            "error: 'trump' needs a suit s, h, c or d, not 'x'"
        );
        assert_eq!(text("call Ah Kh"), "error: 'call' names one card or 'solo'");
        assert_eq!(text("tribute 2s 2h"), "error: 'tribute' names one card");
        assert_eq!(
            text("return"),
            "error: 'return' needs a card, e.g. 'return 4c'"
        );
        assert_eq!(text("bury"), "error: 'bury' needs cards, e.g. 'bury 5h 5h'");
        assert_eq!(text("play"), "error: 'play' needs cards, e.g. 'play 5h 5h'");
        assert!(text("hop").starts_with("error: unknown action 'hop': expected one of bid"));
        assert!(text("").starts_with("error: empty action"));
    }

    #[test]
    fn every_parse_error_is_malformed_and_cites_no_rule() {
        for t in [
            "",
            "pass 3",
            "bid x",
            "trump x",
            "call Ah Kh",
            "bury",
            "play 5z",
            "declare",
            "hop",
        ] {
            let e = parse_action(t).unwrap_err();
            assert_eq!(
                (e.kind, e.rule),
                (crate::error::ErrorKind::Malformed, None),
                "{t}"
            );
        }
    }
}
