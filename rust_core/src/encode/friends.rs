//! The observation of a Finding Friends hand (FF-1..FF-82) from its phase objects: the
//! deal with its declarations, the burial, the friend calls and the play, for 4 to 8
//! seats. Card fields hold copies over the decks and every count is scaled by the table,
//! so that every value is in [0, 1] but the two counts the layout documents.

use crate::card::{Card, Counts, Rank, NUM_CARDS};
use crate::phases::{Burial, FriendCalls, Phase, TractorDeal};
use crate::trick::{FriendCard, TrickPlay, TrickRules};

use super::{Writer, PHASES};

const K: usize = NUM_CARDS;
/// Card points of one deck (C-3: 100 per deck).
const POINTS_PER_DECK: f32 = 100.0;

/// The core objects of one Finding Friends hand so far; a finished phase's object in its
/// final state.
#[derive(Clone, Copy)]
pub struct FriendsFacts<'a> {
    pub deal: &'a TractorDeal,
    pub kitty: Option<&'a Burial>,
    pub calls: Option<&'a FriendCalls>,
    pub play: Option<&'a TrickPlay>,
    /// The hand is over (it may end outside the objects: a resignation).
    pub over: bool,
}

/// One field of a Finding Friends observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FriendsField {
    Hand,
    Played,
    Trick,
    Kitty,
    KittyTaken,
    Trump,
    Level,
    Levels,
    Points,
    Phase,
    ToAct,
    Dealer,
    Declarer,
    FirstSeat,
    CardsDealt,
    FinalRound,
    Declaration,
    DeclaredBy,
    Declarations,
    HandSizes,
    Throw,
    FailedThrows,
    Friends,
    Calls,
    Side,
}

use FriendsField as F;

impl FriendsField {
    /// Every field, in order.
    pub const ALL: [FriendsField; 25] = [
        F::Hand,
        F::Played,
        F::Trick,
        F::Kitty,
        F::KittyTaken,
        F::Trump,
        F::Level,
        F::Levels,
        F::Points,
        F::Phase,
        F::ToAct,
        F::Dealer,
        F::Declarer,
        F::FirstSeat,
        F::CardsDealt,
        F::FinalRound,
        F::Declaration,
        F::DeclaredBy,
        F::Declarations,
        F::HandSizes,
        F::Throw,
        F::FailedThrows,
        F::Friends,
        F::Calls,
        F::Side,
    ];

    pub fn name(self) -> &'static str {
        match self {
            F::Hand => "hand",
            F::Played => "played",
            F::Trick => "trick",
            F::Kitty => "kitty",
            F::KittyTaken => "kitty_taken",
            F::Trump => "trump",
            F::Level => "level",
            F::Levels => "levels",
            F::Points => "points",
            F::Phase => "phase",
            F::ToAct => "to_act",
            F::Dealer => "dealer",
            F::Declarer => "declarer",
            F::FirstSeat => "first_seat",
            F::CardsDealt => "cards_dealt",
            F::FinalRound => "final_round",
            F::Declaration => "declaration",
            F::DeclaredBy => "declared_by",
            F::Declarations => "declarations",
            F::HandSizes => "hand_sizes",
            F::Throw => "throw",
            F::FailedThrows => "failed_throws",
            F::Friends => "friends",
            F::Calls => "calls",
            F::Side => "side",
        }
    }

    /// The field's size with `n` seats (FF-20: at most `n` − 2 calls).
    pub fn size(self, n: usize) -> usize {
        match self {
            F::Hand | F::Played | F::Kitty | F::KittyTaken | F::Declaration | F::Throw => K,
            F::Trick => n * K,
            F::Trump => 5,
            F::Level => 13,
            F::Levels => n * 13,
            F::Phase => PHASES.len(),
            F::CardsDealt | F::FinalRound | F::Friends => 1,
            F::Calls => (n - 2) * call_size(n),
            F::Side => n * 3,
            F::Points
            | F::ToAct
            | F::Dealer
            | F::Declarer
            | F::FirstSeat
            | F::DeclaredBy
            | F::Declarations
            | F::HandSizes
            | F::FailedThrows => n,
        }
    }
}

/// One call's slot: its card (one-hot), its ordinal, the copies played, filled, and by
/// whom (one-hot relative seat).
fn call_size(n: usize) -> usize {
    K + 3 + n
}

