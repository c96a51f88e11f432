//! The Red Five 5p deal with reveals (R5-3, R5-10..R5-14): cards dealt one at a time;
//! while nobody has revealed, the player who just received a card is asked and may
//! reveal a 2 it holds; the first reveal makes the declarer and trump (R5-11, no
//! overcall) and nobody is asked after it; in the last two rounds only the previous
//! declarer 原庄 may reveal, so only it is asked (R5-12). Without a reveal the 原庄 is a
//! forced declarer with a random trump (压庄, R5-13). Who is asked depends only on
//! public information, never on whether the seat holds a 2.

use std::sync::Arc;

use crate::card::{Card, Counts, Rank, Suit};
use crate::error::ActionError;
use crate::rng::Rng;
use crate::trick::{Options, TrickRules, Variant};

use super::deck::{make_deck, trick_deck};
use super::{option_or_pass, Action, Phase};

const PLAYERS: usize = 5;
const KITTY: usize = 7;
const DECKS: u8 = 3;
/// R5-12: a seat's 30th and 31st cards are the last two rounds of the deal.
const LAST_ROUNDS_FROM: usize = 29 * PLAYERS;
/// R5-13: the trump of a forced declarer when the kitty holds only jokers and 5h.
const FALLBACK_TRUMP: Suit = Suit::DIAMONDS;
const RED_FIVE: Card = Card::new(Rank::FIVE, Suit::HEARTS);

/// The deal and reveal of one Red Five 5p hand.
#[derive(Clone, Debug)]
pub struct RedFive5pDeal {
    deck: Vec<Card>,
    rng: Rng,
    prev_declarer: usize,
    first: usize,
    dealt: usize,
    hands: Vec<Counts>,
    waiting: Option<usize>,
    reveal: Option<(usize, Card)>,
    forced: bool,
    /// The hand's rules once trump is known (at the reveal, or the end of the deal).
    rules: Option<Arc<TrickRules>>,
    /// The declarer once the deal ended (R5-11, R5-13).
    end: Option<usize>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

/// R5-10: the rules of a Red Five 5p hand with this trump.
fn rules_for(trump: Suit) -> Arc<TrickRules> {
    let v = Variant::RedFive5p;
    TrickRules::shared(v, Some(trump), Rank::TWO, Options::defaults(v))
        .expect("Red Five 5p rules for any suit")
}

impl RedFive5pDeal {
    /// R5-2, R5-3: `prev_declarer` is the 原庄. The game's randomness in order: the
    /// shuffle (without a scripted deck); the seat of the first card, `below(5)`
    /// (without `first_seat`); for a forced declarer, one `below(k)` over the first
    /// non-empty list of trump candidates (R5-13).
    pub fn new(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        prev_declarer: usize,
    ) -> Result<RedFive5pDeal, String> {
        if prev_declarer >= PLAYERS {
            return Err(format!(
                "option prev_declarer must be a seat 0..4 (R5-2), not {prev_declarer}"
            ));
        }
        if first_seat.is_some_and(|s| s >= PLAYERS) {
            return Err(format!("first_seat must be a seat 0..{}", PLAYERS - 1));
        }
        let mut rng = Rng::new(seed);
        let deck = make_deck(&trick_deck(DECKS), scripted, &mut rng)?;
        let first = first_seat.unwrap_or_else(|| rng.below(PLAYERS as u64) as usize);
        let mut deal = RedFive5pDeal {
            deck,
            rng,
            prev_declarer,
            first,
            dealt: 0,
            hands: vec![Counts::default(); PLAYERS],
            waiting: None,
            reveal: None,
            forced: false,
            rules: None,
            end: None,
            log: Vec::new(),
        };
        deal.deal_on();
        Ok(deal)
    }

    fn deal_size(&self) -> usize {
        self.deck.len() - KITTY
    }

    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    pub fn prev_declarer(&self) -> usize {
        self.prev_declarer
    }

    /// R5-3: the seat that received the first card.
    pub fn first_seat(&self) -> usize {
        self.first
    }

    pub fn cards_dealt(&self) -> usize {
        self.dealt
    }

    /// R5-10: the first reveal, (seat, the 2 shown).
    pub fn reveal(&self) -> Option<(usize, Card)> {
        self.reveal
    }

    /// R5-13: whether the declarer was forced (压庄).
    pub fn forced(&self) -> bool {
        self.forced
    }

