//! Following (C-30, C-31): what a follower must play, why a play is illegal, and every
//! distinct legal play (listed or counted) without enumerating the hand's subsets.

use std::collections::HashSet;

use crate::card::{format_cards, Card, Counts};
use crate::multiset::{pairs_in, visit as multisets, ItemList};

use super::format::{Format, Kind, Shape, Unit};
use super::order::{err, FollowFormat, RulesError, TrickRules};
use crate::error::ActionError;

/// Why `play` is not made of cards of `hand`: a card it does not hold, or holds fewer copies of.
pub(crate) fn not_held(hand: &Counts, play: &Counts) -> Option<ActionError> {
    let c = hand.first_missing(play)?;
    Some(ActionError::illegal(match hand.get(c) {
        0 => format!("you do not hold {c}"),
        n => format!("you hold {n} {c} but played {}", play.get(c)),
    }))
}

/// What a follower's hand obliges them to play against a lead.
#[derive(Clone, Debug)]
pub(crate) enum Obligation {
    /// C-30: fewer than k cards of the led suit: all of them, then anything.
    Short,
    /// k cards of the led suit, nothing more.
    SuitOnly,
    /// C-31 `exact`, simple lead: the play must be one component of this shape.
    Shape(Shape),
    /// C-31 `pairs`: at least this many disjoint pairs.
    Pairs(u8),
    /// C-31 `full`: this best score of [`FullPlan`].
    Full(FullPlan, u64),
}

/// C-31 `full`: the lead's tractors in priority order, and its other wide units: the
/// quadruples (TRO-124), triples, and the disjoint pairs all of them hold.
#[derive(Clone, Debug)]
pub(crate) struct FullPlan {
    tractors: Vec<Shape>,
    units: Need,
}

/// What steps 2 to 4 of C-31 `full` ask for: quadruples, triples, then pairs (a pair or
/// triple holds one, a quadruple two).
#[derive(Clone, Copy, Debug, Default)]
struct Need {
    quads: u8,
    triples: u8,
    pairs: u8,
}

impl Need {
    /// The units of `shape` added: a tractor the follower cannot match asks for its units.
    fn with(self, shape: Shape) -> Need {
        Need {
            quads: self.quads + shape.quads,
            triples: self.triples + shape.triples,
            pairs: self.pairs + shape.pairs_held(),
        }
    }
}

impl FullPlan {
    fn of(lead: &Format) -> FullPlan {
        let mut plan = FullPlan {
            tractors: Vec::new(),
            units: Need::default(),
        };
        for comp in &lead.components {
            match comp.shape.kind() {
                Kind::Tractor => plan.tractors.push(comp.shape),
                Kind::Single => {}
                _ => plan.units = plan.units.with(comp.shape),
            }
        }
        plan
    }

    fn bit(&self, i: usize) -> u64 {
        1 << (self.tractors.len() - 1 - i)
    }
}

/// Leaves at most one copy of `c` in `counts`.
fn keep_one(counts: &mut Counts, c: Card) {
    let n = counts.get(c);
    if n > 1 {
        counts.remove(c, n - 1);
    }
}

/// The parts of a `full` score: tractor bits, quadruples, triples, pairs.
fn split_score(score: u64) -> (u64, u8, u8, u8) {
    (
        score >> 24,
        (score >> 16) as u8,
        (score >> 8) as u8,
        score as u8,
    )
}

impl TrickRules {
    /// The cards of `counts` (of `suit`, or all) with their counts, strongest first.
    pub(crate) fn items(&self, counts: &Counts, suit: Option<u8>) -> ItemList {
        let cards = match suit {
            Some(s) => self.suit_cards(s),
            None => &self.order()[..],
        };
        cards
            .iter()
            .filter(|&&c| counts.get(c) > 0)
            .map(|&c| (c, counts.get(c)))
            .collect()
    }

    /// Reads the lead and checks the hand against it.
    fn prepare(&self, hand: &[Card], lead: &[Card]) -> Result<(Counts, Format), RulesError> {
        let lead = self.classify(lead)?;
        let hand = Counts::from_cards(hand);
        self.check_copies("the hand", &hand)?;
        if hand.len() < lead.len {
            return err(format!(
                "the hand has {} cards but the lead has {}",
                hand.len(),
                lead.len
            ));
        }
        Ok((hand, lead))
    }

