//! The phases before the play as Python objects: `TractorDeal`, `RedFive4pBidding`,
//! `RedFive5pDeal`, `Burial`, `FriendCall`, Fifty-K's `FiftyKTribute`, their bots
//! (`PhaseBot`) and `fifty_k_deal`.
//! Each converts arguments, raises the core's rejections as `fenpai.errors` classes
//! (bad configuration as ValueError), and releases the GIL where it loops.

use fenpai_core::bots::{PhaseBot as CoreBot, Searched};
use fenpai_core::card::{Card as CoreCard, Counts, Rank};
use fenpai_core::error::ActionError;
use fenpai_core::fifty_k::{single_order, FkTribute};
use fenpai_core::phases::{self as core, BidStage, Phase};
use fenpai_core::phases::{
    DeclarationOrder, DeclarationStrength, FirstDealer, FriendRestriction, JokerDeclarations,
    KittyMultiplier, KittyTheft, Reinforce, ThrowPenalty, TractorHouse,
};
use fenpai_core::trick::{
    Bombs, DoubleJoin, FollowFormat, FollowProtect, ThrowJudgement, TrickRules as CoreRules,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::cards::{card_list, extract_cards, value_error};
use crate::errors::{action_error, malformed};
use crate::trick::TrickRules;
use crate::trick_play::TrickPlay;

/// What the common methods need of a core phase beyond [`Phase`].
trait Seen {
    /// The hands as dealt so far.
    fn dealt(&self) -> &[Counts];
    /// The hand's rules once trump is known (hands are shown in their order).
    fn known_rules(&self) -> Option<&CoreRules>;
    /// A hand's cards in the order views show them.
    fn shown(&self, counts: &Counts) -> Vec<CoreCard> {
        shown(self.known_rules(), counts)
    }
}

impl Seen for core::TractorDeal {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        self.outcome().map(|(_, r)| &**r)
    }
}

impl Seen for core::RedFive4pBidding {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        self.rules().map(|r| &**r)
    }
}

impl Seen for core::RedFive5pDeal {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        self.rules().map(|r| &**r)
    }
}

impl Seen for core::Burial {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        Some(self.rules())
    }
}

impl Seen for core::FriendCalls {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        Some(self.rules())
    }
}

impl Seen for FkTribute {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        None
    }
    /// Strongest first in the single-card order (FKO-44), suits s, h, c, d.
    fn shown(&self, counts: &Counts) -> Vec<CoreCard> {
        let mut cards = counts.to_cards();
        cards.sort_by_key(|&c| {
            (
                std::cmp::Reverse(single_order(c)),
                c.suit().map_or(0, |s| s.0),
            )
        });
        cards
    }
}

impl Seen for core::FriendCall {
    fn dealt(&self) -> &[Counts] {
        self.hands()
    }
    fn known_rules(&self) -> Option<&CoreRules> {
        Some(self.rules())
    }
}

/// Cards in the order views show them: the rules' strength order, else by index
/// from the highest.
fn shown(rules: Option<&CoreRules>, counts: &Counts) -> Vec<CoreCard> {
    match rules {
        Some(r) => r.sorted(counts),
        None => {
            let mut cards = counts.to_cards();
            cards.reverse();
            cards
        }
    }
}

/// An action argument as text; anything else is a ValueError naming its type.
pub fn action_text(action: &Bound<'_, PyAny>) -> PyResult<String> {
    match action.cast::<PyString>() {
        Ok(s) => Ok(s.to_str()?.to_string()),
        Err(_) => Err(malformed(format!(
            "an action is text, not {}",
            action.get_type().name()?
        ))),
    }
}

