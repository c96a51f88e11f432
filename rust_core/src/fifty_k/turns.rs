//! The play of a Fifty-K hand as a state object (FK-30..FK-33, FK-40, FK-50): turns,
//! passes, collecting the table's points, players going out and the end of the hand.
//! Every action can be checked before it is applied; a rejected one changes nothing.

use crate::card::Card;
use crate::error::ActionError;

use super::beats::beats;
use super::cardset::CardSet;
use super::combo::{classify, read_as, readings, Combo, Kind};
use super::legal::{count_legal_plays, legal_plays, nth_legal_play};
use super::rules::{FkRules, LeadAfterOut, PureOrder};

/// One turn: pass, or a combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FkAction {
    Pass,
    Play(Combo),
}

/// What an applied action caused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FkOutcome {
    /// FK-31/FK-33: a seat took the table's points.
    pub collected: Option<(usize, u32)>,
    /// FK-32: the player went out, with their place (1 = first).
    pub out: Option<usize>,
    /// The hand ended (FK-40, FK-50).
    pub done: bool,
}

/// The state of the play of one Fifty-K hand.
#[derive(Clone, Debug)]
pub struct FkPlay {
    hands: Vec<CardSet>,
    to_act: usize,
    top: Option<(Combo, usize)>,
    table_points: u32,
    passed: u8,
    collected: Vec<u32>,
    finished: Vec<usize>,
    done: bool,
    rules: FkRules,
    log: Vec<(usize, FkAction)>,
    /// Every card of the plays so far (what `log` plays, kept as a set so that an
    /// observation does not walk the log).
    played: CardSet,
    /// The combinations on the table since it was last cleared.
    round: Vec<(usize, Combo)>,
    moves: Option<Vec<Combo>>,
    /// How many plays `moves` holds, counted without listing them.
    plays: Option<usize>,
}

/// Point value of a card set (C-3).
pub fn points(cards: CardSet) -> u32 {
    cards.cards().iter().map(|c| c.points()).sum()
}

impl FkPlay {
    /// Starts the play under `rules`: `leader` leads first (FK-2: the holder of 3h).
    pub fn new(hands: Vec<CardSet>, leader: usize, rules: FkRules) -> Result<FkPlay, String> {
        let n = hands.len();
        if !(3..=4).contains(&n) {
            return Err(format!("Fifty-K is for 3 or 4 players, not {n}"));
        }
        if leader >= n || hands[leader].is_empty() {
            return Err(format!("seat {leader} cannot lead"));
        }
        let mut seen = CardSet::default();
        let cards: usize = hands.iter().map(|h| h.len() as usize).sum();
        for (i, h) in hands.iter().enumerate() {
            if let Some(c) = h.first_common(seen) {
                return Err(format!("{c} is in hand {i} and an earlier hand"));
            }
            seen = seen.union(*h);
        }
        Ok(FkPlay {
            collected: vec![0; n],
            hands,
            to_act: leader,
            top: None,
            table_points: 0,
            passed: 0,
            finished: Vec::new(),
            done: false,
            rules,
            // Room for every play at once (a play holds a card at least); passes may grow it.
            log: Vec::with_capacity(cards),
            played: CardSet::default(),
            round: Vec::new(),
            moves: None,
            plays: None,
        })
    }

    pub fn num_players(&self) -> usize {
        self.hands.len()
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    pub fn to_act(&self) -> Option<usize> {
        (!self.done).then_some(self.to_act)
    }

    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }

    /// The combination to beat and who played it (None: the seat to act leads).
    pub fn top(&self) -> Option<(Combo, usize)> {
        self.top
    }

    /// Points of the cards on the table (FK-31).
    pub fn table_points(&self) -> u32 {
        self.table_points
    }

    /// Points each seat collected from the table (FK-31, FK-33).
    pub fn collected(&self) -> &[u32] {
        &self.collected
    }

