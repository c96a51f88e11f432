//! The `ismcts` bot in the play of a trick-taking hand (Red Five 4p/5p, Tractor,
//! Finding Friends).
//!
//! The search sees the game only through a sampler of worlds consistent with what the
//! seat knows: the candidates are the seat's legal plays in a sampled world (its hand
//! and the trick on the table are the real ones), and every playout runs in another
//! sample. A finished playout is scored as the variant scores the hand, for the side
//! the seat plays on (TR-40..TR-42, R4-40..R4-42, R5-40..R5-41, FF-40..FF-41): in Finding
//! Friends the side it ends on in that world, whose deal fixes who holds the called
//! copies (FF-31..FF-33).

use crate::card::{Card, Counts, Rank, Suit};
use crate::rng::{seed_for, Rng};
use crate::trick::{TrickPlay, TRUMP};

use super::ismcts::{candidate_limit, sequential_halving, utility};
use super::trick::{follow_candidates, full_deck, FollowRater, LeadRater, Score};
use super::{BotKind, Sides, TractorHouse, TrickBot};

/// What a trick-taking hand is played for, as every seat knows it once the play starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrickGoal {
    /// Tractor: the dealer's team defends, the attackers need 80 points (TR-40..TR-42),
    /// scored under the house rules `house` (TRO-20, TRO-30).
    Tractor { dealer: usize, house: TractorHouse },
    /// Red Five 4p: the declarer alone against three for the bid (R4-40..R4-42);
    /// `kitty_always` is the option `kitty_points = always`.
    RedFive4p {
        declarer: usize,
        bid: u32,
        kitty_always: bool,
    },
    /// Red Five 5p: the declarer and the friend against the scoring side (R5-40, R5-41).
    RedFive5p { declarer: usize },
    /// Finding Friends: the declarer's side at the end of the play against the defenders
    /// (FF-33, FF-40, FF-41); the play's friend watch names the declarer and its calls.
    FindingFriends,
}

const RED_FIVE: Card = Card::new(Rank::FIVE, Suit::HEARTS);

impl TrickGoal {
    /// Who plays with whom, for the greedy bots of the playouts.
    pub fn sides(self) -> Sides {
        match self {
            TrickGoal::Tractor { .. } => Sides::Partners,
            TrickGoal::RedFive4p { declarer, .. } => Sides::Alone(declarer),
            TrickGoal::RedFive5p { declarer } => Sides::Friend(declarer),
            TrickGoal::FindingFriends => Sides::Friends,
        }
    }

    /// The outcome in [0, 1] of the finished play `end` for `seat`'s side; the buried
    /// kitty is every card of the decks neither in a hand nor played.
    pub fn outcome(self, end: &TrickPlay, seat: usize) -> f64 {
        self.outcome_with(end, &kitty_of(end), seat)
    }

    /// [`Self::outcome`] with the buried `kitty` given.
    pub fn outcome_with(self, end: &TrickPlay, kitty: &Counts, seat: usize) -> f64 {
        let last = end.tricks().last().expect("a finished hand has tricks");
        let points = end.points();
        match self {
            TrickGoal::Tractor { dealer, house } => {
                let attacker = |s: usize| s % 2 != dealer % 2;
                let p = tractor_points(end, kitty, attacker, house);
                let sign = if attacker(seat) { 1.0 } else { -1.0 };
                utility(attacker(seat) == (p >= 80), sign * (p - 80) as f64 / 120.0)
            }
            TrickGoal::RedFive4p {
                declarer,
                bid,
                kitty_always,
            } => {
                let (f, won) = red_five_4p_result(end, kitty, declarer, bid, kitty_always);
                let sign = if seat == declarer { 1.0 } else { -1.0 };
                utility((seat == declarer) == won, sign * f as f64 / 100.0)
            }
            TrickGoal::RedFive5p { declarer } => {
                // R5-40, R5-41: the declarer side wins when the scoring side has under 120.
                let friend = end.friend().0;
                let side = |s: usize| s == declarer || Some(s) == friend;
                let mut p: i64 = (0..end.num_players())
                    .filter(|&s| !side(s))
                    .map(|s| points[s] as i64)
                    .sum();
                if !side(last.winner) {
                    p += 2 * kitty.points() as i64;
                }
                let sign = if side(seat) { 1.0 } else { -1.0 };
                utility(side(seat) == (p < 120), sign * (120 - p) as f64 / 120.0)
            }
            TrickGoal::FindingFriends => {
                // FF-40, FF-41: the defenders (the sides at the end, FF-33) take over with
                // P >= 2s = 40 x decks; P counts the kitty and failed throws as TR-40, TR-41.
                let watch = end
                    .friends()
                    .expect("Finding Friends' play watches its calls");
                let defender = |s: usize| !watch.on_side(s);
                let p = tractor_points(end, kitty, defender, TractorHouse::default());
                let take_over = 40 * end.rules().opts.decks as i64;
                let sign = if defender(seat) { 1.0 } else { -1.0 };
                let margin = sign * (p - take_over) as f64 / (1.5 * take_over as f64);
                utility(defender(seat) == (p >= take_over), margin)
            }
        }
    }
}

