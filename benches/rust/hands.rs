//! Benchmark of whole hands in the core, every phase and its bots (`play_hand`, what
//! `simulate` runs per game): decisions per second and µs per hand for each variant
//! and bot kind, the median of seven batches. No Python, no scoring: the pure-core
//! figure beside `benches/whole_games.py`'s. Times are the thread's CPU time where
//! Linux gives it (`/proc/thread-self/schedstat`), so that other processes on a
//! shared machine disturb them less; else the wall clock. That clock may tick in
//! milliseconds: a batch is 1000 hands unless told.
//!
//!     cargo bench -p fenpai-core --bench hands [-- HANDS] [VARIANT|BOTS ...]
//!
//! Words other than a number keep only the rows whose variant or bot kind they name.

use std::hint::black_box;
use std::time::Instant;

use fenpai_core::bots::{play_hand, BotKind, Hand};
use fenpai_core::phases::Phase;

mod common;

use common::clock;

/// Decisions in a finished hand: every phase's logged actions.
fn decisions(hand: &Hand) -> usize {
    match hand {
        Hand::Tractor(deal, burial, play) => {
            deal.log().len() + burial.log().len() + play.log().len()
        }
        Hand::RedFive4p(bidding, burial, play) => {
            bidding.log().len() + burial.log().len() + play.log().len()
        }
        Hand::RedFive5p(deal, burial, call, play) => {
            deal.log().len() + burial.log().len() + call.log().len() + play.log().len()
        }
        Hand::FiftyK(play) => play.log().len(),
        Hand::FiftyKTribute(tribute, play) => tribute.log().len() + play.log().len(),
        Hand::FiftyKPiles(play) => play.log().len(),
        Hand::FiftyKPilesTribute(tribute, play) => tribute.log().len() + play.log().len(),
        Hand::FindingFriends(deal, burial, calls, play) => {
            deal.log().len() + burial.log().len() + calls.log().len() + play.log().len()
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let hands: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(1000);
    let named = |pick: fn(&str) -> bool| -> Vec<&str> {
        args.iter()
            .map(String::as_str)
            .filter(|a| pick(a))
            .collect()
    };
    let bot_words = named(|a| a == "random" || a == "greedy");
    let variant_words = named(|a| a.parse::<u64>().is_err() && a != "random" && a != "greedy");
    let wanted = |words: &[&str], name: &str| words.is_empty() || words.contains(&name);
    let setups = common::setups();
    println!("{hands} hands per batch, median of 7 batches");
    println!(
        "{:<12} {:<7} {:>12} {:>10} {:>10}",
        "variant", "bots", "decisions/s", "µs/hand", "dec/hand"
    );
    for (name, setup, players) in setups {
        for kind in [BotKind::Random, BotKind::Greedy] {
            let bots = format!("{kind:?}").to_lowercase();
            if !wanted(&variant_words, name) || !wanted(&bot_words, &bots) {
                continue;
            }
            let kinds = vec![kind; players];
            let mut runs: Vec<(f64, usize)> = (0..7)
                .map(|batch| {
                    let wall = Instant::now();
                    let start = clock(wall);
                    let mut made = 0;
                    for seed in 0..hands {
                        let hand = play_hand(&setup, batch * hands + seed, &kinds).expect("a hand");
                        made += decisions(black_box(&hand));
                    }
                    (clock(wall) - start, made)
                })
                .collect();
            runs.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (secs, made) = runs[3];
            println!(
                "{name:<12} {bots:<7} {:>12.0} {:>10.1} {:>10.1}",
                made as f64 / secs,
                secs / hands as f64 * 1e6,
                made as f64 / hands as f64
            );
        }
    }
}
