//! Bounded multisets of cards: listing, counting and indexing them in one fixed order.
//!
//! Plays, follows and burials are multisets (C-2). A [`Space`] is "every way to take
//! `size` more cards from `items` (at most the count of each), added to `base`, with at
//! least `need` disjoint pairs in all", in the order [`visit`] lists them: items in the
//! given order, more copies of an item first. [`Space::count`] and [`Space::nth`] use a
//! table of completions, so a huge space (a void follower's discards, a burial) is
//! counted and indexed without being listed.

use std::cell::RefCell;
use std::fmt;
use std::ops::Deref;

use crate::card::{Card, Counts, NUM_CARDS};

/// Cards with how many copies may be taken, in enumeration order.
pub type Items = Vec<(Card, u8)>;

/// [`Items`] held inline: at most one entry per card, so never more than
/// [`NUM_CARDS`]; making one allocates nothing.
#[derive(Clone, Copy)]
pub struct ItemList {
    entries: [(Card, u8); NUM_CARDS],
    len: u8,
}

impl ItemList {
    pub const fn new() -> ItemList {
        ItemList {
            entries: [(Card(0), 0); NUM_CARDS],
            len: 0,
        }
    }

    /// Appends an item; there is room for one per card.
    pub fn push(&mut self, item: (Card, u8)) {
        self.entries[self.len as usize] = item;
        self.len += 1;
    }
}

impl Default for ItemList {
    fn default() -> Self {
        ItemList::new()
    }
}

impl Deref for ItemList {
    type Target = [(Card, u8)];

    fn deref(&self) -> &[(Card, u8)] {
        &self.entries[..self.len as usize]
    }
}

impl fmt::Debug for ItemList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl IntoIterator for ItemList {
    type Item = (Card, u8);
    type IntoIter = std::iter::Take<std::array::IntoIter<(Card, u8), NUM_CARDS>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().take(self.len as usize)
    }
}

impl FromIterator<(Card, u8)> for ItemList {
    fn from_iter<I: IntoIterator<Item = (Card, u8)>>(iter: I) -> ItemList {
        let mut out = ItemList::new();
        for item in iter {
            out.push(item);
        }
        out
    }
}

/// Disjoint pairs in `counts` (a triple holds one).
pub fn pairs_in(counts: &Counts) -> u8 {
    counts.0.iter().map(|&n| n / 2).sum()
}

/// Visits every multiset of `size` more cards from `items[i..]` added to `acc` that holds
/// at least `need` disjoint pairs (counting `acc`'s); stops when `visit` returns false.
pub fn visit(
    items: &[(Card, u8)],
    i: usize,
    size: usize,
    need: u8,
    acc: &mut Counts,
    visit_one: &mut dyn FnMut(&Counts) -> bool,
) -> bool {
    // Suffix sums: cards, and disjoint pairs, that items[j..] can still give.
    let mut room = [0usize; NUM_CARDS + 1];
    let mut pairs = [0usize; NUM_CARDS + 1];
    for j in (0..items.len()).rev() {
        room[j] = room[j + 1] + items[j].1 as usize;
        pairs[j] = pairs[j + 1] + (items[j].1 / 2) as usize;
    }
    let held = pairs_in(acc) as usize;
    Walk {
        items,
        room: &room,
        pairs: &pairs,
        need: need as usize,
        visit_one,
    }
    .go(i, size, held, acc)
}

/// The state of one [`visit`]: the items, their suffix sums and the visitor.
struct Walk<'a> {
    items: &'a [(Card, u8)],
    room: &'a [usize],
    pairs: &'a [usize],
    need: usize,
    visit_one: &'a mut dyn FnMut(&Counts) -> bool,
}

