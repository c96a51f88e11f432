//! Test code only: stand-in world samplers for the search (the shipped bot uses the
//! core's `sample` module), and whole hands between ismcts and greedy seats to tune
//! the search (`cargo test --release -p fenpai-core stand_in -- --ignored --nocapture`).
//!
//! The samplers redistribute the cards the seat cannot see among the other hands (and
//! the kitty unless the seat buried it), keeping the voids shown by following, and
//! keep a sample only when the record replays on it exactly (throw outcomes included).

use crate::card::{Card, Counts};
use crate::fifty_k::{CardSet, FkAction, FkPlay, LeadAfterOut};
use crate::rng::{seed_for, Rng};
use crate::trick::{Call, CallMode, TrickPlay};

use super::ismcts_fifty_k::search_fifty_k;
use super::ismcts_trick::{search_play, TrickGoal};
use super::trick::full_deck;

/// The cards each seat has played so far (finished tricks and the table).
fn played_by(state: &TrickPlay) -> Vec<Counts> {
    let mut out = vec![Counts::default(); state.num_players()];
    for t in state.tricks() {
        for p in &t.plays {
            out[p.seat].add_all(&Counts::from_cards(&p.cards));
        }
    }
    for (seat, c) in state.trick_counts() {
        out[seat].add_all(c);
    }
    out
}

/// The effective suits each seat has shown void in by not following (C-30).
fn voids(state: &TrickPlay) -> Vec<[bool; 5]> {
    let rules = state.rules();
    let mut out = vec![[false; 5]; state.num_players()];
    let mut note = |plays: &[(usize, Counts)]| {
        let Some((_, lead)) = plays.first() else {
            return;
        };
        let Some(suit) = rules.single_suit(lead) else {
            return;
        };
        for (seat, play) in &plays[1..] {
            if rules.count_in_suit(play, suit) < play.len() {
                out[*seat][suit as usize] = true;
            }
        }
    };
    for t in state.tricks() {
        let plays: Vec<(usize, Counts)> = t
            .plays
            .iter()
            .map(|p| (p.seat, Counts::from_cards(&p.cards)))
            .collect();
        note(&plays);
    }
    let table: Vec<(usize, Counts)> = state.trick_counts().map(|(s, c)| (s, *c)).collect();
    note(&table);
    out
}

/// One try at dealing `pool` to the other seats' hand sizes and the kitty, void-aware.
fn deal_try(
    state: &TrickPlay,
    seat: usize,
    pool: &[Card],
    kitty_size: usize,
    voids: &[[bool; 5]],
    rng: &mut Rng,
) -> Option<Vec<Counts>> {
    let n = state.num_players();
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    let mut room: Vec<usize> = (0..n)
        .map(|s| if s == seat { 0 } else { state.hand(s).len() })
        .collect();
    room.push(kitty_size);
    let mut hands = vec![Counts::default(); n + 1];
    // The most constrained cards first: those few seats may hold.
    let suit = |c: Card| state.rules().suit_of(c) as usize;
    cards.sort_by_key(|&c| (0..n).filter(|&s| s != seat && voids[s][suit(c)]).count());
    cards.reverse();
    for c in cards {
        let open: Vec<usize> = (0..=n)
            .filter(|&s| room[s] > 0 && (s == n || !voids[s][suit(c)]))
            .collect();
        if open.is_empty() {
            return None;
        }
        let s = open[rng.below(open.len() as u64) as usize];
        room[s] -= 1;
        hands[s].add(c, 1);
    }
    Some(hands)
}

