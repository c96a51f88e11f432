//! Red Five 4p bidding and trump (R4-10..R4-14, R4-20): bids are multiples of 5 in the
//! range, the opening bid any of them (or the minimum, option `opening_bid`), each later
//! bid 5, 10 or 15 above the high bid; a pass is final. The declarer then names trump.

use std::sync::Arc;

use crate::card::{Card, Counts, Rank, Suit};
use crate::error::ActionError;
use crate::rng::Rng;
use crate::trick::{Options, TrickRules, Variant};

use super::deck::{deal_all, make_deck, trick_deck};
use super::{option_or_pass, Action, Phase};

const PLAYERS: usize = 4;

/// Where the auction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidStage {
    /// R4-12: `bidder` bids or passes.
    Bid,
    /// R4-20: the declarer names trump.
    Trump,
    /// Trump is named; the kitty comes next (R4-21).
    Done,
}

/// The deal, bidding and trump choice of one Red Five 4p hand.
#[derive(Clone, Debug)]
pub struct RedFive4pBidding {
    decks: u8,
    minimum_opening: bool,
    deck: Vec<Card>,
    hands: Vec<Counts>,
    kitty: Vec<Card>,
    low: u32,
    high: u32,
    first_bidder: usize,
    bids: Vec<(usize, Option<u32>)>,
    passed: [bool; PLAYERS],
    high_bid: Option<(usize, u32)>,
    bidder: usize,
    stage: BidStage,
    /// R4-14: the declarer and the bid once bidding ended.
    declarer: Option<(usize, u32)>,
    rules: Option<Arc<TrickRules>>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

/// R4-10: the lowest and highest bid for 2 or 3 decks.
pub fn bid_range(decks: u8) -> (u32, u32) {
    if decks == 3 {
        (80, 300)
    } else {
        (60, 200)
    }
}

impl RedFive4pBidding {
    /// R4-2, R4-11: the game's randomness in order: the shuffle (without a scripted
    /// deck), then the first bidder, `below(4)`. The cards go out at once from
    /// `first_seat` (default 0); the kitty is 8 cards with 2 decks, 6 with 3.
    pub fn new(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        decks: u8,
        minimum_opening: bool,
    ) -> Result<RedFive4pBidding, String> {
        if !(2..=3).contains(&decks) {
            return Err(format!("option decks must be 2 or 3, not {decks}"));
        }
        if first_seat.is_some_and(|s| s >= PLAYERS) {
            return Err(format!("first_seat must be a seat 0..{}", PLAYERS - 1));
        }
        let mut rng = Rng::new(seed);
        let deck = make_deck(&trick_deck(decks), scripted, &mut rng)?;
        let kitty_size = if decks == 2 { 8 } else { 6 };
        let (hands, kitty) = deal_all(&deck, PLAYERS, kitty_size, first_seat.unwrap_or(0));
        let (low, high) = bid_range(decks);
        let first_bidder = rng.below(PLAYERS as u64) as usize;
        Ok(RedFive4pBidding {
            decks,
            minimum_opening,
            deck,
            hands: hands.iter().map(|h| Counts::from_cards(h)).collect(),
            kitty,
            low,
            high,
            first_bidder,
            bids: Vec::new(),
            passed: [false; PLAYERS],
            high_bid: None,
            bidder: first_bidder,
            stage: BidStage::Bid,
            declarer: None,
            rules: None,
            log: Vec::new(),
        })
    }

    pub fn stage(&self) -> BidStage {
        self.stage
    }