    /// Seats in the order they went out (FK-32).
    pub fn finished(&self) -> &[usize] {
        &self.finished
    }

    /// Seats that passed since the last combination, as a bit mask.
    pub fn passed(&self) -> u8 {
        self.passed
    }

    /// The combinations on the table since it was last cleared (FK-31).
    pub fn round(&self) -> &[(usize, Combo)] {
        &self.round
    }

    /// The options the hand is played under (FK-32, FKO-10).
    pub fn rules(&self) -> FkRules {
        self.rules
    }

    fn pure_order(&self) -> PureOrder {
        self.rules.pure_order
    }

    /// Every applied action, in order.
    pub fn log(&self) -> &[(usize, FkAction)] {
        &self.log
    }

    /// Every card played so far (the union of the log's plays).
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Whether the seat to act may pass (it may not when leading, FK-30; nobody may
    /// once the hand is over).
    pub fn can_pass(&self) -> bool {
        !self.done && self.top.is_some()
    }

    /// The legal combinations of the seat to act, in play-id order.
    pub fn moves(&mut self) -> &[Combo] {
        if self.moves.is_none() {
            let plays = if self.done {
                Vec::new()
            } else {
                let top = self.top.map(|(c, _)| c);
                legal_plays(
                    self.hands[self.to_act],
                    top.as_ref(),
                    self.pure_order(),
                    None,
                )
                .expect("hands and the table are disjoint")
            };
            self.moves = Some(plays);
        }
        self.moves.as_deref().expect("just filled")
    }

    /// Legal actions of the seat to act: a pass (when following) then every play.
    pub fn num_legal(&mut self) -> usize {
        self.can_pass() as usize + self.num_plays()
    }

    /// How many combinations the seat to act may play, without listing them.
    fn num_plays(&mut self) -> usize {
        if let Some(moves) = &self.moves {
            return moves.len();
        }
        if let Some(count) = self.plays {
            return count;
        }
        let count = if self.done {
            0
        } else {
            let top = self.top.map(|(c, _)| c);
            count_legal_plays(self.hands[self.to_act], top.as_ref(), self.pure_order())
                .expect("hands and the table are disjoint") as usize
        };
        self.plays = Some(count);
        count
    }

    /// The `index`-th legal action: 0 is the pass when following, then the plays (found
    /// without listing them unless they are listed already).
    pub fn nth_legal(&mut self, index: usize) -> Option<FkAction> {
        let index = match self.can_pass() {
            true if index == 0 => return Some(FkAction::Pass),
            true => index - 1,
            false => index,
        };
        if let Some(moves) = &self.moves {
            return moves.get(index).copied().map(FkAction::Play);
        }
        if self.done {
            return None;
        }
        let top = self.top.map(|(c, _)| c);
        let hand = self.hands[self.to_act];
        nth_legal_play(hand, top.as_ref(), self.pure_order(), index as u64).map(FkAction::Play)
    }

    /// FK-17: reads `cards` as the play meant: the named kind, or unnamed the reading
    /// legal now (one that beats the table; for a lead the first in FK-10..FK-16 order).
    pub fn read(&self, cards: CardSet, kind: Option<Kind>) -> Result<Combo, ActionError> {
        let top = self.top.map(|(c, _)| c);
        let combo = match (kind, top) {
            (Some(k), _) => read_as(cards, k).ok_or_else(|| {
                ActionError::breaks(
                    "FK-17",
                    format!("{} is not a {} (FK-10..FK-17)", text(cards), k.name()),
                )
            })?,
            (None, None) => classify(cards, None).ok_or_else(|| not_a_combination(cards))?,
            (None, Some(t)) => readings(cards)
                .find(|c| beats(c, &t, self.pure_order()))
                .or_else(|| classify(cards, None))
                .ok_or_else(|| not_a_combination(cards))?,
        };
        Ok(combo)
    }

    /// [`Self::read`] from cards as given and a kind's name: a joker or a card twice
    /// breaks FK-1, an unknown kind does not parse.
    pub fn read_cards(&self, cards: &[Card], kind: Option<&str>) -> Result<Combo, ActionError> {
        let set = CardSet::from_cards(cards)?;
        let kind = kind.map(Kind::parse).transpose()?;
        self.read(set, kind)
    }

    /// Why `seat` may not take `action` now, or `None` when it may.
    pub fn action_error(&self, seat: usize, action: &FkAction) -> Option<ActionError> {
        if let Err(e) = ActionError::check_seat(seat as i64, self.num_players()) {
            return Some(e);
        }
        if self.done {
            return Some(ActionError::game_over("the hand is over"));
        }
        if seat != self.to_act {
            return Some(ActionError::not_your_turn(format!(
                "it is seat {}'s turn, not seat {seat}'s",
                self.to_act
            )));
        }
        match action {
            FkAction::Pass if self.top.is_none() => Some(ActionError::breaks(
                "FK-30",
                "the leader must play a combination (FK-30)",
            )),
            FkAction::Pass => None,
            FkAction::Play(combo) => {
                if let Some(c) = missing(self.hands[seat], combo.cards) {
                    return Some(ActionError::illegal(format!("you do not hold {c}")));
                }
                let (t, _) = self.top?;
                if beats(combo, &t, self.pure_order()) {
                    return None;
                }
                // FKO-12 decides between two pure fifty-Ks when they are equal, FK-21
                // whenever another special takes part, FK-20 between the others.
                let both_pure = combo.kind == Kind::PureFiftyK && t.kind == Kind::PureFiftyK;
                let (rule, cites) = if both_pure && self.pure_order() == PureOrder::Equal {
                    ("FKO-12", "pure fifty-Ks are equal, FKO-12")
                } else if combo.kind.is_special() || t.kind.is_special() {
                    ("FK-21", "FK-20, FK-21")
                } else {
                    ("FK-20", "FK-20, FK-21")
                };
                Some(ActionError::breaks(
                    rule,
                    format!(
                        "{} ({}) does not beat {} ({}) ({cites})",
                        text(combo.cards),
                        combo.kind.name(),
                        text(t.cards),
                        t.kind.name()
                    ),
                ))
            }
        }
    }

    /// Applies an action; an illegal one is refused with the reason and changes nothing.
    pub fn apply(&mut self, seat: usize, action: FkAction) -> Result<FkOutcome, ActionError> {
        if let Some(reason) = self.action_error(seat, &action) {
            return Err(reason);
        }
        Ok(self.apply_checked(seat, action))
    }

    /// Applies the `index`-th legal action of the seat to act.
    pub fn apply_legal(&mut self, index: usize) -> Result<FkOutcome, ActionError> {
        let (seat, action) = self.legal_turn(index)?;
        Ok(self.apply_checked(seat, action))
    }

    /// The seat to act and its `index`-th legal action.
    pub(crate) fn legal_turn(&mut self, index: usize) -> Result<(usize, FkAction), ActionError> {
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("the hand is over"))?;
        let count = self.num_legal();
        let action = self.nth_legal(index).ok_or_else(|| {
            ActionError::illegal(format!(
                "there are {count} legal actions; index {index} is out of range"
            ))
        })?;
        Ok((seat, action))
    }

