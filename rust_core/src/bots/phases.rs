//! Bots for the phases before the play: `random` picks uniformly among the legal
//! actions; `greedy` declares or bids from a rough hand strength, names its strongest
//! suit, buries its cheapest plain cards and calls an ace it lacks. Each decides from
//! what its seat may see: its own hand, the public record, and its own burial.

use crate::card::{Card, Counts, Rank, Suit};
use crate::fifty_k::{single_order, FkTribute};
use crate::phases::{
    Action, BidStage, Burial, FriendCall, FriendCalls, Phase, RedFive4pBidding, RedFive5pDeal,
    TractorDeal,
};
use crate::rng::Rng;
use crate::trick::TrickRules;

use super::ismcts::DEFAULT_SIMULATIONS;
use super::ismcts_phases::Searched;
use super::BotKind;

/// A phase whose `greedy` choice a bot can make for the seat to act.
pub trait Greedy: Phase {
    /// The greedy bot's action for the seat to act (which must exist).
    fn greedy(&self) -> Action;
}

/// A bot for the phases before the play, with its own seeded generator (one stream
/// for all of a seat's decisions before the play, in order).
#[derive(Clone, Debug)]
pub struct PhaseBot {
    pub kind: BotKind,
    rng: Rng,
}

impl PhaseBot {
    pub fn new(kind: BotKind, seed: u64) -> PhaseBot {
        PhaseBot {
            kind,
            rng: Rng::new(seed),
        }
    }

    /// The action this bot takes now for the seat to act; `None` when the phase is over.
    /// A seat whose one legal action is `pass` (a deal prompt with nothing to declare,
    /// TR-12, R5-10) passes without drawing from the generator, so the bot's choices
    /// are the ones it would make if only seats with a choice were asked.
    pub fn choose<P: Searched + ?Sized>(&mut self, phase: &P) -> Option<Action> {
        phase.to_act()?;
        let count = phase.num_legal();
        if count == 1 && phase.legal_action(0) == Some(Action::Pass) {
            return Some(Action::Pass);
        }
        match self.kind {
            BotKind::Random => phase.legal_action(self.rng.below(count)),
            BotKind::Greedy => Some(phase.greedy()),
            BotKind::Ismcts(budget) => {
                let simulations = budget.unwrap_or(DEFAULT_SIMULATIONS);
                Some(phase.searched(simulations, self.rng.next_u64()))
            }
        }
    }

    /// Runs the phase to its end, `bots[seat]` choosing for each seat.
    pub fn play_out<P: Searched>(phase: &mut P, bots: &mut [PhaseBot]) {
        while let Some(seat) = phase.to_act() {
            let action = bots[seat]
                .choose(phase)
                .expect("a seat to act has a choice");
            phase.act(&action).expect("bots choose legal actions");
        }
    }
}

/// Each card of a multiset with its copies, in index order.
fn held(hand: &Counts) -> impl Iterator<Item = (Card, i64)> + '_ {
    hand.0
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| (Card(i as u8), n as i64))
}

/// How many cards of `hand` satisfy `pred`.
fn count(hand: &Counts, pred: impl Fn(Card) -> bool) -> i64 {
    held(hand).filter(|&(c, _)| pred(c)).map(|(_, n)| n).sum()
}

fn high(c: Card) -> i64 {
    match c.rank() {
        Some(Rank::ACE) => 3,
        Some(Rank::KING) => 2,
        Some(Rank(10)) => 1, // a queen
        _ => 0,
    }
}

/// Jokers, 5h, 2s and 3s: trumps whatever the suit in Red Five (C-11).
fn red_five_fixed_trump(c: Card) -> bool {
    c.is_joker()
        || c == Card::new(Rank::FIVE, Suit::HEARTS)
        || matches!(c.rank(), Some(Rank(0..=1)))
}

/// A rough strength of a hand if `suit` were trump (Red Five order, C-11).
pub(super) fn strength_in(hand: &Counts, suit: Suit) -> i64 {
    held(hand)
        .map(|(c, n)| {
            n * if red_five_fixed_trump(c) {
                4
            } else if c.suit() == Some(suit) {
                2 + high(c)
            } else if c.rank() == Some(Rank::ACE) {
                3
            } else {
                0
            }
        })
        .sum()
}

