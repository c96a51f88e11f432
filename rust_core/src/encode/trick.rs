//! The observation of a trick-taking hand (Red Five 4p, Red Five 5p, Tractor) from the
//! core's phase objects: the deal (declarations, bids, the reveal), the burial, the
//! friend call and the play.

use crate::card::{Card, Counts, Rank, NUM_CARDS};
use crate::phases::{
    Action, BidStage, Burial, FriendCall, KittyTheft, Phase, RedFive4pBidding, RedFive5pDeal,
    TractorDeal, CALLABLE,
};
use crate::trick::{TrickPlay, TrickRules, Variant};

use super::{add_counts, Layout, Writer};

/// The phases, in the order of the `phase` field's one-hot.
pub const PHASES: [&str; 7] = ["deal", "bid", "trump", "kitty", "friend", "play", "done"];
const K: usize = NUM_CARDS;
/// Scale of points, bids and hand sizes (they stay near 0..1 or a few units).
const POINTS_SCALE: f32 = 100.0;
const HAND_SCALE: f32 = 40.0;

/// The deal of a hand, by variant.
#[derive(Clone, Copy)]
pub enum Deal<'a> {
    Tractor(&'a TractorDeal),
    RedFive4p(&'a RedFive4pBidding),
    RedFive5p(&'a RedFive5pDeal),
}

/// The core objects of one hand so far; a finished phase's object in its final state.
#[derive(Clone, Copy, Default)]
pub struct TrickFacts<'a> {
    pub deal: Option<Deal<'a>>,
    pub kitty: Option<&'a Burial>,
    pub friend: Option<&'a FriendCall>,
    pub play: Option<&'a TrickPlay>,
    /// The hand is over (it may end outside the objects: a resignation).
    pub over: bool,
}

/// One field of a trick-taking observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrickField {
    Hand,
    Played,
    Trick,
    Kitty,
    Trump,
    Level,
    Points,
    Phase,
    ToAct,
    Declarer,
    HandSizes,
    Throw,
    FailedThrows,
    KittyTaken,
    TeamLevels,
    Dealer,
    FirstSeat,
    CardsDealt,
    FinalRound,
    Declaration,
    DeclaredBy,
    Declarations,
    FirstBidder,
    Bids,
    Passed,
    HighBid,
    HighBidder,
    PrevDeclarer,
    Reveal,
    Forced,
    Call,
    Friend,
    Grab,
    KittyHolder,
    Stealing,
    Steals,
    OwnBurials,
}

use TrickField as F;

const COMMON: [TrickField; 14] = [
    F::Hand,
    F::Played,
    F::Trick,
    F::Kitty,
    F::Trump,
    F::Level,
    F::Points,
    F::Phase,
    F::ToAct,
    F::Declarer,
    F::HandSizes,
    F::Throw,
    F::FailedThrows,
    F::KittyTaken,
];
const TRACTOR: [TrickField; 22] = concat(
    COMMON,
    [
        F::TeamLevels,
        F::Dealer,
        F::FirstSeat,
        F::CardsDealt,
        F::FinalRound,
        F::Declaration,
        F::DeclaredBy,
        F::Declarations,
    ],
);
/// TRO-112: Tractor under kitty theft, its fields then who holds the kitty, whether a
/// seat is asked to steal, the steals and the seat's own burials.
const TRACTOR_THEFT: [TrickField; 26] = concat(
    TRACTOR,
    [F::KittyHolder, F::Stealing, F::Steals, F::OwnBurials],
);
const RED_FIVE_4P: [TrickField; 19] = concat(
    COMMON,
    [
        F::FirstBidder,
        F::Bids,
        F::Passed,
        F::HighBid,
        F::HighBidder,
    ],
);
const RED_FIVE_5P: [TrickField; 22] = concat(
    COMMON,
    [
        F::PrevDeclarer,
        F::FirstSeat,
        F::CardsDealt,
        F::Reveal,
        F::Forced,
        F::Call,
        F::Friend,
        F::Grab,
    ],
);

