//! The `ismcts` bot in the play of a Fifty-K hand of several decks (FKO-20..FKO-35).
//!
//! As with one deck, the search sees the game only through a sampler of worlds the seat
//! cannot tell from the real one. The candidates are the greedy choice, a pass, and for
//! each kind and length of combination its lowest and highest play; a finished playout
//! between greedy bots is scored as FKO-31..FKO-34 score the hand: by teams of alternate
//! seats with an even number of players (FKO-23, FKO-32), else by first place (FKO-34).

use crate::fifty_k::pile::PileKind;
use crate::fifty_k::pile_turns::{PileAction, PilePlay};
use crate::rng::Rng;

use super::fifty_k::playout_bots;
use super::ismcts::{search_among, utility};
use super::{BotKind, FkBot};

/// FKO-31: each seat's card points at the end of the hand: the first out gains 20, each
/// seat still in loses 20 and the points left in its hand.
fn card_points(end: &PilePlay) -> Vec<i64> {
    let order = end.finished();
    let left = end.hand_points();
    (0..end.num_players())
        .map(|s| {
            let mut p = i64::from(end.collected()[s]);
            if order.first() == Some(&s) {
                p += 20;
            }
            if !order.contains(&s) {
                p -= 20 + i64::from(left[s]);
            }
            p
        })
        .collect()
}

/// The outcome in [0, 1] of the finished hand `end` for `seat`: its team's win by
/// FKO-32 (even seats against odd ones, a tie to the team of the first out), else its
/// first place by FKO-34 (a tie to the seat out earlier, one still in below all), with
/// the point margin over the decks' points.
pub fn pile_outcome(end: &PilePlay, seat: usize) -> f64 {
    let n = end.num_players();
    let points = card_points(end);
    let order = end.finished();
    let scale = 100.0 * f64::from(end.hand(0).decks());
    if n.is_multiple_of(2) {
        let team = |t: usize| (t..n).step_by(2).map(|s| points[s]).sum::<i64>();
        let (mine, theirs) = (team(seat % 2), team(1 - seat % 2));
        let won =
            mine > theirs || (mine == theirs && order.first().map(|s| s % 2) == Some(seat % 2));
        return utility(won, (mine - theirs) as f64 / scale);
    }
    let exit = |s: usize| order.iter().position(|&o| o == s).unwrap_or(n);
    let beats =
        |a: usize, b: usize| points[a] > points[b] || (points[a] == points[b] && exit(a) < exit(b));
    let others = (0..n).filter(|&s| s != seat);
    let won = others.clone().all(|o| beats(seat, o));
    let best_other = others
        .map(|o| points[o])
        .max()
        .expect("two others at least");
    utility(won, (points[seat] - best_other) as f64 / scale)
}

/// Per kind and length of combination: whether it is a bomb or a fifty-K, and the
/// lowest and the highest pattern's rank and first legal index.
type Group = ((PileKind, u32), bool, (u8, u64), (u8, u64));

/// The actions worth searching for the seat to act, the greedy choice first, then a
/// pass, then for each kind and length of combination the first play of its lowest
/// pattern, then of its highest (the ordinary kinds before bombs and fifty-Ks).
fn candidates(state: &mut PilePlay, limit: usize, rng: &mut Rng) -> Vec<PileAction> {
    let greedy = FkBot::new(BotKind::Greedy, rng.next_u64())
        .choose_pile(state, None)
        .expect("a seat to act has a move");
    let mut out = vec![greedy];
    if state.can_pass() && greedy != PileAction::Pass {
        out.push(PileAction::Pass);
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut index = u64::from(state.can_pass());
    for &(pattern, count) in state.legal_patterns() {
        let key = (pattern.kind, pattern.len);
        let here = (pattern.rank, index);
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => {
                g.2 = g.2.min(here);
                g.3 = g.3.max(here);
            }
            None => {
                let special = !matches!(pattern.kind, PileKind::Kind(k) if !k.is_special());
                groups.push((key, special, here, here));
            }
        }
        index += count;
    }
    groups.sort_by_key(|g| (g.1, g.2));
    let lows = groups.iter().map(|g| g.2 .1);
    let highs = groups.iter().map(|g| g.3 .1);
    for index in lows.chain(highs) {
        if out.len() >= limit {
            break;
        }
        if let Some(action) = state.nth_legal(index) {
            if !out.contains(&action) {
                out.push(action);
            }
        }
    }
    out
}

