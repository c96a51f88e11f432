//! The `ismcts` bot before the play. Red Five 4p's bid, trump and burial, and Tractor's
//! burial, come from simulated hands: the cards the seat has not seen dealt at random to
//! the others (and the kitty), the kitty taken up and buried, the hand played out by
//! greedy bots (R4-20, R4-21, R4-40..R4-42, C-4). The other phases use the greedy
//! choices.

use crate::card::{Card, Counts, Rank, Suit};
use crate::phases::{trick_deck, Action, BidStage, Burial, Phase, RedFive4pBidding};
use crate::rng::{seed_for, Rng};
use crate::trick::{Options, TrickPlay, TrickRules, Variant};

use super::ismcts::{sequential_halving, utility};
use super::ismcts_trick::red_five_4p_result;
use super::phases::{best_suit, bury_order, BuryOrder};
use super::{BotKind, Greedy, Sides, TrickBot, TrickGoal};

/// How sure the search must be of making a bid before it bids (the share of simulated
/// hands it wins as declarer).
const BID_CONFIDENCE: f64 = 0.4;

/// Card points the search takes as declarer over the greedy playouts that estimate its
/// hands (measured: 82 against 58 on average, on the hands greedy bidders won).
const SEARCH_BONUS: i64 = 30;

/// Deals `unseen` at random: `sizes[i]` cards to place `i`.
fn deal(unseen: &Counts, sizes: &[usize], rng: &mut Rng) -> Vec<Counts> {
    let mut cards = unseen.to_cards();
    rng.shuffle(&mut cards);
    let mut out = Vec::with_capacity(sizes.len());
    let mut rest = &cards[..];
    for &n in sizes {
        out.push(Counts::from_cards(&rest[..n]));
        rest = &rest[n..];
    }
    out
}

/// R4-20..R4-42: simulated hands of `seat` declaring with trump `suit`: in each, the
/// declarer's final card points before the bid is taken off and with `bid` taken off
/// whether it won.
fn red_five_4p_hands(
    bidding: &RedFive4pBidding,
    seat: usize,
    suit: Suit,
    bid: u32,
    sims: u32,
    seed: u64,
) -> Vec<(i64, bool)> {
    let hand = bidding.hands()[seat];
    let decks = bidding.decks();
    let mut unseen = Counts::from_cards(&trick_deck(decks));
    unseen.remove_all(&hand);
    let mut sizes = vec![hand.len(); 3];
    sizes.push(bidding.kitty_size());
    let mut opts = Options::defaults(Variant::RedFive4p);
    opts.decks = decks;
    let rules = TrickRules::new(Variant::RedFive4p, Some(suit), Rank::TWO, opts)
        .expect("Red Five 4p rules for any suit");
    (0..sims as u64)
        .map(|i| {
            let mut rng = Rng::new(seed_for(&[seed, i]));
            let mut dealt = deal(&unseen, &sizes, &mut rng);
            let kitty = dealt.pop().expect("the kitty");
            dealt.insert(seat, hand);
            dealt[seat].add_all(&kitty);
            let mut burial = Burial::new(rules.clone(), dealt, seat, kitty.len())
                .expect("a burial of the kitty's size");
            burial
                .act(&burial.greedy())
                .expect("the greedy burial is legal");
            let mut play: TrickPlay = burial.start_play().expect("a buried kitty");
            let mut bots: Vec<TrickBot> = (0..4)
                .map(|s| TrickBot::new(BotKind::Greedy, rng.next_u64() ^ s))
                .collect();
            TrickBot::play_out_by_sides(&mut play, &mut bots, Sides::Alone(seat));
            let buried = Counts::from_cards(burial.buried().expect("buried"));
            let (f, won) = red_five_4p_result(&play, &buried, seat, bid, false);
            (f + bid as i64, won)
        })
        .collect()
}

/// R4-13: the lowest bid allowed if the search makes it often enough, else a pass.
fn red_five_4p_bid(bidding: &RedFive4pBidding, seat: usize, sims: u32, seed: u64) -> Action {
    let Some(&lowest) = bidding.bid_values().first() else {
        return Action::Pass;
    };
    let suit = best_suit(&bidding.hands()[seat]);
    let hands = red_five_4p_hands(bidding, seat, suit, lowest, sims, seed);
    let made = hands
        .iter()
        .filter(|(r, _)| r + SEARCH_BONUS > lowest as i64)
        .count();
    if made as f64 >= BID_CONFIDENCE * hands.len() as f64 {
        Action::Bid(lowest)
    } else {
        Action::Pass
    }
}