    pub fn decks(&self) -> u8 {
        self.decks
    }

    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The hands as dealt (the declarer's with the kitty once trump is named, R4-21).
    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    pub fn kitty(&self) -> &[Card] {
        &self.kitty
    }

    /// C-4, R4-2: how many cards the declarer buries.
    pub fn kitty_size(&self) -> usize {
        self.kitty.len()
    }

    /// R4-11: the seat that opened the bidding.
    pub fn first_bidder(&self) -> usize {
        self.first_bidder
    }

    /// Every bid in order: (seat, Some(bid)) or (seat, None) for a pass.
    pub fn bids(&self) -> &[(usize, Option<u32>)] {
        &self.bids
    }

    pub fn high_bid(&self) -> Option<(usize, u32)> {
        self.high_bid
    }

    /// R4-14: the declarer and the bid, once bidding ended.
    pub fn declarer(&self) -> Option<(usize, u32)> {
        self.declarer
    }

    /// R4-20: the hand's rules once trump is named.
    pub fn rules(&self) -> Option<&Arc<TrickRules>> {
        self.rules.as_ref()
    }

    /// The same auction with another deck dealt from `first` (for `crate::sample`):
    /// every bid and the trump kept, each hand what the new deck dealt it (the
    /// declarer's with the kitty once trump is named, R4-21). No bid depends on the
    /// cards, so this is the auction a replay of the log on `deck` gives when its seed
    /// draws the same first bidder (the caller's part, R4-11). None unless `deck` holds
    /// the game's cards.
    pub fn redealt(&self, deck: Vec<Card>, first: usize) -> Option<RedFive4pBidding> {
        if Counts::from_cards(&deck) != Counts::from_cards(&self.deck) {
            return None;
        }
        let (hands, kitty) = deal_all(&deck, PLAYERS, self.kitty.len(), first);
        let mut hands: Vec<Counts> = hands.iter().map(|h| Counts::from_cards(h)).collect();
        if let (BidStage::Done, Some((declarer, _))) = (self.stage, self.declarer) {
            kitty.iter().for_each(|&c| hands[declarer].add(c, 1));
        }
        Some(RedFive4pBidding {
            deck,
            hands,
            kitty,
            ..self.clone()
        })
    }

    /// R4-10, R4-13: the bids the current bidder may make, lowest first.
    pub fn bid_values(&self) -> Vec<u32> {
        match self.high_bid {
            None if self.minimum_opening => vec![self.low],
            None => (self.low..=self.high).step_by(5).collect(),
            Some((_, top)) => [5, 10, 15]
                .iter()
                .map(|step| top + step)
                .filter(|&b| b <= self.high)
                .collect(),
        }
    }

    fn num_passed(&self) -> usize {
        self.passed.iter().filter(|&&p| p).count()
    }

    /// R4-14: the bidding ends at the maximum, when three passed after a bid, or when
    /// all four passed (then the first bidder declares at the minimum).
    fn next_bidder(&mut self) {
        if let Some((seat, bid)) = self.high_bid {
            if bid == self.high || self.num_passed() == 3 {
                self.declarer = Some((seat, bid));
                self.stage = BidStage::Trump;
                return;
            }
        }
        if self.num_passed() == PLAYERS {
            self.declarer = Some((self.first_bidder, self.low));
            self.stage = BidStage::Trump;
            return;
        }
        let mut seat = (self.bidder + 1) % PLAYERS;
        while self.passed[seat] {
            seat = (seat + 1) % PLAYERS;
        }
        self.bidder = seat;
    }

    fn bid(&mut self, seat: usize, action: &Action) -> Result<Action, ActionError> {
        match action {
            Action::Pass => {
                self.passed[seat] = true;
                self.bids.push((seat, None));
            }
            Action::Bid(n) => {
                let allowed = self.bid_values();
                if !allowed.contains(n) {
                    let list: Vec<String> = allowed.iter().map(|b| b.to_string()).collect();
                    return Err(ActionError::breaks(
                        self.rule_broken_by(*n),
                        format!(
                            "bid {n} is not allowed: bids now are {} (R4-10, R4-13)",
                            list.join(", ")
                        ),
                    ));
                }
                self.high_bid = Some((seat, *n));
                self.bids.push((seat, Some(*n)));
            }
            _ => return Err(ActionError::illegal("it is the bidding: 'bid N' or 'pass'")),
        }
        self.next_bidder();
        Ok(action.clone())
    }

    /// The rule a bid that is not allowed breaks: R4-10 outside the range or off the
    /// multiples of 5, else R4-13 (the opening bid, the raise steps).
    fn rule_broken_by(&self, bid: u32) -> &'static str {
        if !bid.is_multiple_of(5) || !(self.low..=self.high).contains(&bid) {
            "R4-10"
        } else {
            "R4-13"
        }
    }

