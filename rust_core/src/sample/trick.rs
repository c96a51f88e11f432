//! The play-phase determinizer of the trick-taking variants: the same position with the
//! cards the seat cannot see dealt again, consistently with everything public.

use crate::card::{Card, Counts, NUM_CARDS};
use crate::phases::{Action, FriendCall, Phase};
use crate::rng::Rng;
use crate::trick::{Call, CallMode, TrickPlay, TrickRules};

use super::assign::{assign, Must, Place};
use super::check::{consistent, FriendState};
use super::facts::PlayFacts;
use super::{distinct, TRIES};

/// What a seat knows from the phases before the play (declarations, reveals, the call),
/// which the tricks alone do not show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    /// Per seat: copies it is known to have held when the play began (TR-10 declarations,
    /// the R5-10 reveal, R5-13); the declarer's may be in hand or buried. Seats past the
    /// end of the list hold nothing known.
    pub holds: Vec<Counts>,
    /// Per seat: cards it is known not to have held when the play began (a count above 0
    /// marks the card); the declarer's neither in hand nor buried.
    pub lacks: Vec<Counts>,
    /// The buried kitty (C-4) when the sampling seat knows it: it buried it, or the hand
    /// is over; None: hidden from it.
    pub kitty: Option<Counts>,
    /// R5-20: the call card as the declarer called it (None: no call, `call solo`, or
    /// the play's own call card). Name it: a secret solo (the declarer owns every copy,
    /// R5-21) leaves the play without one. Whether the declarer owns every copy or two
    /// (死拚) is sampled.
    pub call: Option<Card>,
    /// R5-22 option `friend_grab = forbid` (the play tells it only while its friend is
    /// found by first play).
    pub forbid_grab: bool,
    /// TRO-112: copies known to be among several places now (when the play began, or
    /// during a stealer's burial), each with
    /// its places as a bit mask (bit `s`: seat `s`'s hand; [`KITTY`]: the kitty): a
    /// declaration or steal whose cards a burial may have passed on to a stealer, a
    /// burial the seat made that was stolen (see `theft.rs`).
    pub among: Vec<(u32, Counts)>,
}

/// The kitty's bit in a [`Known::among`] mask.
pub const KITTY: u32 = 1 << 31;

/// A sampled play with what it was dealt from: every hand when the play began, and the
/// buried kitty.
#[derive(Clone, Debug)]
pub struct TrickWorld {
    pub play: TrickPlay,
    pub start: Vec<Counts>,
    pub kitty: Counts,
}

/// Every card of the hand's decks.
fn full_deck(rules: &TrickRules) -> Counts {
    Counts::from_cards(&rules.opts.full_deck())
}

/// How the friend is found (R5-21), as the seat may tell it apart: not at all (solo or
/// no call), by first play, or fixed (死拚).
fn mode_kind(call: Option<&Call>) -> u8 {
    match call.map(|c| c.mode) {
        None => 0,
        Some(CallMode::FirstPlay) => 1,
        Some(CallMode::Fixed(_)) => 2,
    }
}

/// The position as the sampling seat sees it, and the problem of dealing the rest.
struct Position<'a> {
    real: &'a TrickPlay,
    viewer: usize,
    known: &'a Known,
    declarer: usize,
    /// Per seat: every card it has played (a failed throw's forced part only).
    played: Vec<Counts>,
    /// The cards the seat cannot see, and where they may be: the other hands, then the
    /// hidden kitty (when the seat did not bury it).
    pool: Counts,
    places: Vec<Place>,
    /// The seat of each place; None for the kitty.
    owners: Vec<Option<usize>>,
    facts: PlayFacts,
    /// The known cards, each in its places.
    musts: Vec<Must>,
    /// Per failed throw no known hand beat: the units that may have beaten it.
    beaten: Vec<Vec<Must>>,
}