impl Walk<'_> {
    fn go(&mut self, i: usize, size: usize, held: usize, acc: &mut Counts) -> bool {
        if size == 0 {
            return held < self.need || (self.visit_one)(acc);
        }
        if self.room[i] < size || held + self.pairs[i].min(size / 2) < self.need {
            return true;
        }
        let (card, n) = self.items[i];
        let before = acc.get(card);
        for take in (0..=n.min(size as u8)).rev() {
            acc.add(card, take);
            let gained = ((before + take) / 2 - before / 2) as usize;
            let go_on = self.go(i + 1, size - take as usize, held + gained, acc);
            acc.remove(card, take);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// What the items give a multiset that must hold some copies: the pairs held, the
/// cards the asked copies take, the room left, and the pairs the remaining cards can
/// still make, at one card each (an odd holding completed) or two.
#[derive(Clone, Copy, Default)]
struct Reach {
    pairs: usize,
    taken: usize,
    room: usize,
    ones: usize,
    twos: usize,
}

impl Reach {
    /// An item of `n` copies beside `before` in the base, `asked` copies required in
    /// all (at most `before + n`).
    fn of(before: u8, asked: u8, n: u8) -> Reach {
        let least = asked.saturating_sub(before);
        let held = before + least;
        let free = n - least;
        let first = u8::from(held % 2 == 1 && free > 0);
        Reach {
            pairs: (held / 2 - before / 2) as usize,
            taken: least as usize,
            room: free as usize,
            ones: first as usize,
            twos: ((free - first) / 2) as usize,
        }
    }

    fn plus(self, o: Reach) -> Reach {
        Reach {
            pairs: self.pairs + o.pairs,
            taken: self.taken + o.taken,
            room: self.room + o.room,
            ones: self.ones + o.ones,
            twos: self.twos + o.twos,
        }
    }

    fn minus(self, o: Reach) -> Reach {
        Reach {
            pairs: self.pairs - o.pairs,
            taken: self.taken - o.taken,
            room: self.room - o.room,
            ones: self.ones - o.ones,
            twos: self.twos - o.twos,
        }
    }

    /// Whether `size` cards in all can be taken with `need` pairs: the cards beyond the
    /// asked ones fit, and spent first on the one-card pairs, then two a pair, make
    /// enough (the most pairs any placement makes).
    fn fits(&self, size: usize, need: usize) -> bool {
        let Some(extra) = size.checked_sub(self.taken) else {
            return false;
        };
        let by_ones = self.ones.min(extra);
        extra <= self.room && self.pairs + by_ones + self.twos.min((extra - by_ones) / 2) >= need
    }
}

/// The completion table last filled on this thread, and the space it is for: a table
/// depends only on the items, the size and the pairs needed, so a space counted and
/// then indexed (a bot's choice, `num_legal` then `apply_legal`) fills it once.
#[derive(Default)]
struct Table {
    items: ItemList,
    size: usize,
    need: usize,
    filled: bool,
    ways: Vec<u64>,
}

thread_local! {
    static WAYS: RefCell<Table> = RefCell::new(Table::default());
}

/// A space of multisets, counted when made and indexed through a table of completions.
#[derive(Clone, Debug)]
pub struct Space {
    base: Counts,
    items: ItemList,
    size: usize,
    need: usize,
    count: u64,
}

impl Space {
    pub fn new(
        base: Counts,
        items: impl IntoIterator<Item = (Card, u8)>,
        size: usize,
        need: u8,
    ) -> Space {
        let mut space = Space {
            base,
            items: items.into_iter().collect(),
            size,
            need: need as usize,
            count: 0,
        };
        space.count = if space.one_more() {
            space.items.len() as u64
        } else {
            space.with_table(|ways| ways[space.at(0, size, space.start_pairs())])
        };
        space
    }

    /// Calls `f` with the completion table: `ways[self.at(i, s, p)]` completions take `s`
    /// more cards from `items[i..]` when `p` pairs (capped at `need`) are already held.
    fn with_table<R>(&self, f: impl FnOnce(&[u64]) -> R) -> R {
        let len = (self.items.len() + 1) * (self.size + 1) * (self.need + 1);
        WAYS.with_borrow_mut(|table| {
            let same = table.filled
                && table.size == self.size
                && table.need == self.need
                && *table.items == *self.items;
            if !same {
                if table.ways.len() < len {
                    table.ways.resize(len, 0);
                }
                self.fill(&mut table.ways[..len]);
                *table = Table {
                    items: self.items,
                    size: self.size,
                    need: self.need,
                    filled: true,
                    ways: std::mem::take(&mut table.ways),
                };
            }
            f(&table.ways[..len])
        })
    }

    /// One more card, the pairs already held: each item gives one multiset, in order.
    fn one_more(&self) -> bool {
        self.size == 1 && self.start_pairs() >= self.need
    }

    fn fill(&self, ways: &mut [u64]) {
        let (m, need) = (self.items.len(), self.need);
        let (sw, pw) = (self.size + 1, need + 1);
        for s in 0..sw {
            for p in 0..pw {
                ways[(m * sw + s) * pw + p] = (s == 0 && p >= need) as u64;
            }
        }
        for i in (0..m).rev() {
            let n = self.items[i].1 as usize;
            for s in 0..sw {
                for p in 0..pw {
                    let mut total = 0u64;
                    for t in 0..=n.min(s) {
                        let q = (p + t / 2).min(need);
                        total = total.saturating_add(ways[((i + 1) * sw + s - t) * pw + q]);
                    }
                    ways[(i * sw + s) * pw + p] = total;
                }
            }
        }
    }

    /// The same space without any copy of `card`; `None` when the base holds one
    /// (then every multiset of the space holds it).
    pub fn without(&self, card: Card) -> Option<Space> {
        if self.base.get(card) > 0 {
            return None;
        }
        let items = self.items.iter().copied().filter(|&(c, _)| c != card);
        Some(Space::new(self.base, items, self.size, self.need as u8))
    }

    /// The part of the space whose multisets hold all of `cards`, which holds each of its
    /// cards with every copy the space offers (a player's whole holding of a suit);
    /// `None` when no multiset of the space does.
    pub fn with_all(&self, cards: &Counts) -> Option<Space> {
        let mut base = self.base;
        let mut size = self.size;
        let mut items = ItemList::new();
        for &(card, n) in self.items.iter() {
            if cards.get(card) == 0 {
                items.push((card, n));
                continue;
            }
            debug_assert_eq!(
                base.get(card) + n,
                cards.get(card),
                "every copy is required"
            );
            size = size.checked_sub(n as usize)?;
            base.add(card, n);
        }
        if !base.contains(cards) {
            return None;
        }
        let space = Space::new(base, items.iter().copied(), size, self.need as u8);
        (space.count() > 0).then_some(space)
    }

    /// The most copies of each card a multiset of the space may hold.
    pub fn most(&self) -> Counts {
        let mut out = self.base;
        for &(card, n) in self.items.iter() {
            out.add(card, n);
        }
        out
    }

    /// Marks in `out` each card kind of which some multiset of the space holds one copy
    /// more than `picked` (and all of `picked`), answered from the items' bounds
    /// without listing: each item gives at least what is asked beyond the base, and the
    /// remaining cards go where they make the most pairs ([`Reach`]), as many pairs as
    /// [`visit`] counts. One pass over the items, then a constant time per kind.
    pub fn mark_kinds(&self, picked: &Counts, out: &mut [bool; NUM_CARDS]) {
        let most = self.most();
        if !most.contains(picked) {
            return;
        }
        let mut item_of = [None; NUM_CARDS];
        let mut total = Reach {
            pairs: pairs_in(&self.base) as usize,
            ..Reach::default()
        };
        let mut reach = [Reach::default(); NUM_CARDS];
        for (i, &(card, n)) in self.items.iter().enumerate() {
            item_of[card.index()] = Some(i);
            reach[i] = Reach::of(self.base.get(card), picked.get(card), n);
            total = total.plus(reach[i]);
        }
        let fits = total.fits(self.size, self.need);
        for (k, option) in out.iter_mut().enumerate() {
            if most.0[k] <= picked.0[k] {
                continue;
            }
            let before = self.base.0[k];
            *option |= match item_of[k] {
                Some(i) if before <= picked.0[k] => {
                    let (_, n) = self.items[i];
                    let more = Reach::of(before, picked.0[k] + 1, n);
                    total.minus(reach[i]).plus(more).fits(self.size, self.need)
                }
                _ => fits,
            };
        }
    }

    /// The space's cards, in enumeration order.
    pub fn item_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.items.iter().map(|&(c, _)| c)
    }

    fn start_pairs(&self) -> usize {
        (pairs_in(&self.base) as usize).min(self.need)
    }

    /// The index of `(i, s, p)` in the completion table.
    fn at(&self, i: usize, s: usize, p: usize) -> usize {
        (i * (self.size + 1) + s) * (self.need + 1) + p
    }

    pub fn count(&self) -> u64 {
        self.count
    }

    /// The `index`-th multiset in [`visit`] order, if there is one.
    pub fn nth(&self, mut index: u64) -> Option<Counts> {
        if index >= self.count {
            return None;
        }
        if self.one_more() {
            let (card, _) = self.items[index as usize];
            let mut out = self.base;
            out.add(card, 1);
            return Some(out);
        }
        self.with_table(|ways| {
            let mut out = self.base;
            let (mut s, mut p) = (self.size, self.start_pairs());
            for (i, &(card, n)) in self.items.iter().enumerate() {
                for t in (0..=(n as usize).min(s)).rev() {
                    let q = (p + t / 2).min(self.need);
                    let completions = ways[self.at(i + 1, s - t, q)];
                    if index < completions {
                        out.add(card, t as u8);
                        s -= t;
                        p = q;
                        break;
                    }
                    index -= completions;
                }
            }
            Some(out)
        })
    }

    /// The index of `multiset` in [`visit`] order (what [`Space::nth`] gives back), or
    /// `None` when the space does not hold it.
    pub fn position(&self, multiset: &Counts) -> Option<u64> {
        if !multiset.contains(&self.base) || multiset.len() != self.base.len() + self.size {
            return None;
        }
        let mut picked = *multiset;
        picked.remove_all(&self.base);
        if self.one_more() {
            let i = self.items.iter().position(|&(c, _)| picked.get(c) == 1)?;
            return (self.nth(i as u64)? == *multiset).then_some(i as u64);
        }
        let index = self.with_table(|ways| {
            let mut index = 0u64;
            let (mut s, mut p) = (self.size, self.start_pairs());
            for (i, &(card, n)) in self.items.iter().enumerate() {
                let take = picked.get(card) as usize;
                for t in (take + 1..=(n as usize).min(s)).rev() {
                    let q = (p + t / 2).min(self.need);
                    index = index.saturating_add(ways[self.at(i + 1, s - t, q)]);
                }
                s = s.checked_sub(take)?;
                p = (p + take / 2).min(self.need);
            }
            Some(index)
        })?;
        (self.nth(index)? == *multiset).then_some(index)
    }

    /// The first `limit` multisets, in order.
    pub fn list(&self, limit: usize) -> Vec<Counts> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        let mut acc = self.base;
        visit(
            &self.items,
            0,
            self.size,
            self.need as u8,
            &mut acc,
            &mut |c| {
                out.push(*c);
                out.len() < limit
            },
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn items(text: &str) -> Items {
        let counts = Counts::from_cards(&parse_cards(text).unwrap());
        (0..54)
            .map(|i| Card(i as u8))
            .filter(|&c| counts.get(c) > 0)
            .map(|c| (c, counts.get(c)))
            .collect()
    }

    #[test]
    fn nth_agrees_with_listing() {
        for need in 0..3 {
            for size in 0..6 {
                let space = Space::new(
                    Counts::default(),
                    items("5h 5h 7s 7s 7s 9d Kc Kc"),
                    size,
                    need,
                );
                let all = space.list(usize::MAX);
                assert_eq!(all.len() as u64, space.count(), "size {size} need {need}");
                for (i, c) in all.iter().enumerate() {
                    assert_eq!(space.nth(i as u64).as_ref(), Some(c));
                    assert!(pairs_in(c) >= need);
                    assert_eq!(c.len(), size);
                }
                assert_eq!(space.nth(all.len() as u64), None);
                for (i, c) in all.iter().enumerate() {
                    assert_eq!(space.position(c), Some(i as u64), "size {size} need {need}");
                }
            }
        }
    }

    #[test]
    fn position_refuses_what_the_space_does_not_hold() {
        let base = Counts::from_cards(&parse_cards("As").unwrap());
        let space = Space::new(base, items("5h 5h 7s 7s"), 2, 1);
        let of = |t: &str| Counts::from_cards(&parse_cards(t).unwrap());
        assert_eq!(space.position(&of("As 5h 7s")), None); // no pair
        assert_eq!(space.position(&of("5h 5h 7s")), None); // no base
        assert_eq!(space.position(&of("As 5h 5h 9d")), None); // too many, not held
        assert!(space.position(&of("As 5h 5h")).is_some());
        let one = Space::new(base, items("2c 3c"), 1, 0);
        assert_eq!(one.position(&of("As 3c")), Some(1));
        assert_eq!(one.position(&of("As 4c")), None);
    }

    #[test]
    fn base_is_always_included() {
        let base = Counts::from_cards(&parse_cards("As").unwrap());
        let space = Space::new(base, items("2c 3c"), 1, 0);
        assert_eq!(space.count(), 2);
        assert!(space
            .list(10)
            .iter()
            .all(|c| c.get(parse_cards("As").unwrap()[0]) == 1));
    }
}
