//! What a seat knows of a Fifty-K hand's tribute (FKO-42..FKO-48), of one deck or
//! several, as the determinizers of both keep it: the facts a deal is checked against
//! (`Seen::allows`) and those placed among the unseen cards before it (`tribute_musts`).

use crate::card::{Card, Counts, Rank, Suit, BJ, NUM_CARDS};
use crate::fifty_k::tribute::{exempts, single_order, FkTribute};
use crate::rng::Rng;

use super::assign::{Must, Place};

/// FKO-42..FKO-48: what a seat knows of the hand's tribute: who gave and who received,
/// the exemption (FKO-45), the card given (public) and the card returned (seen by the
/// giver and the receiver only), in a game of `decks` decks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seen {
    pub giver: usize,
    pub receiver: usize,
    pub decks: u8,
    pub exempt: bool,
    pub given: Option<Card>,
    pub returned: Option<Card>,
}

impl Seen {
    pub fn of(tribute: &FkTribute, seat: usize, decks: u8) -> Seen {
        let (giver, receiver) = (tribute.giver(), tribute.receiver());
        Seen {
            giver,
            receiver,
            decks,
            exempt: tribute.exempt(),
            given: tribute.tributed(),
            returned: tribute
                .returned()
                .filter(|_| seat == giver || seat == receiver),
        }
    }

    /// Whether the hands the exchange left (`start`) agree with what the seat knows:
    /// some card the giver holds was returned (the one seen, where it was) such that
    /// before the exchange the giver held nothing above the card given (FKO-44), the
    /// receiver held the card returned, and the giver was not exempt (FKO-45); an
    /// exempt giver holds every copy of the top card.
    pub fn allows(&self, start: &[Counts]) -> bool {
        let (giver, receiver) = (&start[self.giver], &start[self.receiver]);
        let Some(given) = self.given else {
            return !self.exempt || exempts(giver, self.decks);
        };
        let top = single_order(given);
        let returned = |x: Card| {
            if giver.get(x) == 0 || (x != given && receiver.get(given) == 0) {
                return false;
            }
            let mut before = *giver;
            before.remove(x, 1);
            before.add(given, 1);
            !exempts(&before, self.decks)
                && before.to_cards().iter().all(|&c| single_order(c) <= top)
        };
        match self.returned {
            Some(x) => returned(x),
            None => giver.to_cards().into_iter().any(returned),
        }
    }

    /// FKO-45: the cards an exempt giver holds every copy of: the four 2s with one deck,
    /// the big joker with several.
    fn top_cards(&self) -> Vec<Card> {
        if self.decks == 1 {
            Suit::ALL.map(|s| Card::new(Rank::TWO, s)).to_vec()
        } else {
            vec![BJ]
        }
    }
}

/// FKO-46, FKO-48: for a seat that did not see the card returned, one to sample a world
/// with: the card given, once the giver played more copies of it than it kept (it came
/// back); a card above it that the giver played (only the card returned can be); else
/// one of the unseen cards (`pool`), else the card given. None when no tribute was paid.
pub(super) fn draw_returned(
    seen: &Seen,
    played: &[Counts],
    pool: &Counts,
    rng: &mut Rng,
) -> Option<Card> {
    let given = seen.given?;
    if played[seen.giver].get(given) >= seen.decks {
        return Some(given);
    }
    let top = single_order(given);
    let shown = played[seen.giver].to_cards();
    if let Some(&card) = shown.iter().find(|&&c| single_order(c) > top) {
        return Some(card);
    }
    let unseen = pool.to_cards();
    if unseen.is_empty() {
        return Some(given);
    }
    Some(unseen[rng.below(unseen.len() as u64) as usize])
}

