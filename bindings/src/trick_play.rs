//! `TrickPlay`: the play of a hand (tricks, throws, call card) as a Python object.

use fenpai_core::card::{Card as CoreCard, Counts, NUM_CARDS};
use fenpai_core::error::ActionError;
use fenpai_core::phases::{parse_action, turn_error};
use fenpai_core::trick::{self as core, Call, CallMode};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::phases::action_text;

use crate::bots::{check_informed, sides as bot_sides, with_info, TrickBot};
use crate::cards::{card_list, extract_cards, value_error};
use crate::errors::{action_error, malformed};
use crate::trick::TrickRules;
use fenpai_core::bots::tactics::{play_tactics, NUM_TACTICS};
use fenpai_core::bots::TrickBot as CoreBot;
use numpy::{PyArray1, PyArray2, PyArrayMethods};

/// The state of the play of one hand; a rejected play changes nothing.
#[pyclass(module = "fenpai._core", name = "TrickPlay")]
#[derive(Clone)]
pub struct TrickPlay {
    inner: core::TrickPlay,
}

fn one_card(obj: &Bound<'_, PyAny>) -> PyResult<CoreCard> {
    match extract_cards(obj)?.as_slice() {
        [c] => Ok(*c),
        _ => Err(malformed("expected exactly one card")),
    }
}

impl TrickPlay {
    /// Wraps a play started elsewhere in the core (after the burial or the call).
    pub fn from_core(inner: core::TrickPlay) -> Self {
        TrickPlay { inner }
    }

    /// The core state, for other binding types.
    pub fn core(&self) -> &core::TrickPlay {
        &self.inner
    }

    /// The core state, for other binding types.
    pub fn core_mut(&mut self) -> &mut core::TrickPlay {
        &mut self.inner
    }
}

impl TrickPlay {
    /// The options of the seat to act having picked `picked` (54 counts), found by
    /// `options` with the GIL released.
    fn options_by(
        &mut self,
        py: Python<'_>,
        picked: Vec<u8>,
        options: fn(&mut core::TrickPlay, &Counts) -> core::PickOptions,
    ) -> PyResult<(Vec<bool>, bool)> {
        let picked: [u8; NUM_CARDS] = picked.try_into().map_err(|p: Vec<u8>| {
            value_error(format!("picked: {NUM_CARDS} counts, not {}", p.len()))
        })?;
        let inner = &mut self.inner;
        let (cards, done) = py.detach(|| options(inner, &Counts(picked)));
        Ok((cards.to_vec(), done))
    }
}

#[pymethods]
impl TrickPlay {
    #[new]
    fn py_new(rules: &TrickRules, hands: &Bound<'_, PyAny>, leader: usize) -> PyResult<Self> {
        let hands = hands
            .try_iter()?
            .map(|h| Ok(Counts::from_cards(&extract_cards(&h?)?)))
            .collect::<PyResult<Vec<_>>>()?;
        let inner =
            core::TrickPlay::new(rules.core().clone(), hands, leader).map_err(value_error)?;
        Ok(TrickPlay { inner })
    }