macro_rules! phase_class {
    ($(#[$doc:meta])* $name:ident = $py:literal ($core:ty) { $($extra:tt)* }) => {
        $(#[$doc])*
        #[pyclass(module = "fenpai._core", name = $py)]
        #[derive(Clone)]
        pub struct $name {
            inner: $core,
        }

        impl $name {
            /// Wraps a phase made elsewhere in the core.
            pub fn from_core(inner: $core) -> Self {
                $name { inner }
            }

            /// The core state, for other binding types.
            pub fn core(&self) -> &$core {
                &self.inner
            }
        }

        #[pymethods]
        impl $name {
            $($extra)*

            /// The seat to act, None once the phase is over.
            #[getter]
            fn to_act(&self) -> Option<usize> {
                self.inner.to_act()
            }

            /// Whether the phase is over.
            #[getter]
            fn done(&self) -> bool {
                self.inner.to_act().is_none()
            }

            #[getter]
            fn num_players(&self) -> usize {
                self.inner.num_players()
            }

            /// How many legal actions the seat to act has.
            fn num_legal(&self) -> u64 {
                self.inner.num_legal()
            }

            /// The legal actions of the seat to act, at most `limit`, in the API's order.
            #[pyo3(signature = (limit = None))]
            fn legal_actions(&self, py: Python<'_>, limit: Option<usize>) -> Vec<String> {
                let inner = &self.inner;
                py.detach(|| {
                    inner
                        .legal_actions(limit.unwrap_or(usize::MAX))
                        .iter()
                        .map(|a| a.to_string())
                        .collect()
                })
            }

            /// The `index`-th legal action.
            fn legal_action(&self, index: u64) -> PyResult<String> {
                match self.inner.legal_action(index) {
                    Some(a) => Ok(a.to_string()),
                    None => Err(action_error(match self.inner.to_act() {
                        Some(s) => ActionError::illegal(format!(
                            "seat {s} has {} legal actions; {index} is out of range",
                            self.inner.num_legal()
                        )),
                        None => ActionError::game_over("this phase is over"),
                    })),
                }
            }

            /// Why `seat` may not act now, or None.
            fn turn_error(&self, seat: i64) -> Option<String> {
                self.inner.turn_error(seat).map(String::from)
            }

            /// Checks the turn, parses and checks the action, then applies it; returns
            /// its canonical text. IllegalAction (or a subclass) gives the reason and
            /// changes nothing.
            fn apply(&mut self, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<String> {
                if let Some(e) = self.inner.turn_error(seat) {
                    return Err(action_error(e));
                }
                let text = action_text(action)?;
                let parsed = self.inner.parse_text(&text).map_err(action_error)?;
                self.inner.act(&parsed).map(|a| a.to_string()).map_err(action_error)
            }

            /// Applies the `index`-th legal action; returns its text.
            fn apply_legal(&mut self, index: u64) -> PyResult<String> {
                self.inner.apply_legal(index).map(|a| a.to_string()).map_err(action_error)
            }

            /// Applies the `index`-th legal action; returns the seat to act next (None
            /// once the phase is over), not the text: a bot's step.
            fn step(&mut self, index: u64) -> PyResult<Option<usize>> {
                self.inner.apply_legal(index).map_err(action_error)?;
                Ok(self.inner.to_act())
            }

            /// Runs the phase to its end, `bots[seat]` choosing for each seat, the GIL released.
            fn play_out(&mut self, py: Python<'_>, bots: Vec<PyRefMut<'_, PhaseBot>>) -> PyResult<()> {
                let n = self.inner.num_players();
                if bots.len() != n {
                    return Err(value_error(format!("play_out needs {n} bots, not {}", bots.len())));
                }
                let mut cores: Vec<CoreBot> = bots.iter().map(|b| b.inner.clone()).collect();
                let inner = &mut self.inner;
                py.detach(|| CoreBot::play_out(inner, &mut cores));
                for (mut bot, core) in bots.into_iter().zip(cores) {
                    bot.inner = core;
                }
                Ok(())
            }

            /// A seat's cards now, in the order views show them.
            fn hand<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyList>> {
                let hands = self.inner.dealt();
                let hand = hands
                    .get(seat)
                    .ok_or_else(|| action_error(ActionError::no_such_seat(format!("there is no seat {seat}"))))?;
                card_list(py, &self.inner.shown(hand))
            }

            /// Every applied action in order: [(seat, canonical text)].
            fn log(&self) -> Vec<(usize, String)> {
                self.inner.log().iter().map(|(s, a)| (*s, a.to_string())).collect()
            }

            /// The last applied action as `log()` gives it, or None.
            fn last_log(&self) -> Option<(usize, String)> {
                self.inner.log().last().map(|(s, a)| (*s, a.to_string()))
            }

            /// The number of applied actions.
            fn log_len(&self) -> usize {
                self.inner.log().len()
            }

            fn hand_sizes(&self) -> Vec<usize> {
                self.inner.dealt().iter().map(|h| h.len()).collect()
            }

            /// The hand's rules once trump is known.
            #[getter]
            fn rules(&self) -> Option<TrickRules> {
                self.inner.known_rules().map(|r| TrickRules::from_core(r.clone()))
            }

            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }
        }
    };
}

/// What the deals that go card by card share (Tractor, Red Five 5p).
trait CardByCard {
    fn first(&self) -> usize;
    fn num_dealt(&self) -> usize;
    fn kitty_cards(&self) -> &[CoreCard];
    fn undealt_cards(&self) -> &[CoreCard];
}

macro_rules! card_by_card {
    ($core:ty) => {
        impl CardByCard for $core {
            fn first(&self) -> usize {
                self.first_seat()
            }
            fn num_dealt(&self) -> usize {
                self.cards_dealt()
            }
            fn kitty_cards(&self) -> &[CoreCard] {
                self.kitty()
            }
            fn undealt_cards(&self) -> &[CoreCard] {
                self.undealt()
            }
        }
    };
}

card_by_card!(core::TractorDeal);
card_by_card!(core::RedFive5pDeal);

/// A [`phase_class!`] of a deal that goes card by card, with the methods such deals share.
macro_rules! deal_class {
    ($(#[$doc:meta])* $name:ident = $py:literal ($core:ty) { $($extra:tt)* }) => {
        phase_class! {
            $(#[$doc])*
            $name = $py ($core) {
                $($extra)*

                /// C-5: the seat of the first card.
                #[getter]
                fn first_seat(&self) -> usize {
                    self.inner.first()
                }

                #[getter]
                fn cards_dealt(&self) -> usize {
                    self.inner.num_dealt()
                }

                /// The kitty, set aside at the deal.
                fn kitty<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                    card_list(py, self.inner.kitty_cards())
                }

                /// The cards not dealt yet, in deck order.
                fn undealt<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                    card_list(py, self.inner.undealt_cards())
                }

                /// C-4: the declarer's burial, once the deal ended (TR-14, R5-14).
                fn burial(&self) -> PyResult<Burial> {
                    let inner = self.inner.burial().map_err(value_error)?;
                    Ok(Burial { inner })
                }
            }
        }
    };
}

fn follow_format(text: &str) -> PyResult<FollowFormat> {
    FollowFormat::parse(text).map_err(value_error)
}

fn rank(text: &str) -> PyResult<Rank> {
    Rank::parse_level(text)
        .ok_or_else(|| value_error(format!("level '{text}' is not a rank 2..A or NT (TRO-92)")))
}

deal_class! {
    /// The Tractor deal with declarations, overcalls and reinforcements (TR-10..TR-14);
    /// `decks` 1 to 4 (TRO-120, TRO-124), `jokers` the decks that keep their jokers (None: every
    /// deck, TRO-130).
    TractorDeal = "TractorDeal" (core::TractorDeal) {
        #[new]
        #[pyo3(signature = (seed = 0, deck = None, first_seat = None, levels = None, dealer = None, decks = 2, jokers = None, follow_format = "pairs", follow_protect = "none", throw_judgement = "largest_unit", bombs = "none", throw_penalty = "per_attempt", kitty_multiplier = "linear", first_dealer = "standing", declaration_order = "equal", declaration_strength = "jokers_or_more_cards", joker_declarations = "both", reinforce = "own_card", kitty_theft = "none"))]
        #[allow(clippy::too_many_arguments)]
        fn py_new(
            py: Python<'_>,
            seed: u64,
            deck: Option<String>,
            first_seat: Option<usize>,
            levels: Option<(String, String)>,
            dealer: Option<usize>,
            decks: u8,
            jokers: Option<u8>,
            follow_format: &str,
            follow_protect: &str,
            throw_judgement: &str,
            bombs: &str,
            throw_penalty: &str,
            kitty_multiplier: &str,
            first_dealer: &str,
            declaration_order: &str,
            declaration_strength: &str,
            joker_declarations: &str,
            reinforce: &str,
            kitty_theft: &str,
        ) -> PyResult<Self> {
            let levels = match levels {
                Some((a, b)) => (rank(&a)?, rank(&b)?),
                None => (Rank::TWO, Rank::TWO),
            };
            let format = self::follow_format(follow_format)?;
            let table = crate::hands::tractor_decks(decks, jokers)?;
            let house = TractorHouse {
                follow_protect: FollowProtect::parse(follow_protect).map_err(value_error)?,
                throw_judgement: ThrowJudgement::parse(throw_judgement).map_err(value_error)?,
                bombs: Bombs::parse(bombs).map_err(value_error)?,
                throw_penalty: ThrowPenalty::parse(throw_penalty).map_err(value_error)?,
                kitty_multiplier: KittyMultiplier::parse(kitty_multiplier).map_err(value_error)?,
                first_dealer: FirstDealer::parse(first_dealer).map_err(value_error)?,
                declaration_order: DeclarationOrder::parse(declaration_order).map_err(value_error)?,
                declaration_strength: DeclarationStrength::parse(declaration_strength)
                    .map_err(value_error)?,
                joker_declarations: JokerDeclarations::parse(joker_declarations)
                    .map_err(value_error)?,
                reinforce: Reinforce::parse(reinforce).map_err(value_error)?,
                kitty_theft: KittyTheft::parse(kitty_theft).map_err(value_error)?,
            };
            let inner = py
                .detach(|| {
                    core::TractorDeal::with_decks(
                        seed, deck.as_deref(), first_seat, levels, dealer, format, table,
                    )?
                    .with_house(&house)
                })
                .map_err(value_error)?;
            Ok(TractorDeal { inner })
        }

        /// FF-1..FF-4, FF-13: a Finding Friends deal: `levels` one rank per player (4 to 8
        /// of them; None: every player at 2), `decks` 2 or 3, `dealer` None for a match's
        /// first hand.
        #[staticmethod]
        #[pyo3(signature = (seed = 0, deck = None, first_seat = None, players = 6, levels = None, dealer = None, decks = 3, follow_format = "pairs"))]
        #[allow(clippy::too_many_arguments)]
        fn finding_friends(
            py: Python<'_>,
            seed: u64,
            deck: Option<String>,
            first_seat: Option<usize>,
            players: usize,
            levels: Option<Vec<String>>,
            dealer: Option<usize>,
            decks: u8,
            follow_format: &str,
        ) -> PyResult<Self> {
            let levels = match levels {
                Some(ls) => ls.iter().map(|l| rank(l)).collect::<PyResult<Vec<_>>>()?,
                None => vec![Rank::TWO; players],
            };
            if levels.len() != players {
                return Err(value_error(format!(
                    "levels: one per player, {players}, not {} (FF-4)",
                    levels.len()
                )));
            }
            let format = self::follow_format(follow_format)?;
            let inner = py
                .detach(|| {
                    core::TractorDeal::finding_friends(
                        seed, deck.as_deref(), first_seat, levels, dealer, decks, format,
                    )
                })
                .map_err(value_error)?;
            Ok(TractorDeal { inner })
        }

        /// Whether this is Finding Friends' deal (FF-1..FF-14) rather than Tractor's.
        #[getter]
        fn finding_friends_deal(&self) -> bool {
            self.inner.is_finding_friends()
        }

        /// Each seat's level (TR-2: its team's; FF-4: its own).
        fn seat_levels(&self) -> Vec<String> {
            self.inner.seat_levels().iter().map(|r| r.level_text()).collect()
        }

        /// The kitty's size (TR-1, FF-3).
        #[getter]
        fn kitty_size(&self) -> usize {
            self.inner.kitty_size()
        }

        /// The hand's level rank (TR-2), or NT (TRO-92).
        #[getter]
        fn level(&self) -> String {
            self.inner.level().level_text()
        }

        /// TR-12: whether the final round after the last card has begun.
        #[getter]
        fn final_round(&self) -> bool {
            self.inner.final_round()
        }

        /// Every declaration so far: [(seat, cards)], the last one standing.
        fn declarations(&self) -> Vec<(usize, String)> {
            self.inner
                .declarations()
                .iter()
                .map(|(s, cs)| (*s, fenpai_core::card::format_cards(cs)))
                .collect()
        }

        /// TR-10, TR-11: why `seat` may not declare `cards` now (whatever its turn), or None.
        fn declaration_error(&self, seat: usize, cards: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
            if seat >= self.inner.num_players() {
                return Err(value_error(format!("there is no seat {seat}")));
            }
            Ok(self.inner.declaration_error(seat, &extract_cards(cards)?).map(String::from))
        }

        /// The dealer: fixed before the deal (TR-32), the first declarer from its declaration
        /// on (TRO-62), else known once declaring ends (TR-13).
        #[getter]
        fn dealer(&self) -> Option<usize> {
            self.inner.dealer()
        }
    }
}

phase_class! {
    /// The Red Five 4p deal, bidding (R4-10..R4-14) and trump (R4-20).
    RedFive4pBidding = "RedFive4pBidding" (core::RedFive4pBidding) {
        #[new]
        #[pyo3(signature = (seed = 0, deck = None, first_seat = None, decks = 2, opening_bid = "any"))]
        fn py_new(
            py: Python<'_>,
            seed: u64,
            deck: Option<String>,
            first_seat: Option<usize>,
            decks: u8,
            opening_bid: &str,
        ) -> PyResult<Self> {
            let minimum = match opening_bid {
                "any" => false,
                "minimum" => true,
                other => {
                    return Err(value_error(format!(
                        "option opening_bid must be 'any' or 'minimum' (R4-13), not '{other}'"
                    )))
                }
            };
            let inner = py
                .detach(|| core::RedFive4pBidding::new(seed, deck.as_deref(), first_seat, decks, minimum))
                .map_err(value_error)?;
            Ok(RedFive4pBidding { inner })
        }

        /// "bid", "trump" or "done" (the kitty is next).
        #[getter]
        fn phase(&self) -> &'static str {
            match self.inner.stage() {
                BidStage::Bid => "bid",
                BidStage::Trump => "trump",
                BidStage::Done => "done",
            }
        }

        /// R4-11: the seat that opened the bidding.
        #[getter]
        fn first_bidder(&self) -> usize {
            self.inner.first_bidder()
        }

        /// Every bid in order: [(seat, bid or None for a pass)].
        fn bids(&self) -> Vec<(usize, Option<u32>)> {
            self.inner.bids().to_vec()
        }

        #[getter]
        fn high_bid(&self) -> Option<(usize, u32)> {
            self.inner.high_bid()
        }

        /// R4-14: the declarer once bidding ended.
        #[getter]
        fn declarer(&self) -> Option<usize> {
            self.inner.declarer().map(|(d, _)| d)
        }

        /// R4-14: the bid that stands once bidding ended.
        #[getter]
        fn bid(&self) -> Option<u32> {
            self.inner.declarer().map(|(_, b)| b)
        }

        fn kitty<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            card_list(py, self.inner.kitty())
        }

        /// R4-21: the declarer's burial, once trump is named.
        fn burial(&self) -> PyResult<Burial> {
            let inner = self.inner.burial().map_err(value_error)?;
            Ok(Burial { inner })
        }
    }
}