/// TR-40, TR-41 (or their house rules TRO-20, TRO-30): the attackers' points of a
/// finished Tractor play.
fn tractor_points(
    end: &TrickPlay,
    kitty: &Counts,
    attacker: impl Fn(usize) -> bool,
    house: TractorHouse,
) -> i64 {
    let n = end.num_players();
    let last = end.tricks().last().expect("a finished hand has tricks");
    let mut p: i64 = (0..n)
        .filter(|&s| attacker(s))
        .map(|s| end.points()[s] as i64)
        .sum();
    if attacker(last.winner) {
        let lead = Counts::from_cards(&last.plays[0].cards);
        p += kitty.points() as i64 * house.kitty_multiplier.of(&lead);
    }
    let penalty = house.throw_penalty.points();
    for s in 0..n {
        let sign = if attacker(s) { -penalty } else { penalty };
        p += sign * end.failed_throws()[s] as i64;
    }
    p
}

/// R4-40..R4-42: the declarer's final card points F of a finished Red Five 4p play
/// (tricks, the kitty, the captured 5h, less the bid), and whether it won (its game
/// points, with the 5h transfers, are positive).
pub(super) fn red_five_4p_result(
    end: &TrickPlay,
    kitty: &Counts,
    declarer: usize,
    bid: u32,
    kitty_always: bool,
) -> (i64, bool) {
    let last = end.tricks().last().expect("a finished hand has tricks");
    let kitty = if kitty_always || last.winner == declarer {
        kitty.points() as i64
    } else {
        0
    };
    let mut fives = 0i64;
    for (owner, winner) in end.copies_won(RED_FIVE) {
        if (owner == declarer) != (winner == declarer) {
            fives += if winner == declarer { 1 } else { -1 };
        }
    }
    let f = end.points()[declarer] as i64 + kitty + 20 * fives - bid as i64;
    let decks = end.rules().opts.decks;
    (f, red_five_4p_share(f, decks) + 2 * fives > 0)
}

/// R4-42: the declarer's game points for final card points `f`, before the transfers.
fn red_five_4p_share(f: i64, decks: u8) -> i64 {
    let bounds: [i64; 5] = if decks == 2 {
        [-70, -30, 0, 30, 70]
    } else {
        [-80, -40, 0, 40, 80]
    };
    let opponent = [6, 4, 2, -2, -4, -6][bounds.iter().filter(|&&b| f > b).count()];
    -3 * opponent
}

/// The buried kitty of a world: every card of the decks neither in a hand nor played.
fn kitty_of(state: &TrickPlay) -> Counts {
    let mut kitty = full_deck(&state.rules().opts);
    kitty.remove_all(&state.played());
    for s in 0..state.num_players() {
        kitty.remove_all(state.hand(s));
    }
    kitty
}

/// Picks up to `limit` of `scored` (best first by score): the first of each group
/// first, then the rest by score; `first` (the greedy choice) always leads the list.
fn pick<G: PartialEq>(
    first: Counts,
    mut scored: Vec<(Score, G, Counts)>,
    limit: usize,
) -> Vec<Counts> {
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = vec![first];
    let mut groups: Vec<&G> = Vec::new();
    for (_, g, play) in &scored {
        if out.len() < limit && !groups.contains(&g) {
            groups.push(g);
            if !out.contains(play) {
                out.push(*play);
            }
        }
    }
    for (_, _, play) in &scored {
        if out.len() >= limit {
            break;
        }
        if !out.contains(play) {
            out.push(*play);
        }
    }
    out
}

