//! The Tractor deal with declarations (TR-10..TR-14): cards dealt one at a time in C-5
//! order; after every card the deal waits for the receiver's `declare CARDS` or `pass`;
//! after the last card a final round asks every seat in seat order from the seat after
//! the last receiver, until all four have passed since the last declaration (TR-12).
//! Who is asked depends only on public information (the deal order and the answers),
//! never on the cards held: a seat with no declaration is asked all the same and can
//! only pass. Finding Friends deals the same way for 4 to 8 players with two or three
//! decks (FF-1..FF-3, FF-10..FF-14), each player at their own level (FF-4); Tractor's
//! house rules deal one to three decks, some without their jokers (TRO-120, TRO-130).

use std::sync::Arc;

use crate::card::{format_cards, Card, Counts, Rank, Suit, BJ, LJ, NUM_CARDS};
use crate::error::ActionError;
use crate::rng::Rng;
use crate::trick::{FollowFormat, Options, TrickRules, Variant};

use super::deck::make_deck;
use super::{Action, Phase};
use super::{
    DeclarationOrder, DeclarationStrength, JokerDeclarations, Reinforce, TractorDecks, TractorHouse,
};

const PLAYERS: usize = 4;
/// FF-3, TRO-120: the fewest cards of a kitty.
const MIN_KITTY: usize = 5;

/// TR-10: the strength of a declaration (single 1 < pair 2 < LJ LJ 3 < BJ BJ 4), or None
/// when the cards are not one; suits do not order equal declarations.
pub fn declaration_strength(cards: &[Card], level: Rank) -> Option<u8> {
    strength_in(cards, level, 2)
}

/// TR-10, FF-10: the strength of a declaration of n identical level cards of a suit or n
/// identical jokers (n ≥ 2), n at most `decks`: 1 for a single; from n = 2 on, 3(n − 2)
/// plus 2 for a suit, 3 for `LJ`, 4 for `BJ` (TR-10's 1 < 2 < 3 < 4 with two decks);
/// None when the cards are not one.
fn strength_in(cards: &[Card], level: Rank, decks: u8) -> Option<u8> {
    if level == Rank::NO_TRUMP_LEVEL {
        return None; // TRO-92: no level cards, and the hand is played without trump
    }
    let (&first, n) = (cards.first()?, cards.len());
    if n > decks as usize || cards.iter().any(|&c| c != first) {
        return None;
    }
    let above_pairs = 3 * (n as u8).saturating_sub(2);
    match first.rank() {
        Some(r) if r != level => None,
        Some(_) if n == 1 => Some(1),
        Some(_) => Some(above_pairs + 2),
        None if n == 1 => None,
        None => Some(above_pairs + if first == BJ { 4 } else { 3 }),
    }
}

/// FF-3: the fewest cards, at least five, that leave a deal of equal hands.
pub fn friends_kitty_size(players: usize, decks: u8) -> usize {
    kitty_size_of(NUM_CARDS * decks as usize, players)
}

/// TR-1, TRO-120, TRO-130: a Tractor kitty, as FF-3 makes one for four players: 8 cards
/// of two decks, 6 of one or three (TRO-121, TRO-123), from the cards left.
pub fn tractor_kitty_size(table: TractorDecks) -> usize {
    let jokers = 2 * table.jokerless as usize;
    kitty_size_of(NUM_CARDS * table.decks as usize - jokers, PLAYERS)
}

/// The fewest of `total` cards, at least five, that leave `players` equal hands.
fn kitty_size_of(total: usize, players: usize) -> usize {
    MIN_KITTY + (total - MIN_KITTY) % players
}

/// The deal and declarations of one Tractor hand.
#[derive(Clone, Debug)]
pub struct TractorDeal {
    deck: Vec<Card>,
    /// TR-2: each seat's level (its team's); FF-4: each player's own.
    levels: Vec<Rank>,
    level: Rank,
    /// Finding Friends' deal (FF-1..FF-14) rather than Tractor's: the rule ids cited.
    friends: bool,
    players: usize,
    /// The cards dealt to the players; the rest of the deck is the kitty (TR-1, TRO-120,
    /// FF-3).
    to_deal: usize,
    fixed_dealer: Option<usize>,
    /// The trick options of the play (TR-20, C-31, TRO-10, TRO-50).
    opts: Options,
    /// The house rules (TRO-10..TRO-150), which the burial carries on.
    house: TractorHouse,
    first: usize,
    dealt: usize,
    hands: Vec<Counts>,
    declared: Vec<(usize, Vec<Card>)>,
    asking: Option<usize>,
    final_round: bool,
    final_seat: usize,
    final_passes: usize,
    /// Set when declaring ends (TR-13): the dealer and the hand's rules.
    end: Option<(usize, Arc<TrickRules>)>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

impl TractorDeal {
    /// TR-50 options: `levels` (seats 0/2, seats 1/3), `dealer` (None: a match's first
    /// hand, TR-13), `follow_format` (TR-20). The game's randomness in order: the shuffle
    /// (without a scripted deck), then without `first_seat` or a dealer the seat of the
    /// first card, `below(4)`.
    pub fn new(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        levels: (Rank, Rank),
        dealer: Option<usize>,
        follow_format: FollowFormat,
    ) -> Result<TractorDeal, String> {
        let table = TractorDecks::default();
        Self::with_decks(
            seed,
            scripted,
            first_seat,
            levels,
            dealer,
            follow_format,
            table,
        )
    }

    /// [`Self::new`] at a table of `table.decks` decks, the jokers of `table.jokerless`
    /// of them taken out (TRO-120, TRO-130); the kitty as [`tractor_kitty_size`] says.
    pub fn with_decks(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        levels: (Rank, Rank),
        dealer: Option<usize>,
        follow_format: FollowFormat,
        table: TractorDecks,
    ) -> Result<TractorDeal, String> {
        let table = table.check()?;
        if dealer.is_some_and(|d| d >= PLAYERS) {
            return Err("option dealer must be None or a seat 0..3 (TR-13, TR-32)".into());
        }
        if dealer.is_none() && levels.0 != levels.1 {
            return Err(format!(
                "with dealer None (the first hand of a match, TR-13) both teams must be at \
                 the same level, not {} and {}",
                levels.0.level_text(),
                levels.1.level_text()
            ));
        }
        let seats = vec![levels.0, levels.1, levels.0, levels.1];
        let mut opts = Options {
            follow_format,
            ..Options::defaults(Variant::Tractor)
        };
        table.set_trick_options(&mut opts);
        Self::start(seed, scripted, first_seat, seats, dealer, opts, false)
    }

    /// FF-1..FF-4, FF-13: a Finding Friends deal: `levels` one per player (4 to 8),
    /// `decks` 2 or 3, `dealer` as Tractor's (None: a match's first hand, every player at
    /// the same level). The randomness is Tractor's: the shuffle, then the first card's
    /// seat, `below(players)`.
    pub fn finding_friends(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        levels: Vec<Rank>,
        dealer: Option<usize>,
        decks: u8,
        follow_format: FollowFormat,
    ) -> Result<TractorDeal, String> {
        let n = levels.len();
        if !(4..=8).contains(&n) {
            return Err(format!(
                "Finding Friends takes 4 to 8 players (FF-1), not {n}"
            ));
        }
        if !(2..=3).contains(&decks) {
            return Err(format!("decks must be 2 or 3 (FF-1, C-2), not {decks}"));
        }
        if dealer.is_some_and(|d| d >= n) {
            return Err(format!(
                "option dealer must be None or a seat 0..{} (FF-13)",
                n - 1
            ));
        }
        if dealer.is_none() && levels.iter().any(|&l| l != levels[0]) {
            return Err(
                "with dealer None (the first hand of a match, FF-13) every player must be at \
                 the same level"
                    .into(),
            );
        }
        let opts = Options {
            decks,
            follow_format,
            ..Options::defaults(Variant::Tractor)
        };
        Self::start(seed, scripted, first_seat, levels, dealer, opts, true)
    }