    /// TRO-10: the part of `held` whose combinations a lead can draw out: with TRO-13 and
    /// a lead without a tractor, every pair on a level of a tractor in `held` counts as one
    /// card; with TRO-12, every tuple wider than the lead's widest unit (a triple against
    /// pairs, a quadruple against triples, TRO-124) counts as one card.
    pub(crate) fn supply(&self, held: &Counts, lead: &Format) -> Counts {
        let protect = self.opts.follow_protect;
        let mut out = *held;
        let led = |kind: fn(Shape) -> bool| lead.components.iter().any(|c| kind(c.shape));
        if protect.tractors() && !led(|s| s.kind() == Kind::Tractor) {
            let levels = self.levels(lead.suit);
            let wide = |i: usize| levels[i].tractor_ok && self.widest(held, lead.suit, i).0 >= 2;
            for i in 0..levels.len() {
                let beside = (i > 0 && wide(i - 1)) || (i + 1 < levels.len() && wide(i + 1));
                if wide(i) && beside {
                    for &c in levels[i].cards() {
                        keep_one(&mut out, c);
                    }
                }
            }
        }
        if protect.tuples() {
            let widest = lead.widest_unit().max(2);
            for &c in self.suit_cards(lead.suit) {
                if out.get(c) > widest {
                    keep_one(&mut out, c);
                }
            }
        }
        out
    }

    /// What `held`, a hand's cards of the led suit, obliges its holder to play: C-30, and
    /// C-31 on the combinations TRO-10 lets the lead draw out.
    pub(crate) fn obligation(&self, held: &Counts, lead: &Format) -> Obligation {
        if held.len() < lead.len {
            return Obligation::Short;
        }
        let held = self.supply(held, lead);
        match self.opts.follow_format {
            FollowFormat::Off => Obligation::SuitOnly,
            FollowFormat::Exact => {
                let shape = lead.components[0].shape;
                // Any one card of the suit is a single: nothing to match beyond the suit.
                if lead.is_throw()
                    || shape == Shape::SINGLE
                    || self.best_held(&held, lead.suit, shape).is_none()
                {
                    Obligation::SuitOnly
                } else {
                    Obligation::Shape(shape)
                }
            }
            FollowFormat::Pairs => Obligation::Pairs(pairs_in(&held).min(lead.pairs_held())),
            FollowFormat::Full => {
                let plan = FullPlan::of(lead);
                let target = self.full_score(&held, lead.suit, &plan);
                Obligation::Full(plan, target)
            }
        }
    }

    /// C-31 `full`: the best score any part of `counts` reaches, most significant first:
    /// which of the lead's tractors are matched, then quadruples, triples and pairs.
    fn full_score(&self, counts: &Counts, suit: u8, plan: &FullPlan) -> u64 {
        let mut rest = *counts;
        self.full_best(&mut rest, suit, plan, 0, 0, plan.units)
    }

    fn full_best(
        &self,
        rest: &mut Counts,
        suit: u8,
        plan: &FullPlan,
        i: usize,
        bits: u64,
        need: Need,
    ) -> u64 {
        if i == plan.tractors.len() {
            let (n4, n3, n2) = full_units(rest, need);
            return (bits << 24) | ((n4 as u64) << 16) | ((n3 as u64) << 8) | n2 as u64;
        }
        let shape = plan.tractors[i];
        let placements = self.tractor_placements(rest, suit, shape);
        if placements.is_empty() {
            return self.full_best(rest, suit, plan, i + 1, bits, need.with(shape));
        }
        let mut best = 0;
        for units in placements {
            take(rest, &units);
            best = best.max(self.full_best(rest, suit, plan, i + 1, bits | plan.bit(i), need));
            give(rest, &units);
        }
        best
    }

    /// C-30/C-31: why `play` is not a legal follow to `lead` from `hand`, or `None`.
    pub fn follow_error(
        &self,
        hand: &[Card],
        lead: &[Card],
        play: &[Card],
    ) -> Result<Option<ActionError>, RulesError> {
        let (hand, lead) = self.prepare(hand, lead)?;
        Ok(self.follow_error_counts(&hand, &lead, &Counts::from_cards(play)))
    }

