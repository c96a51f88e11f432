//! Bots for the play of a trick-taking hand (Red Five 4p/5p, Tractor, Finding Friends).
//!
//! The greedy bot leads "boss" combinations (no unseen cards can beat them), throws
//! only when every part is boss, otherwise leads low plain cards without points; as a
//! follower it feeds points to a winning partner, wins tricks cheaply when it can, and
//! otherwise sheds its cheapest cards, keeping point cards.

use std::sync::Arc;

use crate::card::{Card, Counts, NUM_CARDS};
use crate::rng::Rng;
use crate::trick::{Format, Options, TrickPlay, TrickRules, TRUMP};

use crate::sample::TrickSampler;

use super::ismcts::DEFAULT_SIMULATIONS;
use super::ismcts_trick::search_play;
use super::{BotKind, PlayInfo};

/// Who plays with whom, as far as a seat may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Seats (0, 2) against (1, 3) (Tractor).
    Partners,
    /// The declarer alone against everyone else (Red Five 4p).
    Alone(usize),
    /// The declarer and the friend once public (Red Five 5p).
    Friend(usize),
    /// Finding Friends: the declarer and the friends revealed so far (FF-31, FF-33).
    Friends,
}

/// A bot with its own seeded generator.
#[derive(Clone, Debug)]
pub struct TrickBot {
    pub kind: BotKind,
    rng: Rng,
}

/// How far a candidate play helps, compared lexicographically (higher is better).
pub(super) type Score = (i32, i32, i32, i32);

impl TrickBot {
    pub fn new(kind: BotKind, seed: u64) -> TrickBot {
        TrickBot {
            kind,
            rng: Rng::new(seed),
        }
    }

    /// The play this bot makes for the seat to act, from what it is told (`info`):
    /// `ismcts` searches worlds sampled from what its seat knows of the hand (told only
    /// the sides, it plays greedy), the others need only who plays with whom.
    pub fn choose(&mut self, state: &mut TrickPlay, info: &PlayInfo) -> Option<Counts> {
        let BotKind::Ismcts(budget) = self.kind else {
            return self.choose_by_sides(state, info.sides());
        };
        let simulations = budget.unwrap_or(DEFAULT_SIMULATIONS);
        let seat = state.to_act()?;
        if state.moves().count() == 1 {
            return state.moves().nth(0);
        }
        let real: &TrickPlay = state;
        let Some((goal, known)) = info.search(real, seat) else {
            return self.choose_by_sides(state, info.sides());
        };
        let seed = self.rng.next_u64();
        let sampler = TrickSampler::new(real, seat, &known);
        Some(search_play(goal, simulations, seed, &|s| sampler.sample(s)))
    }

    /// The `random` or `greedy` play for the seat to act (an `ismcts` bot plays greedy here).
    pub(super) fn choose_by_sides(
        &mut self,
        state: &mut TrickPlay,
        sides: Sides,
    ) -> Option<Counts> {
        state.to_act()?;
        let greedy = matches!(self.kind, BotKind::Greedy | BotKind::Ismcts(_));
        if greedy && state.lead().is_none() {
            // The greedy lead rates its own candidates: listing every legal lead to count
            // them (a hand's every combination) would be wasted.
            return Some(greedy_lead(state));
        }
        let count = state.moves().count();
        if count == 0 {
            return None;
        }
        Some(if greedy {
            self.greedy_follow(state, sides, count)
        } else {
            state.moves().nth(self.rng.below(count))?
        })
    }

    /// Plays the hand to its end, `bots[seat]` choosing for each seat, told `info`.
    pub fn play_out(state: &mut TrickPlay, bots: &mut [TrickBot], info: &PlayInfo) {
        while let Some(seat) = state.to_act() {
            let play = bots[seat]
                .choose(state, info)
                .expect("a seat to act has a play");
            debug_assert!(state.play_error(seat, &play).is_none());
            state.apply_checked(seat, play);
        }
    }

    /// Plays the hand to its end with `random` or `greedy` bots told only `sides`.
    pub(super) fn play_out_by_sides(state: &mut TrickPlay, bots: &mut [TrickBot], sides: Sides) {
        while let Some(seat) = state.to_act() {
            let play = bots[seat]
                .choose_by_sides(state, sides)
                .expect("a seat to act has a play");
            state.apply_checked(seat, play);
        }
    }