/// A world for `seat` of the play `state`: `buried` is the kitty when the seat buried it.
pub fn sample_trick(state: &TrickPlay, seat: usize, buried: Option<&Counts>, seed: u64) -> TrickPlay {
    let n = state.num_players();
    let played = played_by(state);
    let mut pool = full_deck(state.rules().opts.decks);
    pool.remove_all(state.hand(seat));
    for p in &played {
        pool.remove_all(p);
    }
    if let Some(k) = buried {
        pool.remove_all(k);
    }
    let others: usize = (0..n).filter(|&s| s != seat).map(|s| state.hand(s).len()).sum();
    let kitty_size = pool.len() - others;
    let pool = pool.to_cards();
    let voids = voids(state);
    let mut rng = Rng::new(seed);
    for attempt in 0..200 {
        let no_voids = vec![[false; 5]; n];
        let v = if attempt < 150 { &voids } else { &no_voids };
        let Some(mut hands) = deal_try(state, seat, &pool, kitty_size, v, &mut rng) else {
            continue;
        };
        hands.truncate(n);
        hands[seat] = *state.hand(seat);
        if let Some(world) = replay(state, &hands, &played) {
            return world;
        }
    }
    state.clone()
}

/// The play of `state` replayed on the deal whose current hands are `hands`; `None`
/// when the record does not replay exactly.
fn replay(state: &TrickPlay, hands: &[Counts], played: &[Counts]) -> Option<TrickPlay> {
    let start: Vec<Counts> = hands
        .iter()
        .zip(played)
        .map(|(h, p)| {
            let mut c = *h;
            c.add_all(p);
            c
        })
        .collect();
    let first = state.tricks().first().map_or(state.leader(), |t| t.leader);
    let mut world = TrickPlay::new(state.rules().clone(), start.clone(), first).ok()?;
    if let Some(call) = state.call() {
        let mode = match call.mode {
            CallMode::FirstPlay => CallMode::FirstPlay,
            CallMode::Fixed(_) => CallMode::Fixed(
                (0..start.len()).find(|&s| s != call.declarer && start[s].get(call.card) > 0)?,
            ),
        };
        world.set_call(Call { mode, ..*call }).ok()?;
    }
    for (seat, play) in state.log() {
        world.apply(*seat, play).ok()?;
    }
    let same = world.tricks() == state.tricks()
        && world.trick().eq(state.trick())
        && (0..hands.len()).all(|s| world.hand(s) == &hands[s]);
    same.then_some(world)
}

