//! Who wins a trick (C-40..C-43).

use crate::card::{Card, Counts};

use super::format::Format;
use super::order::{err, Bombs, RulesError, ThrowJudgement, TrickRules, TRUMP};

impl TrickRules {
    /// C-40..C-42: the index of the winning play; `plays[0]` is the lead (after a
    /// failed throw, the forced play). Every play has the lead's number of cards.
    pub fn trick_winner(&self, plays: &[Vec<Card>]) -> Result<usize, RulesError> {
        let Some(first) = plays.first() else {
            return err("a trick needs at least the lead");
        };
        let lead = self.classify(first)?;
        let mut counted = Vec::with_capacity(plays.len());
        for (i, play) in plays.iter().enumerate() {
            if play.len() != lead.len {
                return err(format!(
                    "play {i} has {} cards but the lead has {}",
                    play.len(),
                    lead.len
                ));
            }
            let counts = Counts::from_cards(play);
            self.check_copies(&format!("play {i}"), &counts)?;
            counted.push(counts);
        }
        Ok(self.winner_counts(&lead, &counted))
    }

    /// [`Self::trick_winner`] on multisets and a classified lead.
    pub fn winner_counts(&self, lead: &Format, plays: &[Counts]) -> usize {
        self.leading(lead, plays).0
    }

    /// The play winning so far among `plays` (C-40..C-42): its index, effective suit
    /// and key.
    pub fn leading(&self, lead: &Format, plays: &[Counts]) -> (usize, u8, u8) {
        // TRO-165: a led quadruple is a bomb under the option.
        let key = match self.bomb_key(lead, &plays[0]) {
            Some((_, key)) => key,
            None => self.key_of(lead, &plays[0]).unwrap_or(0),
        };
        let mut best = (0, lead.suit, key);
        for (i, play) in plays.iter().enumerate().skip(1) {
            if let Some((suit, key)) = self.taking(lead, (best.1, best.2), &plays[best.0], play) {
                best = (i, suit, key);
            }
        }
        best
    }

    /// The suit and key with which `play` would take the trick from the winner
    /// `best_play` of suit and key `best`, if it would: a ruff (a trump play) beats a
    /// non-trump winner, the same suit needs a higher key (C-32, C-40), or under TRO-53
    /// after a throw a stronger unit in every place; equal keys leave the earlier play
    /// winning (C-42). Under TRO-160 bombs come first (TRO-165).
    pub fn taking(
        &self,
        lead: &Format,
        best: (u8, u8),
        best_play: &Counts,
        play: &Counts,
    ) -> Option<(u8, u8)> {
        if self.opts.bombs != Bombs::None {
            if let Some(taken) = self.bomb_taking(lead, best, play) {
                return taken;
            }
        }
        let suit = self.single_suit(play)?;
        if suit != lead.suit && suit != TRUMP {
            return None;
        }
        let key = self.key_of_in(lead, play, suit)?;
        let (best_suit, best_key) = best;
        let takes = (suit == TRUMP && best_suit != TRUMP)
            || (suit == best_suit
                && if lead.is_throw() && self.opts.throw_judgement == ThrowJudgement::EveryUnit {
                    self.beats_every_unit(lead, suit, play, best_play)
                } else {
                    key > best_key
                });
        takes.then_some((suit, key))
    }

    /// TRO-53: whether one reading of `play` beats every reading of `best_play` (both in
    /// `suit`, in the lead's format) unit by unit, each strictly.
    fn beats_every_unit(&self, lead: &Format, suit: u8, play: &Counts, best_play: &Counts) -> bool {
        let theirs = self.readings(best_play, suit, lead);
        self.readings(play, suit, lead).iter().any(|ours| {
            theirs
                .iter()
                .all(|t| ours.iter().zip(t).all(|(a, b)| a > b))
        })
    }

    fn key_of(&self, lead: &Format, play: &Counts) -> Option<u8> {
        self.key_of_in(lead, play, lead.suit)
    }

