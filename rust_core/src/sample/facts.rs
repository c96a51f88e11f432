//! What the tricks so far show of the hands, as limits on the cards a seat holds now:
//! a void shown by following (C-30), a format not followed (C-31), a throw that stood
//! (C-50), the components a failed throw shows unbeaten, and the one that was beaten (C-51).
//!
//! A seat's hand when it played in trick `t` is its hand now plus every card it played
//! from trick `t` on (public), so "it held no pair of spades then" caps each spade it
//! holds now. Facts that no per-card cap expresses (a tractor held or not, the `full`
//! follow's steps, the friend) are left to the exact check by replay.

use crate::card::{Counts, NUM_CARDS};
use crate::multiset::pairs_in;
use crate::trick::{forced_order, Component, FollowFormat, Format, Kind, Shape, TrickPlay};

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
    /// Per trick `t` (the current one last), per seat: the cards it played from `t` on.
    pub after: Vec<Vec<Counts>>,
}

/// One trick as the facts read it: its plays, the lead's format as it stood, and a
/// failed throw's attempted format.
struct Trick {
    plays: Vec<(usize, Counts)>,
    lead: Format,
    attempted: Option<Format>,
}

fn tricks_of(play: &TrickPlay) -> Vec<Trick> {
    let rules = play.rules();
    let classify = |cards: &[crate::card::Card]| rules.classify(cards).expect("a played lead");
    let mut out: Vec<Trick> = play
        .tricks()
        .iter()
        .map(|t| Trick {
            plays: t
                .plays
                .iter()
                .map(|p| (p.seat, Counts::from_cards(&p.cards)))
                .collect(),
            lead: classify(&t.plays[0].cards),
            attempted: t.attempted.as_deref().map(classify),
        })
        .collect();
    if let Some(lead) = play.lead() {
        out.push(Trick {
            plays: play.trick_counts().map(|(s, c)| (s, *c)).collect(),
            lead: lead.clone(),
            attempted: play.attempted().map(classify),
        });
    }
    out
}

impl PlayFacts {
    /// The facts of `play` about every seat but `viewer` (whose hand is known).
    pub fn of(play: &TrickPlay, viewer: usize) -> PlayFacts {
        let n = play.num_players();
        let tricks = tricks_of(play);
        let mut after = vec![vec![Counts::default(); n]; tricks.len() + 1];
        for (t, trick) in tricks.iter().enumerate().rev() {
            after[t] = after[t + 1].clone();
            for (seat, cards) in &trick.plays {
                after[t][*seat].add_all(cards);
            }
        }
        after.pop();
        let mut facts = PlayFacts {
            caps: vec![[u8::MAX; NUM_CARDS]; n],
            beaten: Vec::new(),
            after,
        };
        for (t, trick) in tricks.iter().enumerate() {
            facts.lead_facts(play, viewer, t, trick);
            for &(seat, ref cards) in &trick.plays[1..] {
                if seat != viewer {
                    facts.follow_facts(play, t, seat, &trick.lead, cards);
                }
            }
        }
        facts
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
            let shown = self.after[t][seat].get(c);
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
    fn lead_facts(&mut self, play: &TrickPlay, viewer: usize, t: usize, trick: &Trick) {
        let thrower = trick.plays[0].0;
        let suit = trick.lead.suit;
        match &trick.attempted {
            None if trick.lead.is_throw() => {
                for comp in &trick.lead.components {
                    self.unbeaten(play, viewer, t, thrower, suit, comp);
                }
            }
            None => {}
            Some(attempted) => {
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
    /// lead's format not matched, the combination it asks for not held then.
    fn follow_facts(
        &mut self,
        play: &TrickPlay,
        t: usize,
        seat: usize,
        lead: &Format,
        cards: &Counts,
    ) {
        let rules = play.rules();
        let suit = lead.suit;
        let in_suit = rules.in_suit(cards, suit);
        if in_suit.len() < lead.len {
            self.below_width(play, t, seat, suit, None, 1); // C-30: every card of the suit played
            return;
        }
        let wide = lead.wide_units();
        match rules.opts.follow_format {
            FollowFormat::Off => {}
            FollowFormat::Exact => {
                let shape = lead.components[0].shape;
                let unit = matches!(shape.kind(), Kind::Pair | Kind::Triple);
                if !lead.is_throw() && unit && rules.arranged_key(cards, suit, lead).is_none() {
                    self.below_width(play, t, seat, suit, None, shape.num_cards() as u8);
                }
            }
            FollowFormat::Pairs if pairs_in(cards) < wide => {
                // It held no more pairs than it played: each card at most one copy
                // beyond the pairs it played.
                for &c in rules.suit_cards(suit) {
                    let most = 2 * (cards.get(c) / 2) + 1;
                    let shown = self.after[t][seat].get(c);
                    let cap = &mut self.caps[seat][c.index()];
                    *cap = (*cap).min(most.saturating_sub(shown));
                }
            }
            FollowFormat::Pairs => {}
            FollowFormat::Full if wide > 0 && pairs_in(cards) == 0 => {
                self.below_width(play, t, seat, suit, None, 2);
            }
            FollowFormat::Full => {}
        }
    }
}