    /// [`Self::follow_error`] on multisets and a classified lead; under TRO-160 a bomb
    /// the follower may play (TRO-162..TRO-164) is legal whatever C-30 and C-31 ask.
    pub fn follow_error_counts(
        &self,
        hand: &Counts,
        lead: &Format,
        play: &Counts,
    ) -> Option<ActionError> {
        if let Some(e) = not_held(hand, play) {
            return Some(e);
        }
        if play.len() != lead.len {
            return Some(ActionError::breaks(
                "C-30",
                format!("the lead has {} cards; you played {}", lead.len, play.len()),
            ));
        }
        if self
            .bomb_card(lead, play)
            .is_some_and(|c| self.bomb_allowed(hand, lead, c))
        {
            return None;
        }
        let suit = lead.suit;
        let held = self.in_suit(hand, suit);
        let played = self.in_suit(play, suit);
        let name = self.suit_name(suit);
        let obligation = self.obligation(&held, lead);
        if let Obligation::Short = obligation {
            if played != held {
                return Some(ActionError::breaks(
                    "C-30",
                    format!(
                        "{name} were led and you hold {} of them ({}): you must play all of them",
                        held.len(),
                        self.text(&held)
                    ),
                ));
            }
            return None;
        }
        if played.len() != lead.len {
            return Some(ActionError::breaks(
                "C-30",
                format!(
                    "{name} were led and you hold {} of them: you must play {} of them",
                    held.len(),
                    lead.len
                ),
            ));
        }
        let led = describe_lead(lead);
        // The examples and counts name only combinations the lead draws out (TRO-10).
        let supply = || self.supply(&held, lead);
        let reason = match obligation {
            Obligation::Short | Obligation::SuitOnly => None,
            Obligation::Shape(shape) => {
                if self.arranged_key(play, suit, lead).is_some() {
                    return None;
                }
                let example = self.example(&supply(), suit, shape);
                Some(format!(
                    "{led} was led and you hold {example}: you must play {}",
                    shape.describe()
                ))
            }
            Obligation::Pairs(need) => {
                if pairs_in(play) >= need {
                    return None;
                }
                if need == 1 && !lead.is_throw() {
                    let example = self.example(&supply(), suit, Shape::PAIR);
                    Some(format!(
                        "{led} was led and you hold {example}: you must play a pair"
                    ))
                } else {
                    Some(format!(
                        "{led} was led and you hold {} of {name}: you must play {}",
                        counted(pairs_in(&supply()), "pair"),
                        counted(need, "pair")
                    ))
                }
            }
            Obligation::Full(plan, target) => {
                let got = self.full_score(play, suit, &plan);
                if got == target {
                    return None;
                }
                Some(self.full_reason(&held, suit, &plan, (target, got), &led))
            }
        };
        reason.map(|r| ActionError::breaks("C-31", r))
    }

    /// The first C-31 `full` step a play fails, as a sentence.
    fn full_reason(
        &self,
        held: &Counts,
        suit: u8,
        plan: &FullPlan,
        (target, got): (u64, u64),
        led: &str,
    ) -> String {
        let (tb, t4, t3, t2) = split_score(target);
        let (gb, g4, g3, _) = split_score(got);
        let name = self.suit_name(suit);
        for (i, &shape) in plan.tractors.iter().enumerate() {
            let bit = plan.bit(i);
            if tb & bit != 0 && gb & bit == 0 {
                let example = self.example(held, suit, shape);
                return format!(
                    "{led} was led and you hold {example}: you must play {}",
                    shape.describe()
                );
            }
        }
        if g4 < t4 {
            return format!(
                "{led} was led and you hold quadruples of {name}: you must play {}",
                counted(t4, "quadruple")
            );
        }
        if g3 < t3 {
            return format!(
                "{led} was led and you hold triples of {name}: you must play {}",
                counted(t3, "triple")
            );
        }
        let besides = if tb == 0 && t4 == 0 && t3 == 0 {
            ""
        } else {
            " besides"
        };
        format!(
            "{led} was led and you hold pairs of {name}: you must play {}{besides}",
            counted(t2, "pair")
        )
    }

    /// The strongest combination of `shape` in `held`, as text, for messages.
    fn example(&self, held: &Counts, suit: u8, shape: Shape) -> String {
        let best = self
            .placements(held, suit, shape)
            .into_iter()
            .max_by_key(|units| units.iter().map(|u| self.level_of(u.0)).max().unwrap_or(0));
        match best {
            Some(units) => format_cards(&self.component_of(&units, suit).cards),
            None => String::new(),
        }
    }

    fn text(&self, counts: &Counts) -> String {
        format_cards(&self.sorted(counts))
    }

    /// C-30/C-31: every distinct legal follow, at most `limit`.
    pub fn legal_follows(
        &self,
        hand: &[Card],
        lead: &[Card],
        limit: Option<usize>,
    ) -> Result<Vec<Vec<Card>>, RulesError> {
        let (hand, lead) = self.prepare(hand, lead)?;
        Ok(self
            .legal_follows_counts(&hand, &lead, limit.unwrap_or(usize::MAX))
            .iter()
            .map(|c| self.sorted(c))
            .collect())
    }

    /// [`Self::legal_follows`] on multisets, in a fixed order (strongest choices first).
    pub fn legal_follows_counts(&self, hand: &Counts, lead: &Format, limit: usize) -> Vec<Counts> {
        self.follow_moves_upto(hand, lead, limit).list(limit)
    }

