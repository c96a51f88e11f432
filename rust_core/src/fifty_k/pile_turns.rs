//! The play of a Fifty-K hand of several decks as a state object (FK-30..FK-33,
//! FKO-30): turns, passes, collecting the table's points, players going out and the end
//! of the hand, for 3 to 8 players. Every action is checked before it is applied; a
//! rejected one changes nothing. With one deck it plays as [`super::turns::FkPlay`]
//! (a differential test checks it).

use crate::error::ActionError;

use super::pile::{beats, classify, readings, Pile, PileCombo, PileKind};
use super::pile_legal::{legal_patterns, PilePattern};
use super::pile_moves::{count_plays, nth_play};
use super::rules::{FkRules, LeadAfterOut};

/// One turn: pass, or a combination with its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileAction {
    Pass,
    Play(Pile, PileCombo),
}

/// The state of the play of one Fifty-K hand of several decks.
#[derive(Clone, Debug)]
pub struct PilePlay {
    hands: Vec<Pile>,
    to_act: usize,
    top: Option<(PileCombo, usize)>,
    table_points: u32,
    passed: u16,
    collected: Vec<u32>,
    finished: Vec<usize>,
    done: bool,
    rules: FkRules,
    last_was_pass: bool,
    /// Every applied action, in order.
    log: Vec<(usize, PileAction)>,
    /// The combinations on the table since it was last collected, with their players.
    round: Vec<(usize, Pile, PileCombo)>,
    /// Every card played so far (public).
    played: Pile,
    /// The seat to act's legal patterns with their numbers of plays, once asked.
    legal: Option<Vec<(PilePattern, u64)>>,
}

/// Point value of a pile (C-3): 5s count 5, Ts and Ks 10.
pub fn pile_points(pile: &Pile) -> u32 {
    pile.cards().iter().map(|c| c.points()).sum()
}

impl PilePlay {
    /// Starts the play: `leader` leads first (FK-2, FKO-24). 3 to 8 hands of one number of
    /// decks; `lead_after_out = partner` needs teams (an even number of players, FKO-30).
    pub fn new(hands: Vec<Pile>, leader: usize, rules: FkRules) -> Result<PilePlay, String> {
        let n = hands.len();
        if !(3..=8).contains(&n) {
            return Err(format!("Fifty-K is for 3 to 8 players (FKO-23), not {n}"));
        }
        if hands.iter().any(|h| h.decks() != hands[0].decks()) {
            return Err("every hand must come from the same number of decks".to_string());
        }
        if leader >= n || hands[leader].is_empty() {
            return Err(format!("seat {leader} cannot lead"));
        }
        if rules.lead_after_out == LeadAfterOut::Partner && !n.is_multiple_of(2) {
            return Err(format!(
                "lead_after_out 'partner' needs teams: {n} players play each for themselves (FKO-30)"
            ));
        }
        let played = Pile::from_cards(&[], hands[0].decks()).map_err(|e| e.to_string())?;
        Ok(PilePlay {
            played,
            collected: vec![0; n],
            hands,
            to_act: leader,
            top: None,
            table_points: 0,
            passed: 0,
            finished: Vec::new(),
            done: false,
            rules,
            last_was_pass: false,
            log: Vec::new(),
            round: Vec::new(),
            legal: None,
        })
    }

    /// The rules of the hand (FK-32, FKO-10).
    pub fn rules(&self) -> FkRules {
        self.rules
    }

    /// Every applied action, in order, with its seat.
    pub fn log(&self) -> &[(usize, PileAction)] {
        &self.log
    }

    /// The combinations on the table since it was last collected: (seat, cards, reading).
    pub fn round(&self) -> &[(usize, Pile, PileCombo)] {
        &self.round
    }

    /// Seats that passed since the last combination (a mask, bit = seat).
    pub fn passed(&self) -> u16 {
        self.passed
    }

    /// Whether the seat to act may pass: it follows (FK-30).
    pub fn can_pass(&self) -> bool {
        !self.done && self.top.is_some()
    }

    /// The seat to act's legal patterns (FKO-26..FKO-28) and how many plays each has.
    pub fn legal_patterns(&mut self) -> &[(PilePattern, u64)] {
        if self.legal.is_none() {
            let patterns = if self.done {
                Vec::new()
            } else {
                let hand = &self.hands[self.to_act];
                let top = self.top.map(|(c, _)| c);
                legal_patterns(hand, top.as_ref(), self.rules.pure_order)
                    .into_iter()
                    .map(|p| (p, count_plays(hand, &p)))
                    .collect()
            };
            self.legal = Some(patterns);
        }
        self.legal.as_deref().expect("just filled")
    }