    /// Applies an action known to be legal (one of the legal actions).
    pub(crate) fn apply_checked(&mut self, seat: usize, action: FkAction) -> FkOutcome {
        self.log.push((seat, action));
        self.moves = None;
        self.plays = None;
        let mut outcome = FkOutcome::default();
        match action {
            FkAction::Pass => {
                self.passed |= 1 << seat;
                self.after_pass(seat, &mut outcome);
            }
            FkAction::Play(combo) => {
                self.hands[seat] = CardSet(self.hands[seat].0 & !combo.cards.0);
                self.played = self.played.union(combo.cards);
                self.table_points += points(combo.cards);
                self.top = Some((combo, seat));
                self.round.push((seat, combo));
                self.passed = 0;
                if self.hands[seat].is_empty() {
                    self.finished.push(seat);
                    outcome.out = Some(self.finished.len());
                }
                if self.hand_over() {
                    // FK-33: points still on the table go to the last combination's player.
                    self.collect(seat, &mut outcome);
                    self.done = true;
                    outcome.done = true;
                } else {
                    self.to_act = self.next_in(seat);
                    self.after_pass(seat, &mut outcome);
                }
            }
        }
        outcome
    }

    /// FK-40 (4 players: both of a team out), FK-50 (3 players: two out).
    fn hand_over(&self) -> bool {
        match self.num_players() {
            4 => (0..2).any(|team| self.finished.iter().filter(|&&s| s % 2 == team).count() == 2),
            _ => self.finished.len() >= 2,
        }
    }

