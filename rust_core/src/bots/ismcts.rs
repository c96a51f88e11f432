//! The `ismcts` bot's search: determinized Monte Carlo over sampled worlds.
//!
//! For one decision the bot holds a short list of candidate moves (the greedy bot's
//! choice first). Each simulation samples a world the seat cannot tell from the real
//! one (its own hand, the public record and what it knows from earlier phases; the
//! sampler is the only code that sees the real game), applies a candidate and plays
//! the hand out with greedy bots; the candidate's value is its side's mean outcome.
//! Candidates are narrowed by sequential halving: every round evaluates the surviving
//! candidates on the same fresh worlds (common random numbers), then keeps the better
//! half. Everything is seeded, so a decision is a function of the seat's information,
//! the seed and the budget.

use crate::rng::{seed_for, Rng};

/// Simulations per decision when the budget is not given (`"ismcts"`), in the
/// trick-taking games (and their phases before the play): a decision then takes a few
/// tens of milliseconds (measured by `benches/bots.py`: Tractor's win rate against
/// greedy is 0.62 at 120, 0.68 at 300).
pub const DEFAULT_SIMULATIONS: u32 = 300;

/// The same for Fifty-K, whose playouts are about ten times shorter: a decision takes a
/// few milliseconds.
pub const DEFAULT_FIFTY_K_SIMULATIONS: u32 = 480;

/// The largest budget accepted, so that a typo cannot stall a game for minutes.
pub const MAX_SIMULATIONS: u32 = 100_000;

/// Reads the budget of `ismcts:N`: simulations per decision, 1..=[`MAX_SIMULATIONS`].
pub fn parse_budget(text: &str) -> Result<u32, String> {
    let bad = || {
        format!(
            "bad ismcts budget '{text}': expected a whole number of simulations per \
             decision from 1 to {MAX_SIMULATIONS}, e.g. 'ismcts:200'"
        )
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_SIMULATIONS).contains(&n) => Ok(n),
        _ => Err(bad()),
    }
}

/// How many candidates a budget can compare: enough simulations for each of them to
/// see a few worlds in the first round of halving.
pub fn candidate_limit(simulations: u32) -> usize {
    (simulations as usize / 12).clamp(2, 16)
}

/// A search among the candidates `candidates` picks in one sampled world (given the
/// number to keep and a generator): each valued by `value(world, candidate, playout
/// seed)` in the worlds `sample` gives, by [`sequential_halving`]; the best one.
pub fn search_among<W: Clone, A: Copy>(
    simulations: u32,
    seed: u64,
    sample: &dyn Fn(u64) -> W,
    candidates: impl FnOnce(&mut W, usize, &mut Rng) -> Vec<A>,
    value: impl Fn(W, A, u64) -> f64,
) -> A {
    let mut rng = Rng::new(seed);
    let mut here = sample(rng.next_u64());
    let options = candidates(&mut here, candidate_limit(simulations), &mut rng);
    let best = sequential_halving(
        options.len(),
        simulations,
        rng.next_u64(),
        sample,
        |world, c, playout| value(world, options[c], playout),
    );
    options[best]
}

/// Per-candidate totals of one search.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    sum: f64,
    n: u32,
}

impl Tally {
    fn mean(self) -> f64 {
        if self.n == 0 {
            f64::NEG_INFINITY
        } else {
            self.sum / self.n as f64
        }
    }
}

/// The index of the best of `count` candidates after about `simulations` evaluations
/// by sequential halving. `sample(seed)` draws a world; `value(world, candidate,
/// seed)` plays candidate `candidate` in it and returns the searching side's outcome.
/// Ties go to the earlier candidate (the greedy choice is first).
pub fn sequential_halving<W: Clone>(
    count: usize,
    simulations: u32,
    seed: u64,
    mut sample: impl FnMut(u64) -> W,
    mut value: impl FnMut(W, usize, u64) -> f64,
) -> usize {
    if count <= 1 {
        return 0;
    }
    let rounds = usize::BITS - (count - 1).leading_zeros();
    let per_round = (simulations as usize / rounds as usize).max(1);
    let mut tally = vec![Tally::default(); count];
    let mut alive: Vec<usize> = (0..count).collect();
    for round in 0..rounds as u64 {
        let worlds = (per_round / alive.len()).max(1);
        for w in 0..worlds as u64 {
            let world = sample(seed_for(&[seed, round, w]));
            let playout = seed_for(&[seed, round, w, 1]);
            for &c in &alive {
                let t = &mut tally[c];
                t.sum += value(world.clone(), c, playout);
                t.n += 1;
            }
        }
        alive.sort_by(|&a, &b| tally[b].mean().total_cmp(&tally[a].mean()).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() == 1 {
            break;
        }
    }
    alive[0]
}

/// An outcome in [0, 1] for one side: mostly whether it won, partly by how much
/// (`margin` in [-1, 1], positive when the side did well), so that playouts that all
/// win or all lose still tell moves apart.
pub fn utility(won: bool, margin: f64) -> f64 {
    const WIN: f64 = 0.8;
    WIN * won as u8 as f64 + (1.0 - WIN) * 0.5 * (1.0 + margin.clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_or_say_what_is_wrong() {
        assert_eq!(parse_budget("200"), Ok(200));
        assert_eq!(parse_budget("1"), Ok(1));
        for bad in [
            "",
            "0",
            "-5",
            "2.5",
            "abc",
            "100001",
            "99999999999999999999",
        ] {
            let e = parse_budget(bad).unwrap_err();
            assert!(e.contains("simulations per decision"), "{e}");
        }
    }

    #[test]
    fn halving_finds_the_best_arm_and_is_deterministic() {
        // Arm i wins with probability i / 10 in each world (a seeded coin).
        let value = |_: (), c: usize, s: u64| ((s % 10) < c as u64) as u8 as f64;
        let best = sequential_halving(8, 400, 3, |_| (), value);
        assert_eq!(best, 7);
        assert_eq!(best, sequential_halving(8, 400, 3, |_| (), value));
    }

    #[test]
    fn halving_breaks_ties_toward_the_first_candidate() {
        assert_eq!(sequential_halving(5, 50, 1, |_| (), |_, _, _| 0.5), 0);
        assert_eq!(sequential_halving(1, 50, 1, |_| (), |_, _, _| 0.5), 0);
    }

    #[test]
    fn utility_ranks_a_win_above_any_loss() {
        assert!(utility(true, -1.0) > utility(false, 1.0));
        assert!(utility(true, 0.5) > utility(true, 0.1));
    }
}
