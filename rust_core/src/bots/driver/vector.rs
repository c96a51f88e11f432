//! One step of a vector environment (`fenpai.envs.VectorEnv`) over the batch runner, env
//! i in slot i: the learners' answers applied, the next hand dealt where one ended last
//! step, the bots played, and each env's observation, legal-action count and mask (and
//! the legal actions' features or ids when asked) written in the same pass over the
//! slots, while the env's hand is still in cache. A slot that waits on a seat played by a
//! Python policy is handed back; [`Driver::resume_envs`] finishes it once answered.

use std::collections::HashMap;

use crate::bots::Setup;
use crate::encode::{Layout, NUM_FEATURES};
use crate::rng::seed_for;

use super::{Driver, Game, Player, Refused};

/// A scripted deal: the deck in deal order and the seat of its first card (C-5).
pub type Script = (String, Option<usize>);

/// How each env's hands are dealt: hand k of env i from `seed_for(base, i, k)`
/// (`counts[i]` hands dealt so far, bumped per deal), or from `scripts[i]` when given
/// (a deck in deal order and the seat of its first card, C-5).
pub struct Deals<'a> {
    pub base: u64,
    pub counts: &'a mut [i64],
    pub scripts: Option<&'a [Option<Script>]>,
}

/// What a step writes, one row per env: the observation of the seat each env waits on
/// (of the seat that acted, where the hand ended), that seat, its number of legal
/// actions (0 at the end), the mask of its first `mask.len() / envs` indices, the
/// features of its first legal actions and how many rows they fill, their fixed ids,
/// and whether the hand ended. `features` and `ids` may be empty (not asked for).
pub struct Rows<'a> {
    pub obs: &'a mut [f32],
    pub seats: &'a mut [i64],
    pub num_legal: &'a mut [i64],
    pub mask: &'a mut [bool],
    pub features: &'a mut [f32],
    pub num_features: &'a mut [i64],
    pub ids: &'a mut [i64],
    pub over: &'a mut [bool],
}

/// One step's instructions and outputs: the learning seats (`learners[seat]`), the
/// deals, the fixed ids' table (for `Rows::ids`) and the rows.
pub struct Step<'a> {
    pub learners: &'a [bool],
    pub deals: Deals<'a>,
    pub ids: &'a HashMap<String, i64>,
    pub rows: Rows<'a>,
}

/// Why a step stopped: a refused answer (nothing applied), or a deal that cannot be
/// made or gives the learners no choice where it is scripted.
#[derive(Debug)]
pub enum StepError {
    Refused(Refused),
    Deal(String),
}

/// What every env's hand is played with: the setup, who plays each seat, the length of
/// an observation (of the driver's layout).
#[derive(Clone, Copy)]
struct Table<'a> {
    setup: &'a Setup,
    players: &'a [Player],
    obs_len: usize,
}

impl<'a> Step<'a> {
    /// The first `envs` envs' part of the step, leaving the others' in `self` (their
    /// rows and deals; the learners and ids shared).
    fn split_off(&mut self, envs: usize) -> Step<'a> {
        fn head<'b, T>(rows: &mut &'b mut [T], n: usize) -> &'b mut [T] {
            let (first, rest) = std::mem::take(rows).split_at_mut(n);
            *rows = rest;
            first
        }
        let all = self.rows.seats.len();
        let per_env = |len: usize| len / all.max(1) * envs;
        let rows = &mut self.rows;
        let (obs, mask) = (per_env(rows.obs.len()), per_env(rows.mask.len()));
        let (features, ids) = (per_env(rows.features.len()), per_env(rows.ids.len()));
        let scripts = self.deals.scripts.map(|s| s.split_at(envs));
        self.deals.scripts = scripts.map(|(_, rest)| rest);
        Step {
            learners: self.learners,
            deals: Deals {
                base: self.deals.base,
                counts: head(&mut self.deals.counts, envs),
                scripts: scripts.map(|(first, _)| first),
            },
            ids: self.ids,
            rows: Rows {
                obs: head(&mut rows.obs, obs),
                seats: head(&mut rows.seats, envs),
                num_legal: head(&mut rows.num_legal, envs),
                mask: head(&mut rows.mask, mask),
                features: head(&mut rows.features, features),
                num_features: head(&mut rows.num_features, envs),
                ids: head(&mut rows.ids, ids),
                over: head(&mut rows.over, envs),
            },
        }
    }
}

