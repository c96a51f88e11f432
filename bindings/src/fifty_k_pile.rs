//! `FiftyKPilePlay`: the play of a Fifty-K hand of several decks for 3 to 8 players
//! (FK-30..FK-33, FKO-22..FKO-30), speaking the phase objects' protocol.

use fenpai_core::bots::FkBot as CoreBot;
use fenpai_core::error::ActionError;
use fenpai_core::fifty_k::pile::{classify, Pile, PileKind};
use fenpai_core::fifty_k::pile_legal::PilePattern;
use fenpai_core::fifty_k::pile_turns::{PileAction, PilePlay};
use fenpai_core::fifty_k::pile_types::{pile_type_id, type_indices, NUM_PILE_TYPES};
use fenpai_core::fifty_k::tribute::FkTribute;
use fenpai_core::phases::{fifty_k_pile_action, parse_action, turn_error};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::cards::{card_list, extract_cards, value_error};
use crate::errors::action_error;
use crate::fifty_k_play::{fk_rules, FkBot};
use crate::phases::{action_text as phase_action_text, FiftyKTribute};

/// The state of the play of one Fifty-K hand of several decks; a rejected action
/// changes nothing.
#[pyclass(module = "fenpai._core", name = "FiftyKPilePlay")]
#[derive(Clone)]
pub struct FiftyKPilePlay {
    inner: PilePlay,
}

impl FiftyKPilePlay {
    /// A play made in the core (a hand the core's batch runner played).
    pub fn from_core(inner: PilePlay) -> Self {
        FiftyKPilePlay { inner }
    }

    /// The core's play state, borrowed.
    pub fn core(&self) -> &PilePlay {
        &self.inner
    }
}

fn action_text(action: &PileAction) -> String {
    fifty_k_pile_action(action).to_string()
}

/// A pile's cards strongest first: jokers (big, little), then 2 A K … 3, suits s, h, c, d.
fn strongest_first(pile: &Pile) -> Vec<fenpai_core::card::Card> {
    let mut cards = pile.cards();
    cards.reverse();
    // `Pile::cards` is rank ascending with suits s, h, c, d: keep that suit order.
    let mut out = Vec::with_capacity(cards.len());
    let mut i = 0;
    while i < cards.len() {
        let rank = cards[i].rank();
        let same = cards[i..]
            .iter()
            .take_while(|c| c.rank() == rank && c.is_joker() == cards[i].is_joker())
            .count();
        let block = &cards[i..i + same];
        if cards[i].is_joker() {
            out.extend_from_slice(block);
        } else {
            out.extend(block.iter().rev());
        }
        i += same;
    }
    out
}

/// One of the bots choosing for the seat to act (after `tribute`, when the hand had
/// one), or GameOver once the hand is over.
fn choose_with(
    bot: &mut CoreBot,
    state: &mut PilePlay,
    tribute: Option<&FkTribute>,
) -> PyResult<PileAction> {
    bot.choose_pile(state, tribute).ok_or_else(|| {
        action_error(ActionError::game_over(
            "nobody is to play: the hand is over",
        ))
    })
}

