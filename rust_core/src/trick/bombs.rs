//! Bombs (TRO-160..TRO-165): four identical cards played on any four-card lead, beating
//! every play that is not a bomb. Every question here answers at once when the option
//! is off.

use crate::card::{Card, Counts};

use super::format::Format;
use super::order::{Bombs, TrickRules, TRUMP};

/// Marks a bomb's key (its card's level below it): above every key of C-41, so a bomb
/// winning the trick is told from any other winner.
pub(crate) const BOMB_KEY: u8 = 0x80;

impl TrickRules {
    /// TRO-160: the card of `play` when it is a bomb on `lead` under the option: four
    /// copies of one card, on a lead of four cards.
    pub(crate) fn bomb_card(&self, lead: &Format, play: &Counts) -> Option<Card> {
        if self.opts.bombs == Bombs::None || lead.len != 4 || play.len() != 4 {
            return None;
        }
        let c = play.first()?;
        (play.get(c) == 4).then_some(c)
    }

    /// TRO-163, TRO-164: whether a follower holding `hand` may play the bomb of `card`
    /// on `lead`.
    pub(crate) fn bomb_allowed(&self, hand: &Counts, lead: &Format, card: Card) -> bool {
        match self.opts.bombs {
            Bombs::None => false,
            Bombs::AnySuit => true,
            Bombs::SuitFollowing => {
                let suit = self.suit_of(card);
                suit == lead.suit || suit == TRUMP || self.count_in_suit(hand, lead.suit) == 0
            }
        }
    }

    /// TRO-162: the bombs `hand` may play on `lead`, strongest first (none when the
    /// option is off or the lead is not of four cards).
    pub(crate) fn bombs_playable(&self, hand: &Counts, lead: &Format) -> Vec<Counts> {
        if self.opts.bombs == Bombs::None || lead.len != 4 {
            return Vec::new();
        }
        self.items(hand, None)
            .iter()
            .filter(|&&(c, n)| n >= 4 && self.bomb_allowed(hand, lead, c))
            .map(|&(c, _)| {
                let mut play = Counts::default();
                play.add(c, 4);
                play
            })
            .collect()
    }

    /// TRO-165: the suit and key of `play` when it is a bomb: its card's suit, and
    /// [`BOMB_KEY`] above its level.
    pub(crate) fn bomb_key(&self, lead: &Format, play: &Counts) -> Option<(u8, u8)> {
        let c = self.bomb_card(lead, play)?;
        Some((self.suit_of(c), BOMB_KEY | self.level_of(c)))
    }

    /// TRO-165 before C-40: `Some(taken)` when a bomb decides whether `play` takes the
    /// trick from the winner of suit and key `best` (a bomb played, or a bomb winning);
    /// `None` when neither is a bomb and C-40 decides. A bomb beats every other play; of
    /// two bombs a trump one beats a plain one, and one of the same suit a lower one.
    pub(crate) fn bomb_taking(
        &self,
        lead: &Format,
        best: (u8, u8),
        play: &Counts,
    ) -> Option<Option<(u8, u8)>> {
        let (best_suit, best_key) = best;
        let best_bomb = best_key & BOMB_KEY != 0;
        let Some((suit, key)) = self.bomb_key(lead, play) else {
            return best_bomb.then_some(None);
        };
        let takes = !best_bomb
            || (suit == TRUMP && best_suit != TRUMP)
            || (suit == best_suit && key > best_key);
        Some(takes.then_some((suit, key)))
    }
}

/// Tractor's trick rules of four decks under `bombs`, trump hearts at level 2: the
/// tests' table of bombs (TRO-160).
#[cfg(test)]
pub(crate) fn four_decks_with(bombs: Bombs) -> TrickRules {
    use crate::card::{Rank, Suit};
    use crate::trick::order::{Options, Variant};
    let mut o = Options::defaults(Variant::Tractor);
    o.decks = 4;
    o.bombs = bombs;
    TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap()
}