    /// The number of legal actions of the seat to act: a pass when following, then
    /// every play of every legal pattern (every choice of copies and suits).
    pub fn num_legal(&mut self) -> u64 {
        let pass = self.can_pass() as u64;
        pass + self.legal_patterns().iter().map(|&(_, n)| n).sum::<u64>()
    }

    /// The `index`-th legal action: 0 is the pass when following, then the patterns in
    /// [`legal_patterns`] order, each pattern's plays in the order of their picks
    /// ([`nth_play`]); found without listing the others.
    pub fn nth_legal(&mut self, index: u64) -> Option<PileAction> {
        let mut index = match self.can_pass() {
            true if index == 0 => return Some(PileAction::Pass),
            true => index - 1,
            false => index,
        };
        let decks = self.hands[self.to_act].decks();
        let hand = self.hands[self.to_act];
        for &(pattern, count) in self.legal_patterns() {
            if index < count {
                let cards = nth_play(&hand, &pattern, index).expect("below the count");
                let pile = Pile::from_cards(&cards, decks).expect("cards of the hand");
                return Some(PileAction::Play(pile, pattern.combo()));
            }
            index -= count;
        }
        None
    }

    /// Applies the `index`-th legal action of the seat to act.
    pub fn apply_legal(&mut self, index: u64) -> Result<usize, ActionError> {
        let count = self.num_legal();
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("the hand is over"))?;
        let action = self.nth_legal(index).ok_or_else(|| {
            ActionError::illegal(format!(
                "there are {count} legal actions; index {index} is out of range"
            ))
        })?;
        self.apply(seat, action)?;
        Ok(seat)
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

    pub fn hand(&self, seat: usize) -> &Pile {
        &self.hands[seat]
    }

    /// The combination to beat and who played it (None: the seat to act leads).
    pub fn top(&self) -> Option<(PileCombo, usize)> {
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

    /// Every card played so far.
    pub fn played(&self) -> &Pile {
        &self.played
    }

    /// The cards of the combination to beat (None: the seat to act leads).
    pub fn top_cards(&self) -> Option<&Pile> {
        self.top.and(self.round.last()).map(|(_, cards, _)| cards)
    }

    /// Seats in the order they went out (FK-32).
    pub fn finished(&self) -> &[usize] {
        &self.finished
    }

    /// FK-17: `cards` as a play now: the named kind, or unnamed the reading that beats
    /// the table (for a lead, the first reading).
    pub fn read(&self, cards: Pile, kind: Option<PileKind>) -> Result<PileAction, ActionError> {
        let combo = match (kind, self.top) {
            (Some(_), _) | (None, None) => classify(&cards, kind),
            (None, Some((top, _))) => readings(&cards)
                .find(|c| beats(c, &top, self.rules.pure_order))
                .or_else(|| classify(&cards, None)),
        };
        let combo = combo.ok_or_else(|| {
            ActionError::breaks("FK-17", "these cards are not a Fifty-K combination (FK-17)")
        })?;
        Ok(PileAction::Play(cards, combo))
    }

    /// Why `seat` may not take `action` now, or `None` when it may.
    pub fn action_error(&self, seat: usize, action: &PileAction) -> Option<ActionError> {
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
            PileAction::Pass if self.top.is_none() => Some(ActionError::breaks(
                "FK-30",
                "the leader must play a combination (FK-30)",
            )),
            PileAction::Pass => None,
            PileAction::Play(cards, combo) => {
                let hand = &self.hands[seat];
                if let Some(c) = cards
                    .cards()
                    .into_iter()
                    .find(|&c| cards.get(c) > hand.get(c))
                {
                    return Some(ActionError::illegal(format!("you do not hold {c}")));
                }
                if !readings(cards).any(|r| r == *combo) {
                    return Some(ActionError::breaks(
                        "FK-17",
                        format!("these cards are not a {} (FK-17)", combo.kind.name()),
                    ));
                }
                let (top, _) = self.top?;
                (!beats(combo, &top, self.rules.pure_order)).then(|| {
                    ActionError::breaks(
                        "FKO-28",
                        format!(
                            "a {} does not beat a {} (FK-20, FK-21, FKO-28)",
                            combo.kind.name(),
                            top.kind.name()
                        ),
                    )
                })
            }
        }
    }

