//! The tribute before a hand of a match (FKO-42..FKO-47): the giver hands their highest
//! single card to the receiver, who gives one card of their choice back; a giver holding
//! every copy of the game's top card is exempt. Which seats give and receive, and who
//! leads once it is done, the game decides (FKO-43, FKO-47); this phase checks and
//! applies the two gifts.

use crate::card::{Card, Counts, Rank, Suit, BJ, LJ};
use crate::error::ActionError;
use crate::phases::{Action, Phase};

/// FKO-44: a card's place in the single-card order, higher beats lower: the 3 lowest,
/// then 4 … K, A, 2, the little joker and the big joker (suits never count).
pub fn single_order(card: Card) -> u8 {
    match card.rank() {
        Some(r) => (r.0 + 12) % 13,
        None if card == LJ => 13,
        None => 14,
    }
}

/// FKO-45: the card whose every copy exempts the giver: the 2 of each suit with one
/// deck (no jokers), else the big joker.
pub(crate) fn exempts(hand: &Counts, decks: u8) -> bool {
    if decks == 1 {
        Suit::ALL
            .iter()
            .all(|&s| hand.get(Card::new(Rank::TWO, s)) > 0)
    } else {
        hand.get(BJ) >= decks
    }
}

/// The distinct cards of `hand`, strongest first (FKO-44), suits s, h, c, d.
fn strongest_first(hand: &Counts) -> Vec<Card> {
    let mut cards: Vec<Card> = (0..crate::card::NUM_CARDS as u8)
        .map(Card)
        .filter(|&c| hand.get(c) > 0)
        .collect();
    cards.sort_by_key(|&c| {
        (
            std::cmp::Reverse(single_order(c)),
            c.suit().map_or(0, |s| s.0),
        )
    });
    cards
}

/// The tribute phase of one hand.
#[derive(Clone, Debug)]
pub struct FkTribute {
    hands: Vec<Counts>,
    giver: usize,
    receiver: usize,
    /// FKO-20: the decks dealt (FKO-45's exemption depends on them).
    decks: u8,
    exempt: bool,
    tributed: Option<Card>,
    returned: Option<Card>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

impl FkTribute {
    /// FKO-43: `giver` owes `receiver` a tribute out of the dealt `hands` of a game of
    /// `decks` decks; FKO-45: over at once when the giver is exempt.
    pub fn new(
        hands: Vec<Counts>,
        giver: usize,
        receiver: usize,
        decks: u8,
    ) -> Result<FkTribute, String> {
        let n = hands.len();
        if giver >= n || receiver >= n || giver == receiver {
            return Err(format!(
                "a tribute needs two seats of {n}, not giver {giver} and receiver {receiver}"
            ));
        }
        if !(1..=4).contains(&decks) {
            return Err(format!("decks must be 1 to 4, not {decks}"));
        }
        if hands[giver].is_empty() {
            return Err(format!("seat {giver} holds no card to give"));
        }
        let exempt = exempts(&hands[giver], decks);
        Ok(FkTribute {
            hands,
            giver,
            receiver,
            decks,
            exempt,
            tributed: None,
            returned: None,
            log: Vec::new(),
        })
    }

    /// The hands, with the gifts made so far.
    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    pub fn giver(&self) -> usize {
        self.giver
    }

    pub fn receiver(&self) -> usize {
        self.receiver
    }

    /// FKO-20: the number of decks dealt.
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// FKO-45: whether the giver is exempt (no tribute is paid).
    pub fn exempt(&self) -> bool {
        self.exempt
    }

    /// The card given as tribute, once given (public, FKO-48).
    pub fn tributed(&self) -> Option<Card> {
        self.tributed
    }

    /// The card given back, once given (seen by giver and receiver only, FKO-48).
    pub fn returned(&self) -> Option<Card> {
        self.returned
    }

    /// FKO-44: the cards the giver may give: each of the highest in the single-card
    /// order they hold, suits s, h, c, d.
    fn tribute_choices(&self) -> Vec<Card> {
        let cards = strongest_first(&self.hands[self.giver]);
        let top = cards.first().map(|&c| single_order(c));
        cards
            .into_iter()
            .take_while(|&c| Some(single_order(c)) == top)
            .collect()
    }

    /// FKO-46: the cards the receiver may give back: any of their hand, strongest first.
    fn return_choices(&self) -> Vec<Card> {
        strongest_first(&self.hands[self.receiver])
    }

    /// The legal choices of the seat to act (none once over).
    fn choices(&self) -> Vec<Action> {
        if self.exempt || self.returned.is_some() {
            Vec::new()
        } else if self.tributed.is_none() {
            self.tribute_choices()
                .into_iter()
                .map(Action::Tribute)
                .collect()
        } else {
            self.return_choices()
                .into_iter()
                .map(Action::Return)
                .collect()
        }
    }

    /// FKO-44, FKO-46: why the seat to act may not take `action`, or None.
    fn check(&self, action: &Action) -> Option<ActionError> {
        match (self.tributed, action) {
            (None, Action::Tribute(c)) => {
                if self.hands[self.giver].get(*c) == 0 {
                    return Some(ActionError::illegal(format!("you do not hold {c}")));
                }
                let highest = self.tribute_choices()[0];
                (single_order(*c) < single_order(highest)).then(|| {
                    ActionError::breaks(
                        "FKO-44",
                        format!(
                            "the tribute is your highest single card (FKO-44): {c} is below {highest}"
                        ),
                    )
                })
            }
            (None, _) => Some(ActionError::breaks(
                "FKO-44",
                format!(
                    "seat {} gives its tribute now: 'tribute CARD', its highest card (FKO-44)",
                    self.giver
                ),
            )),
            (Some(_), Action::Return(c)) => (self.hands[self.receiver].get(*c) == 0)
                .then(|| ActionError::illegal(format!("you do not hold {c}"))),
            (Some(_), _) => Some(ActionError::breaks(
                "FKO-46",
                format!(
                    "seat {} gives a card back now: 'return CARD', any card of their hand (FKO-46)",
                    self.receiver
                ),
            )),
        }
    }
}

impl Phase for FkTribute {
    fn num_players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<usize> {
        if self.exempt || self.returned.is_some() {
            None
        } else if self.tributed.is_none() {
            Some(self.giver)
        } else {
            Some(self.receiver)
        }
    }

