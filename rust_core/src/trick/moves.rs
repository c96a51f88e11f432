//! The legal plays of one decision in the play of a hand (C-24, C-30, C-31), counted
//! and indexed without listing them: leads with throws are every nonempty multiset of
//! one suit (a mixed-radix number per suit), follows are a [`Space`] or a short list.

use crate::card::{Card, Counts, NUM_CARDS};
use crate::error::ActionError;
use crate::multiset::{ItemList, Space};

use super::follow::{not_held, Obligation};
use super::format::{Format, Shape};
use super::order::{TrickRules, TRUMP};

/// The legal plays of one decision, in a fixed order.
#[derive(Clone, Debug)]
pub enum Moves {
    /// A short list (simple leads, `exact` shapes, `full` follows).
    List(Vec<Counts>),
    /// Every nonempty multiset of each suit's cards: leads where throws are allowed.
    Leads(SuitItems),
    /// A space of multisets (follows by suit or by pairs).
    Space(Space),
    /// Disjoint sets of plays, one after another (R5-22 under `friend_grab = forbid`:
    /// the plays without the call card, then those that play out its suit).
    Parts(Vec<Moves>),
}

/// A hand's cards with their counts, strongest first, one run per effective suit in
/// output order (trumps, then s, h, c, d), inline.
#[derive(Clone, Debug, Default)]
pub struct SuitItems {
    items: ItemList,
    /// Where each run ends in `items`.
    ends: [u8; 5],
    runs: u8,
}

impl SuitItems {
    /// The runs, each nonempty.
    fn runs(&self) -> impl Iterator<Item = &[(Card, u8)]> {
        let ends = &self.ends[..self.runs as usize];
        ends.iter().enumerate().map(|(i, &end)| {
            let start = if i == 0 { 0 } else { ends[i - 1] };
            &self.items[start as usize..end as usize]
        })
    }

    /// Appends a run (an empty one is left out).
    fn push_run(&mut self, run: impl IntoIterator<Item = (Card, u8)>) {
        let start = self.items.len();
        for item in run {
            self.items.push(item);
        }
        if self.items.len() > start {
            self.ends[self.runs as usize] = self.items.len() as u8;
            self.runs += 1;
        }
    }
}

/// How many nonempty multisets `items` holds.
fn radix_count(items: &[(Card, u8)]) -> u64 {
    items
        .iter()
        .fold(1u64, |acc, &(_, n)| acc.saturating_mul(n as u64 + 1))
        - 1
}

impl Moves {
    pub fn count(&self) -> u64 {
        match self {
            Moves::List(v) => v.len() as u64,
            Moves::Leads(suits) => suits.runs().map(radix_count).sum(),
            Moves::Space(s) => s.count(),
            Moves::Parts(parts) => parts.iter().map(Moves::count).sum(),
        }
    }

    /// The `index`-th play, if there is one.
    pub fn nth(&self, mut index: u64) -> Option<Counts> {
        match self {
            Moves::List(v) => v.get(index as usize).copied(),
            Moves::Space(s) => s.nth(index),
            Moves::Leads(suits) => {
                for items in suits.runs() {
                    let n = radix_count(items);
                    if index < n {
                        let mut x = index + 1;
                        let mut out = Counts::default();
                        for &(card, copies) in items.iter().rev() {
                            let base = copies as u64 + 1;
                            out.add(card, (x % base) as u8);
                            x /= base;
                        }
                        return Some(out);
                    }
                    index -= n;
                }
                None
            }
            Moves::Parts(parts) => {
                for part in parts {
                    let n = part.count();
                    if index < n {
                        return part.nth(index);
                    }
                    index -= n;
                }
                None
            }
        }
    }

