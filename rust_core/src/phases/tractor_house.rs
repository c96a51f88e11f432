//! Tractor's house rules (TRO-10..TRO-70, TRO-100, TRO-110, TRO-140, TRO-150) as a hand's
//! setup carries them: the trick options they set, the scoring arithmetic the search plays
//! for under them (TR-40, TR-41 by default), who deals a match's first hand (TR-13), what
//! makes a declaration stronger and how declarations of equal strength compare (TR-10),
//! which joker declarations count and what a standing declarer may still declare (TR-11),
//! and whether the kitty may be stolen after the burial (TRO-112).

use crate::card::{Card, Counts, BJ};
use crate::trick::{Bombs, FollowProtect, Options, ThrowJudgement};

/// TRO-20: what a failed throw (C-51) costs the thrower's team.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThrowPenalty {
    /// TRO-21, TR-41: 10 points per failed throw.
    #[default]
    PerAttempt,
    /// TRO-22: nothing; the failed throw is still replaced by the forced play.
    None,
}

impl ThrowPenalty {
    pub fn parse(text: &str) -> Result<ThrowPenalty, String> {
        match text {
            "per_attempt" => Ok(ThrowPenalty::PerAttempt),
            "none" => Ok(ThrowPenalty::None),
            _ => Err(format!(
                "throw_penalty '{text}' is not one of per_attempt, none (TRO-20)"
            )),
        }
    }

    /// Points each failed throw counts against the thrower's team.
    pub fn points(self) -> i64 {
        match self {
            ThrowPenalty::PerAttempt => 10,
            ThrowPenalty::None => 0,
        }
    }
}

/// TRO-30: the kitty's multiplier when an attacker wins the last trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KittyMultiplier {
    /// TRO-31, TR-40: 2 × n.
    #[default]
    Linear,
    /// TRO-32: 2 to the power n.
    Power,
}

impl KittyMultiplier {
    pub fn parse(text: &str) -> Result<KittyMultiplier, String> {
        match text {
            "linear" => Ok(KittyMultiplier::Linear),
            "power" => Ok(KittyMultiplier::Power),
            _ => Err(format!(
                "kitty_multiplier '{text}' is not one of linear, power (TRO-30)"
            )),
        }
    }

    /// The multiplier of the last trick's lead as it stood: n is the cards in its
    /// disjoint pairs, or 1 when it holds no pair.
    pub fn of(self, lead: &Counts) -> i64 {
        let pairs: u32 = lead.0.iter().map(|&c| (c / 2) as u32).sum();
        let n = if pairs == 0 { 1 } else { 2 * pairs };
        match self {
            KittyMultiplier::Linear => 2 * n as i64,
            KittyMultiplier::Power => 1i64 << n.min(62),
        }
    }
}

/// TRO-60: who deals the first hand of a match (no fixed dealer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstDealer {
    /// TRO-61, TR-13: whoever's declaration stands when declaring ends.
    #[default]
    Standing,
    /// TRO-62: the first seat to declare; later declarations change only the trump.
    FirstDeclaration,
}

impl FirstDealer {
    pub fn parse(text: &str) -> Result<FirstDealer, String> {
        match text {
            "standing" => Ok(FirstDealer::Standing),
            "first_declaration" => Ok(FirstDealer::FirstDeclaration),
            _ => Err(format!(
                "first_dealer '{text}' is not one of standing, first_declaration (TRO-60)"
            )),
        }
    }

    /// The dealer the declarations so far (in order) make once declaring ends: the
    /// standing declarer (TRO-61) or the first (TRO-62); None when nobody declared.
    pub fn declarer(self, declared: &[(usize, Vec<Card>)]) -> Option<usize> {
        match self {
            FirstDealer::Standing => declared.last(),
            FirstDealer::FirstDeclaration => declared.first(),
        }
        .map(|(seat, _)| *seat)
    }

    /// The dealer the declarations so far settle for good before declaring ends: the
    /// first declarer under TRO-62; None under TRO-61, where an overcall may still come.
    pub fn settled(self, declared: &[(usize, Vec<Card>)]) -> Option<usize> {
        match self {
            FirstDealer::Standing => None,
            FirstDealer::FirstDeclaration => self.declarer(declared),
        }
    }
}

/// TRO-70: how declarations of equal strength (TR-10) compare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeclarationOrder {
    /// TRO-71, TR-10: suits do not order them; only a stronger declaration overcalls.
    #[default]
    Equal,
    /// TRO-72: at equal strength spades > hearts > clubs > diamonds.
    Suit,
}

impl DeclarationOrder {
    pub fn parse(text: &str) -> Result<DeclarationOrder, String> {
        match text {
            "equal" => Ok(DeclarationOrder::Equal),
            "suit" => Ok(DeclarationOrder::Suit),
            _ => Err(format!(
                "declaration_order '{text}' is not one of equal, suit (TRO-70)"
            )),
        }
    }

