//! What the tricks so far show of the hands, as limits on the cards a seat holds now:
//! a void shown by following (C-30), a format not followed (C-31), a throw that stood
//! (C-50), the components a failed throw shows unbeaten, and the one that was beaten (C-51).
//!
//! A seat's hand when it played in trick `t` is its hand now plus every card it played
//! from trick `t` on (public), so "it held no pair of spades then" caps each spade it
//! holds now. Facts that no per-card cap expresses (a tractor held or not, the `full`
//! follow's steps, the friend) are left to the exact check by replay.

use crate::card::{Counts, NUM_CARDS};

use super::distinct;
use crate::multiset::pairs_in;
use crate::trick::{
    forced_order, Bombs, Component, FollowFormat, FollowProtect, Format, Kind, Shape, TrickPlay,
    TRUMP,
};

/// A failed throw's forced component (C-51): when `thrower` led it, some other seat held
/// a combination of `shape` in `suit` with a key above `top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beaten {
    pub trick: usize,
    pub thrower: usize,
    pub suit: u8,
    pub shape: Shape,
    pub top: u8,
}

/// The facts of the play so far, for the places of the seats the sampling seat cannot see.
#[derive(Clone, Debug)]
pub struct PlayFacts {
    /// Per seat: at most this many copies of each card in its hand now.
    pub caps: Vec<[u8; NUM_CARDS]>,
    /// Failed throws' forced components, each beaten by some other seat.
    pub beaten: Vec<Beaten>,
    /// Per seat: cards it is known to hold now: what went back to its hand from a failed
    /// throw it attempted (C-51) and it has not played since.
    pub holds: Vec<Counts>,
    /// Per trick `t` (the current one last), per seat: the cards it played from `t` on
    /// (see [`Self::after`]).
    after: Vec<Counts>,
    n: usize,
    /// The tricks so far, the current one last.
    pub tricks: Vec<TrickFacts>,
}

/// One trick as the facts read it: its plays (as they stood), the lead's format as it
/// stood, a failed throw's attempted cards and format, and which follows the caps do not
/// make legal by themselves (the check tests those).
#[derive(Clone, Debug)]
pub struct TrickFacts {
    pub plays: Vec<(usize, Counts)>,
    pub lead: Format,
    pub attempted: Option<(Counts, Format)>,
    /// Bit `i`: the `i`-th play is a follow the caps do not make legal.
    pub unsure: u8,
}

fn tricks_of(play: &TrickPlay) -> Vec<TrickFacts> {
    let rules = play.rules();
    let read = |cards: &[crate::card::Card]| {
        let counts = Counts::from_cards(cards);
        (counts, rules.legal_lead_format(&counts))
    };
    let mut out: Vec<TrickFacts> = play
        .tricks()
        .iter()
        .map(|t| {
            let plays: Vec<(usize, Counts)> = t
                .plays
                .iter()
                .map(|p| (p.seat, Counts::from_cards(&p.cards)))
                .collect();
            TrickFacts {
                lead: rules.legal_lead_format(&plays[0].1),
                unsure: 0,
                plays,
                attempted: t.attempted.as_deref().map(read),
            }
        })
        .collect();
    if let Some(lead) = play.lead() {
        let plays: Vec<(usize, Counts)> = play.trick_counts().map(|(s, c)| (s, *c)).collect();
        out.push(TrickFacts {
            unsure: 0,
            plays,
            lead: lead.clone(),
            attempted: play.attempted().map(read),
        });
    }
    out
}

impl PlayFacts {
    /// The facts of `play` about every seat but `viewer` (whose hand is known).
    pub fn of(play: &TrickPlay, viewer: usize) -> PlayFacts {
        let n = play.num_players();
        let mut tricks = tricks_of(play);
        let mut after = vec![Counts::default(); n * (tricks.len() + 1)];
        for (t, trick) in tricks.iter().enumerate().rev() {
            let (now, later) = after.split_at_mut((t + 1) * n);
            now[t * n..].copy_from_slice(&later[..n]);
            for (seat, cards) in &trick.plays {
                now[t * n + seat].add_all(cards);
            }
        }
        after.truncate(n * tricks.len());
        let mut facts = PlayFacts {
            caps: vec![[u8::MAX; NUM_CARDS]; n],
            beaten: Vec::new(),
            holds: vec![Counts::default(); n],
            after,
            n,
            tricks: Vec::new(),
        };
        for (t, trick) in tricks.iter_mut().enumerate() {
            facts.lead_facts(play, viewer, t, trick);
            for i in 1..trick.plays.len() {
                let (seat, cards) = trick.plays[i];
                if seat != viewer {
                    let sure = facts.follow_facts(play, t, seat, &trick.lead, &cards);
                    trick.unsure |= (!sure as u8) << i;
                }
            }
        }
        facts.tricks = tricks;
        facts
    }

    /// Per seat: the cards it played from trick `t` on (the current trick last).
    pub fn after(&self, t: usize) -> &[Counts] {
        &self.after[t * self.n..(t + 1) * self.n]
    }

    /// Per seat: every card it has played.
    pub fn played(&self) -> Vec<Counts> {
        match self.tricks.len() {
            0 => vec![Counts::default(); self.n],
            _ => self.after(0).to_vec(),
        }
    }

