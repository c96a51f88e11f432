//! Benchmark of the vector environment's core step (`Driver::step_envs`, what
//! `fenpai.envs.VectorEnv` runs) beside `play_hand` (what `simulate` runs per hand), in
//! µs of CPU per finished hand at 1 and at 256 envs: seat 0 answered by a seeded
//! random index, random bots in the other seats, a 512-wide mask. Also the sizes of the
//! hand's state types and the heap allocations per finished hand, so that a change to
//! the state's layout shows here. The median of five batches.
//!
//!     cargo bench -p fenpai-core --bench vector [-- HANDS] [VARIANT ...]

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::hint::black_box;
use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use fenpai_core::bots::driver::{Deals, Driver, Game, Player, Rows, Step};
use fenpai_core::bots::{play_hand, BotKind, HandState, SeatBots, Setup};
use fenpai_core::fifty_k::FkPlay;
use fenpai_core::phases::{Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal};
use fenpai_core::rng::seed_for;
use fenpai_core::trick::{TrickPlay, TrickRules};

mod common;

use common::clock;

/// The system allocator, counting allocations.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const WIDTH: usize = 512;

/// CPU seconds and allocations for `hands` finished hands of `setup` in `envs` envs.
fn vector(setup: Setup, seats: usize, envs: usize, hands: u64, batch: u64) -> (f64, u64) {
    let mut players = vec![Player::Bot(BotKind::Random); seats];
    players[0] = Player::External;
    let learners: Vec<bool> = (0..seats).map(|s| s == 0).collect();
    let mut driver = Driver::new(setup, players, envs).expect("a driver");
    let size = driver.layout().len();
    let (mut obs, mut mask) = (vec![0f32; envs * size], vec![false; envs * WIDTH]);
    let (mut seats_out, mut num_legal) = (vec![0i64; envs], vec![0i64; envs]);
    let (mut num_features, mut over) = (vec![0i64; envs], vec![true; envs]);
    let mut counts = vec![0i64; envs];
    let ids = HashMap::new();
    let mut actions = vec![0i64; envs];
    let (mut done, mut round) = (0u64, 0u64);
    let wall = Instant::now();
    let (start, allocs) = (clock(wall), ALLOCATIONS.load(Ordering::Relaxed));
    while done < hands {
        let restart = over.clone();
        let mut step = Step {
            learners: &learners,
            deals: Deals {
                base: batch,
                counts: &mut counts,
                scripts: None,
            },
            ids: &ids,
            rows: Rows {
                obs: &mut obs,
                seats: &mut seats_out,
                num_legal: &mut num_legal,
                mask: &mut mask,
                features: &mut [],
                num_features: &mut num_features,
                ids: &mut [],
                over: &mut over,
            },
        };
        let answers = (round > 0).then_some(&actions[..]);
        driver
            .step_envs(&restart, answers, &mut step, 1)
            .expect("a step");
        round += 1;
        for env in 0..envs {
            let n = num_legal[env].max(1) as u64;
            actions[env] = (seed_for(&[batch, env as u64, round]) % n) as i64;
            done += over[env] as u64;
        }
        black_box(&obs);
    }
    let secs = clock(wall) - start;
    (secs, ALLOCATIONS.load(Ordering::Relaxed) - allocs)
}

/// CPU seconds and allocations for `hands` hands of `setup` by `play_hand`.
fn simulate(setup: Setup, seats: usize, hands: u64, batch: u64) -> (f64, u64) {
    let kinds = vec![BotKind::Random; seats];
    let wall = Instant::now();
    let (start, allocs) = (clock(wall), ALLOCATIONS.load(Ordering::Relaxed));
    for seed in 0..hands {
        black_box(play_hand(&setup, batch * hands + seed, &kinds).expect("a hand"));
    }
    (
        clock(wall) - start,
        ALLOCATIONS.load(Ordering::Relaxed) - allocs,
    )
}

/// The median of five batches' (µs per hand, allocations per hand).
fn median(hands: u64, run: impl Fn(u64) -> (f64, u64)) -> (f64, f64) {
    let mut runs: Vec<(f64, u64)> = (0..5).map(run).collect();
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (secs, allocs) = runs[2];
    (secs / hands as f64 * 1e6, allocs as f64 / hands as f64)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let hands: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(1000);
    let words: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| a.parse::<u64>().is_err())
        .collect();
    println!("sizes in bytes: TrickRules {}, TrickPlay {}, Burial {}, FriendCall {}, TractorDeal {}, RedFive4pBidding {}, RedFive5pDeal {}, FkPlay {}, HandState {}, SeatBots {}, Game {}",
        size_of::<TrickRules>(), size_of::<TrickPlay>(), size_of::<Burial>(),
        size_of::<FriendCall>(), size_of::<TractorDeal>(), size_of::<RedFive4pBidding>(),
        size_of::<RedFive5pDeal>(), size_of::<FkPlay>(), size_of::<HandState>(),
        size_of::<SeatBots>(), size_of::<Game>());
    println!(
        "{hands} finished hands per batch, median of 5 batches; µs of CPU and allocations per hand"
    );
    println!(
        "{:<12} {:>10} {:>10} {:>10} {:>8} {:>8} {:>8} {:>9} {:>9}",
        "variant",
        "simulate",
        "1 env",
        "256 envs",
        "1/sim",
        "256/sim",
        "allocs",
        "allocs 1",
        "allocs256"
    );
    for (name, setup, seats) in common::setups() {
        if !words.is_empty() && !words.contains(&name) {
            continue;
        }
        let sim = median(hands, |b| simulate(setup, seats, hands, b));
        let one = median(hands, |b| vector(setup, seats, 1, hands, b));
        let many = median(hands, |b| vector(setup, seats, 256, hands, b));
        println!(
            "{name:<12} {:>10.1} {:>10.1} {:>10.1} {:>8.2} {:>8.2} {:>8.0} {:>9.0} {:>9.0}",
            sim.0,
            one.0,
            many.0,
            one.0 / sim.0,
            many.0 / sim.0,
            sim.1,
            one.1,
            many.1
        );
    }
}
