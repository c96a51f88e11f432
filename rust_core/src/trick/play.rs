//! The play of a hand as a state object: tricks, throws and their penalties, points
//! won, the Red Five 5p call card (R5-21, R5-22) and Finding Friends' friend cards
//! (FF-31). Every operation can be checked
//! before it is applied, and a rejected one changes nothing.

use std::sync::Arc;

use crate::card::{Card, Counts};
use crate::error::ActionError;

use super::cards::PlayCards;
use super::format::Format;
use super::friends::FriendWatch;
use super::moves::Moves;
use super::order::TrickRules;
use super::seats::{Seats, MAX_SEATS};

/// How the friend is found once a call card is named (R5-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// The first player other than the declarer to play a copy (0 or 1 copies owned).
    FirstPlay,
    /// 死拚: the holder of the third copy, made public when that copy is played.
    Fixed(usize),
}

/// The declarer's call card (R5-20..R5-22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    pub card: Card,
    pub declarer: usize,
    pub mode: CallMode,
    /// R5-22 `friend_grab = forbid`.
    pub forbid_grab: bool,
}

/// One play on the table: who played which cards (strongest first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub seat: usize,
    pub cards: PlayCards,
}

/// A finished trick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: usize,
    /// The plays in order; the first is the lead as it stood (after a failed throw, the forced play).
    pub plays: Vec<Played>,
    /// A failed throw's attempted cards (C-51).
    pub attempted: Option<Vec<Card>>,
    pub winner: usize,
    pub points: u32,
}

/// What an applied play caused, for events and logs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// C-51: the attempted throw and the forced play that replaced it.
    pub failed_throw: Option<(Vec<Card>, Vec<Card>)>,
    /// R5-21/R5-22: the friend became public with this play; true when by a grab.
    /// FF-31: the player who joined the declarer's side with this play (never a grab).
    pub friend_revealed: Option<(usize, bool)>,
    /// The trick ended with this play; its winner.
    pub trick_winner: Option<usize>,
}

/// The state of the play of one hand.
#[derive(Clone, Debug)]
pub struct TrickPlay {
    rules: Arc<TrickRules>,
    hands: Seats<Counts>,
    leader: usize,
    trick: Vec<(Played, Counts)>,
    lead: Option<Format>,
    attempted: Option<Vec<Card>>,
    tricks: Vec<TrickRecord>,
    /// Every card of the finished tricks (what `tricks` holds, kept as counts so that
    /// reading it does not walk the tricks).
    finished_cards: Counts,
    points: Seats<u32>,
    failed_throws: Seats<u32>,
    call: Option<Call>,
    friend: Option<usize>,
    friend_public: bool,
    grab: bool,
    /// FF-31: Finding Friends' friend cards, watched as they are played (boxed: the
    /// other variants' plays, cloned by the searches, stay as small as they were).
    friends: Option<Box<FriendWatch>>,
    moves: Option<Moves>,
    /// Every applied play as asked (a failed throw as attempted): replays the hand.
    log: Vec<(usize, Counts)>,
}