deal_class! {
    /// The Red Five 5p deal with reveals (R5-3, R5-10..R5-14).
    RedFive5pDeal = "RedFive5pDeal" (core::RedFive5pDeal) {
        #[new]
        #[pyo3(signature = (seed = 0, deck = None, first_seat = None, prev_declarer = 0))]
        fn py_new(
            py: Python<'_>,
            seed: u64,
            deck: Option<String>,
            first_seat: Option<usize>,
            prev_declarer: usize,
        ) -> PyResult<Self> {
            let inner = py
                .detach(|| core::RedFive5pDeal::new(seed, deck.as_deref(), first_seat, prev_declarer))
                .map_err(value_error)?;
            Ok(RedFive5pDeal { inner })
        }

        /// R5-2: the previous declarer 原庄.
        #[getter]
        fn prev_declarer(&self) -> usize {
            self.inner.prev_declarer()
        }

        /// R5-10: the reveal, (seat, card), once made.
        #[getter]
        fn reveal(&self) -> Option<(usize, String)> {
            self.inner.reveal().map(|(s, c)| (s, c.to_string()))
        }

        /// R5-13: whether the declarer was forced (压庄).
        #[getter]
        fn forced(&self) -> bool {
            self.inner.forced()
        }

        #[getter]
        fn declarer(&self) -> Option<usize> {
            self.inner.declarer()
        }
    }
}