    /// Applies an action; an illegal one is refused with the reason and changes nothing.
    pub fn apply(&mut self, seat: usize, action: PileAction) -> Result<(), ActionError> {
        if let Some(reason) = self.action_error(seat, &action) {
            return Err(reason);
        }
        self.log.push((seat, action));
        self.legal = None;
        match action {
            PileAction::Pass => {
                self.passed |= 1 << seat;
                self.last_was_pass = true;
                self.after_pass(seat);
            }
            PileAction::Play(cards, combo) => {
                self.hands[seat] = self.hands[seat].minus(&cards);
                self.played = self.played.plus(&cards);
                self.table_points += pile_points(&cards);
                self.top = Some((combo, seat));
                self.round.push((seat, cards, combo));
                self.passed = 0;
                self.last_was_pass = false;
                if self.hands[seat].is_empty() {
                    self.finished.push(seat);
                }
                if self.hand_over() {
                    // FK-33: points still on the table go to the last combination's player.
                    self.collect(seat);
                    self.done = true;
                } else {
                    self.to_act = self.next_in(seat);
                    self.after_pass(seat);
                }
            }
        }
        Ok(())
    }

    /// FKO-30: with teams (alternate seats), every player of one team out; without, one
    /// player left in (FK-40 for four players, FK-50 for three).
    fn hand_over(&self) -> bool {
        let n = self.num_players();
        if n.is_multiple_of(2) {
            (0..2).any(|team| self.finished.iter().filter(|&&s| s % 2 == team).count() == n / 2)
        } else {
            self.finished.len() >= n - 1
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
    fn after_pass(&mut self, seat: usize) {
        let Some((_, owner)) = self.top else {
            return;
        };
        let others_in = (0..self.num_players())
            .filter(|&s| s != owner && self.is_in(s))
            .all(|s| self.passed & (1 << s) != 0);
        if others_in {
            self.collect(owner);
            self.top = None;
            self.round.clear();
            self.passed = 0;
            self.to_act = if self.is_in(owner) {
                owner
            } else {
                self.lead_after(owner)
            };
        } else if self.last_was_pass {
            self.to_act = self.next_in(seat);
        }
    }

    /// FK-32, FKO-30 `lead_after_out`: the next seat still in, or with `partner` the
    /// next teammate in play order still in.
    fn lead_after(&self, owner: usize) -> usize {
        let n = self.num_players();
        let teammate = (1..n / 2)
            .map(|k| (owner + 2 * k) % n)
            .find(|&s| self.is_in(s));
        match (self.rules.lead_after_out, teammate) {
            (LeadAfterOut::Partner, Some(seat)) => seat,
            _ => self.next_in(owner),
        }
    }

    fn collect(&mut self, seat: usize) {
        self.collected[seat] += self.table_points;
        self.table_points = 0;
    }

    /// Points of the cards each seat still holds (FK-41, FKO-31).
    pub fn hand_points(&self) -> Vec<u32> {
        self.hands.iter().map(pile_points).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::cardset::CardSet;
    use super::super::pile_legal::{legal_patterns, next_picks};
    use super::super::rules::PureOrder;
    use super::super::test_support::Rng;
    use super::super::turns::{FkAction, FkPlay};
    use super::*;
    use crate::card::Card;
    use crate::phases::fifty_k_deal_decks;

    fn piles(hands: &[Vec<Card>], decks: u8) -> Vec<Pile> {
        hands
            .iter()
            .map(|h| Pile::from_cards(h, decks).unwrap())
            .collect()
    }

    /// A random legal action: sometimes a pass, else a random pattern's random cards.
    fn random_action(play: &PilePlay, rng: &mut Rng) -> PileAction {
        let seat = play.to_act().unwrap();
        let top = play.top().map(|(c, _)| c);
        let patterns = legal_patterns(play.hand(seat), top.as_ref(), PureOrder::Suit);
        if patterns.is_empty() || (top.is_some() && rng.below(3) == 0) {
            return PileAction::Pass;
        }
        let pattern = patterns[rng.below(patterns.len() as u64) as usize];
        let mut picked = Pile::from_cards(&[], play.hand(seat).decks()).unwrap();
        loop {
            let next = next_picks(play.hand(seat), &pattern, &picked);
            if next.is_empty() {
                break;
            }
            let mut cards = picked.cards();
            cards.push(next[rng.below(next.len() as u64) as usize]);
            picked = Pile::from_cards(&cards, picked.decks()).unwrap();
        }
        play.read(picked, Some(pattern.kind)).unwrap()
    }

    #[test]
    fn fko_30_random_hands_keep_cards_and_points_and_end_by_the_rule() {
        let mut rng = Rng(30);
        for game in 0..60u64 {
            let decks = 2 + (game % 3) as u8;
            let players = 4 + (game % 5) as usize;
            let deal = fifty_k_deal_decks(game, players, decks, None, None).unwrap();
            let lead_after_out = if players.is_multiple_of(2) && game.is_multiple_of(2) {
                LeadAfterOut::Partner
            } else {
                LeadAfterOut::Next
            };
            let rules = FkRules {
                lead_after_out,
                ..FkRules::default()
            };
            let mut play = PilePlay::new(piles(&deal.hands, decks), deal.leader, rules).unwrap();
            let mut steps = 0;
            while let Some(seat) = play.to_act() {
                assert!(play.is_in(seat), "only a seat still in acts");
                let action = random_action(&play, &mut rng);
                play.apply(seat, action).unwrap();
                let held: u32 = play.hand_points().iter().sum();
                let taken: u32 = play.collected().iter().sum();
                assert_eq!(held + taken + play.table_points(), 100 * decks as u32);
                steps += 1;
                assert!(steps < 10_000, "the hand ends");
            }
            let out = play.finished();
            let team_out = |team: usize| out.iter().filter(|&&s| s % 2 == team).count();
            if players.is_multiple_of(2) {
                let last = *out.last().unwrap() % 2;
                assert_eq!(team_out(last), players / 2, "a whole team is out");
                assert!(team_out(1 - last) < players / 2);
            } else {
                assert_eq!(out.len(), players - 1, "one player is left in");
            }
            assert_eq!(play.table_points(), 0, "FK-33: the table is collected");
        }
    }

    #[test]
    fn fko_21_one_deck_plays_as_the_one_deck_engine() {
        let mut rng = Rng(21);
        for game in 0..150u64 {
            let players = 3 + (game % 2) as usize;
            let deal = crate::phases::fifty_k_deal(game, players, None, None).unwrap();
            let rules = FkRules {
                lead_after_out: if players == 4 && game % 3 == 0 {
                    LeadAfterOut::Partner
                } else {
                    LeadAfterOut::Next
                },
                pure_order: if game % 2 == 0 {
                    PureOrder::Suit
                } else {
                    PureOrder::Equal
                },
            };
            let sets: Vec<CardSet> = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).unwrap())
                .collect();
            let mut one = FkPlay::new(sets, deal.leader, rules).unwrap();
            let mut multi = PilePlay::new(piles(&deal.hands, 1), deal.leader, rules).unwrap();
            while let Some(seat) = one.to_act() {
                let n = one.num_legal();
                let action = one.nth_legal(rng.below(n as u64) as usize).unwrap();
                one.apply(seat, action).unwrap();
                let pile_action = match action {
                    FkAction::Pass => PileAction::Pass,
                    FkAction::Play(combo) => {
                        let cards = Pile::from_cards(&combo.cards.cards(), 1).unwrap();
                        multi.read(cards, None).unwrap()
                    }
                };
                multi.apply(seat, pile_action).unwrap();
                assert_eq!(multi.to_act(), one.to_act());
                assert_eq!(multi.collected(), one.collected());
                assert_eq!(multi.finished(), one.finished());
                assert_eq!(multi.table_points(), one.table_points());
            }
            assert!(multi.is_done());
        }
    }

    #[test]
    fn fk_30_fko_28_refusals_change_nothing() {
        let deal = fifty_k_deal_decks(3, 6, 2, None, None).unwrap();
        let mut play =
            PilePlay::new(piles(&deal.hands, 2), deal.leader, FkRules::default()).unwrap();
        let seat = play.to_act().unwrap();
        let err = play.action_error(seat, &PileAction::Pass).unwrap();
        assert!(err.to_string().contains("FK-30"), "{err}");
        let other = (seat + 1) % 6;
        assert!(play.apply(other, PileAction::Pass).is_err());
        let mine = play.hand(seat).cards()[0];
        let single = play
            .read(Pile::from_cards(&[mine], 2).unwrap(), None)
            .unwrap();
        play.apply(seat, single).unwrap();
        // The next seat tries a single it does not beat with: the lowest 3 of the decks.
        let next = play.to_act().unwrap();
        let before = play.clone();
        let low = play.hand(next).cards()[0];
        let action = play
            .read(Pile::from_cards(&[low], 2).unwrap(), None)
            .unwrap();
        if let Some(err) = play.action_error(next, &action) {
            assert!(err.to_string().contains("FKO-28"), "{err}");
            assert!(play.apply(next, action).is_err());
            assert_eq!(play.collected(), before.collected());
            assert_eq!(play.hand(next), before.hand(next));
        }
        assert!(PilePlay::new(
            piles(&deal.hands[..5], 2),
            0,
            FkRules {
                lead_after_out: LeadAfterOut::Partner,
                ..FkRules::default()
            }
        )
        .unwrap_err()
        .contains("FKO-30"));
    }
}
