//! What the core's Rust benchmarks share: the variants they play and a CPU clock.

use std::time::Instant;

use fenpai_core::bots::{Setup, TractorDecks, TractorHouse};
use fenpai_core::card::Rank;
use fenpai_core::fifty_k::FkRules;
use fenpai_core::trick::FollowFormat;

/// Seconds of CPU time this thread has run, where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// A clock: the thread's CPU time, or the wall clock without it.
pub fn clock(wall: Instant) -> f64 {
    cpu_seconds().unwrap_or_else(|| wall.elapsed().as_secs_f64())
}

/// The variants benchmarked: name, setup, seats.
pub fn setups() -> [(&'static str, Setup, usize); 5] {
    [
        (
            "tractor",
            Setup::Tractor {
                levels: (Rank::TWO, Rank::TWO),
                dealer: None,
                follow_format: FollowFormat::Pairs,
                table: TractorDecks::default(),
                house: TractorHouse::default(),
            },
            4,
        ),
        (
            "red_five_4p",
            Setup::RedFive4p {
                decks: 2,
                minimum_opening: false,
                kitty_always: false,
            },
            4,
        ),
        (
            "red_five_5p",
            Setup::RedFive5p {
                prev_declarer: 0,
                forbid_grab: false,
            },
            5,
        ),
        (
            "fifty_k",
            Setup::FiftyK {
                players: 4,
                decks: 1,
                rules: FkRules::default(),
                tribute: Default::default(),
            },
            4,
        ),
        (
            "fifty_k_3p",
            Setup::FiftyK {
                players: 3,
                decks: 1,
                rules: FkRules::default(),
                tribute: Default::default(),
            },
            3,
        ),
    ]
}