/// What the tribute places among the unseen cards `pool` (the other facts
/// `Seen::allows` checks once dealt), beyond the cards `known` in each seat's hand (seen
/// or played): an exempt giver's copies of the top card (FKO-45); a copy of the card
/// given in the receiver's hand unless it came back; the card `returned` (seen, or drawn
/// for a seat that did not see it) in the giver's, the only card there above the card
/// given (FKO-44, FKO-46). `place` maps a seat to its index among `places`.
pub(super) fn tribute_musts(
    seen: &Seen,
    returned: Option<Card>,
    pool: &Counts,
    known: &[Counts],
    place: &dyn Fn(usize) -> Option<usize>,
    places: &mut [Place],
    musts: &mut Vec<Must>,
) {
    let mut must = |seat: usize, card: Card, copies: u8| {
        let missing = copies.saturating_sub(known[seat].get(card));
        if let Some(i) = place(seat).filter(|_| missing > 0 && pool.get(card) > 0) {
            musts.push(Must {
                places: 1 << i,
                card,
                copies: missing.min(pool.get(card)),
            });
        }
    };
    let Some(given) = seen.given else {
        if seen.exempt {
            let copies = if seen.decks == 1 { 1 } else { seen.decks };
            for card in seen.top_cards() {
                must(seen.giver, card, copies);
            }
        }
        return;
    };
    let Some(returned) = returned else {
        return;
    };
    if returned != given {
        must(seen.receiver, given, 1);
    }
    must(seen.giver, returned, 1);
    if let Some(i) = place(seen.giver) {
        for card in (0..NUM_CARDS as u8).map(Card) {
            if single_order(card) > single_order(given) {
                let room = u8::from(card == returned).saturating_sub(known[seen.giver].get(card));
                places[i].limit(card, room);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifty_k::pile::Pile;
    use crate::fifty_k::pile_turns::PilePlay;
    use crate::fifty_k::test_support::random_pile_plays;
    use crate::fifty_k::FkRules;
    use crate::phases::{fifty_k_deal_decks, trick_deck, Phase};
    use crate::sample::fifty_k::{FkHands, FkWorld, Position};
    use crate::sample::sample_piles_world;

    const THREE_H: Card = Card::new(Rank::THREE, Suit::HEARTS);

    /// The games of several decks the tests deal: (decks, players).
    const GAMES: [(u8, usize); 4] = [(2, 4), (3, 6), (2, 6), (3, 4)];

    /// `card` moved from `from`'s hand to `to`'s, and `back` from `to`'s to `from`'s.
    fn trade(hands: &mut [Counts], from: usize, to: usize, card: Card, back: Card) {
        hands[from].remove(card, 1);
        hands[to].add(card, 1);
        hands[to].remove(back, 1);
        hands[from].add(back, 1);
    }

    /// A hand of `decks` decks and `players` players after its tribute (seat `giver` to
    /// the next seat, of the other team with teams, FKO-43; the return the `back`-th
    /// legal one) and `plays` random actions of its play. Where `back % 7` is 6 the giver
    /// is dealt all n big jokers (exempt, FKO-45); where it is 5 its jokers, 2s and aces
    /// go to the others (the card given a king or lower, FKO-44).
    fn tributed(
        seed: u64,
        (decks, players): (u8, usize),
        giver: usize,
        back: u64,
        plays: u64,
    ) -> (FkTribute, PilePlay) {
        let deal = fifty_k_deal_decks(seed, players, decks, None, None).unwrap();
        let mut hands: Vec<Counts> = deal.hands.iter().map(|h| Counts::from_cards(h)).collect();
        let low = |hand: &Counts, under: u8| {
            hand.to_cards()
                .into_iter()
                .find(|&c| single_order(c) < under && c != THREE_H)
        };
        let other = (giver + 1 + seed as usize % (players - 1)) % players;
        if back % 7 == 6 {
            while hands[giver].get(BJ) < decks {
                let holder = (0..players).find(|&s| s != giver && hands[s].get(BJ) > 0);
                let spare = low(&hands[giver], 14).unwrap();
                trade(&mut hands, holder.unwrap(), giver, BJ, spare);
            }
        }
        if back % 7 == 5 {
            for card in hands[giver].to_cards() {
                if single_order(card) >= single_order(Card::new(Rank::ACE, Suit::SPADES)) {
                    if let Some(spare) = low(&hands[other], 8) {
                        trade(&mut hands, giver, other, card, spare);
                    }
                }
            }
        }
        let first = (0..players).map(|i| (deal.leader + i) % players);
        let leader = first.clone().find(|&s| hands[s].get(THREE_H) > 0).unwrap();
        let mut tribute = FkTribute::new(hands, giver, (giver + 1) % players, decks).unwrap();
        if !tribute.exempt() {
            tribute.apply_legal(0).unwrap();
            tribute.apply_legal(back % tribute.num_legal()).unwrap();
        }
        // FKO-47: the giver leads after a tribute; FKO-24 after an exemption.
        let leader = if tribute.exempt() { leader } else { giver };
        let piles = tribute
            .hands()
            .iter()
            .map(|h| Pile::from_cards(&h.to_cards(), decks).unwrap())
            .collect();
        let mut play = PilePlay::new(piles, leader, FkRules::default()).unwrap();
        random_pile_plays(&mut play, plays, seed);
        (tribute, play)
    }

    /// FKO-44..FKO-46 from the rule text: whether the hands an exchange left (`start`)
    /// come from the giver giving `given` and getting `x` back: the giver holds `x`, the
    /// receiver `given` unless `x` is it, and before the exchange the giver held nothing
    /// above `given` in the single-card order and fewer than n big jokers.
    fn exchanged(start: &[Counts], t: &FkTribute, decks: u8, given: Card, x: Card) -> bool {
        let holds = |seat: usize, card: Card| start[seat].get(card) > 0;
        // FKO-46: the giver holds what came back; the receiver kept the tribute unless
        // it gave that very card back.
        if !holds(t.giver(), x) || !(x == given || holds(t.receiver(), given)) {
            return false;
        }
        let mut dealt = start[t.giver()];
        dealt.remove(x, 1);
        dealt.add(given, 1);
        // FKO-44: the card given was the giver's highest; FKO-45: not all n big jokers.
        let highest = dealt.to_cards().into_iter().map(single_order).max();
        highest == Some(single_order(given)) && dealt.get(BJ) < decks
    }

    /// Tribute hands of many seeds at 2 and 3 decks, 4 and 6 players (some exempt, some
    /// with a weak giver), every seat's world from `sample` agreeing with what the seat
    /// knows (FKO-42..FKO-48), the giver not made to hold a 3h, seldom the real hands.
    fn keeps_the_tribute(sample: &dyn Fn(&PilePlay, usize, &FkTribute, u64) -> FkWorld<PilePlay>) {
        let (mut paid, mut exempt, mut weak, mut hidden, mut real) = (0, 0, 0, 0, 0);
        let (mut open_three, mut giver_three) = (0, 0);
        for seed in 0..48u64 {
            let game = GAMES[seed as usize % GAMES.len()];
            let (decks, players) = game;
            let giver = (seed / 4) as usize % players;
            let (tribute, play) = tributed(seed, game, giver, seed / 3, seed * 7 % 40);
            let receiver = tribute.receiver();
            for seat in 0..players {
                let world = sample(&play, seat, &tribute, seed);
                let (a, start) = (&world.play, &world.start);
                assert_eq!(a.log(), play.log());
                assert_eq!((a.to_act(), a.hand(seat)), (play.to_act(), play.hand(seat)));
                for s in 0..players {
                    assert_eq!(a.hand(s).len(), play.hand(s).len());
                }
                let mut all = Counts::default();
                start.iter().for_each(|h| all.add_all(h));
                assert_eq!(all, Counts::from_cards(&trick_deck(decks)));
                hidden += 1;
                real += usize::from(start == tribute.hands());
                let context = format!("seed {seed} {game:?} seat {seat}");
                if tribute.exempt() {
                    // FKO-45: an exempt giver holds all n big jokers; FKO-24: the first
                    // leader a 3h.
                    assert_eq!(start[giver].get(BJ), decks, "{context}");
                    assert!(start[play.first_actor()].get(THREE_H) > 0, "{context}");
                    exempt += 1;
                    continue;
                }
                paid += 1;
                // FKO-47: the giver leads.
                assert_eq!(a.first_actor(), giver, "{context}");
                let given = tribute.tributed().unwrap();
                weak += usize::from(single_order(given) < single_order(BJ) - 3);
                if seat == giver || seat == receiver {
                    // FKO-48: the card returned where it went.
                    let returned = tribute.returned().unwrap();
                    assert!(
                        exchanged(start, &tribute, decks, given, returned),
                        "{context}"
                    );
                } else {
                    let some = start[giver]
                        .to_cards()
                        .into_iter()
                        .any(|x| exchanged(start, &tribute, decks, given, x));
                    assert!(some, "{context}: no card returned agrees");
                }
                // FKO-47: the giver leads whoever holds a 3h (no world puts one there).
                if seat != giver && start[seat].get(THREE_H) == 0 {
                    open_three += 1;
                    giver_three += usize::from(start[giver].get(THREE_H) > 0);
                }
            }
        }
        assert!(
            paid > 150 && exempt > 10 && weak > 10,
            "{paid} paid, {exempt} exempt, {weak} weak"
        );
        assert!(
            real * 20 < hidden,
            "{real} of {hidden} samples are the real hands"
        );
        assert!(
            giver_three * 10 < open_three * 9,
            "the giver held a 3h in {giver_three} of {open_three}"
        );
    }

    #[test]
    fn fko_42_to_fko_48_a_sample_of_several_decks_keeps_what_the_seat_knows_of_the_tribute() {
        keeps_the_tribute(&|play, seat, tribute, seed| {
            sample_piles_world(play, seat, Some(tribute), seed)
        });
    }

    /// The fallback once no constrained deal agrees, on its own with several decks: a
    /// chain of swaps from the real hands that keeps every fact and moves away from them.
    #[test]
    fn fko_42_to_fko_48_the_fallback_of_several_decks_keeps_the_facts() {
        keeps_the_tribute(&|play, seat, tribute, seed| {
            Position::new(play, seat, Some(tribute)).swapped(&mut Rng::new(seed))
        });
    }

    /// FKO-48: a seat that saw neither side of the return samples the same worlds
    /// whatever card came back (twins: one deal, two returns).
    #[test]
    fn fko_48_a_seat_that_did_not_see_the_return_of_several_decks_samples_alike() {
        let mut differ = 0;
        for seed in 0..32u64 {
            let game = GAMES[seed as usize % GAMES.len()];
            let players = game.1;
            let giver = seed as usize % players;
            let (one, first) = tributed(seed, game, giver, 0, 0);
            if one.exempt() {
                continue;
            }
            let (other, second) = tributed(seed, game, giver, 1 + seed % 4, 0);
            assert_ne!(one.returned(), other.returned());
            for seat in (0..players).filter(|&s| s != giver && s != one.receiver()) {
                let a = sample_piles_world(&first, seat, Some(&one), seed).start;
                let b = sample_piles_world(&second, seat, Some(&other), seed).start;
                assert_eq!(a, b, "seed {seed}: seat {seat} learned the card returned");
                differ += usize::from(a != one.hands());
            }
        }
        assert!(differ > 50, "the samples are the real hands: {differ}");
    }

    /// The same seed gives the same world; other seeds other worlds.
    #[test]
    fn fko_42_a_sample_of_several_decks_after_a_tribute_is_the_same_for_the_same_seed() {
        let (tribute, play) = tributed(3, (2, 4), 1, 2, 9);
        for seat in 0..4 {
            let world = |seed| sample_piles_world(&play, seat, Some(&tribute), seed).start;
            assert_eq!(world(7), world(7));
            assert_ne!(world(7), world(8));
        }
    }
}