    /// The index of `play` among the plays (what [`Moves::nth`] gives back), or `None`
    /// when it is not one of them.
    pub fn position(&self, play: &Counts) -> Option<u64> {
        match self {
            Moves::List(v) => v.iter().position(|c| c == play).map(|i| i as u64),
            Moves::Space(s) => s.position(play),
            Moves::Leads(suits) => {
                let mut offset = 0u64;
                for items in suits.runs() {
                    let mut held = Counts::default();
                    items.iter().for_each(|&(c, n)| held.add(c, n));
                    if !play.is_empty() && held.contains(play) {
                        let x = items
                            .iter()
                            .fold(0u64, |x, &(c, n)| x * (n as u64 + 1) + play.get(c) as u64);
                        return Some(offset + x - 1);
                    }
                    offset += radix_count(items);
                }
                None
            }
            Moves::Parts(parts) => {
                let mut offset = 0u64;
                for part in parts {
                    if let Some(i) = part.position(play) {
                        return Some(offset + i);
                    }
                    offset += part.count();
                }
                None
            }
        }
    }

    /// The first `limit` plays, in order.
    pub fn list(&self, limit: usize) -> Vec<Counts> {
        match self {
            Moves::List(v) => v.iter().take(limit).copied().collect(),
            Moves::Space(s) => s.list(limit),
            Moves::Leads(_) => {
                let n = self.count().min(limit as u64);
                (0..n).filter_map(|i| self.nth(i)).collect()
            }
            Moves::Parts(parts) => {
                let mut out = Vec::new();
                for part in parts {
                    out.extend(part.list(limit - out.len()));
                    if out.len() == limit {
                        break;
                    }
                }
                out
            }
        }
    }

    /// The most copies of each card a play may hold.
    pub fn most(&self) -> Counts {
        let mut out = Counts::default();
        let mut widen = |c: &Counts| {
            for k in 0..out.0.len() {
                out.0[k] = out.0[k].max(c.0[k]);
            }
        };
        match self {
            Moves::List(v) => v.iter().for_each(widen),
            Moves::Space(s) => widen(&s.most()),
            Moves::Leads(suits) => suits
                .runs()
                .flatten()
                .for_each(|&(c, n)| widen(&Counts::from_cards(&vec![c; n as usize]))),
            Moves::Parts(parts) => parts.iter().for_each(|p| widen(&p.most())),
        }
        out
    }

    /// Marks in `out` each card kind of which some play holds one copy more than
    /// `picked` (and all of `picked`): a space answers from its structure, the others
    /// by one pass over their plays or suits.
    pub fn mark_kinds(&self, picked: &Counts, out: &mut [bool; NUM_CARDS]) {
        let mut mark = |play: &Counts| {
            if play.contains(picked) {
                for (k, option) in out.iter_mut().enumerate() {
                    *option |= play.0[k] > picked.0[k];
                }
            }
        };
        match self {
            Moves::List(v) => v.iter().for_each(mark),
            Moves::Space(s) => s.mark_kinds(picked, out),
            Moves::Leads(suits) => suits.runs().for_each(|items| {
                let mut held = Counts::default();
                items.iter().for_each(|&(c, n)| held.add(c, n));
                mark(&held);
            }),
            Moves::Parts(parts) => parts.iter().for_each(|p| p.mark_kinds(picked, out)),
        }
    }

    /// The plays that hold no copy of `card`; `None` when there are none.
    pub fn without(&self, card: Card) -> Option<Moves> {
        let moves = match self {
            Moves::List(v) => Moves::List(v.iter().filter(|c| c.get(card) == 0).copied().collect()),
            Moves::Space(s) => Moves::Space(s.without(card)?),
            Moves::Leads(suits) => {
                let mut out = SuitItems::default();
                for items in suits.runs() {
                    out.push_run(items.iter().copied().filter(|&(c, _)| c != card));
                }
                Moves::Leads(out)
            }
            Moves::Parts(parts) => {
                Moves::Parts(parts.iter().filter_map(|p| p.without(card)).collect())
            }
        };
        (moves.count() > 0).then_some(moves)
    }