/// The common fields, then a variant's own (`A + B = C`, checked at compile time).
const fn concat<const A: usize, const B: usize, const C: usize>(
    a: [TrickField; A],
    b: [TrickField; B],
) -> [TrickField; C] {
    assert!(A + B == C);
    let mut out = [F::Hand; C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < C {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

/// The sizes of `fields` with `n` seats, worked out at compile time: the encoder reads
/// them instead of matching on each field's kind twice per observation (an indirect
/// jump apiece, a third of an observation's cost).
const fn sizes<const C: usize>(fields: [TrickField; C], n: usize) -> [usize; C] {
    let mut out = [0; C];
    let mut i = 0;
    while i < C {
        out[i] = fields[i].size(n);
        i += 1;
    }
    out
}

const TRACTOR_SIZES: [usize; 22] = sizes(TRACTOR, 4);
const TRACTOR_THEFT_SIZES: [usize; 26] = sizes(TRACTOR_THEFT, 4);
const RED_FIVE_4P_SIZES: [usize; 19] = sizes(RED_FIVE_4P, 4);
const RED_FIVE_5P_SIZES: [usize; 22] = sizes(RED_FIVE_5P, 5);

impl TrickField {
    /// The fields of a variant's observation, in order.
    pub fn of(variant: Variant) -> &'static [TrickField] {
        match variant {
            Variant::Tractor => &TRACTOR,
            Variant::RedFive4p => &RED_FIVE_4P,
            Variant::RedFive5p => &RED_FIVE_5P,
        }
    }

    /// The fields of Tractor's observation under kitty theft (TRO-112), in order.
    pub fn of_theft() -> &'static [TrickField] {
        &TRACTOR_THEFT
    }

    pub fn name(self) -> &'static str {
        match self {
            F::Hand => "hand",
            F::Played => "played",
            F::Trick => "trick",
            F::Kitty => "kitty",
            F::Trump => "trump",
            F::Level => "level",
            F::Points => "points",
            F::Phase => "phase",
            F::ToAct => "to_act",
            F::Declarer => "declarer",
            F::HandSizes => "hand_sizes",
            F::Throw => "throw",
            F::FailedThrows => "failed_throws",
            F::KittyTaken => "kitty_taken",
            F::TeamLevels => "team_levels",
            F::Dealer => "dealer",
            F::FirstSeat => "first_seat",
            F::CardsDealt => "cards_dealt",
            F::FinalRound => "final_round",
            F::Declaration => "declaration",
            F::DeclaredBy => "declared_by",
            F::Declarations => "declarations",
            F::FirstBidder => "first_bidder",
            F::Bids => "bids",
            F::Passed => "passed",
            F::HighBid => "high_bid",
            F::HighBidder => "high_bidder",
            F::PrevDeclarer => "prev_declarer",
            F::Reveal => "reveal",
            F::Forced => "forced",
            F::Call => "call",
            F::Friend => "friend",
            F::Grab => "grab",
            F::KittyHolder => "kitty_holder",
            F::Stealing => "stealing",
            F::Steals => "steals",
            F::OwnBurials => "own_burials",
        }
    }

    /// The field's size with `n` seats.
    pub const fn size(self, n: usize) -> usize {
        match self {
            F::Hand
            | F::Played
            | F::Kitty
            | F::Throw
            | F::KittyTaken
            | F::Declaration
            | F::OwnBurials => K,
            F::Trick => n * K,
            F::Trump => 5,
            F::Level => 13,
            F::Phase => PHASES.len(),
            F::TeamLevels => 26,
            F::Call => CALLABLE.len() + 1,
            F::CardsDealt | F::FinalRound | F::HighBid | F::Forced | F::Grab | F::Stealing => 1,
            F::Points
            | F::ToAct
            | F::Declarer
            | F::HandSizes
            | F::FailedThrows
            | F::Dealer
            | F::FirstSeat
            | F::DeclaredBy
            | F::Declarations
            | F::FirstBidder
            | F::Bids
            | F::Passed
            | F::HighBidder
            | F::PrevDeclarer
            | F::Reveal
            | F::Friend
            | F::KittyHolder
            | F::Steals => n,
        }
    }
}