impl Driver {
    /// Steps every env: where `restart[i]` its next hand is dealt, else `actions[i]` (an
    /// index into its legal actions) is applied, every answer checked before any is
    /// applied; `actions` None leaves the other envs as they are (a partial reset).
    /// Then each is played on to a learner's choice (a hand just dealt that ends before
    /// one is dealt again) and its rows written: on `threads` threads (at least one), each
    /// a run of consecutive envs. Returns the envs waiting on a policy's seat (in env
    /// order), whose rows are not written yet. The results do not depend on `threads`.
    ///
    /// Every other step visits each run's envs last to first: it starts with the hands
    /// the step before ended on, still in cache (with hundreds of envs, the hands and
    /// their rows outgrow it, so a step in the same order would find none there). What
    /// a step writes or returns does not depend on the order; with scripted deals the
    /// envs go in order, so that a bad script's error names the first env that has one.
    pub fn step_envs(
        &mut self,
        restart: &[bool],
        actions: Option<&[i64]>,
        step: &mut Step<'_>,
        threads: usize,
    ) -> Result<Vec<usize>, StepError> {
        let envs = self.slots.len();
        self.check_shapes(restart.len(), actions.map(<[i64]>::len), step)?;
        if let Some(env) = (0..envs).find(|&i| !restart[i] && self.slots[i].is_none()) {
            return Err(StepError::Deal(format!("env {env} has no hand: reset it")));
        }
        if let Some(actions) = actions {
            let answers: Vec<(usize, i64)> = (0..envs)
                .filter(|&i| !restart[i])
                .map(|i| (i, actions[i]))
                .collect();
            self.check_answers(&answers).map_err(StepError::Refused)?;
        }
        let backwards = self.backwards && step.deals.scripts.is_none();
        self.backwards = !self.backwards;
        let table = Table::new(&self.setup, &self.players, self.layout);
        let size = envs.div_ceil(threads.clamp(1, envs));
        let mut parts = Vec::new();
        let mut slots = &mut self.slots[..];
        for first in (0..envs).step_by(size) {
            let n = size.min(envs - first);
            let (own, rest) = std::mem::take(&mut slots).split_at_mut(n);
            slots = rest;
            let acts = actions.map(|a| &a[first..first + n]);
            parts.push((
                first,
                own,
                &restart[first..first + n],
                acts,
                step.split_off(n),
            ));
        }
        let run = |(first, own, restart, actions, mut part): Part<'_, '_>| {
            table.step_run(first, own, restart, actions, &mut part, backwards)
        };
        // The first run on this thread, each other on a thread of its own.
        let mut parts = parts.into_iter();
        let first = parts.next().expect("at least one env");
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = parts.map(|p| s.spawn(move || run(p))).collect();
            let mut done = vec![run(first)];
            for h in handles {
                done.push(h.join().expect("a step thread does not panic"));
            }
            done
        });
        let mut pending = Vec::new();
        for found in results {
            pending.extend(found?);
        }
        Ok(pending)
    }

    /// Plays on the envs of `pending` (a step's, their policies answered) as
    /// [`Driver::step_envs`] does, `restart` the step's; returns those still waiting on
    /// a policy.
    pub fn resume_envs(
        &mut self,
        pending: &[usize],
        restart: &[bool],
        step: &mut Step<'_>,
    ) -> Result<Vec<usize>, StepError> {
        self.check_shapes(restart.len(), None, step)?;
        let table = Table::new(&self.setup, &self.players, self.layout);
        let mut still = Vec::new();
        for &env in pending {
            let Some(slot) = self.slots.get_mut(env).filter(|g| g.is_some()) else {
                return Err(StepError::Deal(format!("env {env} has no hand")));
            };
            if table.finish(slot, env, env, restart[env], step)? {
                still.push(env);
            }
        }
        Ok(still)
    }

    fn check_shapes(
        &self,
        restart: usize,
        actions: Option<usize>,
        step: &Step<'_>,
    ) -> Result<(), StepError> {
        let envs = self.slots.len();
        let rows = &step.rows;
        let per_env = [
            ("restart", restart),
            ("actions", actions.unwrap_or(envs)),
            ("seats", rows.seats.len()),
            ("num_legal", rows.num_legal.len()),
            ("num_features", rows.num_features.len()),
            ("over", rows.over.len()),
            ("counts", step.deals.counts.len()),
            ("scripts", step.deals.scripts.map_or(envs, <[_]>::len)),
        ];
        if let Some((name, n)) = per_env.iter().find(|(_, n)| *n != envs) {
            return Err(StepError::Deal(format!(
                "{name}: {n} values for {envs} envs"
            )));
        }
        let blocks = [
            ("obs", rows.obs.len(), self.layout.len()),
            ("mask", rows.mask.len(), 1),
            ("features", rows.features.len(), NUM_FEATURES),
            ("ids", rows.ids.len(), 1),
        ];
        for (name, len, unit) in blocks {
            if len % (envs * unit) != 0 || (name == "obs" && len != envs * unit) {
                return Err(StepError::Deal(format!(
                    "{name}: {len} values do not make {envs} rows of whole {unit}s"
                )));
            }
        }
        if step.learners.len() != self.players.len() {
            return Err(StepError::Deal(format!(
                "learners: {} seats, not {}",
                step.learners.len(),
                self.players.len()
            )));
        }
        Ok(())
    }
}