    /// The plays that hold all of `suit`, the player's whole holding of one effective
    /// suit (C-10): after such a play the player holds no card of that suit (R5-22 (b)).
    /// `None` when there are none.
    pub fn with_all(&self, suit: &Counts) -> Option<Moves> {
        let moves = match self {
            Moves::List(v) => Moves::List(v.iter().filter(|c| c.contains(suit)).copied().collect()),
            Moves::Space(s) => Moves::Space(s.with_all(suit)?),
            // A lead is one effective suit, and each entry is a whole suit of the hand.
            Moves::Leads(suits) => {
                let whole = suits.runs().any(|items| {
                    let mut held = Counts::default();
                    items.iter().for_each(|&(c, n)| held.add(c, n));
                    held == *suit
                });
                Moves::List(if whole { vec![*suit] } else { Vec::new() })
            }
            Moves::Parts(parts) => {
                Moves::Parts(parts.iter().filter_map(|p| p.with_all(suit)).collect())
            }
        };
        (moves.count() > 0).then_some(moves)
    }
}

impl TrickRules {
    /// Effective suits in output order: trumps, then s, h, c, d.
    fn suits_in_order() -> [u8; 5] {
        [TRUMP, 0, 1, 2, 3]
    }

    /// C-24: every distinct lead from `hand`.
    pub fn lead_moves(&self, hand: &Counts) -> Moves {
        if self.opts.throws {
            let mut suits = SuitItems::default();
            for suit in Self::suits_in_order() {
                suits.push_run(self.items(hand, Some(suit)));
            }
            return Moves::Leads(suits);
        }
        Moves::List(self.simple_leads(hand))
    }

    /// C-24 without throws: every single, pair, triple, quadruple (TRO-124) and tractor
    /// `hand` can lead.
    pub fn simple_leads(&self, hand: &Counts) -> Vec<Counts> {
        // Room for every single and pair, and a few triples and tractors, at once.
        let mut out = Vec::with_capacity(hand.len() + 8);
        for suit in Self::suits_in_order() {
            let held = self.in_suit(hand, suit);
            if held.is_empty() {
                continue;
            }
            for width in 1..=4u8 {
                for &c in self.suit_cards(suit) {
                    if held.get(c) >= width {
                        let mut play = Counts::default();
                        play.add(c, width);
                        out.push(play);
                    }
                }
            }
            for n in 2..=self.longest_run(&held, suit) {
                for (q, t) in (0..=n).flat_map(|q| (0..=n - q).map(move |t| (q, t))) {
                    let one_width = [q, t, n - q - t].iter().filter(|&&k| k > 0).count() == 1;
                    if self.opts.mixed_tractors || one_width {
                        // The placements, last first.
                        let start = out.len();
                        let shape = Shape::tractor_of(q, t, n - q - t);
                        self.each_tractor_placement(&held, suit, shape, &mut |units| {
                            let mut play = Counts::default();
                            for &(c, w) in units {
                                play.add(c, w);
                            }
                            out.push(play);
                            true
                        });
                        out[start..].reverse();
                    }
                }
            }
        }
        out
    }

    /// The most adjacent tractor-eligible levels in a row with a pair or more (C-21).
    fn longest_run(&self, held: &Counts, suit: u8) -> u8 {
        let (mut best, mut run) = (0u8, 0u8);
        for (i, level) in self.levels(suit).iter().enumerate() {
            if level.tractor_ok && self.widest(held, suit, i).0 >= 2 {
                run += 1;
                best = best.max(run);
            } else {
                run = 0;
            }
        }
        best
    }

    /// Why `play` is not a legal lead from `hand` (C-24), or `None`.
    pub fn lead_error(&self, hand: &Counts, play: &Counts) -> Option<ActionError> {
        if let Some(e) = not_held(hand, play) {
            return Some(e);
        }
        self.lead_format(&play.to_cards()).err()
    }

    /// C-30/C-31: every distinct legal follow to `lead` from `hand`.
    pub fn follow_moves(&self, hand: &Counts, lead: &Format) -> Moves {
        self.follow_moves_upto(hand, lead, usize::MAX)
    }

    /// [`Self::follow_moves`], where a listed kind of follow needs only the first `limit`:
    /// C-30, C-31's follows, then under TRO-162 the bombs that are not among them.
    pub(crate) fn follow_moves_upto(&self, hand: &Counts, lead: &Format, limit: usize) -> Moves {
        let follows = self.suit_follows(hand, lead, limit);
        let mut bombs = self.bombs_playable(hand, lead);
        bombs.retain(|b| follows.position(b).is_none());
        if bombs.is_empty() {
            follows
        } else {
            Moves::Parts(vec![follows, Moves::List(bombs)])
        }
    }