/// The suit a hand is strongest in; ties go to the earlier of s, h, c, d.
pub(super) fn best_suit(hand: &Counts) -> Suit {
    let mut best = (Suit::SPADES, strength_in(hand, Suit::SPADES));
    for s in &Suit::ALL[1..] {
        let v = strength_in(hand, *s);
        if v > best.1 {
            best = (*s, v);
        }
    }
    best.0
}

/// Which cards a burial gives up first (C-4); plain cards always before trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuryOrder {
    /// Pointless and low, short suits first: the greedy burial.
    Cheapest,
    /// Point cards first, the richest first (for a declarer that scores the kitty).
    PointsFirst,
    /// The shortest suits first, whatever their points (voids to ruff with).
    ShortSuitsFirst,
}

/// The `count` cards of `hand` to bury in `order` (ties in the hand's strength order).
pub fn bury_order(rules: &TrickRules, hand: &Counts, count: usize, order: BuryOrder) -> Vec<Card> {
    let mut plain_in_suit = [0i64; 4];
    for (c, n) in held(hand).filter(|&(c, _)| !rules.is_trump(c)) {
        plain_in_suit[c.suit().expect("jokers are trumps").0 as usize] += n;
    }
    let worth = |c: &Card| {
        let suit_len = c.suit().map_or(0, |s| plain_in_suit[s.0 as usize]);
        let rank = c.rank().map_or(-1, |r| r.0 as i64);
        let points = c.points() as i64;
        let key = match order {
            BuryOrder::Cheapest => (points, suit_len, rank),
            BuryOrder::PointsFirst => (-points, suit_len, rank),
            BuryOrder::ShortSuitsFirst => (suit_len, points, rank),
        };
        (rules.is_trump(*c), key)
    };
    let mut sorted = rules.sorted(hand);
    sorted.sort_by_key(worth);
    sorted.truncate(count);
    sorted
}

impl Greedy for Burial {
    /// C-4: buries the cheapest cards; TRO-112: steals the kitty from the other team's
    /// burier with the declaration it would make in the deal, else passes.
    fn greedy(&self) -> Action {
        if let Some(seat) = self.stealing() {
            return steal_or_pass(self, seat);
        }
        let hand = &self.hands()[self.burier()];
        Action::Bury(bury_order(
            self.rules(),
            hand,
            self.size(),
            BuryOrder::Cheapest,
        ))
    }
}

/// TRO-112: the steal greedy makes in a round of chances: against the other team's
/// burial, the declaration naming the trump it would hold most of, held enough as in
/// the deal (TR-10..TR-12); else `pass`.
fn steal_or_pass(burial: &Burial, seat: usize) -> Action {
    let theirs = seat % 2 != burial.burier() % 2;
    let hand = &burial.hands()[seat];
    let level = burial.rules().level_rank;
    let best = (0..burial.num_legal())
        .filter_map(|i| match burial.legal_action(i) {
            Some(Action::Declare(cards)) => Some(cards),
            _ => None,
        })
        .rev() // the first of equals, as the deal's greedy takes it
        .max_by_key(|cards| (tractor_trumps(hand, level, cards), cards.len()));
    match best {
        Some(cards)
            if theirs
                && tractor_trumps(hand, level, &cards) as f64
                    >= f64::max(3.0, hand.len() as f64 * 0.35) =>
        {
            Action::Declare(cards)
        }
        _ => Action::Pass,
    }
}

/// How many trumps `hand` would hold under the trump `declared` names (C-12).
fn tractor_trumps(hand: &Counts, level: Rank, declared: &[Card]) -> usize {
    let suit = declared[0].suit();
    count(hand, |c| {
        c.is_joker() || c.rank() == Some(level) || (suit.is_some() && c.suit() == suit)
    }) as usize
}

impl Greedy for TractorDeal {
    /// TR-10..TR-12: declares the trump it would hold most of, once it holds enough.
    fn greedy(&self) -> Action {
        let seat = self.to_act().expect("a seat to act");
        let hand = &self.hands()[seat];
        let level = self.level();
        let mut best: Option<(usize, usize, Vec<Card>)> = None;
        for option in self.options(seat) {
            let key = (tractor_trumps(hand, level, &option), option.len());
            if best.as_ref().is_none_or(|(t, n, _)| key > (*t, *n)) {
                best = Some((key.0, key.1, option));
            }
        }
        match best {
            Some((trumps, _, cards))
                if trumps as f64 >= f64::max(3.0, hand.len() as f64 * 0.35) =>
            {
                Action::Declare(cards)
            }
            _ => Action::Pass,
        }
    }
}