phase_class! {
    /// The kitty burial (C-4): every burial counted and indexed without listing.
    Burial = "Burial" (core::Burial) {
        #[getter]
        fn declarer(&self) -> usize {
            self.inner.declarer()
        }

        /// How many cards are buried.
        #[getter]
        fn size(&self) -> usize {
            self.inner.size()
        }

        /// Who holds the kitty and buries: the declarer, or the last stealer (TRO-112).
        #[getter]
        fn burier(&self) -> usize {
            self.inner.burier()
        }

        /// TRO-112: the cards the burier took up when it stole (the burial before);
        /// None for the declarer's burial, whose kitty is the deal's.
        fn taken<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
            self.inner.taken().map(|b| card_list(py, b)).transpose()
        }

        /// TRO-112: the steals so far, in order, as [(seat, cards)] (public, as the deal's
        /// declarations are).
        fn steals(&self) -> Vec<(usize, String)> {
            let steals = self.inner.theft().map_or(&[][..], |t| t.steals());
            steals
                .iter()
                .map(|(s, cs)| (*s, fenpai_core::card::format_cards(cs)))
                .collect()
        }

        /// The buried cards in strength order, once buried.
        fn buried<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
            self.inner.buried().map(|b| card_list(py, b)).transpose()
        }

        /// The legal index (`apply_legal`'s) of burying `cards`, or None when they are
        /// not a burial of the declarer's hand (found without listing the burials).
        fn position(&self, cards: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
            let cards = extract_cards(cards)?;
            Ok(self.inner.position(&Counts::from_cards(&cards)))
        }

        /// R5-20: the Red Five 5p friend call after the burial.
        #[pyo3(signature = (forbid_grab = false))]
        fn friend_call(&self, forbid_grab: bool) -> PyResult<FriendCall> {
            let inner = self.inner.friend_call(forbid_grab).map_err(value_error)?;
            Ok(FriendCall { inner })
        }

        /// FF-20: Finding Friends' calls after the burial: `friends` of them, under
        /// FF-60's `friend_restrictions` ("none", "no_trumps", "no_highest" or
        /// "no_points") and FF-80's `double_join` ("spent" or "passes_on").
        #[pyo3(signature = (friends, friend_restrictions = "no_trumps", double_join = "spent"))]
        fn friend_calls(
            &self,
            friends: usize,
            friend_restrictions: &str,
            double_join: &str,
        ) -> PyResult<FriendCalls> {
            let restriction = FriendRestriction::parse(friend_restrictions).map_err(value_error)?;
            let double_join = DoubleJoin::parse(double_join).map_err(value_error)?;
            let inner = self
                .inner
                .friend_calls(friends, restriction, double_join)
                .map_err(value_error)?;
            Ok(FriendCalls { inner })
        }

        /// The play after the burial, the declarer leading (TR-21, R4-30).
        fn start_play(&self) -> PyResult<TrickPlay> {
            let play = self.inner.start_play().map_err(value_error)?;
            Ok(TrickPlay::from_core(play))
        }
    }
}