    /// R5-20..R5-22: names the call card; `friend` is the fixed friend of 死拚.
    #[pyo3(signature = (card, declarer, friend = None, forbid_grab = false))]
    fn set_call(
        &mut self,
        card: &Bound<'_, PyAny>,
        declarer: usize,
        friend: Option<usize>,
        forbid_grab: bool,
    ) -> PyResult<()> {
        let mode = friend.map_or(CallMode::FirstPlay, CallMode::Fixed);
        let call = Call {
            card: one_card(card)?,
            declarer,
            mode,
            forbid_grab,
        };
        self.inner.set_call(call).map_err(action_error)
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
    fn leader(&self) -> usize {
        self.inner.leader()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// How many legal plays the seat to act has (the GIL kept: a bot's step is short,
    /// and releasing it would cost more than the call).
    fn num_legal(&mut self) -> u64 {
        let inner = &mut self.inner;
        inner.moves().count()
    }

    /// The legal actions of the seat to act (`play CARDS`), at most `limit`.
    #[pyo3(signature = (limit = None))]
    fn legal_actions(&mut self, py: Python<'_>, limit: Option<usize>) -> Vec<String> {
        let inner = &mut self.inner;
        py.detach(|| {
            let plays = inner.moves().list(limit.unwrap_or(usize::MAX));
            plays
                .iter()
                .map(|c| inner.play_action(c).to_string())
                .collect()
        })
    }

    /// The tactics (`fenpai.agents.tactics`) of the first `limit` legal plays of the
    /// seat to act, one row of 8 per play in legal order, as `sides_name` ("partners",
    /// "alone" or "friend", with the declarer) says who plays with whom.
    #[pyo3(signature = (limit, sides_name = "partners", declarer = None))]
    fn legal_tactics<'py>(
        &mut self,
        py: Python<'py>,
        limit: usize,
        sides_name: &str,
        declarer: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let sides = bot_sides(sides_name, declarer)?;
        let count = self.inner.moves().count();
        let rows = usize::try_from(count).map_or(limit, |c| c.min(limit));
        let mut out = vec![0.0; rows * NUM_TACTICS];
        let n = play_tactics(&mut self.inner, sides, &mut out);
        out.truncate(n * NUM_TACTICS);
        PyArray1::from_vec(py, out).reshape([n, NUM_TACTICS])
    }

    /// The `index`-th legal action of the seat to act (`play CARDS`).
    fn legal_action(&mut self, index: u64) -> PyResult<String> {
        let count = self.inner.moves().count();
        let play = self.inner.moves().nth(index).ok_or_else(|| {
            action_error(ActionError::illegal(format!(
                "there are {count} legal plays; index {index} is out of range"
            )))
        })?;
        Ok(self.inner.play_action(&play).to_string())
    }

    /// The legal index (`apply_legal`'s) of playing `cards`, or None when that is not a
    /// legal play of the seat to act (found without listing the plays).
    fn position(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let play = Counts::from_cards(&extract_cards(cards)?);
        Ok(self.inner.moves().position(&play))
    }

    /// The card-by-card choice of the seat to act having picked `picked` (copies per
    /// card kind, by `Card.index`): the kinds it may pick next so that the picks still
    /// lead to a legal play, and whether the picks are one (the GIL released).
    fn pick_options(&mut self, py: Python<'_>, picked: Vec<u8>) -> PyResult<(Vec<bool>, bool)> {
        self.options_by(py, picked, core::TrickPlay::pick_options)
    }

    /// `pick_options` found by listing the legal plays: slow on a huge follow, the
    /// oracle the tests compare `pick_options` with.
    fn pick_options_listed(
        &mut self,
        py: Python<'_>,
        picked: Vec<u8>,
    ) -> PyResult<(Vec<bool>, bool)> {
        self.options_by(py, picked, core::TrickPlay::pick_options_listed)
    }

    /// Why `seat` may not play `cards` now, or None.
    fn play_error(&self, seat: usize, cards: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let play = Counts::from_cards(&extract_cards(cards)?);
        Ok(self.inner.play_error(seat, &play).map(String::from))
    }

    /// Checks the turn, parses and checks the action (`play CARDS`), then applies it;
    /// returns its canonical text. IllegalAction (or a subclass) gives the reason and
    /// changes nothing. The GIL is kept: a play is a few microseconds, and in a server
    /// whose other threads wait for the GIL, taking it back would cost far more.
    fn apply(&mut self, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(e) = turn_error(self.inner.num_players(), self.inner.to_act(), seat) {
            return Err(action_error(e));
        }
        let parsed = parse_action(&action_text(action)?).map_err(action_error)?;
        self.inner
            .act(seat as usize, &parsed)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// Applies the `index`-th legal action of the seat to act; returns its text (the GIL
    /// kept, as in `num_legal`).
    fn apply_legal(&mut self, index: u64) -> PyResult<String> {
        let inner = &mut self.inner;
        inner
            .act_legal(index)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// Applies the `index`-th legal action of the seat to act; returns the seat to act
    /// next (None once the hand is over), not the text: a bot's step.
    fn step(&mut self, index: u64) -> PyResult<Option<usize>> {
        self.inner.apply_legal(index).map_err(action_error)?;
        Ok(self.inner.to_act())
    }

    /// A seat's cards, strongest first.
    fn hand<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyList>> {
        if seat >= self.inner.num_players() {
            return Err(action_error(ActionError::no_such_seat(format!(
                "no seat {seat}"
            ))));
        }
        card_list(py, &self.inner.rules().sorted(self.inner.hand(seat)))
    }

    fn hand_sizes(&self) -> Vec<usize> {
        (0..self.inner.num_players())
            .map(|s| self.inner.hand(s).len())
            .collect()
    }

    /// The current trick's plays: [(seat, cards)], the lead as it stands first.
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Vec<(usize, Bound<'py, PyList>)>> {
        self.inner
            .trick()
            .map(|p| Ok((p.seat, card_list(py, &p.cards)?)))
            .collect()
    }

    /// The current trick's failed throw as attempted (C-51), if any.
    fn attempted<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.inner.attempted().map(|a| card_list(py, a)).transpose()
    }

    /// Finished tricks from number `start` on (0: all of them):
    /// (leader, [(seat, cards)], attempted | None, winner, points).
    #[pyo3(signature = (start = 0))]
    fn tricks<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.inner
            .tricks()
            .iter()
            .skip(start)
            .map(|t| {
                let plays = t
                    .plays
                    .iter()
                    .map(|p| Ok((p.seat, card_list(py, &p.cards)?)))
                    .collect::<PyResult<Vec<_>>>()?;
                let attempted = t.attempted.as_ref().map(|a| card_list(py, a)).transpose()?;
                (t.leader, plays, attempted, t.winner, t.points).into_pyobject(py)
            })
            .collect()
    }

    /// The last finished trick, as `tricks()` gives it, or None before the first ends.
    fn last_trick<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some(t) = self.inner.tricks().last() else {
            return Ok(None);
        };
        let plays = t
            .plays
            .iter()
            .map(|p| Ok((p.seat, card_list(py, &p.cards)?)))
            .collect::<PyResult<Vec<_>>>()?;
        let attempted = t.attempted.as_ref().map(|a| card_list(py, a)).transpose()?;
        Ok(Some(
            (t.leader, plays, attempted, t.winner, t.points).into_pyobject(py)?,
        ))
    }