/// The plays worth searching for the seat to act in `state`, the greedy choice first:
/// leads by suit and strength, follows by what they do to the trick.
fn candidates(state: &mut TrickPlay, sides: Sides, limit: usize, rng: &mut Rng) -> Vec<Counts> {
    let seat = state.to_act().expect("a seat to act");
    let greedy = TrickBot::new(BotKind::Greedy, rng.next_u64())
        .choose_by_sides(state, sides)
        .expect("a seat to act has a play");
    let count = state.moves().count();
    if state.lead().is_none() {
        let restricted = state.call().is_some_and(|c| c.forbid_grab);
        let rater = LeadRater::new(state, seat);
        let mut scored = Vec::new();
        for play in state.rules().simple_leads(state.hand(seat)) {
            if restricted && state.play_error(seat, &play).is_some() {
                continue;
            }
            if let Some((score, suit)) = rater.score(&play) {
                scored.push((score, suit, play));
            }
        }
        return pick(greedy, scored, limit);
    }
    let plays = follow_candidates(state, count, rng);
    let rater = FollowRater::new(state, sides);
    let scored = plays
        .into_iter()
        .map(|play| {
            let score = rater.score(state, &play);
            let trump = state.rules().single_suit(&play) == Some(TRUMP);
            (score, (score.0, play.points() > 0, trump), play)
        })
        .collect();
    pick(greedy, scored, limit)
}

