//! Constrained random assignment: the cards a seat cannot see, dealt to the places they
//! may be (other hands, a hidden kitty, undealt cards), each place taking exactly its
//! number of cards, at most its cap of each card, and the known cards first.

use crate::card::{Card, Counts, NUM_CARDS};
use crate::rng::Rng;

/// Where unseen cards go: how many it takes and at most how many copies of each card
/// the public facts allow there.
#[derive(Clone, Debug)]
pub struct Place {
    pub room: usize,
    pub cap: [u8; NUM_CARDS],
}

impl Place {
    /// A place of `room` cards with no limit but the decks (`u8::MAX`).
    pub fn open(room: usize) -> Place {
        Place {
            room,
            cap: [u8::MAX; NUM_CARDS],
        }
    }

    /// Lowers the cap of `card` to `n`.
    pub fn limit(&mut self, card: Card, n: u8) {
        let cap = &mut self.cap[card.index()];
        *cap = (*cap).min(n);
    }
}

/// At least `copies` copies of `card` are in the places of the bit mask `places`
/// (a known card: declared, revealed, the leader's 3h; or one that beat a throw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Must {
    pub places: u32,
    pub card: Card,
    pub copies: u8,
}

/// One place of `mask` that may take a copy of `card`, drawn with weight its room left
/// (the weight a uniform deal gives it); None when none may.
fn pick(
    mask: u32,
    card: Card,
    places: &[Place],
    out: &[Counts],
    room: &[usize],
    rng: &mut Rng,
) -> Option<usize> {
    let open = |i: usize| {
        mask & (1 << i) != 0 && room[i] > 0 && out[i].get(card) < places[i].cap[card.index()]
    };
    let total: usize = (0..places.len())
        .filter(|&i| open(i))
        .map(|i| room[i])
        .sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.below(total as u64) as usize;
    (0..places.len()).filter(|&i| open(i)).find(|&i| {
        if r < room[i] {
            true
        } else {
            r -= room[i];
            false
        }
    })
}

/// Deals `pool` (exactly as many cards as the places' rooms) to `places`: first the
/// copies `musts` require, then every other copy, the most constrained cards (fewest
/// places that may take them) first, each to a place that may take it drawn with weight
/// its room left. For cards no cap constrains this is a uniform deal. None when it runs
/// into a dead end (the caller tries again).
pub fn assign(
    pool: &Counts,
    places: &[Place],
    musts: &[Must],
    rng: &mut Rng,
) -> Option<Vec<Counts>> {
    let mut room: Vec<usize> = places.iter().map(|p| p.room).collect();
    if room.iter().sum::<usize>() != pool.len() {
        return None;
    }
    let mut out = vec![Counts::default(); places.len()];
    let mut left = *pool;
    for m in musts {
        let have: u8 = (0..places.len())
            .filter(|&i| m.places & (1 << i) != 0)
            .map(|i| out[i].get(m.card))
            .sum();
        for _ in have..m.copies {
            if left.get(m.card) == 0 {
                return None;
            }
            let i = pick(m.places, m.card, places, &out, &room, rng)?;
            out[i].add(m.card, 1);
            room[i] -= 1;
            left.remove(m.card, 1);
        }
    }
    let all = (1u32 << places.len()) - 1;
    let mut copies = left.to_cards();
    rng.shuffle(&mut copies);
    let reach = |c: Card| {
        (0..places.len())
            .filter(|&i| places[i].cap[c.index()] > 0 && room[i] > 0)
            .count()
    };
    copies.sort_by_cached_key(|&c| reach(c));
    for c in copies {
        let i = pick(all, c, places, &out, &room, rng)?;
        out[i].add(c, 1);
        room[i] -= 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    #[test]
    fn every_place_gets_its_room_and_caps_hold() {
        let pool = counts("As Ks Qs Js Ah Kh Qh Jh 2c 3c");
        let mut void = Place::open(4);
        for c in parse_cards("As Ks Qs Js").unwrap() {
            void.limit(c, 0);
        }
        let places = [void, Place::open(3), Place::open(3)];
        for seed in 0..200 {
            let out = assign(&pool, &places, &[], &mut Rng::new(seed)).unwrap();
            assert_eq!(out.iter().map(|o| o.len()).collect::<Vec<_>>(), [4, 3, 3]);
            let mut all = Counts::default();
            out.iter().for_each(|o| all.add_all(o));
            assert_eq!(all, pool);
            assert!(parse_cards("As Ks Qs Js")
                .unwrap()
                .iter()
                .all(|&c| out[0].get(c) == 0));
        }
    }

    #[test]
    fn musts_are_placed_in_their_places() {
        let pool = counts("2h 2h 3c 4c 5c 6c");
        let must = Must {
            places: 0b10,
            card: parse_cards("2h").unwrap()[0],
            copies: 2,
        };
        for seed in 0..50 {
            let out = assign(
                &pool,
                &[Place::open(3), Place::open(3)],
                &[must],
                &mut Rng::new(seed),
            );
            assert_eq!(out.unwrap()[1].get(must.card), 2);
        }
        let three = Must { copies: 3, ..must };
        assert_eq!(
            assign(
                &pool,
                &[Place::open(3), Place::open(3)],
                &[three],
                &mut Rng::new(0)
            ),
            None
        );
    }

    #[test]
    fn unconstrained_cards_are_dealt_uniformly() {
        // One card, two places of rooms 1 and 3: it lands in the first a quarter of the time.
        let pool = counts("As 2c 3c 4c");
        let places = [Place::open(1), Place::open(3)];
        let ace = parse_cards("As").unwrap()[0];
        let first = (0..4000)
            .filter(|&s| assign(&pool, &places, &[], &mut Rng::new(s)).unwrap()[0].get(ace) == 1)
            .count();
        assert!((800..1200).contains(&first), "{first}");
    }
}
