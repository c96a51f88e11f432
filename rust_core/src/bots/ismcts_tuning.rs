//! Test code only: the search side's win rate against greedy seats in hands whose
//! phases before the play are played by greedy bots, to tune the play-phase search:
//!
//!     GAMES=100 SIMS=120 ONLY=tractor cargo test --release -p fenpai-core \
//!         ismcts_tuning -- --ignored --nocapture

use std::time::Instant;

use crate::bots::{BotKind, FkBot, PhaseBot, PlayInfo, Setup, TrickBot};
use crate::card::Rank;
use crate::fifty_k::{CardSet, FkPlay, LeadAfterOut};
use crate::phases::{fifty_k_deal, RedFive4pBidding, RedFive5pDeal, TractorDeal};
use crate::rng::seed_for;
use crate::sample::Real;
use crate::trick::{FollowFormat, TrickPlay};

use super::ismcts_fifty_k::outcome;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// CPU seconds this process has used (Linux `/proc/self/stat`, 100 ticks a second).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn greedy_bots(n: usize, seed: u64) -> Vec<PhaseBot> {
    (0..n)
        .map(|s| PhaseBot::new(BotKind::Greedy, seed_for(&[seed, s as u64])))
        .collect()
}

/// Plays `play` out with ismcts at the seats `search` marks; the number of searches.
fn play_trick(
    play: &mut TrickPlay,
    info: PlayInfo<'_>,
    search: &[bool],
    sims: u32,
    seed: u64,
) -> u64 {
    let n = play.num_players();
    let mut bots: Vec<TrickBot> = (0..n)
        .map(|s| {
            let kind = if search[s] {
                BotKind::Ismcts(Some(sims))
            } else {
                BotKind::Greedy
            };
            TrickBot::new(kind, seed_for(&[seed, 9, s as u64]))
        })
        .collect();
    let mut searched = 0;
    while let Some(seat) = play.to_act() {
        searched += (search[seat] && play.moves().count() > 1) as u64;
        let c = bots[seat].choose(play, &info).unwrap();
        play.apply(seat, &c).unwrap();
    }
    searched
}