    /// The deal of `levels.len()` players with `opts.decks` decks, its first card dealt.
    fn start(
        seed: u64,
        scripted: Option<&str>,
        first_seat: Option<usize>,
        levels: Vec<Rank>,
        dealer: Option<usize>,
        opts: Options,
        friends: bool,
    ) -> Result<TractorDeal, String> {
        let players = levels.len();
        if first_seat.is_some_and(|s| s >= players) {
            return Err(format!("first_seat must be a seat 0..{}", players - 1));
        }
        let mut rng = Rng::new(seed);
        let deck = make_deck(&opts.full_deck(), scripted, &mut rng)?;
        let kitty = if friends {
            friends_kitty_size(players, opts.decks)
        } else {
            tractor_kitty_size(TractorDecks {
                decks: opts.decks,
                jokerless: opts.jokerless,
            })
        };
        let to_deal = deck.len() - kitty;
        let level = levels[dealer.unwrap_or(0)];
        let first = first_seat
            .or(dealer)
            .unwrap_or_else(|| rng.below(players as u64) as usize);
        let mut deal = TractorDeal {
            deck,
            levels,
            level,
            friends,
            players,
            to_deal,
            fixed_dealer: dealer,
            opts,
            house: TractorHouse::default(),
            first,
            dealt: 0,
            hands: vec![Counts::default(); players],
            declared: Vec::new(),
            asking: None,
            final_round: false,
            final_seat: 0,
            final_passes: 0,
            end: None,
            // A question per card dealt, and a short final round (TR-12).
            log: Vec::with_capacity(to_deal + 2 * players),
        };
        deal.advance();
        Ok(deal)
    }

    /// The rule id a message cites: Tractor's, or Finding Friends' (FF-10..FF-12).
    fn rule(&self, tractor: &'static str, friends: &'static str) -> &'static str {
        if self.friends {
            friends
        } else {
            tractor
        }
    }

