//! A trick play chosen card by card (the environments' action space): which card kinds
//! the seat to act may pick next so that its picks still lead to a legal play, and
//! whether the picks are one.

use crate::card::{Card, Counts, NUM_CARDS};

use super::moves::Moves;
use super::play::TrickPlay;

/// The card kinds that may be picked next (by `Card::index`), and whether the picks so
/// far are a legal play.
pub type PickOptions = ([bool; NUM_CARDS], bool);

impl TrickPlay {
    /// The options of the seat to act having picked `picked` (copies of its own cards):
    /// a kind may be picked when some legal play holds the picks and one more of it; the
    /// picks are a play when they are a legal one. A lead where throws are allowed (C-24)
    /// is any legal multiset of one effective suit, too many to list: a kind may be
    /// picked there when the picks with it, or with the whole of its effective suit
    /// held, are a legal lead. Nothing may be picked when the hand is over.
    pub fn pick_options(&mut self, picked: &Counts) -> PickOptions {
        self.options_by(picked, kinds_held)
    }

    /// [`Self::pick_options`] found by listing the plays: slow on a huge follow, kept as
    /// the oracle the tests and the benchmark compare the structural answer with.
    pub fn pick_options_listed(&mut self, picked: &Counts) -> PickOptions {
        self.options_by(picked, kinds_listed)
    }

    /// The options, a follow's (and a lead's without throws) kinds found by `kinds`.
    fn options_by(
        &mut self,
        picked: &Counts,
        kinds: fn(&Moves, &Counts) -> [bool; NUM_CARDS],
    ) -> PickOptions {
        let Some(seat) = self.to_act() else {
            return ([false; NUM_CARDS], false);
        };
        if self.trick().next().is_none() && self.rules().opts.throws {
            return self.lead_pick_options(seat, picked);
        }
        let done = !picked.is_empty() && self.play_error(seat, picked).is_none();
        (kinds(self.moves(), picked), done)
    }

    fn lead_pick_options(&self, seat: usize, picked: &Counts) -> PickOptions {
        let rules = self.rules();
        let hand = self.hand(seat);
        let first = (0..NUM_CARDS).find(|&k| picked.0[k] > 0);
        let suit = |k: usize| rules.suit_of(Card::from_index(k).expect("a card index"));
        let mut cards = [false; NUM_CARDS];
        // Whether the whole of each effective suit held may be led, found once a suit.
        let mut whole: [Option<bool>; 8] = [None; 8];
        for (k, option) in cards.iter_mut().enumerate() {
            if hand.0[k] <= picked.0[k] || first.is_some_and(|f| suit(f) != suit(k)) {
                continue;
            }
            let s = suit(k);
            let mut whole_leads = || {
                *whole[s as usize]
                    .get_or_insert_with(|| self.play_error(seat, &rules.in_suit(hand, s)).is_none())
            };
            let mut more = *picked;
            more.0[k] += 1;
            *option = if picked.is_empty() {
                // A single first: a simple play (C-24), cheap to check and nearly always
                // a lead (not the call card a grab forbids, R5-22).
                self.play_error(seat, &more).is_none() || whole_leads()
            } else {
                whole_leads() || self.play_error(seat, &more).is_none()
            };
        }
        let done = !picked.is_empty() && self.play_error(seat, picked).is_none();
        (cards, done)
    }
}

/// C-30, C-31: the kinds some play holds with the picks and one more copy, asked of the
/// plays' structure (a follow can have hundreds of thousands of plays).
fn kinds_held(moves: &Moves, picked: &Counts) -> [bool; NUM_CARDS] {
    let mut cards = [false; NUM_CARDS];
    moves.mark_kinds(picked, &mut cards);
    cards
}