/// What the encoder reads off the latest phase object once, before the fields.
struct Now<'a> {
    facts: TrickFacts<'a>,
    n: usize,
    phase: usize,
    to_act: Option<usize>,
    hands: Hands<'a>,
    rules: Option<&'a TrickRules>,
    declarer: Option<usize>,
    /// TRO-112: the hand is played under kitty theft (its own layout).
    theft: bool,
}

/// Where the hands are now.
#[derive(Clone, Copy)]
enum Hands<'a> {
    Play(&'a TrickPlay),
    Dealt(&'a [Counts]),
}

impl Hands<'_> {
    fn of(&self, seat: usize) -> &Counts {
        match self {
            Hands::Play(p) => p.hand(seat),
            Hands::Dealt(h) => &h[seat],
        }
    }
}

impl<'a> Deal<'a> {
    fn variant(self) -> Variant {
        match self {
            Deal::Tractor(_) => Variant::Tractor,
            Deal::RedFive4p(_) => Variant::RedFive4p,
            Deal::RedFive5p(_) => Variant::RedFive5p,
        }
    }

    fn phase(self) -> &'a dyn Phase {
        match self {
            Deal::Tractor(d) => d,
            Deal::RedFive4p(d) => d,
            Deal::RedFive5p(d) => d,
        }
    }

    fn hands(self) -> &'a [Counts] {
        match self {
            Deal::Tractor(d) => d.hands(),
            Deal::RedFive4p(d) => d.hands(),
            Deal::RedFive5p(d) => d.hands(),
        }
    }

    /// The hand's rules once trump is public (TR-13, R4-20, R5-10 or R5-13).
    fn rules(self) -> Option<&'a TrickRules> {
        match self {
            Deal::Tractor(d) => d.outcome().map(|(_, r)| &**r),
            Deal::RedFive4p(d) => d.rules().map(|r| &**r),
            Deal::RedFive5p(d) => d.rules().map(|r| &**r),
        }
    }

    /// The declarer once public.
    fn declarer(self) -> Option<usize> {
        match self {
            Deal::Tractor(d) => d.outcome().map(|(s, _)| s),
            Deal::RedFive4p(d) => d.declarer().map(|(s, _)| s),
            Deal::RedFive5p(d) => d.declarer(),
        }
    }

    /// Whether the declarer has taken up the kitty (TR-14, R4-21, R5-14).
    fn kitty_taken(self) -> bool {
        match self {
            Deal::Tractor(d) => d.outcome().is_some(),
            Deal::RedFive4p(d) => d.stage() == BidStage::Done,
            Deal::RedFive5p(d) => d.outcome().is_some(),
        }
    }

    fn kitty(self) -> &'a [Card] {
        match self {
            Deal::Tractor(d) => d.kitty(),
            Deal::RedFive4p(d) => d.kitty(),
            Deal::RedFive5p(d) => d.kitty(),
        }
    }

    /// The phase index while the deal is the latest object.
    fn phase_index(self) -> usize {
        match self {
            Deal::RedFive4p(d) => match d.stage() {
                BidStage::Bid => 1,
                BidStage::Trump => 2,
                BidStage::Done => 3,
            },
            _ if self.kitty_taken() => 3,
            _ => 0,
        }
    }
}