#[cfg(test)]
mod tests {
    use crate::card::{parse_cards, Counts, Rank, Suit};
    use crate::trick::order::{Bombs, Options, TrickRules, Variant};

    fn rules(bombs: &str) -> TrickRules {
        super::four_decks_with(Bombs::parse(bombs).unwrap())
    }

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn legal(r: &TrickRules, hand: &str, lead: &str, play: &str) -> bool {
        let p = |t: &str| parse_cards(t).unwrap();
        r.follow_error(&p(hand), &p(lead), &p(play))
            .unwrap()
            .is_none()
    }

    fn winner(r: &TrickRules, plays: &[&str]) -> usize {
        let plays: Vec<_> = plays.iter().map(|t| parse_cards(t).unwrap()).collect();
        r.trick_winner(&plays).unwrap()
    }

    const HAND: &str = "9c 9c 9c 9c 5s 6s 7d";
    const TRACTOR: &str = "3s 3s 4s 4s";

    #[test]
    fn tro_160_bombs_need_four_decks() {
        let mut o = Options::defaults(Variant::Tractor);
        o.bombs = Bombs::AnySuit;
        let e = TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap_err();
        assert!(
            e.0.contains("bombs 'any_suit'") && e.0.contains("decks 4"),
            "{}",
            e.0
        );
        assert!(Bombs::parse("always").unwrap_err().0.contains("TRO-160"));
    }

    #[test]
    fn tro_161_no_bombs_by_default() {
        let r = rules("none");
        assert!(!legal(&r, HAND, TRACTOR, "9c 9c 9c 9c"));
        // A led quadruple is beaten by a higher quadruple of its suit (TRO-124), and an
        // off-suit quadruple is a discard.
        assert_eq!(
            winner(&r, &["5s 5s 5s 5s", "9c 9c 9c 9c", "6s 6s 6s 6s"]),
            2
        );
        assert_eq!(winner(&r, &[TRACTOR, "9c 9c 9c 9c", "6s 6s 7s 7s"]), 2);
    }

    #[test]
    fn tro_163_any_bomb_may_follow_a_four_card_lead() {
        let r = rules("any_suit");
        for lead in [TRACTOR, "As As As As", "As Ks Ks Qs", "Qs Qs Js 8s"] {
            assert!(legal(&r, HAND, lead, "9c 9c 9c 9c"), "{lead}");
        }
        // The usual follows stay legal, a bomb is never required; three identical cards
        // are no bomb; other leads' sizes are unchanged.
        assert!(legal(&r, HAND, TRACTOR, "5s 6s 9c 7d"));
        assert!(!legal(&r, HAND, TRACTOR, "9c 9c 9c 7d"));
        assert!(!legal(&r, "9c 9c 9c 9c 5s 6s 6s", "As As As", "9c 9c 9c"));
        assert!(!legal(
            &r,
            "9c 9c 9c 9c 5s 6s 6s 7s",
            "As As Ks Ks Qs",
            "9c 9c 9c 9c 5s"
        ));
    }

    #[test]
    fn tro_164_off_suit_bombs_only_when_void() {
        let r = rules("suit_following");
        assert!(!legal(&r, HAND, TRACTOR, "9c 9c 9c 9c"));
        assert!(legal(&r, "9c 9c 9c 9c 7d", TRACTOR, "9c 9c 9c 9c"));
        // Trump and led-suit bombs always.
        assert!(legal(&r, "5h 5h 5h 5h 5s 6s", TRACTOR, "5h 5h 5h 5h"));
        assert!(legal(&r, "2c 2c 2c 2c 5s 6s", TRACTOR, "2c 2c 2c 2c"));
        assert!(legal(
            &r,
            "9s 9s 9s 9s 5s 6s 6s",
            "As Ks Ks Qs",
            "9s 9s 9s 9s"
        ));
    }