phase_class! {
    /// Finding Friends' friend calls (FF-20..FF-23, FF-60..FF-64, FF-80..FF-82): the declarer calls
    /// one friend card at a time (`call 2nd As`).
    FriendCalls = "FriendCalls" (core::FriendCalls) {
        #[getter]
        fn declarer(&self) -> usize {
            self.inner.declarer()
        }

        /// How many friend cards are called (FF-20).
        #[getter]
        fn friends(&self) -> usize {
            self.inner.friends()
        }

        /// FF-60: "none", "no_trumps", "no_highest" or "no_points".
        #[getter]
        fn friend_restrictions(&self) -> &'static str {
            self.inner.restriction().id()
        }

        /// FF-80: "spent" or "passes_on".
        #[getter]
        fn double_join(&self) -> &'static str {
            self.inner.double_join().id()
        }

        /// FF-22: the calls made so far, in order, as their action text names them
        /// ("2nd As").
        fn calls(&self) -> Vec<String> {
            self.inner
                .calls()
                .iter()
                .map(|c| format!("{} {}", core::ordinal(c.ordinal), c.card))
                .collect()
        }

        /// FF-30: the play after the calls, the declarer leading, the calls watched (FF-31).
        fn start_play(&self) -> PyResult<TrickPlay> {
            let play = self.inner.start_play().map_err(value_error)?;
            Ok(TrickPlay::from_core(play))
        }
    }
}