impl<'a> Now<'a> {
    fn new(variant: Variant, facts: TrickFacts<'a>) -> Result<Now<'a>, String> {
        let name = variant.id();
        let n = if variant == Variant::RedFive5p { 5 } else { 4 };
        if let Some(d) = facts.deal {
            if d.variant() != variant {
                return Err(format!(
                    "the deal is a {} deal, not {name}",
                    d.variant().id()
                ));
            }
        }
        let theft = under_theft(&facts);
        let rules = [
            facts.play.map(|p| &**p.rules()),
            facts.friend.map(|f| &**f.rules()),
            facts.kitty.map(|k| &**k.rules()),
        ];
        if let Some(r) = rules.iter().flatten().find(|r| r.variant != variant) {
            return Err(format!(
                "the core objects are of a {} hand, not {name}",
                r.variant.id()
            ));
        }
        let seats = [
            facts.play.map(|p| p.num_players()),
            facts.friend.map(|f| f.num_players()),
            facts.kitty.map(|k| k.num_players()),
        ];
        if let Some(m) = seats.into_iter().flatten().find(|&m| m != n) {
            return Err(format!("{name} has {n} seats, not {m}"));
        }
        // The latest phase before the play: its phase index, the object, the hands.
        let before_play: Option<(usize, &dyn Phase, &[Counts])> =
            match (facts.friend, facts.kitty, facts.deal) {
                (Some(f), _, _) => Some((4, f, f.hands())),
                (None, Some(k), _) => Some((3, k, k.hands())),
                (None, None, Some(d)) => Some((d.phase_index(), d.phase(), d.hands())),
                _ => None,
            };
        let (phase, to_act, hands) = match (facts.play, before_play) {
            (Some(p), _) => (if p.is_done() { 6 } else { 5 }, p.to_act(), Hands::Play(p)),
            (None, Some((index, ph, hands))) => (index, ph.to_act(), Hands::Dealt(hands)),
            (None, None) => return Err("encode needs at least one core object of the hand".into()),
        };
        let (phase, to_act) = if facts.over {
            (6, None)
        } else {
            (phase, to_act)
        };
        let rules = rules
            .into_iter()
            .flatten()
            .next()
            .or_else(|| facts.deal.and_then(|d| d.rules()));
        // TR-21, R4-30, R5-30: the declarer leads the first trick.
        let first_leader = || {
            facts
                .play
                .map(|p| p.tricks().first().map_or(p.leader(), |t| t.leader))
        };
        let declarer = facts
            .friend
            .map(|f| f.declarer())
            .or_else(|| facts.kitty.map(|k| k.declarer()))
            .or_else(|| facts.deal.and_then(|d| d.declarer()))
            .or_else(first_leader);
        Ok(Now {
            facts,
            n,
            phase,
            to_act,
            hands,
            rules,
            declarer,
            theft,
        })
    }

    /// The fields of this hand's layout, in order, and their sizes.
    fn fields(&self, variant: Variant) -> (&'static [TrickField], &'static [usize]) {
        match (self.theft, variant) {
            (true, _) => (&TRACTOR_THEFT, &TRACTOR_THEFT_SIZES),
            (false, Variant::Tractor) => (&TRACTOR, &TRACTOR_SIZES),
            (false, Variant::RedFive4p) => (&RED_FIVE_4P, &RED_FIVE_4P_SIZES),
            (false, Variant::RedFive5p) => (&RED_FIVE_5P, &RED_FIVE_5P_SIZES),
        }
    }

    /// The declaration that stands: the deal's, then under kitty theft each steal's
    /// (TR-13, TRO-112).
    fn standing(&self) -> Option<&'a (usize, Vec<Card>)> {
        match (self.facts.kitty.and_then(|k| k.theft()), self.facts.deal) {
            (Some(theft), _) => theft.standing(),
            (None, Some(Deal::Tractor(d))) => d.standing(),
            _ => None,
        }
    }

    /// Whether `seat` knows the buried kitty now: the seat that buried it (the declarer,
    /// or under kitty theft the last stealer, TRO-112), and everyone once the hand is
    /// over (C-4).
    fn knows_kitty(&self, seat: usize) -> bool {
        let burier = self.facts.kitty.map(|k| k.burier()).or(self.declarer);
        burier == Some(seat) || self.phase == 6
    }
}