    fn greedy_follow(&mut self, state: &mut TrickPlay, sides: Sides, count: u64) -> Counts {
        if count == 1 {
            // The only legal follow: what rating the one candidate would choose.
            return state.moves().nth(0).expect("one legal follow");
        }
        let candidates = follow_candidates(state, count, &mut self.rng);
        let rater = FollowRater::new(state, sides);
        let mut best: Option<(Score, Counts)> = None;
        for c in candidates {
            let score = rater.score(state, &c);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, c));
            }
        }
        best.expect("at least one candidate").1
    }
}

/// The follows the greedy bot weighs among the `count` legal ones: all of them when
/// there are at most 400, else 200 drawn at random and every bomb it may play (TRO-162),
/// so that a bomb can take a valuable trick.
pub(super) fn follow_candidates(state: &mut TrickPlay, count: u64, rng: &mut Rng) -> Vec<Counts> {
    if count <= 400 {
        return state.moves().list(400);
    }
    let mut out: Vec<Counts> = (0..200)
        .filter_map(|_| state.moves().nth(rng.below(count)))
        .collect();
    if let (Some(seat), Some(lead)) = (state.to_act(), state.lead()) {
        for bomb in state.rules().bombs_playable(state.hand(seat), lead) {
            if !out.contains(&bomb) {
                out.push(bomb);
            }
        }
    }
    out
}