    /// TR-11 under this order: whether a declaration of TR-10 `strength` made of `cards`
    /// overcalls one of `standing` strength made of `current`.
    pub fn overcalls(
        self,
        (strength, cards): (u8, &[Card]),
        (standing, current): (u8, &[Card]),
    ) -> bool {
        // Spades 4 .. diamonds 1 (Suit(0) is spades); jokers have no suit: below every
        // suit, which only TRO-102 lets them meet at equal strength.
        let suit_rank = |cs: &[Card]| cs[0].suit().map_or(0, |s| 4 - s.0);
        match self {
            DeclarationOrder::Equal => strength > standing,
            DeclarationOrder::Suit => (strength, suit_rank(cards)) > (standing, suit_rank(current)),
        }
    }
}

/// TRO-100: what makes one declaration stronger than another (TR-10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeclarationStrength {
    /// TRO-101, TR-10: more cards beat fewer; among pairs, jokers above level cards.
    #[default]
    JokersOrMoreCards,
    /// TRO-102: only the number of cards counts.
    MoreCards,
}

impl DeclarationStrength {
    pub fn parse(text: &str) -> Result<DeclarationStrength, String> {
        match text {
            "jokers_or_more_cards" => Ok(DeclarationStrength::JokersOrMoreCards),
            "more_cards" => Ok(DeclarationStrength::MoreCards),
            _ => Err(format!(
                "declaration_strength '{text}' is not one of jokers_or_more_cards, more_cards \
                 (TRO-100)"
            )),
        }
    }

    /// The strength under this rule of a declaration of TR-10 `strength` made of `cards`.
    pub fn of(self, strength: u8, cards: &[Card]) -> u8 {
        match self {
            DeclarationStrength::JokersOrMoreCards => strength,
            DeclarationStrength::MoreCards => cards.len() as u8,
        }
    }
}

/// TRO-140: which joker declarations (TR-10) are declarations, each making no-trump.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JokerDeclarations {
    /// TRO-141, TR-10: identical jokers of either kind, `LJ LJ` or `BJ BJ`.
    #[default]
    Both,
    /// TRO-142: only big jokers; `LJ LJ` declares nothing.
    BigOnly,
    /// TRO-143: none; a hand is played without trump only when nobody declares.
    None,
}

impl JokerDeclarations {
    pub fn parse(text: &str) -> Result<JokerDeclarations, String> {
        match text {
            "both" => Ok(JokerDeclarations::Both),
            "big_only" => Ok(JokerDeclarations::BigOnly),
            "none" => Ok(JokerDeclarations::None),
            _ => Err(format!(
                "joker_declarations '{text}' is not one of both, big_only, none (TRO-140)"
            )),
        }
    }

    /// Whether a declaration of jokers `joker` may be made under this rule.
    pub fn allows(self, joker: Card) -> bool {
        match self {
            JokerDeclarations::Both => true,
            JokerDeclarations::BigOnly => joker == BJ,
            JokerDeclarations::None => false,
        }
    }
}

/// TRO-120, TRO-130: a Tractor table's cards: `decks` decks of 54 (TR-1: two), the two
/// jokers of `jokerless` of them taken out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TractorDecks {
    pub decks: u8,
    pub jokerless: u8,
}

impl Default for TractorDecks {
    /// TR-1: two full decks.
    fn default() -> TractorDecks {
        TractorDecks {
            decks: 2,
            jokerless: 0,
        }
    }
}

/// TRO-150: what the seat whose declaration stands may still declare (TR-11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reinforce {
    /// TRO-151, TR-11: only more copies of its own card (a single made a pair).
    #[default]
    OwnCard,
    /// TRO-152: nothing; its declaration stands until another seat overcalls it.
    None,
    /// TRO-153: more copies of its own card, or an overcall of its own declaration, as
    /// any other seat may make (自反: it may change the trump suit).
    OrOverturn,
}

impl Reinforce {
    pub fn parse(text: &str) -> Result<Reinforce, String> {
        match text {
            "own_card" => Ok(Reinforce::OwnCard),
            "none" => Ok(Reinforce::None),
            "or_overturn" => Ok(Reinforce::OrOverturn),
            _ => Err(format!(
                "reinforce '{text}' is not one of own_card, none, or_overturn (TRO-150)"
            )),
        }
    }
}

/// TRO-110: whether the declaring goes on after the burial, a stronger declaration
/// taking the kitty (炒地皮).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KittyTheft {
    /// TRO-111, TR-14: the dealer buries and the play starts.
    #[default]
    None,
    /// TRO-112: after each burial the other seats may overcall and take the kitty.
    Allowed,
}

