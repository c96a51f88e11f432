//! The environments' one discrete action space, over every phase of a hand, and a hand
//! played through it ([`DecisionHand`]): what `fenpai.envs.decisions` defines, done in
//! the core so that one environment step is one call.
//!
//! Ids `0 .. F-1` are the variant's fixed ids (`fenpai.spaces`: pass, bids, trump,
//! declarations, calls, Fifty-K play types), given as action texts: Tractor's follow
//! its table, three decks' triple declarations after two decks' ids (TRO-123); Fifty-K
//! of several decks adds the play types of
//! [`pile_types`](crate::fifty_k::pile_types) after one deck's (FKO-20). The
//! trick-taking variants add, for the burial (C-4) and the trick play (C-24, C-30,
//! C-31), a choice card by card: ids
//! `F .. F+53` pick one more copy of a card kind (`Card::index`) and `F+54` (`done`)
//! plays the cards picked. A burial goes once its size is picked; a play goes as soon as
//! the picks are a legal play that no further card extends, else on `done`. The mask
//! allows exactly the picks that still lead to a legal action, so the actions reachable
//! through it are exactly the legal ones, each once.

use std::collections::HashMap;

use crate::bots::{BotKind, HandRef, HandState, SeatBots, Setup, Stage};
use crate::card::{Card, Counts, NUM_CARDS};
use crate::error::ActionError;
use crate::fifty_k::cardset::{FIVE, KING, TEN};
use crate::fifty_k::pile_turns::PilePlay;
use crate::fifty_k::pile_types::{added_type_names, type_indices, NUM_PILE_TYPES};
use crate::fifty_k::{type_id, CardSet, FkPlay, NUM_PLAY_TYPES};
use crate::phases::Action;

/// FKO-44, FKO-46: the exchange's actions under Fifty-K's tribute, in id order after the
/// play types: the tribute of each card of one deck (or with several decks, `piles`, of
/// each of the 54 cards, FKO-22), then the return of each.
fn exchange_actions(piles: bool) -> Vec<String> {
    let kinds = if piles { NUM_CARDS as u8 } else { 52 };
    ["tribute", "return"]
        .iter()
        .flat_map(|verb| (0..kinds).map(move |i| format!("{verb} {}", Card(i))))
        .collect()
}

/// A variant's action space: its fixed ids (by action text, for the trick-taking
/// variants and Fifty-K's exchange), whether it chooses card by card, whether it is
/// Fifty-K's of several decks and whether it has the tribute's ids.
#[derive(Clone, Debug)]
pub struct Space {
    fixed: usize,
    by_card: bool,
    ids: HashMap<String, usize>,
    piles: bool,
    tribute: bool,
}

impl Space {
    /// The space of `variant`; `fixed` names the trick-taking variants' fixed ids in id
    /// order (`fenpai.spaces.fixed_actions` of the table). Fifty-K's ids are `pass` then
    /// 1 + each play type; `fixed` names the ids after them: the tribute's and the
    /// return's under the option `tribute` (FKO-40, `fenpai.spaces.TRIBUTE_ACTIONS`),
    /// the play types several decks add (FKO-25..FKO-27, [`added_type_names`],
    /// `fenpai.spaces.SEVERAL_DECKS_TYPES`) for several decks, then under the tribute
    /// its exchange of the 54 cards (`fenpai.spaces.SEVERAL_DECKS_TRIBUTE_ACTIONS`), and
    /// none otherwise.
    pub fn new(variant: &str, fixed: &[String]) -> Result<Space, String> {
        if variant == "fifty_k" {
            let added = added_type_names();
            let piles = fixed.starts_with(&added);
            let exchange = if piles { &fixed[added.len()..] } else { fixed };
            let tribute = !exchange.is_empty();
            if tribute && exchange != exchange_actions(piles).as_slice() {
                return Err(
                    "Fifty-K's fixed ids are its play types, then under its tribute the \
                     tribute and the return of each card of one deck, in card order \
                     (FKO-40, FKO-44, FKO-46; fenpai.spaces.TRIBUTE_ACTIONS), or with \
                     several decks the play types they add (FKO-25..FKO-27; \
                     fenpai.spaces.SEVERAL_DECKS_TYPES), then under the tribute its \
                     exchange of the 54 cards (fenpai.spaces.SEVERAL_DECKS_TRIBUTE_ACTIONS): \
                     give exactly those texts, or none"
                        .into(),
                );
            }
            let plays = if piles {
                1 + NUM_PILE_TYPES as usize
            } else {
                1 + NUM_PLAY_TYPES as usize
            };
            let ids = exchange
                .iter()
                .enumerate()
                .map(|(i, t)| (t.clone(), plays + i))
                .collect();
            return Ok(Space {
                fixed: plays + exchange.len(),
                by_card: false,
                ids,
                piles,
                tribute,
            });
        }
        if fixed.is_empty() {
            return Err(format!("{variant} needs its fixed action texts"));
        }
        let ids = fixed
            .iter()
            .enumerate()
            .map(|(i, t)| (t.clone(), i))
            .collect();
        Ok(Space {
            fixed: fixed.len(),
            by_card: true,
            ids,
            piles: false,
            tribute: false,
        })
    }