    fn is_in(&self, seat: usize) -> bool {
        !self.hands[seat].is_empty()
    }

    /// The next seat after `seat` in play order that still holds cards.
    fn next_in(&self, seat: usize) -> usize {
        let n = self.num_players();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.is_in(s))
            .expect("the hand is not over")
    }

    /// FK-31: once every other player still in has passed, the last combination's
    /// player collects and leads (FK-32 when that player is out); else the turn moves on.
    fn after_pass(&mut self, seat: usize, outcome: &mut FkOutcome) {
        let Some((_, owner)) = self.top else {
            return;
        };
        let others_in = (0..self.num_players())
            .filter(|&s| s != owner && self.is_in(s))
            .all(|s| self.passed & (1 << s) != 0);
        if others_in {
            self.collect(owner, outcome);
            self.top = None;
            self.round.clear();
            self.passed = 0;
            self.to_act = if self.is_in(owner) {
                owner
            } else {
                self.lead_after(owner)
            };
        } else if self.log.last().is_some_and(|(_, a)| *a == FkAction::Pass) {
            self.to_act = self.next_in(seat);
        }
    }

    /// FK-32 `lead_after_out`: who leads when the collecting player is out.
    fn lead_after(&self, owner: usize) -> usize {
        let partner = (owner + 2) % 4;
        if self.rules.lead_after_out == LeadAfterOut::Partner
            && self.num_players() == 4
            && self.is_in(partner)
        {
            partner
        } else {
            self.next_in(owner)
        }
    }

    fn collect(&mut self, seat: usize, outcome: &mut FkOutcome) {
        if self.table_points > 0 {
            outcome.collected = Some((seat, self.table_points));
        }
        self.collected[seat] += self.table_points;
        self.table_points = 0;
    }

    /// Points of the cards each seat still holds (FK-41, FK-51).
    pub fn hand_points(&self) -> Vec<u32> {
        self.hands.iter().map(|&h| points(h)).collect()
    }
}

fn missing(hand: CardSet, play: CardSet) -> Option<Card> {
    let extra = CardSet(play.0 & !hand.0);
    extra.cards().first().copied()
}

fn text(cards: CardSet) -> String {
    crate::card::format_cards(&cards.cards())
}