/// The ismcts play for the seat to act, seeing the game only through `sample`:
/// `sample(seed)` is a world the seat cannot tell from the real one.
pub fn search_play(
    goal: TrickGoal,
    simulations: u32,
    seed: u64,
    sample: &dyn Fn(u64) -> TrickPlay,
) -> Counts {
    let sides = goal.sides();
    let mut rng = Rng::new(seed);
    let mut here = sample(rng.next_u64());
    let seat = here.to_act().expect("a seat to act");
    let options = candidates(&mut here, sides, candidate_limit(simulations), &mut rng);
    let best = sequential_halving(
        options.len(),
        simulations,
        rng.next_u64(),
        sample,
        |mut world: TrickPlay, c, playout| {
            world.apply_checked(seat, options[c]);
            let mut bots: Vec<TrickBot> = (0..world.num_players())
                .map(|s| TrickBot::new(BotKind::Greedy, seed_for(&[playout, s as u64])))
                .collect();
            TrickBot::play_out_by_sides(&mut world, &mut bots, sides);
            goal.outcome(&world, seat)
        },
    );
    options[best]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{KittyMultiplier, ThrowPenalty};
    use crate::card::parse_cards;
    use crate::trick::{FriendCard, FriendWatch, Options, TrickRules, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    /// The play of `hands` (hearts trump, level 2) with the plays given in order.
    fn played(variant: Variant, hands: &[&str], plays: &[(usize, &str)]) -> TrickPlay {
        let rules = TrickRules::new(
            variant,
            Some(Suit::HEARTS),
            Rank::TWO,
            Options::defaults(variant),
        )
        .unwrap();
        let hands = hands.iter().map(|h| counts(h)).collect();
        let mut p = TrickPlay::new(rules, hands, plays[0].0).unwrap();
        for (seat, cards) in plays {
            p.apply(*seat, &counts(cards)).unwrap();
        }
        assert!(p.is_done());
        p
    }

    #[test]
    fn tr_40_tr_42_the_attackers_need_80_with_the_kitty_multiplied_by_the_last_lead() {
        // Seats 1 and 3 attack (dealer 0); seat 1 takes 25 points and the last trick,
        // led with a pair: the kitty's 15 count 4 times (85), with a single twice (55).
        let hands = ["3s 4s 6s", "As Ks Ks", "5s 7s 8s", "9s Js Qs"];
        let pair = [(0, "3s"), (1, "As"), (2, "5s"), (3, "9s")];
        let pair_last = [(1, "Ks Ks"), (2, "7s 8s"), (3, "Js Qs"), (0, "4s 6s")];
        let end = played(
            Variant::Tractor,
            &hands,
            &[&pair[..], &pair_last[..]].concat(),
        );
        let seeds = TractorHouse::default();
        let goal = TrickGoal::Tractor {
            dealer: 0,
            house: seeds,
        };
        let kitty = counts("Kd 5d");
        assert_eq!(tractor_points(&end, &kitty, |s| s % 2 == 1, seeds), 85);
        assert!(goal.outcome_with(&end, &kitty, 1) > 0.5);
        assert!(goal.outcome_with(&end, &kitty, 0) < 0.5);
        let hands = ["3s 4s", "As Ks", "5s 7s", "9s Js"];
        let single = [(0, "3s"), (1, "As"), (2, "5s"), (3, "9s")];
        let single_last = [(1, "Ks"), (2, "7s"), (3, "Js"), (0, "4s")];
        let end = played(
            Variant::Tractor,
            &hands,
            &[&single[..], &single_last[..]].concat(),
        );
        assert_eq!(tractor_points(&end, &kitty, |s| s % 2 == 1, seeds), 15 + 30);
        assert!(goal.outcome_with(&end, &kitty, 1) < 0.5);
    }

    #[test]
    fn tro_32_tro_22_the_search_scores_by_the_house_rules() {
        // A tractor led to the last trick: the kitty's 15 count 8 times, or 16 (TRO-32).
        let hands = [
            "3s 4s 6s 8s 3d",
            "As Qs Qs Ks Ks",
            "5s 7s 9s Ts Js",
            "9s 8s 3s 4s 6s",
        ];
        let first = [(0, "3s"), (1, "As"), (2, "5s"), (3, "9s")];
        let last = [
            (1, "Qs Qs Ks Ks"),
            (2, "7s 9s Ts Js"),
            (3, "8s 3s 4s 6s"),
            (0, "4s 6s 8s 3d"),
        ];
        let end = played(Variant::Tractor, &hands, &[&first[..], &last[..]].concat());
        let kitty = counts("Kd 5d");
        let attacker = |s: usize| s % 2 == 1;
        let power = TractorHouse {
            kitty_multiplier: KittyMultiplier::Power,
            ..TractorHouse::default()
        };
        let seeds = tractor_points(&end, &kitty, attacker, TractorHouse::default());
        let powered = tractor_points(&end, &kitty, attacker, power);
        assert_eq!(powered - seeds, 15 * (16 - 8));
        // Seat 0, a defender, fails a throw: 10 points to the attackers, or none (TRO-22).
        let hands = ["3s 4s 6s", "As Ks Qs", "5s 7s 8s", "9s Js Ts"];
        let plays = [
            [(0, "3s 4s"), (1, "As"), (2, "5s"), (3, "9s")],
            [(1, "Ks"), (2, "7s"), (3, "Js"), (0, "4s")],
            [(1, "Qs"), (2, "8s"), (3, "Ts"), (0, "6s")],
        ];
        let end = played(Variant::Tractor, &hands, &plays.concat());
        assert_eq!(end.failed_throws()[0], 1);
        let free = TractorHouse {
            throw_penalty: ThrowPenalty::None,
            ..TractorHouse::default()
        };
        let seeds = tractor_points(&end, &kitty, attacker, TractorHouse::default());
        assert_eq!(seeds - tractor_points(&end, &kitty, attacker, free), 10);
    }

    #[test]
    fn r4_40_r4_42_the_declarer_wins_when_its_points_beat_the_bid() {
        // The declarer takes 20 points in tricks and the last trick: with the kitty's
        // 45 it has F = 5 > 0 against a bid of 60; without the kitty (an opponent took
        // the last trick), it loses.
        let hands = ["As Ks", "Ts 3s", "4s 7s", "6s 8s"];
        let plays = [(0, "As"), (1, "Ts"), (2, "4s"), (3, "6s")];
        let last = [(0, "Ks"), (1, "3s"), (2, "7s"), (3, "8s")];
        let end = played(
            Variant::RedFive4p,
            &hands,
            &[&plays[..], &last[..]].concat(),
        );
        let kitty = counts("Tc Tc Kc 5c Kd");
        let goal = |kitty_always| TrickGoal::RedFive4p {
            declarer: 0,
            bid: 60,
            kitty_always,
        };
        assert_eq!(red_five_4p_result(&end, &kitty, 0, 60, false), (5, true));
        assert!(goal(false).outcome_with(&end, &kitty, 0) > 0.5);
        assert!(goal(false).outcome_with(&end, &kitty, 2) < 0.5);
        let hands = ["As 3s", "Ts Ks", "4s 7s", "6s 8s"];
        let last = [(0, "3s"), (1, "Ks"), (2, "7s"), (3, "8s")];
        let end = played(
            Variant::RedFive4p,
            &hands,
            &[&plays[..], &last[..]].concat(),
        );
        assert_eq!(red_five_4p_result(&end, &kitty, 0, 60, false), (-50, false));
        // R4-40 `kitty_points = always`: the kitty counts whoever took the last trick.
        assert_eq!(red_five_4p_result(&end, &kitty, 0, 60, true), (-5, false));
        assert!(goal(true).outcome_with(&end, &kitty, 1) > 0.5);
    }

    #[test]
    fn r5_40_r5_41_the_declarer_side_wins_under_120_scoring_points() {
        // A solo declarer (no call): the four others score what they take, and twice the
        // kitty when one of them takes the last trick.
        let hands = ["As 3s", "Ks 4s", "Ts 6s", "5s 7s", "9s 8s"];
        let plays = [(0, "As"), (1, "Ks"), (2, "Ts"), (3, "5s"), (4, "9s")];
        let last = [(0, "3s"), (1, "4s"), (2, "6s"), (3, "7s"), (4, "8s")];
        let end = played(
            Variant::RedFive5p,
            &hands,
            &[&plays[..], &last[..]].concat(),
        );
        let goal = TrickGoal::RedFive5p { declarer: 0 };
        let rich = counts("Kd Kd Kc Kc Th Th");
        // Seat 4 takes the last trick: P = 0 + 2 * 60 = 120, the scoring side wins.
        assert!(goal.outcome_with(&end, &rich, 4) > 0.5);
        assert!(goal.outcome_with(&end, &rich, 0) < 0.5);
        let poor = counts("Kd Kd Kc Kc Th 5d");
        assert!(goal.outcome_with(&end, &poor, 0) > 0.5, "P = 110");
    }

    #[test]
    fn ff_40_ff_41_the_search_scores_by_the_side_each_seat_ends_on() {
        // Four players, two decks (2s = 80), declarer 0 calls the 1st As: seat 1 plays it
        // and joins (FF-31), taking 20 points; seat 3, a defender, takes the last trick,
        // led by a single: the kitty counts twice (FF-40).
        let rules = TrickRules::new(
            Variant::Tractor,
            Some(Suit::HEARTS),
            Rank::TWO,
            Options::defaults(Variant::Tractor),
        )
        .unwrap();
        let hands = ["3s 4s", "As 6s", "Ks 7s", "Ts 8s"];
        let mut p = TrickPlay::new(rules, hands.iter().map(|h| counts(h)).collect(), 0).unwrap();
        let call = FriendCard {
            ordinal: 1,
            card: parse_cards("As").unwrap()[0],
        };
        p.set_friends(FriendWatch::new(4, 0, vec![call])).unwrap();
        let plays = [(0, "3s"), (1, "As"), (2, "Ks"), (3, "Ts")];
        let last = [(1, "6s"), (2, "7s"), (3, "8s"), (0, "4s")];
        for (seat, cards) in plays.iter().chain(&last) {
            p.apply(*seat, &counts(cards)).unwrap();
        }
        assert!(p.is_done());
        let goal = TrickGoal::FindingFriends;
        assert_eq!(goal.sides(), Sides::Friends);
        // P = 0 + 2 x 60 = 120 >= 80: the defenders 2 and 3 take over.
        let rich = counts("Kd Kd Kc Kc 5d 5c Ks 3d");
        assert!(goal.outcome_with(&p, &rich, 2) > 0.5);
        assert!(
            goal.outcome_with(&p, &rich, 1) < 0.5,
            "seat 1 joined the declarer"
        );
        assert!(goal.outcome_with(&p, &rich, 0) < 0.5);
        // P = 2 x 5 = 10 < 80: the declarer's side holds, its friend with it.
        let poor = counts("5d 3d 3c 4c 6c 7c 8c 9c");
        assert!(goal.outcome_with(&p, &poor, 1) > 0.5);
        assert!(goal.outcome_with(&p, &poor, 0) > goal.outcome_with(&p, &poor, 3));
    }
}