/// Whether the hand is played under kitty theft (TRO-112): its deal's house rule says
/// so, or its burial holds rounds of chances to steal (either object alone tells).
fn under_theft(facts: &TrickFacts<'_>) -> bool {
    let dealt = matches!(facts.deal, Some(Deal::Tractor(d))
        if d.house().kitty_theft == KittyTheft::Allowed);
    dealt || facts.kitty.is_some_and(|k| k.theft().is_some())
}

/// The layout of a hand of `variant` with these objects: under kitty theft Tractor's own
/// (TRO-112), else the variant's.
pub fn trick_layout(variant: Variant, facts: &TrickFacts<'_>) -> Layout {
    if under_theft(facts) {
        Layout::TractorTheft
    } else {
        Layout::Trick(variant)
    }
}

/// Writes the observation of `seat` into `out` (exactly the layout's length).
pub fn encode_trick(
    variant: Variant,
    facts: TrickFacts<'_>,
    seat: usize,
    out: &mut [f32],
) -> Result<(), String> {
    let now = Now::new(variant, facts)?;
    let n = now.n;
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    let (fields, sizes) = now.fields(variant);
    let need: usize = sizes.iter().sum();
    if out.len() != need {
        return Err(format!(
            "a {} observation holds {need} values, not {}",
            variant.id(),
            out.len()
        ));
    }
    let mut w = Writer::new(out);
    // `s + n - seat` is below 2n: one subtraction instead of a division per seat.
    let rel = |s: usize| {
        let r = s + n - seat;
        if r >= n {
            r - n
        } else {
            r
        }
    };
    for (&field, &size) in fields.iter().zip(sizes) {
        let slot = w.next(size);
        write_field(field, &now, seat, rel, slot);
    }
    Ok(())
}

fn one_hot(slot: &mut [f32], index: Option<usize>) {
    if let Some(i) = index {
        slot[i] = 1.0;
    }
}

fn add_cards(slot: &mut [f32], cards: &[Card]) {
    for &c in cards {
        slot[c.index()] += 1.0;
    }
}

fn write_field(
    field: TrickField,
    now: &Now<'_>,
    seat: usize,
    rel: impl Fn(usize) -> usize,
    slot: &mut [f32],
) {
    let facts = &now.facts;
    let play = facts.play;
    let n = now.n;
    match field {
        F::Hand => add_counts(slot, now.hands.of(seat)),
        F::Played => {
            if let Some(p) = play {
                add_counts(slot, p.finished_cards());
            }
        }
        F::Trick => {
            for (s, counts) in play.iter().flat_map(|p| p.trick_counts()) {
                let r = rel(s);
                add_counts(&mut slot[r * K..(r + 1) * K], counts);
            }
        }
        F::Kitty => {
            // C-4: the buried cards, for the seat that buried them until the hand ends.
            if now.knows_kitty(seat) {
                match (facts.kitty.and_then(|k| k.buried()), facts.friend) {
                    (Some(cards), _) => add_cards(slot, cards),
                    (None, Some(f)) => add_counts(slot, f.buried()),
                    _ => {}
                }
            }
        }
        F::KittyTaken => {
            if let Some(d) = facts.deal {
                if now.declarer == Some(seat) && d.kitty_taken() {
                    add_cards(slot, d.kitty());
                }
            }
            if now.theft {
                // TRO-112: and each burial the seat took up when it stole.
                for cards in stolen_by(facts.kitty, seat) {
                    add_cards(slot, cards);
                }
            }
        }
        F::Trump => one_hot(slot, now.rules.map(|r| r.trump.map_or(4, |s| s.0 as usize))),
        F::Level => {
            let tractor = match facts.deal {
                Some(Deal::Tractor(d)) => Some(d.level()),
                _ => None,
            };
            let level = now.rules.map(|r| r.level_rank).or(tractor);
            // TRO-92: the no-trump level has no level rank: no bit.
            one_hot(
                slot,
                level
                    .filter(|&r| r != Rank::NO_TRUMP_LEVEL)
                    .map(|r| r.0 as usize),
            );
        }
        F::Points => {
            for (s, &p) in play.iter().flat_map(|p| p.points().iter().enumerate()) {
                slot[rel(s)] = p as f32 / POINTS_SCALE;
            }
        }
        F::Phase => slot[now.phase] = 1.0,
        F::ToAct => one_hot(slot, now.to_act.map(&rel)),
        F::Declarer => one_hot(slot, now.declarer.map(&rel)),
        F::HandSizes => {
            for s in 0..n {
                slot[rel(s)] = now.hands.of(s).len() as f32 / HAND_SCALE;
            }
        }
        F::Throw => {
            if let Some(cards) = play.and_then(|p| p.attempted()) {
                add_cards(slot, cards);
            }
        }
        F::FailedThrows => {
            for (s, &f) in play
                .iter()
                .flat_map(|p| p.failed_throws().iter().enumerate())
            {
                slot[rel(s)] = f as f32;
            }
        }
        _ => write_variant_field(field, now, seat, rel, slot),
    }
}