#[pymethods]
impl FiftyKPilePlay {
    /// `hands` as dealt from `decks` decks (FKO-22: every card at most `decks` times),
    /// 3 to 8 of them; `leader` leads first (FKO-24).
    #[new]
    #[pyo3(signature = (hands, leader, decks, lead_after_out = "next", pure_fifty_k_order = "suit"))]
    fn py_new(
        hands: &Bound<'_, PyAny>,
        leader: usize,
        decks: u8,
        lead_after_out: &str,
        pure_fifty_k_order: &str,
    ) -> PyResult<Self> {
        let hands = hands
            .try_iter()?
            .map(|h| Pile::from_cards(&extract_cards(&h?)?, decks).map_err(value_error))
            .collect::<PyResult<Vec<_>>>()?;
        let rules = fk_rules(lead_after_out, pure_fifty_k_order)?;
        let inner = PilePlay::new(hands, leader, rules).map_err(value_error)?;
        Ok(FiftyKPilePlay { inner })
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

    #[getter]
    fn decks(&self) -> u8 {
        self.inner.hand(0).decks()
    }

    /// How many legal actions the seat to act has: a pass when following, then every
    /// play of every legal pattern (every choice of copies and suits).
    fn num_legal(&mut self) -> u64 {
        self.inner.num_legal()
    }

    /// The legal actions as text ("pass" first when following), at most `limit`.
    #[pyo3(signature = (limit = None))]
    fn legal_actions(&mut self, py: Python<'_>, limit: Option<u64>) -> Vec<String> {
        let inner = &mut self.inner;
        py.detach(|| {
            let n = inner.num_legal().min(limit.unwrap_or(u64::MAX));
            (0..n)
                .filter_map(|i| inner.nth_legal(i))
                .map(|a| action_text(&a))
                .collect()
        })
    }

    /// The `index`-th legal action as text.
    fn legal_action(&mut self, index: u64) -> PyResult<String> {
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

    /// The legal index (`apply_legal`'s) of `action` for the seat to act, found without
    /// listing the legal actions; None when it is not legal now.
    fn position(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let parsed = parse_action(&phase_action_text(action)?).map_err(action_error)?;
        Ok(self.inner.position(&parsed))
    }

    /// The seat to act's legal patterns, each as (kind, number of cards, number of plays).
    fn legal_patterns(&mut self) -> Vec<(&'static str, u32, u64)> {
        self.inner
            .legal_patterns()
            .iter()
            .map(|(p, n)| (p.kind.name(), p.len, *n))
            .collect()
    }

    /// The play each legal pattern's decision id takes for the seat to act, as (type id,
    /// legal index) in legal order (FKO-20..FKO-28; the id is 1 + the type id): the play
    /// keeping the most pure fifty-Ks, the first on a tie.
    fn type_indices(&mut self) -> Vec<(u32, u64)> {
        type_indices(&mut self.inner)
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

    /// Applies the `index`-th legal action of the seat to act; returns its text.
    fn apply_legal(&mut self, index: u64) -> PyResult<String> {
        self.inner
            .act_legal(index)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// Applies the `index`-th legal action of the seat to act; returns the seat to act
    /// next (None once the hand is over).
    fn step(&mut self, index: u64) -> PyResult<Option<usize>> {
        self.inner.apply_legal(index).map_err(action_error)?;
        Ok(self.inner.to_act())
    }

    /// A seat's cards, strongest first (jokers, then 2 A K … 3).
    fn hand<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyList>> {
        if seat >= self.inner.num_players() {
            return Err(action_error(ActionError::no_such_seat(format!(
                "no seat {seat}"
            ))));
        }
        card_list(py, &strongest_first(self.inner.hand(seat)))
    }

    fn hand_sizes(&self) -> Vec<u32> {
        (0..self.inner.num_players())
            .map(|s| self.inner.hand(s).len())
            .collect()
    }

    /// The combination to beat as (action text's cards, kind, its player), or None when
    /// the seat to act leads.
    fn top(&self) -> Option<(String, &'static str, usize)> {
        let (combo, seat) = self.inner.top()?;
        let (_, cards, _) = self
            .inner
            .round()
            .iter()
            .rev()
            .find(|(s, _, c)| *s == seat && *c == combo)
            .expect("the top is on the table");
        Some((play_cards(cards, combo), combo.kind.name(), seat))
    }

    /// The combinations on the table since it was last collected: [(seat, cards)].
    fn round(&self) -> Vec<(usize, String)> {
        self.inner
            .round()
            .iter()
            .map(|(s, cards, combo)| (*s, play_cards(cards, *combo)))
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

    /// Points of the cards each seat still holds (FKO-31).
    fn hand_points(&self) -> Vec<u32> {
        self.inner.hand_points()
    }

    /// Every applied action as text: [(seat, "pass" | "play CARDS [as KIND]")].
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
            CoreBot::play_out_pile(inner, cores, tribute)
        })
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }
}

/// A play's cards as its action text gives them (without `play` and `as KIND`).
fn play_cards(cards: &Pile, combo: fenpai_core::fifty_k::pile::PileCombo) -> String {
    let text = action_text(&PileAction::Play(*cards, combo));
    let text = text.strip_prefix("play ").unwrap_or(&text);
    text.split(" as ").next().unwrap_or(text).to_string()
}

/// The action `bot` takes now in a hand of several decks (after `tribute`, when it had
/// one), as text.
pub fn choose(
    py: Python<'_>,
    bot: &mut CoreBot,
    play: &mut FiftyKPilePlay,
    tribute: Option<&FkTribute>,
) -> PyResult<String> {
    let state = &mut play.inner;
    py.detach(|| choose_with(bot, state, tribute))
        .map(|a| action_text(&a))
}

/// The several-deck type id (`0 <= id < FIFTY_K_NUM_PILE_TYPES`) of `cards` from `decks`
/// decks read as `kind`, or unnamed as the first reading (FK-17); None when they are not
/// a combination. ValueError for cards the decks cannot hold or an unknown kind.
#[pyfunction]
#[pyo3(signature = (cards, decks, kind=None))]
fn fifty_k_pile_type_id(
    cards: &Bound<'_, PyAny>,
    decks: u8,
    kind: Option<&str>,
) -> PyResult<Option<u32>> {
    let pile = Pile::from_cards(&extract_cards(cards)?, decks).map_err(value_error)?;
    let kind = kind.map(PileKind::parse).transpose().map_err(value_error)?;
    Ok(classify(&pile, kind).map(|c| pile_type_id(&PilePattern::of(&pile, &c))))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("FIFTY_K_NUM_PILE_TYPES", NUM_PILE_TYPES)?;
    m.add_function(wrap_pyfunction!(fifty_k_pile_type_id, m)?)?;
    m.add_class::<FiftyKPilePlay>()
}