    /// The cards dealt so far (the declarer's with the kitty once the deal ended, R5-14).
    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    /// The kitty, set aside before the deal: the last 7 cards of the deck (R5-3).
    pub fn kitty(&self) -> &[Card] {
        &self.deck[self.deal_size()..]
    }

    /// The cards still to be dealt to the players.
    pub fn undealt(&self) -> &[Card] {
        &self.deck[self.dealt..self.deal_size()]
    }

    /// The declarer once known (a reveal, or the end of the deal).
    pub fn declarer(&self) -> Option<usize> {
        self.reveal.map(|(s, _)| s).or(self.end)
    }

    /// The hand's rules once trump is known (a reveal, or the end of the deal).
    pub fn rules(&self) -> Option<&Arc<TrickRules>> {
        self.rules.as_ref()
    }

    /// Once the deal ended: the declarer and the hand's rules.
    pub fn outcome(&self) -> Option<(usize, &Arc<TrickRules>)> {
        let rules = self.rules.as_ref()?;
        self.end.map(|d| (d, rules))
    }

    /// C-4, R5-14: how many cards the declarer buries.
    pub fn kitty_size(&self) -> usize {
        KITTY
    }

    /// The same deal with another deck and seed (for `crate::sample`): every answer so
    /// far kept, each hand what the new deck dealt it (the declarer's with the kitty once
    /// the deal ended), R5-13's draw made again from `seed`. Who is asked depends only on
    /// the answers, so this is the deal a replay of the log on `deck` with `seed` gives
    /// when the reveal was made with a 2 already received (the caller's part, R5-10).
    /// None unless `deck` holds the game's cards and a forced declarer's trump is drawn
    /// again (R5-13).
    pub fn redealt(&self, deck: Vec<Card>, seed: u64) -> Option<RedFive5pDeal> {
        if Counts::from_cards(&deck) != Counts::from_cards(&self.deck) {
            return None;
        }
        let mut hands = vec![Counts::default(); PLAYERS];
        for (i, &c) in deck[..self.dealt].iter().enumerate() {
            hands[(self.first + i) % PLAYERS].add(c, 1);
        }
        let mut deal = RedFive5pDeal {
            deck,
            rng: Rng::new(seed),
            hands,
            ..self.clone()
        };
        if let Some(declarer) = self.end {
            if self.forced && Some(deal.forced_trump()) != self.rules.as_ref().and_then(|r| r.trump)
            {
                return None;
            }
            for i in deal.deal_size()..deal.deck.len() {
                deal.hands[declarer].add(deal.deck[i], 1);
            }
        }
        Some(deal)
    }

    /// R5-10: the suits of the 2s `seat` holds, in suit order s, h, c, d.
    pub fn two_suits(&self, seat: usize) -> Vec<Suit> {
        Suit::ALL
            .into_iter()
            .filter(|&s| self.hands[seat].get(Card::new(Rank::TWO, s)) > 0)
            .collect()
    }

    /// R5-10..R5-12: whether `seat`, who just received card number `dealt`, is asked:
    /// no reveal yet, and before the last two rounds or the 原庄 (public facts only;
    /// a seat without a 2 can only pass).
    fn is_asked(&self, seat: usize) -> bool {
        self.reveal.is_none() && (self.dealt <= LAST_ROUNDS_FROM || seat == self.prev_declarer)
    }

    /// R5-3: deals card after card until a player is asked, or to the end of the deal.
    fn deal_on(&mut self) {
        self.waiting = None;
        while self.dealt < self.deal_size() {
            let seat = (self.first + self.dealt) % PLAYERS;
            self.hands[seat].add(self.deck[self.dealt], 1);
            self.dealt += 1;
            if self.is_asked(seat) {
                self.waiting = Some(seat);
                return;
            }
        }
        self.end_deal();
    }

    /// R5-11, R5-13, R5-14: the declarer (a forced one without a reveal) takes the kitty.
    fn end_deal(&mut self) {
        let declarer = match self.reveal {
            Some((seat, _)) => seat,
            None => {
                self.forced = true;
                self.rules = Some(rules_for(self.forced_trump()));
                self.prev_declarer
            }
        };
        for i in self.deal_size()..self.deck.len() {
            self.hands[declarer].add(self.deck[i], 1);
        }
        self.end = Some(declarer);
    }