    /// Whether this is Fifty-K's space of several decks (FKO-20).
    pub fn piles(&self) -> bool {
        self.piles
    }

    /// Whether this is Fifty-K's space under the tribute (FKO-40).
    pub fn tribute(&self) -> bool {
        self.tribute
    }

    /// How many fixed ids there are (`F`).
    pub fn fixed(&self) -> usize {
        self.fixed
    }

    /// Whether burials and trick plays are chosen card by card.
    pub fn by_card(&self) -> bool {
        self.by_card
    }

    /// The number of ids.
    pub fn size(&self) -> usize {
        self.fixed + if self.by_card { NUM_CARDS + 1 } else { 0 }
    }

    /// The `done` id (card-by-card variants).
    pub fn done(&self) -> usize {
        self.size() - 1
    }
}

/// The legal index of each fixed id allowed now, kept sparse: a Fifty-K hand allows a
/// few of its 7 410 ids, and clearing them all at each decision would cost more than
/// finding them.
#[derive(Clone, Debug)]
struct FixedIndex {
    index: Vec<Option<u64>>,
    set: Vec<usize>,
}

impl FixedIndex {
    fn new(fixed: usize) -> FixedIndex {
        FixedIndex {
            index: vec![None; fixed],
            set: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for &id in &self.set {
            self.index[id] = None;
        }
        self.set.clear();
    }

    fn get(&self, id: usize) -> Option<u64> {
        self.index.get(id).copied().flatten()
    }

    fn set(&mut self, id: usize, legal: u64) {
        if self.index[id].is_none() {
            self.set.push(id);
        }
        self.index[id] = Some(legal);
    }
}

/// How many pure fifty-Ks (5, T and K of one suit, FK-16) `cards` hold.
fn pure_fifty_ks(cards: CardSet) -> u32 {
    (0..4)
        .filter(|&s| {
            [FIVE, TEN, KING]
                .iter()
                .all(|&r| cards.suits(r) & (1 << s) != 0)
        })
        .count() as u32
}

/// Sets the legal index each Fifty-K id plays: `pass` first when legal, then each play
/// type's play, the one that keeps the most pure fifty-Ks in the hand on a tie, then
/// the first in legal order.
fn fifty_k_index(play: &mut FkPlay, index: &mut FixedIndex) {
    let Some(seat) = play.to_act() else {
        return;
    };
    let passes = u64::from(play.can_pass());
    if passes == 1 {
        index.set(0, 0);
    }
    let hand = play.hand(seat);
    let moves = play.moves();
    for (i, combo) in moves.iter().enumerate() {
        let id = 1 + type_id(combo) as usize;
        let legal = i as u64 + passes;
        let better = match index.get(id) {
            None => true,
            Some(best) => {
                let best = moves[(best - passes) as usize].cards;
                let left = |cards: CardSet| pure_fifty_ks(CardSet(hand.0 & !cards.0));
                left(combo.cards) > left(best)
            }
        };
        if better {
            index.set(id, legal);
        }
    }
}

/// Sets the legal index each id of a Fifty-K hand of several decks plays (FKO-20..
/// FKO-28): `pass` first when legal, then each legal pattern's type id ([`type_indices`]).
fn fifty_k_pile_index(play: &mut PilePlay, index: &mut FixedIndex) {
    if play.can_pass() {
        index.set(0, 0);
    }
    for (type_id, legal) in type_indices(play) {
        debug_assert!(
            index.get(1 + type_id as usize).is_none(),
            "one pattern per id"
        );
        index.set(1 + type_id as usize, legal);
    }
}

/// A hand played through the action space: the hand, the picks of the seat to act in a
/// card-by-card choice, and a bot for each seat not played outside the core.
#[derive(Clone, Debug)]
pub struct DecisionHand {
    space: Space,
    setup: Setup,
    kinds: Vec<Option<BotKind>>,
    bots: Vec<Option<SeatBots>>,
    hand: HandState,
    picked: Counts,
    /// The mask of the seat to act for the state now, when computed.
    mask: Vec<i8>,
    masked: Option<usize>,
    /// The legal index of each fixed id allowed, with the mask.
    index: FixedIndex,
    /// The encoded view's length (the layout's, computed once).
    view_len: usize,
    /// The last view encoded, and whose: a card-by-card choice's picks leave the hand as
    /// it is, so its steps copy the view instead of encoding it again.
    view: Vec<f32>,
    viewed: Option<usize>,
}

impl DecisionHand {
    /// A hand of `setup` (dealt from seed 0 until [`DecisionHand::reset`]), `kinds[seat]`
    /// the bot of each seat or `None` for a seat played outside.
    pub fn new(
        setup: Setup,
        space: Space,
        kinds: Vec<Option<BotKind>>,
    ) -> Result<DecisionHand, String> {
        let n = setup.players();
        if kinds.len() != n {
            return Err(format!(
                "{} has {n} seats; got {} players",
                setup.variant(),
                kinds.len()
            ));
        }
        if space.by_card() != (setup.variant() != "fifty_k") {
            return Err(format!("the action space is not {}'s", setup.variant()));
        }
        if setup.variant() == "fifty_k" && space.piles() != setup.has_piles() {
            return Err(if space.piles() {
                "the action space is several decks' (FKO-20) but the game has one deck"
            } else {
                "the game has several decks (FKO-20): its action space needs the play types \
                 they add (fenpai.spaces.SEVERAL_DECKS_TYPES)"
            }
            .into());
        }
        if setup.variant() == "fifty_k" && space.tribute() != setup.has_tribute() {
            return Err(if space.tribute() {
                "the action space has the tribute's ids but the game has no tribute (FKO-40)"
            } else {
                "the game takes a tribute (FKO-40): its action space needs the tribute's and \
                 the return's ids (fenpai.spaces.TRIBUTE_ACTIONS, with several decks \
                 SEVERAL_DECKS_TRIBUTE_ACTIONS)"
            }
            .into());
        }
        let size = space.size();
        let fixed = space.fixed();
        let mut out = DecisionHand {
            view_len: setup.layout()?.len(),
            view: Vec::new(),
            viewed: None,
            hand: HandState::new(&setup, 0)?,
            setup,
            space,
            bots: vec![None; n],
            kinds,
            picked: Counts::default(),
            mask: vec![0; size],
            masked: None,
            index: FixedIndex::new(fixed),
        };
        out.reset(0, None, None)?;
        Ok(out)
    }