fn not_a_combination(cards: CardSet) -> ActionError {
    ActionError::breaks(
        "FK-17",
        format!("{} is not a combination (FK-17)", text(cards)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::error::ErrorKind;

    fn set(text: &str) -> CardSet {
        CardSet::from_cards(&parse_cards(text).unwrap()).unwrap()
    }

    fn partner() -> FkRules {
        FkRules {
            lead_after_out: LeadAfterOut::Partner,
            ..FkRules::default()
        }
    }

    fn play(p: &FkPlay, text: &str) -> FkAction {
        FkAction::Play(p.read(set(text), None).unwrap())
    }

    #[test]
    fn fk_31_collecting_after_everyone_passes() {
        let hands = ["5s 3h", "Ks 4c", "6d 7d", "8c 9c"].map(set).to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let a = play(&p, "5s");
        p.apply(0, a).unwrap();
        let b = play(&p, "Ks");
        p.apply(1, b).unwrap();
        assert_eq!(p.table_points(), 15);
        p.apply(2, FkAction::Pass).unwrap();
        p.apply(3, FkAction::Pass).unwrap();
        let out = p.apply(0, FkAction::Pass).unwrap();
        assert_eq!(out.collected, Some((1, 15)));
        assert_eq!(p.to_act(), Some(1));
        assert!(!p.can_pass());
        assert!(p.apply(1, FkAction::Pass).is_err());
    }

    #[test]
    fn fk_30_passing_does_not_stop_a_later_play() {
        let hands = ["3s 3h", "4s 4c", "6d 7d", "8c 9c"].map(set).to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let a = play(&p, "3s");
        p.apply(0, a).unwrap();
        p.apply(1, FkAction::Pass).unwrap();
        let c = play(&p, "6d");
        p.apply(2, c).unwrap();
        p.apply(3, FkAction::Pass).unwrap();
        p.apply(0, FkAction::Pass).unwrap();
        let d = play(&p, "4s");
        assert!(p.apply(1, d).is_err(), "4 does not beat 6");
        p.apply(1, FkAction::Pass).unwrap();
        assert_eq!(p.to_act(), Some(2));
    }

    #[test]
    fn fk_32_fk_40_going_out_and_the_end() {
        let hands = ["As", "3c 4c", "Ks", "5d 6d"].map(set).to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let a = play(&p, "As");
        let out = p.apply(0, a).unwrap();
        assert_eq!(out.out, Some(1));
        p.apply(1, FkAction::Pass).unwrap();
        p.apply(2, FkAction::Pass).unwrap();
        let out = p.apply(3, FkAction::Pass).unwrap();
        assert_eq!(out.collected, None);
        assert_eq!(p.to_act(), Some(1), "the next seat in play order leads");
        let b = play(&p, "3c");
        p.apply(1, b).unwrap();
        let c = play(&p, "Ks");
        let out = p.apply(2, c).unwrap();
        assert!(out.done, "seats 0 and 2 are both out");
        assert_eq!(p.collected(), &[0, 0, 10, 0]);
    }

    #[test]
    fn fk_32_lead_after_out_partner() {
        let hands = ["As", "3c 4c", "Kd 7h", "5d 6d"].map(set).to_vec();
        let mut p = FkPlay::new(hands, 0, partner()).unwrap();
        let a = play(&p, "As");
        p.apply(0, a).unwrap();
        for s in 1..4 {
            p.apply(s, FkAction::Pass).unwrap();
        }
        assert_eq!(p.to_act(), Some(2));
    }

    #[test]
    fn typed_errors_of_the_fifty_k_play_give_the_kind_and_the_rule() {
        use ErrorKind::*;
        let hands = ["5s 5h 3h 3c", "6s 6h 6c 6d", "7d 7c 9d Td", "8c 9c Tc Jc"]
            .map(set)
            .to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let fives = play(&p, "5s 5h");
        assert_eq!(
            p.apply(4, fives).unwrap_err().kind_rule(),
            (NoSuchSeat, None)
        );
        assert_eq!(
            p.apply(1, fives).unwrap_err().kind_rule(),
            (NotYourTurn, None)
        );
        let e = p.apply(0, FkAction::Pass).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, Some("FK-30")));
        let e = p.read(set("5s 3h"), None).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, Some("FK-17")));
        let e = p.read(set("5s 3h"), Some(Kind::Pair)).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, Some("FK-17")));
        let bj = parse_cards("BJ").unwrap();
        assert_eq!(
            p.read_cards(&bj, None).unwrap_err().kind_rule(),
            (Illegal, Some("FK-1"))
        );
        let e = p
            .read_cards(&parse_cards("5s").unwrap(), Some("quad"))
            .unwrap_err();
        assert_eq!(e.kind_rule(), (Malformed, None));
        p.apply(0, fives).unwrap();
        let e = p.apply(1, play(&p, "3h 3c")).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, None), "not held");
        // A pair on a bomb (FK-21).
        p.apply(1, play(&p, "6s 6h 6c 6d")).unwrap();
        let e = p.apply(2, play(&p, "7d 7c")).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, Some("FK-21")));
        let e = p.apply_legal(99).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, None));
    }

    #[test]
    fn fk_20_a_lower_pair_does_not_beat_citing_fk_20() {
        let hands = ["9s 9h 3h", "5s 5h 4c", "6d 7d 8d", "8c 9c Tc"]
            .map(set)
            .to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let nines = play(&p, "9s 9h");
        p.apply(0, nines).unwrap();
        let e = p.apply(1, play(&p, "5s 5h")).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FK-20")));
        assert!(p.hand(1).len() == 3 && p.to_act() == Some(1), "unchanged");
    }

    #[test]
    fn fko_12_a_pure_fifty_k_on_a_pure_fifty_k_breaks_fko_12() {
        let hands = ["5c Tc Kc 3s", "5s Ts Ks 4s", "6d 7d 8d", "8c 9c Jc"]
            .map(set)
            .to_vec();
        for (order, legal) in [(PureOrder::Suit, true), (PureOrder::Equal, false)] {
            let rules = FkRules {
                pure_order: order,
                ..FkRules::default()
            };
            let mut p = FkPlay::new(hands.clone(), 0, rules).unwrap();
            let clubs = play(&p, "5c Tc Kc");
            p.apply(0, clubs).unwrap();
            let spades = play(&p, "5s Ts Ks");
            assert_eq!(p.action_error(1, &spades).is_none(), legal, "{order:?}");
            assert_eq!(
                p.num_legal(),
                1 + legal as usize,
                "a pass, and the spades if legal"
            );
            if !legal {
                let e = p.apply(1, spades).unwrap_err();
                assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FKO-12")));
                assert!(e.to_string().contains("equal, FKO-12)"), "{e}");
                assert_eq!(p.hand(1).len(), 4, "unchanged");
            }
        }
    }

    #[test]
    fn played_is_every_card_of_the_logs_plays() {
        for seed in 0..60u64 {
            let players = 3 + (seed % 2) as usize;
            let deal = crate::phases::fifty_k_deal(seed, players, None, None).unwrap();
            let hands = deal.hands.iter().map(|h| CardSet::from_cards(h).unwrap());
            let mut p = FkPlay::new(hands.collect(), deal.leader, FkRules::default()).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            loop {
                let from_log = p
                    .log()
                    .iter()
                    .fold(CardSet::default(), |acc, (_, a)| match a {
                        FkAction::Play(c) => acc.union(c.cards),
                        FkAction::Pass => acc,
                    });
                assert_eq!(p.played(), from_log);
                if p.is_done() {
                    break;
                }
                let n = p.num_legal() as u64;
                p.apply_legal(rng.below(n) as usize).unwrap();
            }
        }
    }

    #[test]
    fn game_over_once_the_hand_is_over() {
        let hands = ["3h", "4c", "5d", "6s"].map(set).to_vec();
        let mut p = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        while !p.is_done() {
            let last = p.num_legal() - 1;
            p.apply_legal(last).unwrap();
        }
        assert_eq!(
            (p.num_legal(), p.nth_legal(0)),
            (0, None),
            "not even a pass"
        );
        let e = p.apply(0, FkAction::Pass).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::GameOver, None));
        assert_eq!(
            p.apply_legal(0).unwrap_err().kind_rule(),
            (ErrorKind::GameOver, None)
        );
    }
}