    fn num_legal(&self) -> u64 {
        self.choices().len() as u64
    }

    fn legal_action(&self, index: u64) -> Option<Action> {
        self.choices().into_iter().nth(index as usize)
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        if let Some(reason) = self.check(action) {
            return Err(reason);
        }
        let (from, to, card) = match *action {
            Action::Tribute(c) => {
                self.tributed = Some(c);
                (self.giver, self.receiver, c)
            }
            Action::Return(c) => {
                self.returned = Some(c);
                (self.receiver, self.giver, c)
            }
            _ => unreachable!("checked above"),
        };
        self.hands[from].remove(card, 1);
        self.hands[to].add(card, 1);
        Ok(action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::error::ErrorKind;

    fn hand(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn texts(t: &FkTribute) -> Vec<String> {
        t.legal_actions(usize::MAX)
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    #[test]
    fn fko_44_single_order_puts_jokers_over_2s_over_aces() {
        let order: Vec<u8> = parse_cards("3s 4s Ks As 2s LJ BJ")
            .unwrap()
            .into_iter()
            .map(single_order)
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    }

    #[test]
    fn fko_44_the_giver_chooses_among_equal_highest_cards() {
        let hands = vec![hand("3s Ah 2h 2c"), hand("4d"), hand("5d"), hand("6d 7d")];
        let t = FkTribute::new(hands, 0, 3, 1).unwrap();
        assert_eq!(t.to_act(), Some(0));
        assert_eq!(texts(&t), ["tribute 2h", "tribute 2c"]);
        let jokers = vec![hand("LJ 2s BJ"), hand("BJ 3d")];
        let t = FkTribute::new(jokers, 0, 1, 2).unwrap();
        assert_eq!(texts(&t), ["tribute BJ"]);
    }

    #[test]
    fn fko_44_a_lower_card_is_refused_citing_the_rule_and_nothing_changes() {
        let hands = vec![hand("3s Ah 2h"), hand("4d 5d")];
        let mut t = FkTribute::new(hands.clone(), 0, 1, 1).unwrap();
        let e = t
            .apply(0, &Action::Tribute(Card::parse("Ah").unwrap()))
            .unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FKO-44")));
        assert!(e.message.contains("Ah is below 2h"), "{}", e.message);
        let e = t
            .apply(0, &Action::Return(Card::parse("3s").unwrap()))
            .unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FKO-44")));
        let e = t
            .apply(0, &Action::Tribute(Card::parse("2s").unwrap()))
            .unwrap_err();
        assert_eq!(e.message, "you do not hold 2s");
        assert_eq!(t.hands(), &hands[..]);
        assert!(t.log().is_empty());
    }

    #[test]
    fn fko_46_the_receiver_returns_any_card_then_the_phase_is_over() {
        let hands = vec![hand("3s Ah 2h"), hand("4d 5d"), hand("6c")];
        let mut t = FkTribute::new(hands, 0, 1, 1).unwrap();
        t.apply(0, &Action::Tribute(Card::parse("2h").unwrap()))
            .unwrap();
        assert_eq!(t.to_act(), Some(1));
        assert_eq!(texts(&t), ["return 2h", "return 5d", "return 4d"]);
        let e = t
            .apply(1, &Action::Tribute(Card::parse("5d").unwrap()))
            .unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FKO-46")));
        t.apply(1, &Action::Return(Card::parse("4d").unwrap()))
            .unwrap();
        assert_eq!(t.to_act(), None);
        assert_eq!(t.hands()[0], hand("3s Ah 4d"));
        assert_eq!(t.hands()[1], hand("2h 5d"));
        assert_eq!(
            (t.tributed(), t.returned()),
            (Card::parse("2h").ok(), Card::parse("4d").ok())
        );
        let log: Vec<String> = t.log().iter().map(|(s, a)| format!("{s}:{a}")).collect();
        assert_eq!(log, ["0:tribute 2h", "1:return 4d"]);
    }

    #[test]
    fn fko_45_every_copy_of_the_top_card_exempts_the_giver() {
        let twos = hand("2s 2h 2c 2d 3s");
        let t = FkTribute::new(vec![twos, hand("4d")], 0, 1, 1).unwrap();
        assert!(t.exempt());
        assert_eq!((t.to_act(), t.num_legal()), (None, 0));
        let one_joker = vec![hand("BJ LJ LJ"), hand("BJ")];
        assert!(!FkTribute::new(one_joker, 0, 1, 2).unwrap().exempt());
        let both = vec![hand("BJ BJ 3s"), hand("LJ")];
        assert!(FkTribute::new(both, 0, 1, 2).unwrap().exempt());
    }

    #[test]
    fn a_tribute_needs_two_seats() {
        assert!(FkTribute::new(vec![hand("3s"), hand("4s")], 1, 1, 1).is_err());
        assert!(FkTribute::new(vec![hand("3s"), hand("4s")], 0, 2, 1).is_err());
    }
}