/// The same kinds found by walking the plays a chunk at a time, stopping once every kind
/// a play may add is found.
fn kinds_listed(moves: &Moves, picked: &Counts) -> [bool; NUM_CARDS] {
    let most = moves.most();
    let mut cards = [false; NUM_CARDS];
    let mut open = (0..NUM_CARDS).filter(|&k| most.0[k] > picked.0[k]).count();
    let (total, mut seen, mut chunk) = (moves.count(), 0usize, 256usize);
    while open > 0 && (seen as u64) < total {
        let plays = moves.list(chunk);
        for play in &plays[seen..] {
            if !play.contains(picked) {
                continue;
            }
            for (k, option) in cards.iter_mut().enumerate() {
                if play.0[k] > picked.0[k] && !*option {
                    *option = true;
                    open -= 1;
                }
            }
            if open == 0 {
                break;
            }
        }
        seen = plays.len();
        chunk = chunk.saturating_mul(8);
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::rng::Rng;
    use crate::trick::order::{Bombs, FollowFormat, Options, TrickRules, Variant};
    use crate::trick::{Call, CallMode};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn tractor() -> TrickRules {
        let v = Variant::Tractor;
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    fn kinds(text: &str) -> [bool; NUM_CARDS] {
        let mut out = [false; NUM_CARDS];
        for c in parse_cards(text).unwrap() {
            out[c.index()] = true;
        }
        out
    }

    #[test]
    fn c_30_a_follow_picks_only_cards_of_some_legal_play() {
        // A pair of spades led: seat 1 must follow with its pair of queens (C-31).
        let hands = ["As As 3d 5c", "Qs Qs Ks 4d", "3s 4s 6d 7c", "Ts Ts 8d 9c"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        p.apply(0, &counts("As As")).unwrap();
        assert_eq!(p.pick_options(&Counts::default()), (kinds("Qs"), false));
        assert_eq!(p.pick_options(&counts("Qs")), (kinds("Qs"), false));
        assert_eq!(p.pick_options(&counts("Qs Qs")), (kinds(""), true));
    }

    #[test]
    fn c_24_a_lead_picks_cards_of_one_suit_that_may_still_be_led() {
        let hands = ["As Ks 3s 4d", "Qs Qs 4c 5d", "3c 4s 6d 7d", "Ts Ts 8d 9d"]
            .map(counts)
            .to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        let (any, done) = p.pick_options(&Counts::default());
        assert_eq!((any, done), (kinds("As Ks 3s 4d"), false));
        let (spades, done) = p.pick_options(&counts("As"));
        assert_eq!((spades, done), (kinds("Ks 3s"), true));
        let whole = p.rules().in_suit(p.hand(0), 0);
        for k in (0..NUM_CARDS).filter(|&k| spades[k]) {
            let mut more = counts("As");
            more.0[k] += 1;
            assert!(p.play_error(0, &more).is_none() || p.play_error(0, &whole).is_none());
        }
    }

    /// A random position of `variant` under `format`: the decks shuffled and cut into
    /// sorted runs (long suits, pairs and voids, so huge follows come up), dealt in
    /// blocks; in Red Five a call card, forbidding grabs half the time (R5-22).
    fn random_play(rng: &mut Rng, variant: Variant, format: FollowFormat) -> TrickPlay {
        random_play_with(rng, variant, format, Bombs::None)
    }

    /// [`random_play`] with `bombs` (TRO-160): other than none, four decks.
    fn random_play_with(
        rng: &mut Rng,
        variant: Variant,
        format: FollowFormat,
        bombs: Bombs,
    ) -> TrickPlay {
        let mut opts = Options::defaults(variant);
        opts.follow_format = format;
        opts.bombs = bombs;
        if bombs != Bombs::None {
            opts.decks = 4;
        }
        opts.throws = rng.below(4) > 0;
        let players = match variant {
            Variant::RedFive5p => 5,
            _ => 4,
        };
        let (trump, level) = match variant {
            Variant::Tractor => (
                Some(Suit(rng.below(4) as u8)).filter(|_| rng.below(5) > 0),
                Rank(rng.below(13) as u8),
            ),
            _ => (Some(Suit(rng.below(4) as u8)), Rank::TWO),
        };
        let rules = TrickRules::new(variant, trump, level, opts).unwrap();
        let mut deck: Vec<usize> = (0..NUM_CARDS)
            .flat_map(|k| std::iter::repeat_n(k, opts.decks as usize))
            .collect();
        rng.shuffle(&mut deck);
        let mut at = 0;
        while at < deck.len() {
            let end = (at + 1 + rng.below(20) as usize).min(deck.len());
            deck[at..end].sort_unstable();
            at = end;
        }
        let size = deck.len() / players;
        if bombs != Bombs::None {
            // Each seat gets every copy of three kinds: bombs to play (TRO-160).
            let mut kept: Vec<usize> = Vec::new();
            for i in 0..players {
                for _ in 0..3 {
                    let k = rng.below(NUM_CARDS as u64) as usize;
                    if kept.contains(&k) {
                        continue;
                    }
                    kept.push(k);
                    for pos in (0..deck.len()).filter(|&pos| pos / size != i) {
                        if deck[pos] == k {
                            let q = loop {
                                let q = i * size + rng.below(size as u64) as usize;
                                if !kept.contains(&deck[q]) {
                                    break q;
                                }
                            };
                            deck.swap(pos, q);
                        }
                    }
                }
            }
        }
        let hands = (0..players)
            .map(|i| {
                let mut h = Counts::default();
                deck[i * size..(i + 1) * size]
                    .iter()
                    .for_each(|&k| h.0[k] += 1);
                h
            })
            .collect();
        let mut p = TrickPlay::new(rules, hands, rng.below(players as u64) as usize).unwrap();
        if variant != Variant::Tractor {
            let call = Call {
                card: Card::from_index(rng.below(NUM_CARDS as u64) as usize).unwrap(),
                declarer: 0,
                mode: CallMode::FirstPlay,
                forbid_grab: rng.below(2) == 0,
            };
            p.set_call(call).unwrap();
        }
        p
    }

    #[test]
    fn c_30_c_31_picks_on_the_structure_agree_with_listing_the_plays() {
        let variants = [Variant::RedFive4p, Variant::RedFive5p, Variant::Tractor];
        let formats = [
            FollowFormat::Exact,
            FollowFormat::Pairs,
            FollowFormat::Full,
            FollowFormat::Off,
        ];
        let mut rng = Rng::new(7);
        let (mut checked, mut huge) = (0usize, 0usize);
        for round in 0..24 {
            let variant = variants[round % 3];
            let format = formats[round / 3 % 4];
            let mut p = random_play(&mut rng, variant, format);
            while p.to_act().is_some() {
                let count = p.moves().count();
                // The oracle lists the plays; a few hundred thousand is its limit here.
                if count <= 400_000 {
                    huge += usize::from(count > 10_000);
                    let mut picked = Counts::default();
                    loop {
                        let fast = p.pick_options(&picked);
                        assert_eq!(fast, p.pick_options_listed(&picked), "picked {picked:?}");
                        checked += 1;
                        let open: Vec<usize> = (0..NUM_CARDS).filter(|&k| fast.0[k]).collect();
                        if open.is_empty() || (fast.1 && rng.below(3) == 0) {
                            break;
                        }
                        picked.0[open[rng.below(open.len() as u64) as usize]] += 1;
                    }
                }
                let index = rng.below(count);
                p.apply_legal(index).unwrap();
            }
        }
        assert!(
            checked > 5_000 && huge > 0,
            "{checked} picks, {huge} huge follows"
        );
    }

    #[test]
    fn tro_162_every_bomb_is_reached_through_the_picks() {
        // Four decks with bombs: the leader often leads a quadruple it holds, a follower
        // often plays a bomb. At each follow, the structure agrees with the listing, and
        // each bomb the follower may play is picked card by card, a legal play at the end.
        let formats = [FollowFormat::Pairs, FollowFormat::Full, FollowFormat::Exact];
        let mut rng = Rng::new(13);
        let mut bombs_picked = 0usize;
        for round in 0..30 {
            let bombs = [Bombs::AnySuit, Bombs::SuitFollowing][round % 2];
            let mut p = random_play_with(&mut rng, Variant::Tractor, formats[round % 3], bombs);
            while let Some(seat) = p.to_act() {
                let hand = *p.hand(seat);
                let quads: Vec<Counts> = (0..NUM_CARDS)
                    .filter(|&k| hand.0[k] == 4)
                    .map(|k| {
                        let mut q = Counts::default();
                        q.0[k] = 4;
                        q
                    })
                    .collect();
                let Some(lead) = p.lead().cloned() else {
                    let index = match quads.first() {
                        Some(q) if rng.below(4) > 0 => p.moves().position(q).unwrap(),
                        _ => rng.below(p.moves().count()),
                    };
                    p.apply_legal(index).unwrap();
                    continue;
                };
                let playable = p.rules().bombs_playable(&hand, &lead);
                for bomb in &playable {
                    let mut picked = Counts::default();
                    for _ in 0..4 {
                        let k = bomb.first().unwrap().index();
                        let options = p.pick_options(&picked);
                        assert!(options.0[k], "{bombs:?}: a bomb not reachable");
                        if p.moves().count() <= 400_000 {
                            assert_eq!(options, p.pick_options_listed(&picked));
                        }
                        picked.0[k] += 1;
                    }
                    assert!(p.pick_options(&picked).1, "{bombs:?}: a bomb not a play");
                    bombs_picked += 1;
                }
                let index = match playable.first() {
                    Some(b) if rng.below(2) == 0 => p.moves().position(b).unwrap(),
                    _ => rng.below(p.moves().count()),
                };
                p.apply_legal(index).unwrap();
            }
        }
        assert!(bombs_picked > 15, "{bombs_picked} bombs picked");
    }

    #[test]
    fn c_24_a_lead_may_start_with_a_card_led_alone_or_in_its_whole_suit() {
        // The first pick of a lead allows exactly the kinds held that lead alone (C-24)
        // or in the whole of their effective suit held (a throw; R5-22's call card may
        // be neither while a grab is forbidden).
        let variants = [Variant::RedFive4p, Variant::RedFive5p, Variant::Tractor];
        let mut rng = Rng::new(11);
        let (mut leads, mut refused) = (0usize, 0usize);
        for round in 0..24 {
            let mut p = random_play(&mut rng, variants[round % 3], FollowFormat::Pairs);
            while let Some(seat) = p.to_act() {
                if p.trick().next().is_none() && p.rules().opts.throws {
                    let (cards, done) = p.pick_options(&Counts::default());
                    assert!(!done);
                    let hand = *p.hand(seat);
                    for (k, &allowed) in cards.iter().enumerate() {
                        let mut single = Counts::default();
                        single.0[k] = 1;
                        let suit = p.rules().suit_of(Card::from_index(k).unwrap());
                        let whole = p.rules().in_suit(&hand, suit);
                        let may_lead = p.play_error(seat, &single).is_none()
                            || p.play_error(seat, &whole).is_none();
                        assert_eq!(allowed, hand.0[k] > 0 && may_lead, "kind {k}");
                        refused += usize::from(hand.0[k] > 0 && !allowed);
                    }
                    leads += 1;
                }
                let index = rng.below(p.moves().count());
                p.apply_legal(index).unwrap();
            }
        }
        assert!(leads > 100, "{leads} leads, {refused} kinds held refused");
    }

    #[test]
    fn nothing_may_be_picked_once_the_hand_is_over() {
        let hands = ["As", "Ks", "Qs", "Js"].map(counts).to_vec();
        let mut p = TrickPlay::new(tractor(), hands, 0).unwrap();
        for (seat, card) in [(0, "As"), (1, "Ks"), (2, "Qs"), (3, "Js")] {
            p.apply(seat, &counts(card)).unwrap();
        }
        assert_eq!(p.pick_options(&Counts::default()), (kinds(""), false));
    }
}