    /// `seat` held fewer than `width` copies of each card of `suit` above level `top`
    /// when trick `t` began (none for `top` None: every card of the suit).
    fn below_width(
        &mut self,
        play: &TrickPlay,
        t: usize,
        seat: usize,
        suit: u8,
        top: Option<u8>,
        width: u8,
    ) {
        let rules = play.rules();
        for &c in rules.suit_cards(suit) {
            if top.is_some_and(|k| rules.level_of(c) <= k) {
                continue;
            }
            let shown = self.after(t)[seat].get(c);
            let cap = &mut self.caps[seat][c.index()];
            *cap = (*cap).min((width - 1).saturating_sub(shown));
        }
    }

    /// C-50: no seat but the thrower held a combination beating an unbeaten component
    /// (singles, pairs, triples: caps; a tractor is left to the check).
    fn unbeaten(
        &mut self,
        play: &TrickPlay,
        viewer: usize,
        t: usize,
        thrower: usize,
        suit: u8,
        comp: &Component,
    ) {
        let width = match comp.shape.kind() {
            Kind::Tractor => return,
            _ => comp.shape.num_cards() as u8,
        };
        for seat in (0..play.num_players()).filter(|&s| s != thrower && s != viewer) {
            self.below_width(play, t, seat, suit, Some(comp.top), width);
        }
    }

    /// C-50, C-51: what a lead shows: a throw that stood, every component unbeaten; a
    /// failed one, the components forced before the one forced unbeaten, that one beaten.
    fn lead_facts(&mut self, play: &TrickPlay, viewer: usize, t: usize, trick: &TrickFacts) {
        let thrower = trick.plays[0].0;
        let suit = trick.lead.suit;
        match &trick.attempted {
            None if trick.lead.is_throw() => {
                for comp in &trick.lead.components {
                    self.unbeaten(play, viewer, t, thrower, suit, comp);
                }
            }
            None => {}
            Some((_, attempted)) => {
                // It held every card it attempted; those not played since are in its hand.
                // A card's copies count over every component (three decks can split a
                // triple into a pair and a single).
                let mut tried = Counts::default();
                for comp in &attempted.components {
                    comp.cards.iter().for_each(|&c| tried.add(c, 1));
                }
                for c in distinct(&tried) {
                    let held = self.after(t)[thrower].get(c);
                    let need = tried.get(c).saturating_sub(held);
                    let known = &mut self.holds[thrower].0[c.index()];
                    *known = (*known).max(need);
                }
                let forced = &trick.lead.components[0];
                let key = forced_order(forced);
                for comp in attempted
                    .components
                    .iter()
                    .filter(|c| forced_order(c) < key)
                {
                    self.unbeaten(play, viewer, t, thrower, suit, comp);
                }
                self.beaten.push(Beaten {
                    trick: t,
                    thrower,
                    suit,
                    shape: forced.shape,
                    top: forced.top,
                });
            }
        }
    }

    /// C-30, C-31: what a follow shows: short of the suit, a void from then on; the
    /// lead's format not matched, the combination it asks for not held then. True when
    /// the caps alone make the follow legal (a tractor asked for, C-31 `full` beyond a
    /// pair: left to the check).
    fn follow_facts(
        &mut self,
        play: &TrickPlay,
        t: usize,
        seat: usize,
        lead: &Format,
        cards: &Counts,
    ) -> bool {
        let rules = play.rules();
        let suit = lead.suit;
        if let Some(bomb) = rules.bomb_card(lead, cards) {
            // TRO-162..TRO-164: a bomb may be played whatever the hand holds besides it,
            // except an off-suit plain bomb under `suit_following`: a void in the led suit.
            let off_suit = ![suit, TRUMP].contains(&rules.suit_of(bomb));
            if off_suit && rules.opts.bombs == Bombs::SuitFollowing {
                self.below_width(play, t, seat, suit, None, 1);
            }
            return true;
        }
        let in_suit = rules.in_suit(cards, suit);
        if in_suit.len() < lead.len {
            self.below_width(play, t, seat, suit, None, 1); // C-30: every card of the suit played
            return true;
        }
        let wide = lead.pairs_held();
        let shape = lead.components[0].shape;
        let simple = !lead.is_throw();
        if rules.opts.follow_protect != FollowProtect::None {
            // TRO-10: a pair not played may have been kept in a tractor or a triple, which
            // the caps cannot say: the check replays the follow on each sampled hand.
            return false;
        }
        match rules.opts.follow_format {
            FollowFormat::Off => true,
            FollowFormat::Exact => {
                // A pair or triple is matched by copies of one card; a tractor by an
                // arrangement (C-31 `exact`).
                let matched = || match shape.kind() {
                    Kind::Pair | Kind::Triple | Kind::Quad => distinct(cards).count() == 1,
                    _ => rules.arranged_key(cards, suit, lead).is_some(),
                };
                match shape.kind() {
                    Kind::Pair | Kind::Triple | Kind::Quad if simple && !matched() => {
                        self.below_width(play, t, seat, suit, None, shape.num_cards() as u8);
                        true
                    }
                    Kind::Tractor if simple => matched(),
                    _ => true,
                }
            }
            FollowFormat::Pairs => {
                if pairs_in(cards) < wide {
                    // It held no more pairs than it played: each card at most one copy
                    // beyond the pairs it played.
                    for &c in rules.suit_cards(suit) {
                        let most = 2 * (cards.get(c) / 2) + 1;
                        let shown = self.after(t)[seat].get(c);
                        let cap = &mut self.caps[seat][c.index()];
                        *cap = (*cap).min(most.saturating_sub(shown));
                    }
                }
                true
            }
            FollowFormat::Full => {
                if wide > 0 && pairs_in(cards) == 0 {
                    self.below_width(play, t, seat, suit, None, 2);
                }
                simple && (shape == Shape::SINGLE || shape == Shape::PAIR)
            }
        }
    }
}
