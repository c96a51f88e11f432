//! `FiftyKPlay` and `FkBot`: the play of a Fifty-K hand (FK-30..FK-33) and its bots.

use fenpai_core::bots::FkBot as CoreBot;
use fenpai_core::error::ActionError;
use fenpai_core::fifty_k::{CardSet, FkAction, FkPlay, FkRules, LeadAfterOut, PureOrder};
use fenpai_core::phases::{fifty_k_action, parse_action, turn_error};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::cards::{card_list, extract_cards, value_error};
use crate::errors::action_error;
use crate::fifty_k::Combo;
use crate::fifty_k_pile::{choose as choose_pile, FiftyKPilePlay};
use crate::phases::{action_text as phase_action_text, FiftyKTribute};

/// The state of the play of one Fifty-K hand; a rejected action changes nothing.
#[pyclass(module = "fenpai._core", name = "FiftyKPlay")]
#[derive(Clone)]
pub struct FiftyKPlay {
    inner: FkPlay,
}

/// A Fifty-K bot ("random", "greedy", "ismcts" or "ismcts:N") with its own seeded
/// generator.
#[pyclass(module = "fenpai._core", name = "FkBot")]
#[derive(Clone)]
pub struct FkBot {
    inner: CoreBot,
}

fn action_text(action: &FkAction) -> String {
    fifty_k_action(action).to_string()
}

/// Cards strongest first in Fifty-K order (2 A K … 3), suits s, h, c, d.
fn ordered(set: CardSet) -> Vec<fenpai_core::card::Card> {
    let mut cards = set.cards();
    cards.sort_by_key(|c| {
        let rank = c.rank().map_or(0, fenpai_core::fifty_k::cardset::fk_rank);
        (std::cmp::Reverse(rank), c.suit().map_or(0, |s| s.0))
    });
    cards
}

/// A hand's options from their names (FK-32, FKO-10); an unknown value is a ValueError
/// naming the option.
pub(crate) fn fk_rules(lead_after_out: &str, pure_fifty_k_order: &str) -> PyResult<FkRules> {
    Ok(FkRules {
        lead_after_out: LeadAfterOut::parse(lead_after_out).map_err(value_error)?,
        pure_order: PureOrder::parse(pure_fifty_k_order).map_err(value_error)?,
    })
}

impl FiftyKPlay {
    /// Wraps a play made elsewhere in the core.
    pub fn from_core(inner: FkPlay) -> Self {
        FiftyKPlay { inner }
    }

    /// The core state, for other binding types.
    pub fn core(&self) -> &FkPlay {
        &self.inner
    }
}

impl FkBot {
    /// Plays a hand to its end with `bots` (one per seat of `n`), the GIL released:
    /// `run` plays it with copies of the core bots, which are then put back, so the
    /// bots carry on from where they stopped.
    pub fn play_out_with(
        py: Python<'_>,
        n: usize,
        bots: Vec<PyRefMut<'_, FkBot>>,
        run: impl FnOnce(&mut [CoreBot]) + Send,
    ) -> PyResult<()> {
        if bots.len() != n {
            return Err(value_error(format!(
                "play_out needs {n} bots, not {}",
                bots.len()
            )));
        }
        let mut cores: Vec<CoreBot> = bots.iter().map(|b| b.inner.clone()).collect();
        py.detach(|| run(&mut cores));
        for (mut bot, core) in bots.into_iter().zip(cores) {
            bot.inner = core;
        }
        Ok(())
    }
}