phase_class! {
    /// The Red Five 5p friend call (R5-20, R5-21).
    FriendCall = "FriendCall" (core::FriendCall) {
        #[getter]
        fn declarer(&self) -> usize {
            self.inner.declarer()
        }

        /// The call once made: a card's text or "solo".
        #[getter]
        fn call(&self) -> Option<String> {
            self.inner.called().map(|a| match a {
                core::Action::Call(c) => c.to_string(),
                _ => "solo".to_string(),
            })
        }

        /// R5-21: whether the hand is solo.
        #[getter]
        fn solo(&self) -> bool {
            self.inner.solo()
        }

        /// R5-21: the declarer's copies of `card`, in hand and buried.
        fn copies_owned(&self, card: &str) -> PyResult<u8> {
            let c = CoreCard::parse(card.trim()).map_err(malformed)?;
            Ok(self.inner.copies_owned(c))
        }

        /// R5-21, R5-22: the call the play watches, (card, declarer, fixed friend,
        /// forbid_grab); None before the call or when solo.
        fn play_call(&self) -> Option<(String, usize, Option<usize>, bool)> {
            self.inner.play_call().map(|c| {
                let friend = match c.mode {
                    fenpai_core::trick::CallMode::Fixed(s) => Some(s),
                    fenpai_core::trick::CallMode::FirstPlay => None,
                };
                (c.card.to_string(), c.declarer, friend, c.forbid_grab)
            })
        }

        /// R5-30: the play after the call, the declarer leading, the call set.
        fn start_play(&self) -> PyResult<TrickPlay> {
            let play = self.inner.start_play().map_err(value_error)?;
            Ok(TrickPlay::from_core(play))
        }
    }
}