/// Whether `a` and `b` play on one side, as `a` may know it.
pub(super) fn same_side(sides: Sides, state: &TrickPlay, a: usize, b: usize) -> bool {
    if a == b {
        return true;
    }
    match sides {
        Sides::Partners => a % 2 == b % 2,
        Sides::Alone(d) => a != d && b != d,
        Sides::Friend(d) => {
            let (friend, public, _) = state.friend();
            if public {
                // R5-21: once the friend is public every seat knows both sides.
                let declarer_side = |s: usize| s == d || friend == Some(s);
                return declarer_side(a) == declarer_side(b);
            }
            // Before that a 死拚 friend (R5-21) knows itself only where R5-22's forbid
            // shows it: a call card that is not trump. Elsewhere its one copy could as
            // well be one of three still to be played first.
            let shown = state
                .call()
                .is_some_and(|c| c.forbid_grab && !state.rules().is_trump(c.card));
            let known = |s: usize| s == d || (shown && s == a && friend == Some(s));
            known(a) && known(b)
        }
        Sides::Friends => match (friends_side(state, a, a), friends_side(state, a, b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

/// FF-31..FF-33: whether `seat` is on the declarer's side as `knower` may know it now
/// (None: it cannot tell yet), from the public play and `knower`'s own hand only
/// ([`crate::trick::FriendWatch::known_side`]).
pub(super) fn friends_side(state: &TrickPlay, knower: usize, seat: usize) -> Option<bool> {
    let own = (seat == knower).then(|| state.hand(seat));
    state.friends()?.known_side(seat, own)
}

/// What each card kind costs to give up: trumps and high cards cost more, points cost
/// a lot.
pub(super) fn costs(rules: &TrickRules) -> [i32; NUM_CARDS] {
    std::array::from_fn(|i| {
        let c = Card(i as u8);
        let trump = if rules.suit_of(c) == TRUMP { 20 } else { 0 };
        rules.level_of(c) as i32 + trump + 2 * c.points() as i32
    })
}

/// What the greedy follower weighs: the trick so far, as its seat sees it.
pub(super) struct FollowRater {
    /// What each card kind costs (`costs`), found once for every candidate.
    costs: [i32; NUM_CARDS],
    lead: Format,
    /// The suit and key of the play winning so far, and its cards.
    best: (u8, u8),
    best_play: Counts,
    partner_winning: bool,
    last: bool,
    table_points: u32,
}

impl FollowRater {
    pub(super) fn new(state: &TrickPlay, sides: Sides) -> FollowRater {
        let seat = state.to_act().expect("a seat to act");
        let lead = state.lead().expect("following").clone();
        let on_table: Vec<Counts> = state.trick_counts().map(|(_, c)| *c).collect();
        let (winner, suit, key) = state.rules().leading(&lead, &on_table);
        let best_play = on_table[winner];
        let winner = state.trick().nth(winner).expect("a play on the table").seat;
        FollowRater {
            costs: costs(state.rules()),
            lead,
            best: (suit, key),
            best_play,
            partner_winning: same_side(sides, state, seat, winner),
            last: on_table.len() + 1 == state.num_players(),
            table_points: on_table.iter().map(|c| c.points()).sum(),
        }
    }

    /// How the greedy follower rates `play` (higher is better): feed points to a
    /// winning partner, win rich or last tricks cheaply, else shed cheap cards.
    pub(super) fn score(&self, state: &TrickPlay, play: &Counts) -> Score {
        let points = play.points() as i32;
        let cost: i32 = (play.0.iter().zip(&self.costs))
            .map(|(&n, &c)| i32::from(n) * c)
            .sum();
        if self.partner_winning {
            // Feed points to the partner, keep strong cards.
            return (2, points, -cost, 0);
        }
        let wins = state
            .rules()
            .taking(&self.lead, self.best, &self.best_play, play)
            .is_some();
        if wins && (self.table_points > 0 || self.last || points > 0) {
            return (3, -cost, points, 0);
        }
        if wins {
            return (1, -cost, 0, 0);
        }
        (1, -points * 10 - cost, 0, -1)
    }
}

/// What the greedy lead knows of the cards: the rules and every card the seat has not
/// seen (not in its hand, not played).
pub(super) struct LeadRater {
    rules: Arc<TrickRules>,
    /// The unseen cards of each effective suit (indexed by suit, `TRUMP` last), split
    /// once rather than for every candidate lead.
    unseen: [Counts; TRUMP as usize + 1],
}

impl LeadRater {
    pub(super) fn new(state: &TrickPlay, seat: usize) -> LeadRater {
        let rules = state.rules().clone();
        let mut all = full_deck(&rules.opts);
        all.remove_all(state.hand(seat));
        all.remove_all(&state.played());
        let unseen = std::array::from_fn(|suit| rules.in_suit(&all, suit as u8));
        LeadRater { rules, unseen }
    }

    /// The unseen cards of effective suit `suit`.
    fn unseen_in(&self, suit: u8) -> &Counts {
        &self.unseen[suit as usize]
    }

    /// Whether no unseen cards can beat any component of `format`.
    fn boss(&self, format: &Format) -> bool {
        let others = self.unseen_in(format.suit);
        format.components.iter().all(|comp| {
            self.rules
                .best_held(others, format.suit, comp.shape)
                .is_none_or(|k| k <= comp.top)
        })
    }

    /// How the greedy lead rates a simple lead (higher is better: boss combinations,
    /// plain, long and rich first; else plain low ones without points), with its suit.
    pub(super) fn score(&self, play: &Counts) -> Option<(Score, u8)> {
        // What `classify` gives, without the card list: one suit, then its format.
        let suit = self.rules.suit_of(play.first()?);
        if self.rules.in_suit(play, suit) != *play {
            return None;
        }
        let format = self.rules.one_suit_format(play, suit).ok()?;
        let plain = (format.suit != TRUMP) as i32;
        let size = play.len() as i32;
        let points = play.points() as i32;
        let score = if self.boss(&format) {
            (2, plain, size, points)
        } else {
            let top = format.components[0].top as i32;
            (1, plain, -points, -top - 5 * size)
        };
        Some((score, format.suit))
    }

    /// Each suit's throw of its boss components, where it has two or more.
    fn throws(&self, hand: &Counts) -> Vec<(Score, Counts)> {
        let rules = &self.rules;
        let mut out = Vec::new();
        for suit in [TRUMP, 0, 1, 2, 3] {
            let held = rules.in_suit(hand, suit);
            let components = rules.decompose(&held, suit);
            let others = self.unseen_in(suit);
            let mut throw = Counts::default();
            let mut parts = 0;
            for comp in &components {
                let safe = rules
                    .best_held(others, suit, comp.shape)
                    .is_none_or(|k| k <= comp.top);
                if safe {
                    parts += 1;
                    throw.add_all(&Counts::from_cards(&comp.cards));
                }
            }
            if parts >= 2 {
                let plain = (suit != TRUMP) as i32;
                out.push(((2, plain, throw.len() as i32, throw.points() as i32), throw));
            }
        }
        out
    }
}

/// The greedy lead: a boss combination or throw, else a low plain card without points;
/// under R5-22 `friend_grab = forbid` only among the leads the call allows.
fn greedy_lead(state: &mut TrickPlay) -> Counts {
    let seat = state.to_act().expect("a seat to lead");
    let restricted = state.call().is_some_and(|c| c.forbid_grab);
    let allowed =
        |state: &TrickPlay, play: &Counts| !restricted || state.play_error(seat, play).is_none();
    let rater = LeadRater::new(state, seat);
    let hand = *state.hand(seat);
    let mut candidates: Vec<(Score, Counts)> = rater
        .rules
        .simple_leads(&hand)
        .into_iter()
        .filter_map(|play| rater.score(&play).map(|(score, _)| (score, play)))
        .collect();
    if rater.rules.opts.throws {
        candidates.extend(rater.throws(&hand));
    }
    let mut best: Option<(Score, Counts)> = None;
    for (score, play) in candidates {
        if best.as_ref().is_none_or(|(s, _)| score > *s) && allowed(state, &play) {
            best = Some((score, play));
        }
    }
    match best {
        Some((_, play)) => play,
        None => state
            .moves()
            .nth(0)
            .expect("a seat to lead has a legal lead"),
    }
}

pub(super) fn full_deck(opts: &Options) -> Counts {
    let mut all = Counts([opts.decks; NUM_CARDS]);
    // TRO-130: the decks played without their jokers.
    all.0[NUM_CARDS - 2] -= opts.jokerless;
    all.0[NUM_CARDS - 1] -= opts.jokerless;
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::{Call, CallMode, Options, TrickRules, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn state(hands: [&str; 4]) -> TrickPlay {
        let v = Variant::Tractor;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap()
    }

    #[test]
    fn greedy_feeds_points_to_a_winning_partner() {
        let mut s = state(["As 3c", "4s 5c", "Ks 6c", "7s 8c"]);
        s.apply(0, &counts("As")).unwrap();
        s.apply(1, &counts("4s")).unwrap();
        let mut bot = TrickBot::new(BotKind::Greedy, 1);
        let play = bot.choose_by_sides(&mut s, Sides::Partners).unwrap();
        assert_eq!(play, counts("Ks"));
    }

    #[test]
    fn tro_165_greedy_takes_a_trick_of_points_with_a_bomb() {
        // Four decks, bombs on: seat 1 holds a clubs bomb and a spade; the led tractor of
        // Ks and Ts (40 points) is taken only by the bomb.
        let rules = crate::trick::four_decks_with(crate::trick::Bombs::AnySuit);
        let hands = [
            "Ks Ks Ts Ts 3d",
            "9c 9c 9c 9c 3s",
            "4s 5s 6s 7s 8s",
            "3h 4h 5h 6h 7h",
        ];
        let mut s = TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap();
        s.apply(0, &counts("Ks Ks Ts Ts")).unwrap();
        let mut bot = TrickBot::new(BotKind::Greedy, 1);
        let play = bot.choose_by_sides(&mut s, Sides::Partners).unwrap();
        assert_eq!(play, counts("9c 9c 9c 9c"));
    }

    #[test]
    fn greedy_leads_a_boss_card() {
        let mut s = state(["As Ad 3c 4d", "4s 5c Kd 6d", "Ks 6c 7d 8d", "7s 8c 9d Td"]);
        let mut bot = TrickBot::new(BotKind::Greedy, 1);
        let play = bot.choose_by_sides(&mut s, Sides::Partners).unwrap();
        assert!(play == counts("As") || play == counts("Ad") || play == counts("As Ad"));
    }

    #[test]
    fn bots_play_a_hand_to_the_end() {
        for kind in [BotKind::Random, BotKind::Greedy] {
            let mut s = state(["As Ad 3c 4d", "4s 5c Kd 6d", "Ks 6c 7d 8d", "7s 8c 9d Td"]);
            let mut bots: Vec<TrickBot> = (0..4).map(|i| TrickBot::new(kind, i)).collect();
            TrickBot::play_out_by_sides(&mut s, &mut bots, Sides::Partners);
            assert!(s.is_done());
            assert_eq!(s.points().iter().sum::<u32>(), 35);
        }
    }

    /// Red Five 5p, declarer 0, the call card `card` fixed on seat 2 by 死拚 (R5-21).
    fn dead_call(card: &str, forbid_grab: bool) -> TrickPlay {
        let v = Variant::RedFive5p;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        let hands = ["As As 3c", "4s 5c 6d", "As 6c 7d", "7s 8c 9d", "8s 9c Td"];
        let mut s = TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap();
        let card = parse_cards(card).unwrap()[0];
        let mode = CallMode::Fixed(2);
        s.set_call(Call {
            card,
            declarer: 0,
            mode,
            forbid_grab,
        })
        .unwrap();
        s
    }

    #[test]
    fn r5_21_a_dead_call_friend_knows_itself_only_where_r5_22_forbid_shows_it() {
        // Allowed grabs: seat 2's one copy could be one of three still to be played first,
        // so it cannot count itself on the declarer's side.
        let s = dead_call("As", false);
        assert!(!same_side(Sides::Friend(0), &s, 2, 0));
        // Forbidden grabs and a call card that is not trump: its legal plays show it.
        let s = dead_call("As", true);
        assert!(same_side(Sides::Friend(0), &s, 2, 0));
        // Forbidden grabs but a trump call card (5h): nothing shows it.
        let s = dead_call("5h", true);
        assert!(!same_side(Sides::Friend(0), &s, 2, 0));
        // Nobody else knows it while the copy is unplayed, the declarer included.
        let s = dead_call("As", true);
        assert!(!same_side(Sides::Friend(0), &s, 0, 2));
        assert!(!same_side(Sides::Friend(0), &s, 1, 3));
    }

    #[test]
    fn ff_31_ff_33_a_seat_knows_the_revealed_side_and_its_own_copies() {
        use crate::trick::{FriendCard, FriendWatch};
        let v = Variant::Tractor;
        let opts = Options {
            decks: 2,
            ..Options::defaults(v)
        };
        let rules = TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, opts).unwrap();
        let hands = ["3c 4c", "5c Ks", "Ac Ks", "7c 8c", "9c Tc"];
        let mut s = TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap();
        let ks = parse_cards("Ks").unwrap()[0];
        let calls = vec![FriendCard {
            ordinal: 1,
            card: ks,
        }];
        s.set_friends(FriendWatch::new(5, 0, calls)).unwrap();
        let f = Sides::Friends;
        // Seats 1 and 2 each hold the copy the call reaches next: each may join by it.
        assert_eq!(friends_side(&s, 1, 1), Some(true));
        assert!(same_side(f, &s, 1, 0));
        // Seat 3 holds no copy: a defender for certain, but it cannot tell the others.
        assert_eq!(friends_side(&s, 3, 3), Some(false));
        assert_eq!(friends_side(&s, 3, 1), None);
        assert_eq!(friends_side(&s, 3, 4), None);
        assert!(
            !same_side(f, &s, 3, 4),
            "an unknown seat is not counted a partner"
        );
        // The declarer cannot tell who holds the copy.
        assert_eq!(friends_side(&s, 0, 1), None);
        assert!(!same_side(f, &s, 0, 1));
        // Seat 2 wins the first trick with Ac, then leads the 1st Ks: every seat knows.
        for (seat, hand) in hands.iter().enumerate() {
            s.apply(seat, &counts(&hand[..2])).unwrap();
        }
        for seat in [2, 3, 4, 0, 1] {
            s.apply(seat, &counts(&hands[seat][3..])).unwrap();
        }
        assert_eq!(s.friends().unwrap().side(), [0, 2]);
        for knower in 0..5 {
            assert!(same_side(f, &s, knower, 2) == (knower == 0 || knower == 2));
            assert_eq!(friends_side(&s, knower, 1), Some(false));
        }
    }
}