#[pymethods]
impl FiftyKPlay {
    #[new]
    #[pyo3(signature = (hands, leader, lead_after_out = "next", pure_fifty_k_order = "suit"))]
    fn py_new(
        hands: &Bound<'_, PyAny>,
        leader: usize,
        lead_after_out: &str,
        pure_fifty_k_order: &str,
    ) -> PyResult<Self> {
        let hands = hands
            .try_iter()?
            .map(|h| CardSet::from_cards(&extract_cards(&h?)?).map_err(value_error))
            .collect::<PyResult<Vec<_>>>()?;
        let rules = fk_rules(lead_after_out, pure_fifty_k_order)?;
        let inner = FkPlay::new(hands, leader, rules).map_err(value_error)?;
        Ok(FiftyKPlay { inner })
    }

    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.inner.to_act()
    }

    #[getter]
    fn done(&self) -> bool {
        self.inner.is_done()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// How many legal actions the seat to act has (a pass counts when following; the GIL
    /// kept: a bot's step is short, and releasing it would cost more than the call).
    fn num_legal(&mut self) -> usize {
        let inner = &mut self.inner;
        inner.num_legal()
    }

    /// The legal actions as text ("pass" first when following), at most `limit`.
    #[pyo3(signature = (limit = None))]
    fn legal_actions(&mut self, py: Python<'_>, limit: Option<usize>) -> Vec<String> {
        let inner = &mut self.inner;
        py.detach(|| {
            let n = inner.num_legal().min(limit.unwrap_or(usize::MAX));
            (0..n)
                .filter_map(|i| inner.nth_legal(i))
                .map(|a| action_text(&a))
                .collect()
        })
    }

    /// The `index`-th legal action as text.
    fn legal_action(&mut self, index: usize) -> PyResult<String> {
        let count = self.inner.num_legal();
        self.inner
            .nth_legal(index)
            .map(|a| action_text(&a))
            .ok_or_else(|| {
                action_error(ActionError::illegal(format!(
                    "there are {count} legal actions; index {index} is out of range"
                )))
            })
    }

    /// The legal plays' ids (see `fenpai.fifty_k`), for action masks.
    fn legal_play_ids(&mut self) -> Vec<u64> {
        self.inner
            .moves()
            .iter()
            .map(fenpai_core::fifty_k::play_id)
            .collect()
    }

    /// Why `seat` may not play `cards` (read as `kind`, FK-17) now, or None.
    #[pyo3(signature = (seat, cards, kind = None))]
    fn play_error(
        &self,
        seat: usize,
        cards: &Bound<'_, PyAny>,
        kind: Option<&str>,
    ) -> PyResult<Option<String>> {
        let reason = match self.inner.read_cards(&extract_cards(cards)?, kind) {
            Err(reason) => Some(reason),
            Ok(combo) => self.inner.action_error(seat, &FkAction::Play(combo)),
        };
        Ok(reason.map(String::from))
    }

    /// Why `seat` may not pass now, or None.
    fn pass_error(&self, seat: usize) -> Option<String> {
        self.inner
            .action_error(seat, &FkAction::Pass)
            .map(String::from)
    }

    /// Checks the turn, parses and checks the action (FK-30: `play CARDS [as KIND]`
    /// or `pass`), then applies it; returns its canonical text. IllegalAction (or a
    /// subclass) gives the reason and changes nothing.
    fn apply(&mut self, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(e) = turn_error(self.inner.num_players(), self.inner.to_act(), seat) {
            return Err(action_error(e));
        }
        let parsed = parse_action(&phase_action_text(action)?).map_err(action_error)?;
        self.inner
            .act(seat as usize, &parsed)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// Applies the `index`-th legal action of the seat to act; returns its text (the GIL
    /// kept, as in `num_legal`).
    fn apply_legal(&mut self, index: usize) -> PyResult<String> {
        let inner = &mut self.inner;
        inner
            .act_legal(index)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// Applies the `index`-th legal action of the seat to act; returns the seat to act
    /// next (None once the hand is over), not the text: a bot's step.
    fn step(&mut self, index: usize) -> PyResult<Option<usize>> {
        self.inner.apply_legal(index).map_err(action_error)?;
        Ok(self.inner.to_act())
    }

    /// A seat's cards, strongest first (2 A K … 3).
    fn hand<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyList>> {
        if seat >= self.inner.num_players() {
            return Err(action_error(ActionError::no_such_seat(format!(
                "no seat {seat}"
            ))));
        }
        card_list(py, &ordered(self.inner.hand(seat)))
    }

    fn hand_sizes(&self) -> Vec<u32> {
        (0..self.inner.num_players())
            .map(|s| self.inner.hand(s).len())
            .collect()
    }

    /// The combination to beat and its player, or None when the seat to act leads.
    fn top(&self) -> Option<(Combo, usize)> {
        self.inner.top().map(|(c, s)| (Combo(c), s))
    }

    /// The combinations on the table since it was last cleared: [(seat, Combo)].
    fn round(&self) -> Vec<(usize, Combo)> {
        self.inner
            .round()
            .iter()
            .map(|&(s, c)| (s, Combo(c)))
            .collect()
    }

    fn table_points(&self) -> u32 {
        self.inner.table_points()
    }

    /// Table points each seat collected (FK-31, FK-33).
    fn collected(&self) -> Vec<u32> {
        self.inner.collected().to_vec()
    }

    /// Seats in the order they went out (FK-32).
    fn finished(&self) -> Vec<usize> {
        self.inner.finished().to_vec()
    }

    /// Seats that passed since the last combination.
    fn passed(&self) -> Vec<usize> {
        (0..self.inner.num_players())
            .filter(|&s| self.inner.passed() & (1 << s) != 0)
            .collect()
    }

    /// Points of the cards each seat still holds (FK-41, FK-51).
    fn hand_points(&self) -> Vec<u32> {
        self.inner.hand_points()
    }

    /// Every applied action as text: [(seat, "pass" | "play CARDS")].
    fn log(&self) -> Vec<(usize, String)> {
        self.inner
            .log()
            .iter()
            .map(|(s, a)| (*s, action_text(a)))
            .collect()
    }

    /// The last applied action as `log()` gives it, or None.
    fn last_log(&self) -> Option<(usize, String)> {
        self.inner.log().last().map(|(s, a)| (*s, action_text(a)))
    }

    /// The number of applied actions.
    fn log_len(&self) -> usize {
        self.inner.log().len()
    }

    /// Plays the hand to its end with `bots[seat]` choosing for each seat, the GIL
    /// released; `tribute`, the hand's tribute when it had one (what the search keeps of
    /// it, FKO-48).
    #[pyo3(signature = (bots, tribute=None))]
    fn play_out(
        &mut self,
        py: Python<'_>,
        bots: Vec<PyRefMut<'_, FkBot>>,
        tribute: Option<PyRef<'_, FiftyKTribute>>,
    ) -> PyResult<()> {
        let (n, inner) = (self.inner.num_players(), &mut self.inner);
        let tribute = tribute.as_ref().map(|t| t.core());
        FkBot::play_out_with(py, n, bots, |cores| {
            CoreBot::play_out(inner, cores, tribute)
        })
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }
}

#[pymethods]
impl FkBot {
    #[new]
    fn py_new(kind: &str, seed: u64) -> PyResult<Self> {
        let kind = crate::bots::bot_kind(kind)?;
        Ok(FkBot {
            inner: CoreBot::new(kind, seed),
        })
    }

    /// The action this bot takes now for the seat to act (of one deck or several), as
    /// text; `tribute`, the hand's tribute when it had one (what the search keeps of it,
    /// FKO-48).
    #[pyo3(signature = (play, tribute=None))]
    fn choose(
        &mut self,
        py: Python<'_>,
        play: &Bound<'_, PyAny>,
        tribute: Option<PyRef<'_, FiftyKTribute>>,
    ) -> PyResult<String> {
        let tribute = tribute.as_ref().map(|t| t.core());
        if let Ok(mut pile) = play.cast::<FiftyKPilePlay>().map(|p| p.borrow_mut()) {
            return choose_pile(py, &mut self.inner, &mut pile, tribute);
        }
        let mut play = play.extract::<PyRefMut<'_, FiftyKPlay>>()?;
        let (bot, state) = (&mut self.inner, &mut play.inner);
        py.detach(|| bot.choose(state, tribute))
            .map(|a| action_text(&a))
            .ok_or_else(|| {
                action_error(ActionError::game_over(
                    "nobody is to play: the hand is over",
                ))
            })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FiftyKPlay>()?;
    m.add_class::<FkBot>()
}