    /// The rule id a message about a declaration's copies cites: Tractor's of two decks,
    /// Tractor's of one or three (TRO-121, TRO-123), or Finding Friends'.
    fn copies_rule(&self, tractor: &'static str, friends: &'static str) -> &'static str {
        match (self.friends, self.opts.decks) {
            (true, _) => friends,
            (false, 1) => "TRO-121",
            (false, 3) => "TRO-123",
            (false, 4) => "TRO-124",
            _ => tractor,
        }
    }

    /// The hand's house rules: who deals and what may be declared (TRO-60, TRO-70,
    /// TRO-100, TRO-140, TRO-150), and the play's trick options (TRO-10, TRO-50); an
    /// error names a combination the trick options reject. Given before any answer (the
    /// first card is dealt).
    pub fn with_house(mut self, house: &TractorHouse) -> Result<TractorDeal, String> {
        self.house = *house;
        house.set_trick_options(&mut self.opts);
        self.opts.check().map_err(|e| e.to_string())?;
        Ok(self)
    }

    /// The house rules the hand is played under.
    /// Whether this is Finding Friends' deal (FF-1..FF-14) rather than Tractor's.
    pub fn is_finding_friends(&self) -> bool {
        self.friends
    }

    pub fn house(&self) -> TractorHouse {
        self.house
    }

    pub fn level(&self) -> Rank {
        self.level
    }

    /// TR-2: the levels of seats 0/2 and seats 1/3 (public).
    pub fn levels(&self) -> (Rank, Rank) {
        (self.levels[0], self.levels[1])
    }

    /// TR-2, FF-4: each seat's level (public).
    pub fn seat_levels(&self) -> &[Rank] {
        &self.levels
    }

    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// C-5: the seat that received the first card.
    pub fn first_seat(&self) -> usize {
        self.first
    }

    pub fn cards_dealt(&self) -> usize {
        self.dealt
    }

    pub fn final_round(&self) -> bool {
        self.final_round
    }

    /// Every declaration so far, in order (the last one stands).
    pub fn declarations(&self) -> &[(usize, Vec<Card>)] {
        &self.declared
    }

    /// The declaration that stands now.
    pub fn standing(&self) -> Option<&(usize, Vec<Card>)> {
        self.declared.last()
    }

    /// The cards dealt to each seat so far (the dealer's with the kitty once declaring ended).
    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    /// The kitty: the last 8 cards of the deck (TR-1), or TRO-120's, or FF-3's.
    pub fn kitty(&self) -> &[Card] {
        &self.deck[self.to_deal..]
    }

    /// The cards not dealt yet.
    pub fn undealt(&self) -> &[Card] {
        &self.deck[self.dealt..self.to_deal]
    }

    /// The dealer: fixed before the deal (TR-32), the first declarer from its
    /// declaration on (TRO-62), else known once declaring ends (TR-13, TRO-61).
    pub fn dealer(&self) -> Option<usize> {
        self.end
            .as_ref()
            .map(|(d, _)| *d)
            .or(self.fixed_dealer)
            .or_else(|| self.house.first_dealer.settled(&self.declared))
    }

    /// Once declaring has ended: the dealer and the hand's rules (trump from TR-13).
    pub fn outcome(&self) -> Option<(usize, &Arc<TrickRules>)> {
        self.end.as_ref().map(|(d, r)| (*d, r))
    }

    /// The trump named by the standing declaration (None: none yet, or jokers: no-trump).
    pub fn trump(&self) -> Option<Suit> {
        self.standing().and_then(|(_, cs)| cs[0].suit())
    }

    /// TR-10, TR-11 (FF-10, FF-11): why `seat` may not declare `cards` (as given) now, or None.
    pub fn declaration_error(&self, seat: usize, cards: &[Card]) -> Option<ActionError> {
        let shown = format_cards(cards);
        let Some(strength) = self.strength(cards) else {
            if let Some(error) = self.joker_error(cards) {
                return Some(error);
            }
            if self.level == Rank::NO_TRUMP_LEVEL {
                return Some(ActionError::breaks(
                    "TRO-92",
                    format!(
                        "'{shown}' is not a declaration: a hand at the no-trump level NT has \
                         no level cards and is played without trump, so nothing is declared \
                         (TRO-92)"
                    ),
                ));
            }
            let lv = self.level.letter();
            let d = self.opts.decks;
            let rule = self.copies_rule("TR-10", "FF-10");
            let message = if d == 1 {
                format!(
                    "'{shown}' is not a declaration: the level is {lv}, and with one deck a \
                     declaration is one level card ({lv}h) (TRO-121)"
                )
            } else if self.friends || d != 2 {
                // TRO-130, TRO-140: the joker declarations this table has, if any.
                let copies = d - self.opts.jokerless;
                let count = if copies == 2 {
                    "2".to_string()
                } else {
                    format!("2 to {copies}")
                };
                let jokers = match self.house.joker_declarations {
                    _ if copies < 2 => String::new(),
                    JokerDeclarations::None => String::new(),
                    JokerDeclarations::BigOnly => format!(", or {count} identical BJ"),
                    JokerDeclarations::Both => format!(", or {count} identical jokers"),
                };
                format!(
                    "'{shown}' is not a declaration: the level is {lv}, so 1 to {d} identical \
                     level cards of a suit ({lv}h, {lv}h {lv}h){jokers} ({rule})"
                )
            } else {
                let jokers = match self.house.joker_declarations {
                    _ if d - self.opts.jokerless < 2 => " (TR-10, TRO-130)",
                    JokerDeclarations::Both => ", LJ LJ or BJ BJ (TR-10)",
                    JokerDeclarations::BigOnly => " or BJ BJ (TR-10, TRO-142)",
                    JokerDeclarations::None => " (TR-10, TRO-143)",
                };
                format!(
                    "'{shown}' is not a declaration: the level is {lv}, so one level card \
                     ({lv}h), two identical level cards ({lv}h {lv}h){jokers}"
                )
            };
            return Some(ActionError::breaks(rule, message));
        };
        if !self.hands[seat].contains(&Counts::from_cards(cards)) {
            return Some(ActionError::illegal(format!(
                "you do not hold {shown} (of the cards dealt to you so far)"
            )));
        }
        self.overcall_error(seat, cards, strength)
    }

    /// TRO-140: why jokers that TR-10 lets declare may not under the house rule, or None.
    fn joker_error(&self, cards: &[Card]) -> Option<ActionError> {
        strength_in(cards, self.level, self.opts.decks)?;
        let (rule, which) = match self.house.joker_declarations {
            JokerDeclarations::Both => return None,
            JokerDeclarations::BigOnly if cards[0] == BJ => return None,
            JokerDeclarations::BigOnly => ("TRO-142", "only big jokers declare"),
            JokerDeclarations::None => ("TRO-143", "jokers do not declare"),
        };
        Some(ActionError::breaks(
            rule,
            format!(
                "'{}' is not a declaration: {which} at this table (TRO-140, {rule})",
                format_cards(cards)
            ),
        ))
    }

    /// TR-10, FF-10: the strength of a declaration in this deal, or None; jokers only
    /// as TRO-140 allows.
    fn strength(&self, cards: &[Card]) -> Option<u8> {
        let strength = strength_in(cards, self.level, self.opts.decks)?;
        let joker = cards[0].rank().is_none();
        (!joker || self.house.joker_declarations.allows(cards[0])).then_some(strength)
    }

    /// TR-11: whether a declaration of TR-10 `strength` may follow the standing one:
    /// stronger (as TRO-100 measures it, by TRO-70's order of equal strengths), or the
    /// standing declarer's second copy of its single card (FF-11: more copies of its card).
    /// TRO-150: what the standing declarer may still declare: by default only that.
    fn may_follow(&self, seat: usize, cards: &[Card], strength: u8) -> bool {
        let standing = self.standing();
        may_follow(self.house, standing, seat, cards, strength, |cs| {
            self.strength(cs)
        })
    }

    /// TR-11: why a declaration of `strength` may not follow the standing one, or None.
    fn overcall_error(&self, seat: usize, cards: &[Card], strength: u8) -> Option<ActionError> {
        if self.may_follow(seat, cards, strength) {
            return None;
        }
        let (owner, current) = self.standing()?;
        if *owner == seat {
            return self.own_error(current, cards);
        }
        let (stronger, suits, rules) = self.stronger_words();
        Some(ActionError::breaks(
            self.rule("TR-11", "FF-11"),
            format!(
                "an overcall must {stronger} seat {owner}'s {}{suits} ({rules})",
                format_cards(current)
            ),
        ))
    }

    /// TR-11 under TRO-100 and TRO-70: what an overcall must be to the standing
    /// declaration (the words before and after it), and the rules that say so.
    fn stronger_words(&self) -> (&'static str, &'static str, &'static str) {
        let suits = match self.house.declaration_order {
            DeclarationOrder::Equal => "",
            DeclarationOrder::Suit => ", or as strong in a higher suit (TRO-72)",
        };
        let (stronger, rules) = match self.house.declaration_strength {
            DeclarationStrength::JokersOrMoreCards => (
                "be stronger than",
                self.rule("TR-10, TR-11", "FF-10, FF-11"),
            ),
            DeclarationStrength::MoreCards => ("hold more cards than", "TRO-102, TR-11"),
        };
        (stronger, suits, rules)
    }

    /// TR-11 under TRO-150: why the standing declarer may not declare `cards`.
    fn own_error(&self, current: &[Card], cards: &[Card]) -> Option<ActionError> {
        let shown = format_cards(current);
        match self.house.reinforce {
            Reinforce::OwnCard => self.reinforce_error(current, cards),
            Reinforce::None => Some(ActionError::breaks(
                "TRO-152",
                format!(
                    "your {shown} stands: at this table it cannot be reinforced, only another \
                     seat's overcall replaces it (TRO-150, TRO-152)"
                ),
            )),
            Reinforce::OrOverturn => {
                let reinforce = if current.len() < self.opts.decks as usize {
                    format!("reinforce it with more copies of {} or ", current[0])
                } else {
                    String::new()
                };
                let (stronger, suits, _) = self.stronger_words();
                Some(ActionError::breaks(
                    "TRO-153",
                    format!(
                        "your {shown} stands: you may {reinforce}overcall it, which must \
                         {stronger} it{suits} (TRO-150, TRO-153)"
                    ),
                ))
            }
        }
    }

    /// TR-11: the standing declarer may only add the second copy of a single card;
    /// FF-11, TRO-121, TRO-123: more copies of its card, up to the decks.
    fn reinforce_error(&self, current: &[Card], cards: &[Card]) -> Option<ActionError> {
        let card = current[0];
        if !self.friends && self.opts.decks == 2 {
            return tractor_reinforce_error(current, cards);
        }
        let rule = self.copies_rule("TR-11", "FF-11");
        if self.opts.decks == 1 {
            return Some(ActionError::breaks(
                rule,
                format!(
                    "your {} stands: with one deck it cannot be reinforced ({rule})",
                    format_cards(current)
                ),
            ));
        }
        if current.len() == self.opts.decks as usize {
            return Some(ActionError::breaks(
                rule,
                format!(
                    "your {} stands: {} copies cannot be reinforced ({rule})",
                    format_cards(current),
                    current.len()
                ),
            ));
        }
        (cards.len() <= current.len() || cards.iter().any(|&c| c != card)).then(|| {
            ActionError::breaks(
                rule,
                format!(
                    "your {} stands: you may only reinforce it with more copies of {card}, \
                     not overcall yourself ({rule})",
                    format_cards(current)
                ),
            )
        })
    }

    /// TR-10, TR-11: every declaration `seat` may make now: singles s, h, c, d, pairs
    /// s, h, c, d, then LJ LJ, BJ BJ (FF-10: then triples s, h, c, d, LJ ×3, BJ ×3;
    /// TRO-124: then quadruples likewise).
    pub fn options(&self, seat: usize) -> Vec<Vec<Card>> {
        self.allowed(seat).map(|(c, n)| vec![c; n]).collect()
    }

    /// [`Self::options`] as (card, copies), listing nothing.
    fn allowed(&self, seat: usize) -> impl Iterator<Item = (Card, usize)> + '_ {
        let held = &self.hands[seat];
        let level = self.level;
        // TRO-92: the no-trump level has no level cards to declare.
        let suits = if level == Rank::NO_TRUMP_LEVEL {
            &[][..]
        } else {
            &Suit::ALL[..]
        };
        // No declaration takes more copies than the seat holds of a level card or a
        // joker: most prompts of a deal hold none, and look at nothing more.
        let most = suits
            .iter()
            .map(|&s| held.get(Card::new(level, s)))
            .chain([held.get(LJ), held.get(BJ)])
            .max()
            .unwrap_or(0) as usize;
        (1..=most.min(self.opts.decks as usize))
            .flat_map(move |copies| {
                let jokers: &[Card] = if copies >= 2 { &[LJ, BJ] } else { &[] };
                suits
                    .iter()
                    .map(move |&s| Card::new(level, s))
                    .chain(jokers.iter().copied())
                    .map(move |card| (card, copies))
            })
            .filter(move |&(card, copies)| {
                let cards = &[card; 4][..copies];
                held.get(card) as usize >= copies
                    && self
                        .strength(cards)
                        .is_some_and(|s| self.may_follow(seat, cards, s))
            })
    }

    /// TR-12: deals the next card and asks its receiver; after the last card, the final
    /// round asks seat after seat; then TR-13, TR-14. Every receiver and every seat of
    /// the final round is asked, so who is asked tells nothing of the cards.
    fn advance(&mut self) {
        if self.dealt < self.to_deal {
            let seat = (self.first + self.dealt) % self.players;
            self.hands[seat].add(self.deck[self.dealt], 1);
            self.dealt += 1;
            self.asking = Some(seat);
            return;
        }
        if !self.final_round {
            self.final_round = true;
            self.final_seat = (self.first + self.to_deal) % self.players;
        }
        if self.final_passes < self.players {
            self.asking = Some(self.final_seat);
            return;
        }
        self.asking = None;
        self.end_declaring();
    }

    /// TR-12: the final round ends when every seat passed since the last declaration.
    fn final_answer(&mut self, declared: bool) {
        self.final_passes = if declared { 0 } else { self.final_passes + 1 };
        self.final_seat = (self.final_seat + 1) % self.players;
    }

    /// TR-13: the dealer (by TRO-60 in a match's first hand) and the trump; TR-14: the
    /// dealer takes up the kitty.
    fn end_declaring(&mut self) {
        let dealer = self
            .fixed_dealer
            .or(self.house.first_dealer.declarer(&self.declared))
            .unwrap_or(self.first);
        let rules = TrickRules::shared(Variant::Tractor, self.trump(), self.level, self.opts)
            .expect("Tractor rules for any trump and level");
        for &c in &self.deck[self.to_deal..] {
            self.hands[dealer].add(c, 1);
        }
        self.end = Some((dealer, rules));
    }

    /// C-4, TR-14 (FF-3, FF-14): how many cards the dealer buries.
    pub fn kitty_size(&self) -> usize {
        self.deck.len() - self.to_deal
    }

    /// The same deal with another deck (for `crate::sample`): every answer so far and
    /// its outcome kept, each hand what the new deck dealt it (the dealer's with the
    /// kitty once declaring ended). Who is asked and what may be declared depend only on
    /// the answers and the cards held, so this is the deal a replay of the log on `deck`
    /// gives when every declaration was made with cards already received (the caller's
    /// part, TR-10..TR-12). None unless `deck` holds the game's cards.
    pub fn redealt(&self, deck: Vec<Card>) -> Option<TractorDeal> {
        if Counts::from_cards(&deck) != Counts::from_cards(&self.deck) {
            return None;
        }
        let mut hands = vec![Counts::default(); self.players];
        for (i, &c) in deck[..self.dealt].iter().enumerate() {
            hands[(self.first + i) % self.players].add(c, 1);
        }
        if let Some((dealer, _)) = &self.end {
            deck[self.to_deal..]
                .iter()
                .for_each(|&c| hands[*dealer].add(c, 1));
        }
        Some(TractorDeal {
            deck,
            hands,
            ..self.clone()
        })
    }
}

