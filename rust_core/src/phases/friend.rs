//! The Red Five 5p friend call (R5-20, R5-21): after burying, the declarer names a call
//! card (an ace or king, 5h or BJ) or goes solo. How many copies the declarer owns
//! (hand and buried) decides how the friend is found, which the play then watches.

use std::sync::Arc;

use crate::card::{Card, Counts, Rank, Suit, BJ};
use crate::error::ActionError;
use crate::trick::{Call, CallMode, TrickRules};

use super::{Action, Phase};

const DECKS: u8 = 3;

/// R5-20: the cards a declarer may call, in the order legal actions list them.
pub const CALLABLE: [Card; 10] = [
    Card::new(Rank::ACE, Suit::SPADES),
    Card::new(Rank::ACE, Suit::HEARTS),
    Card::new(Rank::ACE, Suit::CLUBS),
    Card::new(Rank::ACE, Suit::DIAMONDS),
    Card::new(Rank::KING, Suit::SPADES),
    Card::new(Rank::KING, Suit::HEARTS),
    Card::new(Rank::KING, Suit::CLUBS),
    Card::new(Rank::KING, Suit::DIAMONDS),
    Card::new(Rank::FIVE, Suit::HEARTS),
    BJ,
];

/// The friend call of one Red Five 5p hand.
#[derive(Clone, Debug)]
pub struct FriendCall {
    rules: Arc<TrickRules>,
    hands: Vec<Counts>,
    declarer: usize,
    buried: Counts,
    forbid_grab: bool,
    /// Once called: the action (a card or solo), whether the hand is solo, and the call
    /// the play must watch (None when solo).
    called: Option<(Action, bool, Option<Call>)>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

impl FriendCall {
    /// `hands` after the burial; `forbid_grab` is R5-22's option `friend_grab = forbid`.
    pub fn new(
        rules: impl Into<Arc<TrickRules>>,
        hands: Vec<Counts>,
        declarer: usize,
        buried: &[Card],
        forbid_grab: bool,
    ) -> Result<FriendCall, String> {
        let rules = rules.into();
        if declarer >= hands.len() {
            return Err(format!(
                "declarer {declarer} is not a seat of {}",
                hands.len()
            ));
        }
        Ok(FriendCall {
            rules,
            hands,
            declarer,
            buried: Counts::from_cards(buried),
            forbid_grab,
            called: None,
            log: Vec::new(),
        })
    }

    pub fn rules(&self) -> &Arc<TrickRules> {
        &self.rules
    }

    pub fn declarer(&self) -> usize {
        self.declarer
    }

    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    pub fn buried(&self) -> &Counts {
        &self.buried
    }

    /// R5-21: the declarer's copies of `card`, in hand and buried.
    pub fn copies_owned(&self, card: Card) -> u8 {
        self.hands[self.declarer].get(card) + self.buried.get(card)
    }

    /// The call once made: `call X` or `call solo`.
    /// R5-22 `friend_grab = forbid`.
    pub fn forbid_grab(&self) -> bool {
        self.forbid_grab
    }

    pub fn called(&self) -> Option<&Action> {
        self.called.as_ref().map(|(a, _, _)| a)
    }

    /// R5-21: whether the hand is solo (called solo, or all copies owned).
    pub fn solo(&self) -> bool {
        self.called.as_ref().is_some_and(|(_, solo, _)| *solo)
    }

    /// R5-21, R5-22: the call the play watches (None before the call or when solo).
    pub fn play_call(&self) -> Option<Call> {
        self.called.as_ref().and_then(|(_, _, c)| *c)
    }

    /// R5-21: solo when every copy is owned; 死拚 (the third copy's holder, the first
    /// other seat holding it) when all but one; else the first other player to play one.
    fn call_of(&self, card: Card) -> (bool, Option<Call>) {
        let owned = self.copies_owned(card);
        if owned == DECKS {
            return (true, None);
        }
        let mode = if owned == DECKS - 1 {
            let holder = (0..self.hands.len())
                .find(|&s| s != self.declarer && self.hands[s].get(card) > 0)
                .expect("the third copy is in another hand");
            CallMode::Fixed(holder)
        } else {
            CallMode::FirstPlay
        };
        let call = Call {
            card,
            declarer: self.declarer,
            mode,
            forbid_grab: self.forbid_grab && mode == CallMode::FirstPlay,
        };
        (false, Some(call))
    }
}

impl Phase for FriendCall {
    fn num_players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<usize> {
        self.called.is_none().then_some(self.declarer)
    }