    /// Deals the hand of `seed` (or a scripted deck and first seat, C-5), the bots
    /// seeded from it as `fenpai.bots.Bot` seeds them.
    pub fn reset(
        &mut self,
        seed: u64,
        deck: Option<&str>,
        first_seat: Option<usize>,
    ) -> Result<(), String> {
        self.hand = HandState::dealt(&self.setup, seed, deck, first_seat)?;
        for (seat, kind) in self.kinds.iter().enumerate() {
            self.bots[seat] = kind.map(|k| SeatBots::new(k, seed, seat));
        }
        self.changed();
        Ok(())
    }

    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The length of an observation: the encoded view, then (card by card) the picks.
    pub fn obs_len(&self) -> usize {
        self.view_len + if self.space.by_card() { NUM_CARDS } else { 0 }
    }

    /// The hand so far.
    pub fn hand(&self) -> &HandState {
        &self.hand
    }

    /// The seat to act (`None` once the hand is over).
    pub fn to_act(&mut self) -> Option<usize> {
        self.hand.to_act()
    }

    /// The finished hand's phase objects (what its scoring reads); `None` while it is
    /// under way.
    pub fn finished(&mut self) -> Option<HandRef<'_>> {
        self.hand.finished()
    }

    /// The cards the seat to act has picked in a card-by-card choice.
    pub fn picked(&self) -> &Counts {
        &self.picked
    }

    fn changed(&mut self) {
        self.picked = Counts::default();
        self.masked = None;
        self.viewed = None;
    }

    /// The bots play while the seat to act has one.
    pub fn play_bots(&mut self) {
        while let Some(seat) = self.hand.to_act() {
            let Some(bots) = &mut self.bots[seat] else {
                break;
            };
            self.hand.bot_act(bots);
            self.changed();
        }
    }

    /// Computes the mask of the seat to act (and the fixed ids' legal indices).
    fn fill_mask(&mut self) {
        let Some(seat) = self.hand.to_act() else {
            self.mask.fill(0);
            return;
        };
        if self.masked == Some(seat) {
            return;
        }
        let (fixed, done) = (self.space.fixed(), self.space.done());
        self.mask.fill(0);
        self.index.clear();
        match self.hand.stage() {
            Stage::Over => {}
            Stage::Fixed(p) => {
                for i in 0..p.num_legal() {
                    let text = p.legal_action(i).map(|a| a.to_string());
                    if let Some(&id) = text.and_then(|t| self.space.ids.get(&t)) {
                        self.index.set(id, i);
                    }
                }
            }
            Stage::FiftyK(p) => fifty_k_index(p, &mut self.index),
            Stage::FiftyKPiles(p) => fifty_k_pile_index(p, &mut self.index),
            Stage::Burial(b) => {
                let hand = b.hands()[seat];
                for k in 0..NUM_CARDS {
                    self.mask[fixed + k] = i8::from(hand.0[k] > self.picked.0[k]);
                }
            }
            Stage::Trick(p) => {
                let (cards, can_end) = p.pick_options(&self.picked);
                for (k, &c) in cards.iter().enumerate() {
                    self.mask[fixed + k] = i8::from(c);
                }
                self.mask[done] = i8::from(can_end);
            }
        }
        for &id in &self.index.set {
            self.mask[id] = 1;
        }
        self.masked = Some(seat);
    }