    #[test]
    fn tro_165_a_bomb_beats_every_other_play() {
        let r = rules("any_suit");
        assert_eq!(winner(&r, &[TRACTOR, "Ah Ah Kh Kh", "9c 9c 9c 9c"]), 2);
        assert_eq!(
            winner(&r, &[TRACTOR, "9c 9c 9c 9c", "Ah Ah Kh Kh", "BJ BJ LJ LJ"]),
            1
        );
        // A thrown four cards, ruffed: the bomb still wins.
        assert_eq!(
            winner(&r, &["As Ks Ks Qs", "3h 4h 4h 5h", "3c 3c 3c 3c"]),
            2
        );
    }

    #[test]
    fn tro_165_higher_bombs() {
        let r = rules("any_suit");
        // A trump bomb beats a plain one; a plain one never beats a trump one.
        assert_eq!(winner(&r, &[TRACTOR, "Ac Ac Ac Ac", "3h 3h 3h 3h"]), 2);
        assert_eq!(winner(&r, &[TRACTOR, "3h 3h 3h 3h", "Ac Ac Ac Ac"]), 1);
        // Same suit: the higher card in C-12's order; equal level cards: the earlier.
        assert_eq!(winner(&r, &[TRACTOR, "9c 9c 9c 9c", "Ac Ac Ac Ac"]), 2);
        assert_eq!(winner(&r, &[TRACTOR, "Ac Ac Ac Ac", "9c 9c 9c 9c"]), 1);
        assert_eq!(
            winner(&r, &[TRACTOR, "2c 2c 2c 2c", "2h 2h 2h 2h", "BJ BJ BJ BJ"]),
            3
        );
        assert_eq!(winner(&r, &[TRACTOR, "2c 2c 2c 2c", "2d 2d 2d 2d"]), 1);
        // Another plain suit's bomb does not beat the winning plain bomb.
        assert_eq!(winner(&r, &[TRACTOR, "9c 9c 9c 9c", "Ad Ad Ad Ad"]), 1);
    }

    #[test]
    fn tro_165_a_led_quadruple_is_a_bomb() {
        let r = rules("suit_following");
        let lead = "5s 5s 5s 5s";
        assert_eq!(winner(&r, &[lead, "As As Ks Ks", "3h 3h 4h 4h"]), 0);
        assert_eq!(winner(&r, &[lead, "9c 9c 9c 9c", "6s 6s 6s 6s"]), 2);
        assert_eq!(winner(&r, &[lead, "6s 6s 6s 6s", "3h 3h 3h 3h"]), 2);
    }

    #[test]
    fn tro_162_moves_list_each_bomb_once() {
        for bombs in ["any_suit", "suit_following"] {
            let r = rules(bombs);
            for (hand, lead) in [
                (HAND, TRACTOR),
                ("9c 9c 9c 9c 7d", TRACTOR),
                ("9s 9s 9s 9s 8s 8s 5h 5h 5h 5h Ad", "As As As As"),
                ("9s 9s 9s 9s 8s 3c 3c 3c 3c", "As Ks Ks Qs"),
                ("5s 9c 9c 9c 9c 9d 9d 9d 9d BJ", "Ks Ks Qs Qs"),
            ] {
                let lead = r.classify(&parse_cards(lead).unwrap()).unwrap();
                let hand = counts(hand);
                let moves = r.follow_moves(&hand, &lead);
                let all = moves.list(usize::MAX);
                assert_eq!(all.len() as u64, moves.count());
                let mut dedup = all.clone();
                dedup.sort_by_key(|c| c.0);
                dedup.dedup();
                assert_eq!(dedup.len(), all.len(), "{bombs}: a play listed twice");
                for (i, play) in all.iter().enumerate() {
                    assert_eq!(moves.nth(i as u64), Some(*play));
                    assert_eq!(moves.position(play), Some(i as u64));
                    assert!(r.follow_error_counts(&hand, &lead, play).is_none());
                }
                for bomb in r.bombs_playable(&hand, &lead) {
                    assert!(all.contains(&bomb), "{bombs}: a bomb missing");
                }
            }
        }
    }
}
