//! The batch runner: many whole hands in flight, each in a slot. The built-in bots play
//! their seats inside the core; a game stops where it waits on a seat played outside
//! (a policy in Python), and the runner hands back which games wait, on which seat,
//! their observations and legal actions, then takes one answer each and goes on. A
//! decision with a single legal action is taken for the outside seat without asking.
//!
//! Games come from a queue (each started in the first free slot, when the game before
//! it there is finished and collected) or are started in a given slot (an environment
//! that resets one game at a time). Everything is deterministic: a game's course
//! depends on its seed and the answers it gets, never on the slot or its neighbours.

use std::collections::{HashMap, VecDeque};

use crate::encode::{Layout, NUM_FEATURES};
use crate::error::ActionError;
use crate::phases::Action;

use super::tactics::NUM_TACTICS;
use super::{BotKind, HandRef, HandState, SeatBots, Setup};

/// The seed of the generator [`Driver::greedy`]'s bot draws from (a fixed one: a game's
/// own seed fixes its deal).
pub const GREEDY_SEED: u64 = 0x6772_6565_6479;

mod vector;

pub use vector::{Deals, Rows, Script, Step, StepError};

/// A scripted deck (every card in deal order) and the seat of the first card (C-5),
/// each `None` for the seed's.
pub type Scripted<'a> = (Option<&'a str>, Option<usize>);

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A built-in bot, inside the core.
    Bot(BotKind),
    /// A policy outside the core: the runner waits for its answers.
    External,
}

/// A game in a slot: its id (the caller's), its seed, the hand and the seats' bots.
#[derive(Clone, Debug)]
pub struct Game {
    pub id: u64,
    pub seed: u64,
    pub hand: HandState,
    bots: Vec<Option<SeatBots>>,
}

impl Game {
    /// Game `id` of `seed` (its deal scripted by `deal`), `players[seat]` playing each
    /// seat, the bots seeded from the seed.
    fn new(
        setup: &Setup,
        players: &[Player],
        id: u64,
        seed: u64,
        deal: Scripted<'_>,
    ) -> Result<Game, String> {
        let bots = players
            .iter()
            .enumerate()
            .map(|(seat, p)| match p {
                Player::Bot(kind) => Some(SeatBots::new(*kind, seed, seat)),
                Player::External => None,
            })
            .collect();
        Ok(Game {
            id,
            seed,
            hand: HandState::dealt(setup, seed, deal.0, deal.1)?,
            bots,
        })
    }

    /// Plays the bots' seats, and an outside seat's single legal action, until an
    /// outside seat has a choice (returned with its number of legal actions) or the
    /// hand is over (None).
    fn play_on(&mut self) -> Option<(usize, u64)> {
        loop {
            let seat = self.hand.to_act()?;
            match &mut self.bots[seat] {
                Some(bots) => {
                    self.hand.bot_act(bots);
                }
                None => match self.hand.num_legal() {
                    1 => self.hand.take_legal(0).expect("the one legal action"),
                    count => return Some((seat, count)),
                },
            }
        }
    }
}

/// A game waiting on an outside seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub slot: usize,
    pub id: u64,
    pub seat: usize,
}

/// An answer refused: the game and seat it was for, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub slot: usize,
    pub id: Option<u64>,
    pub seat: Option<usize>,
    pub error: ActionError,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.id, self.seat) {
            (Some(id), Some(seat)) => write!(f, "game {id}, seat {seat}: {}", self.error.message),
            (Some(id), None) => write!(f, "game {id}: {}", self.error.message),
            _ => write!(f, "slot {}: {}", self.slot, self.error.message),
        }
    }
}

/// The runner: a setup, who plays each seat, the slots and the queue.
#[derive(Clone, Debug)]
pub struct Driver {
    setup: Setup,
    players: Vec<Player>,
    layout: Layout,
    slots: Vec<Option<Game>>,
    queue: VecDeque<(u64, u64)>,
    finished: Vec<Game>,
    /// Whether the next vector-environment step visits its envs last to first (see
    /// [`Driver::step_envs`]).
    backwards: bool,
}