impl TrickPlay {
    /// Starts the play: every hand holds the same number of cards; `leader` leads first.
    pub fn new(
        rules: impl Into<Arc<TrickRules>>,
        hands: Vec<Counts>,
        leader: usize,
    ) -> Result<TrickPlay, String> {
        let rules = rules.into();
        let n = hands.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(format!("the play needs 2 to 8 hands, not {n}"));
        }
        if leader >= n {
            return Err(format!("leader {leader} is not a seat of {n}"));
        }
        let size = hands[0].len();
        if let Some(i) = hands.iter().position(|h| h.len() != size) {
            return Err(format!(
                "every hand must hold {size} cards; hand {i} holds {}",
                hands[i].len()
            ));
        }
        for (i, h) in hands.iter().enumerate() {
            rules
                .check_copies(&format!("hand {i}"), h)
                .map_err(|e| e.0)?;
        }
        // Room for the whole hand at once: a play has a card at least, a trick n plays.
        let cards: usize = hands.iter().map(Counts::len).sum();
        Ok(TrickPlay {
            rules,
            hands: Seats::from_slice(&hands),
            leader,
            trick: Vec::with_capacity(n),
            lead: None,
            attempted: None,
            tricks: Vec::with_capacity(size),
            finished_cards: Counts::default(),
            points: Seats::filled(n),
            failed_throws: Seats::filled(n),
            call: None,
            friend: None,
            friend_public: false,
            grab: false,
            friends: None,
            moves: None,
            log: Vec::with_capacity(cards),
        })
    }

    /// R5-20/R5-21: names the call card before the first lead.
    pub fn set_call(&mut self, call: Call) -> Result<(), ActionError> {
        let n = self.num_players();
        if !self.tricks.is_empty() || !self.trick.is_empty() {
            return Err(ActionError::breaks(
                "R5-20",
                "the call card is named before the first lead",
            ));
        }
        if call.declarer >= n
            || matches!(call.mode, CallMode::Fixed(s) if s >= n || s == call.declarer)
        {
            return Err(ActionError::no_such_seat(
                "the call names a seat that is not in the game",
            ));
        }
        self.friend = match call.mode {
            CallMode::Fixed(s) => Some(s),
            CallMode::FirstPlay => None,
        };
        self.call = Some(call);
        self.moves = None;
        Ok(())
    }

    /// FF-20, FF-31: Finding Friends' calls, watched from the first lead on.
    pub fn set_friends(&mut self, watch: FriendWatch) -> Result<(), ActionError> {
        if !self.tricks.is_empty() || !self.trick.is_empty() {
            return Err(ActionError::breaks(
                "FF-20",
                "the friend cards are called before the first lead (FF-20)",
            ));
        }
        if watch.players() != self.num_players() || watch.declarer() >= self.num_players() {
            return Err(ActionError::no_such_seat(
                "the friend calls are for another table",
            ));
        }
        self.friends = Some(Box::new(watch));
        Ok(())
    }

    /// FF-31..FF-33: the friend cards and the declarer's side found so far.
    pub fn friends(&self) -> Option<&FriendWatch> {
        self.friends.as_deref()
    }

    pub fn rules(&self) -> &Arc<TrickRules> {
        &self.rules
    }

    pub fn num_players(&self) -> usize {
        self.hands.len()
    }

    pub fn is_done(&self) -> bool {
        self.trick.is_empty() && self.hands.iter().all(|h| h.is_empty())
    }

    /// The seat to play, `None` when the hand is over.
    pub fn to_act(&self) -> Option<usize> {
        (!self.is_done()).then(|| (self.leader + self.trick.len()) % self.num_players())
    }

    pub fn hand(&self, seat: usize) -> &Counts {
        &self.hands[seat]
    }

    pub fn leader(&self) -> usize {
        self.leader
    }

    /// The current trick's plays so far (the lead as it stands first).
    pub fn trick(&self) -> impl Iterator<Item = &Played> {
        self.trick.iter().map(|(p, _)| p)
    }

    /// The current trick's lead format, once led.
    pub fn lead(&self) -> Option<&Format> {
        self.lead.as_ref()
    }

    /// The current trick's plays as multisets, in order.
    pub fn trick_counts(&self) -> impl Iterator<Item = (usize, &Counts)> {
        self.trick.iter().map(|(p, c)| (p.seat, c))
    }

    /// The seat winning the current trick so far (C-40..C-42).
    pub fn winning(&self) -> Option<usize> {
        let lead = self.lead.as_ref()?;
        let (counts, n) = self.trick_plays();
        Some(
            self.trick[self.rules.winner_counts(lead, &counts[..n])]
                .0
                .seat,
        )
    }

    /// The current trick's plays as multisets, in order, without allocating (at most
    /// 8 seats: [`TrickPlay::new`]).
    fn trick_plays(&self) -> ([Counts; 8], usize) {
        let mut counts = [Counts::default(); 8];
        for (slot, (_, c)) in counts.iter_mut().zip(&self.trick) {
            *slot = *c;
        }
        (counts, self.trick.len())
    }

    /// Every card played so far, in finished tricks and on the table.
    pub fn played(&self) -> Counts {
        let mut out = self.finished_cards;
        for (_, c) in &self.trick {
            out.add_all(c);
        }
        out
    }

    /// A failed throw's attempted cards in the current trick (C-51).
    pub fn attempted(&self) -> Option<&[Card]> {
        self.attempted.as_deref()
    }

    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks
    }

    /// Every card of the finished tricks.
    pub fn finished_cards(&self) -> &Counts {
        &self.finished_cards
    }

    /// Each copy of `card` played in a finished trick: (its player, the trick's winner).
    pub fn copies_won(&self, card: Card) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for t in &self.tricks {
            for p in &t.plays {
                let n = p.cards.iter().filter(|&&c| c == card).count();
                out.extend(std::iter::repeat_n((p.seat, t.winner), n));
            }
        }
        out
    }

    /// C-51: the thrower of each failed throw of the finished tricks, in order.
    pub fn failed_throwers(&self) -> Vec<usize> {
        self.tricks
            .iter()
            .filter(|t| t.attempted.is_some())
            .map(|t| t.leader)
            .collect()
    }

    /// Card points in the tricks each seat won (C-43).
    pub fn points(&self) -> &[u32] {
        &self.points
    }

    /// Failed throws per seat (C-51).
    pub fn failed_throws(&self) -> &[u32] {
        &self.failed_throws
    }

    pub fn call(&self) -> Option<&Call> {
        self.call.as_ref()
    }

    /// The friend once known to the engine (R5-21), whether public yet, and whether by a grab (R5-22).
    pub fn friend(&self) -> (Option<usize>, bool, bool) {
        (self.friend, self.friend_public, self.grab)
    }

    /// The same position dealt from other hands (for `crate::sample`): the hands now,
    /// the call and the friend state (as [`Self::friend`]) they give. The caller checks
    /// that every play so far is legal on them with the same outcome, so the result is
    /// the play a replay of the log on those hands would give. Finding Friends' friends
    /// (FF-31) follow from the public plays alone and are kept.
    pub fn redealt(
        &self,
        hands: Vec<Counts>,
        call: Option<Call>,
        (friend, public, grab): (Option<usize>, bool, bool),
    ) -> TrickPlay {
        TrickPlay {
            rules: self.rules.clone(),
            hands: Seats::from_slice(&hands),
            leader: self.leader,
            trick: self.trick.clone(),
            lead: self.lead.clone(),
            attempted: self.attempted.clone(),
            tricks: self.tricks.clone(),
            finished_cards: self.finished_cards,
            points: self.points,
            failed_throws: self.failed_throws,
            call,
            friend,
            friend_public: public,
            grab,
            friends: self.friends.clone(),
            moves: None,
            log: self.log.clone(),
        }
    }

    /// R5-22: whether the grab rules watch `seat`'s next play: first-play friend not yet
    /// found, a non-trump call card, and a player other than the declarer.
    fn grab_watch(&self, seat: usize) -> Option<Card> {
        let call = self.call?;
        let watched = call.mode == CallMode::FirstPlay
            && self.friend.is_none()
            && seat != call.declarer
            && !self.rules.is_trump(call.card);
        watched.then_some(call.card)
    }

    /// Every legal play of the rules alone (no grab restriction) for the seat to act.
    fn rule_moves(&self, seat: usize) -> Moves {
        match &self.lead {
            None => self.rules.lead_moves(&self.hands[seat]),
            Some(lead) => self.rules.follow_moves(&self.hands[seat], lead),
        }
    }

    /// The legal plays of the seat to act (empty when the hand is over).
    pub fn moves(&mut self) -> &Moves {
        if self.moves.is_none() {
            let moves = match self.to_act() {
                None => Moves::List(Vec::new()),
                Some(seat) => {
                    let all = self.rule_moves(seat);
                    match self.grab_watch(seat).filter(|_| self.forbids()) {
                        Some(card) => self.exempt_moves(seat, card, all),
                        None => all,
                    }
                }
            };
            self.moves = Some(moves);
        }
        self.moves.as_ref().expect("just filled")
    }

    fn forbids(&self) -> bool {
        self.call.is_some_and(|c| c.forbid_grab)
    }

    /// R5-22 `forbid`: of `all`, the plays that do not grab: every play when each holds a
    /// copy (a), else those without a copy, then those that play out the call card's
    /// suit (b).
    fn exempt_moves(&self, seat: usize, card: Card, all: Moves) -> Moves {
        let Some(free) = all.without(card) else {
            return all;
        };
        let hand = &self.hands[seat];
        if hand.get(card) == 0 {
            return free;
        }
        let suit = self.rules.in_suit(hand, self.rules.suit_of(card));
        match all.with_all(&suit) {
            Some(last) => Moves::Parts(vec![free, last]),
            None => free,
        }
    }

    /// R5-22: whether `seat` playing `play` is exempt from grabbing: it holds no copy of
    /// `card`, or (a) the follow rules force a copy (no legal play without one), or (b) it
    /// leaves no card of the call card's suit in the hand. "Suit" is the effective suit
    /// (C-10): a watched call card is never trump, and a trump of its printed suit (a 2,
    /// a 参谋 3) does not follow that suit, so it does not keep the suit alive.
    fn exempt(&self, seat: usize, card: Card, play: &Counts) -> bool {
        play.get(card) == 0 || self.forced_copy(seat, card) || self.empties_suit(seat, card, play)
    }

    /// R5-22 (a): every legal play of `seat` by the rules holds a copy of `card`.
    fn forced_copy(&self, seat: usize, card: Card) -> bool {
        self.rule_moves(seat).without(card).is_none()
    }

    /// R5-22 (b): `play` leaves `seat` no card of `card`'s effective suit.
    fn empties_suit(&self, seat: usize, card: Card, play: &Counts) -> bool {
        let mut rest = self.hands[seat];
        rest.remove_all(play);
        self.rules.count_in_suit(&rest, self.rules.suit_of(card)) == 0
    }

    /// Why `seat` may not play `play` now, or `None` when it may.
    pub fn play_error(&self, seat: usize, play: &Counts) -> Option<ActionError> {
        if let Err(e) = ActionError::check_seat(seat as i64, self.num_players()) {
            return Some(e);
        }
        let Some(turn) = self.to_act() else {
            return Some(ActionError::game_over("the hand is over"));
        };
        if seat != turn {
            return Some(ActionError::not_your_turn(format!(
                "it is seat {turn}'s turn, not seat {seat}'s"
            )));
        }
        if play.is_empty() {
            return Some(ActionError::malformed("a play needs at least one card"));
        }
        let hand = &self.hands[seat];
        let rule_error = match &self.lead {
            None => self.rules.lead_error(hand, play),
            Some(lead) => self.rules.follow_error_counts(hand, lead, play),
        };
        if rule_error.is_some() {
            return rule_error;
        }
        // R5-22 forbid: a play is judged as asked, a throw as if it stood: refusing a
        // throw for how it would fail would reveal the other hands (C-50).
        if let Some(card) = self.grab_watch(seat).filter(|_| self.forbids()) {
            if !self.exempt(seat, card, play) {
                let suit = self.rules.suit_name(self.rules.suit_of(card));
                return Some(ActionError::breaks(
                    "R5-22",
                    format!(
                        "the call card {card} may not be played while the friend is unknown, \
                         unless it is forced or your last card of {suit} (R5-22, friend_grab forbid)"
                    ),
                ));
            }
        }
        None
    }

    /// Plays `play` for `seat`; an illegal play is refused with the reason and changes nothing.
    pub fn apply(&mut self, seat: usize, play: &Counts) -> Result<Outcome, ActionError> {
        if let Some(reason) = self.play_error(seat, play) {
            return Err(reason);
        }
        Ok(self.apply_checked(seat, *play))
    }

    /// Plays the `index`-th legal play of the seat to act.
    pub fn apply_legal(&mut self, index: u64) -> Result<Outcome, ActionError> {
        let (seat, play) = self.legal_move(index)?;
        Ok(self.apply_checked(seat, play))
    }

    /// The seat to act and its `index`-th legal play.
    pub(crate) fn legal_move(&mut self, index: u64) -> Result<(usize, Counts), ActionError> {
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("the hand is over"))?;
        // The count only names the range in the error: listing the plays again costs.
        let Some(play) = self.moves().nth(index) else {
            let count = self.moves().count();
            return Err(ActionError::illegal(format!(
                "there are {count} legal plays; index {index} is out of range"
            )));
        };
        Ok((seat, play))
    }

    /// Every applied play, in order, as the player asked it.
    pub fn log(&self) -> &[(usize, Counts)] {
        &self.log
    }

    /// Applies an action known to be legal (one of the legal actions).
    pub(crate) fn apply_checked(&mut self, seat: usize, play: Counts) -> Outcome {
        self.log.push((seat, play));
        let mut outcome = Outcome::default();
        // R5-22 (a), judged before the play changes the trick.
        // (Only a play holding a copy can grab, and none under forbid: the others need
        // not know whether one is forced.)
        let watch = self
            .grab_watch(seat)
            .filter(|&card| play.get(card) > 0 && !self.forbids())
            .map(|card| (card, self.forced_copy(seat, card)));
        let mut actual = play;
        if self.lead.is_none() {
            let format = self.rules.legal_lead_format(&play);
            let format = if format.is_throw() {
                let mut others = [Counts::default(); 7];
                for (slot, s) in (0..self.num_players()).filter(|&s| s != seat).enumerate() {
                    others[slot] = self.hands[s];
                }
                let others = &others[..self.num_players() - 1];
                let check = self.rules.check_throw_counts(&format, others);
                if check.ok {
                    format
                } else {
                    // C-51: the forced play stands; the rest goes back to the hand.
                    self.failed_throws[seat] += 1;
                    let attempted = self.rules.sorted(&play);
                    self.attempted = Some(attempted.clone());
                    actual = Counts::from_cards(&check.forced);
                    outcome.failed_throw = Some((attempted, check.forced.clone()));
                    self.rules.legal_lead_format(&actual)
                }
            } else {
                format
            };
            self.lead = Some(format);
        }
        // R5-22: a copy actually played (a failed throw's forced part, not what goes back
        // to the hand) grabs unless exempt. Under forbid the play was judged as asked, so a
        // copy a failed throw then forces is not a grab either: forbid allows no grab.
        let grab = !self.forbids()
            && watch.is_some_and(|(card, forced)| {
                actual.get(card) > 0 && !forced && !self.empties_suit(seat, card, &actual)
            });
        self.reveal_friend(seat, &actual, grab, &mut outcome);
        // FF-31: the cards actually played (a failed throw's forced part) count.
        if let Some(joined) = self.friends.as_mut().and_then(|w| w.observe(seat, &actual)) {
            outcome.friend_revealed = Some((joined, false));
        }
        self.hands[seat].remove_all(&actual);
        let cards = self.rules.sorted_play(&actual);
        self.trick.push((Played { seat, cards }, actual));
        if self.trick.len() == self.num_players() {
            outcome.trick_winner = Some(self.finish_trick());
        }
        self.moves = None;
        outcome
    }

    /// R5-21: the friend becomes public when it plays a copy of the call card.
    fn reveal_friend(&mut self, seat: usize, actual: &Counts, grab: bool, outcome: &mut Outcome) {
        let Some(call) = self.call else {
            return;
        };
        if self.friend_public || actual.get(call.card) == 0 || seat == call.declarer {
            return;
        }
        match call.mode {
            CallMode::FirstPlay => {
                self.friend = Some(seat);
                self.grab = grab;
            }
            CallMode::Fixed(friend) if friend == seat => {}
            CallMode::Fixed(_) => return,
        }
        self.friend_public = true;
        outcome.friend_revealed = Some((seat, self.grab));
    }

    /// C-40..C-43: the winner takes the trick's points and leads next.
    fn finish_trick(&mut self) -> usize {
        let lead = self.lead.take().expect("a trick has a lead");
        let (counts, n) = self.trick_plays();
        let winner = self.trick[self.rules.winner_counts(&lead, &counts[..n])]
            .0
            .seat;
        let points: u32 = counts[..n].iter().map(|c| c.points()).sum();
        for c in &counts[..n] {
            self.finished_cards.add_all(c);
        }
        self.points[winner] += points;
        self.tricks.push(TrickRecord {
            leader: self.leader,
            plays: self.trick.drain(..).map(|(p, _)| p).collect(),
            attempted: self.attempted.take(),
            winner,
            points,
        });
        self.leader = winner;
        winner
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::error::ErrorKind;
    use crate::trick::order::{Options, Variant};
    use crate::trick::FriendCard;

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn tractor() -> TrickRules {
        let v = Variant::Tractor;
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    #[test]
    fn c_40_c_43_a_trick_goes_to_its_winner_with_its_points() {
        let hands = ["Ks 5s", "As 3d", "Ts 4d", "Qs 5d"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        for (seat, card) in [(0, "Ks"), (1, "As"), (2, "Ts"), (3, "Qs")] {
            assert_eq!(p.to_act(), Some(seat));
            p.apply(seat, &counts(card)).unwrap();
        }
        assert_eq!(p.points(), &[0, 20, 0, 0]);
        assert_eq!(p.leader(), 1);
        assert_eq!(p.to_act(), Some(1));
    }

    #[test]
    fn a_play_on_the_table_holds_its_cards_as_sorted_gives_them() {
        let mut rng = crate::rng::Rng::new(3);
        for trump in [None, Some(Suit::HEARTS), Some(Suit::SPADES)] {
            let v = Variant::Tractor;
            let rules = TrickRules::new(v, trump, Rank::TWO, Options::defaults(v)).unwrap();
            for _ in 0..200 {
                let mut c = Counts::default();
                for _ in 0..rng.below(30) {
                    let card = Card(rng.below(crate::card::NUM_CARDS as u64) as u8);
                    if c.get(card) < 2 {
                        c.add(card, 1);
                    }
                }
                assert_eq!(&*rules.sorted_play(&c), &rules.sorted(&c)[..]);
            }
        }
    }

    fn friend_card(ordinal: u8, card: &str) -> FriendCard {
        FriendCard {
            ordinal,
            card: parse_cards(card).unwrap()[0],
        }
    }

    #[test]
    fn ff_31_a_friend_joins_when_its_play_reaches_the_called_copy() {
        let hands = ["Ks 5s", "As 3d", "Ts 4d", "As 5d"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let watch = FriendWatch::new(4, 0, vec![friend_card(2, "As")]);
        p.set_friends(watch).unwrap();
        let mut joined = Vec::new();
        for (seat, card) in [(0, "Ks"), (1, "As"), (2, "Ts"), (3, "As")] {
            joined.push(p.apply(seat, &counts(card)).unwrap().friend_revealed);
        }
        assert_eq!(joined, [None, None, None, Some((3, false))]);
        assert_eq!(p.friends().unwrap().side(), [0, 3]);
        let e = p.set_friends(FriendWatch::new(4, 0, vec![])).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-20")));
        let other = TrickPlay::new(tractor(), vec![Counts::default(); 4], 0);
        let e = other
            .unwrap()
            .set_friends(FriendWatch::new(5, 0, vec![]))
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::NoSuchSeat);
    }

    #[test]
    fn ff_31_a_failed_throw_counts_only_the_cards_it_forces() {
        // Seat 0 throws As Ks; seat 3's As beats the Ks, so only the Ks is played (C-51):
        // the 1st As is still to come, the 1st Ks is seat 0's.
        let hands = ["As Ks", "3d 4d", "5d 6d", "As 7d"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        p.set_friends(FriendWatch::new(
            4,
            1,
            vec![friend_card(1, "As"), friend_card(1, "Ks")],
        ))
        .unwrap();
        let out = p.apply(0, &counts("As Ks")).unwrap();
        let (_, forced) = out.failed_throw.expect("seat 3's As beats the Ks");
        assert_eq!(forced, parse_cards("Ks").unwrap());
        assert_eq!(out.friend_revealed, Some((0, false)));
        assert_eq!(p.friends().unwrap().filled(), [None, Some(0)]);
    }

    #[test]
    fn an_illegal_play_changes_nothing() {
        let hands = ["Ks 5s", "As 3d", "Ts 4d", "Qs 5d"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        assert!(p
            .apply(1, &counts("As"))
            .unwrap_err()
            .message
            .contains("seat 0's turn"));
        p.apply(0, &counts("Ks")).unwrap();
        let before = format!("{p:?}");
        assert!(p.apply(1, &counts("3d")).is_err());
        assert_eq!(format!("{p:?}"), before);
    }

    #[test]
    fn c_51_failed_throw_plays_the_forced_component() {
        let hands = ["Ks Qs Qs 3d", "As As 4d 5d", "3s 4s 6d 7d", "Ts Ts 8d 9d"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let out = p.apply(0, &counts("Ks Qs Qs")).unwrap();
        let (attempted, forced) = out.failed_throw.unwrap();
        assert_eq!(attempted.len(), 3);
        assert_eq!(crate::card::format_cards(&forced), "Qs Qs");
        assert_eq!(p.hand(0).len(), 2);
        assert_eq!(p.failed_throws(), &[1, 0, 0, 0]);
    }

    #[test]
    fn moves_index_every_legal_play() {
        let hands = ["As As Ks 3d", "Qs Qs 4d 5d", "3s 4s 6d 7d", "Ts Ts 8d 9d"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let n = p.moves().count();
        assert_eq!(n, 5 + 1);
        p.apply_legal(0).unwrap();
        assert!(p.apply_legal(99).is_err());
    }

    fn red_five_5p(hands: [&str; 5]) -> TrickPlay {
        red_five_5p_led_by(hands, 0)
    }

    fn red_five_5p_led_by(hands: [&str; 5], leader: usize) -> TrickPlay {
        let v = Variant::RedFive5p;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        TrickPlay::new(rules, hands.map(counts).to_vec(), leader).unwrap()
    }

    /// The play with the call card `As` (first play) and seat `leader` to lead.
    fn called(hands: [&str; 5], leader: usize, forbid: bool) -> TrickPlay {
        let mut p = red_five_5p_led_by(hands, leader);
        p.set_call(call("As", CallMode::FirstPlay, forbid)).unwrap();
        p
    }

    fn legal(p: &mut TrickPlay, play: &str) -> bool {
        let play = counts(play);
        p.moves().list(usize::MAX).contains(&play)
    }

    fn call(card: &str, mode: CallMode, forbid_grab: bool) -> Call {
        Call {
            card: parse_cards(card).unwrap()[0],
            declarer: 0,
            mode,
            forbid_grab,
        }
    }

    #[test]
    fn r5_21_first_other_player_to_play_a_copy_is_the_friend() {
        let mut p = red_five_5p(["As 4c", "Ks 5c", "As 6c", "Qs 7c", "Js 8c"]);
        p.set_call(call("As", CallMode::FirstPlay, false)).unwrap();
        let out = p.apply(0, &counts("As")).unwrap();
        assert_eq!(
            out.friend_revealed, None,
            "the declarer is never their own friend"
        );
        p.apply(1, &counts("Ks")).unwrap();
        let out = p.apply(2, &counts("As")).unwrap();
        assert_eq!(
            out.friend_revealed,
            Some((2, false)),
            "As is seat 2's only spade: forced"
        );
        assert_eq!(p.friend(), (Some(2), true, false));
    }

    #[test]
    fn r5_22_a_free_copy_grabs_and_a_forced_one_does_not() {
        // Seat 1, void in diamonds, discards As while it could discard Ts: a grab.
        let mut p = red_five_5p(["3d 4c", "As Ts", "As 6c", "Qs 7c", "Js 8c"]);
        p.set_call(call("As", CallMode::FirstPlay, false)).unwrap();
        p.apply(0, &counts("3d")).unwrap();
        let out = p.apply(1, &counts("As")).unwrap();
        assert_eq!(out.friend_revealed, Some((1, true)));
        // Forced: seat 1's only spade is As and spades were led.
        let mut q = red_five_5p(["Ks 4c", "As 5c", "Qs 6c", "Js 7c", "Ts 8c"]);
        q.set_call(call("As", CallMode::FirstPlay, false)).unwrap();
        q.apply(0, &counts("Ks")).unwrap();
        let out = q.apply(1, &counts("As")).unwrap();
        assert_eq!(out.friend_revealed, Some((1, false)));
    }

    #[test]
    fn r5_22_forbid_removes_free_copies_until_the_friend_is_known() {
        let mut p = red_five_5p(["3d 4c", "As Ts", "As 6c", "Qs 7c", "Js 8c"]);
        p.set_call(call("As", CallMode::FirstPlay, true)).unwrap();
        p.apply(0, &counts("3d")).unwrap();
        assert!(p
            .moves()
            .list(10)
            .iter()
            .all(|m| m.get(parse_cards("As").unwrap()[0]) == 0));
        let reason = p.play_error(1, &counts("As")).unwrap().message;
        assert!(reason.contains("friend_grab forbid"), "{reason}");
        // A forced copy stays legal under forbid.
        let mut q = red_five_5p(["Ks 4c", "As 5c", "Qs 6c", "Js 7c", "Ts 8c"]);
        q.set_call(call("As", CallMode::FirstPlay, true)).unwrap();
        q.apply(0, &counts("Ks")).unwrap();
        assert_eq!(q.play_error(1, &counts("As")), None);
    }

    #[test]
    fn r5_21_fixed_friend_is_public_only_when_the_copy_is_played() {
        let mut p = red_five_5p(["As 4c", "Ks 5c", "As 6c", "Qs 7c", "Js 8c"]);
        p.set_call(call("As", CallMode::Fixed(2), false)).unwrap();
        assert_eq!(p.friend(), (Some(2), false, false));
        p.apply(0, &counts("4c")).unwrap();
        p.apply(1, &counts("5c")).unwrap();
        p.apply(2, &counts("6c")).unwrap();
        assert_eq!(p.friend(), (Some(2), false, false));
    }

    #[test]
    fn c_51_r5_22_a_copy_that_goes_back_to_the_hand_is_not_played() {
        // Seat 1 leads the throw As Qs; seat 2's Ks beats the Qs, so Qs is forced and
        // the As goes back to the hand: it is not played, and makes no friend.
        let v = Variant::RedFive5p;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        let hands = ["3d 4d", "As Qs", "Ks 6c", "Js 8c", "Ts Tc"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(rules, hands, 1).unwrap();
        p.set_call(call("As", CallMode::FirstPlay, false)).unwrap();
        let out = p.apply(1, &counts("As Qs")).unwrap();
        assert_eq!(out.failed_throw.unwrap().1, parse_cards("Qs").unwrap());
        assert_eq!(out.friend_revealed, None);
        assert_eq!(p.friend(), (None, false, false));
        assert_eq!(p.hand(1), &counts("As"));
    }

    #[test]
    fn r5_22_leading_the_last_card_of_the_suit_is_no_grab() {
        let hands = ["3d 4d", "As 5c", "Ks 6c", "Qs 7c", "Js 8c"];
        let mut p = called(hands, 1, false);
        let out = p.apply(1, &counts("As")).unwrap();
        assert_eq!(out.friend_revealed, Some((1, false)), "its last spade: (b)");
        // With another spade in hand the same lead grabs.
        let mut q = called(["3d 4d", "As Ts", "Ks 6c", "Qs 7c", "Js 8c"], 1, false);
        assert_eq!(
            q.apply(1, &counts("As")).unwrap().friend_revealed,
            Some((1, true))
        );
    }

    #[test]
    fn r5_22_forbid_allows_leading_the_last_card_of_the_suit() {
        let mut p = called(["3d 4d", "As 5c", "Ks 6c", "Qs 7c", "Js 8c"], 1, true);
        assert_eq!(p.play_error(1, &counts("As")), None);
        assert!(legal(&mut p, "As") && legal(&mut p, "5c"));
        assert_eq!(
            p.apply(1, &counts("As")).unwrap().friend_revealed,
            Some((1, false))
        );
        let mut q = called(["3d 4d", "As Ts", "Ks 6c", "Qs 7c", "Js 8c"], 1, true);
        let reason = q.play_error(1, &counts("As")).unwrap().message;
        assert!(reason.contains("last card of spades"), "{reason}");
        assert!(!legal(&mut q, "As") && legal(&mut q, "As Ts") && legal(&mut q, "Ts"));
    }

    #[test]
    fn r5_22_the_suit_is_the_effective_suit_so_a_trump_2s_does_not_keep_it() {
        // C-10: 2s is trump (the level rank), so As is seat 1's last spade.
        let mut p = called(["3d 4d", "As 2s", "Ks 6c", "Qs 7c", "Js 8c"], 1, false);
        assert_eq!(
            p.apply(1, &counts("As")).unwrap().friend_revealed,
            Some((1, false))
        );
        let q = called(["3d 4d", "As 2s", "Ks 6c", "Qs 7c", "Js 8c"], 1, true);
        assert_eq!(q.play_error(1, &counts("As")), None);
    }

    #[test]
    fn r5_22_discarding_the_last_card_of_the_suit_is_no_grab() {
        // Seat 1 is void in diamonds: it may discard anything. With its last spade the
        // discard of As is exempt; holding Ts besides, it grabs and forbid refuses it.
        for (seat_1, grab) in [("As 5c", false), ("As Ts", true)] {
            let hands = ["3d 4d", seat_1, "Ks 6c", "Qs 7c", "Js 8c"];
            let mut p = called(hands, 0, false);
            p.apply(0, &counts("3d")).unwrap();
            let out = p.apply(1, &counts("As")).unwrap();
            assert_eq!(out.friend_revealed, Some((1, grab)), "{seat_1}");
            let mut q = called(hands, 0, true);
            q.apply(0, &counts("3d")).unwrap();
            assert_eq!(legal(&mut q, "As"), !grab, "{seat_1}");
            assert_eq!(q.play_error(1, &counts("As")).is_none(), !grab, "{seat_1}");
        }
    }

    #[test]
    fn c_51_r5_22_a_copy_forced_out_of_a_failed_throw_is_played() {
        // The call card is Ks. Seat 1 throws all its spades Ks Ks Qs; seat 2's As As beat
        // the pair Ks Ks, which is forced (C-51); Qs goes back, so seat 1 keeps a spade.
        let hands = [
            "3d 4d 5d 6d",
            "Ks Ks Qs 5c",
            "As As 3c 4c",
            "7c 8c 9c Tc",
            "7d 8d 9d Td",
        ];
        let ks = |forbid| Call {
            card: parse_cards("Ks").unwrap()[0],
            declarer: 0,
            mode: CallMode::FirstPlay,
            forbid_grab: forbid,
        };
        let mut p = red_five_5p_led_by(hands, 1);
        p.set_call(ks(false)).unwrap();
        let out = p.apply(1, &counts("Ks Ks Qs")).unwrap();
        assert_eq!(
            crate::card::format_cards(&out.failed_throw.unwrap().1),
            "Ks Ks"
        );
        assert_eq!(
            out.friend_revealed,
            Some((1, true)),
            "Qs is back: not its last spade"
        );
        // Under forbid the throw is judged as asked (it plays out the spades): legal, and
        // the copy it then forces makes the friend without a grab.
        let mut q = red_five_5p_led_by(hands, 1);
        q.set_call(ks(true)).unwrap();
        assert_eq!(q.play_error(1, &counts("Ks Ks Qs")), None);
        assert!(q.play_error(1, &counts("Ks Ks")).is_some());
        assert_eq!(
            q.apply(1, &counts("Ks Ks Qs")).unwrap().friend_revealed,
            Some((1, false))
        );
    }

    /// A random small Red Five 5p hand with the call card As (first play).
    fn random_called(rng: &mut crate::rng::Rng, round: usize, forbid: bool) -> TrickPlay {
        let pool = parse_cards("As Ks Qs 2s 3s 5c 6c Kc 3d 4d 2d 5h Ah Js Ts").unwrap();
        let mut cards = pool.repeat(3);
        rng.shuffle(&mut cards);
        let hands: Vec<Counts> = cards.chunks(4).take(5).map(Counts::from_cards).collect();
        let v = Variant::RedFive5p;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        let mut p = TrickPlay::new(rules, hands, (round % 4) + 1).unwrap();
        p.set_call(call("As", CallMode::FirstPlay, forbid)).unwrap();
        p
    }

    /// R5-22 from the rule text: `play` holds no As, or every legal play holds one (a),
    /// or it leaves `seat` no spade (b; 2s is trump, C-10).
    fn exempt_by_the_text(p: &TrickPlay, seat: usize, all: &[Counts], play: &Counts) -> bool {
        let ace = parse_cards("As").unwrap()[0];
        let mut rest = *p.hand(seat);
        rest.remove_all(play);
        let spades = rest
            .to_cards()
            .iter()
            .filter(|&&c| !p.rules().is_trump(c))
            .any(|c| c.suit() == Some(Suit::SPADES));
        play.get(ace) == 0 || all.iter().all(|o| o.get(ace) > 0) || !spades
    }

    #[test]
    fn r5_22_forbid_moves_are_exactly_the_plays_play_error_accepts() {
        // Random small hands: under forbid, a rule-legal play is listed exactly when
        // play_error accepts it, and it is exempt by the rule text.
        let mut rng = crate::rng::Rng::new(22);
        for round in 0..300 {
            let mut p = random_called(&mut rng, round, true);
            while let Some(seat) = p.to_act() {
                let all = p.rule_moves(seat).list(usize::MAX);
                let listed = p.moves().list(usize::MAX);
                assert_eq!(p.moves().count(), listed.len() as u64);
                let watched = p.grab_watch(seat).is_some();
                for m in &all {
                    let ok = p.play_error(seat, m).is_none();
                    assert_eq!(listed.contains(m), ok, "{m:?}");
                    assert_eq!(
                        ok,
                        !watched || exempt_by_the_text(&p, seat, &all, m),
                        "{m:?}"
                    );
                }
                let pick = listed[rng.below(listed.len() as u64) as usize];
                p.apply(seat, &pick).unwrap();
                assert!(!p.friend().2, "forbid allows no grab");
            }
        }
    }

    #[test]
    fn r5_22_allow_a_copy_grabs_exactly_when_it_is_not_exempt() {
        // Random small hands: every rule-legal play is legal; one that makes the friend
        // grabs exactly when the cards it actually plays (a failed throw's forced part)
        // are not exempt by the rule text.
        let mut rng = crate::rng::Rng::new(522);
        let mut seen = [0usize; 2];
        for round in 0..300 {
            let mut p = random_called(&mut rng, round, false);
            while let Some(seat) = p.to_act() {
                let all = p.rule_moves(seat).list(usize::MAX);
                assert_eq!(p.moves().count(), all.len() as u64);
                for m in &all {
                    let mut q = p.clone();
                    let out = q.apply(seat, m).unwrap();
                    if let Some((friend, grab)) = out.friend_revealed {
                        let actual = out.failed_throw.map_or(*m, |(_, f)| Counts::from_cards(&f));
                        assert_eq!(friend, seat);
                        assert_eq!(grab, !exempt_by_the_text(&p, seat, &all, &actual), "{m:?}");
                        seen[grab as usize] += 1;
                    }
                }
                let pick = all[rng.below(all.len() as u64) as usize];
                p.apply(seat, &pick).unwrap();
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    #[test]
    fn typed_errors_of_the_play_give_the_kind_and_the_rule() {
        use ErrorKind::*;
        let hands = ["Ks Ks 5s 3d", "As Qs 4d 5d", "3s 4s 6d 7d", "Ts Ts 9s 9d"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let refused = |p: &mut TrickPlay, seat, play: &str| {
            let before = format!("{p:?}");
            let e = p.apply(seat, &counts(play)).unwrap_err();
            assert_eq!(format!("{p:?}"), before, "{e}");
            e.kind_rule()
        };
        assert_eq!(refused(&mut p, 4, "As"), (NoSuchSeat, None));
        assert_eq!(refused(&mut p, 1, "As"), (NotYourTurn, None));
        assert_eq!(refused(&mut p, 0, ""), (Malformed, None));
        assert_eq!(refused(&mut p, 0, "Ah"), (Illegal, None), "not held");
        assert_eq!(refused(&mut p, 0, "Ks 3d"), (Illegal, Some("C-24")));
        p.apply(0, &counts("Ks Ks")).unwrap();
        assert_eq!(refused(&mut p, 1, "As 4d"), (Illegal, Some("C-30")));
        p.apply(1, &counts("As Qs")).unwrap();
        p.apply(2, &counts("3s 4s")).unwrap();
        assert_eq!(refused(&mut p, 3, "Ts 9s"), (Illegal, Some("C-31")));
        let e = p.apply_legal(99).unwrap_err();
        assert_eq!(e.kind_rule(), (Illegal, None));
        while !p.is_done() {
            p.apply_legal(0).unwrap();
        }
        assert_eq!(refused(&mut p, 0, "5s"), (GameOver, None));
        assert_eq!(p.apply_legal(0).unwrap_err().kind_rule(), (GameOver, None));
    }

    #[test]
    fn r4_31_a_throw_is_refused_without_throws() {
        let v = Variant::RedFive4p;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        let hands = ["As Ks", "3s 4s", "5s 6s", "7s 8s"].map(counts).to_vec();
        let mut p = TrickPlay::new(rules, hands, 0).unwrap();
        let e = p.apply(0, &counts("As Ks")).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("R4-31")));
    }

    #[test]
    fn r5_20_the_call_is_named_before_the_first_lead_by_seats_of_the_game() {
        let mut p = red_five_5p(["As 4c", "Ks 5c", "As 6c", "Qs 7c", "Js 8c"]);
        let mut bad = call("As", CallMode::Fixed(7), false);
        assert_eq!(
            p.set_call(bad).unwrap_err().kind_rule(),
            (ErrorKind::NoSuchSeat, None)
        );
        p.apply(0, &counts("4c")).unwrap();
        bad.mode = CallMode::FirstPlay;
        assert_eq!(
            p.set_call(bad).unwrap_err().kind_rule(),
            (ErrorKind::Illegal, Some("R5-20"))
        );
    }

    #[test]
    fn r5_22_forbid_refuses_a_free_copy_citing_r5_22() {
        let mut p = red_five_5p(["3d 4c", "As Ts", "As 6c", "Qs 7c", "Js 8c"]);
        p.set_call(call("As", CallMode::FirstPlay, true)).unwrap();
        p.apply(0, &counts("3d")).unwrap();
        let e = p.apply(1, &counts("As")).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("R5-22")));
    }
}