impl<'a> Position<'a> {
    fn new(real: &'a TrickPlay, viewer: usize, known: &'a Known) -> Position<'a> {
        let n = real.num_players();
        let rules = real.rules();
        let declarer = real.tricks().first().map_or(real.leader(), |t| t.leader);
        let facts = PlayFacts::of(real, viewer);
        let played = facts.played();
        let mut pool = full_deck(rules);
        pool.remove_all(real.hand(viewer));
        played.iter().for_each(|p| pool.remove_all(p));
        if let Some(kitty) = &known.kitty {
            pool.remove_all(kitty);
        }
        let lacks = |s: usize| known.lacks.get(s).copied().unwrap_or_default();
        let limited = |room: usize, caps: &[u8; NUM_CARDS], lacks: Counts| {
            let mut place = Place { room, cap: *caps };
            for c in distinct(&lacks) {
                place.limit(c, 0);
            }
            place
        };
        let mut places = Vec::new();
        let mut owners = Vec::new();
        for s in (0..n).filter(|&s| s != viewer) {
            places.push(limited(real.hand(s).len(), &facts.caps[s], lacks(s)));
            owners.push(Some(s));
        }
        let in_hands: usize = places.iter().map(|p| p.room).sum();
        if known.kitty.is_none() {
            let open = [u8::MAX; NUM_CARDS];
            places.push(limited(pool.len() - in_hands, &open, lacks(declarer)));
            owners.push(None);
        }
        let mut position = Position {
            real,
            viewer,
            known,
            declarer,
            played,
            pool,
            places,
            owners,
            facts,
            musts: Vec::new(),
            beaten: Vec::new(),
        };
        position.musts = position.known_musts();
        position.beaten = position.beaten_options();
        position
    }

    fn place_of(&self, seat: usize) -> Option<usize> {
        self.owners.iter().position(|&o| o == Some(seat))
    }

    /// The places where `seat`'s known cards may be: its hand, and for the declarer the
    /// hidden kitty.
    fn group(&self, seat: usize) -> u32 {
        let mut mask = self.place_of(seat).map_or(0, |i| 1 << i);
        if seat == self.declarer {
            if let Some(k) = self.owners.iter().position(|o| o.is_none()) {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The known cards not played yet, each in its seat's places: from the phases before
    /// the play (in the hand, or the declarer's kitty), and from failed throws (in the hand).
    fn known_musts(&self) -> Vec<Must> {
        let mut out = Vec::new();
        for (seat, holds) in self.facts.holds.iter().enumerate() {
            let Some(i) = self.place_of(seat) else {
                continue;
            };
            for c in distinct(holds) {
                out.push(Must {
                    places: 1 << i,
                    card: c,
                    copies: holds.get(c),
                });
            }
        }
        for (seat, holds) in self.known.holds.iter().enumerate() {
            let mask = self.group(seat);
            if seat == self.viewer || mask == 0 {
                continue;
            }
            let buried = match self.known.kitty {
                Some(k) if seat == self.declarer => k,
                _ => Counts::default(),
            };
            for c in distinct(holds) {
                let shown = self.played[seat].get(c) + buried.get(c);
                let copies = holds.get(c).saturating_sub(shown);
                if copies > 0 {
                    out.push(Must {
                        places: mask,
                        card: c,
                        copies,
                    });
                }
            }
        }
        for (seats, cards) in &self.known.among {
            let (places, seen) = self.among_places(*seats);
            for c in distinct(cards) {
                let copies = cards.get(c).saturating_sub(seen.get(c));
                if copies > 0 {
                    out.push(Must {
                        places,
                        card: c,
                        copies,
                    });
                }
            }
        }
        out
    }

    /// The places of a [`Known::among`] mask, and the copies the seat sees there now
    /// (played by its seats, in its own hand, in a kitty it knows).
    fn among_places(&self, seats: u32) -> (u32, Counts) {
        let mut places = 0;
        let mut seen = Counts::default();
        for s in (0..self.real.num_players()).filter(|&s| seats & (1 << s) != 0) {
            seen.add_all(&self.played[s]);
            match self.place_of(s) {
                Some(i) => places |= 1 << i,
                None => seen.add_all(self.real.hand(s)),
            }
        }
        if seats & KITTY != 0 {
            match (
                self.known.kitty,
                self.owners.iter().position(|o| o.is_none()),
            ) {
                (Some(k), _) => seen.add_all(&k),
                (None, Some(i)) => places |= 1 << i,
                (None, None) => {}
            }
        }
        (places, seen)
    }

    /// C-51: for each failed throw no known hand beat, the units that could have beaten
    /// it in another seat's hand as the caps allow (one is drawn per deal; a beaten
    /// tractor is left to the check).
    fn beaten_options(&self) -> Vec<Vec<Must>> {
        let rules = self.real.rules();
        let mut out = Vec::new();
        for b in &self.facts.beaten {
            let width = match b.shape.kind() {
                crate::trick::Kind::Tractor => continue,
                _ => b.shape.num_cards() as u8,
            };
            let after = self.facts.after(b.trick);
            let beats = |h: &Counts| {
                rules
                    .best_held(&rules.in_suit(h, b.suit), b.suit, b.shape)
                    .is_some_and(|k| k > b.top)
            };
            let mut viewer_then = *self.real.hand(self.viewer);
            viewer_then.add_all(&after[self.viewer]);
            let shown = (0..after.len()).any(|s| s != b.thrower && beats(&after[s]));
            if shown || (self.viewer != b.thrower && beats(&viewer_then)) {
                continue;
            }
            let mut options: Vec<Must> = Vec::new();
            for (i, owner) in self.owners.iter().enumerate() {
                let Some(seat) = *owner else { continue };
                if seat == b.thrower {
                    continue;
                }
                for &c in rules.suit_cards(b.suit) {
                    let copies = width.saturating_sub(after[seat].get(c));
                    let fits = rules.level_of(c) > b.top
                        && self.places[i].cap[c.index()] >= copies
                        && self.pool.get(c) >= copies;
                    if fits {
                        options.push(Must {
                            places: 1 << i,
                            card: c,
                            copies,
                        });
                    }
                }
            }
            if !options.is_empty() {
                out.push(options);
            }
        }
        out
    }

    /// Every hand at the start of the play and the kitty, from the cards dealt to the places.
    fn world_of(&self, dealt: &[Counts]) -> (Vec<Counts>, Counts) {
        let mut start = self.played.clone();
        start[self.viewer].add_all(self.real.hand(self.viewer));
        let mut kitty = self.known.kitty.unwrap_or_default();
        for (owner, cards) in self.owners.iter().zip(dealt) {
            match owner {
                Some(s) => start[*s].add_all(cards),
                None => kitty = *cards,
            }
        }
        (start, kitty)
    }

    /// One constrained random deal of the unseen cards, or None at a dead end: the
    /// known cards, a random unit that beat each failed throw, then the rest.
    fn draw(&self, rng: &mut Rng) -> Option<Vec<Counts>> {
        let mut musts = self.musts.clone();
        for options in &self.beaten {
            musts.push(options[rng.below(options.len() as u64) as usize]);
        }
        assign(&self.pool, &self.places, &musts, rng)
    }

    /// R5-21: the call the play watches on the world `start`/`kitty` (None when solo or
    /// no call); None when the seat's own legal plays would tell it from the real one
    /// (R5-22 forbid: they show how the friend is found whenever the seat holds a copy
    /// of a call card that is not trump).
    fn call_on(&self, start: &[Counts], kitty: &Counts) -> Option<Option<Call>> {
        // The call card is public: the play's own when `known` does not name it (only a
        // secret solo, R5-21, hides it from the play).
        let real_call = self.real.call();
        let Some(card) = self.known.call.or(real_call.map(|c| c.card)) else {
            return Some(None);
        };
        let forbid = self.known.forbid_grab || real_call.is_some_and(|c| c.forbid_grab);
        let rules = self.real.rules();
        let mut f = FriendCall::new(
            rules.clone(),
            start.to_vec(),
            self.declarer,
            &kitty.to_cards(),
            forbid,
        )
        .ok()?;
        f.act(&Action::Call(card)).ok()?;
        let call = f.play_call();
        let sees = forbid
            && self.viewer != self.declarer
            && start[self.viewer].get(card) > 0
            && !rules.is_trump(card);
        if sees && mode_kind(call.as_ref()) != mode_kind(real_call) {
            return None;
        }
        Some(call)
    }

    /// The hands now of the world `start` (every hand when the play began).
    fn hands_now(&self, start: &[Counts]) -> Vec<Counts> {
        start
            .iter()
            .zip(&self.played)
            .map(|(s, p)| {
                let mut h = *s;
                h.remove_all(p);
                h
            })
            .collect()
    }

    /// Whether the world keeps what the facts and [`Known`] say: each place within its
    /// caps, the cards a failed throw sent back in the thrower's hand, the known cards
    /// with their seats and none a seat lacks.
    fn keeps_facts(&self, now: &[Counts], start: &[Counts], kitty: &Counts) -> bool {
        let within = |cards: &Counts, place: &Place| {
            distinct(cards).all(|c| cards.get(c) <= place.cap[c.index()])
        };
        let places = self
            .owners
            .iter()
            .zip(&self.places)
            .all(|(owner, place)| match owner {
                Some(s) => within(&now[*s], place) && now[*s].contains(&self.facts.holds[*s]),
                None => within(kitty, place),
            });
        places && self.keeps_known(start, kitty)
    }

    /// The play on the world `start`/`kitty` when the seat cannot tell it from the real
    /// one (the facts kept, then [`consistent`]): the real play with the sampled hands.
    fn check(&self, start: &[Counts], kitty: &Counts) -> Option<TrickPlay> {
        let real = self.real;
        let now = self.hands_now(start);
        if !self.keeps_facts(&now, start, kitty) {
            return None;
        }
        let call = self.call_on(start, kitty)?;
        let friend = consistent(real, self.viewer, &self.facts, start, call)?;
        let public = |(f, shown, grab): FriendState| (shown, f.filter(|_| shown), grab && shown);
        if public(friend) != public(real.friend()) {
            return None;
        }
        Some(real.redealt(now, call, friend))
    }

    /// [`Self::check`] by replaying the log on the world (what the check must agree with).
    #[cfg(test)]
    fn replayed(&self, start: &[Counts], kitty: &Counts) -> Option<TrickPlay> {
        let real = self.real;
        let call = self.call_on(start, kitty)?;
        let mut p = TrickPlay::new(real.rules().clone(), start.to_vec(), self.declarer).ok()?;
        if let Some(call) = call {
            p.set_call(call).ok()?;
        }
        if let Some(w) = real.friends() {
            let calls = w.calls().to_vec();
            let watch = crate::trick::FriendWatch::new(w.players(), w.declarer(), calls)
                .with_double_join(w.double_join());
            p.set_friends(watch).ok()?;
        }
        for (seat, cards) in real.log() {
            p.apply(*seat, cards).ok()?;
        }
        let public = |p: &TrickPlay| {
            let (friend, shown, grab) = p.friend();
            (shown, friend.filter(|_| shown), grab && shown)
        };
        let same = p.tricks() == real.tricks()
            && p.trick().eq(real.trick())
            && p.attempted() == real.attempted()
            && public(&p) == public(real)
            && p.friends() == real.friends();
        same.then_some(p)
    }

    /// Whether a world keeps every known card with its seat (or among its places, TRO-112)
    /// and none a seat lacks.
    fn keeps_known(&self, start: &[Counts], kitty: &Counts) -> bool {
        (0..start.len()).all(|s| {
            let mut owned = start[s];
            if s == self.declarer {
                owned.add_all(kitty);
            }
            let holds = self.known.holds.get(s).copied().unwrap_or_default();
            let lacks = self.known.lacks.get(s).copied().unwrap_or_default();
            owned.contains(&holds) && distinct(&lacks).all(|c| owned.get(c) == 0)
        }) && self.known.among.iter().all(|(seats, cards)| {
            let mut owned = Counts::default();
            for (s, hand) in start.iter().enumerate() {
                if seats & (1 << s) != 0 {
                    owned.add_all(hand);
                }
            }
            if seats & KITTY != 0 {
                owned.add_all(kitty);
            }
            owned.contains(cards)
        })
    }

    /// Constrained random deals, each checked, at most [`TRIES`]; None if all failed.
    fn sample(&self, rng: &mut Rng) -> Option<TrickWorld> {
        for _ in 0..TRIES {
            let Some(dealt) = self.draw(rng) else {
                continue;
            };
            let (start, kitty) = self.world_of(&dealt);
            if let Some(play) = self.check(&start, &kitty) {
                return Some(TrickWorld { play, start, kitty });
            }
        }
        None
    }

    /// The fallback: the real deal, then random swaps of two unseen cards between two
    /// places, each kept only when the world stays consistent.
    fn swapped(&self, rng: &mut Rng) -> TrickWorld {
        let real = self.real;
        let mut dealt: Vec<Counts> = self
            .owners
            .iter()
            .map(|o| match o {
                Some(s) => *real.hand(*s),
                None => {
                    let mut kitty = self.pool;
                    (0..real.num_players())
                        .filter(|&s| s != self.viewer)
                        .for_each(|s| kitty.remove_all(real.hand(s)));
                    kitty
                }
            })
            .collect();
        let (start, kitty) = self.world_of(&dealt);
        let play = self.check(&start, &kitty).unwrap_or_else(|| real.clone());
        let mut world = TrickWorld { play, start, kitty };
        let k = dealt.len() as u64;
        for _ in 0..if k < 2 { 0 } else { SWAPS } {
            let Some(next) = swap_proposal(&dealt, rng) else {
                continue;
            };
            let (start, kitty) = self.world_of(&next);
            if let Some(play) = self.check(&start, &kitty) {
                dealt = next;
                world = TrickWorld { play, start, kitty };
            }
        }
        world
    }
}

/// Proposals of the fallback's chain of swaps.
pub(super) const SWAPS: usize = 64;

/// A proposal of the fallback's chain: `dealt` (two places or more) with a random copy
/// of one place and one of another swapped; None when a place drawn holds none.
pub(super) fn swap_proposal(dealt: &[Counts], rng: &mut Rng) -> Option<Vec<Counts>> {
    let k = dealt.len() as u64;
    let i = rng.below(k) as usize;
    let j = (i + 1 + rng.below(k - 1) as usize) % k as usize;
    // Both drawn before either is looked at: the generator moves alike whatever they are.
    let (a, b) = (random_card(&dealt[i], rng), random_card(&dealt[j], rng));
    let (a, b) = (a?, b?);
    let mut next = dealt.to_vec();
    next[i].remove(a, 1);
    next[i].add(b, 1);
    next[j].remove(b, 1);
    next[j].add(a, 1);
    Some(next)
}

/// A copy drawn uniformly from `cards`, if any.
fn random_card(cards: &Counts, rng: &mut Rng) -> Option<Card> {
    let n = cards.len();
    if n == 0 {
        return None;
    }
    let mut r = rng.below(n as u64) as usize;
    distinct(cards).find(|&c| {
        let k = cards.get(c) as usize;
        if r < k {
            true
        } else {
            r -= k;
            false
        }
    })
}

/// A position read once for many determinizations: [`sample_trick_play`] in two steps,
/// for a search that samples the same position again and again.
pub struct TrickSampler<'a> {
    position: Position<'a>,
}

impl<'a> TrickSampler<'a> {
    /// Reads what `play` and `known` show `seat` (the facts of the tricks so far).
    pub fn new(play: &'a TrickPlay, seat: usize, known: &'a Known) -> TrickSampler<'a> {
        TrickSampler {
            position: Position::new(play, seat, known),
        }
    }

    /// One sampled world: constrained random deals first, then the fallback chain of
    /// swaps from the real deal.
    pub fn world(&self, rng: &mut Rng) -> TrickWorld {
        let p = &self.position;
        p.sample(rng).unwrap_or_else(|| p.swapped(rng))
    }

    /// One determinization, deterministic for `seed` (as [`sample_trick_play`]).
    pub fn sample(&self, seed: u64) -> TrickPlay {
        self.world(&mut Rng::new(seed)).play
    }
}