/// The fields of one variant's phases before the play.
fn write_variant_field(
    field: TrickField,
    now: &Now<'_>,
    seat: usize,
    rel: impl Fn(usize) -> usize,
    slot: &mut [f32],
) {
    let deal = now.facts.deal;
    let tractor = match deal {
        Some(Deal::Tractor(d)) => Some(d),
        _ => None,
    };
    let bidding = match deal {
        Some(Deal::RedFive4p(d)) => Some(d),
        _ => None,
    };
    let reveal = match deal {
        Some(Deal::RedFive5p(d)) => Some(d),
        _ => None,
    };
    match field {
        F::TeamLevels => {
            if let Some(d) = tractor {
                let (even, odd) = d.levels();
                let (own, other) = if seat.is_multiple_of(2) {
                    (even, odd)
                } else {
                    (odd, even)
                };
                // TRO-92: a team at the no-trump level has no bit.
                for (offset, level) in [(0, own), (13, other)] {
                    if level != Rank::NO_TRUMP_LEVEL {
                        slot[offset + level.0 as usize] = 1.0;
                    }
                }
            }
        }
        F::Dealer => one_hot(slot, tractor.and_then(|d| d.dealer()).map(&rel)),
        F::FirstSeat => {
            let first = tractor
                .map(|d| d.first_seat())
                .or(reveal.map(|d| d.first_seat()));
            one_hot(slot, first.map(&rel));
        }
        F::CardsDealt => {
            let dealt = match deal {
                Some(Deal::Tractor(d)) => Some((d.cards_dealt(), d.deck().len() - d.kitty().len())),
                Some(Deal::RedFive5p(d)) => {
                    Some((d.cards_dealt(), d.deck().len() - d.kitty().len()))
                }
                _ => None,
            };
            if let Some((dealt, all)) = dealt {
                slot[0] = dealt as f32 / all as f32;
            }
        }
        F::FinalRound => slot[0] = tractor.is_some_and(|d| d.final_round()) as u8 as f32,
        F::Declaration => {
            if let Some((_, cards)) = now.standing() {
                add_cards(slot, cards);
            }
        }
        F::DeclaredBy => one_hot(slot, now.standing().map(|(s, _)| rel(*s))),
        F::Declarations => {
            for (s, _) in tractor.iter().flat_map(|d| d.declarations()) {
                slot[rel(*s)] += 1.0;
            }
        }
        F::FirstBidder => one_hot(slot, bidding.map(|d| rel(d.first_bidder()))),
        F::Bids => {
            for &(s, bid) in bidding.map_or(&[][..], |d| d.bids()) {
                if let Some(b) = bid {
                    slot[rel(s)] = b as f32 / POINTS_SCALE;
                }
            }
        }
        F::Passed => {
            for &(s, bid) in bidding.map_or(&[][..], |d| d.bids()) {
                if bid.is_none() {
                    slot[rel(s)] = 1.0;
                }
            }
        }
        F::HighBid => {
            // R4-14: once bidding ended, the bid that stands (the minimum if all passed).
            let bid = bidding.and_then(|d| d.declarer().or(d.high_bid()));
            if let Some((_, b)) = bid {
                slot[0] = b as f32 / POINTS_SCALE;
            }
        }
        F::HighBidder => one_hot(
            slot,
            bidding.and_then(|d| d.high_bid()).map(|(s, _)| rel(s)),
        ),
        F::PrevDeclarer => one_hot(slot, reveal.map(|d| rel(d.prev_declarer()))),
        F::Reveal => one_hot(slot, reveal.and_then(|d| d.reveal()).map(|(s, _)| rel(s))),
        F::Forced => slot[0] = reveal.is_some_and(|d| d.forced()) as u8 as f32,
        F::Call => write_call(now, slot),
        F::Friend | F::Grab => {
            // R5-21, R5-22: the friend only once public.
            if let Some((Some(friend), true, grab)) = now.facts.play.map(|p| p.friend()) {
                match field {
                    F::Friend => slot[rel(friend)] = 1.0,
                    _ => slot[0] = grab as u8 as f32,
                }
            }
        }
        F::KittyHolder => one_hot(slot, now.facts.kitty.map(|k| rel(k.burier()))),
        F::Stealing => {
            let asked =
                now.facts.play.is_none() && now.facts.kitty.is_some_and(|k| k.stealing().is_some());
            slot[0] = asked as u8 as f32;
        }
        F::Steals => {
            let theft = now.facts.kitty.and_then(|k| k.theft());
            for (s, _) in theft.map_or(&[][..], |t| t.steals()) {
                slot[rel(*s)] += 1.0;
            }
        }
        F::OwnBurials => {
            // C-4, TRO-112: every burial the seat made, which it keeps knowing.
            for (s, action) in now.facts.kitty.map_or(&[][..], |k| k.log()) {
                if let (true, Action::Bury(cards)) = (*s == seat, action) {
                    add_cards(slot, cards);
                }
            }
        }
        _ => unreachable!("{field:?} is a common field"),
    }
}

