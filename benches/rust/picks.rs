//! The worst time of one pick's options in a follow (the environments' card-by-card
//! action space, C-30, C-31): listing the plays (the test oracle) against asking their
//! structure, over random throws followed by clumped hands (long suits and voids), the
//! follows of over 1 000 plays. Prints the worst and median µs per pick of each, same
//! positions, same picks.
//!
//!     cargo bench -p fenpai-core --bench picks

use std::time::Instant;

use fenpai_core::card::{Counts, Rank, Suit, NUM_CARDS};
use fenpai_core::trick::{Options, TrickPlay, TrickRules, Variant};

/// SplitMix64: a small seeded generator, enough to deal benchmark positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A play whose leader has thrown its whole holding of a suit the first follower holds
/// at most one card of; `None` when there is none.
fn deal(rng: &mut Rng, variant: Variant, players: usize) -> Option<TrickPlay> {
    let mut opts = Options::defaults(variant);
    opts.throws = true;
    let rules = TrickRules::new(variant, Some(Suit(rng.below(4) as u8)), Rank::TWO, opts).ok()?;
    let mut deck: Vec<usize> = (0..opts.decks as usize * NUM_CARDS)
        .map(|i| i % NUM_CARDS)
        .collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i + 1));
    }
    let mut at = 0;
    while at < deck.len() {
        let end = (at + 1 + rng.below(20)).min(deck.len());
        deck[at..end].sort_unstable();
        at = end;
    }
    let size = deck.len() / players;
    let hands: Vec<Counts> = (0..players)
        .map(|i| {
            let mut h = Counts::default();
            deck[i * size..(i + 1) * size]
                .iter()
                .for_each(|&k| h.0[k] += 1);
            h
        })
        .collect();
    // A suit the first follower holds at most one card of, led whole.
    let card = hands[0].to_cards()[rng.below(size)];
    let suit = rules.suit_of(card);
    if rules.in_suit(&hands[1], suit).len() > 1 {
        return None;
    }
    let whole = rules.in_suit(&hands[0], suit);
    let mut p = TrickPlay::new(rules, hands, 0).ok()?;
    p.apply(0, &whole).ok()?;
    Some(p)
}

/// µs per call (the least of three) of each pick's options along one random walk of picks, by `options`.
fn walk(
    p: &mut TrickPlay,
    seed: u64,
    options: fn(&mut TrickPlay, &Counts) -> ([bool; NUM_CARDS], bool),
) -> Vec<f64> {
    let mut rng = Rng(seed);
    let mut picked = Counts::default();
    let mut times = Vec::new();
    loop {
        // The least of three runs: the machine is shared.
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let t = Instant::now();
            std::hint::black_box(options(p, &picked));
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        times.push(best);
        let (cards, _) = options(p, &picked);
        let open: Vec<usize> = (0..NUM_CARDS).filter(|&k| cards[k]).collect();
        if open.is_empty() {
            return times;
        }
        picked.0[open[rng.below(open.len())]] += 1;
    }
}

fn main() {
    let mut rng = Rng(3);
    for (name, variant, players) in [
        ("tractor", Variant::Tractor, 4),
        ("red_five_4p", Variant::RedFive4p, 4),
        ("red_five_5p", Variant::RedFive5p, 5),
    ] {
        let (mut listed, mut held, mut most) = (Vec::new(), Vec::new(), 0u64);
        // Follows of over 1 000 plays only: the cases a pick has to be fast in.
        for i in 0..20_000u64 {
            let Some(mut p) = deal(&mut rng, variant, players) else {
                continue;
            };
            let count = p.moves().count();
            if count <= 1_000 {
                continue;
            }
            most = most.max(count);
            listed.extend(walk(&mut p, i, TrickPlay::pick_options_listed));
            held.extend(walk(&mut p, i, TrickPlay::pick_options));
        }
        if held.is_empty() {
            println!("{name}: no follow of over 1 000 plays dealt");
            continue;
        }
        let stats = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[v.len() - 1])
        };
        let ((lm, lw), (hm, hw)) = (stats(&mut listed), stats(&mut held));
        println!(
            "{name}: {} picks, follows up to {most} plays; µs per pick median/worst: \
             listing {lm:.1}/{lw:.0}, structure {hm:.1}/{hw:.1}",
            held.len()
        );
    }
}