phase_class! {
    /// The tribute before a Fifty-K hand of a match (FKO-42..FKO-47): the giver gives
    /// their highest card, the receiver gives one back; over at once for an exempt giver.
    FiftyKTribute = "FiftyKTribute" (FkTribute) {
        /// FKO-43: `giver` owes `receiver` a tribute out of the dealt `hands` of a game
        /// of `decks` decks.
        #[new]
        #[pyo3(signature = (hands, giver, receiver, decks = 1))]
        fn py_new(hands: &Bound<'_, PyAny>, giver: usize, receiver: usize, decks: u8) -> PyResult<Self> {
            let hands = hands
                .try_iter()?
                .map(|h| Ok(Counts::from_cards(&extract_cards(&h?)?)))
                .collect::<PyResult<Vec<_>>>()?;
            let inner = FkTribute::new(hands, giver, receiver, decks).map_err(value_error)?;
            Ok(FiftyKTribute { inner })
        }

        #[getter]
        fn giver(&self) -> usize {
            self.inner.giver()
        }

        #[getter]
        fn receiver(&self) -> usize {
            self.inner.receiver()
        }

        /// FKO-45: whether the giver is exempt (no tribute is paid).
        #[getter]
        fn exempt(&self) -> bool {
            self.inner.exempt()
        }

        /// The card given as tribute, once given (public, FKO-48).
        #[getter]
        fn tributed(&self) -> Option<String> {
            self.inner.tributed().map(|c| c.to_string())
        }

        /// The card given back, once given (the giver's and the receiver's, FKO-48).
        #[getter]
        fn returned(&self) -> Option<String> {
            self.inner.returned().map(|c| c.to_string())
        }
    }
}