/// The sampled world of `play` for `seat` (see [`TrickSampler::world`]).
pub fn sample_trick_world(
    play: &TrickPlay,
    seat: usize,
    known: &Known,
    rng: &mut Rng,
) -> TrickWorld {
    TrickSampler::new(play, seat, known).world(rng)
}

/// The play-phase determinizer (see the module docs): `play` with the cards `seat`
/// cannot see dealt again among the other hands (and the kitty where `seat` did not bury
/// it), consistently with the tricks so far and `known`; deterministic for `seed`.
pub fn sample_trick_play(play: &TrickPlay, seat: usize, known: &Known, seed: u64) -> TrickPlay {
    TrickSampler::new(play, seat, known).sample(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::tests::trick_positions;

    #[test]
    fn c_50_c_31_r5_22_the_check_agrees_with_a_replay_of_the_log() {
        // Candidate deals, accepted or not: the check accepts exactly those on which a
        // replay of the log gives the same public play, and builds the replayed play.
        let (mut accepted, mut refused) = (0, 0);
        for (setup, play, known_by_seat) in trick_positions(25) {
            for (seat, known) in known_by_seat.iter().enumerate() {
                let position = Position::new(&play, seat, known);
                let mut rng = Rng::new(seat as u64);
                let open: Vec<Place> = position
                    .places
                    .iter()
                    .map(|p| Place::open(p.room))
                    .collect();
                for k in 0..6 {
                    // Constrained deals, and deals that ignore every fact.
                    let dealt = if k % 2 == 0 {
                        position.draw(&mut rng)
                    } else {
                        assign(&position.pool, &open, &[], &mut rng)
                    };
                    let Some(dealt) = dealt else { continue };
                    let (start, kitty) = position.world_of(&dealt);
                    let fast = position.check(&start, &kitty);
                    let kept = position.keeps_facts(&position.hands_now(&start), &start, &kitty);
                    let replayed = position.replayed(&start, &kitty);
                    // The caps only ever refuse what a replay refuses.
                    let caps_sound =
                        kept || replayed.is_none() || !position.keeps_known(&start, &kitty) || {
                            let now = position.hands_now(&start);
                            !(0..start.len())
                                .filter(|&s| s != seat)
                                .all(|s| now[s].contains(&position.facts.holds[s]))
                        };
                    assert!(
                        caps_sound,
                        "{setup:?} seat {seat}: a cap refused a world the replay accepts"
                    );
                    let slow = replayed.filter(|_| kept);
                    assert_eq!(
                        fast.as_ref().map(|p| format!("{p:?}")),
                        slow.as_ref().map(|p| format!("{p:?}")),
                        "{setup:?} seat {seat}"
                    );
                    if fast.is_some() {
                        accepted += 1
                    } else {
                        refused += 1
                    }
                }
            }
        }
        assert!(
            accepted > 100 && refused > 100,
            "{accepted} accepted, {refused} refused"
        );
    }

    #[test]
    fn c_50_c_51_the_fallback_chain_of_swaps_stays_consistent_and_moves() {
        // The fallback starts from the real deal and keeps a swap only when the world
        // stays consistent: every world it returns replays, and swaps do happen.
        let mut moved = 0;
        for (_, play, known_by_seat) in trick_positions(12) {
            for (seat, known) in known_by_seat.iter().enumerate() {
                let position = Position::new(&play, seat, known);
                let world = position.swapped(&mut Rng::new(seat as u64));
                let now = position.hands_now(&world.start);
                assert!(position.keeps_facts(&now, &world.start, &world.kitty));
                let again = position
                    .replayed(&world.start, &world.kitty)
                    .expect("it replays");
                assert_eq!(format!("{again:?}"), format!("{:?}", world.play));
                moved += (0..play.num_players()).any(|s| now[s] != *play.hand(s)) as usize;
            }
        }
        assert!(moved > 20, "{moved}");
    }

    #[test]
    fn c_30_sample_trick_play_keeps_the_position_and_the_seats_hand() {
        // The determinizer's contract: the same tricks, trick and seat to act, the seat's
        // hand and every hand's size; deterministic for a seed; other hands vary.
        let mut varied = 0;
        for (setup, play, known_by_seat) in trick_positions(10) {
            for (seat, known) in known_by_seat.iter().enumerate() {
                let a = sample_trick_play(&play, seat, known, 11);
                assert_eq!(
                    format!("{:?}", sample_trick_play(&play, seat, known, 11)),
                    format!("{a:?}")
                );
                assert_eq!(
                    (a.tricks(), a.to_act(), a.attempted()),
                    (play.tricks(), play.to_act(), play.attempted()),
                    "{setup:?}"
                );
                assert!(a.trick().eq(play.trick()));
                assert_eq!(a.hand(seat), play.hand(seat));
                for s in 0..play.num_players() {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                let b = TrickSampler::new(&play, seat, known).sample(12);
                varied += (0..play.num_players()).any(|s| a.hand(s) != b.hand(s)) as usize;
            }
        }
        assert!(varied > 50, "{varied}");
    }
}