/// A Fifty-K world for `seat`: the other hands redealt, sizes kept, the record replayed.
pub fn sample_fk(state: &FkPlay, seat: usize, lead_after_out: LeadAfterOut, seed: u64) -> FkPlay {
    let n = state.num_players();
    let mut played = vec![CardSet::default(); n];
    for (s, a) in state.log() {
        if let FkAction::Play(c) = a {
            played[*s] = played[*s].union(c.cards);
        }
    }
    let mut pool: Vec<Card> = (0..n)
        .filter(|&s| s != seat)
        .flat_map(|s| state.hand(s).cards())
        .collect();
    Rng::new(seed).shuffle(&mut pool);
    let mut start = Vec::new();
    for s in 0..n {
        let mut hand = if s == seat {
            state.hand(s)
        } else {
            let k = state.hand(s).len() as usize;
            CardSet::from_cards(&pool.drain(..k).collect::<Vec<_>>()).expect("distinct cards")
        };
        hand = hand.union(played[s]);
        start.push(hand);
    }
    let leader = state.log().first().map_or(state.to_act().unwrap_or(0), |a| a.0);
    let mut world = FkPlay::new(start, leader, lead_after_out).expect("a deal");
    for (s, a) in state.log() {
        world.apply(*s, *a).expect("the record replays");
    }
    world
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{BotKind, FkBot, PhaseBot, TrickBot};
    use crate::card::Rank;
    use crate::phases::{fifty_k_deal, RedFive4pBidding, RedFive5pDeal, TractorDeal};
    use crate::trick::FollowFormat;

    /// Plays the play of a trick hand with ismcts at `search` seats (budget `sims`).
    fn play_trick(mut play: TrickPlay, goal: TrickGoal, buried: (usize, Counts), search: &[bool], sims: u32, seed: u64) -> TrickPlay {
        let sides = goal.sides();
        let mut bots: Vec<TrickBot> = (0..play.num_players())
            .map(|s| TrickBot::new(BotKind::Greedy, seed_for(&[seed, s as u64])))
            .collect();
        let mut k = 0u64;
        while let Some(seat) = play.to_act() {
            let choice = if search[seat] && play.moves().count() > 1 {
                k += 1;
                let real = play.clone();
                let mine = (seat == buried.0).then_some(buried.1);
                let sample = move |s: u64| sample_trick(&real, seat, mine.as_ref(), s);
                search_play(goal, sims, seed_for(&[seed, 99, k]), &sample)
            } else {
                bots[seat].choose(&mut play, sides).unwrap()
            };
            play.apply(seat, &choice).unwrap();
        }
        play
    }

    fn burial_of(b: &crate::phases::Burial) -> (usize, Counts) {
        (b.declarer(), Counts::from_cards(b.buried().unwrap()))
    }

    /// Win rate of the search side over `games` hands (greedy everywhere before the play).
    fn rate(variant: &str, games: u64, sims: u32) -> (f64, f64) {
        let mut wins = 0.0;
        let t = std::time::Instant::now();
        let mut decisions = 0u64;
        for g in 0..games {
            let seed = seed_for(&[g, 7]);
            let won = match variant {
                "tractor" => {
                    let levels = (Rank::TWO, Rank::TWO);
                    let mut deal = TractorDeal::new(seed, None, None, levels, None, FollowFormat::Pairs).unwrap();
                    let mut pb: Vec<PhaseBot> = (0..4).map(|s| PhaseBot::new(BotKind::Greedy, seed ^ s)).collect();
                    PhaseBot::play_out(&mut deal, &mut pb);
                    let mut burial = deal.burial().unwrap();
                    PhaseBot::play_out(&mut burial, &mut pb);
                    let team = (g % 2) as usize;
                    let search: Vec<bool> = (0..4).map(|s| s % 2 == team).collect();
                    let dealer = burial.declarer();
                    let goal = TrickGoal::Tractor { dealer };
                    let end = play_trick(burial.start_play().unwrap(), goal, burial_of(&burial), &search, sims, seed);
                    decisions += 50;
                    goal.outcome(&end, team) > 0.5
                }
                "red_five_4p_declarer" | "red_five_4p_opponent" => {
                    let mut bid = RedFive4pBidding::new(seed, None, None, 2, false).unwrap();
                    let mut pb: Vec<PhaseBot> = (0..4).map(|s| PhaseBot::new(BotKind::Greedy, seed ^ s)).collect();
                    PhaseBot::play_out(&mut bid, &mut pb);
                    let mut burial = bid.burial().unwrap();
                    PhaseBot::play_out(&mut burial, &mut pb);
                    let (d, b) = bid.declarer().unwrap();
                    let as_declarer = variant.ends_with("declarer");
                    let search: Vec<bool> = (0..4).map(|s| (s == d) == as_declarer).collect();
                    let goal = TrickGoal::RedFive4p { declarer: d, bid: b, kitty_always: false };
                    let end = play_trick(burial.start_play().unwrap(), goal, burial_of(&burial), &search, sims, seed);
                    let me = if as_declarer { d } else { (d + 1) % 4 };
                    decisions += if as_declarer { 25 } else { 75 };
                    goal.outcome(&end, me) > 0.5
                }
                "red_five_5p" => {
                    let mut deal = RedFive5pDeal::new(seed, None, None, (g % 5) as usize).unwrap();
                    let mut pb: Vec<PhaseBot> = (0..5).map(|s| PhaseBot::new(BotKind::Greedy, seed ^ s)).collect();
                    PhaseBot::play_out(&mut deal, &mut pb);
                    let mut burial = deal.burial().unwrap();
                    PhaseBot::play_out(&mut burial, &mut pb);
                    let mut call = burial.friend_call(false).unwrap();
                    PhaseBot::play_out(&mut call, &mut pb);
                    let me = (g % 5) as usize;
                    let search: Vec<bool> = (0..5).map(|s| s == me).collect();
                    let goal = TrickGoal::RedFive5p { declarer: burial.declarer() };
                    let end = play_trick(call.start_play().unwrap(), goal, burial_of(&burial), &search, sims, seed);
                    decisions += 31;
                    goal.outcome(&end, me) > 0.5
                }
                _ => {
                    let players = if variant == "fifty_k_3" { 3 } else { 4 };
                    let deal = fifty_k_deal(seed, players, None, None).unwrap();
                    let hands = deal.hands.iter().map(|h| CardSet::from_cards(h).unwrap()).collect();
                    let mut play = FkPlay::new(hands, deal.leader, LeadAfterOut::Next).unwrap();
                    let me = (g % players as u64) as usize;
                    let search = |s: usize| if players == 4 { s % 2 == me % 2 } else { s == me };
                    let mut bots: Vec<FkBot> = (0..players).map(|s| FkBot::new(BotKind::Greedy, seed ^ s as u64)).collect();
                    let mut k = 0;
                    while let Some(seat) = play.to_act() {
                        let action = if search(seat) && play.num_legal() > 1 {
                            k += 1;
                            decisions += 1;
                            let real = play.clone();
                            let sample = move |s: u64| sample_fk(&real, seat, LeadAfterOut::Next, s);
                            search_fifty_k(sims, seed_for(&[seed, 98, k]), &sample)
                        } else {
                            bots[seat].choose(&mut play).unwrap()
                        };
                        play.apply(seat, action).unwrap();
                    }
                    super::super::ismcts_fifty_k::outcome(&play, me) > 0.5
                }
            };
            wins += won as u8 as f64;
        }
        let ms = t.elapsed().as_secs_f64() * 1e3 / decisions.max(1) as f64;
        (wins / games as f64, ms)
    }

    #[test]
    #[ignore]
    fn stand_in_win_rates() {
        let games: u64 = std::env::var("GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
        let sims: u32 = std::env::var("SIMS").ok().and_then(|v| v.parse().ok()).unwrap_or(120);
        let only = std::env::var("ONLY").unwrap_or_default();
        for v in ["tractor", "red_five_4p_declarer", "red_five_4p_opponent", "red_five_5p", "fifty_k_4", "fifty_k_3"] {
            if !only.is_empty() && !v.contains(&only) {
                continue;
            }
            let (r, ms) = rate(v, games, sims);
            println!("{v:24} sims {sims:4} games {games:4}: win {r:.3}  ~{ms:.2} ms/decision");
        }
    }

    #[test]
    fn stand_in_worlds_replay_the_record() {
        let levels = (Rank::TWO, Rank::TWO);
        let mut deal = TractorDeal::new(3, None, None, levels, None, FollowFormat::Pairs).unwrap();
        let mut pb: Vec<PhaseBot> = (0..4).map(|s| PhaseBot::new(BotKind::Greedy, s)).collect();
        PhaseBot::play_out(&mut deal, &mut pb);
        let mut burial = deal.burial().unwrap();
        PhaseBot::play_out(&mut burial, &mut pb);
        let mut play = burial.start_play().unwrap();
        let mut bots: Vec<TrickBot> = (0..4).map(|s| TrickBot::new(BotKind::Greedy, s)).collect();
        for _ in 0..41 {
            let seat = play.to_act().unwrap();
            let c = bots[seat].choose(&mut play, crate::bots::Sides::Partners).unwrap();
            play.apply(seat, &c).unwrap();
        }
        let seat = play.to_act().unwrap();
        let w = sample_trick(&play, seat, None, 5);
        assert_eq!(w.hand(seat), play.hand(seat));
        assert_eq!(w.tricks(), play.tricks());
    }
}
