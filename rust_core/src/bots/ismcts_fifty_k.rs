//! The `ismcts` bot in the play of a Fifty-K hand.
//!
//! As in the trick-taking games, the search sees the game only through a sampler of
//! worlds the seat cannot tell from the real one (its hand, the cards played and every
//! hand's size). The candidates are a pass, the greedy choice, and for each kind and
//! length of combination its lowest and highest play; a finished playout is scored
//! as FK-41/FK-42 (4 players, by teams) or FK-51/FK-52 (3 players, first place).

use crate::fifty_k::{FkAction, FkPlay};
use crate::rng::Rng;

use super::fifty_k::playout_bots;
use super::ismcts::{search_among, utility};
use super::{BotKind, FkBot};

/// FK-41, FK-51: each seat's card points at the end of the hand.
fn card_points(end: &FkPlay) -> Vec<i64> {
    let order = end.finished();
    let left = end.hand_points();
    (0..end.num_players())
        .map(|s| {
            let mut p = end.collected()[s] as i64;
            if order.first() == Some(&s) {
                p += 20;
            }
            if !order.contains(&s) {
                p -= 20 + left[s] as i64;
            }
            p
        })
        .collect()
}

/// The outcome in [0, 1] of the finished hand `end` for `seat`: its team's win by
/// FK-42 (4 players) or its first place by FK-52 (3 players), with the point margin.
pub fn outcome(end: &FkPlay, seat: usize) -> f64 {
    let points = card_points(end);
    let order = end.finished();
    let exit = |s: usize| order.iter().position(|&o| o == s).unwrap_or(order.len());
    if end.num_players() == 4 {
        let team = |t: usize| points[t] + points[t + 2];
        let (mine, theirs) = (team(seat % 2), team(1 - seat % 2));
        let won = mine > theirs || (mine == theirs && order[0] % 2 == seat % 2);
        return utility(won, (mine - theirs) as f64 / 100.0);
    }
    let beats =
        |a: usize, b: usize| points[a] > points[b] || (points[a] == points[b] && exit(a) < exit(b));
    let others = (0..3).filter(|&s| s != seat);
    let won = others.clone().all(|o| beats(seat, o));
    let best_other = others.map(|o| points[o]).max().expect("two others");
    utility(won, (points[seat] - best_other) as f64 / 100.0)
}

/// The actions worth searching for the seat to act, the greedy choice first.
fn candidates(state: &mut FkPlay, limit: usize, rng: &mut Rng) -> Vec<FkAction> {
    let greedy = FkBot::new(BotKind::Greedy, rng.next_u64())
        .choose(state, None)
        .expect("a seat to act has a move");
    let mut out = vec![greedy];
    if state.can_pass() && greedy != FkAction::Pass {
        out.push(FkAction::Pass);
    }
    let moves = state.moves().to_vec();
    let mut groups: Vec<(bool, u8, FkAction, FkAction)> = Vec::new();
    let mut keys: Vec<(crate::fifty_k::Kind, u32)> = Vec::new();
    for c in &moves {
        let key = (c.kind, c.len());
        let low = (c.strength(), c.cards.0);
        match keys.iter().position(|k| *k == key) {
            None => {
                keys.push(key);
                groups.push((
                    c.kind.is_special(),
                    c.strength(),
                    FkAction::Play(*c),
                    FkAction::Play(*c),
                ));
            }
            Some(i) => {
                let g = &mut groups[i];
                if let (FkAction::Play(l), FkAction::Play(h)) = (g.2, g.3) {
                    if low < (l.strength(), l.cards.0) {
                        g.1 = c.strength();
                        g.2 = FkAction::Play(*c);
                    }
                    if c.strength() > h.strength() {
                        g.3 = FkAction::Play(*c);
                    }
                }
            }
        }
    }
    groups.sort_by_key(|g| (g.0, g.1));
    let lows = groups.iter().map(|g| g.2);
    let highs = groups.iter().map(|g| g.3);
    for action in lows.chain(highs) {
        if out.len() >= limit {
            break;
        }
        if !out.contains(&action) {
            out.push(action);
        }
    }
    out
}

/// The ismcts action for the seat to act, seeing the game only through `sample`:
/// `sample(seed)` is a world the seat cannot tell from the real one.
pub fn search_fifty_k(simulations: u32, seed: u64, sample: &dyn Fn(u64) -> FkPlay) -> FkAction {
    search_among(
        simulations,
        seed,
        sample,
        candidates,
        |mut world, action, playout| {
            let seat = world.to_act().expect("a seat to act");
            world.apply_checked(seat, action);
            let mut bots = playout_bots(world.num_players(), playout);
            FkBot::play_out(&mut world, &mut bots, None);
            outcome(&world, seat)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::fifty_k::{CardSet, FkRules};

    /// The hand of `hands` played out by greedy bots from seat 0.
    fn finished(hands: &[&str]) -> FkPlay {
        let sets = hands
            .iter()
            .map(|h| CardSet::from_cards(&parse_cards(h).unwrap()).unwrap())
            .collect();
        let mut play = FkPlay::new(sets, 0, FkRules::default()).unwrap();
        let mut bots: Vec<FkBot> = (0..hands.len())
            .map(|s| FkBot::new(BotKind::Greedy, s as u64))
            .collect();
        FkBot::play_out(&mut play, &mut bots, None);
        play
    }

    #[test]
    fn fk_41_fk_42_the_team_with_the_higher_total_wins() {
        // Seats 0, 1, 2 go out in turn (0 first: +20); seat 2 takes the table's 5
        // (FK-33); seat 3 is left in (-20): team (0, 2) 25 against -20.
        let end = finished(&["3h", "4h", "5h", "6h Kd"]);
        assert_eq!(end.finished(), &[0, 1, 2]);
        assert_eq!(card_points(&end), vec![20, 0, 5, -30]);
        assert!(outcome(&end, 0) > 0.5 && outcome(&end, 2) > 0.5);
        assert!(outcome(&end, 1) < 0.5 && outcome(&end, 3) < 0.5);
    }

    #[test]
    fn fk_51_fk_52_first_place_wins_with_three_players() {
        // Seat 0 out first (+20), seat 1 second, seat 2 left in with 15 points (-35).
        let end = finished(&["3h", "4h", "Kh 5s"]);
        assert_eq!(card_points(&end), vec![20, 0, -35]);
        assert!(outcome(&end, 0) > 0.5);
        assert!(outcome(&end, 1) < 0.5 && outcome(&end, 2) < 0.5);
    }
}