impl Greedy for RedFive5pDeal {
    /// R5-10: reveals a 2 of a suit it holds plenty of.
    fn greedy(&self) -> Action {
        let seat = self.to_act().expect("a seat to act");
        let hand = &self.hands()[seat];
        let mut best: Option<(Suit, i64)> = None;
        for suit in self.two_suits(seat) {
            let v = strength_in(hand, suit);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((suit, v));
            }
        }
        let Some((suit, _)) = best else {
            return Action::Pass;
        };
        let trumps = count(hand, |c| red_five_fixed_trump(c) || c.suit() == Some(suit));
        if trumps as f64 >= f64::max(4.0, hand.len() as f64 * 0.4) {
            Action::Declare(vec![Card::new(Rank::TWO, suit)])
        } else {
            Action::Pass
        }
    }
}

impl Greedy for RedFive4pBidding {
    /// R4-13: bids from hand strength; R4-20: trump in the strongest suit.
    fn greedy(&self) -> Action {
        let seat = self.to_act().expect("a seat to act");
        let hand = &self.hands()[seat];
        match self.stage() {
            BidStage::Bid => {
                let len = hand.len() as i64;
                let strength = strength_in(hand, best_suit(hand));
                let low = if self.decks() == 2 { 60 } else { 80 };
                let target = low + 5 * ((strength - 4 * len / 3).div_euclid(2)).max(0);
                match self.bid_values().first() {
                    Some(&b) if b as i64 <= target => Action::Bid(b),
                    _ => Action::Pass,
                }
            }
            _ => Action::Trump(best_suit(hand)),
        }
    }
}

impl Greedy for FriendCall {
    /// R5-20: calls an ace it lacks in its longest plain suit, or goes solo with a huge hand.
    fn greedy(&self) -> Action {
        let rules = self.rules();
        let hand = &self.hands()[self.declarer()];
        let trumps = count(hand, |c| rules.is_trump(c));
        if trumps >= 22 {
            return Action::CallSolo;
        }
        let plain_in = |suit: Suit| count(hand, |c| !rules.is_trump(c) && c.suit() == Some(suit));
        let appeal = |card: Card| {
            let suit_len = match card.rank() {
                Some(Rank::ACE | Rank::KING) => plain_in(card.suit().expect("a suited card")),
                _ => -1,
            };
            (-(self.copies_owned(card) as i64), suit_len)
        };
        let calls: Vec<Card> = (0..self.num_legal())
            .filter_map(|i| match self.legal_action(i) {
                Some(Action::Call(c)) => Some(c),
                _ => None,
            })
            .collect();
        let aces: Vec<Card> = calls
            .iter()
            .copied()
            .filter(|c| c.rank() == Some(Rank::ACE) && c.suit() != rules.trump)
            .collect();
        let pool = if aces.is_empty() { calls } else { aces };
        let mut best = pool[0];
        for &c in &pool[1..] {
            if appeal(c) > appeal(best) {
                best = c;
            }
        }
        Action::Call(best)
    }
}

impl Greedy for FriendCalls {
    /// FF-20, FF-31: calls the first copy of a high plain card that another seat plays,
    /// whatever the declarer plays first (an ace before a king): the ordinal after the
    /// copies it holds, buried copies not counting as they are never played (FF-23,
    /// FF-32), and only a card of which some other seat holds a copy. It prefers the
    /// cards most copies of which others hold, then its longest plain suit; else the
    /// first call another seat can fill, else the first legal call.
    fn greedy(&self) -> Action {
        let rules = self.rules();
        let hand = &self.hands()[self.declarer()];
        let decks = i64::from(rules.opts.decks);
        let others_hold =
            |c: Card| decks - i64::from(hand.get(c)) - i64::from(self.buried().get(c));
        let fillable =
            |n: u8, c: Card| i64::from(n) == i64::from(hand.get(c)) + 1 && others_hold(c) > 0;
        let plain_in = |suit: Suit| count(hand, |c| !rules.is_trump(c) && c.suit() == Some(suit));
        let appeal = |c: Card| {
            let rank = match c.rank() {
                Some(Rank::ACE) => 2,
                Some(Rank::KING) => 1,
                _ => 0,
            };
            let suit_len = c.suit().map_or(-1, plain_in);
            (rank, others_hold(c), suit_len)
        };
        let calls = (0..self.num_legal()).filter_map(|i| match self.legal_action(i) {
            Some(Action::CallFriend(n, c)) if fillable(n, c) => Some((c, n)),
            _ => None,
        });
        let mut best: Option<(Card, u8)> = None;
        let mut first: Option<(Card, u8)> = None;
        for (c, n) in calls {
            first = first.or(Some((c, n)));
            let plain = !rules.is_trump(c) && c.rank().is_some();
            if plain && best.is_none_or(|(b, _)| appeal(c) > appeal(b)) {
                best = Some((c, n));
            }
        }
        match best.or(first) {
            Some((c, n)) => Action::CallFriend(n, c),
            None => self.legal_action(0).expect("a call to make"),
        }
    }
}