    /// Writes the mask of the ids `seat` may take now into `out` (zeros when it may not
    /// act).
    pub fn mask(&mut self, seat: usize, out: &mut [i8]) {
        if self.hand.to_act() != Some(seat) {
            out.fill(0);
            return;
        }
        self.fill_mask();
        out.copy_from_slice(&self.mask);
    }

    /// Writes what `seat` observes into `obs` (its encoded view, then its picks) and its
    /// mask into `mask`.
    pub fn observe(&mut self, seat: usize, obs: &mut [f32], mask: &mut [i8]) -> Result<(), String> {
        let (view, picks) = obs.split_at_mut(self.view_len);
        if self.viewed == Some(seat) && self.view.len() == view.len() {
            view.copy_from_slice(&self.view);
        } else {
            self.hand.encode(seat, view)?;
            self.view.clear();
            self.view.extend_from_slice(view);
            self.viewed = Some(seat);
        }
        let mine = self.hand.to_act() == Some(seat);
        for (o, &c) in picks.iter_mut().zip(&self.picked.0) {
            *o = if mine { f32::from(c) } else { 0.0 };
        }
        self.mask(seat, mask);
        Ok(())
    }

    /// Applies action `action` of `seat` as the phase objects take it (not through the
    /// ids: for replaying a record); returns its canonical form. An error changes
    /// nothing.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        match self.hand.to_act() {
            None => return Err(ActionError::game_over("the hand is over")),
            Some(s) if s != seat => {
                return Err(ActionError::not_your_turn(format!(
                    "it is seat {s}'s turn, not seat {seat}'s"
                )))
            }
            Some(_) => {}
        }
        let done = self.hand.act(action)?;
        self.changed();
        Ok(done)
    }

    /// Takes id `action` for `seat`: `true` once a game action was applied, `false` for
    /// a pick that does not complete one. An id the mask does not allow is an error
    /// that changes nothing.
    pub fn step(&mut self, seat: usize, action: usize) -> Result<bool, ActionError> {
        let allowed = match self.hand.to_act() {
            Some(s) if s == seat => {
                self.fill_mask();
                self.mask.get(action).is_some_and(|&m| m != 0)
            }
            _ => false,
        };
        if !allowed {
            return Err(ActionError::illegal(format!(
                "action {action} is not allowed for seat {seat} now"
            )));
        }
        let fixed = self.space.fixed();
        if action < fixed {
            self.hand
                .take_legal(
                    self.index
                        .get(action)
                        .expect("a masked id has a legal index"),
                )
                .expect("a masked id is legal");
            self.changed();
            return Ok(true);
        }
        let complete = if action == self.space.done() {
            true
        } else {
            self.picked.0[action - fixed] += 1;
            self.masked = None;
            match self.hand.stage() {
                Stage::Burial(b) => self.picked.len() == b.size(),
                _ => {
                    self.fill_mask();
                    let done = self.space.done();
                    self.mask[done] != 0 && !self.mask[fixed..done].iter().any(|&m| m != 0)
                }
            }
        };
        if !complete {
            return Ok(false);
        }
        let cards = self.picked.to_cards();
        let action = match self.hand.stage() {
            Stage::Burial(_) => Action::Bury(cards),
            _ => Action::Play(cards, None),
        };
        self.hand
            .act(&action)
            .expect("the mask leads to legal actions");
        self.changed();
        Ok(true)
    }
}

/// Many hands through the action space at once (a vector environment): one seat of each
/// played outside the core, each step taking one id per hand, the bots' turns and the
/// observations of all in one call. Every id is checked before any is taken, so a bad
/// one changes nothing.
#[derive(Clone, Debug)]
pub struct DecisionBatch {
    hands: Vec<DecisionHand>,
    /// The seat that took each hand's last id, whose view a finished hand shows.
    acted: Vec<Option<usize>>,
}

impl DecisionBatch {
    /// `count` hands as [`DecisionHand::new`] makes them.
    pub fn new(
        setup: Setup,
        space: Space,
        kinds: Vec<Option<BotKind>>,
        count: usize,
    ) -> Result<DecisionBatch, String> {
        if count == 0 {
            return Err("a batch needs at least one hand".into());
        }
        let hand = DecisionHand::new(setup, space, kinds)?;
        Ok(DecisionBatch {
            hands: vec![hand; count],
            acted: vec![None; count],
        })
    }

    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// The action space (every hand's).
    pub fn space(&self) -> &Space {
        self.hands[0].space()
    }