/// TRO-112: the burials `seat` took up when it stole, in order, from the burial
/// phase's log (each steal takes up the burial just before it).
fn stolen_by(burial: Option<&Burial>, seat: usize) -> impl Iterator<Item = &[Card]> {
    let log = burial.map_or(&[][..], |k| k.log());
    let mut last: Option<&[Card]> = None;
    log.iter().filter_map(move |(s, action)| match action {
        Action::Bury(cards) => {
            last = Some(cards);
            None
        }
        Action::Declare(_) if *s == seat => last,
        _ => None,
    })
}

/// R5-20, R5-21: the call card one-hot in [`CALLABLE`] order, then 1 when the hand is
/// solo: called solo, or (once the hand is over) every copy of the call card owned. How
/// many copies the declarer owns (solo, 死拚 or first play) is not public before.
fn write_call(now: &Now<'_>, slot: &mut [f32]) {
    let friend = now.facts.friend;
    let called = match friend.and_then(|f| f.called()) {
        Some(Action::Call(c)) => Some(*c),
        Some(_) => None,
        None => now.facts.play.and_then(|p| p.call()).map(|c| c.card),
    };
    one_hot(
        slot,
        called.and_then(|c| CALLABLE.iter().position(|&x| x == c)),
    );
    let solo = match friend.and_then(|f| f.called()) {
        Some(Action::CallSolo) => true,
        Some(_) => now.phase == 6 && friend.is_some_and(|f| f.solo()),
        None => false,
    };
    slot[CALLABLE.len()] = solo as u8 as f32;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout_len(v: Variant, n: usize) -> usize {
        TrickField::of(v).iter().map(|f| f.size(n)).sum()
    }

    fn field<'a>(v: Variant, n: usize, out: &'a [f32], name: &str) -> &'a [f32] {
        let mut at = 0;
        for f in TrickField::of(v) {
            let size = f.size(n);
            if f.name() == name {
                return &out[at..at + size];
            }
            at += size;
        }
        panic!("no field {name}")
    }

    #[test]
    fn a_red_five_4p_bidding_shows_bids_and_passes() {
        let v = Variant::RedFive4p;
        let mut deal = RedFive4pBidding::new(3, None, None, 2, false).unwrap();
        let first = deal.first_bidder();
        deal.act(&Action::Bid(70)).unwrap();
        deal.act(&Action::Pass).unwrap();
        let facts = TrickFacts {
            deal: Some(Deal::RedFive4p(&deal)),
            ..Default::default()
        };
        let mut out = vec![f32::NAN; layout_len(v, 4)];
        encode_trick(v, facts, first, &mut out).unwrap();
        assert_eq!(field(v, 4, &out, "phase"), [0., 1., 0., 0., 0., 0., 0.]);
        assert_eq!(field(v, 4, &out, "bids"), [0.7, 0., 0., 0.]);
        assert_eq!(field(v, 4, &out, "passed"), [0., 1., 0., 0.]);
        assert_eq!(field(v, 4, &out, "high_bid"), [0.7]);
        assert_eq!(field(v, 4, &out, "high_bidder"), [1., 0., 0., 0.]);
        assert_eq!(field(v, 4, &out, "to_act"), [0., 0., 1., 0.]);
        assert_eq!(field(v, 4, &out, "hand").iter().sum::<f32>(), 25.0);
        assert!(field(v, 4, &out, "trump").iter().all(|&x| x == 0.0));
    }

    #[test]
    fn tro_92_the_no_trump_level_has_no_level_bit() {
        use crate::phases::TractorDeal;
        use crate::trick::FollowFormat;
        let v = Variant::Tractor;
        let levels = (Rank::NO_TRUMP_LEVEL, Rank::ACE);
        for (dealer, level) in [(0, None), (1, Some(Rank::ACE))] {
            let deal =
                TractorDeal::new(4, None, None, levels, Some(dealer), FollowFormat::Pairs).unwrap();
            let facts = TrickFacts {
                deal: Some(Deal::Tractor(&deal)),
                ..Default::default()
            };
            let mut out = vec![f32::NAN; layout_len(v, 4)];
            encode_trick(v, facts, 0, &mut out).unwrap();
            let mut want = [0.0; 13];
            if let Some(l) = level {
                want[l.0 as usize] = 1.0;
            }
            assert_eq!(field(v, 4, &out, "level"), want);
            // Seat 0's team at NT: no bit; the other team at A.
            let mut teams = [0.0; 26];
            teams[13 + Rank::ACE.0 as usize] = 1.0;
            assert_eq!(field(v, 4, &out, "team_levels"), teams);
        }
    }

    #[test]
    fn wrong_objects_and_sizes_are_errors() {
        let deal = RedFive4pBidding::new(3, None, None, 2, false).unwrap();
        let facts = TrickFacts {
            deal: Some(Deal::RedFive4p(&deal)),
            ..Default::default()
        };
        let mut out = vec![0.0; 10];
        let err = encode_trick(Variant::RedFive4p, facts, 0, &mut out).unwrap_err();
        assert!(err.contains("holds"), "{err}");
        let mut out = vec![0.0; layout_len(Variant::Tractor, 4)];
        let err = encode_trick(Variant::Tractor, facts, 0, &mut out).unwrap_err();
        assert_eq!(err, "the deal is a red_five_4p deal, not tractor");
        let err = encode_trick(Variant::Tractor, TrickFacts::default(), 0, &mut out).unwrap_err();
        assert!(err.contains("at least one"), "{err}");
    }
}