    /// R5-13: the suit of a random 2 of the 原庄 (in the order dealt), else of the
    /// kitty's 2s (in deck order), else of a random kitty card that is not a joker or
    /// 5h; else diamonds.
    fn forced_trump(&mut self) -> Suit {
        let is_two = |c: &Card| c.rank() == Some(Rank::TWO);
        let own: Vec<Card> = (0..self.deal_size())
            .filter(|i| (self.first + i) % PLAYERS == self.prev_declarer)
            .map(|i| self.deck[i])
            .filter(is_two)
            .collect();
        let kitty = self.kitty();
        let kitty_twos: Vec<Card> = kitty.iter().copied().filter(is_two).collect();
        let plain: Vec<Card> = kitty
            .iter()
            .copied()
            .filter(|c| !c.is_joker() && *c != RED_FIVE)
            .collect();
        for candidates in [own, kitty_twos, plain] {
            if !candidates.is_empty() {
                let pick = self.rng.below(candidates.len() as u64) as usize;
                return candidates[pick].suit().expect("not a joker");
            }
        }
        FALLBACK_TRUMP
    }
}

impl Phase for RedFive5pDeal {
    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn to_act(&self) -> Option<usize> {
        self.waiting
    }

    fn num_legal(&self) -> u64 {
        self.waiting
            .map_or(0, |s| self.two_suits(s).len() as u64 + 1)
    }