impl KittyTheft {
    pub fn parse(text: &str) -> Result<KittyTheft, String> {
        match text {
            "none" => Ok(KittyTheft::None),
            "allowed" => Ok(KittyTheft::Allowed),
            _ => Err(format!(
                "kitty_theft '{text}' is not one of none, allowed (TRO-110)"
            )),
        }
    }
}

impl TractorDecks {
    /// TRO-120: 1 to 4 decks (TRO-124); TRO-130: at most every deck without its jokers.
    pub fn check(self) -> Result<TractorDecks, String> {
        if !(1..=4).contains(&self.decks) {
            return Err(format!(
                "option decks must be 1, 2, 3 or 4 (TRO-120), not {}",
                self.decks
            ));
        }
        if self.jokerless > self.decks {
            return Err(format!(
                "option jokers: {} decks cannot be played without their jokers with decks {} \
                 (TRO-130)",
                self.jokerless, self.decks
            ));
        }
        Ok(self)
    }

    /// Sets the trick options the table decides: the decks and their jokers.
    pub fn set_trick_options(self, opts: &mut Options) {
        opts.decks = self.decks;
        opts.jokerless = self.jokerless;
    }
}

/// Tractor's house rules; the default is the seeds' rules (TRO-11, TRO-21, TRO-31,
/// TRO-51, TRO-161, TRO-61, TRO-71, TRO-101, TRO-141, TRO-151). Must-defend levels (TRO-40) are
/// scored in Python only: no bot reads levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TractorHouse {
    pub follow_protect: FollowProtect,
    pub throw_penalty: ThrowPenalty,
    pub kitty_multiplier: KittyMultiplier,
    pub throw_judgement: ThrowJudgement,
    pub bombs: Bombs,
    pub first_dealer: FirstDealer,
    pub declaration_order: DeclarationOrder,
    pub declaration_strength: DeclarationStrength,
    pub joker_declarations: JokerDeclarations,
    pub reinforce: Reinforce,
    pub kitty_theft: KittyTheft,
}