    fn num_legal(&self) -> u64 {
        if self.called.is_some() {
            0
        } else {
            CALLABLE.len() as u64 + 1
        }
    }

    fn legal_action(&self, index: u64) -> Option<Action> {
        if self.called.is_some() {
            return None;
        }
        match CALLABLE.get(index as usize) {
            Some(&c) => Some(Action::Call(c)),
            None => (index as usize == CALLABLE.len()).then_some(Action::CallSolo),
        }
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        if self.called.is_some() {
            return Err(ActionError::game_over("the call is made"));
        }
        let (solo, call) = match action {
            Action::CallSolo => (true, None),
            Action::Call(card) if CALLABLE.contains(card) => self.call_of(*card),
            Action::Call(card) => {
                return Err(ActionError::breaks(
                    "R5-20",
                    format!(
                    "the call card is an ace or king, 5h or BJ (R5-20), not {card}; or 'call solo'"
                ),
                ))
            }
            _ => {
                return Err(ActionError::illegal(
                    "the declarer calls a friend now: 'call Ah', … or 'call solo'",
                ))
            }
        };
        self.called = Some((action.clone(), solo, call));
        Ok(action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::error::ErrorKind;
    use crate::phases::parse_action;
    use crate::trick::{Options, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn friend_call(declarer_hand: &str, buried: &str, forbid: bool) -> FriendCall {
        let v = Variant::RedFive5p;
        let rules =
            TrickRules::new(v, Some(Suit::SPADES), Rank::TWO, Options::defaults(v)).unwrap();
        let hands = vec![
            counts("7c"),
            counts(declarer_hand),
            counts("Ah 3c"),
            counts("Kd"),
            counts("9c"),
        ];
        FriendCall::new(rules, hands, 1, &parse_cards(buried).unwrap(), forbid).unwrap()
    }

    fn call(f: &mut FriendCall, text: &str) -> Result<Action, String> {
        f.act(&parse_action(text).unwrap()).map_err(String::from)
    }

    #[test]
    fn r5_20_callable_cards_in_order_and_others_rejected() {
        let mut f = friend_call("Ah", "", false);
        let texts: Vec<String> = f.legal_actions(20).iter().map(|a| a.to_string()).collect();
        assert_eq!(texts[..4], ["call As", "call Ah", "call Ac", "call Ad"]);
        assert_eq!(texts[8..], ["call 5h", "call BJ", "call solo"]);
        assert_eq!(
            call(&mut f, "call Qh").unwrap_err(),
            "the call card is an ace or king, 5h or BJ (R5-20), not Qh; or 'call solo'"
        );
        assert_eq!(
            call(&mut f, "pass").unwrap_err(),
            "the declarer calls a friend now: 'call Ah', … or 'call solo'"
        );
        let e = f.act(&parse_action("call Qh").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("R5-20")));
        assert_eq!(f.to_act(), Some(1));
        call(&mut f, "call solo").unwrap();
        let e = f.act(&parse_action("call Ah").unwrap()).unwrap_err();
        assert_eq!(
            e.kind_rule(),
            (ErrorKind::GameOver, None),
            "the call is made"
        );
    }

    #[test]
    fn r5_21_copies_owned_decide_how_the_friend_is_found() {
        // One copy owned: the first other player to play one; the grab option applies.
        let mut f = friend_call("Ah", "", true);
        call(&mut f, "call Ah").unwrap();
        let c = f.play_call().unwrap();
        assert_eq!(
            (c.mode, c.forbid_grab, f.solo()),
            (CallMode::FirstPlay, true, false)
        );
        // Two owned (hand and buried): 死拚, the holder of the third copy.
        let mut f = friend_call("Ah", "Ah", true);
        call(&mut f, "call Ah").unwrap();
        let c = f.play_call().unwrap();
        assert_eq!((c.mode, c.forbid_grab), (CallMode::Fixed(2), false));
        // All three owned: solo.
        let mut f = friend_call("Ah Ah", "Ah", false);
        call(&mut f, "call Ah").unwrap();
        assert!(f.solo() && f.play_call().is_none());
        let mut f = friend_call("Ah", "", false);
        call(&mut f, "call solo").unwrap();
        assert!(f.solo() && f.to_act().is_none());
    }
}