impl Driver {
    /// A runner of `slots` games at a time, `players[seat]` playing each seat.
    pub fn new(setup: Setup, players: Vec<Player>, slots: usize) -> Result<Driver, String> {
        let n = setup.players();
        if players.len() != n {
            return Err(format!(
                "{} has {n} seats; got {} players",
                setup.variant(),
                players.len()
            ));
        }
        if slots == 0 {
            return Err("a runner needs at least one slot".into());
        }
        HandState::new(&setup, 0)?;
        Ok(Driver {
            layout: setup.layout()?,
            setup,
            players,
            slots: vec![None; slots],
            queue: VecDeque::new(),
            finished: Vec::new(),
            backwards: false,
        })
    }

    pub fn num_slots(&self) -> usize {
        self.slots.len()
    }

    /// The phase objects of the finished hand in `slot`, borrowed; `None` when the slot
    /// is empty or its hand is under way.
    pub fn finished_hand(&mut self, slot: usize) -> Option<HandRef<'_>> {
        self.slots.get_mut(slot)?.as_mut()?.hand.finished()
    }

    /// The variant and options every hand is played with.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The observation's layout (its length: [`Layout::len`]).
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Queues games (id, seed), each started when a slot is free.
    pub fn queue(&mut self, games: impl IntoIterator<Item = (u64, u64)>) {
        self.queue.extend(games);
    }

    /// Games queued and not started yet.
    pub fn num_queued(&self) -> usize {
        self.queue.len()
    }

    fn game(&self, id: u64, seed: u64, deal: Scripted<'_>) -> Result<Game, String> {
        Game::new(&self.setup, &self.players, id, seed, deal)
    }

    /// Starts game `id` of `seed` in `slot`, dropping what was there; `deal` may script
    /// the deck (every card in deal order) and the seat of the first card (C-5), as
    /// `new_game` takes them (the seed still seeds what is not scripted, and the bots).
    pub fn start(
        &mut self,
        slot: usize,
        id: u64,
        seed: u64,
        deal: Scripted<'_>,
    ) -> Result<(), String> {
        if slot >= self.slots.len() {
            return Err(format!("there is no slot {slot}"));
        }
        self.slots[slot] = Some(self.game(id, seed, deal)?);
        Ok(())
    }

    /// The game in `slot`, if any (finished or not).
    pub fn slot(&self, slot: usize) -> Option<&Game> {
        self.slots.get(slot)?.as_ref()
    }

    /// Plays every game on until it waits on an outside seat or is over; a finished
    /// game is collected (see [`Driver::take_finished`]) and its slot given to the next
    /// queued game, when there is one.
    pub fn advance(&mut self) {
        for slot in 0..self.slots.len() {
            self.advance_slot(slot);
        }
    }

    fn advance_slot(&mut self, slot: usize) {
        loop {
            let Some(game) = &mut self.slots[slot] else {
                match self.queue.pop_front() {
                    Some((id, seed)) => {
                        let game = self
                            .game(id, seed, (None, None))
                            .expect("the setup was checked");
                        self.slots[slot] = Some(game);
                        continue;
                    }
                    None => return,
                }
            };
            if game.play_on().is_some() || self.queue.is_empty() {
                return;
            }
            let done = self.slots[slot].take().expect("a game");
            self.finished.push(done);
        }
    }

    /// The games waiting on an outside seat, in slot order.
    pub fn waiting(&mut self) -> Vec<Waiting> {
        let mut out = Vec::new();
        for (slot, game) in self.slots.iter_mut().enumerate() {
            if let Some(g) = game {
                if let Some(seat) = g.hand.to_act() {
                    if g.bots[seat].is_none() {
                        out.push(Waiting {
                            slot,
                            id: g.id,
                            seat,
                        });
                    }
                }
            }
        }
        out
    }

    /// The slots whose game is over and not collected yet.
    pub fn over(&mut self) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|&s| self.slots[s].as_mut().is_some_and(|g| g.hand.is_done()))
            .collect()
    }

    /// Collects every finished game: those whose slot went to a queued game, then those
    /// still in their slot (which becomes free).
    pub fn take_finished(&mut self) -> Vec<Game> {
        let mut out = std::mem::take(&mut self.finished);
        for slot in self.slots.iter_mut() {
            if slot.as_mut().is_some_and(|g| g.hand.is_done()) {
                out.extend(slot.take());
            }
        }
        out
    }

    /// Whether no game is under way or queued.
    pub fn is_idle(&mut self) -> bool {
        self.queue.is_empty()
            && self
                .slots
                .iter_mut()
                .all(|g| g.as_mut().is_none_or(|g| g.hand.is_done()))
    }

    fn game_mut(&mut self, slot: usize) -> Result<&mut Game, Refused> {
        match self.slots.get_mut(slot) {
            Some(Some(game)) => Ok(game),
            _ => Err(Refused {
                slot,
                id: None,
                seat: None,
                error: ActionError::game_over(format!("there is no game in slot {slot}")),
            }),
        }
    }

    /// Writes the observation of `seat` in the game of each `(slot, seat)` of `rows`
    /// into `out`, one row after another (`rows.len()` × the layout's length).
    pub fn encode(&mut self, rows: &[(usize, usize)], out: &mut [f32]) -> Result<(), String> {
        let size = self.layout.len();
        if out.len() != rows.len() * size {
            return Err(format!(
                "{} observations hold {} values, not {}",
                rows.len(),
                rows.len() * size,
                out.len()
            ));
        }
        for (&(slot, seat), row) in rows.iter().zip(out.chunks_exact_mut(size)) {
            let game = self.game_mut(slot).map_err(|r| r.to_string())?;
            game.hand.encode(seat, row)?;
        }
        Ok(())
    }

    /// Writes the features of the first `limit` legal actions of each of `slots`' games
    /// ([`HandState::legal_features`]) into consecutive blocks of `limit` rows of `out`,
    /// zeros past the rows written; returns the rows written per slot.
    pub fn legal_features(
        &mut self,
        slots: &[usize],
        limit: usize,
        out: &mut [f32],
    ) -> Result<Vec<usize>, String> {
        self.legal_rows(slots, limit, NUM_FEATURES, out, HandState::legal_features)
    }

    /// Writes the tactics of the first `limit` legal plays of each of `slots`' games
    /// ([`HandState::legal_tactics`], a trick play only) into consecutive blocks of
    /// `limit` rows of `out`, zeros past the rows written; returns the rows written per
    /// slot.
    pub fn legal_tactics(
        &mut self,
        slots: &[usize],
        limit: usize,
        out: &mut [f32],
    ) -> Result<Vec<usize>, String> {
        self.legal_rows(slots, limit, NUM_TACTICS, out, HandState::legal_tactics)
    }

    /// Writes rows of `width` values per legal action, as `write` writes a hand's (the
    /// rows it wrote), for the first `limit` of each of `slots`' games into consecutive
    /// blocks of `limit` rows of `out`, zeros past the rows written.
    fn legal_rows(
        &mut self,
        slots: &[usize],
        limit: usize,
        width: usize,
        out: &mut [f32],
        write: fn(&mut HandState, &mut [f32]) -> usize,
    ) -> Result<Vec<usize>, String> {
        let block = limit * width;
        if out.len() != slots.len() * block {
            return Err(format!(
                "{} blocks of {limit} rows hold {} values, not {}",
                slots.len(),
                slots.len() * block,
                out.len()
            ));
        }
        let mut written = Vec::with_capacity(slots.len());
        for (&slot, rows) in slots.iter().zip(out.chunks_exact_mut(block.max(1))) {
            let game = self.game_mut(slot).map_err(|r| r.to_string())?;
            let n = write(&mut game.hand, rows);
            rows[n * width..].fill(0.0);
            written.push(n);
        }
        Ok(written)
    }

    /// Writes the fixed ids of the first `limit` legal actions of each of `slots'` games
    /// ([`HandState::legal_ids`], `ids` mapping action text to id) into consecutive rows
    /// of `limit` of `out`, -1 past the ids written.
    pub fn legal_ids(
        &mut self,
        slots: &[usize],
        ids: &HashMap<String, i64>,
        limit: usize,
        out: &mut [i64],
    ) -> Result<(), String> {
        if out.len() != slots.len() * limit {
            return Err(format!(
                "{} rows of {limit} ids hold {} values, not {}",
                slots.len(),
                slots.len() * limit,
                out.len()
            ));
        }
        for (&slot, row) in slots.iter().zip(out.chunks_exact_mut(limit.max(1))) {
            let game = self.game_mut(slot).map_err(|r| r.to_string())?;
            let n = game.hand.legal_ids(ids, row);
            row[n..].fill(-1);
        }
        Ok(())
    }

    /// The legal index of the `greedy` bot's action for the seat to act in each of
    /// `slots`' games ([`HandState::greedy_index`]), -1 where the hand is over. Its
    /// generator has a fixed seed (not the game's, which fixes the deal), so the index
    /// depends only on what that seat may see.
    pub fn greedy(&mut self, slots: &[usize]) -> Result<Vec<i64>, Refused> {
        slots
            .iter()
            .map(|&slot| {
                let game = self.game_mut(slot)?;
                let index = game.hand.greedy_index(GREEDY_SEED);
                Ok(index.map_or(-1, |i| i as i64))
            })
            .collect()
    }

    /// The number of legal actions of the seat to act in `slot`'s game.
    pub fn num_legal(&mut self, slot: usize) -> Result<u64, Refused> {
        Ok(self.game_mut(slot)?.hand.num_legal())
    }

    /// The `index`-th legal action of the seat to act in `slot`'s game, if there is one.
    pub fn legal_action(&mut self, slot: usize, index: u64) -> Result<Option<Action>, Refused> {
        Ok(self.game_mut(slot)?.hand.legal_action(index))
    }

    /// The first `limit` legal actions of the seat to act in `slot`'s game.
    pub fn legal_actions(&mut self, slot: usize, limit: usize) -> Result<Vec<Action>, Refused> {
        let hand = &mut self.game_mut(slot)?.hand;
        let n = hand.num_legal().min(limit as u64);
        Ok((0..n).filter_map(|i| hand.legal_action(i)).collect())
    }

    /// The game in `slot` for an answer, or why it takes none: it must wait on an
    /// outside seat.
    fn waiting_game(&mut self, slot: usize) -> Result<(&mut Game, usize), Refused> {
        let game = self.game_mut(slot)?;
        let refuse = |game: &Game, seat, error| Refused {
            slot,
            id: Some(game.id),
            seat,
            error,
        };
        match game.hand.to_act() {
            None => Err(refuse(
                game,
                None,
                ActionError::game_over("the hand is over"),
            )),
            Some(seat) if game.bots[seat].is_some() => Err(refuse(
                game,
                Some(seat),
                ActionError::not_your_turn(format!("seat {seat} is played by a built-in bot")),
            )),
            Some(seat) => Ok((game, seat)),
        }
    }

    /// Applies one answer per game, `(slot, index into its legal actions)`; every
    /// answer is checked before any is applied, so a refused one changes nothing.
    pub fn apply(&mut self, answers: &[(usize, i64)]) -> Result<(), Refused> {
        self.check_answers(answers)?;
        for &(slot, index) in answers {
            let game = self.slots[slot].as_mut().expect("checked");
            game.hand.take_legal(index as u64).expect("checked");
        }
        Ok(())
    }

    /// Checks answers as [`Driver::apply`] takes them, changing nothing: each game
    /// waits on an outside seat, is answered once, with an index into its legal actions.
    fn check_answers(&mut self, answers: &[(usize, i64)]) -> Result<(), Refused> {
        let mut seen = vec![false; self.slots.len()];
        for &(slot, index) in answers {
            let (game, seat) = self.waiting_game(slot)?;
            let refuse = |error| Refused {
                slot,
                id: Some(game.id),
                seat: Some(seat),
                error,
            };
            if std::mem::replace(&mut seen[slot], true) {
                return Err(refuse(ActionError::illegal("answered twice")));
            }
            let count = game.hand.num_legal();
            if u64::try_from(index).is_err() || index as u64 >= count {
                return Err(refuse(ActionError::illegal(format!(
                    "answer {index} is not an index into its {count} legal actions (0..{})",
                    count - 1
                ))));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::bots::play_hand;
    use crate::bots::{TractorDecks, TractorHouse};
    use crate::card::Rank;
    use crate::fifty_k::FkRules;
    use crate::trick::FollowFormat;

    pub(crate) fn setups() -> Vec<Setup> {
        vec![
            Setup::Tractor {
                levels: (Rank::TWO, Rank::TWO),
                dealer: None,
                follow_format: FollowFormat::Pairs,
                table: TractorDecks::default(),
                house: TractorHouse::default(),
            },
            Setup::RedFive4p {
                decks: 2,
                minimum_opening: false,
                kitty_always: false,
            },
            Setup::RedFive5p {
                prev_declarer: 0,
                forbid_grab: false,
            },
            Setup::FiftyK {
                players: 4,
                decks: 1,
                rules: FkRules::default(),
                tribute: Default::default(),
            },
            Setup::FiftyK {
                players: 6,
                decks: 2,
                rules: FkRules::default(),
                tribute: Default::default(),
            },
            // FF-1..FF-33: six players, three decks, two friends.
            Setup::FindingFriends {
                players: 6,
                decks: 3,
                friends: 2,
                levels: [Rank::TWO; crate::bots::hand::MAX_PLAYERS],
                dealer: None,
                restriction: crate::phases::FriendRestriction::NoTrumps,
                double_join: crate::trick::DoubleJoin::PassesOn,
            },
        ]
    }

    /// Runs every queued game to its end, answering each outside seat with `answer`.
    fn run(driver: &mut Driver, answer: impl Fn(u64, u64) -> i64) -> Vec<Game> {
        let mut done = Vec::new();
        while !driver.is_idle() {
            driver.advance();
            done.extend(driver.take_finished());
            let answers: Vec<(usize, i64)> = driver
                .waiting()
                .iter()
                .map(|w| {
                    let n = driver.num_legal(w.slot).unwrap();
                    (w.slot, answer(w.id, n))
                })
                .collect();
            driver.apply(&answers).unwrap();
        }
        done.extend(driver.take_finished());
        done.sort_by_key(|g| g.id);
        done
    }

    fn logs(hand: crate::bots::Hand) -> String {
        format!("{hand:?}")
    }

    #[test]
    fn bots_alone_play_the_hands_play_hand_plays() {
        for setup in setups() {
            let n = setup.players();
            let kinds = [BotKind::Random, BotKind::Greedy]
                .into_iter()
                .cycle()
                .take(n)
                .collect::<Vec<_>>();
            let players = kinds.iter().map(|&k| Player::Bot(k)).collect();
            let mut driver = Driver::new(setup, players, 3).unwrap();
            driver.queue((0..7).map(|i| (i, 100 + i)));
            let done = run(&mut driver, |_, _| unreachable!("no outside seat"));
            assert_eq!(done.len(), 7);
            for g in done {
                let alone = play_hand(&setup, g.seed, &kinds).unwrap();
                assert_eq!(logs(g.hand.into_hand().unwrap()), logs(alone));
            }
        }
    }

    #[test]
    fn a_game_does_not_depend_on_its_slot_or_neighbours() {
        for setup in setups() {
            let n = setup.players();
            let mut players = vec![Player::Bot(BotKind::Random); n];
            players[1] = Player::External;
            let answer = |id: u64, n: u64| ((id * 7 + n / 2) % n) as i64;
            let mut wide = Driver::new(setup, players.clone(), 4).unwrap();
            wide.queue((0..6).map(|i| (i, 9 + i)));
            let mut narrow = Driver::new(setup, players, 1).unwrap();
            narrow.queue((3..6).map(|i| (i, 9 + i)));
            let wide = run(&mut wide, answer);
            let narrow = run(&mut narrow, answer);
            for (a, b) in wide[3..].iter().zip(&narrow) {
                assert_eq!(a.id, b.id);
                assert_eq!(
                    logs(a.hand.clone().into_hand().unwrap()),
                    logs(b.hand.clone().into_hand().unwrap())
                );
            }
        }
    }

    #[test]
    fn a_refused_answer_names_the_game_and_seat_and_changes_nothing() {
        let setup = setups()[0];
        let mut players = vec![Player::Bot(BotKind::Greedy); 4];
        players[2] = Player::External;
        let mut driver = Driver::new(setup, players, 2).unwrap();
        driver.queue([(10, 1), (11, 2)]);
        driver.advance();
        let waiting = driver.waiting();
        assert_eq!(waiting.len(), 2);
        let before = format!("{:?}", driver.slots);
        let (a, b) = (waiting[0].slot, waiting[1].slot);
        let too_far = driver.num_legal(b).unwrap() as i64;
        let refused = driver.apply(&[(a, 0), (b, too_far)]).unwrap_err();
        assert_eq!((refused.id, refused.seat), (Some(11), Some(2)));
        assert!(refused.to_string().starts_with("game 11, seat 2: "));
        assert_eq!(format!("{:?}", driver.slots), before);
        let negative = driver.apply(&[(a, -1)]).unwrap_err();
        assert!(negative.to_string().contains("answer -1 is not an index"));
        let twice = driver.apply(&[(a, 0), (a, 0)]).unwrap_err();
        assert!(twice.to_string().contains("answered twice"));
        assert_eq!(format!("{:?}", driver.slots), before);
        driver.apply(&[(a, 0), (b, 0)]).unwrap();
        assert_ne!(format!("{:?}", driver.slots), before);
    }

    #[test]
    fn an_outside_seat_is_asked_only_when_it_has_a_choice() {
        for setup in setups() {
            let players = vec![Player::External; setup.players()];
            let mut driver = Driver::new(setup, players, 2).unwrap();
            driver.queue([(0, 5), (1, 6)]);
            let done = run(&mut driver, |_, n| {
                assert!(n > 1, "asked with a single legal action");
                n as i64 - 1
            });
            assert_eq!(done.len(), 2);
        }
    }

    #[test]
    fn the_setup_and_players_are_checked() {
        let setup = setups()[1];
        let err = Driver::new(setup, vec![Player::External; 3], 1).unwrap_err();
        assert_eq!(err, "red_five_4p has 4 seats; got 3 players");
        assert!(Driver::new(setup, vec![Player::External; 4], 0).is_err());
    }

    /// FKO-20: the search bot plays Fifty-K of several decks in the runner (beside an
    /// outside seat) and in the whole-hand calls, the same for the same seed.
    #[test]
    fn fko_20_the_search_bot_plays_several_decks() {
        let piles = *setups().iter().find(|s| s.has_piles()).unwrap();
        let search = BotKind::Ismcts(Some(4));
        let mut players = vec![Player::Bot(search); piles.players()];
        players[0] = Player::External;
        assert!(Driver::new(piles, players, 1).is_ok());
        let kinds = vec![search; piles.players()];
        let once = format!("{:?}", play_hand(&piles, 1, &kinds).unwrap());
        assert_eq!(once, format!("{:?}", play_hand(&piles, 1, &kinds).unwrap()));
    }
}
