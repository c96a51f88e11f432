//! TRO-112, kitty theft (炒地皮): after a burial the other seats, in seat order from the
//! seat after the one who buried, may each overcall the standing declaration with cards
//! of their hand (TR-10, TR-11 under TRO-70, TRO-100) or pass. A stealer's declaration
//! stands and sets the trump; it takes the kitty and buries as many (the burial object
//! does that part), and a new round starts after it. Three passes in a row end it.

use crate::card::{format_cards, Card, Counts, Rank, Suit, BJ, LJ};
use crate::error::ActionError;

use super::tractor_deal::{declaration_strength, may_follow, tractor_reinforce_error};
use super::{DeclarationOrder, DeclarationStrength, Reinforce, TractorHouse};

/// The round of chances to steal the kitty after a burial (TRO-112).
#[derive(Clone, Debug)]
pub struct Theft {
    level: Rank,
    house: TractorHouse,
    players: usize,
    /// The declaration that stands: the deal's last, then each steal's.
    standing: Option<(usize, Vec<Card>)>,
    /// Every steal so far, in order: (seat, declared cards).
    steals: Vec<(usize, Vec<Card>)>,
    /// The seat asked next, once the burial it follows is made.
    asking: Option<usize>,
    passes: usize,
}

impl Theft {
    /// The round after the deal of a hand at `level` under `house`, `standing` its last
    /// declaration (None: nobody declared).
    pub fn new(
        level: Rank,
        house: TractorHouse,
        players: usize,
        standing: Option<(usize, Vec<Card>)>,
    ) -> Theft {
        Theft {
            level,
            house,
            players,
            standing,
            steals: Vec::new(),
            asking: None,
            passes: 0,
        }
    }

    /// TRO-112: a burial by `burier` is made: the others are asked from its left.
    pub fn open(&mut self, burier: usize) {
        self.asking = Some((burier + 1) % self.players);
        self.passes = 0;
    }

    /// The seat asked now, or None (a burial awaited, or every other seat passed).
    pub fn asking(&self) -> Option<usize> {
        self.asking.filter(|_| self.passes + 1 < self.players)
    }

    /// The declaration that stands now (the trump's).
    pub fn standing(&self) -> Option<&(usize, Vec<Card>)> {
        self.standing.as_ref()
    }

    /// Every steal so far, in order (public, as declarations are).
    pub fn steals(&self) -> &[(usize, Vec<Card>)] {
        &self.steals
    }

    /// The trump the standing declaration names (None: no trump, TR-13).
    pub fn trump(&self) -> Option<Suit> {
        self.standing.as_ref().and_then(|(_, cs)| cs[0].suit())
    }

    /// TRO-112: the asked seat passes.
    pub fn pass(&mut self) {
        self.passes += 1;
        self.asking = self.asking.map(|s| (s + 1) % self.players);
    }

    /// TRO-112: `seat` steals with `cards` (checked): its declaration stands, and the
    /// round waits for its burial.
    pub fn steal(&mut self, seat: usize, cards: Vec<Card>) {
        self.standing = Some((seat, cards.clone()));
        self.steals.push((seat, cards));
        self.asking = None;
    }

    /// TR-10's strength of `cards` as a declaration, jokers only as TRO-140 allows.
    fn strength(&self, cards: &[Card]) -> Option<u8> {
        let strength = declaration_strength(cards, self.level)?;
        let joker = cards[0].rank().is_none();
        (!joker || self.house.joker_declarations.allows(cards[0])).then_some(strength)
    }

    fn may_steal(&self, seat: usize, cards: &[Card]) -> bool {
        let strength_of = |cs: &[Card]| self.strength(cs);
        strength_of(cards).is_some_and(|s| {
            may_follow(
                self.house,
                self.standing.as_ref(),
                seat,
                cards,
                s,
                strength_of,
            )
        })
    }

    /// TRO-112: the declarations `seat` holding `hand` may steal with, in the deal's
    /// order: singles s, h, c, d, pairs s, h, c, d, then `LJ LJ`, `BJ BJ`.
    pub fn options(&self, seat: usize, hand: &Counts) -> Vec<Vec<Card>> {
        if self.level == Rank::NO_TRUMP_LEVEL {
            return Vec::new(); // TRO-92: no level cards to declare
        }
        let level = self.level;
        let suited = |copies: usize| {
            Suit::ALL
                .iter()
                .map(move |&s| vec![Card::new(level, s); copies])
        };
        suited(1)
            .chain(suited(2))
            .chain([vec![LJ, LJ], vec![BJ, BJ]])
            .filter(|cards| {
                hand.contains(&Counts::from_cards(cards)) && self.may_steal(seat, cards)
            })
            .collect()
    }