    /// The length of one observation.
    pub fn obs_len(&self) -> usize {
        self.hands[0].obs_len()
    }

    /// Hand `i`, for reading and single steps.
    pub fn hand_mut(&mut self, i: usize) -> Option<&mut DecisionHand> {
        self.hands.get_mut(i)
    }

    /// Deals hand `i` from `seed` (or a scripted deck and first seat, C-5) and lets its
    /// bots act up to its first outside decision.
    pub fn reset(
        &mut self,
        i: usize,
        seed: u64,
        deck: Option<&str>,
        first_seat: Option<usize>,
    ) -> Result<(), String> {
        let hand = self
            .hands
            .get_mut(i)
            .ok_or_else(|| format!("there is no hand {i}"))?;
        hand.reset(seed, deck, first_seat)?;
        hand.play_bots();
        self.acted[i] = None;
        Ok(())
    }

    /// Takes `actions[i]` for the seat to act of each hand with one (negative: none),
    /// then lets the bots act. An error (the hand, and why) before anything is taken
    /// when some id is not allowed, or given to a hand that is over.
    pub fn step(&mut self, actions: &[i64]) -> Result<(), (usize, ActionError)> {
        self.check(actions)?;
        for (i, &action) in actions.iter().enumerate() {
            self.step_hand(i, action);
        }
        Ok(())
    }

    /// [`Self::step`], each hand that took an id then written as [`Self::observe_rows`]
    /// writes it, at once, while it is in cache (the other rows left as they are). The
    /// arrays are checked first: a bad one, like a bad id, changes nothing.
    pub fn step_observe(
        &mut self,
        actions: &[i64],
        seats: &mut [i64],
        obs: &mut [f32],
        masks: &mut [i8],
    ) -> Result<(), StepFail> {
        self.check_rows(seats, obs, masks).map_err(StepFail::Rows)?;
        self.check(actions)
            .map_err(|(i, e)| StepFail::Refused(i, e))?;
        for (i, &action) in actions.iter().enumerate() {
            if self.step_hand(i, action) {
                // The arrays were checked above: writing a row of them cannot fail, so
                // nothing is left half done.
                self.observe_row(i, seats, obs, masks)
                    .expect("rows checked above");
            }
        }
        Ok(())
    }

    /// Every id of `actions` (one per hand, negative: none) is allowed, or the first hand
    /// whose id is not and why.
    fn check(&mut self, actions: &[i64]) -> Result<(), (usize, ActionError)> {
        if actions.len() != self.hands.len() {
            let message = format!("{} actions for {} hands", actions.len(), self.hands.len());
            return Err((0, ActionError::illegal(message)));
        }
        for (i, (hand, &action)) in self.hands.iter_mut().zip(actions).enumerate() {
            let Ok(action) = usize::try_from(action) else {
                continue;
            };
            let Some(seat) = hand.to_act() else {
                let message = format!("action {action} is not allowed in hand {i}: it is over");
                return Err((i, ActionError::illegal(message)));
            };
            hand.fill_mask();
            if hand.mask.get(action).is_none_or(|&m| m == 0) {
                let message =
                    format!("action {action} is not allowed for seat {seat} in hand {i} now");
                return Err((i, ActionError::illegal(message)));
            }
        }
        Ok(())
    }

    /// Takes hand `i`'s checked id `action` (negative: none), then its bots act; whether
    /// it took one.
    fn step_hand(&mut self, i: usize, action: i64) -> bool {
        let hand = &mut self.hands[i];
        let (Ok(action), Some(seat)) = (usize::try_from(action), hand.to_act()) else {
            return false;
        };
        hand.step(seat, action).expect("checked above");
        hand.play_bots();
        self.acted[i] = Some(seat);
        true
    }

    /// Writes each hand's seat to act (−1 once over) into `seats`, and that seat's
    /// observation and mask into the rows of `obs` and `masks` (once over: the view of
    /// the seat that took the last id, its mask zeros).
    pub fn observe(
        &mut self,
        seats: &mut [i64],
        obs: &mut [f32],
        masks: &mut [i8],
    ) -> Result<(), String> {
        let every: Vec<usize> = (0..self.hands.len()).collect();
        self.observe_rows(&every, seats, obs, masks)
    }

    /// [`Self::observe`] for the hands of `rows` alone, into their rows of the whole
    /// batch's `seats`, `obs` and `masks` (the other rows left as they are): after a
    /// step that took ids in a few hands, only theirs changed. An error for a row that
    /// is no hand.
    pub fn observe_rows(
        &mut self,
        rows: &[usize],
        seats: &mut [i64],
        obs: &mut [f32],
        masks: &mut [i8],
    ) -> Result<(), String> {
        self.check_rows(seats, obs, masks)?;
        for &i in rows {
            if i >= self.hands.len() {
                return Err(format!("there is no hand {i}"));
            }
            self.observe_row(i, seats, obs, masks)?;
        }
        Ok(())
    }