/// The number of `f32`s of the layout with `n` seats.
pub fn friends_len(n: usize) -> usize {
    FriendsField::ALL.iter().map(|f| f.size(n)).sum()
}

/// Where the hands are now: in the play, or in the phase object before it.
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

/// What the encoder reads off the phase objects once, before the fields.
struct Now<'a> {
    facts: FriendsFacts<'a>,
    n: usize,
    decks: f32,
    phase: usize,
    to_act: Option<usize>,
    hands: Hands<'a>,
    rules: Option<&'a TrickRules>,
    declarer: Option<usize>,
    /// The calls made so far, in order (FF-22).
    calls: &'a [FriendCard],
}

impl<'a> Now<'a> {
    fn new(facts: FriendsFacts<'a>) -> Result<Now<'a>, String> {
        let deal = facts.deal;
        if !deal.is_finding_friends() {
            return Err("the deal is a tractor deal, not finding_friends".into());
        }
        let n = deal.hands().len();
        let seats = [
            facts.play.map(|p| p.num_players()),
            facts.calls.map(|c| c.num_players()),
            facts.kitty.map(|k| k.num_players()),
        ];
        if let Some(m) = seats.into_iter().flatten().find(|&m| m != n) {
            return Err(format!("finding_friends has {n} seats, not {m}"));
        }
        let (phase, to_act, hands) = match (facts.play, facts.calls, facts.kitty) {
            (Some(p), _, _) => (if p.is_done() { 6 } else { 5 }, p.to_act(), Hands::Play(p)),
            (None, Some(c), _) => (4, c.to_act(), Hands::Dealt(c.hands())),
            (None, None, Some(k)) => (3, k.to_act(), Hands::Dealt(k.hands())),
            (None, None, None) => (
                if deal.outcome().is_some() { 3 } else { 0 },
                deal.to_act(),
                Hands::Dealt(deal.hands()),
            ),
        };
        let (phase, to_act) = if facts.over {
            (6, None)
        } else {
            (phase, to_act)
        };
        let rules = facts
            .play
            .map(|p| &**p.rules())
            .or(facts.calls.map(|c| &**c.rules()))
            .or(facts.kitty.map(|k| &**k.rules()))
            .or(deal.outcome().map(|(_, r)| &**r));
        let declarer = facts
            .calls
            .map(|c| c.declarer())
            .or(facts.kitty.map(|k| k.declarer()))
            .or(deal.outcome().map(|(s, _)| s));
        let calls = match (facts.play.and_then(|p| p.friends()), facts.calls) {
            (Some(w), _) => w.calls(),
            (None, Some(c)) => c.calls(),
            (None, None) => &[],
        };
        Ok(Now {
            facts,
            n,
            decks: (deal.deck().len() / K) as f32,
            phase,
            to_act,
            hands,
            rules,
            declarer,
            calls,
        })
    }
}

/// Writes the observation of `seat` into `out` (exactly the layout's length).
pub fn encode_friends(facts: FriendsFacts<'_>, seat: usize, out: &mut [f32]) -> Result<(), String> {
    let now = Now::new(facts)?;
    let n = now.n;
    if seat >= n {
        return Err(format!("there is no seat {seat}: seats are 0..{}", n - 1));
    }
    let need = friends_len(n);
    if out.len() != need {
        return Err(format!(
            "a finding_friends observation of {n} players holds {need} values, not {}",
            out.len()
        ));
    }
    let mut w = Writer::new(out);
    let rel = |s: usize| (s + n - seat) % n;
    for field in FriendsField::ALL {
        let slot = w.next(field.size(n));
        write_field(field, &now, seat, &rel, slot);
    }
    Ok(())
}

/// Adds copies of `cards` to `row`, each over the decks.
fn add_scaled(row: &mut [f32], counts: &Counts, decks: f32) {
    for (slot, &c) in row.iter_mut().zip(counts.0.iter()) {
        *slot += c as f32 / decks;
    }
}

fn add_cards(row: &mut [f32], cards: &[Card], decks: f32) {
    for &c in cards {
        row[c.index()] += 1.0 / decks;
    }
}

fn one_hot(slot: &mut [f32], index: Option<usize>) {
    if let Some(i) = index {
        slot[i] = 1.0;
    }
}

/// A level rank's one-hot index (FF-4: 2..A; no bit for TRO-92's no-trump level).
fn level_bit(level: Rank) -> Option<usize> {
    (level != Rank::NO_TRUMP_LEVEL).then_some(level.0 as usize)
}

fn write_field(
    field: FriendsField,
    now: &Now<'_>,
    seat: usize,
    rel: &dyn Fn(usize) -> usize,
    slot: &mut [f32],
) {
    let facts = &now.facts;
    let (deal, play, d, n) = (facts.deal, facts.play, now.decks, now.n);
    let dealt_each = (deal.deck().len() - deal.kitty().len()) / n;
    match field {
        F::Hand => add_scaled(slot, now.hands.of(seat), d),
        F::Played => {
            if let Some(p) = play {
                add_scaled(slot, p.finished_cards(), d);
            }
        }
        F::Trick => {
            for (s, counts) in play.iter().flat_map(|p| p.trick_counts()) {
                let r = rel(s);
                add_scaled(&mut slot[r * K..(r + 1) * K], counts, d);
            }
        }
        F::Kitty => {
            // C-4: the buried cards, for the declarer until the hand ends.
            if now.declarer == Some(seat) || now.phase == 6 {
                match (facts.kitty.and_then(|k| k.buried()), facts.calls) {
                    (Some(cards), _) => add_cards(slot, cards, d),
                    (None, Some(c)) => add_scaled(slot, c.buried(), d),
                    _ => {}
                }
            }
        }
        F::KittyTaken => {
            if now.declarer == Some(seat) && deal.outcome().is_some() {
                add_cards(slot, deal.kitty(), d);
            }
        }
        F::Trump => one_hot(slot, now.rules.map(|r| r.trump.map_or(4, |s| s.0 as usize))),
        F::Level => one_hot(
            slot,
            level_bit(now.rules.map_or(deal.level(), |r| r.level_rank)),
        ),
        F::Levels => {
            // FF-4: every seat's own level, public.
            for (s, &level) in deal.seat_levels().iter().enumerate() {
                let r = rel(s);
                one_hot(&mut slot[r * 13..(r + 1) * 13], level_bit(level));
            }
        }
        F::Points => {
            for (s, &p) in play.iter().flat_map(|p| p.points().iter().enumerate()) {
                slot[rel(s)] = p as f32 / (POINTS_PER_DECK * d);
            }
        }
        F::Phase => slot[now.phase] = 1.0,
        F::ToAct => one_hot(slot, now.to_act.map(rel)),
        F::Dealer => one_hot(slot, deal.dealer().map(rel)),
        F::Declarer => one_hot(slot, now.declarer.map(rel)),
        F::FirstSeat => slot[rel(deal.first_seat())] = 1.0,
        F::CardsDealt => {
            slot[0] = deal.cards_dealt() as f32 / (deal.deck().len() - deal.kitty().len()) as f32
        }
        F::FinalRound => slot[0] = deal.final_round() as u8 as f32,
        F::Declaration => {
            if let Some((_, cards)) = deal.standing() {
                add_cards(slot, cards, d);
            }
        }
        F::DeclaredBy => one_hot(slot, deal.standing().map(|(s, _)| rel(*s))),
        F::Declarations => {
            for (s, _) in deal.declarations() {
                slot[rel(*s)] += 1.0;
            }
        }
        F::HandSizes => {
            let most = (dealt_each + deal.kitty().len()) as f32;
            for s in 0..n {
                slot[rel(s)] = now.hands.of(s).len() as f32 / most;
            }
        }
        F::Throw => {
            if let Some(cards) = play.and_then(|p| p.attempted()) {
                add_cards(slot, cards, d);
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
        F::Friends => {
            if let Some(c) = facts.calls {
                slot[0] = c.friends() as f32 / (n - 2) as f32;
            }
        }
        F::Calls => write_calls(now, rel, slot),
        F::Side => write_side(now, seat, rel, slot),
    }
}

/// FF-20, FF-22, FF-31: each call made, in the order made: its card, ordinal / decks,
/// the copies of its card played so far / decks, 1 once filled, and the relative seat
/// that filled it.
fn write_calls(now: &Now<'_>, rel: &dyn Fn(usize) -> usize, slot: &mut [f32]) {
    let size = call_size(now.n);
    let watch = now.facts.play.and_then(|p| p.friends());
    for (i, call) in now.calls.iter().enumerate() {
        let row = &mut slot[i * size..(i + 1) * size];
        row[call.card.index()] = 1.0;
        row[K] = call.ordinal as f32 / now.decks;
        if let Some(w) = watch {
            row[K + 1] = w.played(call.card) as f32 / now.decks;
            if let Some(by) = w.filled()[i] {
                row[K + 2] = 1.0;
                row[K + 3 + rel(by)] = 1.0;
            }
        }
    }
}

/// FF-31..FF-33: per relative seat, one-hot declarer's side, defender, or not known to
/// `seat`: the declarer and the friends revealed, every side once no call is left to
/// fill or the hand is over; of itself what its hand shows (the greedy bot's rule).
fn write_side(now: &Now<'_>, seat: usize, rel: &dyn Fn(usize) -> usize, slot: &mut [f32]) {
    let play = now.facts.play;
    let watch = play.and_then(|p| p.friends());
    for s in 0..now.n {
        let known = match (watch, play) {
            (Some(w), _) if now.phase == 6 => Some(w.on_side(s)),
            // FF-31: holding the copy a call reaches next is no side yet (another seat
            // may play a copy first): only the sides that are facts are written.
            (Some(w), Some(p)) => match w.known_side(s, (s == seat).then(|| p.hand(s))) {
                Some(true) if !w.on_side(s) => None,
                known => known,
            },
            _ => (now.declarer == Some(s)).then_some(true),
        };
        let column = match known {
            Some(true) => 0,
            Some(false) => 1,
            None => 2,
        };
        slot[rel(s) * 3 + column] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trick::FollowFormat;

    fn deal(players: usize) -> TractorDeal {
        let levels = vec![Rank::TWO; players];
        TractorDeal::finding_friends(1, None, None, levels, Some(0), 3, FollowFormat::Pairs)
            .unwrap()
    }

    fn facts(deal: &TractorDeal) -> FriendsFacts<'_> {
        FriendsFacts {
            deal,
            kitty: None,
            calls: None,
            play: None,
            over: false,
        }
    }

    /// FF-1: the layout's length by players; the seat and the buffer are checked, and a
    /// Tractor deal is not a Finding Friends one.
    #[test]
    fn ff_1_wrong_seats_sizes_and_deals_are_errors() {
        let d = deal(6);
        let mut out = vec![f32::NAN; friends_len(6)];
        encode_friends(facts(&d), 5, &mut out).unwrap();
        assert!(out.iter().all(|x| (0.0..=1.0).contains(x)));
        assert!(encode_friends(facts(&d), 6, &mut out)
            .unwrap_err()
            .contains("no seat 6"));
        let mut short = vec![0.0; 10];
        let err = encode_friends(facts(&d), 0, &mut short).unwrap_err();
        assert!(err.contains("of 6 players holds"), "{err}");
        let tractor = TractorDeal::new(
            4,
            None,
            None,
            (Rank::TWO, Rank::TWO),
            None,
            FollowFormat::Pairs,
        )
        .unwrap();
        let mut out = vec![0.0; friends_len(4)];
        let err = encode_friends(facts(&tractor), 0, &mut out).unwrap_err();
        assert_eq!(err, "the deal is a tractor deal, not finding_friends");
    }

    /// FF-4: every seat's level, relative to the observer; the hand's level is the fixed
    /// declarer's.
    #[test]
    fn ff_4_every_seats_level_is_public() {
        let levels = vec![Rank(0), Rank(3), Rank(12), Rank(5)];
        let d =
            TractorDeal::finding_friends(2, None, None, levels, Some(1), 2, FollowFormat::Pairs)
                .unwrap();
        let mut out = vec![0.0; friends_len(4)];
        encode_friends(facts(&d), 2, &mut out).unwrap();
        let at = |field: FriendsField| {
            let start: usize = FriendsField::ALL
                .iter()
                .take_while(|&&f| f != field)
                .map(|f| f.size(4))
                .sum();
            start..start + field.size(4)
        };
        let levels = &out[at(F::Levels)];
        let ones: Vec<usize> = (0..levels.len()).filter(|&i| levels[i] == 1.0).collect();
        // Seat 2 (A) first, then 3 (7), 0 (2), 1 (5).
        assert_eq!(ones, [12, 13 + 5, 26, 39 + 3]);
        assert_eq!(out[at(F::Level)][3], 1.0);
        assert_eq!(out[at(F::Dealer)], [0.0, 0.0, 0.0, 1.0]);
    }
}