impl TractorHouse {
    /// Sets the trick options these house rules decide (TRO-10, TRO-50, TRO-160).
    pub fn set_trick_options(&self, opts: &mut Options) {
        opts.follow_protect = self.follow_protect;
        opts.throw_judgement = self.throw_judgement;
        opts.bombs = self.bombs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    /// The multipliers of a single, a pair, two and three pairs, and a throw with a pair.
    fn multipliers(mode: KittyMultiplier) -> Vec<i64> {
        let leads = [
            "As",
            "As As",
            "6s 6s 7s 7s",
            "6s 6s 7s 7s 8s 8s",
            "As As Ks Qs",
        ];
        leads
            .iter()
            .map(|lead| mode.of(&Counts::from_cards(&parse_cards(lead).unwrap())))
            .collect()
    }

    #[test]
    fn tro_31_linear_is_tr_40() {
        assert_eq!(multipliers(KittyMultiplier::Linear), [2, 4, 8, 12, 4]);
    }

    #[test]
    fn tro_32_power_doubles_per_card() {
        assert_eq!(multipliers(KittyMultiplier::Power), [2, 4, 16, 64, 4]);
    }

    #[test]
    fn tro_20_penalties_and_names() {
        assert_eq!(ThrowPenalty::default().points(), 10);
        assert_eq!(ThrowPenalty::parse("none").unwrap().points(), 0);
        assert!(ThrowPenalty::parse("double")
            .unwrap_err()
            .contains("TRO-20"));
        assert!(KittyMultiplier::parse("cubic")
            .unwrap_err()
            .contains("TRO-30"));
    }

    #[test]
    fn tro_140_tro_150_values_and_names() {
        use crate::card::LJ;
        assert_eq!(JokerDeclarations::default(), JokerDeclarations::Both);
        let allowed = |rule: JokerDeclarations| (rule.allows(LJ), rule.allows(BJ));
        assert_eq!(allowed(JokerDeclarations::Both), (true, true));
        assert_eq!(allowed(JokerDeclarations::BigOnly), (false, true));
        assert_eq!(allowed(JokerDeclarations::None), (false, false));
        assert_eq!(
            JokerDeclarations::parse("big_only"),
            Ok(JokerDeclarations::BigOnly)
        );
        assert!(JokerDeclarations::parse("small")
            .unwrap_err()
            .contains("TRO-140"));
        assert_eq!(Reinforce::default(), Reinforce::OwnCard);
        assert_eq!(Reinforce::parse("or_overturn"), Ok(Reinforce::OrOverturn));
        assert!(Reinforce::parse("twice").unwrap_err().contains("TRO-150"));
    }

    #[test]
    fn tro_61_tro_62_the_standing_or_the_first_declarer_deals() {
        let declared = |seats: &[usize]| -> Vec<(usize, Vec<Card>)> {
            seats.iter().map(|&s| (s, Vec::new())).collect()
        };
        let (standing, first) = (FirstDealer::Standing, FirstDealer::FirstDeclaration);
        assert_eq!(FirstDealer::default(), standing);
        assert_eq!(standing.declarer(&declared(&[3, 0, 1])), Some(1));
        assert_eq!(first.declarer(&declared(&[3, 0, 1])), Some(3));
        assert_eq!(first.declarer(&declared(&[])), None);
        assert_eq!(standing.settled(&declared(&[3])), None);
        assert_eq!(first.settled(&declared(&[3, 0])), Some(3));
        assert_eq!(FirstDealer::parse("first_declaration"), Ok(first));
        assert!(FirstDealer::parse("last").unwrap_err().contains("TRO-60"));
    }

    #[test]
    fn tro_71_tro_72_equal_strengths_by_suit_or_not_at_all() {
        use super::super::tractor_deal::declaration_strength;
        use crate::card::{parse_cards, Rank};
        let beats = |order: DeclarationOrder, new: &str, standing: &str| {
            let (new, standing) = (parse_cards(new).unwrap(), parse_cards(standing).unwrap());
            let strength = |cs: &[Card]| declaration_strength(cs, Rank::TWO).unwrap();
            order.overcalls((strength(&new), &new), (strength(&standing), &standing))
        };
        let (equal, suit) = (DeclarationOrder::Equal, DeclarationOrder::Suit);
        assert_eq!(DeclarationOrder::default(), equal);
        // (new, standing, overcalls under TRO-71, under TRO-72)
        for (new, standing, by_strength, by_suit) in [
            ("2s", "2h", false, true),
            ("2h", "2c", false, true),
            ("2c", "2d", false, true),
            ("2d", "2s", false, false),
            ("2h", "2h", false, false),
            ("2h 2h", "2c 2c", false, true),
            ("2c 2c", "2s 2s", false, false),
            ("2s", "2d 2d", false, false),
            ("2d 2d", "2s", true, true),
            ("BJ BJ", "LJ LJ", true, true),
            ("LJ LJ", "BJ BJ", false, false),
            ("LJ LJ", "2s 2s", true, true),
        ] {
            assert_eq!(
                beats(equal, new, standing),
                by_strength,
                "{new} over {standing}"
            );
            assert_eq!(beats(suit, new, standing), by_suit, "{new} over {standing}");
        }
        assert!(DeclarationOrder::parse("rank")
            .unwrap_err()
            .contains("TRO-70"));
    }

    #[test]
    fn tro_101_tro_102_more_cards_with_or_without_jokers_above() {
        use super::super::tractor_deal::declaration_strength;
        use crate::card::{parse_cards, Rank};
        let beats = |rule: DeclarationStrength, order, new: &str, standing: &str| {
            let (new, standing) = (parse_cards(new).unwrap(), parse_cards(standing).unwrap());
            let strength = |cs: &[Card]| rule.of(declaration_strength(cs, Rank::TWO).unwrap(), cs);
            DeclarationOrder::overcalls(
                order,
                (strength(&new), &new),
                (strength(&standing), &standing),
            )
        };
        let (tr10, more) = (
            DeclarationStrength::JokersOrMoreCards,
            DeclarationStrength::MoreCards,
        );
        let (equal, suit) = (DeclarationOrder::Equal, DeclarationOrder::Suit);
        assert_eq!(DeclarationStrength::default(), tr10);
        // (new, standing, overcalls under TRO-101, under TRO-102, under TRO-102 and TRO-72)
        for (new, standing, jokers, cards, by_suit) in [
            ("2h 2h", "2s", true, true, true),
            ("LJ LJ", "2s", true, true, true),
            ("LJ LJ", "2s 2s", true, false, false),
            ("BJ BJ", "LJ LJ", true, false, false),
            ("LJ LJ", "BJ BJ", false, false, false),
            ("2d 2d", "LJ LJ", false, false, true),
            ("2s 2s", "2h 2h", false, false, true),
            ("2s", "2h", false, false, true),
            ("2s", "2d 2d", false, false, false),
        ] {
            assert_eq!(
                beats(tr10, equal, new, standing),
                jokers,
                "{new} over {standing}"
            );
            assert_eq!(
                beats(more, equal, new, standing),
                cards,
                "{new} over {standing}"
            );
            assert_eq!(
                beats(more, suit, new, standing),
                by_suit,
                "{new} over {standing}"
            );
        }
        assert!(DeclarationStrength::parse("longest")
            .unwrap_err()
            .contains("TRO-100"));
    }

    #[test]
    fn tro_110_kitty_theft_names() {
        assert_eq!(KittyTheft::default(), KittyTheft::None);
        assert_eq!(KittyTheft::parse("allowed"), Ok(KittyTheft::Allowed));
        assert!(KittyTheft::parse("always").unwrap_err().contains("TRO-110"));
    }
}