/// R4-20: the trump with which the simulated hands go best for the declarer.
fn red_five_4p_trump(bidding: &RedFive4pBidding, seat: usize, sims: u32, seed: u64) -> Action {
    let (_, bid) = bidding.declarer().expect("bidding ended");
    let value = |suit: Suit| -> f64 {
        red_five_4p_hands(bidding, seat, suit, bid, sims, seed)
            .iter()
            .map(|&(f, won)| utility(won, (f - bid as i64) as f64 / 100.0))
            .sum()
    };
    let mut best = (Suit::SPADES, value(Suit::SPADES));
    for suit in &Suit::ALL[1..] {
        let v = value(*suit);
        if v > best.1 {
            best = (*suit, v);
        }
    }
    Action::Trump(best.0)
}

/// The ismcts action before the play for the seat to act: searched for Red Five 4p's
/// bid and trump and for a burial (but Red Five 5p's), else the greedy choice.
pub trait Searched: Greedy {
    fn searched(&self, _simulations: u32, _seed: u64) -> Action {
        self.greedy()
    }
}

impl Searched for RedFive4pBidding {
    fn searched(&self, simulations: u32, seed: u64) -> Action {
        let seat = self.to_act().expect("a seat to act");
        // A bid weighs one trump, the trump choice four: each about a full budget's work.
        match self.stage() {
            BidStage::Bid => red_five_4p_bid(self, seat, (simulations / 2).max(8), seed),
            _ => red_five_4p_trump(self, seat, (simulations / 4).max(8), seed),
        }
    }
}

impl Searched for Burial {
    /// C-4: the burial with which simulated hands go best for the burier's side, among
    /// the greedy one and the ones giving up short suits first (voids to ruff with) and,
    /// for Red Five 4p's declarer, who scores the kitty with the last trick (R4-40), point
    /// cards first. Red Five 5p buries before its friend is known: the greedy burial.
    fn searched(&self, simulations: u32, seed: u64) -> Action {
        if self.theft().is_some() {
            return self.greedy(); // TRO-112: a kitty that may be stolen is not searched
        }
        let d = self.declarer();
        let orders: &[BuryOrder] = match self.rules().variant {
            Variant::RedFive4p => &[
                BuryOrder::Cheapest,
                BuryOrder::PointsFirst,
                BuryOrder::ShortSuitsFirst,
            ],
            // Finding Friends (more than four seats, or its friends unknown at the burial,
            // FF-14) buries greedily too: its sides are not the partners searched here.
            Variant::Tractor if self.hands().len() != 4 || self.friends_next() => {
                return self.greedy()
            }
            Variant::Tractor => &[BuryOrder::Cheapest, BuryOrder::ShortSuitsFirst],
            Variant::RedFive5p => return self.greedy(),
        };
        let hand = self.hands()[d];
        let mut burials: Vec<Vec<Card>> = Vec::new();
        for &order in orders {
            let b = bury_order(self.rules(), &hand, self.size(), order);
            if !burials.contains(&b) {
                burials.push(b);
            }
        }
        let n = self.hands().len();
        let mut unseen = super::trick::full_deck(&self.rules().opts);
        unseen.remove_all(&hand);
        let sizes: Vec<usize> = (0..n)
            .filter(|&s| s != d)
            .map(|s| self.hands()[s].len())
            .collect();
        let best = sequential_halving(
            burials.len(),
            simulations,
            seed,
            |world_seed| {
                let mut dealt = deal(&unseen, &sizes, &mut Rng::new(world_seed));
                dealt.insert(d, hand);
                dealt
            },
            |hands, c, playout| {
                let mut burial = Burial::new(self.rules().clone(), hands, d, self.size())
                    .expect("a burial like the real one");
                burial
                    .act(&Action::Bury(burials[c].clone()))
                    .expect("a legal burial");
                let mut play = burial.start_play().expect("a buried kitty");
                let sides = match self.rules().variant {
                    Variant::Tractor => Sides::Partners,
                    _ => Sides::Alone(d),
                };
                let mut bots: Vec<TrickBot> = (0..n as u64)
                    .map(|s| TrickBot::new(BotKind::Greedy, seed_for(&[playout, s])))
                    .collect();
                TrickBot::play_out_by_sides(&mut play, &mut bots, sides);
                let kitty = Counts::from_cards(&burials[c]);
                match sides {
                    // R4-40: what the declarer makes, before the bid.
                    Sides::Alone(_) => red_five_4p_result(&play, &kitty, d, 0, false).0 as f64,
                    _ => TrickGoal::Tractor {
                        dealer: d,
                        house: self.house(),
                    }
                    .outcome_with(&play, &kitty, d),
                }
            },
        );
        Action::Bury(burials[best].clone())
    }
}

impl Searched for crate::phases::TractorDeal {}
impl Searched for crate::phases::RedFive5pDeal {}
impl Searched for crate::phases::FriendCall {}
/// FF-20: Finding Friends' calls are greedy's: made before any card is played, a search
/// of them (over deals at random, judged by greedy playouts) won no more hands than
/// greedy's call, at about 0.2 s a call. The search plays the hand after them.
impl Searched for crate::phases::FriendCalls {}
/// FKO-44, FKO-46: the tribute is greedy's (the search plays the hand after it).
impl Searched for crate::fifty_k::FkTribute {}