    /// TRO-112: why `seat` holding `hand` may not steal with `cards` now, or None.
    pub fn error(&self, seat: usize, hand: &Counts, cards: &[Card]) -> Option<ActionError> {
        let shown = format_cards(cards);
        if self.level == Rank::NO_TRUMP_LEVEL {
            return Some(ActionError::breaks(
                "TRO-92",
                format!(
                    "'{shown}' is not a declaration: a hand at the no-trump level NT has no \
                     level cards, so nothing steals its kitty (TRO-92, TRO-112)"
                ),
            ));
        }
        if declaration_strength(cards, self.level).is_some() && self.strength(cards).is_none() {
            return Some(ActionError::breaks(
                "TRO-140",
                format!(
                    "'{shown}' is not a declaration: this table's joker_declarations does \
                     not let these jokers declare (TRO-140, TRO-112)"
                ),
            ));
        }
        if declaration_strength(cards, self.level).is_none() {
            let lv = self.level.letter();
            return Some(ActionError::breaks(
                "TR-10",
                format!(
                    "'{shown}' is not a declaration: the level is {lv}, so one level card \
                     ({lv}h), two identical level cards ({lv}h {lv}h), LJ LJ or BJ BJ \
                     (TR-10, TRO-112)"
                ),
            ));
        }
        if !hand.contains(&Counts::from_cards(cards)) {
            return Some(ActionError::illegal(format!("you do not hold {shown}")));
        }
        if self.may_steal(seat, cards) {
            return None;
        }
        let (owner, current) = self.standing.as_ref()?;
        if *owner == seat {
            // TRO-150: what the standing declarer may still declare, here to steal.
            let standing = format_cards(current);
            let reason = match self.house.reinforce {
                Reinforce::OwnCard => tractor_reinforce_error(current, cards).map(|r| r.message),
                Reinforce::None => Some(format!(
                    "your {standing} stands: at this table it cannot be reinforced (TRO-152)"
                )),
                Reinforce::OrOverturn => Some(format!(
                    "your {standing} stands: you may make it a pair or overcall it with a \
                     stronger declaration (TRO-153)"
                )),
            };
            if let Some(reason) = reason {
                return Some(ActionError::breaks(
                    "TRO-112",
                    format!("{reason} to steal the kitty (TRO-112)"),
                ));
            }
        }
        let suits = match self.house.declaration_order {
            DeclarationOrder::Equal => "",
            DeclarationOrder::Suit => ", or as strong in a higher suit (TRO-72)",
        };
        let (stronger, rules) = match self.house.declaration_strength {
            DeclarationStrength::JokersOrMoreCards => ("be stronger than", "TR-10, TR-11"),
            DeclarationStrength::MoreCards => ("hold more cards than", "TRO-102, TR-11"),
        };
        Some(ActionError::breaks(
            "TRO-112",
            format!(
                "'{shown}' does not steal the kitty: a steal must {stronger} seat {owner}'s \
                 standing {}{suits} ({rules}, TRO-112)",
                format_cards(current)
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{parse_cards, Rank, Suit};
    use crate::error::ErrorKind;
    use crate::phases::test_support::{deck_with, moved_to_end};
    use crate::phases::TractorHouse;
    use crate::phases::{parse_action, trick_deck, Burial, KittyTheft, Phase, TractorDeal};
    use crate::trick::FollowFormat;

    /// Dealer 0 declared 2s; seat 1 holds 2h 2h; the kitty holds no level card but the
    /// other 2s; each seat one joker (TR-10: no joker pair).
    fn buried() -> Burial {
        let mut full = moved_to_end(&trick_deck(2), |c| {
            c.is_joker() || c.rank() == Some(Rank::TWO)
        });
        full[96..].copy_from_slice(&parse_cards("LJ BJ LJ BJ 2s 2d 2c 2d 2s 2h 2c 2h").unwrap());
        let deck = deck_with(&full, &[(0, "2s"), (1, "2h"), (5, "2h")]);
        let house = TractorHouse {
            kitty_theft: KittyTheft::Allowed,
            ..TractorHouse::default()
        };
        let two = (Rank::TWO, Rank::TWO);
        let mut d = TractorDeal::new(0, Some(&deck), Some(0), two, Some(0), FollowFormat::Pairs)
            .and_then(|d| d.with_house(&house))
            .unwrap();
        d.act(&parse_action("declare 2s").unwrap()).unwrap();
        while d.to_act().is_some() {
            d.act(&parse_action("pass").unwrap()).unwrap();
        }
        let mut b = d.burial().unwrap();
        let burial = b.legal_action(b.num_legal() - 1).unwrap();
        b.act(&burial).unwrap();
        b
    }

    fn texts(b: &Burial) -> Vec<String> {
        b.legal_actions(usize::MAX)
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    #[test]
    fn tro_112_a_steal_takes_the_kitty_and_three_passes_end_the_rounds() {
        let mut b = buried();
        assert_eq!(
            (b.to_act(), b.stealing(), b.burier()),
            (Some(1), Some(1), 0)
        );
        assert_eq!(texts(&b), ["declare 2h 2h", "pass"]);
        let e = b.act(&parse_action("declare 2h").unwrap()).unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("TRO-112")));
        assert_eq!((b.to_act(), b.log().len()), (Some(1), 1));
        let stolen = b.buried().unwrap().to_vec();
        b.act(&parse_action("declare 2h 2h").unwrap()).unwrap();
        assert_eq!((b.to_act(), b.stealing(), b.burier()), (Some(1), None, 1));
        assert_eq!((b.declarer(), b.rules().trump), (0, Some(Suit::HEARTS)));
        assert_eq!((b.hands()[1].len(), b.taken()), (33, Some(&stolen[..])));
        assert!(b.start_play().is_err());
        let e = b.act(&parse_action("pass").unwrap()).unwrap_err();
        assert_eq!(e.message, "the stealer must bury 8 cards now");
        b.act(&b.legal_action(0).unwrap()).unwrap();
        for seat in [2, 3, 0] {
            assert_eq!(b.to_act(), Some(seat));
            b.act(&parse_action("pass").unwrap()).unwrap();
        }
        assert_eq!(b.to_act(), None);
        let play = b.start_play().unwrap();
        assert_eq!(
            (play.to_act(), play.rules().trump),
            (Some(0), Some(Suit::HEARTS))
        );
    }
}