impl Greedy for FkTribute {
    /// FKO-44: gives the first of its highest cards; FKO-46: gives back its lowest card
    /// in the single-card order, a card without points before one with.
    fn greedy(&self) -> Action {
        if self.tributed().is_none() {
            return self.legal_action(0).expect("a tribute to give");
        }
        let hand = &self.hands()[self.receiver()];
        let lowest = held(hand)
            .map(|(c, _)| c)
            .min_by_key(|&c| (c.points() > 0, single_order(c), c.suit().map_or(0, |s| s.0)))
            .expect("the receiver holds the tribute at least");
        Action::Return(lowest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{BJ, LJ};

    /// Plays a deal with `bot` for every seat, asking the bot only where `ask` holds
    /// (else passing); the actions taken in order.
    fn deal_with<P: Searched + Clone>(deal: &P, bot: &mut PhaseBot, ask: bool) -> Vec<Action> {
        let mut d = deal.clone();
        let mut out = Vec::new();
        while d.to_act().is_some() {
            let action = if ask || d.num_legal() > 1 {
                bot.choose(&d).unwrap()
            } else {
                Action::Pass
            };
            d.act(&action).unwrap();
            out.push(action);
        }
        out
    }

    #[test]
    fn tr_12_r5_10_a_pass_only_deal_question_changes_no_choice() {
        use crate::trick::FollowFormat;
        let two = (Rank::TWO, Rank::TWO);
        for seed in 0..40u64 {
            let tractor =
                TractorDeal::new(seed, None, None, two, None, FollowFormat::Pairs).unwrap();
            let red_five = RedFive5pDeal::new(seed, None, None, (seed % 5) as usize).unwrap();
            for kind in [BotKind::Random, BotKind::Greedy] {
                let bot = PhaseBot::new(kind, seed);
                let (mut a, mut b) = (bot.clone(), bot.clone());
                assert_eq!(
                    deal_with(&tractor, &mut a, true),
                    deal_with(&tractor, &mut b, false)
                );
                let (mut a, mut b) = (bot.clone(), bot);
                let asked = deal_with(&red_five, &mut a, true);
                assert_eq!(asked, deal_with(&red_five, &mut b, false));
            }
        }
    }

    #[test]
    fn fko_44_fko_46_greedy_gives_the_first_highest_and_returns_its_lowest_plain_card() {
        use crate::card::parse_cards;
        let hand = |t: &str| Counts::from_cards(&parse_cards(t).unwrap());
        let hands = vec![hand("3s 2h 2c"), hand("5d 4d Ks"), hand("6c")];
        let mut t = FkTribute::new(hands, 0, 1, 1).unwrap();
        assert_eq!(t.greedy().to_string(), "tribute 2h");
        t.act(&t.greedy()).unwrap();
        // 5d counts points: the 4d goes back.
        assert_eq!(t.greedy().to_string(), "return 4d");
        let mut bots = vec![PhaseBot::new(BotKind::Random, 3); 2];
        let mut random = FkTribute::new(vec![hand("BJ LJ 3s"), hand("4d")], 1, 0, 2).unwrap();
        PhaseBot::play_out(&mut random, &mut bots);
        assert_eq!(random.to_act(), None);
        assert_eq!(random.tributed(), Card::parse("4d").ok());
    }

    #[test]
    fn jokers_and_low_ranks_count_as_fixed_trumps() {
        assert!(red_five_fixed_trump(BJ));
        assert!(red_five_fixed_trump(LJ));
        assert!(red_five_fixed_trump(Card::parse("3s").unwrap()));
        assert!(!red_five_fixed_trump(Card::parse("4s").unwrap()));
    }
}