/// The ismcts action for the seat to act in a hand of several decks, seeing the game
/// only through `sample`: `sample(seed)` is a world the seat cannot tell from the real
/// one.
pub fn search_piles(simulations: u32, seed: u64, sample: &dyn Fn(u64) -> PilePlay) -> PileAction {
    search_among(
        simulations,
        seed,
        sample,
        candidates,
        |mut world, action, playout| {
            let seat = world.to_act().expect("a seat to act");
            // The seat's hand and the table are the same in every world: each candidate is
            // legal in each.
            world
                .apply(seat, action)
                .expect("a candidate is legal in every world");
            let mut bots = playout_bots(world.num_players(), playout);
            FkBot::play_out_pile(&mut world, &mut bots, None);
            pile_outcome(&world, seat)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifty_k::test_support::dealt_piles;
    use crate::rng::seed_for;
    use crate::sample::sample_piles;

    fn finished(decks: u8, players: usize, seed: u64) -> PilePlay {
        let mut play = dealt_piles(decks, players, seed);
        FkBot::play_out_pile(&mut play, &mut playout_bots(players, seed), None);
        play
    }

    /// FKO-31..FKO-34: partners share an outcome and opponents get the other side of it
    /// (even counts); with 5 or 7 players exactly one seat wins.
    #[test]
    fn fko_32_fko_34_the_outcome_is_the_teams_or_the_first_places() {
        for seed in 0..4u64 {
            for (decks, players) in [(2, 4), (3, 6), (4, 8), (2, 5), (3, 7)] {
                let end = finished(decks, players, seed);
                let won: Vec<bool> = (0..players).map(|s| pile_outcome(&end, s) > 0.5).collect();
                if players.is_multiple_of(2) {
                    assert!((0..players).all(|s| won[s] == won[s % 2]));
                    assert_ne!(won[0], won[1]);
                } else {
                    assert_eq!(won.iter().filter(|&&w| w).count(), 1, "{won:?}");
                }
                // FKO-31: the first out's bonus, a seat still in pays 20 and its points.
                let points = card_points(&end);
                let first = end.finished()[0];
                assert_eq!(points[first], i64::from(end.collected()[first]) + 20);
                for s in (0..players).filter(|s| !end.finished().contains(s)) {
                    let left = i64::from(end.hand_points()[s]);
                    assert_eq!(points[s], i64::from(end.collected()[s]) - 20 - left);
                }
            }
        }
    }

    /// FKO-42..FKO-48: `ismcts` plays a hand of several decks after a tribute to its end
    /// (its worlds keep what each seat knows of the exchange), the same for the same seeds.
    #[test]
    fn fko_42_the_search_plays_a_tribute_hand_of_several_decks() {
        use crate::card::Counts;
        use crate::fifty_k::pile::Pile;
        use crate::fifty_k::tribute::FkTribute;
        use crate::fifty_k::FkRules;
        use crate::phases::{fifty_k_deal_decks, Phase};
        let deal = fifty_k_deal_decks(5, 4, 2, None, None).unwrap();
        let hands = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
        let mut tribute = FkTribute::new(hands, 3, 0, 2).unwrap();
        tribute.apply_legal(0).unwrap();
        tribute.apply_legal(4).unwrap();
        let piles = tribute
            .hands()
            .iter()
            .map(|h| Pile::from_cards(&h.to_cards(), 2).unwrap())
            .collect();
        // FKO-47: the giver leads.
        let dealt = PilePlay::new(piles, 3, FkRules::default()).unwrap();
        let logs: Vec<String> = (0..2)
            .map(|_| {
                let mut play = dealt.clone();
                let mut bots: Vec<FkBot> = (0..4)
                    .map(|s| FkBot::new(BotKind::Ismcts(Some(10)), s))
                    .collect();
                FkBot::play_out_pile(&mut play, &mut bots, Some(&tribute));
                assert!(play.is_done());
                format!("{:?}", play.log())
            })
            .collect();
        assert_eq!(logs[0], logs[1]);
    }

    /// The search's first decisions of hands of several decks: legal, and the same for
    /// the same seed.
    #[test]
    fn fko_30_the_search_plays_hands_of_several_decks() {
        for (game, (decks, players)) in [(2, 4), (2, 5)].into_iter().enumerate() {
            let dealt = dealt_piles(decks, players, game as u64);
            let mut logs = Vec::new();
            for _ in 0..2 {
                let mut play = dealt.clone();
                let mut step = 0u64;
                while let Some(seat) = play.to_act().filter(|_| step < 6) {
                    let real = play.clone();
                    let sample = |s: u64| sample_piles(&real, seat, None, s);
                    let action = search_piles(24, seed_for(&[game as u64, step]), &sample);
                    play.apply(seat, action).expect("a legal action");
                    step += 1;
                }
                logs.push(format!("{:?}", play.log()));
            }
            assert_eq!(logs[0], logs[1]);
        }
    }
}