/// A bot for the phases before the play ("random", "greedy", "ismcts" or "ismcts:N")
/// with its own seeded generator; seeded like the Python bot's `rng`, it makes the same
/// choices.
#[pyclass(module = "fenpai._core", name = "PhaseBot")]
#[derive(Clone)]
pub struct PhaseBot {
    inner: CoreBot,
}

/// The bot's action in `phase`, the GIL released (the search simulates hands).
fn choose_in<P: Searched + Sync>(py: Python<'_>, bot: &mut CoreBot, phase: &P) -> PyResult<String> {
    py.detach(|| bot.choose(phase))
        .map(|a| a.to_string())
        .ok_or_else(|| {
            action_error(ActionError::game_over(
                "nobody is to act: the phase is over",
            ))
        })
}

#[pymethods]
impl PhaseBot {
    #[new]
    fn py_new(kind: &str, seed: u64) -> PyResult<Self> {
        let kind = crate::bots::bot_kind(kind)?;
        Ok(PhaseBot {
            inner: CoreBot::new(kind, seed),
        })
    }

    /// The action this bot takes now in `phase` for the seat to act.
    fn choose(&mut self, py: Python<'_>, phase: &Bound<'_, PyAny>) -> PyResult<String> {
        let bot = &mut self.inner;
        if let Ok(p) = phase.cast::<TractorDeal>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<RedFive4pBidding>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<RedFive5pDeal>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<Burial>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<FriendCall>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<FriendCalls>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        if let Ok(p) = phase.cast::<FiftyKTribute>() {
            return choose_in(py, bot, &p.borrow().inner);
        }
        Err(value_error(format!(
            "a PhaseBot chooses in a phase object, not {}",
            phase.get_type().name()?
        )))
    }
}

/// FK-1, FK-2 (FKO-23, FKO-24 with several `decks`): a Fifty-K deal: (hands in the order
/// dealt, seat of the first card, leader).
#[pyfunction]
#[pyo3(signature = (seed = 0, players = 4, deck = None, first_seat = None, decks = 1))]
fn fifty_k_deal<'py>(
    py: Python<'py>,
    seed: u64,
    players: usize,
    deck: Option<String>,
    first_seat: Option<usize>,
    decks: u8,
) -> PyResult<(Vec<Bound<'py, PyList>>, usize, usize)> {
    let deal = core::fifty_k_deal_decks(seed, players, decks, deck.as_deref(), first_seat)
        .map_err(value_error)?;
    let hands = deal
        .hands
        .iter()
        .map(|h| card_list(py, h))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((hands, deal.first, deal.leader))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TractorDeal>()?;
    m.add_class::<RedFive4pBidding>()?;
    m.add_class::<RedFive5pDeal>()?;
    m.add_class::<Burial>()?;
    m.add_class::<FriendCall>()?;
    m.add_class::<FriendCalls>()?;
    m.add_class::<FiftyKTribute>()?;
    m.add_class::<PhaseBot>()?;
    m.add_function(wrap_pyfunction!(fifty_k_deal, m)?)
}