/// TR-11 (FF-11) under `house` (TRO-70, TRO-100, TRO-150): whether `seat` may follow
/// the `standing` declaration with `cards` of TR-10 `strength` (`strength_of` measures
/// the standing one): stronger, or the standing declarer's more copies of its card (or,
/// under TRO-153, its own overcall; under TRO-152, nothing of it).
pub(super) fn may_follow(
    house: TractorHouse,
    standing: Option<&(usize, Vec<Card>)>,
    seat: usize,
    cards: &[Card],
    strength: u8,
    strength_of: impl Fn(&[Card]) -> Option<u8>,
) -> bool {
    let overcalls = |current: &[Card]| {
        let standing = strength_of(current).expect("a declaration");
        let of = |s, cs| house.declaration_strength.of(s, cs);
        house.declaration_order.overcalls(
            (of(strength, cards), cards),
            (of(standing, current), current),
        )
    };
    match standing {
        None => true,
        Some((owner, current)) if *owner == seat => {
            let more = cards.len() > current.len() && cards.iter().all(|&c| c == current[0]);
            match house.reinforce {
                Reinforce::OwnCard => more,
                Reinforce::None => false,
                Reinforce::OrOverturn => more || overcalls(current),
            }
        }
        Some((_, current)) => overcalls(current),
    }
}

/// TR-11: the standing declarer may only add the second copy of a single card.
pub(super) fn tractor_reinforce_error(current: &[Card], cards: &[Card]) -> Option<ActionError> {
    if current.len() == 2 {
        return Some(ActionError::breaks(
            "TR-11",
            format!(
                "your {} stands: a pair cannot be reinforced (TR-11)",
                format_cards(current)
            ),
        ));
    }
    let card = current[0];
    (cards != [card, card]).then(|| {
        ActionError::breaks(
            "TR-11",
            format!(
                "your {card} stands: you may only reinforce it with {card} {card}, \
                 not overcall yourself (TR-11)"
            ),
        )
    })
}

impl Phase for TractorDeal {
    fn num_players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<usize> {
        self.asking
    }

    fn num_legal(&self) -> u64 {
        self.asking
            .map_or(0, |s| self.allowed(s).count() as u64 + 1)
    }

    /// The declarations in order, then `pass`.
    fn legal_action(&self, index: u64) -> Option<Action> {
        let seat = self.asking?;
        // One pass over the declarations: the index-th, or `pass` just past the last.
        let mut declarations = 0;
        for (card, copies) in self.allowed(seat) {
            if declarations == index {
                return Some(Action::Declare(vec![card; copies]));
            }
            declarations += 1;
        }
        (index == declarations).then_some(Action::Pass)
    }

