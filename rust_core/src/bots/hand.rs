//! Whole hands, every phase in the core: [`HandState`] is a hand in progress that moves
//! from phase to phase one action at a time, the core's one definition of the order of
//! the phases (Python's `fenpai.games.phases` is the step API's, and the conformance
//! test proves they agree). [`play_hand`] plays one to its end between bots, and the
//! batch runner ([`super::driver`]) steps many, waiting where a seat is played outside
//! the core. Each seat's bots are seeded from the game's seed and the seat exactly as
//! `fenpai.bots.Bot` seeds them, so a hand played here is the hand the same bots play
//! step by step.

use std::collections::HashMap;

use crate::card::{Counts, Rank};
use crate::encode::{
    action_features, encode_fifty_k, encode_fifty_k_piles, encode_friends, encode_trick,
    Deal as DealFacts, FriendsFacts, Layout, TrickFacts, NUM_FEATURES,
};
use crate::encode::{encode_fifty_k_piles_tribute, encode_fifty_k_tribute};
use crate::error::ActionError;
use crate::fifty_k::pile::Pile;
use crate::fifty_k::pile_turns::PilePlay;
use crate::fifty_k::pile_types::pile_type_id;
use crate::fifty_k::{type_id, CardSet, FkPlay, FkRules, FkTribute};
use crate::phases::{
    fifty_k_action, fifty_k_deal, fifty_k_deal_decks, fifty_k_pile_action, Action, Burial,
    FriendCall, FriendCalls, FriendRestriction, KittyTheft, RedFive4pBidding, RedFive5pDeal,
    TractorDeal,
};
use crate::rng::seed_for;
use crate::trick::{DoubleJoin, FollowFormat, TrickPlay, Variant};

use crate::sample::Real;

use super::tactics::play_tactics;
use super::{
    BotKind, FkBot, Greedy, PhaseBot, PlayInfo, Searched, TractorDecks, TractorHouse, TrickBot,
};

/// The most players a table seats (Finding Friends, FF-1).
pub const MAX_PLAYERS: usize = 8;

/// A variant and the options its phases need.
#[derive(Clone, Copy, Debug)]
pub enum Setup {
    Tractor {
        levels: (Rank, Rank),
        dealer: Option<usize>,
        follow_format: FollowFormat,
        /// The decks and their jokers (TRO-120, TRO-130).
        table: TractorDecks,
        /// The house rules (TRO-10, TRO-20, TRO-30).
        house: TractorHouse,
    },
    RedFive4p {
        decks: u8,
        minimum_opening: bool,
        /// R4-40 `kitty_points = always` (for the scoring the search plays for).
        kitty_always: bool,
    },
    RedFive5p {
        prev_declarer: usize,
        forbid_grab: bool,
    },
    /// FK-1, FKO-20: `decks` 1 (the play [`FkPlay`]) or 2 to 4 (the play [`PilePlay`]);
    /// FKO-40: the tribute.
    FiftyK {
        players: usize,
        decks: u8,
        rules: FkRules,
        tribute: Tribute,
    },
    /// FF-1..FF-4, FF-13, FF-20, FF-60: `levels[..players]` each player's level.
    FindingFriends {
        players: usize,
        decks: u8,
        friends: usize,
        levels: [Rank; MAX_PLAYERS],
        dealer: Option<usize>,
        restriction: FriendRestriction,
        double_join: DoubleJoin,
    },
}

/// FKO-40: Fifty-K's option `tribute` as the core's hands take it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tribute {
    /// FKO-41: no tribute (the default).
    #[default]
    None,
    /// FKO-42 in a hand without a previous one (a match's first): no tribute is paid,
    /// but the observation has the tribute's fields.
    Highest,
    /// FKO-42, FKO-43: this hand starts with the tribute `giver` owes `receiver`.
    Owed { giver: usize, receiver: usize },
}

impl Setup {
    /// Seats in the game.
    pub fn players(&self) -> usize {
        match self {
            Setup::Tractor { .. } | Setup::RedFive4p { .. } => 4,
            Setup::RedFive5p { .. } => 5,
            Setup::FiftyK { players, .. } | Setup::FindingFriends { players, .. } => *players,
        }
    }

    /// The variant's id, as the API names it.
    pub fn variant(&self) -> &'static str {
        match self {
            Setup::Tractor { .. } => "tractor",
            Setup::RedFive4p { .. } => "red_five_4p",
            Setup::RedFive5p { .. } => "red_five_5p",
            Setup::FiftyK { .. } => "fifty_k",
            Setup::FindingFriends { .. } => "finding_friends",
        }
    }

    /// The observation's layout of the setup's hands (FKO-20: several decks have their own).
    pub fn layout(&self) -> Result<Layout, String> {
        match *self {
            Setup::FiftyK {
                players,
                decks,
                tribute,
                ..
            } => {
                let layout = Layout::with_decks(self.variant(), players, decks)?;
                match tribute {
                    Tribute::None => Ok(layout),
                    _ => layout.with_tribute(),
                }
            }
            // TRO-112: kitty theft has a layout of its own.
            Setup::Tractor { house, .. } if house.kitty_theft == KittyTheft::Allowed => {
                Ok(Layout::TractorTheft)
            }
            _ => Layout::new(self.variant(), self.players()),
        }
    }

    /// Whether the setup is Fifty-K of several decks (FKO-20, played by [`PilePlay`]).
    pub fn has_piles(&self) -> bool {
        matches!(self, Setup::FiftyK { decks: 2.., .. })
    }

    /// FKO-40: whether the setup is Fifty-K under the option `tribute`.
    pub fn has_tribute(&self) -> bool {
        matches!(
            self,
            Setup::FiftyK {
                tribute: Tribute::Highest | Tribute::Owed { .. },
                ..
            }
        )
    }
}

/// A finished hand: its phase objects in order, each in its final state.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // made once per hand and moved straight out
pub enum Hand {
    Tractor(TractorDeal, Burial, TrickPlay),
    RedFive4p(RedFive4pBidding, Burial, TrickPlay),
    RedFive5p(RedFive5pDeal, Burial, FriendCall, TrickPlay),
    FiftyK(FkPlay),
    /// FKO-42: a Fifty-K hand whose deal ended with a tribute.
    FiftyKTribute(FkTribute, FkPlay),
    FiftyKPiles(PilePlay),
    /// FKO-20, FKO-42: a hand of several decks whose deal ended with a tribute.
    FiftyKPilesTribute(FkTribute, PilePlay),
    FindingFriends(TractorDeal, Burial, FriendCalls, TrickPlay),
}

