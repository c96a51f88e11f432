//! The kitty burial (C-4, TR-14, R4-21, R5-14): the declarer, holding the kitty, buries
//! as many cards. The choices are every multiset of that size of the hand, counted
//! and indexed without listing them (a 33-card hand has millions of burials). Under
//! Tractor's kitty theft (TRO-112) the phase goes on: rounds of chances to overcall
//! ([`Theft`]), each steal taking the kitty and burying again.

use std::sync::Arc;

use crate::card::{format_cards, Card, Counts, Rank};
use crate::error::ActionError;
use crate::multiset::{Items, Space};
use crate::trick::{TrickRules, Variant};

use super::kitty_theft::Theft;
use super::{option_or_pass, Action, Phase, TractorHouse};

/// The burial phase of one hand.
#[derive(Clone, Debug)]
pub struct Burial {
    rules: Arc<TrickRules>,
    hands: Vec<Counts>,
    declarer: usize,
    /// Who holds the kitty and buries: the declarer, or the last stealer (TRO-112).
    burier: usize,
    /// The cards a stealer took up: the burial it stole (TRO-112).
    taken: Option<Vec<Card>>,
    size: usize,
    space: Space,
    buried: Option<Vec<Card>>,
    /// Tractor's kitty theft (TRO-112): the rounds of chances after each burial.
    theft: Option<Theft>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
    /// A Tractor hand's house rules, for what a search of the burial plays for (TRO-20,
    /// TRO-30); the default elsewhere.
    house: TractorHouse,
    /// Finding Friends' burial: friend calls come next (FF-14, FF-20).
    friends_next: bool,
}

/// Every `size`-card multiset of `hand`, its cards in strength order (C-4): earlier
/// cards, and more copies of them, first.
fn burials(rules: &TrickRules, hand: &Counts, size: usize) -> Space {
    let mut items: Items = Vec::new();
    for c in rules.sorted(hand) {
        if items.last().is_none_or(|&(x, _)| x != c) {
            items.push((c, hand.get(c)));
        }
    }
    Space::new(Counts::default(), items, size, 0)
}

impl Burial {
    /// C-4: `hands[declarer]` already holds the kitty; `size` cards are to be buried.
    pub fn new(
        rules: impl Into<Arc<TrickRules>>,
        hands: Vec<Counts>,
        declarer: usize,
        size: usize,
    ) -> Result<Burial, String> {
        let rules = rules.into();
        if declarer >= hands.len() {
            return Err(format!(
                "declarer {declarer} is not a seat of {}",
                hands.len()
            ));
        }
        if hands[declarer].len() < size {
            return Err(format!(
                "the declarer holds {} cards and cannot bury {size}",
                hands[declarer].len()
            ));
        }
        let space = burials(&rules, &hands[declarer], size);
        Ok(Burial {
            rules,
            hands,
            declarer,
            burier: declarer,
            taken: None,
            size,
            space,
            buried: None,
            theft: None,
            log: Vec::new(),
            house: TractorHouse::default(),
            friends_next: false,
        })
    }

    /// The burial of a Tractor hand played under `house`.
    pub fn with_house(mut self, house: TractorHouse) -> Burial {
        self.house = house;
        self
    }

    /// TRO-112: the burial of a Tractor hand at `level` whose kitty may be stolen,
    /// `standing` the deal's last declaration.
    pub fn with_theft(mut self, level: Rank, standing: Option<(usize, Vec<Card>)>) -> Burial {
        let players = self.hands.len();
        self.theft = Some(Theft::new(level, self.house, players, standing));
        self
    }

    /// TRO-112: the kitty theft's rounds, when the hand plays them.
    pub fn theft(&self) -> Option<&Theft> {
        self.theft.as_ref()
    }

    /// Who holds the kitty and buries: the declarer, or the last stealer (TRO-112).
    pub fn burier(&self) -> usize {
        self.burier
    }

    /// TRO-112: the cards the burier took up when it stole (the burial before), seen by
    /// it alone; None for the declarer's burial, whose kitty is the deal's.
    pub fn taken(&self) -> Option<&[Card]> {
        self.taken.as_deref()
    }

    /// TRO-112: the seat asked whether it steals, while a round of chances runs.
    pub fn stealing(&self) -> Option<usize> {
        self.buried.as_ref()?;
        self.theft.as_ref()?.asking()
    }