    /// The follows that C-31 `exact` shapes and `full` allow, at most `limit`, listed;
    /// the other obligations are spaces of multisets (see [`Self::follow_moves`]).
    pub(crate) fn listed_follows(
        &self,
        held: &Counts,
        lead: &Format,
        obligation: Obligation,
        limit: usize,
    ) -> Vec<Counts> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        let suit = lead.suit;
        let mut push = |c: &Counts| {
            out.push(*c);
            out.len() < limit
        };
        match obligation {
            Obligation::Shape(shape) => {
                let mut all = self.placements(held, suit, shape);
                all.reverse();
                for units in all {
                    let mut play = Counts::default();
                    give(&mut play, &units);
                    if !push(&play) {
                        break;
                    }
                }
            }
            Obligation::Full(plan, target) => {
                let mut seen = HashSet::new();
                let mut gen = FullGen {
                    rules: self,
                    suit,
                    plan: &plan,
                    target,
                    k: lead.len,
                    seen: &mut seen,
                    push: &mut push,
                };
                let mut rest = *held;
                gen.run(&mut rest, 0, &mut Counts::default());
            }
            Obligation::Short | Obligation::SuitOnly | Obligation::Pairs(_) => {
                unreachable!("spaces of multisets are not listed here")
            }
        }
        out
    }

    /// How many distinct legal follows there are, without listing them where a formula
    /// exists (every mode but `exact` shapes and `full`, which are enumerated).
    pub fn count_follows(&self, hand: &[Card], lead: &[Card]) -> Result<u64, RulesError> {
        let (hand, lead) = self.prepare(hand, lead)?;
        Ok(self.count_follows_counts(&hand, &lead))
    }

    /// [`Self::count_follows`] on a multiset and a classified lead.
    pub fn count_follows_counts(&self, hand: &Counts, lead: &Format) -> u64 {
        self.follow_moves(hand, lead).count()
    }
}

/// "a pair" or "3 pairs": a count of combinations for messages.
fn counted(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("a {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// "a pair", "a tractor of 2 pairs", or "a throw" for messages.
fn describe_lead(lead: &Format) -> String {
    if lead.is_throw() {
        "a throw".to_string()
    } else {
        lead.components[0].shape.describe()
    }
}

fn take(counts: &mut Counts, units: &[Unit]) {
    for &(c, w) in units {
        counts.remove(c, w);
    }
}

fn give(counts: &mut Counts, units: &[Unit]) {
    for &(c, w) in units {
        counts.add(c, w);
    }
}

/// Steps 2 to 4 of C-31 `full` on what the tractors left: as many quadruples, then
/// triples, then pairs as `need` asks and `rest` holds. A triple is taken from a card of
/// three copies before one of four, which keeps the most pairs (TRO-124).
fn full_units(rest: &Counts, need: Need) -> (u8, u8, u8) {
    let fours = rest.0.iter().filter(|&&n| n >= 4).count() as u8;
    let threes = rest.0.iter().filter(|&&n| n == 3).count() as u8;
    let n4 = need.quads.min(fours);
    let n3 = need.triples.min(threes + fours - n4);
    let from_fours = n3.saturating_sub(threes);
    let pairs_left = pairs_in(rest) - 2 * n4 - n3 - from_fours;
    let n2 = (need.pairs - 2 * n4 - n3).min(pairs_left);
    (n4, n3, n2)
}

/// C-31 `full`: generates the distinct plays that reach the target score, by placing
/// the matched tractors, then the quadruples, triples and pairs, then any remaining cards.
struct FullGen<'a> {
    rules: &'a TrickRules,
    suit: u8,
    plan: &'a FullPlan,
    target: u64,
    k: usize,
    seen: &'a mut HashSet<Counts>,
    push: &'a mut dyn FnMut(&Counts) -> bool,
}

impl FullGen<'_> {
    fn run(&mut self, rest: &mut Counts, i: usize, chosen: &mut Counts) -> bool {
        let (bits, n4, n3, n2) = split_score(self.target);
        if i == self.plan.tractors.len() {
            return self.units(rest, chosen, &[(4, n4), (3, n3), (2, n2)]);
        }
        if bits & self.plan.bit(i) == 0 {
            return self.run(rest, i + 1, chosen);
        }
        let shape = self.plan.tractors[i];
        for units in self.rules.tractor_placements(rest, self.suit, shape) {
            take(rest, &units);
            give(chosen, &units);
            let go_on = self.run(rest, i + 1, chosen);
            give(rest, &units);
            take(chosen, &units);
            if !go_on {
                return false;
            }
        }
        true
    }
}