    /// C-30/C-31: the follows the led suit and its format allow, at most `limit` listed.
    fn suit_follows(&self, hand: &Counts, lead: &Format, limit: usize) -> Moves {
        let suit = lead.suit;
        let held = self.in_suit(hand, suit);
        let k = lead.len;
        match self.obligation(&held, lead) {
            Obligation::Short => {
                let mut others = *hand;
                others.remove_all(&held);
                Moves::Space(Space::new(
                    held,
                    self.items(&others, None),
                    k - held.len(),
                    0,
                ))
            }
            Obligation::SuitOnly => Moves::Space(Space::new(
                Counts::default(),
                self.items(&held, Some(suit)),
                k,
                0,
            )),
            Obligation::Pairs(need) => Moves::Space(Space::new(
                Counts::default(),
                self.items(&held, Some(suit)),
                k,
                need,
            )),
            listed => Moves::List(self.listed_follows(&held, lead, listed, limit)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{parse_cards, Counts, Rank, Suit};
    use crate::trick::order::{Options, TrickRules, Variant};
    use crate::trick::Moves;

    fn rules(v: Variant) -> TrickRules {
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    fn hand(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    #[test]
    fn c_24_leads_with_throws_are_every_multiset_of_a_suit() {
        let r = rules(Variant::Tractor);
        let moves = r.lead_moves(&hand("As As Ks 3d"));
        // spades: (2+1)(1+1)-1 = 5; diamonds: 1.
        assert_eq!(moves.count(), 6);
        let all = moves.list(100);
        assert_eq!(all.len(), 6);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(moves.nth(i as u64), Some(*c));
            assert_eq!(moves.position(c), Some(i as u64));
            assert!(r.classify(&c.to_cards()).is_ok());
        }
        assert_eq!(moves.position(&hand("As 3d")), None); // two suits
        let mut dedup = all.clone();
        dedup.sort_by_key(|c| c.0);
        dedup.dedup();
        assert_eq!(dedup.len(), all.len());
    }

    #[test]
    fn r4_31_simple_leads_only() {
        let r = rules(Variant::RedFive4p);
        let moves = r.lead_moves(&hand("As As Ks Ks 3d"));
        // singles As, Ks, 3d; pairs As, Ks; tractor Ks Ks As As.
        assert_eq!(moves.count(), 6);
        for c in moves.list(10) {
            let f = r.classify(&c.to_cards()).unwrap();
            assert!(!f.is_throw());
        }
    }

    #[test]
    fn without_drops_plays_holding_the_card() {
        let r = rules(Variant::Tractor);
        let moves = r.lead_moves(&hand("As Ks"));
        let ace = parse_cards("As").unwrap()[0];
        let rest = moves.without(ace).unwrap();
        assert_eq!(rest.count(), 1);
        assert!(r.lead_moves(&hand("As")).without(ace).is_none());
    }

    #[test]
    fn with_all_keeps_the_plays_that_hold_a_whole_suit() {
        let r = rules(Variant::RedFive5p);
        let spades = hand("As Ks");
        let leads = r.lead_moves(&hand("As Ks 3d"));
        assert_eq!(leads.with_all(&spades).unwrap().list(10), vec![spades]);
        // A void follower of a two-card diamond lead: the discards holding As and Ks.
        let lead = r.classify(&parse_cards("4d 4d").unwrap()).unwrap();
        let follows = r.follow_moves(&hand("As Ks 5c 6c"), &lead);
        let whole = follows.with_all(&spades).unwrap();
        assert_eq!(whole.list(10), vec![spades]);
        let parts = Moves::Parts(vec![
            follows.without(parse_cards("As").unwrap()[0]).unwrap(),
            whole,
        ]);
        assert_eq!(parts.count(), 3 + 1);
        assert_eq!(parts.list(10).len(), 4);
        assert_eq!(parts.nth(3), Some(spades));
    }
}
