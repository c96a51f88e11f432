//! `play_outcomes`: many whole hands between bots in one call, the GIL released, coming
//! back as the facts their scoring reads, in numpy arrays of one row per hand: no Python
//! object per hand, so that Python's share of a simulation, which holds the GIL, stays
//! small beside the core's. The scoring itself stays in Python (`fenpai.scoring`).

use fenpai_core::bots::driver::{Driver, Game};
use fenpai_core::bots::{play_hand, HandRef, Setup};
use fenpai_core::card::{format_cards, Card, Rank, Suit};
use fenpai_core::fifty_k::pile_turns::PilePlay;
use fenpai_core::fifty_k::FkPlay;
use fenpai_core::phases::{Burial, Phase};
use fenpai_core::trick::TrickPlay;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::cards::value_error;
use crate::hands::{bot_kinds, setup};

/// Seats out, in order, per Fifty-K row of one deck (FK-40: at most three; FK-50: two);
/// with several decks, one per seat (FKO-30: up to all but one).
const ORDER_WIDTH: usize = 3;

/// The width of the "finish_order" rows of `setup`'s hands.
fn order_width(setup: &Setup) -> usize {
    match setup.has_piles() {
        true => setup.players(),
        false => ORDER_WIDTH,
    }
}
/// Copies of 5h per trick-taking row (three decks at most).
const FIVES_WIDTH: usize = 3;

/// The facts of many hands, each field flattened row after row.
#[derive(Default)]
pub(crate) struct Facts {
    actions: Vec<i64>,
    /// Per seat: card points won (C-43) or, in Fifty-K, collected (FK-31, FK-33).
    points: Vec<i64>,
    /// Trick-taking: per seat, failed throws (C-51).
    failed_throws: Vec<i64>,
    declarer: Vec<i64>,
    kitty_points: Vec<i64>,
    last_winner: Vec<i64>,
    /// The last trick's lead as it stood, as card text (TR-40).
    last_lead: Vec<String>,
    /// The play that won the last trick, as card text (TRO-82).
    last_win: Vec<String>,
    /// Each copy of 5h played: (its player, the trick's winner), -1 after the last (R4-41).
    red_fives: Vec<i64>,
    /// Red Five 4p: the bid that stood (R4-14).
    bid: Vec<i64>,
    /// Red Five 5p: the friend once public (-1: none), and whether by a grab (R5-21, R5-22).
    friend: Vec<i64>,
    grab: Vec<bool>,
    solo: Vec<bool>,
    forced: Vec<bool>,
    /// Finding Friends: the declarer's side at the end, in the order it joined, -1 after
    /// the last (FF-33).
    side: Vec<i64>,
    /// Fifty-K: seats out in order, -1 after the last (FK-32); points left in hand.
    finish_order: Vec<i64>,
    hand_points_left: Vec<i64>,
}

impl Facts {
    /// A trick-taking hand: `before` actions in the phases before the burial.
    fn trick(&mut self, before: usize, burial: &Burial, play: &TrickPlay) {
        self.points
            .extend(play.points().iter().map(|&p| i64::from(p)));
        self.failed_throws
            .extend(play.failed_throws().iter().map(|&n| i64::from(n)));
        self.declarer.push(burial.declarer() as i64);
        let buried = burial.buried().expect("a finished hand buried its kitty");
        self.kitty_points
            .push(buried.iter().map(|c| i64::from(c.points())).sum());
        let last = play.tricks().last().expect("a finished hand has tricks");
        self.last_winner.push(last.winner as i64);
        self.last_lead.push(format_cards(&last.plays[0].cards));
        let won = last.plays.iter().find(|p| p.seat == last.winner);
        let won = won.expect("a trick's winner played in it");
        self.last_win.push(format_cards(&won.cards));
        let five = Card::new(Rank::FIVE, Suit::HEARTS);
        let copies = play.copies_won(five);
        for i in 0..FIVES_WIDTH {
            let (seat, winner) = copies
                .get(i)
                .map_or((-1, -1), |&(s, w)| (s as i64, w as i64));
            self.red_fives.extend([seat, winner]);
        }
        let (friend, public, grab) = play.friend();
        self.friend
            .push(friend.filter(|_| public).map_or(-1, |s| s as i64));
        self.grab.push(public && grab);
        let actions = before + burial.log().len() + play.log().len();
        self.actions.push(actions as i64);
    }

