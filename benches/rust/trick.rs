//! Benchmark of the trick-taking core from Rust on realistic random positions: the
//! same positions as `benches/trick_rules.py` (Tractor 2 decks x 25, Red Five 5p
//! 3 decks x 31, Red Five 4p 3 decks x 39 with throws). Prints the mean ns per call
//! of each operation (median of seven batches) and its ratio to a reference measured
//! in the same run (one `is_trump` look-up plus the loop around it).
//!
//!     cargo bench -p fenpai-core --bench trick

use std::hint::black_box;
use std::time::Instant;

use fenpai_core::card::{Card, Counts, Rank, Suit, NUM_CARDS};
use fenpai_core::trick::{Options, TrickRules, Variant};

/// SplitMix64: a small seeded generator, enough to deal benchmark positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

struct Position {
    rules: TrickRules,
    lead: Vec<Card>,
    hands: Vec<Vec<Card>>,
}

/// The lead kinds measured apart, as in the Python benchmark.
#[derive(Clone, Copy)]
enum Lead {
    Single,
    Unit,
    Throw,
}

fn deal(
    rng: &mut Rng,
    (variant, decks, players, size): (Variant, u8, usize, usize),
    kind: Lead,
) -> Option<Position> {
    let mut opts = Options::defaults(variant);
    opts.decks = decks;
    opts.throws = true;
    let (trump, level) = match variant {
        Variant::Tractor => (
            Some(Suit(rng.below(4) as u8)).filter(|_| rng.below(5) > 0),
            Rank(rng.below(13) as u8),
        ),
        _ => (Some(Suit(rng.below(4) as u8)), Rank::TWO),
    };
    let rules = TrickRules::new(variant, trump, level, opts).expect("valid rules");
    let mut deck: Vec<Card> = (0..decks as usize * NUM_CARDS)
        .map(|i| Card((i % NUM_CARDS) as u8))
        .collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i + 1));
    }
    let hands: Vec<Vec<Card>> = (0..players)
        .map(|p| deck[p * size..(p + 1) * size].to_vec())
        .collect();
    let leader = &hands[0];
    let suit = rules.suit_of(leader[rng.below(leader.len())]);
    let in_suit: Vec<Card> = leader
        .iter()
        .copied()
        .filter(|&c| rules.suit_of(c) == suit)
        .collect();
    let format = rules.classify(&in_suit).ok()?;
    let lead = match kind {
        Lead::Single => vec![in_suit[rng.below(in_suit.len())]],
        Lead::Unit => format.components[0].cards.clone(),
        Lead::Throw => in_suit,
    };
    let wanted = match kind {
        Lead::Single => true,
        Lead::Unit => lead.len() > 1,
        Lead::Throw => format.components.len() >= 3,
    };
    wanted.then(|| Position {
        rules,
        lead,
        hands: hands[1..].to_vec(),
    })
}

/// Runs `op(i)` over every position index, seven times; returns the median of the
/// seven mean times per call, in ns (a batch hides the clock's own cost).
fn median_ns(n: usize, mut op: impl FnMut(usize)) -> f64 {
    let mut means: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            for i in 0..n {
                op(i);
            }
            t.elapsed().as_nanos() as f64 / n as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    means[3]
}

fn main() {
    let mut rng = Rng(1);
    let setups = [
        ("tractor 2 decks", Variant::Tractor, 2, 4, 25),
        ("red_five_5p 3 decks", Variant::RedFive5p, 3, 5, 31),
        (
            "red_five_4p 3 decks (throws on)",
            Variant::RedFive4p,
            3,
            4,
            39,
        ),
    ];
    let kinds = [
        ("single lead", Lead::Single),
        ("pair/triple/tractor lead", Lead::Unit),
        ("throw", Lead::Throw),
    ];
    for ((name, variant, decks, players, size), (lead_name, kind)) in setups
        .into_iter()
        .flat_map(|s| kinds.into_iter().map(move |k| (s, k)))
    {
        let ps: Vec<Position> =
            std::iter::from_fn(|| Some(deal(&mut rng, (variant, decks, players, size), kind)))
                .flatten()
                .take(2000)
                .collect();
        let n = ps.len();
        let tricks: Vec<Vec<Vec<Card>>> = ps
            .iter()
            .map(|p| {
                let mut trick = vec![p.lead.clone()];
                for h in &p.hands {
                    let first = p.rules.legal_follows(h, &p.lead, Some(1)).expect("legal");
                    trick.push(first[0].clone());
                }
                trick
            })
            .collect();
        let others: Vec<Vec<Counts>> = ps
            .iter()
            .map(|p| p.hands.iter().map(|h| Counts::from_cards(h)).collect())
            .collect();
        let reference = median_ns(n, |i| {
            black_box(ps[i].rules.is_trump(ps[i].lead[0]));
        });
        let ops = [
            (
                "follow_error",
                median_ns(n, |i| {
                    let p = &ps[i];
                    black_box(
                        p.rules
                            .follow_error(&p.hands[0], &p.lead, &tricks[i][1])
                            .ok(),
                    );
                }),
            ),
            (
                "legal_follows limit=1000",
                median_ns(n, |i| {
                    let p = &ps[i];
                    black_box(p.rules.legal_follows(&p.hands[0], &p.lead, Some(1000)).ok());
                }),
            ),
            (
                "count_follows",
                median_ns(n, |i| {
                    let p = &ps[i];
                    black_box(p.rules.count_follows(&p.hands[0], &p.lead).ok());
                }),
            ),
            (
                "trick_winner",
                median_ns(n, |i| {
                    black_box(ps[i].rules.trick_winner(&tricks[i]).ok());
                }),
            ),
            (
                "check_throw",
                median_ns(n, |i| {
                    let p = &ps[i];
                    let f = p.rules.classify(&p.lead).expect("a lead");
                    black_box(p.rules.check_throw_counts(&f, &others[i]));
                }),
            ),
        ];
        println!("{name}, {lead_name}: ns per call (reference is_trump {reference:.1} ns)");
        for (op, ns) in ops {
            println!("  {op:<26} {ns:>9.0} ns  {:>7.1}x", ns / reference);
        }
    }
}