    /// The burial of a Finding Friends hand, friend calls to come (FF-14, FF-20).
    pub fn before_friends(mut self) -> Burial {
        self.friends_next = true;
        self
    }

    /// Whether friend calls come next (Finding Friends, FF-20).
    pub fn friends_next(&self) -> bool {
        self.friends_next
    }

    /// The house rules of the hand (the default but in Tractor).
    pub fn house(&self) -> TractorHouse {
        self.house
    }

    pub fn rules(&self) -> &Arc<TrickRules> {
        &self.rules
    }

    pub fn declarer(&self) -> usize {
        self.declarer
    }

    /// How many cards are buried.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The hands (the burier's without the buried cards once buried).
    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    pub fn into_hands(self) -> Vec<Counts> {
        self.hands
    }

    /// The legal index of burying `cards` (`Phase::legal_action`'s), or `None` when
    /// they are not a burial of the burier's hand (or none is awaited).
    pub fn position(&self, cards: &Counts) -> Option<u64> {
        self.buried.is_none().then(|| self.space.position(cards))?
    }

    /// TRO-112: the declarations the asked seat may steal with, in the listed order.
    fn steal_options(&self, seat: usize) -> Vec<Vec<Card>> {
        self.theft
            .as_ref()
            .map_or_else(Vec::new, |t| t.options(seat, &self.hands[seat]))
    }

    /// TRO-112: `seat` steals with `cards` (checked): the trump its declaration names,
    /// the kitty into its hand, and its burial awaited.
    fn steal(&mut self, seat: usize, cards: &[Card]) -> Result<(), ActionError> {
        let theft = self.theft.as_mut().expect("a kitty theft round");
        let trump = cards[0].suit();
        let r = &self.rules;
        self.rules = TrickRules::shared(Variant::Tractor, trump, r.level_rank, r.opts)
            .map_err(|e| ActionError::illegal(e.to_string()))?;
        theft.steal(seat, cards.to_vec());
        let kitty = self.buried.take().expect("a burial to steal");
        for &c in &kitty {
            self.hands[seat].add(c, 1);
        }
        self.taken = Some(kitty);
        self.burier = seat;
        self.space = burials(&self.rules, &self.hands[seat], self.size);
        Ok(())
    }

    /// TRO-112: the asked seat's answer, `declare CARDS` or `pass`.
    fn answer(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        let theft = self.theft.as_mut().expect("a kitty theft round");
        match action {
            Action::Pass => theft.pass(),
            Action::Declare(cards) => {
                if let Some(reason) = theft.error(seat, &self.hands[seat], cards) {
                    return Err(reason);
                }
                self.steal(seat, cards)?;
            }
            _ => {
                return Err(ActionError::breaks(
                    "TRO-112",
                    format!(
                        "seat {seat} may steal the kitty now: 'declare CARDS' or 'pass' (TRO-112)"
                    ),
                ))
            }
        }
        Ok(action.clone())
    }

    /// The buried cards in strength order, once buried.
    pub fn buried(&self) -> Option<&[Card]> {
        self.buried.as_deref()
    }

    /// C-4: why the declarer may not bury `cards` (as given), or None.
    pub fn check(&self, cards: &[Card]) -> Option<ActionError> {
        if cards.len() != self.size {
            return Some(ActionError::breaks(
                "C-4",
                format!("bury exactly {} cards, not {}", self.size, cards.len()),
            ));
        }
        let mut rest = self.hands[self.burier];
        for &c in cards {
            if rest.get(c) == 0 {
                return Some(ActionError::illegal(format!("you do not hold {c}")));
            }
            rest.remove(c, 1);
        }
        None
    }
}

impl Phase for Burial {
    fn num_players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<usize> {
        self.buried
            .is_none()
            .then_some(self.burier)
            .or(self.stealing())
    }

    fn num_legal(&self) -> u64 {
        if let Some(seat) = self.stealing() {
            return self.steal_options(seat).len() as u64 + 1;
        }
        if self.buried.is_some() {
            return 0;
        }
        self.space.count()
    }