/// One hand of `variant` (game `g`); whether the search side won, and its searches.
fn hand(variant: &str, g: u64, sims: u32) -> (bool, u64) {
    let seed = seed_for(&[g, 7]);
    match variant {
        "tractor" => {
            let levels = (Rank::TWO, Rank::TWO);
            let mut deal =
                TractorDeal::new(seed, None, None, levels, None, FollowFormat::Pairs).unwrap();
            let mut pb = greedy_bots(4, seed);
            PhaseBot::play_out(&mut deal, &mut pb);
            let mut burial = deal.burial().unwrap();
            PhaseBot::play_out(&mut burial, &mut pb);
            let team = (g % 2) as usize;
            let search: Vec<bool> = (0..4).map(|s| s % 2 == team).collect();
            let setup = Setup::Tractor {
                levels,
                dealer: None,
                follow_format: FollowFormat::Pairs,
            };
            let info = PlayInfo::Hand {
                before: Real::Tractor(&deal, Some(&burial), None),
                setup: &setup,
            };
            let mut play = burial.start_play().unwrap();
            let k = play_trick(&mut play, info, &search, sims, seed);
            let (goal, _) = info.search(&play, team).unwrap();
            (goal.outcome(&play, team) > 0.5, k)
        }
        "red_five_4p_declarer" | "red_five_4p_opponent" => {
            let mut bidding = RedFive4pBidding::new(seed, None, None, 2, false).unwrap();
            let mut pb = greedy_bots(4, seed);
            PhaseBot::play_out(&mut bidding, &mut pb);
            let mut burial = bidding.burial().unwrap();
            PhaseBot::play_out(&mut burial, &mut pb);
            let d = burial.declarer();
            let as_declarer = variant.ends_with("declarer");
            let search: Vec<bool> = (0..4).map(|s| (s == d) == as_declarer).collect();
            let setup = Setup::RedFive4p {
                decks: 2,
                minimum_opening: false,
                kitty_always: false,
            };
            let info = PlayInfo::Hand {
                before: Real::RedFive4p(&bidding, 0, Some(&burial), None),
                setup: &setup,
            };
            let mut play = burial.start_play().unwrap();
            let k = play_trick(&mut play, info, &search, sims, seed);
            let me = if as_declarer { d } else { (d + 1) % 4 };
            let (goal, _) = info.search(&play, me).unwrap();
            (goal.outcome(&play, me) > 0.5, k)
        }
        "red_five_5p" => {
            let mut deal = RedFive5pDeal::new(seed, None, None, (g % 5) as usize).unwrap();
            let mut pb = greedy_bots(5, seed);
            PhaseBot::play_out(&mut deal, &mut pb);
            let mut burial = deal.burial().unwrap();
            PhaseBot::play_out(&mut burial, &mut pb);
            let mut call = burial.friend_call(false).unwrap();
            PhaseBot::play_out(&mut call, &mut pb);
            let me = ((g / 5) % 5) as usize;
            let search: Vec<bool> = (0..5).map(|s| s == me).collect();
            let setup = Setup::RedFive5p {
                prev_declarer: (g % 5) as usize,
                forbid_grab: false,
            };
            let info = PlayInfo::Hand {
                before: Real::RedFive5p(&deal, Some(&burial), Some(&call), None),
                setup: &setup,
            };
            let mut play = call.start_play().unwrap();
            let k = play_trick(&mut play, info, &search, sims, seed);
            let (goal, _) = info.search(&play, me).unwrap();
            (goal.outcome(&play, me) > 0.5, k)
        }
        "whole_tractor" => {
            // Whole hands with the search's phases too (its burial when its team deals).
            let team = (g % 2) as usize;
            let kinds: Vec<BotKind> = (0..4)
                .map(|s| {
                    if s % 2 == team {
                        BotKind::Ismcts(Some(sims))
                    } else {
                        BotKind::Greedy
                    }
                })
                .collect();
            let levels = (Rank::TWO, Rank::TWO);
            let setup = Setup::Tractor {
                levels,
                dealer: None,
                follow_format: FollowFormat::Pairs,
            };
            let crate::bots::Hand::Tractor(deal, burial, play) =
                crate::bots::play_hand(&setup, seed, &kinds).unwrap()
            else {
                unreachable!()
            };
            let info = PlayInfo::Hand {
                before: Real::Tractor(&deal, Some(&burial), None),
                setup: &setup,
            };
            let (goal, _) = info.search(&play, team).unwrap();
            (goal.outcome(&play, team) > 0.5, 50)
        }
        "whole_red_five_4p_declarer" | "whole_red_five_4p_opponent" => {
            // Whole hands with ismcts bidding: seat k is the only search seat (declarer
            // rows) or the only greedy one (opponent rows); only hands k declares count.
            let k = (g % 4) as usize;
            let as_declarer = variant.ends_with("declarer");
            let kinds: Vec<BotKind> = (0..4)
                .map(|s| {
                    if (s == k) == as_declarer {
                        BotKind::Ismcts(Some(sims))
                    } else {
                        BotKind::Greedy
                    }
                })
                .collect();
            let setup = crate::bots::Setup::RedFive4p {
                decks: 2,
                minimum_opening: false,
                kitty_always: false,
            };
            let crate::bots::Hand::RedFive4p(bidding, burial, play) =
                crate::bots::play_hand(&setup, seed, &kinds).unwrap()
            else {
                unreachable!()
            };
            if burial.declarer() != k {
                return (false, u64::MAX);
            }
            let info = PlayInfo::Hand {
                before: Real::RedFive4p(&bidding, 0, Some(&burial), None),
                setup: &setup,
            };
            let me = if as_declarer { k } else { (k + 1) % 4 };
            let (goal, _) = info.search(&play, me).unwrap();
            (
                goal.outcome(&play, me) > 0.5,
                if as_declarer { 25 } else { 75 },
            )
        }
        _ => {
            let players = if variant == "fifty_k_3" { 3 } else { 4 };
            let deal = fifty_k_deal(seed, players, None, None).unwrap();
            let hands = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).unwrap())
                .collect();
            let mut play = FkPlay::new(hands, deal.leader, LeadAfterOut::Next).unwrap();
            let me = (g % players as u64) as usize;
            let search = |s: usize| {
                if players == 4 {
                    s % 2 == me % 2
                } else {
                    s == me
                }
            };
            let mut bots: Vec<FkBot> = (0..players)
                .map(|s| {
                    let kind = if search(s) {
                        BotKind::Ismcts(Some(sims))
                    } else {
                        BotKind::Greedy
                    };
                    FkBot::new(kind, seed_for(&[seed, 9, s as u64]))
                })
                .collect();
            let mut k = 0;
            while let Some(seat) = play.to_act() {
                k += (search(seat) && play.num_legal() > 1) as u64;
                let action = bots[seat].choose(&mut play).unwrap();
                play.apply(seat, action).unwrap();
            }
            (outcome(&play, me) > 0.5, k)
        }
    }
}

#[test]
#[ignore]
fn ismcts_tuning() {
    let games: u64 = env("GAMES", 40);
    let sims: u32 = env("SIMS", 120);
    let only: String = env("ONLY", String::new());
    let variants = [
        "tractor",
        "red_five_4p_declarer",
        "red_five_4p_opponent",
        "red_five_5p",
        "fifty_k_4",
        "fifty_k_3",
        "whole_red_five_4p_declarer",
        "whole_red_five_4p_opponent",
        "whole_tractor",
    ];
    for v in variants.into_iter().filter(|v| v.contains(only.as_str())) {
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let (mut wins, mut searches, mut counted) = (0u64, 0u64, 0u64);
        for g in 0..games {
            let (won, k) = hand(v, g, sims);
            if k == u64::MAX {
                continue;
            }
            wins += won as u64;
            searches += k;
            counted += 1;
        }
        let per = |s: f64| s * 1e3 / searches.max(1) as f64;
        let (ms, cpu_ms) = (per(t.elapsed().as_secs_f64()), per(cpu_seconds() - cpu));
        let rate = wins as f64 / counted.max(1) as f64;
        println!("{v:22} sims {sims:4} games {counted:4}: win {rate:.3}  {ms:6.2} ms/search ({cpu_ms:.2} cpu)");
    }
}