    /// A hand of one deck, `before` actions before its play (the tribute's, FKO-42).
    fn fifty_k(&mut self, before: usize, play: &FkPlay) {
        self.points
            .extend(play.collected().iter().map(|&p| i64::from(p)));
        let out = play.finished();
        self.finish_order
            .extend((0..ORDER_WIDTH).map(|i| out.get(i).map_or(-1, |&seat| seat as i64)));
        self.hand_points_left
            .extend(play.hand_points().into_iter().map(i64::from));
        self.actions.push((before + play.log().len()) as i64);
    }

    /// FKO-30, FKO-31: a hand of several decks, a row of `finish_order` per seat;
    /// `before`: the actions of its tribute (FKO-42).
    fn fifty_k_piles(&mut self, before: usize, play: &PilePlay) {
        self.points
            .extend(play.collected().iter().map(|&p| i64::from(p)));
        let out = play.finished();
        let width = play.num_players();
        self.finish_order
            .extend((0..width).map(|i| out.get(i).map_or(-1, |&seat| seat as i64)));
        self.hand_points_left
            .extend(play.hand_points().into_iter().map(i64::from));
        self.actions.push((before + play.log().len()) as i64);
    }

    pub(crate) fn add(&mut self, hand: HandRef<'_>) {
        match hand {
            HandRef::Tractor(deal, burial, play) => self.trick(deal.log().len(), burial, play),
            HandRef::RedFive4p(bidding, burial, play) => {
                self.trick(bidding.log().len(), burial, play);
                let (_, bid) = bidding
                    .declarer()
                    .expect("a finished bidding has a declarer");
                self.bid.push(i64::from(bid));
            }
            HandRef::RedFive5p(deal, burial, call, play) => {
                self.trick(deal.log().len() + call.log().len(), burial, play);
                self.solo.push(call.solo());
                self.forced.push(deal.forced());
            }
            HandRef::FiftyK(play) => self.fifty_k(0, play),
            HandRef::FiftyKTribute(tribute, play) => self.fifty_k(tribute.log().len(), play),
            HandRef::FiftyKPiles(play) => self.fifty_k_piles(0, play),
            HandRef::FiftyKPilesTribute(tribute, play) => {
                self.fifty_k_piles(tribute.log().len(), play)
            }
            HandRef::FindingFriends(deal, burial, calls, play) => {
                self.trick(deal.log().len() + calls.log().len(), burial, play);
                let watch = play
                    .friends()
                    .expect("Finding Friends' play watches its calls");
                let side = watch.side();
                self.side
                    .extend((0..watch.players()).map(|i| side.get(i).map_or(-1, |&s| s as i64)));
            }
        }
    }
}

/// Plays the hand of each seed to its end, `bots[seat]` ("random" or "greedy") choosing
/// for each seat, seeded as `fenpai.bots.Bot` seeds them (the hands `play_hands` gives);
/// `options` are the ones the variant's phases take. Returns a dict of numpy arrays, one
/// row per hand: "actions" and "points" (hands x seats: card points won, in Fifty-K
/// the points collected) in every variant; in the trick-taking ones "failed_throws"
/// (hands x seats), "declarer", "kitty_points", "last_winner", "last_lead" and
/// "last_win" (lists of card text: the last trick's lead and winning play), "red_fives" (hands x 3 x 2: each 5h played, its player and the trick's
/// winner, -1 after the last), with "bid" (Red Five 4p), "friend" (-1: none public),
/// "grab", "solo" and "forced" (Red Five 5p), "side" (Finding Friends: hands x seats, the
/// declarer's side at the end in the order it joined, -1 after the last); in Fifty-K "finish_order" (hands x 3, -1
/// after the last; with several decks hands x seats, FKO-30) and "hand_points_left" (hands x seats).
#[pyfunction]
#[pyo3(signature = (variant, seeds, bots, **options))]
fn play_outcomes<'py>(
    py: Python<'py>,
    variant: &str,
    seeds: Vec<u64>,
    bots: Vec<String>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let setup = setup(variant, options)?;
    let kinds = bot_kinds(&bots)?;
    let facts = py
        .detach(|| {
            let mut facts = Facts::default();
            for &seed in &seeds {
                facts.add(play_hand(&setup, seed, &kinds)?.as_ref());
            }
            Ok::<Facts, String>(facts)
        })
        .map_err(value_error)?;
    to_dict(py, &setup, seeds.len(), facts)
}

