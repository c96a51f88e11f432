//! The Red Five 5p friend call (R5-20, R5-21): after burying, the declarer names a call
//! card (an ace or king, 5h or BJ) or goes solo. How many copies the declarer owns
//! (hand and buried) decides how the friend is found, which the play then watches.

use crate::card::{Card, Counts, Rank, Suit, BJ};
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
    rules: TrickRules,
    hands: Vec<Counts>,
    declarer: usize,
    buried: Counts,
    forbid_grab: bool,
    /// Once called: the action (a card or solo), whether the hand is solo, and the call
    /// the play must watch (None when solo).
    called: Option<(Action, bool, Option<Call>)>,
}

impl FriendCall {
    /// `hands` after the burial; `forbid_grab` is R5-22's option `friend_grab = forbid`.
    pub fn new(
        rules: TrickRules,
        hands: Vec<Counts>,
        declarer: usize,
        buried: &[Card],
        forbid_grab: bool,
    ) -> Result<FriendCall, String> {
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
        })
    }

    pub fn rules(&self) -> &TrickRules {
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

    fn act(&mut self, action: &Action) -> Result<Action, String> {
        if self.called.is_some() {
            return Err("the call is made".into());
        }
        let (solo, call) = match action {
            Action::CallSolo => (true, None),
            Action::Call(card) if CALLABLE.contains(card) => self.call_of(*card),
            Action::Call(card) => {
                return Err(format!(
                    "the call card is an ace or king, 5h or BJ (R5-20), not {card}; or 'call solo'"
                ))
            }
            _ => return Err("the declarer calls a friend now: 'call Ah', … or 'call solo'".into()),
        };
        self.called = Some((action.clone(), solo, call));
        Ok(action.clone())
    }
}