    /// The arrays hold the whole batch's rows, or why not.
    fn check_rows(&self, seats: &[i64], obs: &[f32], masks: &[i8]) -> Result<(), String> {
        let (n, width, size) = (self.hands.len(), self.obs_len(), self.space().size());
        if seats.len() != n || obs.len() != n * width || masks.len() != n * size {
            return Err(format!(
                "the arrays must hold {n} hands' rows of {width} observations and {size} ids"
            ));
        }
        Ok(())
    }

    /// Writes hand `i`'s row (the arrays checked).
    fn observe_row(
        &mut self,
        i: usize,
        seats: &mut [i64],
        obs: &mut [f32],
        masks: &mut [i8],
    ) -> Result<(), String> {
        let (width, size) = (self.obs_len(), self.space().size());
        let hand = &mut self.hands[i];
        let (o, m) = (
            &mut obs[i * width..(i + 1) * width],
            &mut masks[i * size..(i + 1) * size],
        );
        let to_act = hand.to_act();
        seats[i] = to_act.map_or(-1, |s| s as i64);
        match to_act.or(self.acted[i]) {
            Some(s) => hand.observe(s, o, m),
            None => {
                o.fill(0.0);
                m.fill(0);
                Ok(())
            }
        }
    }
}

/// Why [`DecisionBatch::step_observe`] took nothing: an id not allowed (the hand and
/// why), or arrays that are not the batch's rows.
#[derive(Debug)]
pub enum StepFail {
    Refused(usize, ActionError),
    Rows(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Tribute;
    use crate::card::{parse_cards, Rank};
    use crate::phases::{TractorDecks, TractorHouse};
    use crate::trick::FollowFormat;

    fn tractor() -> DecisionHand {
        let setup = Setup::Tractor {
            levels: (Rank::TWO, Rank::TWO),
            dealer: None,
            follow_format: FollowFormat::Pairs,
            table: TractorDecks::default(),
            house: TractorHouse::default(),
        };
        // Tractor's fixed ids only matter for their number here: the deal's pass first.
        let fixed: Vec<String> = (0..107).map(|i| format!("id {i}")).collect();
        let mut texts = fixed;
        texts[0] = "pass".into();
        let space = Space::new("tractor", &texts).unwrap();
        DecisionHand::new(setup, space, vec![None; 4]).unwrap()
    }

    fn mask(hand: &mut DecisionHand, seat: usize) -> Vec<i8> {
        let mut out = vec![0; hand.space().size()];
        hand.mask(seat, &mut out);
        out
    }

    /// FKO-40: Fifty-K's texts are the exchange's, after its play types, which keep ids.
    #[test]
    fn fko_40_the_exchange_follows_the_play_types() {
        let texts = exchange_actions(false);
        assert_eq!((texts.len(), texts[0].as_str()), (104, "tribute 2s"));
        let space = Space::new("fifty_k", &texts).unwrap();
        let plays = 1 + NUM_PLAY_TYPES as usize;
        assert_eq!((space.fixed(), space.size()), (plays + 104, plays + 104));
        let at = texts.iter().position(|t| t == "return 3d").unwrap();
        assert_eq!(at, 52 + 40); // the returns follow the tributes, 3d the 41st card
        assert_eq!(space.ids.get("return 3d"), Some(&(plays + at)));
        for partial in [&["pass".to_string()][..], &texts[..2]] {
            let err = Space::new("fifty_k", partial).unwrap_err();
            assert!(err.contains("FKO-40"), "{err}");
        }
    }

    /// FKO-20: several decks take the space whose table names the play types they add;
    /// a table and a game of other decks are refused by name.
    #[test]
    fn fko_20_several_decks_take_the_added_play_types() {
        let setup = |decks| Setup::FiftyK {
            players: 6,
            decks,
            rules: crate::fifty_k::FkRules::default(),
            tribute: Default::default(),
        };
        let one = Space::new("fifty_k", &[]).unwrap();
        let err = DecisionHand::new(setup(2), one.clone(), vec![None; 6]).unwrap_err();
        assert!(err.contains("SEVERAL_DECKS_TYPES"), "{err}");
        let several = Space::new("fifty_k", &added_type_names()).unwrap();
        assert_eq!(several.size(), 1 + NUM_PILE_TYPES as usize);
        let err = DecisionHand::new(setup(1), several.clone(), vec![None; 6]).unwrap_err();
        assert!(err.contains("FKO-20"), "{err}");
        let mut names = added_type_names();
        names.swap(0, 1);
        assert!(Space::new("fifty_k", &names)
            .unwrap_err()
            .contains("FKO-25"));
        // A whole hand through the ids, each allowed id taking a legal play of its type.
        let mut hand = DecisionHand::new(setup(3), several, vec![None; 6]).unwrap();
        hand.reset(7, None, None).unwrap();
        let mut steps = 0u64;
        while let Some(seat) = hand.to_act() {
            let m = mask(&mut hand, seat);
            let allowed: Vec<usize> = (0..m.len()).filter(|&i| m[i] != 0).collect();
            assert!(matches!(hand.hand.stage(), Stage::FiftyKPiles(_)));
            for &id in &allowed {
                let legal = hand.index.get(id).unwrap();
                let Stage::FiftyKPiles(p) = hand.hand.stage() else {
                    unreachable!()
                };
                match p.nth_legal(legal).unwrap() {
                    crate::fifty_k::pile_turns::PileAction::Pass => assert_eq!(id, 0),
                    crate::fifty_k::pile_turns::PileAction::Play(cards, combo) => {
                        let pattern = crate::fifty_k::pile_legal::PilePattern::of(&cards, &combo);
                        assert_eq!(
                            1 + crate::fifty_k::pile_types::pile_type_id(&pattern) as usize,
                            id
                        );
                    }
                }
            }
            hand.step(seat, allowed[steps as usize % allowed.len()])
                .unwrap();
            steps += 1;
        }
        assert!(steps > 30, "a whole hand: {steps} steps");
    }

    /// FKO-20, FKO-40: several decks under the tribute take the added play types, then
    /// the exchange of each of the 54 cards; a whole hand through the ids gives and
    /// returns a card (jokers included, FKO-44) and plays on.
    #[test]
    fn fko_40_several_decks_take_the_exchange_of_54_cards() {
        let setup = |tribute| Setup::FiftyK {
            players: 4,
            decks: 2,
            rules: crate::fifty_k::FkRules::default(),
            tribute,
        };
        let texts: Vec<String> = added_type_names()
            .into_iter()
            .chain(exchange_actions(true))
            .collect();
        assert!(exchange_actions(true).contains(&"tribute BJ".to_string()));
        let space = Space::new("fifty_k", &texts).unwrap();
        let plays = 1 + NUM_PILE_TYPES as usize;
        assert_eq!((space.fixed(), space.piles()), (plays + 108, true));
        assert_eq!(space.ids.get("tribute 2s"), Some(&plays));
        let several = Space::new("fifty_k", &added_type_names()).unwrap();
        let owed = Tribute::Owed {
            giver: 1,
            receiver: 2,
        };
        let err = DecisionHand::new(setup(owed), several, vec![None; 4]).unwrap_err();
        assert!(err.contains("SEVERAL_DECKS_TRIBUTE_ACTIONS"), "{err}");
        let mut short = texts.clone();
        short.pop();
        assert!(Space::new("fifty_k", &short)
            .unwrap_err()
            .contains("54 cards"));
        let mut exchanged = 0;
        for seed in 0..6 {
            let mut hand = DecisionHand::new(setup(owed), space.clone(), vec![None; 4]).unwrap();
            hand.reset(seed, None, None).unwrap();
            let mut steps = 0usize;
            while let Some(seat) = hand.to_act() {
                let m = mask(&mut hand, seat);
                let allowed: Vec<usize> = (0..m.len()).filter(|&i| m[i] != 0).collect();
                if let Stage::Fixed(p) = hand.hand.stage() {
                    // Exactly the legal exchange, each through its own id.
                    assert_eq!(allowed.len() as u64, p.num_legal());
                    exchanged += 1;
                }
                hand.step(seat, allowed[steps % allowed.len()]).unwrap();
                steps += 1;
            }
            let Some(HandRef::FiftyKPilesTribute(t, p)) = hand.finished() else {
                panic!("a hand of several decks after its tribute");
            };
            assert!(t.exempt() || t.returned().is_some());
            assert!(p.is_done());
        }
        assert!(
            exchanged >= 10,
            "the exchange went through the ids: {exchanged}"
        );
    }

    #[test]
    fn fk_16_pure_fifty_ks_are_counted_per_suit() {
        let cards = |t: &str| CardSet::from_cards(&parse_cards(t).unwrap()).unwrap();
        assert_eq!(pure_fifty_ks(cards("5s Ts Ks 5h Th Kh 5c Tc")), 2);
        assert_eq!(pure_fifty_ks(cards("5s Th Kc")), 0);
    }

    #[test]
    fn c_4_a_burial_goes_once_its_size_is_picked_and_a_bad_id_changes_nothing() {
        let mut hand = tractor();
        let fixed = hand.space().fixed();
        // Pass through the deal until the burial (the first legal fixed id each time).
        while let Some(seat) = hand.to_act() {
            let m = mask(&mut hand, seat);
            if m[..fixed].iter().all(|&x| x == 0) {
                break;
            }
            let id = m.iter().position(|&x| x != 0).unwrap();
            assert!(hand.step(seat, id).unwrap());
        }
        let seat = hand.to_act().unwrap();
        let Stage::Burial(b) = hand.hand.stage() else {
            panic!("the deal ends in the burial");
        };
        let size = b.size();
        let other = (seat + 1) % 4;
        assert!(hand.step(other, fixed).is_err(), "not the seat to act");
        assert!(
            hand.step(seat, hand.space().size()).is_err(),
            "out of range"
        );
        for picks in 1..=size {
            let m = mask(&mut hand, seat);
            assert_eq!(m[hand.space().done()], 0, "a burial has no done");
            let kind = m[fixed..].iter().position(|&x| x != 0).unwrap();
            assert_eq!(hand.step(seat, fixed + kind).unwrap(), picks == size);
        }
        assert!(matches!(hand.hand.stage(), Stage::Trick(_)));
        assert!(hand.picked().is_empty());
    }

    #[test]
    fn every_observation_is_the_hands_encoding_then_the_picks_whatever_is_kept() {
        // The view kept between picks is the encoding the hand gives now, for the seat to
        // act and for every other seat, at every step of a whole hand.
        let mut hand = tractor();
        let (len, view) = (hand.obs_len(), hand.view_len);
        let (mut obs, mut m) = (vec![0f32; len], vec![0i8; hand.space().size()]);
        let mut fresh = vec![0f32; view];
        let mut steps = 0u64;
        while let Some(seat) = hand.to_act() {
            for s in [seat, (seat + 1) % 4, seat] {
                hand.observe(s, &mut obs, &mut m).unwrap();
                hand.hand.encode(s, &mut fresh).unwrap();
                assert_eq!(obs[..view], fresh[..], "seat {s} after {steps} steps");
                let picks: Vec<f32> = if s == seat {
                    hand.picked().0.iter().map(|&c| f32::from(c)).collect()
                } else {
                    vec![0.0; NUM_CARDS]
                };
                assert_eq!(obs[view..], picks[..]);
            }
            hand.mask(seat, &mut m);
            // A varied walk: the (steps mod allowed)-th allowed id.
            let allowed: Vec<usize> = (0..m.len()).filter(|&i| m[i] != 0).collect();
            hand.step(seat, allowed[steps as usize % allowed.len()])
                .unwrap();
            steps += 1;
        }
        assert!(steps > 100);
    }

    /// `step_observe` writes what `step` then `observe_rows` of the hands that took an
    /// id write, a hand given no id left as it is; a bad id or bad arrays take nothing.
    #[test]
    fn step_observe_is_step_then_observe_rows_of_the_hands_that_took_an_id() {
        let hand = tractor();
        let (setup, space) = (hand.setup, hand.space.clone());
        let kinds = vec![None, Some(BotKind::Random), None, Some(BotKind::Greedy)];
        let n = 3;
        let mut a = DecisionBatch::new(setup, space, kinds, n).unwrap();
        for i in 0..n {
            a.reset(i, 20 + i as u64, None, None).unwrap();
        }
        let mut b = a.clone();
        let (w, k) = (a.obs_len(), a.space().size());
        let rows = || (vec![0i64; n], vec![f32::NAN; n * w], vec![0i8; n * k]);
        let ((mut sa, mut oa, mut ma), (mut sb, mut ob, mut mb)) = (rows(), rows());
        a.observe(&mut sa, &mut oa, &mut ma).unwrap();
        b.observe(&mut sb, &mut ob, &mut mb).unwrap();
        let mut round = 0;
        while sa.iter().any(|&s| s >= 0) {
            let ids: Vec<i64> = (0..n)
                .map(|i| match sa[i] {
                    s if s < 0 || (i == 1 && round % 3 == 0) => -1,
                    _ => ma[i * k..(i + 1) * k]
                        .iter()
                        .rposition(|&m| m != 0)
                        .unwrap() as i64,
                })
                .collect();
            if round % 5 == 0 {
                let mut bad = ids.clone();
                bad[2] = k as i64;
                let refused = a.step_observe(&bad, &mut sa, &mut oa, &mut ma);
                assert!(
                    matches!(refused, Err(StepFail::Refused(2, _))),
                    "{refused:?}"
                );
                let short = a.step_observe(&ids, &mut sa[..2], &mut oa, &mut ma);
                assert!(matches!(short, Err(StepFail::Rows(_))));
            }
            a.step_observe(&ids, &mut sa, &mut oa, &mut ma).unwrap();
            b.step(&ids).unwrap();
            let took: Vec<usize> = (0..n).filter(|&i| ids[i] >= 0).collect();
            b.observe_rows(&took, &mut sb, &mut ob, &mut mb).unwrap();
            assert_eq!((&sa, &ma), (&sb, &mb), "round {round}");
            assert!(oa.iter().zip(&ob).all(|(x, y)| x.to_bits() == y.to_bits()));
            round += 1;
        }
        assert!(round > 60, "whole hands: {round} rounds");
    }
}