/// A finished hand's phase objects, borrowed (what [`Hand`] holds, without a copy).
#[derive(Clone, Copy, Debug)]
pub enum HandRef<'a> {
    Tractor(&'a TractorDeal, &'a Burial, &'a TrickPlay),
    RedFive4p(&'a RedFive4pBidding, &'a Burial, &'a TrickPlay),
    RedFive5p(&'a RedFive5pDeal, &'a Burial, &'a FriendCall, &'a TrickPlay),
    FiftyK(&'a FkPlay),
    /// FKO-42: a Fifty-K hand whose deal ended with a tribute.
    FiftyKTribute(&'a FkTribute, &'a FkPlay),
    FiftyKPiles(&'a PilePlay),
    /// FKO-20, FKO-42: a hand of several decks whose deal ended with a tribute.
    FiftyKPilesTribute(&'a FkTribute, &'a PilePlay),
    FindingFriends(&'a TractorDeal, &'a Burial, &'a FriendCalls, &'a TrickPlay),
}

impl Hand {
    /// The hand's phase objects, borrowed.
    pub fn as_ref(&self) -> HandRef<'_> {
        match self {
            Hand::Tractor(d, b, p) => HandRef::Tractor(d, b, p),
            Hand::RedFive4p(d, b, p) => HandRef::RedFive4p(d, b, p),
            Hand::RedFive5p(d, b, c, p) => HandRef::RedFive5p(d, b, c, p),
            Hand::FiftyK(p) => HandRef::FiftyK(p),
            Hand::FiftyKTribute(t, p) => HandRef::FiftyKTribute(t, p),
            Hand::FiftyKPiles(p) => HandRef::FiftyKPiles(p),
            Hand::FiftyKPilesTribute(t, p) => HandRef::FiftyKPilesTribute(t, p),
            Hand::FindingFriends(d, b, c, p) => HandRef::FindingFriends(d, b, c, p),
        }
    }
}

/// The first phase of a trick-taking hand: its deal (the bidding in Red Five 4p); of a
/// Fifty-K hand under a tribute, the tribute that ends its deal (FKO-42), with the seat
/// the deal makes leader (FK-2: it leads when the giver is exempt, FKO-45, FKO-47).
#[derive(Clone, Debug)]
pub enum Deal {
    Tractor(TractorDeal),
    RedFive4p(RedFive4pBidding),
    RedFive5p(RedFive5pDeal),
    FiftyKTribute(FkTribute, usize),
}

/// The play of a hand.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per hand, made once and kept in place
pub enum Play {
    Trick(TrickPlay),
    FiftyK(FkPlay),
    /// FKO-20: Fifty-K of several decks.
    FiftyKPiles(PilePlay),
}

/// A hand's phase objects so far: deal, burial, friend call (Red Five 5p) or friend
/// calls (Finding Friends), play.
pub type Phases = (
    Option<Deal>,
    Option<Burial>,
    Option<FriendCall>,
    Option<FriendCalls>,
    Option<Play>,
);

/// One seat's bots, seeded as `fenpai.bots.Bot(kind, seed)` seeds its core bots: one
/// for the phases before the play, one for each kind of play.
#[derive(Clone, Debug)]
pub struct SeatBots {
    phase: PhaseBot,
    trick: TrickBot,
    fifty_k: FkBot,
}

impl SeatBots {
    /// The bots of `seat` in the game of `game_seed`.
    pub fn new(kind: BotKind, game_seed: u64, seat: usize) -> SeatBots {
        SeatBots::seeded(kind, seed_for(&[game_seed, seat as u64]))
    }

    /// The bots `fenpai.bots.Bot(kind, seed)` holds.
    pub fn seeded(kind: BotKind, seed: u64) -> SeatBots {
        SeatBots {
            phase: PhaseBot::new(kind, seed),
            trick: TrickBot::new(kind, seed_for(&[seed, 1])),
            fifty_k: FkBot::new(kind, seed_for(&[seed, 2])),
        }
    }
}

/// The phase object a hand is in now.
enum Current<'a> {
    Phase(&'a mut dyn Searched),
    Trick(&'a mut TrickPlay),
    FiftyK(&'a mut FkPlay),
    FiftyKPiles(&'a mut PilePlay),
}

/// The decision a hand waits on now, as the environments' action space splits them
/// ([`crate::decisions`]): a phase with fixed action ids, a burial (C-4), a trick play,
/// a Fifty-K play (of one deck or of several, FKO-20), or none (the hand is over).
pub enum Stage<'a> {
    Fixed(&'a mut dyn Searched),
    Burial(&'a Burial),
    Trick(&'a mut TrickPlay),
    FiftyK(&'a mut FkPlay),
    FiftyKPiles(&'a mut PilePlay),
    Over,
}

/// A hand in progress: the phase objects made so far, the last one current, each
/// finished one kept in its final state.
#[derive(Clone, Debug)]
pub struct HandState {
    setup: Setup,
    deal: Option<Deal>,
    burial: Option<Burial>,
    call: Option<FriendCall>,
    calls: Option<FriendCalls>,
    play: Option<Play>,
}

impl HandState {
    /// The hand of `game_seed` at its first decision.
    pub fn new(setup: &Setup, game_seed: u64) -> Result<HandState, String> {
        HandState::dealt(setup, game_seed, None, None)
    }

    /// The hand of a scripted deal (C-5: every card in deal order, the first to
    /// `first_seat`) when `deck` is given, else of `game_seed`, at its first decision.
    pub fn dealt(
        setup: &Setup,
        game_seed: u64,
        deck: Option<&str>,
        first_seat: Option<usize>,
    ) -> Result<HandState, String> {
        let mut hand = HandState {
            setup: *setup,
            deal: None,
            burial: None,
            call: None,
            calls: None,
            play: None,
        };
        match *setup {
            Setup::Tractor {
                levels,
                dealer,
                follow_format,
                table,
                house,
            } => {
                let deal = TractorDeal::with_decks(
                    game_seed,
                    deck,
                    first_seat,
                    levels,
                    dealer,
                    follow_format,
                    table,
                )?
                .with_house(&house)?;
                hand.deal = Some(Deal::Tractor(deal));
            }
            Setup::RedFive4p {
                decks,
                minimum_opening,
                ..
            } => {
                let bidding =
                    RedFive4pBidding::new(game_seed, deck, first_seat, decks, minimum_opening)?;
                hand.deal = Some(Deal::RedFive4p(bidding));
            }
            Setup::RedFive5p { prev_declarer, .. } => {
                let deal = RedFive5pDeal::new(game_seed, deck, first_seat, prev_declarer)?;
                hand.deal = Some(Deal::RedFive5p(deal));
            }
            Setup::FiftyK {
                players,
                decks: decks @ 2..,
                tribute: Tribute::Owed { giver, receiver },
                ..
            } => {
                // FKO-20, FKO-42, FKO-43: the deal of several decks ends with the tribute.
                let deal = fifty_k_deal_decks(game_seed, players, decks, deck, first_seat)?;
                let hands = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
                let tribute = FkTribute::new(hands, giver, receiver, decks)?;
                hand.deal = Some(Deal::FiftyKTribute(tribute, deal.leader));
            }
            Setup::FiftyK {
                players,
                decks: decks @ 2..,
                rules,
                ..
            } => {
                // FKO-22..FKO-24: every card of the decks dealt, the first 3h's holder leads.
                let deal = fifty_k_deal_decks(game_seed, players, decks, deck, first_seat)?;
                let hands = deal
                    .hands
                    .iter()
                    .map(|h| Pile::from_cards(h, decks).map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, String>>()?;
                let play = PilePlay::new(hands, deal.leader, rules)?;
                hand.play = Some(Play::FiftyKPiles(play));
            }
            Setup::FiftyK {
                players,
                tribute: Tribute::Owed { giver, receiver },
                ..
            } => {
                // FKO-42, FKO-43: the deal ends with the tribute; the play follows it.
                let deal = fifty_k_deal(game_seed, players, deck, first_seat)?;
                let hands = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
                let tribute = FkTribute::new(hands, giver, receiver, 1)?;
                hand.deal = Some(Deal::FiftyKTribute(tribute, deal.leader));
            }
            Setup::FiftyK { players, rules, .. } => {
                let deal = fifty_k_deal(game_seed, players, deck, first_seat)?;
                let hands = deal
                    .hands
                    .iter()
                    .map(|h| CardSet::from_cards(h).map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, String>>()?;
                let play = FkPlay::new(hands, deal.leader, rules)?;
                hand.play = Some(Play::FiftyK(play));
            }
            Setup::FindingFriends {
                players,
                decks,
                levels,
                dealer,
                ..
            } => {
                let levels = levels.get(..players).ok_or("at most 8 players (FF-1)")?;
                let deal = TractorDeal::finding_friends(
                    game_seed,
                    deck,
                    first_seat,
                    levels.to_vec(),
                    dealer,
                    decks,
                    FollowFormat::Pairs,
                )?;
                hand.deal = Some(Deal::Tractor(deal));
            }
        }
        hand.settle()?;
        Ok(hand)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    fn current(&mut self) -> Current<'_> {
        match &mut self.play {
            Some(Play::FiftyK(p)) => return Current::FiftyK(p),
            Some(Play::FiftyKPiles(p)) => return Current::FiftyKPiles(p),
            Some(Play::Trick(p)) => return Current::Trick(p),
            None => {}
        }
        if let Some(call) = &mut self.call {
            return Current::Phase(call);
        }
        if let Some(calls) = &mut self.calls {
            return Current::Phase(calls);
        }
        if let Some(burial) = &mut self.burial {
            return Current::Phase(burial);
        }
        match self
            .deal
            .as_mut()
            .expect("a trick-taking hand starts with its deal")
        {
            Deal::Tractor(d) => Current::Phase(d),
            Deal::RedFive4p(d) => Current::Phase(d),
            Deal::RedFive5p(d) => Current::Phase(d),
            Deal::FiftyKTribute(t, _) => Current::Phase(t),
        }
    }

    /// Makes the next phase's object while the current one is over (a deal can end
    /// without a choice: TR-14, R4-21, R5-14, then R5-20, C-4 and the play).
    fn settle(&mut self) -> Result<(), String> {
        while self.play.is_none() && self.phase_over() {
            if let (Some(Deal::FiftyKTribute(t, leader)), Setup::FiftyK { rules, .. }) =
                (&self.deal, self.setup)
            {
                self.play = Some(play_after_tribute(t, *leader, rules)?);
            } else if let Some(call) = &self.call {
                self.play = Some(Play::Trick(call.start_play()?));
            } else if let Some(calls) = &self.calls {
                self.play = Some(Play::Trick(calls.start_play()?));
            } else if let Some(burial) = &self.burial {
                match self.setup {
                    Setup::RedFive5p { forbid_grab, .. } => {
                        self.call = Some(burial.friend_call(forbid_grab)?);
                    }
                    Setup::FindingFriends {
                        friends,
                        restriction,
                        double_join,
                        ..
                    } => {
                        let calls = burial.friend_calls(friends, restriction, double_join)?;
                        self.calls = Some(calls);
                    }
                    _ => self.play = Some(Play::Trick(burial.start_play()?)),
                }
            } else {
                self.burial = Some(match self.deal.as_ref().expect("a deal") {
                    Deal::Tractor(d) => d.burial()?,
                    Deal::RedFive4p(d) => d.burial()?,
                    Deal::RedFive5p(d) => d.burial()?,
                    Deal::FiftyKTribute(..) => unreachable!("the play follows the tribute"),
                });
            }
        }
        Ok(())
    }

    fn phase_over(&mut self) -> bool {
        self.to_act().is_none()
    }

    /// The seat to act; `None` once the hand is over.
    pub fn to_act(&mut self) -> Option<usize> {
        match self.current() {
            Current::Phase(p) => p.to_act(),
            Current::Trick(p) => p.to_act(),
            Current::FiftyK(p) => p.to_act(),
            Current::FiftyKPiles(p) => p.to_act(),
        }
    }

    /// Whether the hand is over.
    pub fn is_done(&mut self) -> bool {
        self.play.is_some() && self.to_act().is_none()
    }

    /// How many legal actions the seat to act has (0 once the hand is over).
    pub fn num_legal(&mut self) -> u64 {
        match self.current() {
            Current::Phase(p) => p.num_legal(),
            Current::Trick(p) => p.moves().count(),
            Current::FiftyK(p) => p.num_legal() as u64,
            Current::FiftyKPiles(p) => p.num_legal(),
        }
    }

    /// The `index`-th legal action of the seat to act, as `Game.legal_actions` lists them.
    pub fn legal_action(&mut self, index: u64) -> Option<Action> {
        match self.current() {
            Current::Phase(p) => p.legal_action(index),
            Current::Trick(p) => {
                let play = p.moves().nth(index)?;
                Some(p.play_action(&play))
            }
            Current::FiftyK(p) => {
                let turn = p.nth_legal(usize::try_from(index).ok()?)?;
                Some(fifty_k_action(&turn))
            }
            Current::FiftyKPiles(p) => Some(fifty_k_pile_action(&p.nth_legal(index)?)),
        }
    }

    /// Writes the features ([`action_features`]) of the first legal actions, one row of
    /// [`NUM_FEATURES`] each, into `out` (as many as its rows, at most the legal ones)
    /// in a burial or a trick play; returns how many rows it wrote (0 elsewhere: the
    /// other phases have fixed ids).
    pub fn legal_features(&mut self, out: &mut [f32]) -> usize {
        let rows = out.len() / NUM_FEATURES;
        let calling = self.call.is_some() || self.calls.is_some();
        if let (Some(burial), false, None) = (&self.burial, calling, &self.play) {
            let rules = burial.rules().clone();
            let count = usize::try_from(self.num_legal()).map_or(rows, |n| n.min(rows));
            for (i, row) in out.chunks_mut(NUM_FEATURES).take(count).enumerate() {
                let Some(Action::Bury(cards)) = self.legal_action(i as u64) else {
                    unreachable!("a burial's legal actions bury");
                };
                action_features(&rules, &cards, true, false, row);
            }
            return count;
        }
        match self.current() {
            Current::Trick(p) => {
                let leads = p.trick().next().is_none();
                let plays = p.moves().list(rows);
                let rules = p.rules();
                for (play, row) in plays.iter().zip(out.chunks_mut(NUM_FEATURES)) {
                    action_features(rules, &play.to_cards(), false, leads, row);
                }
                plays.len()
            }
            _ => 0,
        }
    }

    /// Writes the tactics ([`play_tactics`]) of the first legal plays (as many as `out`
    /// holds rows) when the hand waits on a trick play; returns how many it wrote (0 in
    /// every other phase).
    pub fn legal_tactics(&mut self, out: &mut [f32]) -> usize {
        // The sides are known only in the play (its declarer follows the burial).
        match &mut self.play {
            Some(Play::Trick(p)) => {
                let sides = play_info(
                    &self.setup,
                    &self.deal,
                    &self.burial,
                    &self.call,
                    &self.calls,
                )
                .sides();
                play_tactics(p, sides, out)
            }
            _ => 0,
        }
    }

    /// Writes the fixed action id (`fenpai.spaces`) of each of the first legal actions
    /// into `out` (as many as its length, at most the legal ones) in the phases that
    /// have fixed ids: in Fifty-K `pass` is 0 and a play 1 + its combination's type
    /// ([`type_id`]; of several decks its pattern's, [`pile_type_id`], FKO-20); elsewhere
    /// `ids` maps action text to id. Returns how many it wrote (0 in a burial or trick
    /// play, which have none).
    pub fn legal_ids(&mut self, ids: &HashMap<String, i64>, out: &mut [i64]) -> usize {
        let count = usize::try_from(self.num_legal()).map_or(out.len(), |n| n.min(out.len()));
        match &mut self.play {
            Some(Play::FiftyK(p)) => {
                let passes = usize::from(p.can_pass());
                let plays = p.moves();
                for (k, slot) in out.iter_mut().take(count).enumerate() {
                    *slot = match k.checked_sub(passes) {
                        None => 0,
                        Some(i) => 1 + i64::from(type_id(&plays[i])),
                    };
                }
                count
            }
            Some(Play::FiftyKPiles(p)) => {
                // FKO-20: `pass`, then every play of a pattern has the pattern's type id.
                let mut k = usize::from(p.can_pass()).min(count);
                out[..k].fill(0);
                for &(pattern, n) in p.legal_patterns() {
                    let take = usize::try_from(n).map_or(count - k, |n| n.min(count - k));
                    out[k..k + take].fill(1 + i64::from(pile_type_id(&pattern)));
                    k += take;
                }
                count
            }
            Some(Play::Trick(_)) => 0,
            None if self.burial.is_some() && self.call.is_none() && self.calls.is_none() => 0,
            None => {
                for (k, slot) in out.iter_mut().take(count).enumerate() {
                    let text = self.legal_action(k as u64).map(|a| a.to_string());
                    *slot = text.and_then(|t| ids.get(&t).copied()).unwrap_or(-1);
                }
                count
            }
        }
    }

    /// Applies the `index`-th legal action (`Game.apply_legal`); returns it. An error
    /// (an index out of range, the hand over) changes nothing.
    pub fn apply_legal(&mut self, index: u64) -> Result<Action, ActionError> {
        let done = match self.current() {
            Current::Phase(p) => p.apply_legal(index),
            Current::Trick(p) => p.act_legal(index),
            Current::FiftyK(p) => match usize::try_from(index) {
                Ok(i) => p.act_legal(i),
                Err(_) => Err(ActionError::illegal(format!(
                    "index {index} is out of range"
                ))),
            },
            Current::FiftyKPiles(p) => p.act_legal(index),
        }?;
        self.settle().expect("a finished phase makes the next");
        Ok(done)
    }

    /// Applies the `index`-th legal action as [`HandState::apply_legal`] does, without
    /// writing it out as action text: for the batch runner, whose answers and single
    /// legal actions nobody reads back. An error changes nothing.
    pub fn take_legal(&mut self, index: u64) -> Result<(), ActionError> {
        match self.current() {
            Current::Phase(p) => p.apply_legal(index).map(drop),
            Current::Trick(p) => p.apply_legal(index).map(drop),
            Current::FiftyK(p) => match usize::try_from(index) {
                Ok(i) => p.apply_legal(i).map(drop),
                Err(_) => Err(ActionError::illegal(format!(
                    "index {index} is out of range"
                ))),
            },
            Current::FiftyKPiles(p) => p.apply_legal(index).map(drop),
        }?;
        self.settle().expect("a finished phase makes the next");
        Ok(())
    }

    /// The decision the hand waits on now (see [`Stage`]).
    pub fn stage(&mut self) -> Stage<'_> {
        if self.is_done() {
            return Stage::Over;
        }
        if let (None, Some(calls)) = (&self.play, &mut self.calls) {
            return Stage::Fixed(calls);
        }
        let stealing = self.play.is_none()
            && self.call.is_none()
            && self.burial.as_ref().is_some_and(|b| b.stealing().is_some());
        if stealing {
            // TRO-112: a round of chances to steal the kitty
            return Stage::Fixed(self.burial.as_mut().expect("a burial"));
        }
        match (&mut self.play, &mut self.call, &self.burial, &mut self.deal) {
            (Some(Play::FiftyK(p)), ..) => Stage::FiftyK(p),
            (Some(Play::FiftyKPiles(p)), ..) => Stage::FiftyKPiles(p),
            (Some(Play::Trick(p)), ..) => Stage::Trick(p),
            (None, Some(call), ..) => Stage::Fixed(call),
            (None, None, Some(burial), _) => Stage::Burial(burial),
            (None, None, None, Some(Deal::Tractor(d))) => Stage::Fixed(d),
            (None, None, None, Some(Deal::RedFive4p(d))) => Stage::Fixed(d),
            (None, None, None, Some(Deal::RedFive5p(d))) => Stage::Fixed(d),
            (None, None, None, Some(Deal::FiftyKTribute(t, _))) => Stage::Fixed(t),
            (None, None, None, None) => unreachable!("a trick-taking hand starts with its deal"),
        }
    }

    /// Checks then applies an action of the seat to act (as the phase objects' `apply`
    /// takes it); returns its canonical form. An error changes nothing.
    pub fn act(&mut self, action: &Action) -> Result<Action, ActionError> {
        let seat = self
            .to_act()
            .ok_or_else(|| ActionError::game_over("the hand is over"))?;
        let done = match self.current() {
            Current::Phase(p) => p.act(action),
            Current::Trick(p) => p.act(seat, action),
            Current::FiftyK(p) => p.act(seat, action),
            Current::FiftyKPiles(p) => p.act(seat, action),
        }?;
        self.settle().expect("a finished phase makes the next");
        Ok(done)
    }

    /// The seat to act's bot (`bots` for that seat) chooses and acts; `false` when the
    /// hand is over.
    pub fn bot_act(&mut self, bots: &mut SeatBots) -> bool {
        if let Some(Play::FiftyK(p)) = &mut self.play {
            let Some(seat) = p.to_act() else {
                return false;
            };
            // FKO-48: the search keeps what the seat knows of the tribute.
            let turn = bots
                .fifty_k
                .choose(p, deal_tribute(&self.deal))
                .expect("a seat to act has a move");
            debug_assert!(p.action_error(seat, &turn).is_none());
            p.apply_checked(seat, turn);
            self.settle().expect("a finished phase makes the next");
            return true;
        }
        if let Some(Play::FiftyKPiles(p)) = &mut self.play {
            let Some(seat) = p.to_act() else {
                return false;
            };
            let turn = bots
                .fifty_k
                .choose_pile(p, deal_tribute(&self.deal))
                .expect("the bots that play several decks have a move");
            p.apply(seat, turn).expect("bots choose legal actions");
            self.settle().expect("a finished phase makes the next");
            return true;
        }
        if let Some(Play::Trick(p)) = &mut self.play {
            let Some(seat) = p.to_act() else {
                return false;
            };
            let info = play_info(
                &self.setup,
                &self.deal,
                &self.burial,
                &self.call,
                &self.calls,
            );
            let play = bots
                .trick
                .choose(p, &info)
                .expect("a seat to act has a play");
            debug_assert!(p.play_error(seat, &play).is_none());
            p.apply_checked(seat, play);
            return true;
        }
        match self.current() {
            Current::Phase(p) => {
                let Some(action) = bots.phase.choose(&*p) else {
                    return false;
                };
                p.act(&action).expect("bots choose legal actions");
            }
            Current::Trick(_) => unreachable!("the trick play is handled above"),
            Current::FiftyK(_) => unreachable!("the play of one deck is handled above"),
            Current::FiftyKPiles(_) => unreachable!("the play of several decks is handled above"),
        }
        self.settle().expect("a finished phase makes the next");
        true
    }

    /// The legal index (`apply_legal`'s) of the action the `greedy` bot would take now
    /// for the seat to act, its bots seeded as `fenpai.bots.Bot("greedy", seed)` seeds
    /// them (the trick bot draws only where a follow has more than 400 choices); `None`
    /// once the hand is over. Greedy decides from what that seat may see (its hand, the
    /// public record, its own burial), so the index tells nothing else.
    pub fn greedy_index(&mut self, seed: u64) -> Option<u64> {
        let mut bots = SeatBots::seeded(BotKind::Greedy, seed);
        if let Some(Play::Trick(p)) = &mut self.play {
            let info = play_info(
                &self.setup,
                &self.deal,
                &self.burial,
                &self.call,
                &self.calls,
            );
            let play = bots.trick.choose_by_sides(p, info.sides())?;
            return p.moves().position(&play);
        }
        match self.stage() {
            Stage::Fixed(p) => {
                let action = bots.phase.choose(&*p)?;
                (0..p.num_legal()).find(|&i| p.legal_action(i).as_ref() == Some(&action))
            }
            Stage::Burial(b) => match b.greedy() {
                Action::Bury(cards) => b.position(&Counts::from_cards(&cards)),
                _ => None,
            },
            Stage::FiftyK(p) => {
                let turn = bots.fifty_k.choose(p, None)?; // greedy: the tribute tells it nothing
                (0..p.num_legal())
                    .find(|&i| p.nth_legal(i).as_ref() == Some(&turn))
                    .map(|i| i as u64)
            }
            Stage::FiftyKPiles(p) => {
                let turn = bots.fifty_k.choose_pile(p, None)?; // greedy, as above
                p.legal_index(&turn)
            }
            Stage::Trick(_) | Stage::Over => None,
        }
    }

    /// Writes `seat`'s observation (the layout of [`crate::encode::Layout`]) into `out`,
    /// as `fenpai.encode` writes it from the same objects.
    pub fn encode(&mut self, seat: usize, out: &mut [f32]) -> Result<(), String> {
        let over = self.is_done();
        if let (Setup::FindingFriends { .. }, Some(Deal::Tractor(deal))) = (self.setup, &self.deal)
        {
            let play = match &self.play {
                Some(Play::Trick(p)) => Some(p),
                _ => None,
            };
            let facts = FriendsFacts {
                deal,
                kitty: self.burial.as_ref(),
                calls: self.calls.as_ref(),
                play,
                over,
            };
            return encode_friends(facts, seat, out);
        }
        if self.setup.has_tribute() {
            // FKO-40..FKO-48: one deck's or several decks' layout, then the tribute's.
            let tribute = deal_tribute(&self.deal);
            if self.setup.has_piles() {
                let play = match &self.play {
                    Some(Play::FiftyKPiles(p)) => Some(p),
                    _ => None,
                };
                return encode_fifty_k_piles_tribute(tribute, play, seat, over, out);
            }
            let play = match &self.play {
                Some(Play::FiftyK(p)) => Some(p),
                _ => None,
            };
            return encode_fifty_k_tribute(tribute, play, seat, over, out);
        }
        let deal = self.deal.as_ref().and_then(|d| match d {
            Deal::Tractor(d) => Some(DealFacts::Tractor(d)),
            Deal::RedFive4p(d) => Some(DealFacts::RedFive4p(d)),
            Deal::RedFive5p(d) => Some(DealFacts::RedFive5p(d)),
            Deal::FiftyKTribute(..) => None,
        });
        let play = match &self.play {
            Some(Play::FiftyK(p)) => return encode_fifty_k(p, seat, over, out),
            Some(Play::FiftyKPiles(p)) => return encode_fifty_k_piles(p, seat, over, out),
            Some(Play::Trick(p)) => Some(p),
            None => None,
        };
        let variant = Variant::parse(self.setup.variant()).map_err(|e| e.to_string())?;
        let facts = TrickFacts {
            deal,
            kitty: self.burial.as_ref(),
            friend: self.call.as_ref(),
            play,
            over,
        };
        encode_trick(variant, facts, seat, out)
    }

    /// The phase objects made so far, in order (each finished one in its final state).
    pub fn into_phases(self) -> Phases {
        (self.deal, self.burial, self.call, self.calls, self.play)
    }

    /// The finished hand's phase objects, borrowed; `None` while it is under way.
    pub fn finished(&mut self) -> Option<HandRef<'_>> {
        if !self.is_done() {
            return None;
        }
        if let (Some(Deal::Tractor(d)), Some(b), Some(c), Some(Play::Trick(p))) =
            (&self.deal, &self.burial, &self.calls, &self.play)
        {
            return Some(HandRef::FindingFriends(d, b, c, p));
        }
        Some(
            match (&self.deal, &self.burial, &self.call, self.play.as_ref()?) {
                (None, None, None, Play::FiftyK(play)) => HandRef::FiftyK(play),
                (Some(Deal::FiftyKTribute(t, _)), None, None, Play::FiftyK(play)) => {
                    HandRef::FiftyKTribute(t, play)
                }
                (None, None, None, Play::FiftyKPiles(play)) => HandRef::FiftyKPiles(play),
                (Some(Deal::FiftyKTribute(t, _)), None, None, Play::FiftyKPiles(play)) => {
                    HandRef::FiftyKPilesTribute(t, play)
                }
                (Some(Deal::Tractor(d)), Some(b), None, Play::Trick(p)) => {
                    HandRef::Tractor(d, b, p)
                }
                (Some(Deal::RedFive4p(d)), Some(b), None, Play::Trick(p)) => {
                    HandRef::RedFive4p(d, b, p)
                }
                (Some(Deal::RedFive5p(d)), Some(b), Some(c), Play::Trick(p)) => {
                    HandRef::RedFive5p(d, b, c, p)
                }
                _ => unreachable!("the phases of a finished hand follow its variant"),
            },
        )
    }

    /// The finished hand's phase objects; `None` while it is under way.
    pub fn into_hand(mut self) -> Option<Hand> {
        if !self.is_done() {
            return None;
        }
        if let Some(calls) = self.calls {
            return match (self.deal, self.burial, self.play?) {
                (Some(Deal::Tractor(d)), Some(b), Play::Trick(p)) => {
                    Some(Hand::FindingFriends(d, b, calls, p))
                }
                _ => unreachable!("the phases of a finished hand follow its variant"),
            };
        }
        Some(match (self.deal, self.burial, self.call, self.play?) {
            (None, None, None, Play::FiftyK(play)) => Hand::FiftyK(play),
            (Some(Deal::FiftyKTribute(t, _)), None, None, Play::FiftyK(play)) => {
                Hand::FiftyKTribute(t, play)
            }
            (None, None, None, Play::FiftyKPiles(play)) => Hand::FiftyKPiles(play),
            (Some(Deal::FiftyKTribute(t, _)), None, None, Play::FiftyKPiles(play)) => {
                Hand::FiftyKPilesTribute(t, play)
            }
            (Some(Deal::Tractor(d)), Some(b), None, Play::Trick(p)) => Hand::Tractor(d, b, p),
            (Some(Deal::RedFive4p(d)), Some(b), None, Play::Trick(p)) => Hand::RedFive4p(d, b, p),
            (Some(Deal::RedFive5p(d)), Some(b), Some(c), Play::Trick(p)) => {
                Hand::RedFive5p(d, b, c, p)
            }
            _ => unreachable!("the phases of a finished hand follow its variant"),
        })
    }
}

/// What the play's bots are told: the phase objects before the play, from which the
/// search reads what its seat knows.
fn play_info<'a>(
    setup: &'a Setup,
    deal: &'a Option<Deal>,
    burial: &'a Option<Burial>,
    call: &'a Option<FriendCall>,
    calls: &'a Option<FriendCalls>,
) -> PlayInfo<'a> {
    PlayInfo::Hand {
        before: before_play(deal, burial, call, calls),
        setup,
    }
}

/// A trick-taking hand's phase objects before its play, as the search reads them. The
/// seat of the first card (C-5) does not change what a seat knows in the play: 0.
fn before_play<'a>(
    deal: &'a Option<Deal>,
    burial: &'a Option<Burial>,
    call: &'a Option<FriendCall>,
    calls: &'a Option<FriendCalls>,
) -> Real<'a> {
    let (burial, call) = (burial.as_ref(), call.as_ref());
    match deal
        .as_ref()
        .expect("a trick-taking hand starts with its deal")
    {
        Deal::Tractor(d) if calls.is_some() => {
            Real::FindingFriends(d, burial, calls.as_ref(), None)
        }
        Deal::Tractor(d) => Real::Tractor(d, burial, None),
        Deal::RedFive4p(d) => Real::RedFive4p(d, 0, burial, None),
        Deal::RedFive5p(d) => Real::RedFive5p(d, burial, call, None),
        Deal::FiftyKTribute(..) => unreachable!("a Fifty-K hand has no trick play"),
    }
}

/// FKO-42: the tribute that ended a Fifty-K hand's deal, if it had one (what the
/// search keeps of it, FKO-48).
fn deal_tribute(deal: &Option<Deal>) -> Option<&FkTribute> {
    match deal {
        Some(Deal::FiftyKTribute(t, _)) => Some(t),
        _ => None,
    }
}

/// FKO-46, FKO-47: the play after the tribute, of the hands it leaves (of one deck or
/// of several, FKO-20), the giver leading (the deal's `leader` when the giver is exempt,
/// FKO-45).
fn play_after_tribute(tribute: &FkTribute, leader: usize, rules: FkRules) -> Result<Play, String> {
    let leader = if tribute.exempt() {
        leader
    } else {
        tribute.giver()
    };
    let decks = tribute.decks();
    if decks > 1 {
        let hands = tribute
            .hands()
            .iter()
            .map(|h| Pile::from_cards(&h.to_cards(), decks).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, String>>()?;
        return Ok(Play::FiftyKPiles(PilePlay::new(hands, leader, rules)?));
    }
    let hands = tribute
        .hands()
        .iter()
        .map(|h| CardSet::from_cards(&h.to_cards()).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Play::FiftyK(FkPlay::new(hands, leader, rules)?))
}

/// Plays the hand of `game_seed` to its end, `kinds[seat]` choosing for each seat.
pub fn play_hand(setup: &Setup, game_seed: u64, kinds: &[BotKind]) -> Result<Hand, String> {
    Ok(played(setup, game_seed, kinds)?
        .into_hand()
        .expect("the hand is over"))
}

/// [`play_hand`]'s hand as a [`HandState`] at its end.
pub fn played(setup: &Setup, game_seed: u64, kinds: &[BotKind]) -> Result<HandState, String> {
    let n = setup.players();
    if kinds.len() != n {
        return Err(format!("the game has {n} seats; got {} bots", kinds.len()));
    }
    let mut bots: Vec<SeatBots> = kinds
        .iter()
        .enumerate()
        .map(|(seat, &kind)| SeatBots::new(kind, game_seed, seat))
        .collect();
    let mut hand = HandState::new(setup, game_seed)?;
    while let Some(seat) = hand.to_act() {
        hand.bot_act(&mut bots[seat]);
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::driver::tests::setups;
    use crate::bots::TrickGoal;
    use crate::phases::Phase;

    fn tribute_setup(players: usize, tribute: Tribute, decks: u8) -> Setup {
        Setup::FiftyK {
            players,
            decks,
            rules: FkRules::default(),
            tribute,
        }
    }

    /// FKO-42..FKO-47: a hand owing a tribute starts with it (the giver to act, its
    /// highest cards only), then the receiver returns a card, then the giver leads the
    /// play; whole hands end, the exchange counted among their actions; of one deck and
    /// of several (FKO-20).
    #[test]
    fn fko_42_a_hand_owing_a_tribute_starts_with_it() {
        let owed = Tribute::Owed {
            giver: 2,
            receiver: 1,
        };
        let mut exchanged = 0;
        for (decks, players) in [(1, 4), (2, 6), (3, 4)] {
            let setup = tribute_setup(players, owed, decks);
            assert!(setup.has_tribute());
            assert!(!matches!(
                setup.layout().unwrap(),
                Layout::FiftyK(_) | Layout::FiftyKPiles(..)
            ));
            for seed in 0..20 {
                let mut hand = HandState::new(&setup, seed).unwrap();
                let exempt = matches!(&hand.deal, Some(Deal::FiftyKTribute(t, _)) if t.exempt());
                if exempt {
                    assert!(hand.play.is_some());
                    continue;
                }
                assert_eq!((hand.to_act(), hand.play.is_none()), (Some(2), true));
                let first = hand.legal_action(0).unwrap().to_string();
                assert!(first.starts_with("tribute "), "{first}");
                hand.apply_legal(0).unwrap();
                assert_eq!(hand.to_act(), Some(1));
                let last = hand.num_legal() - 1;
                hand.apply_legal(last).unwrap();
                assert_eq!((hand.to_act(), hand.play.is_some()), (Some(2), true)); // FKO-47
                exchanged += 1;
                let mut bots = SeatBots::new(BotKind::Greedy, seed, 0);
                while hand.bot_act(&mut bots) {}
                match hand.into_hand() {
                    Some(Hand::FiftyKTribute(t, _)) if decks == 1 => assert_eq!(t.log().len(), 2),
                    Some(Hand::FiftyKPilesTribute(t, _)) if decks > 1 => {
                        assert_eq!(t.log().len(), 2)
                    }
                    other => panic!("not a finished hand with a tribute: {other:?}"),
                }
            }
        }
        assert!(exchanged > 40);
    }

    /// FKO-41, FKO-42: the option without a previous hand deals as the default, of one
    /// deck and of several; the search bot plays a hand owing a tribute, the same for
    /// the same seed.
    #[test]
    fn fko_42_the_option_alone_plays_as_the_default() {
        for (players, decks) in [(4, 1), (6, 2)] {
            let bots = vec![BotKind::Greedy; players];
            let [a, b] = [Tribute::None, Tribute::Highest]
                .map(|t| play_hand(&tribute_setup(players, t, decks), 3, &bots).unwrap());
            match (a, b) {
                (Hand::FiftyK(a), Hand::FiftyK(b)) => assert_eq!(a.log(), b.log()),
                (Hand::FiftyKPiles(a), Hand::FiftyKPiles(b)) => assert_eq!(a.log(), b.log()),
                other => panic!("{other:?}"),
            }
        }
        let search = BotKind::Ismcts(Some(4));
        let owed = tribute_setup(
            4,
            Tribute::Owed {
                giver: 2,
                receiver: 1,
            },
            1,
        );
        let logs: Vec<String> = (0..2)
            .map(|_| format!("{:?}", play_hand(&owed, 7, &[search; 4]).unwrap()))
            .collect();
        assert_eq!(logs[0], logs[1]);
        assert!(logs[0].contains("FiftyKTribute"));
    }

    /// `greedy_index` names the action the greedy bot takes (its generators seeded the
    /// same), at every decision of whole hands of every variant, burials included.
    #[test]
    fn greedy_index_is_the_greedy_bots_action() {
        for setup in setups() {
            for game_seed in 0..2u64 {
                let mut hand = HandState::new(&setup, game_seed).unwrap();
                let mut steps = 0;
                while !hand.is_done() {
                    let seed = seed_for(&[game_seed, steps]);
                    let mut by_bot = hand.clone();
                    let mut bots = SeatBots::seeded(BotKind::Greedy, seed);
                    assert!(by_bot.bot_act(&mut bots));
                    let index = hand.greedy_index(seed).expect("a seat to act");
                    assert!(index < hand.num_legal());
                    hand.apply_legal(index).unwrap();
                    assert_eq!(format!("{hand:?}"), format!("{by_bot:?}"), "step {steps}");
                    steps += 1;
                }
                assert_eq!(hand.greedy_index(0), None);
            }
        }
    }

    /// `take_legal` leaves the hand as `apply_legal` does, at every decision of whole
    /// hands of every variant, and refuses what it refuses (the hand unchanged).
    #[test]
    fn take_legal_is_apply_legal_without_the_text() {
        for setup in setups() {
            for game_seed in [5u64] {
                let mut hand = HandState::new(&setup, game_seed).unwrap();
                let mut steps = 0;
                while !hand.is_done() {
                    let n = hand.num_legal();
                    let before = format!("{hand:?}");
                    assert!(hand.take_legal(n).is_err());
                    assert_eq!(format!("{hand:?}"), before);
                    let index = seed_for(&[game_seed, steps]) % n;
                    let mut taken = hand.clone();
                    taken.take_legal(index).unwrap();
                    hand.apply_legal(index).unwrap();
                    assert_eq!(format!("{taken:?}"), format!("{hand:?}"), "step {steps}");
                    steps += 1;
                }
                assert!(hand.take_legal(0).is_err());
            }
        }
    }

    fn friends_setup(players: usize, restriction: FriendRestriction) -> Setup {
        Setup::FindingFriends {
            players,
            decks: if players == 4 { 2 } else { 3 },
            friends: players / 2 - 1,
            levels: [Rank::TWO; MAX_PLAYERS],
            dealer: None,
            restriction,
            double_join: DoubleJoin::Spent,
        }
    }

    /// FF-1..FF-33 in the core's whole hands: the calls come between the burial and the
    /// play, every card is kept, the greedy index is the greedy bots' action, and every
    /// decision has an observation of the table's layout.
    #[test]
    fn finding_friends_whole_hands() {
        for players in 4..=MAX_PLAYERS {
            for (seed, kind) in [(0, BotKind::Greedy), (1, BotKind::Random)] {
                let setup = friends_setup(players, FriendRestriction::NoTrumps);
                let hand = played(&setup, seed, &vec![kind; players]).unwrap();
                let (deal, burial, call, calls, play) = hand.clone().into_phases();
                assert!(deal.is_some() && burial.is_some() && call.is_none());
                let calls = calls.expect("FF-20: the friend calls");
                assert_eq!(calls.calls().len(), players / 2 - 1);
                let Some(Play::Trick(play)) = play else {
                    panic!("a trick play")
                };
                let mut cards = *play.finished_cards();
                cards.add_all(&Counts::from_cards(burial.unwrap().buried().unwrap()));
                let decks = if players == 4 { 2 } else { 3 };
                assert_eq!(cards.len(), 54 * decks);
                let side = play.friends().unwrap().side();
                assert_eq!(side[0], calls.declarer());
                let mut state = HandState::new(&setup, seed).unwrap();
                let mut out = vec![f32::NAN; setup.layout().unwrap().len()];
                let mut steps = 0;
                while !state.is_done() {
                    let seat = state.to_act().expect("a seat to act");
                    state.encode(seat, &mut out).unwrap();
                    assert!(out
                        .iter()
                        .all(|x| (0.0..=1.0).contains(x) || *x == x.round()));
                    let bot_seed = seed_for(&[seed, steps]);
                    let mut by_bot = state.clone();
                    assert!(by_bot.bot_act(&mut SeatBots::seeded(BotKind::Greedy, bot_seed)));
                    let index = state.greedy_index(bot_seed).expect("a seat to act");
                    state.apply_legal(index).unwrap();
                    assert_eq!(format!("{state:?}"), format!("{by_bot:?}"), "step {steps}");
                    steps += 1;
                }
                assert!(matches!(state.into_hand(), Some(Hand::FindingFriends(..))));
            }
        }
    }

    /// FF-31..FF-41: the search bot plays Finding Friends' whole hands at every table
    /// and each house rule (FF-60, FF-70, FF-80), searching the play for the side each
    /// seat ends on; every action it takes is legal (`played` applies it checked).
    #[test]
    fn ff_the_search_bot_plays_whole_hands_searching_the_play() {
        let restrictions = [
            FriendRestriction::None,
            FriendRestriction::NoTrumps,
            FriendRestriction::NoHighest,
            FriendRestriction::NoPoints,
        ];
        for players in 4..=MAX_PLAYERS {
            let mut setup = friends_setup(players, restrictions[players % 4]);
            if let Setup::FindingFriends { double_join, .. } = &mut setup {
                if players % 2 == 1 {
                    *double_join = DoubleJoin::PassesOn;
                }
            }
            let mut kinds = vec![BotKind::Greedy; players];
            kinds[0] = BotKind::Ismcts(Some(6));
            kinds[players - 1] = BotKind::Ismcts(Some(6));
            let hand = played(&setup, 3, &kinds).unwrap();
            assert!(matches!(hand.into_hand(), Some(Hand::FindingFriends(..))));
            let mut state = HandState::new(&setup, 3).unwrap();
            while !matches!(state.play, Some(Play::Trick(_))) {
                assert!(state.bot_act(&mut SeatBots::seeded(BotKind::Greedy, 1)));
            }
            let info = play_info(
                &state.setup,
                &state.deal,
                &state.burial,
                &state.call,
                &state.calls,
            );
            let Some(Play::Trick(p)) = &state.play else {
                unreachable!("the play started")
            };
            let seat = p.to_act().unwrap();
            let (goal, _) = info.search(p, seat).expect("the play is searched");
            assert_eq!(goal, TrickGoal::FindingFriends);
        }
    }
}