    fn legal_actions(&self, limit: usize) -> Vec<Action> {
        let Some(seat) = self.asking else {
            return Vec::new();
        };
        let mut out: Vec<Action> = self
            .options(seat)
            .into_iter()
            .map(Action::Declare)
            .collect();
        out.push(Action::Pass);
        out.truncate(limit);
        out
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        let seat = self
            .asking
            .ok_or_else(|| ActionError::game_over("declaring is over"))?;
        let declared = match action {
            Action::Declare(cards) => {
                if let Some(reason) = self.declaration_error(seat, cards) {
                    return Err(reason);
                }
                self.declared.push((seat, cards.clone()));
                true
            }
            Action::Pass => false,
            _ => {
                let rule = self.rule("TR-12", "FF-12");
                return Err(ActionError::breaks(
                    rule,
                    format!("the cards are being dealt: 'declare CARDS' or 'pass' ({rule})"),
                ));
            }
        };
        if self.final_round {
            self.final_answer(declared);
        }
        self.advance();
        Ok(action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{format_cards, parse_cards};
    use crate::error::ErrorKind;
    use crate::phases::parse_action;
    use crate::phases::test_support::{deck_with, moved_to_end};
    use crate::phases::trick_deck;

    /// Cards dealt to the players in Tractor (TR-1).
    const DEALT: usize = 100;

    /// A deck whose dealt part holds no declaration but those placed: the 96 plain
    /// cards, one joker each for seats 0..3, then the 2s in the kitty.
    fn deck(placed: &[(usize, &str)]) -> String {
        let mut full = moved_to_end(&trick_deck(2), |c| {
            c.is_joker() || c.rank() == Some(Rank::TWO)
        });
        full[96..].copy_from_slice(&parse_cards("LJ BJ LJ BJ 2s 2h 2c 2d 2s 2h 2c 2d").unwrap());
        deck_with(&full, placed)
    }

    fn deal(placed: &[(usize, &str)], dealer: Option<usize>) -> TractorDeal {
        let two = (Rank::TWO, Rank::TWO);
        TractorDeal::new(
            0,
            Some(&deck(placed)),
            Some(0),
            two,
            dealer,
            FollowFormat::Pairs,
        )
        .unwrap()
    }

    fn act(d: &mut TractorDeal, text: &str) -> Result<Action, String> {
        d.act(&crate::phases::parse_action(text).unwrap())
            .map_err(String::from)
    }

    /// Passes for every seat asked until `cards` cards are dealt.
    fn pass_to(d: &mut TractorDeal, cards: usize) {
        while d.cards_dealt() < cards {
            act(d, "pass").unwrap();
        }
    }

    fn texts(d: &TractorDeal) -> Vec<String> {
        d.legal_actions(usize::MAX)
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    #[test]
    fn tr_10_strengths() {
        let s = |t: &str| declaration_strength(&parse_cards(t).unwrap(), Rank::TWO);
        assert_eq!(s("2h"), Some(1));
        assert_eq!(s("2h 2h"), Some(2));
        assert_eq!(s("LJ LJ"), Some(3));
        assert_eq!(s("BJ BJ"), Some(4));
        assert_eq!(s("2h 2d"), None);
        assert_eq!(s("3h"), None);
        assert_eq!(s("BJ"), None);
        assert_eq!(s("BJ LJ"), None);
    }

    #[test]
    fn tr_11_overcall_must_be_strictly_stronger() {
        // Seat 0 gets 2h first; seat 1 gets 2s at its 1st and 2nd cards.
        let mut d = deal(&[(0, "2h"), (1, "2s"), (5, "2s")], None);
        assert_eq!((d.to_act(), d.cards_dealt()), (Some(0), 1));
        assert_eq!(texts(&d), ["declare 2h", "pass"]);
        act(&mut d, "declare 2h").unwrap();
        // A single 2s is no overcall: seat 1 is asked and can only pass until it can pair.
        assert_eq!((d.to_act(), d.cards_dealt()), (Some(1), 2));
        assert_eq!(texts(&d), ["pass"]);
        pass_to(&mut d, 6);
        assert_eq!(d.to_act(), Some(1));
        assert_eq!(texts(&d), ["declare 2s 2s", "pass"]);
        assert_eq!(
            act(&mut d, "declare 2s").unwrap_err(),
            "an overcall must be stronger than seat 0's 2h (TR-10, TR-11)"
        );
        act(&mut d, "declare 2s 2s").unwrap();
        assert_eq!(d.standing().unwrap().0, 1);
    }

    #[test]
    fn tr_11_reinforcement_is_the_second_copy_only() {
        let mut d = deal(&[(0, "2h"), (4, "2h"), (8, "LJ"), (12, "LJ")], None);
        act(&mut d, "declare 2h").unwrap();
        pass_to(&mut d, 5);
        assert_eq!(d.to_act(), Some(0));
        assert_eq!(texts(&d), ["declare 2h 2h", "pass"]);
        assert_eq!(
            act(&mut d, "declare 2h").unwrap_err(),
            "your 2h stands: you may only reinforce it with 2h 2h, not overcall yourself (TR-11)"
        );
        assert_eq!(
            act(&mut d, "declare 3h").unwrap_err(),
            "'3h' is not a declaration: the level is 2, so one level card (2h), two identical \
             level cards (2h 2h), LJ LJ or BJ BJ (TR-10)"
        );
        assert_eq!(
            act(&mut d, "declare 2c").unwrap_err(),
            "you do not hold 2c (of the cards dealt to you so far)"
        );
        act(&mut d, "declare 2h 2h").unwrap();
        // A pair stands: seat 0 has nothing to declare with its LJ LJ (cards 9 and 13).
        pass_to(&mut d, 13);
        assert_eq!((d.to_act(), texts(&d)), (Some(0), vec!["pass".to_string()]));
        assert!(d.options(0).is_empty());
        assert_eq!(
            d.declaration_error(0, &parse_cards("LJ LJ").unwrap())
                .map(String::from),
            Some("your 2h 2h stands: a pair cannot be reinforced (TR-11)".into())
        );
    }

    #[test]
    fn tr_12_final_round_asks_until_four_passes() {
        // Nobody may declare during the deal but seat 2, whose single 2d comes last.
        let mut d = deal(&[(98, "2d")], None);
        pass_to(&mut d, 99);
        assert_eq!((d.to_act(), d.final_round()), (Some(2), false));
        assert_eq!(texts(&d), ["declare 2d", "pass"]);
        act(&mut d, "pass").unwrap();
        assert_eq!((d.to_act(), d.cards_dealt()), (Some(3), 100));
        act(&mut d, "pass").unwrap();
        // The final round asks every seat from the seat after the last receiver (seat 3).
        let mut asked = Vec::new();
        while let Some(seat) = d.to_act() {
            assert!(d.final_round());
            asked.push(seat);
            let answer = if asked.len() == 3 {
                "declare 2d"
            } else {
                "pass"
            };
            act(&mut d, answer).unwrap();
        }
        // After seat 2's declaration all four must pass again.
        assert_eq!(asked, [0, 1, 2, 3, 0, 1, 2]);
        let (dealer, rules) = d.outcome().unwrap();
        assert_eq!((dealer, rules.trump), (2, Some(Suit::DIAMONDS)));
        assert_eq!(d.hands()[2].len(), 33);
    }

    #[test]
    fn tr_13_no_declaration_no_trump_and_a_fixed_dealer_stays() {
        let mut d = deal(&[], None);
        while d.to_act().is_some() {
            act(&mut d, "pass").unwrap();
        }
        let (dealer, rules) = d.outcome().unwrap();
        assert_eq!((dealer, rules.trump), (0, None));
        let mut d = deal(&[(1, "2c")], Some(3));
        pass_to(&mut d, 2);
        assert_eq!((d.to_act(), texts(&d)[0].as_str()), (Some(1), "declare 2c"));
        act(&mut d, "declare 2c").unwrap();
        pass_to(&mut d, DEALT);
        while d.to_act().is_some() {
            act(&mut d, "pass").unwrap();
        }
        let (dealer, rules) = d.outcome().unwrap();
        assert_eq!((dealer, rules.trump), (3, Some(Suit::CLUBS)));
    }

    /// Passes for every seat asked until declaring ends.
    fn pass_out(d: &mut TractorDeal) {
        while d.to_act().is_some() {
            act(d, "pass").unwrap();
        }
    }

    fn first_declaration(d: TractorDeal) -> TractorDeal {
        let house = TractorHouse {
            first_dealer: crate::phases::FirstDealer::FirstDeclaration,
            ..TractorHouse::default()
        };
        d.with_house(&house).unwrap()
    }

    /// Seat 0 declares 2h at card 1, seat 1 overcalls with 2s 2s at card 6, everyone
    /// else passes: the dealer known before, after each declaration and at the end, the
    /// trump, and the dealer's cards.
    fn overcalled(mut d: TractorDeal) -> (Vec<Option<usize>>, Option<Suit>, usize) {
        let mut dealers = vec![d.dealer()];
        act(&mut d, "declare 2h").unwrap();
        dealers.push(d.dealer());
        pass_to(&mut d, 6);
        act(&mut d, "declare 2s 2s").unwrap();
        dealers.push(d.dealer());
        pass_out(&mut d);
        let (dealer, rules) = d.outcome().unwrap();
        dealers.push(Some(dealer));
        (dealers, rules.trump, d.hands()[dealer].len())
    }

    #[test]
    fn tro_62_the_first_declarer_deals_and_overcalls_change_only_the_trump() {
        let placed = [(0, "2h"), (1, "2s"), (5, "2s")];
        // The dealer is public from the first declaration on; TR-11 stands (an overcall).
        let (dealers, trump, held) = overcalled(first_declaration(deal(&placed, None)));
        assert_eq!(dealers, [None, Some(0), Some(0), Some(0)]);
        assert_eq!((trump, held), (Some(Suit::SPADES), 33));
        // TRO-61, TR-13: the same declarations under the default make seat 1 dealer.
        let (dealers, trump, held) = overcalled(deal(&placed, None));
        assert_eq!(dealers, [None, None, None, Some(1)]);
        assert_eq!((trump, held), (Some(Suit::SPADES), 33));
    }

    #[test]
    fn tro_72_a_higher_suit_overcalls_at_equal_strength() {
        let suit = TractorHouse {
            declaration_order: DeclarationOrder::Suit,
            ..TractorHouse::default()
        };
        // Seat 0 declares 2h; seat 1 gets 2s at card 2 and 2c at card 6; seat 0 its
        // second 2h at card 5; seat 1 its second 2s at card 10.
        let placed = [(0, "2h"), (1, "2s"), (4, "2h"), (5, "2c"), (9, "2s")];
        let mut d = deal(&placed, None).with_house(&suit).unwrap();
        act(&mut d, "declare 2h").unwrap();
        assert_eq!(texts(&d), ["declare 2s", "pass"], "spades over hearts");
        act(&mut d, "declare 2s").unwrap();
        pass_to(&mut d, 5);
        // TR-11: seat 0 may not reinforce 2h any more, nor overcall 2s with a single.
        assert_eq!(texts(&d), ["declare 2h 2h", "pass"]);
        act(&mut d, "declare 2h 2h").unwrap();
        pass_to(&mut d, 6);
        assert_eq!(
            act(&mut d, "declare 2c").unwrap_err(),
            "an overcall must be stronger than seat 0's 2h 2h, or as strong in a higher suit \
             (TRO-72) (TR-10, TR-11)"
        );
        pass_to(&mut d, 10);
        assert_eq!(
            texts(&d),
            ["declare 2s 2s", "pass"],
            "a spade pair over a heart pair"
        );
        // TRO-71: the same deal under the default offers no equal-strength overcall.
        let mut d = deal(&placed, None);
        act(&mut d, "declare 2h").unwrap();
        assert_eq!(texts(&d), ["pass"]);
    }

    #[test]
    fn tro_60_a_fixed_dealer_or_no_declaration_is_as_tr_13() {
        // Nobody declares: the seat of the first card deals, without trump.
        let mut d = first_declaration(deal(&[], None));
        pass_out(&mut d);
        let (dealer, rules) = d.outcome().unwrap();
        assert_eq!((dealer, rules.trump), (0, None));
        // A later hand of a match: the fixed dealer deals whoever declares first.
        let mut d = first_declaration(deal(&[(1, "2c")], Some(3)));
        assert_eq!(d.dealer(), Some(3));
        pass_to(&mut d, 2);
        act(&mut d, "declare 2c").unwrap();
        assert_eq!(d.dealer(), Some(3));
        pass_out(&mut d);
        let (dealer, rules) = d.outcome().unwrap();
        assert_eq!((dealer, rules.trump), (3, Some(Suit::CLUBS)));
    }

    #[test]
    fn tr_13_the_dealers_team_level() {
        let deck = trick_deck(2)
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let levels = (Rank::FIVE, Rank(7));
        let d =
            TractorDeal::new(0, Some(&deck), None, levels, Some(1), FollowFormat::Pairs).unwrap();
        assert_eq!((d.level(), d.first_seat()), (Rank(7), 1));
        let err = TractorDeal::new(0, None, None, levels, None, FollowFormat::Pairs).unwrap_err();
        assert!(err.contains("both teams must be at the same level"));
    }

    #[test]
    fn tro_92_a_hand_at_the_no_trump_level_declares_nothing() {
        let nt = (Rank::NO_TRUMP_LEVEL, Rank::NO_TRUMP_LEVEL);
        for (seed, dealer) in [(1, None), (2, Some(3)), (3, None)] {
            let mut d =
                TractorDeal::new(seed, None, None, nt, dealer, FollowFormat::Pairs).unwrap();
            let first = d.first_seat();
            let mut questions = 0;
            while let Some(seat) = d.to_act() {
                assert_eq!(texts(&d), ["pass"]);
                for cards in ["LJ LJ", "BJ BJ", "2h", "As As"] {
                    let e = d
                        .declaration_error(seat, &parse_cards(cards).unwrap())
                        .unwrap();
                    assert!(String::from(e).contains("TRO-92"), "{cards}");
                }
                act(&mut d, "pass").unwrap();
                questions += 1;
            }
            assert_eq!(questions, DEALT + 4); // every receiver, then one final round
            let (dealt_by, rules) = d.outcome().unwrap();
            assert_eq!(dealt_by, dealer.unwrap_or(first)); // TR-13: the first receiver
            assert_eq!(
                (rules.trump, rules.level_rank),
                (None, Rank::NO_TRUMP_LEVEL)
            );
        }
        let e = TractorDeal::new(0, None, None, (Rank::NO_TRUMP_LEVEL, Rank::ACE), None, {
            FollowFormat::Pairs
        })
        .unwrap_err();
        assert!(e.contains("not NT and A"), "{e}");
    }

    /// The seats asked and the answers, playing random legal actions from `seed`.
    fn asked(d: &mut TractorDeal, seed: u64) -> Vec<(usize, Action)> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        while let Some(seat) = d.to_act() {
            let action = d.legal_action(rng.below(d.num_legal())).unwrap();
            d.act(&action).unwrap();
            out.push((seat, action));
        }
        out
    }

    #[test]
    fn tro_10_tro_50_the_house_rules_reach_the_play_and_the_burial() {
        use crate::phases::{KittyMultiplier, ThrowPenalty};
        use crate::trick::{FollowProtect, ThrowJudgement};
        let house = TractorHouse {
            follow_protect: FollowProtect::Tractors,
            throw_penalty: ThrowPenalty::None,
            kitty_multiplier: KittyMultiplier::Power,
            throw_judgement: ThrowJudgement::HighestCard,
            first_dealer: crate::phases::FirstDealer::FirstDeclaration,
            declaration_order: DeclarationOrder::Suit,
            declaration_strength: DeclarationStrength::MoreCards,
            ..TractorHouse::default()
        };
        let two = (Rank::TWO, Rank::TWO);
        let mut d = TractorDeal::new(3, None, None, two, None, FollowFormat::Pairs)
            .and_then(|d| d.with_house(&house))
            .unwrap();
        asked(&mut d, 3);
        let burial = d.burial().unwrap();
        assert_eq!(burial.house(), house);
        let opts = burial.rules().opts;
        assert_eq!(opts.follow_protect, FollowProtect::Tractors);
        assert_eq!(opts.throw_judgement, ThrowJudgement::HighestCard);
        let tuples = TractorHouse {
            follow_protect: FollowProtect::Tuples,
            ..TractorHouse::default()
        };
        let err = TractorDeal::new(3, None, None, two, None, FollowFormat::Pairs)
            .and_then(|d| d.with_house(&tuples))
            .unwrap_err();
        assert!(err.contains("TRO-12"), "{err}");
    }

    #[test]
    fn tr_12_every_receiver_is_asked_then_every_seat_in_the_final_round() {
        for seed in 0..200u64 {
            let two = (Rank::TWO, Rank::TWO);
            let mut d = TractorDeal::new(seed, None, None, two, None, FollowFormat::Pairs).unwrap();
            let first = d.first_seat();
            let log = asked(&mut d, seed);
            let seats: Vec<usize> = log.iter().map(|(s, _)| *s).collect();
            let receivers: Vec<usize> = (0..DEALT).map(|i| (first + i) % PLAYERS).collect();
            assert_eq!(seats[..DEALT], receivers[..], "seed {seed}");
            // The final round: seat order from the seat after the last receiver, until
            // four passes in a row since the last declaration.
            let last = log[DEALT..]
                .iter()
                .rposition(|(_, a)| *a != Action::Pass)
                .map_or(0, |i| i + 1);
            assert_eq!(log.len(), DEALT + last + PLAYERS, "seed {seed}");
            for (k, &seat) in seats[DEALT..].iter().enumerate() {
                assert_eq!(seat, (first + DEALT + k) % PLAYERS, "seed {seed}");
            }
        }
    }

    #[test]
    fn tr_12_who_is_asked_does_not_depend_on_hidden_cards() {
        // Swapping two cards of other seats (or the undealt ones) never changes who is
        // asked, when every seat answers the same.
        let two = (Rank::TWO, Rank::TWO);
        for seed in 0..50u64 {
            let mut d =
                TractorDeal::new(seed, None, Some(0), two, None, FollowFormat::Pairs).unwrap();
            let deck = d.deck().to_vec();
            let log = asked(&mut d, seed);
            let mut rng = Rng::new(seed ^ 0xfeed);
            let mut swapped = deck.clone();
            let (i, j) = (rng.below(100) as usize, rng.below(100) as usize);
            swapped.swap(i, j);
            let mut e = TractorDeal::new(
                seed,
                Some(&format_cards(&swapped)),
                Some(0),
                two,
                None,
                FollowFormat::Pairs,
            )
            .unwrap();
            for (seat, action) in &log {
                assert_eq!(e.to_act(), Some(*seat), "seed {seed}");
                if e.act(action).is_err() {
                    // The swap took away a card this seat declared: it saw a change.
                    break;
                }
            }
        }
    }

    #[test]
    fn ff_12_who_is_asked_and_what_a_seat_may_declare_hide_the_other_hands() {
        // FF-12 as TR-12: swapping two cards no seat `watched` receives changes neither
        // who is asked nor what `watched` may declare, when every seat answers the same.
        let made = |seed, players: usize, decks, deck: Option<&str>| {
            let levels = vec![Rank::TWO; players];
            TractorDeal::finding_friends(
                seed,
                deck,
                Some(0),
                levels,
                None,
                decks,
                FollowFormat::Pairs,
            )
            .unwrap()
        };
        let mut compared = 0;
        for seed in 0..40u64 {
            let players = 4 + (seed as usize % 5);
            let decks = 2 + (seed % 2) as u8;
            let mut d = made(seed, players, decks, None);
            let deck = d.deck().to_vec();
            let to_deal = deck.len() - d.kitty_size();
            let log = asked(&mut d, seed);
            let mut rng = Rng::new(seed ^ 0xf00d);
            let watched = rng.below(players as u64) as usize;
            let others: Vec<usize> = (0..deck.len())
                .filter(|&i| i >= to_deal || i % players != watched)
                .collect();
            let i = others[rng.below(others.len() as u64) as usize];
            let j = others[rng.below(others.len() as u64) as usize];
            let mut swapped = deck.clone();
            swapped.swap(i, j);
            let mut real = made(seed, players, decks, None);
            let mut e = made(seed, players, decks, Some(&format_cards(&swapped)));
            for (seat, action) in &log {
                assert_eq!(e.to_act(), Some(*seat), "seed {seed}");
                if *seat == watched {
                    assert_eq!(e.legal_actions(64), real.legal_actions(64), "seed {seed}");
                    compared += 1;
                }
                real.act(action).unwrap();
                if e.act(action).is_err() {
                    // The swap took away a card this seat declared: it saw a change.
                    break;
                }
            }
        }
        assert!(compared > 200, "the watched seats were asked: {compared}");
    }

    #[test]
    fn tr_10_tr_11_tr_12_refused_declarations_name_their_rule() {
        use ErrorKind::Illegal;
        let mut d = deal(&[(0, "2h"), (1, "2s"), (5, "2s")], None);
        let refused = |d: &mut TractorDeal, text: &str| {
            d.act(&parse_action(text).unwrap()).unwrap_err().kind_rule()
        };
        assert_eq!(refused(&mut d, "declare 3h"), (Illegal, Some("TR-10")));
        assert_eq!(refused(&mut d, "bid 60"), (Illegal, Some("TR-12")));
        assert_eq!(refused(&mut d, "declare 2c"), (Illegal, None), "not held");
        act(&mut d, "declare 2h").unwrap();
        assert_eq!(
            refused(&mut d, "declare 2s"),
            (Illegal, Some("TR-11")),
            "an overcall"
        );
    }

    #[test]
    fn tr_11_a_refused_reinforcement_cites_tr_11() {
        let mut d = deal(&[(0, "2h"), (4, "2h"), (8, "LJ"), (12, "LJ")], None);
        act(&mut d, "declare 2h").unwrap();
        pass_to(&mut d, 5);
        let e = d.act(&parse_action("declare 2h").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("TR-11")));
    }

    fn friends_deal(seed: u64, players: usize, decks: u8, deck: Option<&str>) -> TractorDeal {
        let levels = vec![Rank::TWO; players];
        TractorDeal::finding_friends(seed, deck, None, levels, None, decks, FollowFormat::Pairs)
            .unwrap()
    }

    #[test]
    fn ff_1_ff_3_ff_12_every_player_gets_the_same_cards_and_is_asked_for_each() {
        for players in 4..=8 {
            for decks in [2u8, 3] {
                let seed = (players * 10) as u64 + decks as u64;
                let mut d = friends_deal(seed, players, decks, None);
                let kitty = friends_kitty_size(players, decks);
                let to_deal = 54 * decks as usize - kitty;
                assert!(
                    kitty >= 5 && to_deal.is_multiple_of(players),
                    "{players} {decks}"
                );
                assert_eq!((d.kitty().len(), d.undealt().len()), (kitty, to_deal - 1));
                assert_eq!(d.num_players(), players);
                let first = d.first_seat();
                let log = asked(&mut d, seed);
                let receivers: Vec<usize> = (0..to_deal).map(|i| (first + i) % players).collect();
                let seats: Vec<usize> = log.iter().map(|(s, _)| *s).collect();
                assert_eq!(seats[..to_deal], receivers[..]);
                assert!(seats.len() >= to_deal + players);
                let (dealer, rules) = d.outcome().unwrap();
                assert_eq!(rules.opts.decks, decks);
                assert_eq!(d.kitty_size(), kitty);
                for s in 0..players {
                    let extra = if s == dealer { kitty } else { 0 };
                    assert_eq!(d.hands()[s].len(), to_deal / players + extra);
                }
                // Every declaration made was one (FF-10) the seat held.
                for (_, a) in &log {
                    if let Action::Declare(cs) = a {
                        assert!(strength_in(cs, Rank::TWO, decks).is_some(), "{cs:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn ff_10_strengths_count_copies_then_jokers() {
        let s = |t: &str| strength_in(&parse_cards(t).unwrap(), Rank::TWO, 3);
        let order = [
            "2h", "2h 2h", "LJ LJ", "BJ BJ", "2s 2s 2s", "LJ LJ LJ", "BJ BJ BJ",
        ];
        let strengths: Vec<u8> = order.iter().map(|t| s(t).unwrap()).collect();
        assert!(strengths.windows(2).all(|w| w[0] < w[1]), "{strengths:?}");
        assert_eq!(s("2h 2h"), s("2d 2d"), "suits are not ordered (FF-10)");
        for bad in ["LJ", "2h 2h 2h 2h", "2h 2h 2d", "3h 3h 3h"] {
            assert_eq!(s(bad), None, "{bad}");
        }
        assert_eq!(
            strength_in(&parse_cards("2h 2h 2h").unwrap(), Rank::TWO, 2),
            None
        );
    }

    /// A three-deck deal for six players, seat 0 first, the 2s and jokers moved out of
    /// the way but for those placed.
    fn friends_placed(placed: &[(usize, &str)]) -> TractorDeal {
        let full = moved_to_end(&trick_deck(3), |c| {
            c.is_joker() || c.rank() == Some(Rank::TWO)
        });
        let deck = deck_with(&full, placed);
        let levels = vec![Rank::TWO; 6];
        TractorDeal::finding_friends(
            0,
            Some(&deck),
            Some(0),
            levels,
            None,
            3,
            FollowFormat::Pairs,
        )
        .unwrap()
    }

    #[test]
    fn ff_11_the_declarer_reinforces_with_more_copies_up_to_the_decks() {
        let mut d = friends_placed(&[(0, "2h"), (6, "2h"), (12, "2h"), (1, "LJ"), (7, "LJ")]);
        act(&mut d, "declare 2h").unwrap();
        pass_to(&mut d, 7);
        assert_eq!(d.to_act(), Some(0));
        assert_eq!(texts(&d), ["declare 2h 2h", "pass"]);
        act(&mut d, "declare 2h 2h").unwrap();
        pass_to(&mut d, 8);
        // FF-10: at equal copies jokers beat a suit.
        assert_eq!(d.to_act(), Some(1));
        assert_eq!(texts(&d), ["declare LJ LJ", "pass"]);
        assert_eq!(
            act(&mut d, "declare LJ").unwrap_err(),
            "'LJ' is not a declaration: the level is 2, so 1 to 3 identical level cards of a \
             suit (2h, 2h 2h), or 2 to 3 identical jokers (FF-10)"
        );
        pass_to(&mut d, 13);
        assert_eq!(texts(&d), ["declare 2h 2h 2h", "pass"]);
        assert_eq!(
            act(&mut d, "declare 2h 2h").unwrap_err(),
            "your 2h 2h stands: you may only reinforce it with more copies of 2h, not \
             overcall yourself (FF-11)"
        );
        act(&mut d, "declare 2h 2h 2h").unwrap();
        pass_to(&mut d, 19);
        let e = d.act(&parse_action("declare 2h").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-11")));
        assert_eq!(
            String::from(e),
            "your 2h 2h 2h stands: 3 copies cannot be reinforced (FF-11)"
        );
        let e = d.act(&parse_action("declare 3h").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-10")));
        let e = d.act(&parse_action("bury 3h").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-12")));
        pass_to(&mut d, 20);
        assert_eq!((d.to_act(), texts(&d)), (Some(1), vec!["pass".to_string()]));
        assert_eq!(
            act(&mut d, "declare LJ LJ").unwrap_err(),
            "an overcall must be stronger than seat 0's 2h 2h 2h (FF-10, FF-11)"
        );
    }

    #[test]
    fn ff_4_ff_13_the_hands_level_is_the_declarers() {
        let mut levels = vec![Rank::TWO; 5];
        levels[3] = Rank::KING;
        let made = |levels: Vec<Rank>, dealer| {
            TractorDeal::finding_friends(1, None, None, levels, dealer, 3, FollowFormat::Pairs)
        };
        assert_eq!(made(levels.clone(), Some(3)).unwrap().level(), Rank::KING);
        assert_eq!(made(levels.clone(), Some(2)).unwrap().level(), Rank::TWO);
        assert!(made(levels.clone(), None)
            .unwrap_err()
            .contains("every player must be at the same level"));
        assert!(made(levels.clone(), Some(5))
            .unwrap_err()
            .contains("(FF-13)"));
        assert!(made(vec![Rank::TWO; 3], None)
            .unwrap_err()
            .contains("4 to 8 players"));
        let e =
            TractorDeal::finding_friends(1, None, None, levels, Some(0), 4, FollowFormat::Pairs);
        assert_eq!(e.unwrap_err(), "decks must be 2 or 3 (FF-1, C-2), not 4");
    }

    /// A Tractor deal at a table of `decks` decks, `jokerless` of them without jokers.
    fn table(seed: u64, decks: u8, jokerless: u8) -> Result<TractorDeal, String> {
        let two = (Rank::TWO, Rank::TWO);
        let table = TractorDecks { decks, jokerless };
        TractorDeal::with_decks(seed, None, None, two, None, FollowFormat::Pairs, table)
    }

    #[test]
    fn tro_120_tro_130_the_kitty_leaves_four_equal_hands() {
        for (decks, jokerless, cards, kitty) in [
            (1, 0, 54, 6),
            (1, 1, 52, 8),
            (2, 0, 108, 8),
            (2, 1, 106, 6),
            (2, 2, 104, 8),
            (3, 0, 162, 6),
            (3, 1, 160, 8),
            (3, 3, 156, 8),
            (4, 0, 216, 8),
            (4, 1, 214, 6),
            (4, 2, 212, 8),
            (4, 3, 210, 6),
            (4, 4, 208, 8),
        ] {
            let d = table(decks as u64, decks, jokerless).unwrap();
            assert_eq!((d.deck().len(), d.kitty_size()), (cards, kitty));
            assert_eq!((cards - kitty) % PLAYERS, 0);
            let counts = Counts::from_cards(d.deck());
            let kept = decks - jokerless;
            assert_eq!((counts.get(LJ), counts.get(BJ)), (kept, kept));
            assert_eq!(counts.get(Card::new(Rank::ACE, Suit::HEARTS)), decks);
            assert_eq!(d.house(), TractorHouse::default());
        }
        assert_eq!(
            table(0, 5, 0).unwrap_err(),
            "option decks must be 1, 2, 3 or 4 (TRO-120), not 5"
        );
        assert!(table(0, 2, 3).unwrap_err().contains("(TRO-130)"));
    }

    #[test]
    fn tro_121_tro_123_declarations_have_the_copies_of_the_decks() {
        let level = |d: &TractorDeal, cards: &str| {
            strength_in(&parse_cards(cards).unwrap(), Rank::TWO, d.opts.decks)
        };
        let one = table(1, 1, 0).unwrap();
        assert_eq!(level(&one, "2h"), Some(1));
        assert_eq!(level(&one, "2h 2h"), None);
        assert_eq!(level(&one, "BJ BJ"), None);
        let three = table(1, 3, 0).unwrap();
        assert!(level(&three, "2h 2h 2h") > level(&three, "BJ BJ"));
        assert!(level(&three, "BJ BJ BJ") > level(&three, "2h 2h 2h"));
        assert_eq!(three.copies_rule("TR-11", "FF-11"), "TRO-123");
        assert_eq!(one.copies_rule("TR-11", "FF-11"), "TRO-121");
        assert_eq!(
            table(1, 2, 0).unwrap().copies_rule("TR-11", "FF-11"),
            "TR-11"
        );
    }
}