/// One thread's part of a step: its first env, its slots, restarts, answers and step.
type Part<'s, 'a> = (
    usize,
    &'s mut [Option<Game>],
    &'s [bool],
    Option<&'s [i64]>,
    Step<'a>,
);

impl<'a> Table<'a> {
    fn new(setup: &'a Setup, players: &'a [Player], layout: Layout) -> Table<'a> {
        Table {
            setup,
            players,
            obs_len: layout.len(),
        }
    }

    /// [`Driver::step_envs`] on the envs from `first` on, in `slots` (the answers
    /// checked), row i of `step` being env `first + i`'s, visited last to first when
    /// `backwards`; returns the pending envs in order.
    fn step_run(
        &self,
        first: usize,
        slots: &mut [Option<Game>],
        restart: &[bool],
        actions: Option<&[i64]>,
        step: &mut Step<'_>,
        backwards: bool,
    ) -> Result<Vec<usize>, StepError> {
        let mut pending = Vec::new();
        let n = slots.len();
        for k in 0..n {
            let row = if backwards { n - 1 - k } else { k };
            let slot = &mut slots[row];
            if restart[row] {
                self.deal(slot, first + row, row, &mut step.deals)?;
            } else if let Some(actions) = actions {
                let game = slot.as_mut().expect("checked");
                game.hand.take_legal(actions[row] as u64).expect("checked");
            }
            if self.finish(slot, first + row, row, restart[row], step)? {
                pending.push(first + row);
            }
        }
        if backwards {
            pending.reverse();
        }
        Ok(pending)
    }

    /// Deals env `env`'s next hand into `slot` (`row` its row of the deals).
    fn deal(
        &self,
        slot: &mut Option<Game>,
        env: usize,
        row: usize,
        deals: &mut Deals<'_>,
    ) -> Result<(), StepError> {
        let seed = seed_for(&[deals.base, env as u64, deals.counts[row] as u64]);
        deals.counts[row] += 1;
        let script = deals.scripts.and_then(|s| s[row].as_ref());
        let deal = (script.map(|s| s.0.as_str()), script.and_then(|s| s.1));
        let game = Game::new(self.setup, self.players, env as u64, seed, deal);
        *slot = Some(game.map_err(StepError::Deal)?);
        Ok(())
    }

    /// Plays env `env` (in `slot`, `row` its row of `step`) on to a learner's choice or
    /// the hand's end, dealing again where a hand just dealt (`fresh`) ends first, and
    /// writes its rows; true when it waits on a policy's seat instead.
    fn finish(
        &self,
        slot: &mut Option<Game>,
        env: usize,
        row: usize,
        fresh: bool,
        step: &mut Step<'_>,
    ) -> Result<bool, StepError> {
        loop {
            let game = slot.as_mut().expect("a game in every env");
            match game.play_on() {
                None if fresh => {
                    if step.deals.scripts.is_some_and(|s| s[row].is_some()) {
                        return Err(StepError::Deal(format!(
                            "the scripted deal of env {env} gives the learning seats no choice"
                        )));
                    }
                    self.deal(slot, env, row, &mut step.deals)?;
                }
                None => {
                    let seat = step.rows.seats[row] as usize;
                    self.write(game, row, seat, None, step);
                    return Ok(false);
                }
                Some((seat, count)) if step.learners[seat] => {
                    self.write(game, row, seat, Some(count), step);
                    return Ok(false);
                }
                Some(_) => return Ok(true),
            }
        }
    }

    /// Writes row `row` of `step` for `seat` of `game`, which has `legal` legal actions
    /// (None: the hand is over).
    fn write(
        &self,
        game: &mut Game,
        row: usize,
        seat: usize,
        legal: Option<u64>,
        step: &mut Step<'_>,
    ) {
        let rows = &mut step.rows;
        let hand = &mut game.hand;
        let size = self.obs_len;
        hand.encode(seat, &mut rows.obs[row * size..(row + 1) * size])
            .expect("the layout is the driver's");
        let count = legal.unwrap_or(0);
        rows.seats[row] = seat as i64;
        rows.num_legal[row] = count as i64;
        rows.over[row] = legal.is_none();
        let width = rows.mask.len() / rows.seats.len();
        let mask = &mut rows.mask[row * width..(row + 1) * width];
        let legal = usize::try_from(count).map_or(width, |n| n.min(width));
        mask[..legal].fill(true);
        mask[legal..].fill(false);
        let block = rows.features.len() / rows.seats.len();
        if block > 0 {
            let out = &mut rows.features[row * block..(row + 1) * block];
            let n = hand.legal_features(out);
            out[n * NUM_FEATURES..].fill(0.0);
            rows.num_features[row] = n as i64;
        }
        let width = rows.ids.len() / rows.seats.len();
        if width > 0 {
            let out = &mut rows.ids[row * width..(row + 1) * width];
            let n = hand.legal_ids(step.ids, out);
            out[n..].fill(-1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::setups;
    use super::*;
    use crate::bots::driver::Player;
    use crate::bots::BotKind;

    /// Buffers for `envs` envs, `width` mask columns, `features` and `ids` rows.
    struct Buffers {
        obs: Vec<f32>,
        seats: Vec<i64>,
        num_legal: Vec<i64>,
        mask: Vec<bool>,
        features: Vec<f32>,
        num_features: Vec<i64>,
        ids: Vec<i64>,
        over: Vec<bool>,
        counts: Vec<i64>,
    }

    impl Buffers {
        fn new(envs: usize, size: usize, width: usize, features: usize, ids: usize) -> Buffers {
            Buffers {
                obs: vec![f32::NAN; envs * size],
                seats: vec![0; envs],
                num_legal: vec![-1; envs],
                mask: vec![false; envs * width],
                features: vec![f32::NAN; envs * features * NUM_FEATURES],
                num_features: vec![-1; envs],
                ids: vec![-2; envs * ids],
                over: vec![false; envs],
                counts: vec![0; envs],
            }
        }

        fn step<'a>(&'a mut self, learners: &'a [bool], ids: &'a HashMap<String, i64>) -> Step<'a> {
            Step {
                learners,
                deals: Deals {
                    base: 7,
                    counts: &mut self.counts,
                    scripts: None,
                },
                ids,
                rows: Rows {
                    obs: &mut self.obs,
                    seats: &mut self.seats,
                    num_legal: &mut self.num_legal,
                    mask: &mut self.mask,
                    features: &mut self.features,
                    num_features: &mut self.num_features,
                    ids: &mut self.ids,
                    over: &mut self.over,
                },
            }
        }
    }

    /// The rows one env's hand gives, from the runner's one-call-per-question methods.
    fn expected(d: &mut Driver, env: usize, seat: usize, width: usize, rows: usize) -> Buffers {
        let size = d.layout().len();
        let mut b = Buffers::new(1, size, width, rows, rows);
        d.encode(&[(env, seat)], &mut b.obs).unwrap();
        let n = d.num_legal(env).unwrap();
        b.num_legal[0] = n as i64;
        for (k, m) in b.mask.iter_mut().enumerate() {
            *m = (k as u64) < n;
        }
        b.num_features[0] = d.legal_features(&[env], rows, &mut b.features).unwrap()[0] as i64;
        let table: HashMap<String, i64> = [("pass".to_string(), 0)].into();
        d.legal_ids(&[env], &table, rows, &mut b.ids).unwrap();
        b
    }

    #[test]
    fn a_step_writes_what_the_runner_answers_one_question_at_a_time() {
        let (width, rows) = (6, 3);
        let table: HashMap<String, i64> = [("pass".to_string(), 0)].into();
        for setup in setups() {
            let n = setup.players();
            let mut players = vec![Player::Bot(BotKind::Random); n];
            players[1] = Player::External;
            let learners: Vec<bool> = (0..n).map(|s| s == 1).collect();
            let envs = 3;
            let mut d = Driver::new(setup, players, envs).unwrap();
            let size = d.layout().len();
            let mut b = Buffers::new(envs, size, width, rows, rows);
            let mut restart = vec![true; envs];
            let mut ended = 0;
            for round in 0..200u64 {
                let actions: Vec<i64> = (0..envs)
                    .map(|i| (round as i64 * 5 + i as i64) % b.num_legal[i].max(1))
                    .collect();
                // One thread, or a run of envs on threads of their own: the same rows.
                let threads = 1 + (round % 3) as usize;
                let answers = (round > 0).then_some(&actions[..]);
                let pending = d
                    .step_envs(&restart, answers, &mut b.step(&learners, &table), threads)
                    .unwrap();
                assert!(pending.is_empty(), "no policy seat");
                for env in 0..envs {
                    let seat = b.seats[env] as usize;
                    assert_eq!(b.over[env], d.slot(env).unwrap().hand.clone().is_done());
                    assert!(b.over[env] || seat == 1);
                    let want = expected(&mut d, env, seat, width, rows);
                    let range = |k: usize| env * k..(env + 1) * k;
                    assert_eq!(b.obs[range(size)], want.obs[..]);
                    assert_eq!(b.num_legal[env], want.num_legal[0]);
                    assert_eq!(b.mask[range(width)], want.mask[..]);
                    assert_eq!(b.features[range(rows * NUM_FEATURES)], want.features[..]);
                    assert_eq!(b.num_features[env], want.num_features[0]);
                    assert_eq!(b.ids[range(rows)], want.ids[..]);
                    if b.over[env] {
                        ended += 1;
                        assert_eq!(b.num_legal[env], 0);
                    }
                }
                restart.clone_from(&b.over);
            }
            assert!(ended > 0, "{}: some hands end", setup.variant());
            // Hand k of env i is the seed's: seed_for(base, i, k).
            let env = 2;
            let seed = seed_for(&[7, env as u64, b.counts[env] as u64 - 1]);
            assert_eq!(d.slot(env).unwrap().seed, seed);
        }
    }

    /// One step of `d` with `threads`, each env waiting on the policy's seat answered
    /// (its action `env + 1`, modulo its legal actions) until none waits; returns the
    /// waiting envs of each round of answers.
    fn step_answering(
        d: &mut Driver,
        rows: &mut Buffers,
        (restart, actions): (&[bool], Option<&[i64]>),
        learners: &[bool],
        threads: usize,
    ) -> Vec<Vec<usize>> {
        let table = HashMap::new();
        let mut step = rows.step(learners, &table);
        let mut waiting = d.step_envs(restart, actions, &mut step, threads).unwrap();
        let mut rounds = Vec::new();
        while !waiting.is_empty() {
            let policy: Vec<(usize, i64)> = waiting
                .iter()
                .map(|&env| (env, (env as i64 + 1) % d.num_legal(env).unwrap() as i64))
                .collect();
            d.apply(&policy).unwrap();
            let mut step = rows.step(learners, &table);
            let still = d.resume_envs(&waiting, restart, &mut step).unwrap();
            rounds.push(std::mem::replace(&mut waiting, still));
        }
        rounds
    }

    /// Steps alternate the order they visit a run's envs in; the envs waiting on a
    /// policy come back in env order either way, and the rows and waits are those of a
    /// driver that runs each env on a thread of its own (no order at all).
    #[test]
    fn the_order_envs_are_visited_in_changes_nothing() {
        for setup in setups() {
            let n = setup.players();
            let mut players = vec![Player::Bot(BotKind::Random); n];
            players[0] = Player::External;
            players[2] = Player::External; // a policy's seat
            let learners: Vec<bool> = (0..n).map(|s| s == 0).collect();
            let envs = 5;
            let mut one = Driver::new(setup, players.clone(), envs).unwrap();
            let mut apart = Driver::new(setup, players, envs).unwrap();
            let size = one.layout().len();
            let mut a = Buffers::new(envs, size, 4, 0, 0);
            let mut b = Buffers::new(envs, size, 4, 0, 0);
            let mut restart = vec![true; envs];
            let mut waited = [0; 2];
            for round in 0..120u64 {
                let actions: Vec<i64> = (0..envs)
                    .map(|i| (round as i64 * 3 + i as i64) % a.num_legal[i].max(1))
                    .collect();
                let given = (&restart[..], (round > 0).then_some(&actions[..]));
                let seen = step_answering(&mut one, &mut a, given, &learners, 1);
                let apart_seen = step_answering(&mut apart, &mut b, given, &learners, envs);
                assert_eq!(seen, apart_seen);
                for pending in &seen {
                    assert!(pending.windows(2).all(|w| w[0] < w[1]), "{pending:?}");
                }
                waited[(round % 2) as usize] += seen.len();
                assert_eq!(a.obs, b.obs);
                assert_eq!(
                    (&a.seats, &a.num_legal, &a.mask, &a.over),
                    (&b.seats, &b.num_legal, &b.mask, &b.over)
                );
                restart.clone_from(&a.over);
            }
            assert!(
                waited.iter().all(|&w| w > 0),
                "{}: {waited:?}",
                setup.variant()
            );
        }
    }

    #[test]
    fn a_refused_answer_applies_none_and_an_empty_env_is_an_error() {
        let setup = setups()[0];
        let mut players = vec![Player::Bot(BotKind::Greedy); 4];
        players[0] = Player::External;
        let learners = [true, false, false, false];
        let table = HashMap::new();
        let mut d = Driver::new(setup, players, 2).unwrap();
        let size = d.layout().len();
        let mut b = Buffers::new(2, size, 4, 0, 0);
        let err = d
            .step_envs(&[true, false], None, &mut b.step(&learners, &table), 1)
            .unwrap_err();
        assert!(matches!(&err, StepError::Deal(m) if m == "env 1 has no hand: reset it"));
        d.step_envs(&[true, true], None, &mut b.step(&learners, &table), 2)
            .unwrap();
        let before = format!("{:?}", d.slots);
        let too_far = b.num_legal[1];
        let err = d
            .step_envs(
                &[false, false],
                Some(&[0, too_far]),
                &mut b.step(&learners, &table),
                2,
            )
            .unwrap_err();
        assert!(matches!(err, StepError::Refused(r) if r.slot == 1));
        assert_eq!(format!("{:?}", d.slots), before);
    }
}