/// The facts of the finished hands in `slots` of `driver` (one row each, in that order,
/// as `play_outcomes` gives them), read where they are; ValueError for a slot without
/// a finished hand.
pub fn slots_facts<'py>(
    py: Python<'py>,
    driver: &mut Driver,
    slots: &[i64],
) -> PyResult<Bound<'py, PyDict>> {
    let mut facts = Facts::default();
    for &s in slots {
        let hand = usize::try_from(s)
            .ok()
            .and_then(|slot| driver.finished_hand(slot))
            .ok_or_else(|| value_error(format!("slot {s} holds no finished game")))?;
        facts.add(hand);
    }
    to_dict(py, driver.setup(), slots.len(), facts)
}

/// The facts of finished `games` (one row each, in that order), as `play_outcomes`
/// gives them.
pub fn games_facts<'py>(
    py: Python<'py>,
    setup: &Setup,
    games: &mut [Game],
) -> PyResult<Bound<'py, PyDict>> {
    let mut facts = Facts::default();
    for game in games.iter_mut() {
        facts.add(
            game.hand
                .finished()
                .expect("a finished game's hand is over"),
        );
    }
    to_dict(py, setup, games.len(), facts)
}

/// The facts as the dict `play_outcomes` returns, `hands` rows.
pub(crate) fn to_dict<'py>(
    py: Python<'py>,
    setup: &Setup,
    hands: usize,
    facts: Facts,
) -> PyResult<Bound<'py, PyDict>> {
    let players = setup.players();
    let table =
        |values: Vec<i64>, width: usize| PyArray1::from_vec(py, values).reshape([hands, width]);
    let out = PyDict::new(py);
    out.set_item("actions", PyArray1::from_vec(py, facts.actions))?;
    out.set_item("points", table(facts.points, players)?)?;
    if let Setup::FiftyK { .. } = setup {
        out.set_item(
            "finish_order",
            table(facts.finish_order, order_width(setup))?,
        )?;
        out.set_item("hand_points_left", table(facts.hand_points_left, players)?)?;
        return Ok(out);
    }
    out.set_item("failed_throws", table(facts.failed_throws, players)?)?;
    out.set_item("declarer", PyArray1::from_vec(py, facts.declarer))?;
    out.set_item("kitty_points", PyArray1::from_vec(py, facts.kitty_points))?;
    out.set_item("last_winner", PyArray1::from_vec(py, facts.last_winner))?;
    out.set_item("last_lead", facts.last_lead)?;
    out.set_item("last_win", facts.last_win)?;
    out.set_item(
        "red_fives",
        PyArray1::from_vec(py, facts.red_fives).reshape([hands, FIVES_WIDTH, 2])?,
    )?;
    match setup {
        Setup::RedFive4p { .. } => out.set_item("bid", PyArray1::from_vec(py, facts.bid))?,
        Setup::RedFive5p { .. } => {
            out.set_item("friend", PyArray1::from_vec(py, facts.friend))?;
            out.set_item("grab", PyArray1::from_vec(py, facts.grab))?;
            out.set_item("solo", PyArray1::from_vec(py, facts.solo))?;
            out.set_item("forced", PyArray1::from_vec(py, facts.forced))?;
        }
        Setup::FindingFriends { .. } => out.set_item("side", table(facts.side, players)?)?,
        _ => {}
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_outcomes, m)?)
}