    /// The burials; in a round of chances (TRO-112) the steals, then `pass`.
    fn legal_action(&self, index: u64) -> Option<Action> {
        if let Some(seat) = self.stealing() {
            return option_or_pass(self.steal_options(seat), index, Action::Declare);
        }
        if self.buried.is_some() {
            return None;
        }
        let counts = self.space.nth(index)?;
        Some(Action::Bury(self.rules.sorted(&counts)))
    }

    fn legal_actions(&self, limit: usize) -> Vec<Action> {
        if let Some(seat) = self.stealing() {
            let mut out: Vec<Action> = self
                .steal_options(seat)
                .into_iter()
                .map(Action::Declare)
                .collect();
            out.push(Action::Pass);
            out.truncate(limit);
            return out;
        }
        if self.buried.is_some() {
            return Vec::new();
        }
        self.space
            .list(limit)
            .iter()
            .map(|c| Action::Bury(self.rules.sorted(c)))
            .collect()
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        if let Some(seat) = self.stealing() {
            return self.answer(seat, action);
        }
        let Action::Bury(cards) = action else {
            let who = if self.burier == self.declarer {
                "the declarer"
            } else {
                "the stealer" // TRO-112
            };
            return Err(ActionError::illegal(format!(
                "{who} must bury {} cards now",
                self.size
            )));
        };
        if let Some(reason) = self.check(cards) {
            return Err(reason);
        }
        let buried = Counts::from_cards(cards);
        self.hands[self.burier].remove_all(&buried);
        let ordered = self.rules.sorted(&buried);
        self.buried = Some(ordered.clone());
        if let Some(theft) = &mut self.theft {
            theft.open(self.burier);
        }
        Ok(Action::Bury(ordered))
    }
}

impl Burial {
    /// The buried cards as text, once buried.
    pub fn buried_text(&self) -> Option<String> {
        self.buried.as_deref().map(format_cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::error::ErrorKind;
    use crate::trick::{Options, Variant};

    fn rules() -> TrickRules {
        let v = Variant::Tractor;
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    fn hand(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn c_4_burial_count_is_multiset_combinations() {
        // 33 distinct cards: every 8-subset.
        let text = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac \
                    3d 4d 5d 6d 7d 8d 9d Td";
        let b = Burial::new(rules(), vec![hand(text), hand("")], 0, 8).unwrap();
        assert_eq!(b.num_legal(), binomial(33, 8));
        // Copies: {a, a, b} choose 2 = {aa, ab}.
        let b = Burial::new(rules(), vec![hand("3s 3s 4s")], 0, 2).unwrap();
        assert_eq!(b.num_legal(), 2);
        let texts: Vec<String> = b.legal_actions(10).iter().map(|a| a.to_string()).collect();
        assert_eq!(texts, ["bury 4s 3s", "bury 3s 3s"]);
    }

    #[test]
    fn c_4_nth_agrees_with_the_listing() {
        let b = Burial::new(rules(), vec![hand("3s 3s 4s 5h 2h BJ Kc Kc Kc")], 0, 4).unwrap();
        let all = b.legal_actions(usize::MAX);
        assert_eq!(all.len() as u64, b.num_legal());
        for (i, a) in all.iter().enumerate() {
            assert_eq!(b.legal_action(i as u64).as_ref(), Some(a));
        }
        assert_eq!(b.legal_action(all.len() as u64), None);
    }

    #[test]
    fn c_4_a_checked_burial_changes_nothing_when_rejected() {
        let mut b = Burial::new(rules(), vec![hand("3s 3s 4s 5h"), hand("6c")], 0, 2).unwrap();
        let e = b
            .act(&Action::Bury(parse_cards("3s").unwrap()))
            .unwrap_err();
        assert_eq!(e.message, "bury exactly 2 cards, not 1");
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("C-4")));
        assert_eq!(
            b.act(&Action::Bury(parse_cards("4s 4s").unwrap()))
                .unwrap_err()
                .message,
            "you do not hold 4s"
        );
        assert_eq!(
            b.act(&Action::Pass).unwrap_err().message,
            "the declarer must bury 2 cards now"
        );
        assert_eq!(b.num_legal(), 4);
        let done = b.act(&Action::Bury(parse_cards("3s 5h").unwrap())).unwrap();
        assert_eq!(done.to_string(), "bury 5h 3s");
        assert_eq!(b.hands()[0], hand("3s 4s"));
        assert_eq!(b.to_act(), None);
    }
}