    fn legal_action(&self, index: u64) -> Option<Action> {
        let suits = self.two_suits(self.waiting?);
        option_or_pass(suits, index, |s| {
            Action::Declare(vec![Card::new(Rank::TWO, s)])
        })
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        let seat = self
            .waiting
            .ok_or_else(|| ActionError::game_over("the deal is over"))?;
        let one_two =
            || ActionError::breaks("R5-10", "reveal exactly one 2, e.g. 'declare 2h' (R5-10)");
        match action {
            Action::Pass => {}
            Action::Declare(cards) => {
                let [card] = cards.as_slice() else {
                    return Err(one_two());
                };
                if card.rank() != Some(Rank::TWO) {
                    return Err(one_two());
                }
                if self.hands[seat].get(*card) == 0 {
                    return Err(ActionError::illegal(format!("you do not hold {card}")));
                }
                self.reveal = Some((seat, *card));
                self.rules = Some(rules_for(card.suit().expect("a 2 has a suit")));
            }
            _ => {
                return Err(ActionError::illegal(
                    "it is the deal: 'declare 2X' to reveal a 2, or 'pass'",
                ))
            }
        }
        self.deal_on();
        Ok(action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{format_cards, parse_cards};
    use crate::error::ErrorKind;
    use crate::phases::parse_action;
    use crate::phases::test_support::moved_to_end;

    fn is_two(c: Card) -> bool {
        c.rank() == Some(Rank::TWO)
    }

    /// The 150 other cards, then the twelve 2s: a 2 reaches seat p % 5 at position p >= 150.
    fn twos_last() -> Vec<Card> {
        moved_to_end(&trick_deck(DECKS), is_two)
    }

    fn deal(deck: &[Card], prev: usize) -> RedFive5pDeal {
        RedFive5pDeal::new(0, Some(&format_cards(deck)), Some(0), prev).unwrap()
    }

    /// Passes for every seat asked until `cards` cards are dealt.
    fn pass_to(d: &mut RedFive5pDeal, cards: usize) {
        while d.cards_dealt() < cards {
            d.act(&Action::Pass).unwrap();
        }
    }

    fn pass_all(d: &mut RedFive5pDeal) {
        while d.to_act().is_some() {
            d.act(&Action::Pass).unwrap();
        }
    }

    #[test]
    fn r5_12_last_two_rounds_only_the_previous_declarer_reveals() {
        // Seat 4 receives a 2 as its 29th card (position 144): anyone may reveal then.
        let mut deck = twos_last();
        deck.swap(144, 150);
        let mut d = deal(&deck, 0);
        pass_to(&mut d, 145);
        assert_eq!((d.to_act(), d.legal_actions(9).len()), (Some(4), 2));
        // From the 30th card on (position 145 and later) only the 原庄 is asked, at
        // each of its two cards, whatever it holds.
        for prev in 0..PLAYERS {
            let mut d = deal(&twos_last(), prev);
            pass_to(&mut d, 146);
            let mut asked = Vec::new();
            while let Some(seat) = d.to_act() {
                asked.push((seat, d.cards_dealt(), d.legal_actions(9).len()));
                d.act(&Action::Pass).unwrap();
            }
            assert_eq!(asked, [(prev, 146 + prev, 1), (prev, 151 + prev, 2)]);
            assert!(d.forced());
        }
    }

    #[test]
    fn r5_11_the_first_reveal_stands() {
        let mut deck = twos_last();
        deck.swap(0, 150);
        let mut d = deal(&deck, 3);
        assert_eq!((d.to_act(), d.legal_actions(9).len()), (Some(0), 2));
        let err = d.act(&parse_action("declare 2h").unwrap()).unwrap_err();
        assert_eq!(err.message, "you do not hold 2h");
        let err = d.act(&parse_action("declare 3s").unwrap()).unwrap_err();
        assert_eq!(
            err.message,
            "reveal exactly one 2, e.g. 'declare 2h' (R5-10)"
        );
        assert_eq!(err.kind_rule(), (ErrorKind::Illegal, Some("R5-10")));
        d.act(&parse_action("declare 2s").unwrap()).unwrap();
        // Nobody is asked again: the deal runs to its end.
        assert_eq!(
            (d.to_act(), d.cards_dealt(), d.declarer()),
            (None, 155, Some(0))
        );
        let (declarer, rules) = d.outcome().unwrap();
        assert_eq!(
            (declarer, rules.trump, d.forced()),
            (0, Some(Suit::SPADES), false)
        );
        assert_eq!(d.hands()[0].len(), 31 + KITTY);
    }

    #[test]
    fn r5_13_forced_trump_from_the_previous_declarers_twos_else_the_kitty() {
        // Seat 0 gets no 2 (its position 150 is swapped with seat 4's 149).
        let mut deck = twos_last();
        deck.swap(149, 150);
        let kitty_suits: Vec<Option<Suit>> = deck[155..].iter().map(|c| c.suit()).collect();
        for seed in 0..20 {
            let mut d = RedFive5pDeal::new(seed, Some(&format_cards(&deck)), Some(0), 0).unwrap();
            pass_all(&mut d);
            let (declarer, rules) = d.outcome().unwrap();
            assert!(d.forced() && declarer == 0);
            assert!(kitty_suits.contains(&rules.trump));
        }
        // The 原庄's own 2s come first: only 2d in its hand.
        let mut deck = twos_last();
        let two_d = parse_cards("2d").unwrap()[0];
        let i = deck.iter().position(|&c| c == two_d).unwrap();
        deck.swap(i, 150);
        let mut d = deal(&deck, 0);
        pass_all(&mut d);
        assert_eq!(d.outcome().unwrap().1.trump, Some(Suit::DIAMONDS));
    }

    #[test]
    fn r5_13_a_kitty_of_jokers_and_5h_gives_diamonds() {
        let kitty = parse_cards("LJ LJ LJ BJ BJ 5h 5h").unwrap();
        let mut rest = trick_deck(DECKS);
        for c in &kitty {
            let i = rest.iter().position(|x| x == c).unwrap();
            rest.remove(i);
        }
        // Every 2 goes to seats 1..4 (positions not divisible by 5).
        let (twos, mut others): (Vec<Card>, Vec<Card>) = rest.into_iter().partition(|&c| is_two(c));
        let mut deck = Vec::new();
        let mut twos = twos.into_iter();
        for p in 0..155 {
            let two = if p % 5 != 0 { twos.next() } else { None };
            deck.push(two.unwrap_or_else(|| others.remove(0)));
        }
        deck.extend(kitty);
        let mut d = deal(&deck, 0);
        pass_all(&mut d);
        assert!(d.forced());
        assert_eq!(d.outcome().unwrap().1.trump, Some(FALLBACK_TRUMP));
    }

    #[test]
    fn r5_10_r5_12_who_is_asked_is_public() {
        // Passing throughout, the seats asked are the receivers of the first 145 cards,
        // then the 原庄 at its two last cards, whatever the deck.
        for seed in 0..100u64 {
            let prev = (seed % 5) as usize;
            let mut d = RedFive5pDeal::new(seed, None, None, prev).unwrap();
            let first = d.first_seat();
            let mut asked = Vec::new();
            while let Some(seat) = d.to_act() {
                asked.push(seat);
                d.act(&Action::Pass).unwrap();
            }
            let expected: Vec<usize> = (0..155)
                .map(|i| (first + i) % PLAYERS)
                .enumerate()
                .filter(|&(i, s)| i < LAST_ROUNDS_FROM || s == prev)
                .map(|(_, s)| s)
                .collect();
            assert_eq!(asked, expected, "seed {seed}");
        }
    }
}