    /// The number of finished tricks.
    fn num_tricks(&self) -> usize {
        self.inner.tricks().len()
    }

    /// Each copy of `card` played in a finished trick: [(its player, the trick's winner)].
    fn copies_won(&self, card: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, usize)>> {
        Ok(self.inner.copies_won(one_card(card)?))
    }

    /// C-51: the thrower of each failed throw of the finished tricks, in order.
    fn failed_throwers(&self) -> Vec<usize> {
        self.inner.failed_throwers()
    }

    /// Card points won per seat (C-43).
    fn points(&self) -> Vec<u32> {
        self.inner.points().to_vec()
    }

    /// Failed throws per seat (C-51).
    fn failed_throws(&self) -> Vec<u32> {
        self.inner.failed_throws().to_vec()
    }

    /// FF-31..FF-33: Finding Friends' calls as their action text names them ("2nd As"),
    /// who filled each so far (None: nobody yet), and the declarer's side (the declarer,
    /// then the friends in the order they joined); None in the other variants. All of it
    /// follows from the public calls and plays.
    #[allow(clippy::type_complexity)]
    fn friends(&self) -> Option<(Vec<String>, Vec<Option<usize>>, Vec<usize>)> {
        self.inner.friends().map(|w| {
            let calls = w
                .calls()
                .iter()
                .map(|c| format!("{} {}", fenpai_core::phases::ordinal(c.ordinal), c.card))
                .collect();
            (calls, w.filled().to_vec(), w.side().to_vec())
        })
    }

    /// (friend seat | None, public, by grab) (R5-21, R5-22).
    fn friend(&self) -> (Option<usize>, bool, bool) {
        self.inner.friend()
    }

    /// Every applied play as asked (a failed throw as attempted): [(seat, "play CARDS")].
    fn log(&self) -> Vec<(usize, String)> {
        self.inner
            .log()
            .iter()
            .map(|(s, c)| (*s, self.inner.play_action(c).to_string()))
            .collect()
    }

    /// The last applied play as `log()` gives it, or None.
    fn last_log(&self) -> Option<(usize, String)> {
        self.inner
            .log()
            .last()
            .map(|(s, c)| (*s, self.inner.play_action(c).to_string()))
    }

    /// The number of applied plays.
    fn log_len(&self) -> usize {
        self.inner.log().len()
    }

    /// Plays the hand to its end with `bots[seat]` choosing for each seat, the GIL
    /// released; `variant`, `before` and `options` as `TrickBot.choose` takes them.
    #[pyo3(signature = (bots, sides = "partners", declarer = None, variant = None, before = None, **options))]
    #[allow(clippy::too_many_arguments)]
    fn play_out(
        &mut self,
        py: Python<'_>,
        bots: Vec<PyRefMut<'_, TrickBot>>,
        sides: &str,
        declarer: Option<usize>,
        variant: Option<&str>,
        before: Option<&Bound<'_, PyTuple>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let n = self.inner.num_players();
        if bots.len() != n {
            return Err(value_error(format!(
                "play_out needs {n} bots, not {}",
                bots.len()
            )));
        }
        let sides = bot_sides(sides, declarer)?;
        let mut cores: Vec<CoreBot> = bots.iter().map(|b| b.core().clone()).collect();
        check_informed(&cores, before.is_some())?;
        let inner = &mut self.inner;
        with_info(sides, variant, before, options, |info| {
            py.detach(|| CoreBot::play_out(inner, &mut cores, info))
        })?;
        for (mut bot, core) in bots.into_iter().zip(cores) {
            bot.set_core(core);
        }
        Ok(())
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TrickPlay>()
}