impl FullGen<'_> {
    /// Takes each way `wanted` units of each `(width, wanted)` from `rest`, widest first,
    /// then fills the play with any remaining cards.
    fn units(&mut self, rest: &mut Counts, chosen: &mut Counts, steps: &[(u8, u8)]) -> bool {
        let Some((&(width, wanted), later)) = steps.split_first() else {
            let items = self.rules.items(rest, Some(self.suit));
            let size = self.k - chosen.len();
            let seen = &mut *self.seen;
            let push = &mut *self.push;
            return multisets(&items, 0, size, 0, chosen, &mut |play| {
                !seen.insert(*play) || push(play)
            });
        };
        // A card of four copies gives two pairs (TRO-124): it is listed once a unit.
        let cards = units_of(rest, width);
        choose(&cards, wanted as usize, &mut |picked| {
            for &c in picked {
                rest.remove(c, width);
                chosen.add(c, width);
            }
            let go_on = self.units(rest, chosen, later);
            for &c in picked {
                rest.add(c, width);
                chosen.remove(c, width);
            }
            go_on
        })
    }
}

/// Each card of `counts` once for every disjoint unit of `width` copies it holds.
fn units_of(counts: &Counts, width: u8) -> Vec<Card> {
    (0..crate::card::NUM_CARDS)
        .map(|i| Card(i as u8))
        .flat_map(|c| std::iter::repeat_n(c, (counts.get(c) / width) as usize))
        .collect()
}