    /// C-41: the key of `play` in `suit` against the lead's format, if it has that format;
    /// after a throw, under TRO-52, the level of its highest card instead.
    fn key_of_in(&self, lead: &Format, play: &Counts, suit: u8) -> Option<u8> {
        if lead.len == 1 {
            return play.first().map(|c| self.level_of(c));
        }
        let key = self.arranged_key(play, suit, lead)?;
        if lead.is_throw() && self.opts.throw_judgement == ThrowJudgement::HighestCard {
            // The play has the lead's format (its key exists); its highest card decides.
            return play.to_cards().iter().map(|&c| self.level_of(c)).max();
        }
        Some(key)
    }

    /// The one effective suit all of `cards` are in, if there is one.
    pub fn single_suit(&self, cards: &Counts) -> Option<u8> {
        let suit = self.suit_of(cards.first()?);
        (self.in_suit(cards, suit) == *cards).then_some(suit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::order::{Options, Variant};

    fn winner(judgement: &str, plays: &[&str]) -> usize {
        let o = Options {
            throw_judgement: ThrowJudgement::parse(judgement).unwrap(),
            ..Options::defaults(Variant::Tractor)
        };
        let r = TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap();
        let plays: Vec<Vec<Card>> = plays.iter().map(|p| parse_cards(p).unwrap()).collect();
        r.trick_winner(&plays).unwrap()
    }

    #[test]
    fn tro_51_tro_52_a_ruffed_throw_by_the_largest_unit_or_the_highest_card() {
        // Both ruffs have the throw's format (a pair and a single).
        let plays = ["As Qs Qs", "3h 3h Ah", "5h 5h 4h"];
        assert_eq!(winner("largest_unit", &plays), 2); // C-41: 5h 5h beats 3h 3h
        assert_eq!(winner("highest_card", &plays), 1); // Ah is the highest card
                                                       // A simple lead is judged by its key either way.
        let pairs = ["Qs Qs", "3h 3h", "5h 5h"];
        assert_eq!(winner("largest_unit", &pairs), 2);
        assert_eq!(winner("highest_card", &pairs), 2);
        // A play without the throw's format still cannot win.
        assert_eq!(winner("highest_card", &["As Qs Qs", "3h 4h Ah"]), 0);
        assert!(ThrowJudgement::parse("all_units")
            .unwrap_err()
            .0
            .contains("TRO-50"));
    }

    #[test]
    fn tro_53_every_unit_must_beat_the_winners_unit_in_its_place() {
        let w = |plays: &[&str]| winner("every_unit", plays);
        // 5h 5h beats 3h 3h but 4h does not beat Ah.
        assert_eq!(w(&["As Qs Qs", "3h 3h Ah", "5h 5h 4h"]), 1);
        assert_eq!(w(&["As Qs Qs", "3h 3h Ah", "5h 5h BJ"]), 2);
        // Singles lined up strongest first: 8h over 6h and 7h over 5h; 3h not over 7h.
        assert_eq!(w(&["4c 6c", "5h 6h", "7h 8h", "3h BJ"]), 2);
        // Equal in one place (the second 5h) leaves the trick with the winner (C-42).
        assert_eq!(w(&["4c 6c", "5h 6h", "5h 7h"]), 1);
        // Both readings of 5h 5h 3h 3h must be beaten; 7h 7h 6h 6h read as 7h 7h + 6h 6h.
        assert_eq!(w(&["As As Ks Qs", "5h 5h 3h 3h", "7h 7h 4h 4h"]), 1);
        assert_eq!(w(&["As As Ks Qs", "5h 5h 3h 3h", "7h 7h 6h 6h"]), 2);
        // A tractor against a tractor, then the single: 9h 9h Th Th over 3h 3h 4h 4h.
        assert_eq!(
            w(&["Qs Qs Ks Ks As", "3h 3h 4h 4h 5h", "9h 9h Th Th 6h"]),
            2
        );
        assert_eq!(
            w(&["Qs Qs Ks Ks As", "3h 3h 4h 4h 5h", "9h 9h Th Th 4h"]),
            1
        );
        // A ruff beats a plain winner; a simple lead is judged by its key.
        assert_eq!(w(&["As Qs Qs", "3h 3h 4h"]), 1);
        assert_eq!(w(&["Qs Qs", "3h 3h", "5h 5h"]), 2);
        // A play without the throw's format cannot win.
        assert_eq!(w(&["As Qs Qs", "3h 4h Ah"]), 0);
    }

    #[test]
    fn tro_53_the_reading_most_favourable_to_the_player() {
        // 9h 9h 7h 7h read as 9h 9h with 7h 7h beats 8h 8h with 4h 3h (read as 7h 7h
        // with 9h 9h it would not).
        assert_eq!(
            winner("every_unit", &["As As Ks Qs", "8h 8h 4h 3h", "9h 9h 7h 7h"]),
            2
        );
        // 3 decks, trump hearts: a triple may be split into the pair and a single.
        let o = Options {
            decks: 3,
            throw_judgement: ThrowJudgement::EveryUnit,
            ..Options::defaults(Variant::Tractor)
        };
        let r = TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap();
        let win = |plays: &[&str]| {
            let plays: Vec<Vec<Card>> = plays.iter().map(|p| parse_cards(p).unwrap()).collect();
            r.trick_winner(&plays).unwrap()
        };
        // The triple 7h 7h 7h splits into the pair 7h 7h and a single 7h: 7h 7h over
        // 5h 5h, then singles 9h 7h over 8h 4h.
        assert_eq!(win(&["As As Ks Qs", "5h 5h 8h 4h", "7h 7h 7h 9h"]), 2);
        // 5h 5h 5h 8h: the winner's singles are 8h 5h; 7h 7h 7h 6h has singles 7h 6h.
        assert_eq!(win(&["As As Ks Qs", "5h 5h 5h 8h", "7h 7h 7h 6h"]), 1);
    }

    #[test]
    fn tro_124_a_quadruple_is_beaten_by_a_higher_quadruple_or_a_trump_one() {
        let o = Options {
            decks: 4,
            ..Options::defaults(Variant::Tractor)
        };
        let r = TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap();
        let win = |plays: &[&str]| {
            let plays: Vec<Vec<Card>> = plays.iter().map(|p| parse_cards(p).unwrap()).collect();
            r.trick_winner(&plays).unwrap()
        };
        assert_eq!(win(&["9s 9s 9s 9s", "Ks Ks Ks Ks"]), 1);
        assert_eq!(win(&["9s 9s 9s 9s", "Ks Ks As As"]), 0);
        assert_eq!(win(&["9s 9s 9s 9s", "As As As Ks"]), 0);
        assert_eq!(win(&["9s 9s 9s 9s", "3h 3h 3h 3h", "4h 4h 4h 4h"]), 2);
        assert_eq!(win(&["9s 9s 9s 9s", "3h 3h 3h 3h", "Ah Ah BJ BJ"]), 1);
        // A throw of a quadruple and a single: a ruff must hold a quadruple too.
        assert_eq!(win(&["Ks Ks Ks Ks As", "3h 3h 3h 3h 4h"]), 1);
        assert_eq!(win(&["Ks Ks Ks Ks As", "3h 3h 4h 4h 5h"]), 0);
    }

    #[test]
    fn tro_124_a_throw_fails_on_a_higher_quadruple_held() {
        let o = Options {
            decks: 4,
            ..Options::defaults(Variant::Tractor)
        };
        let r = TrickRules::new(Variant::Tractor, Some(Suit::HEARTS), Rank::TWO, o).unwrap();
        let cards = |t: &str| parse_cards(t).unwrap();
        let throw = cards("Ks Ks Ks Ks As");
        let check = r.check_throw(&throw, &[cards("Qs Qs Qs Qs 3d")]).unwrap();
        assert!(check.ok);
        let throw = cards("Qs Qs Qs Qs As");
        let check = r.check_throw(&throw, &[cards("Ks Ks Ks Ks 3d")]).unwrap();
        assert!(!check.ok);
        assert_eq!(check.forced, cards("Qs Qs Qs Qs"));
        let check = r.check_throw(&throw, &[cards("Ks Ks Ks 3d")]).unwrap();
        assert!(check.ok, "a triple does not beat a quadruple");
    }
}