    /// R4-20, R4-21: trump named, the declarer takes the kitty.
    fn name_trump(&mut self, suit: Suit) {
        let mut opts = Options::defaults(Variant::RedFive4p);
        opts.decks = self.decks;
        let rules = TrickRules::shared(Variant::RedFive4p, Some(suit), Rank::TWO, opts)
            .expect("Red Five 4p rules for any suit");
        let (declarer, _) = self.declarer.expect("bidding ended");
        for &c in &self.kitty {
            self.hands[declarer].add(c, 1);
        }
        self.rules = Some(rules);
        self.stage = BidStage::Done;
    }
}

impl Phase for RedFive4pBidding {
    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn to_act(&self) -> Option<usize> {
        match self.stage {
            BidStage::Bid => Some(self.bidder),
            BidStage::Trump => self.declarer.map(|(d, _)| d),
            BidStage::Done => None,
        }
    }

    fn num_legal(&self) -> u64 {
        match self.stage {
            BidStage::Bid => self.bid_values().len() as u64 + 1,
            BidStage::Trump => 4,
            BidStage::Done => 0,
        }
    }

    fn legal_action(&self, index: u64) -> Option<Action> {
        match self.stage {
            BidStage::Bid => option_or_pass(self.bid_values(), index, Action::Bid),
            BidStage::Trump => Suit::ALL.get(index as usize).map(|&s| Action::Trump(s)),
            BidStage::Done => None,
        }
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        match self.stage {
            BidStage::Bid => self.bid(self.bidder, action),
            BidStage::Trump => match action {
                Action::Trump(suit) => {
                    self.name_trump(*suit);
                    Ok(action.clone())
                }
                _ => Err(ActionError::illegal(
                    "the declarer names trump now: 'trump s', 'trump h', …",
                )),
            },
            BidStage::Done => Err(ActionError::game_over("the bidding is over")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::phases::parse_action;

    fn auction(decks: u8, minimum: bool) -> RedFive4pBidding {
        RedFive4pBidding::new(7, None, None, decks, minimum).unwrap()
    }

    fn say(b: &mut RedFive4pBidding, text: &str) -> Result<Action, String> {
        b.act(&parse_action(text).unwrap()).map_err(String::from)
    }

    #[test]
    fn r4_10_r4_13_opening_bids_and_raise_steps() {
        let mut b = auction(2, false);
        assert_eq!(b.bid_values(), (60..=200).step_by(5).collect::<Vec<_>>());
        assert_eq!(b.num_legal(), 30);
        say(&mut b, "bid 70").unwrap();
        assert_eq!(b.bid_values(), [75, 80, 85]);
        assert_eq!(
            say(&mut b, "bid 90").unwrap_err(),
            "bid 90 is not allowed: bids now are 75, 80, 85 (R4-10, R4-13)"
        );
        say(&mut b, "bid 85").unwrap();
        assert_eq!(
            say(&mut b, "trump h").unwrap_err(),
            "it is the bidding: 'bid N' or 'pass'"
        );
        say(&mut b, "bid 190").unwrap_err();
        let mut b = auction(2, false);
        say(&mut b, "bid 190").unwrap();
        assert_eq!(b.bid_values(), [195, 200]);
        assert_eq!(auction(2, true).bid_values(), [60]);
        assert_eq!(auction(3, true).bid_values(), [80]);
        assert_eq!(*auction(3, false).bid_values().last().unwrap(), 300);
    }

    #[test]
    fn r4_12_a_pass_is_final() {
        let mut b = auction(2, false);
        let first = b.first_bidder();
        say(&mut b, "pass").unwrap();
        say(&mut b, "bid 60").unwrap();
        say(&mut b, "bid 65").unwrap();
        say(&mut b, "bid 70").unwrap();
        // The seat that passed is skipped.
        assert_eq!(b.to_act(), Some((first + 1) % 4));
    }

    #[test]
    fn r4_14_bidding_ends_at_the_maximum() {
        let mut b = auction(2, false);
        let first = b.first_bidder();
        say(&mut b, "bid 200").unwrap();
        assert_eq!(
            (b.stage(), b.declarer()),
            (BidStage::Trump, Some((first, 200)))
        );
        assert_eq!(b.to_act(), Some(first));
        assert_eq!(
            say(&mut b, "pass").unwrap_err(),
            "the declarer names trump now: 'trump s', 'trump h', …"
        );
        assert_eq!(b.num_legal(), 4);
        say(&mut b, "trump c").unwrap();
        assert_eq!(b.stage(), BidStage::Done);
        assert_eq!(b.hands()[first].len(), 25 + 8);
        assert_eq!(b.rules().unwrap().trump, Some(Suit::CLUBS));
    }

    #[test]
    fn r4_14_bidding_ends_when_three_passed_after_a_bid() {
        let mut b = auction(3, false);
        let first = b.first_bidder();
        say(&mut b, "pass").unwrap();
        say(&mut b, "bid 95").unwrap();
        say(&mut b, "pass").unwrap();
        assert_eq!(b.stage(), BidStage::Bid);
        say(&mut b, "pass").unwrap();
        assert_eq!(b.declarer(), Some(((first + 1) % 4, 95)));
        assert_eq!(b.kitty_size(), 6);
    }

    #[test]
    fn r4_14_all_pass_makes_the_first_bidder_declarer_at_the_minimum() {
        let mut b = auction(2, false);
        for _ in 0..4 {
            say(&mut b, "pass").unwrap();
        }
        assert_eq!(b.declarer(), Some((b.first_bidder(), 60)));
        assert_eq!(b.stage(), BidStage::Trump);
    }

    #[test]
    fn r4_10_r4_13_a_refused_bid_names_the_rule_it_breaks() {
        use ErrorKind::*;
        let mut b = auction(2, false);
        let bid = |b: &mut RedFive4pBidding, text: &str| {
            b.act(&parse_action(text).unwrap()).unwrap_err().kind_rule()
        };
        assert_eq!(bid(&mut b, "bid 61"), (Illegal, Some("R4-10")));
        assert_eq!(bid(&mut b, "bid 400"), (Illegal, Some("R4-10")));
        say(&mut b, "bid 70").unwrap();
        assert_eq!(
            bid(&mut b, "bid 90"),
            (Illegal, Some("R4-13")),
            "a raise step"
        );
        assert_eq!(
            bid(&mut b, "bid 65"),
            (Illegal, Some("R4-13")),
            "not higher"
        );
        assert_eq!(bid(&mut b, "trump h"), (Illegal, None));
        let mut m = auction(2, true);
        assert_eq!(
            bid(&mut m, "bid 65"),
            (Illegal, Some("R4-13")),
            "opening_bid minimum"
        );
    }

    #[test]
    fn turn_errors_are_no_such_seat_not_your_turn_and_game_over() {
        use ErrorKind::*;
        let mut b = auction(2, false);
        let seat = b.first_bidder() as i64;
        let other = (seat + 1) % 4;
        assert_eq!(
            b.apply_text(4, "pass").unwrap_err().kind_rule(),
            (NoSuchSeat, None)
        );
        assert_eq!(
            b.apply_text(-1, "pass").unwrap_err().kind_rule(),
            (NoSuchSeat, None)
        );
        let e = b.apply_text(other, "pass").unwrap_err();
        assert_eq!(e.kind_rule(), (NotYourTurn, None));
        let e = b.apply_text(seat, "bid sixty").unwrap_err();
        assert_eq!(e.kind_rule(), (Malformed, None));
        assert_eq!(b.apply_legal(99).unwrap_err().kind_rule(), (Illegal, None));
        say(&mut b, "bid 200").unwrap();
        say(&mut b, "trump s").unwrap();
        assert_eq!(
            b.apply_text(seat, "pass").unwrap_err().kind_rule(),
            (GameOver, None)
        );
        assert_eq!(
            b.act(&Action::Pass).unwrap_err().kind_rule(),
            (GameOver, None)
        );
        assert_eq!(b.apply_legal(0).unwrap_err().kind_rule(), (GameOver, None));
    }
}