/// Visits every `r`-element subset of `items`; stops when `visit` says so.
fn choose(items: &[Card], r: usize, visit: &mut dyn FnMut(&[Card]) -> bool) -> bool {
    fn go(
        items: &[Card],
        start: usize,
        r: usize,
        acc: &mut Vec<Card>,
        visit: &mut dyn FnMut(&[Card]) -> bool,
    ) -> bool {
        if acc.len() == r {
            return visit(acc);
        }
        for i in start..items.len() {
            if items.len() - i < r - acc.len() {
                break;
            }
            acc.push(items[i]);
            let go_on = go(items, i + 1, r, acc, visit);
            acc.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    go(items, 0, r, &mut Vec::with_capacity(r), visit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::order::{FollowProtect, OptionValue, Options, Variant};

    fn rules(v: &str, trump: char, follow: &str) -> TrickRules {
        let v = Variant::parse(v).unwrap();
        let mut o = Options::defaults(v);
        o.follow_format = FollowFormat::parse(follow).unwrap();
        TrickRules::new(v, Suit::parse(&trump.to_string()), Rank::TWO, o).unwrap()
    }

    fn legal(r: &TrickRules, hand: &str, lead: &str, play: &str) -> Option<String> {
        r.follow_error(
            &parse_cards(hand).unwrap(),
            &parse_cards(lead).unwrap(),
            &parse_cards(play).unwrap(),
        )
        .unwrap()
        .map(String::from)
    }

    const HAND3: &str = "9s 9s Ts Ts Qs Qs Ks Ks As 3d";

    #[test]
    fn c_31_example_three_pairs_any_three() {
        for mode in ["pairs", "full"] {
            let r = rules("tractor", 'h', mode);
            let lead = "6s 6s 7s 7s 8s 8s";
            assert_eq!(legal(&r, HAND3, lead, "9s 9s Qs Qs Ks Ks"), None, "{mode}");
            assert!(
                legal(&r, HAND3, lead, "9s 9s Qs Qs Ks As").is_some(),
                "{mode}"
            );
        }
        let r = rules("tractor", 'h', "exact");
        assert_eq!(
            legal(&r, HAND3, "6s 6s 7s 7s 8s 8s", "9s Ts Qs Ks As Ks"),
            None
        );
    }

    #[test]
    fn c_31_example_two_pair_tractor() {
        let hand = "9s 9s Ts Ts Ks Ks 4s";
        let lead = "6s 6s 7s 7s";
        let full = rules("tractor", 'h', "full");
        assert_eq!(legal(&full, hand, lead, "9s 9s Ts Ts"), None);
        assert!(legal(&full, hand, lead, "9s 9s Ks Ks").is_some());
        let pairs = rules("tractor", 'h', "pairs");
        assert_eq!(legal(&pairs, hand, lead, "9s 9s Ks Ks"), None);
        let exact = rules("tractor", 'h', "exact");
        assert_eq!(legal(&exact, hand, lead, "9s 9s Ts Ts"), None);
        assert!(legal(&exact, hand, lead, "Ts Ts Ks Ks").is_some());
    }

    #[test]
    fn c_30_short_suit_plays_all_of_it() {
        let r = rules("tractor", 'h', "pairs");
        let msg = legal(&r, "7s Kd Qd", "6s 6s", "Kd Qd").unwrap();
        assert!(msg.contains("you must play all of them"), "{msg}");
        assert_eq!(legal(&r, "7s Kd Qd", "6s 6s", "7s Qd"), None);
    }

    #[test]
    fn c_31_pair_message_names_the_pair() {
        let r = rules("tractor", 'h', "pairs");
        assert_eq!(
            legal(&r, "7s 7s 9s Kd", "6s 6s", "7s 9s").unwrap(),
            "a pair was led and you hold 7s 7s: you must play a pair"
        );
    }

    #[test]
    fn c_31_pair_counts_read_as_english() {
        let hand = "9s 9s Js Js Ks 3d";
        let lead = "6s 6s 8s 8s";
        let pairs = rules("tractor", 'h', "pairs");
        let msg = legal(&pairs, hand, lead, "9s 9s Js Ks").unwrap();
        assert!(
            msg.ends_with("you hold 2 pairs of spades: you must play 2 pairs"),
            "{msg}"
        );
        let full = rules("tractor", 'h', "full");
        let msg = legal(&full, hand, lead, "9s 9s Js Ks").unwrap();
        assert!(msg.ends_with("you must play 2 pairs"), "{msg}");
        let tractor_led = legal(&full, "9s 9s Js Js Ks 3s 3d", "6s 6s 7s 7s", "9s 9s Js Ks");
        let tractor_led = tractor_led.unwrap();
        assert!(
            tractor_led.ends_with("you must play 2 pairs"),
            "{tractor_led}"
        );
        let one = legal(&pairs, "9s 9s Js Qs Ks", lead, "9s Js Qs Ks").unwrap();
        assert!(
            one.ends_with("you hold a pair of spades: you must play a pair"),
            "{one}"
        );
    }

    /// TRO-124's follow rules: what a quadruple lead asks of each holding.
    fn four(follow: &str) -> TrickRules {
        protected(4, follow, "none")
    }

    #[test]
    fn tro_124_pairs_a_quadruple_lead_draws_two_pairs() {
        let r = four("pairs");
        let lead = "As As As As";
        // A triple and a pair: two pairs, the triple's and the pair.
        let hand = "3s 3s 4s 4s 4s 8s";
        assert_eq!(legal(&r, hand, lead, "3s 3s 4s 4s"), None);
        let msg = legal(&r, hand, lead, "4s 4s 4s 8s").unwrap();
        assert!(msg.ends_with("you must play 2 pairs"), "{msg}");
        // A held quadruple gives both pairs; two pairs elsewhere do as well.
        let hand = "5s 5s 5s 5s 6s 6s 7s 7s";
        assert_eq!(legal(&r, hand, lead, "5s 5s 5s 5s"), None);
        assert_eq!(legal(&r, hand, lead, "6s 6s 7s 7s"), None);
        assert!(legal(&r, hand, lead, "5s 5s 6s 7s").is_some());
        // One pair held: that pair, then anything of the suit.
        assert_eq!(legal(&r, "9s 9s 3s 4s 5s", lead, "9s 9s 3s 5s"), None);
        // A pair lead is met by two copies of a quadruple.
        assert_eq!(legal(&r, "5s 5s 5s 5s 3s", "Ks Ks", "5s 5s"), None);
    }

    #[test]
    fn tro_124_full_quadruples_then_triples_then_pairs() {
        let r = four("full");
        let lead = "As As As As";
        let hand = "5s 5s 5s 5s 6s 6s 6s 9s";
        assert_eq!(legal(&r, hand, lead, "5s 5s 5s 5s"), None);
        let msg = legal(&r, hand, lead, "6s 6s 6s 9s").unwrap();
        assert!(msg.ends_with("you must play a quadruple"), "{msg}");
        // No quadruple: two pairs, not a triple.
        let hand = "3s 3s 4s 4s 4s 8s";
        assert_eq!(legal(&r, hand, lead, "3s 3s 4s 4s"), None);
        assert!(legal(&r, hand, lead, "4s 4s 4s 8s").is_some());
        // A triple lead takes its triple from a quadruple when no triple is held.
        let hand = "5s 5s 5s 5s 6s 6s";
        assert_eq!(legal(&r, hand, "As As As", "5s 5s 5s"), None);
        assert!(legal(&r, hand, "As As As", "6s 6s 5s").is_some());
        // The target counts the triple of 7s, which keeps both pairs of 5s (a triple of
        // 5s would leave one): a triple and a pair, played either way round.
        let hand = "5s 5s 5s 5s 7s 7s 7s";
        let lead = "As As As Qs Qs";
        assert_eq!(legal(&r, hand, lead, "7s 7s 7s 5s 5s"), None);
        assert_eq!(legal(&r, hand, lead, "5s 5s 5s 7s 7s"), None);
        assert!(legal(&r, hand, lead, "5s 5s 5s 5s 7s").is_some());
        let listed = r
            .legal_follows(
                &parse_cards(hand).unwrap(),
                &parse_cards(lead).unwrap(),
                None,
            )
            .unwrap();
        assert_eq!(listed.len(), 2);
    }

    #[test]
    fn tro_124_exact_a_quadruple_if_held() {
        let r = four("exact");
        let lead = "As As As As";
        let hand = "5s 5s 5s 5s 6s 6s 7s 7s";
        assert_eq!(legal(&r, hand, lead, "5s 5s 5s 5s"), None);
        let msg = legal(&r, hand, lead, "6s 6s 7s 7s").unwrap();
        assert!(msg.ends_with("you must play a quadruple"), "{msg}");
        // No quadruple: any four cards of the suit.
        assert_eq!(legal(&r, "5s 5s 5s 6s 7s", lead, "5s 6s 7s 5s"), None);
        // A tractor of quadruples asks for one.
        let hand = "5s 5s 5s 5s 6s 6s 6s 6s 9s 9s";
        let lead = "Js Js Js Js Qs Qs Qs Qs";
        assert_eq!(legal(&r, hand, lead, "5s 5s 5s 5s 6s 6s 6s 6s"), None);
        assert!(legal(&r, hand, lead, "5s 5s 5s 5s 6s 6s 9s 9s").is_some());
    }

    #[test]
    fn tro_124_tuples_keep_a_quadruple_whole_against_narrower_leads() {
        let hand = "Qs Qs Qs Qs 3s 4s 5s";
        let kept = protected(4, "pairs", "tuples");
        assert_eq!(legal(&kept, hand, "6s 6s", "3s 4s"), None);
        assert_eq!(legal(&kept, hand, "6s 6s 6s", "3s 4s 5s"), None);
        // A quadruple lead counts it: both its pairs.
        assert!(legal(&kept, hand, "6s 6s 6s 6s", "Qs 3s 4s 5s").is_some());
        assert_eq!(legal(&kept, hand, "6s 6s 6s 6s", "Qs Qs Qs Qs"), None);
        // Without the protection the pair lead draws a pair out of it.
        assert!(legal(&four("pairs"), hand, "6s 6s", "3s 4s").is_some());
        // Under `exact` a triple lead does not draw a triple out of a quadruple.
        let hand = "Ks Ks Ks Ks 3s";
        let exact = protected(4, "exact", "tuples");
        assert_eq!(legal(&exact, hand, "6s 6s 6s", "Ks Ks 3s"), None);
        assert!(legal(&four("exact"), hand, "6s 6s 6s", "Ks Ks 3s").is_some());
    }

    fn protected(decks: u8, follow: &str, protect: &str) -> TrickRules {
        let v = Variant::Tractor;
        let o = Options {
            decks,
            follow_format: FollowFormat::parse(follow).unwrap(),
            follow_protect: FollowProtect::parse(protect).unwrap(),
            ..Options::defaults(v)
        };
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, o).unwrap()
    }

    #[test]
    fn tro_13_a_pair_lead_does_not_draw_a_tractor() {
        let hand = "3s 4s Qs Qs Ks Ks";
        for follow in ["pairs", "exact"] {
            let none = protected(2, follow, "none");
            assert!(legal(&none, hand, "6s 6s", "3s 4s").is_some(), "{follow}");
            let kept = protected(2, follow, "tractors");
            assert_eq!(legal(&kept, hand, "6s 6s", "3s 4s"), None, "{follow}");
            // The follower may still break it.
            assert_eq!(legal(&kept, hand, "6s 6s", "Qs Qs"), None, "{follow}");
            // A pair outside the tractor is still drawn out.
            let more = "3s 4s 9s 9s Qs Qs Ks Ks";
            let msg = legal(&kept, more, "6s 6s", "3s 4s").unwrap();
            assert!(msg.contains("you hold 9s 9s"), "{follow}: {msg}");
            assert_eq!(legal(&kept, more, "6s 6s", "9s 9s"), None, "{follow}");
        }
    }

    #[test]
    fn tro_13_a_tractor_lead_draws_a_tractor() {
        let kept = protected(2, "pairs", "tractors");
        let hand = "3s 4s Qs Qs Ks Ks";
        let lead = "6s 6s 7s 7s";
        assert!(legal(&kept, hand, lead, "Qs Qs 3s 4s").is_some());
        assert_eq!(legal(&kept, hand, lead, "Qs Qs Ks Ks"), None);
    }

    #[test]
    fn tro_13_throws_and_trump_tractors() {
        let kept = protected(2, "pairs", "tractors");
        // A throw without a tractor: the held tractor is kept.
        let hand = "3s 4s 5s Qs Qs Ks Ks";
        assert_eq!(legal(&kept, hand, "As 6s 6s", "3s 4s 5s"), None);
        // `BJ BJ LJ LJ` is a tractor (C-21, tractor_above_ace): kept from a trump pair.
        let trumps = "BJ BJ LJ LJ 5h 6h";
        assert_eq!(legal(&kept, trumps, "3h 3h", "5h 6h"), None);
        let none = protected(2, "pairs", "none");
        assert!(legal(&none, trumps, "3h 3h", "5h 6h").is_some());
    }

    #[test]
    fn tro_12_a_pair_lead_does_not_draw_a_triple() {
        let hand = "Qs Qs Qs 3s 4s";
        let none = protected(3, "pairs", "none");
        assert!(legal(&none, hand, "6s 6s", "3s 4s").is_some());
        let kept = protected(3, "pairs", "tuples");
        assert_eq!(legal(&kept, hand, "6s 6s", "3s 4s"), None);
        assert_eq!(legal(&kept, hand, "6s 6s", "Qs Qs"), None);
        // A triple lead draws the triple's pair as before.
        assert!(legal(&kept, hand, "6s 6s 6s", "Qs 3s 4s").is_some());
        let exact = protected(3, "exact", "tuples");
        assert_eq!(legal(&exact, hand, "6s 6s", "3s Qs"), None);
    }

    #[test]
    fn tro_14_both_protections() {
        let both = protected(3, "pairs", "tuples_and_tractors");
        let hand = "Qs Qs Ks Ks 9s 9s 9s 3s 4s";
        assert_eq!(legal(&both, hand, "6s 6s", "3s 4s"), None);
        let tractors = protected(3, "pairs", "tractors");
        assert!(legal(&tractors, hand, "6s 6s", "3s 4s").is_some());
        let tuples = protected(3, "pairs", "tuples");
        assert!(legal(&tuples, hand, "6s 6s", "3s 4s").is_some());
    }

    #[test]
    fn tro_10_combinations_that_mean_nothing_are_errors() {
        let o = |decks, follow: &str, protect: &str| Options {
            decks,
            follow_format: FollowFormat::parse(follow).unwrap(),
            follow_protect: FollowProtect::parse(protect).unwrap(),
            ..Options::defaults(Variant::Tractor)
        };
        for (opts, says) in [
            (
                o(2, "full", "tractors"),
                "needs follow_format pairs or exact",
            ),
            (
                o(2, "off", "tractors"),
                "needs follow_format pairs or exact",
            ),
            (o(2, "pairs", "tuples"), "needs decks 3"),
            (o(2, "pairs", "tuples_and_tractors"), "needs decks 3"),
        ] {
            let e =
                TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, opts).unwrap_err();
            assert!(e.0.contains(says) && e.0.contains("follow_protect"), "{e}");
        }
        assert!(FollowProtect::parse("some")
            .unwrap_err()
            .0
            .contains("TRO-10"));
        let mut opts = Options::defaults(Variant::Tractor);
        opts.set("follow_protect", OptionValue::Text("tractors".into()))
            .unwrap();
        assert_eq!(opts.follow_protect, FollowProtect::Tractors);
        assert!(opts.set("follow_protect", OptionValue::Bool(true)).is_err());
    }

    /// TRO-10: a protection only widens what is legal, and lists agree with counts.
    #[test]
    fn tro_10_protection_widens_the_legal_follows() {
        let none = protected(3, "pairs", "none");
        let hand = parse_cards("Qs Qs Ks Ks 9s 9s 9s 3s 4s 7s 7s").unwrap();
        for protect in ["tuples", "tractors", "tuples_and_tractors"] {
            let kept = protected(3, "pairs", protect);
            for lead in ["6s 6s", "6s 6s 5s 5s", "5s 5s 5s", "As 6s 6s", "6s"] {
                let lead = parse_cards(lead).unwrap();
                let plain = none.legal_follows(&hand, &lead, None).unwrap();
                let wide = kept.legal_follows(&hand, &lead, None).unwrap();
                assert!(plain.iter().all(|p| wide.contains(p)), "{protect}");
                assert_eq!(wide.len() as u64, kept.count_follows(&hand, &lead).unwrap());
                for p in &wide {
                    assert_eq!(kept.follow_error(&hand, &lead, p).unwrap(), None);
                }
            }
        }
    }

    #[test]
    fn counts_match_lists() {
        let r = rules("tractor", 'h', "full");
        let hand = parse_cards(HAND3).unwrap();
        let lead = parse_cards("6s 6s 7s 7s").unwrap();
        let all = r.legal_follows(&hand, &lead, None).unwrap();
        assert_eq!(all.len() as u64, r.count_follows(&hand, &lead).unwrap());
        assert_eq!(r.legal_follows(&hand, &lead, Some(1)).unwrap().len(), 1);
    }
}
