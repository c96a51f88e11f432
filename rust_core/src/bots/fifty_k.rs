//! Bots for the play of a Fifty-K hand, of one deck ([`FkPlay`]) or several
//! ([`PilePlay`], FKO-20..FKO-35).
//!
//! The greedy bot sheds low combinations first, leaving a partner's winning
//! combination alone (with teams), and keeps fifty-Ks and bombs for tables worth
//! points or for stopping an opponent about to go out. With several decks it chooses a
//! pattern so, then its lowest cards (a fifty-K's keeping a pure fifty-K when it can).
//! The search (`ismcts`) plays one deck and several (FKO-20..FKO-35), after a tribute
//! too (FKO-42..FKO-48: its worlds keep what the seat knows of the exchange).

use crate::fifty_k::pile::{Pile, PileKind};
use crate::fifty_k::pile_legal::PilePattern;
use crate::fifty_k::pile_moves::{count_plays, holds_pure_fifty_k, nth_play};
use crate::fifty_k::pile_turns::{PileAction, PilePlay};
use crate::fifty_k::tribute::FkTribute;
use crate::fifty_k::{FkAction, FkPlay, Kind};
use crate::rng::{seed_for, Rng};

use crate::sample::{sample_fifty_k, sample_piles};

use super::ismcts::DEFAULT_FIFTY_K_SIMULATIONS;
use super::ismcts_fifty_k::search_fifty_k;
use super::ismcts_piles::search_piles;
use super::BotKind;

/// A Fifty-K bot with its own seeded generator.
#[derive(Clone, Debug)]
pub struct FkBot {
    pub kind: BotKind,
    rng: Rng,
}

fn special(kind: Kind) -> bool {
    matches!(kind, Kind::Bomb | Kind::FiftyK | Kind::PureFiftyK)
}

impl FkBot {
    pub fn new(kind: BotKind, seed: u64) -> FkBot {
        FkBot {
            kind,
            rng: Rng::new(seed),
        }
    }

    /// The action this bot takes for the seat to act; `ismcts` searches worlds sampled
    /// from what the seat sees, of the hand and of its `tribute` when it had one.
    pub fn choose(&mut self, state: &mut FkPlay, tribute: Option<&FkTribute>) -> Option<FkAction> {
        let count = state.num_legal();
        if count == 0 {
            return None;
        }
        match self.kind {
            BotKind::Random => state.nth_legal(self.rng.below(count as u64) as usize),
            BotKind::Greedy => Some(greedy(state)),
            BotKind::Ismcts(_) if count == 1 => state.nth_legal(0),
            BotKind::Ismcts(budget) => {
                let simulations = budget.unwrap_or(DEFAULT_FIFTY_K_SIMULATIONS);
                let seat = state.to_act()?;
                let seed = self.rng.next_u64();
                let real: &FkPlay = state;
                let sample = |s: u64| sample_fifty_k(real, seat, tribute, s);
                Some(search_fifty_k(simulations, seed, &sample))
            }
        }
    }

    /// The action this bot takes for the seat to act in a hand of several decks; `None`
    /// once the hand is over. `ismcts` searches worlds sampled from what the seat sees,
    /// of the hand and of its `tribute` when it had one (FKO-42..FKO-48).
    pub fn choose_pile(
        &mut self,
        state: &mut PilePlay,
        tribute: Option<&FkTribute>,
    ) -> Option<PileAction> {
        let count = state.num_legal();
        if count == 0 {
            return None;
        }
        match self.kind {
            BotKind::Random => state.nth_legal(self.rng.below(count)),
            BotKind::Greedy => Some(greedy_pile(state)),
            BotKind::Ismcts(_) if count == 1 => state.nth_legal(0),
            BotKind::Ismcts(budget) => {
                let simulations = budget.unwrap_or(DEFAULT_FIFTY_K_SIMULATIONS);
                let seat = state.to_act()?;
                let seed = self.rng.next_u64();
                let real: &PilePlay = state;
                let sample = |s: u64| sample_piles(real, seat, tribute, s);
                Some(search_piles(simulations, seed, &sample))
            }
        }
    }

    /// Plays a hand of several decks to its end (after `tribute`, when it had one),
    /// `bots[seat]` choosing for each seat.
    pub fn play_out_pile(state: &mut PilePlay, bots: &mut [FkBot], tribute: Option<&FkTribute>) {
        while let Some(seat) = state.to_act() {
            let action = bots[seat]
                .choose_pile(state, tribute)
                .expect("a seat to act has a move");
            state.apply(seat, action).expect("a legal action");
        }
    }

    /// Plays the hand to its end (after `tribute`, when it had one), `bots[seat]`
    /// choosing for each seat.
    pub fn play_out(state: &mut FkPlay, bots: &mut [FkBot], tribute: Option<&FkTribute>) {
        while let Some(seat) = state.to_act() {
            let action = bots[seat]
                .choose(state, tribute)
                .expect("a seat to act has a move");
            debug_assert!(state.action_error(seat, &action).is_none());
            state.apply_checked(seat, action);
        }
    }
}

/// Greedy bots for `n` seats, seeded from `playout`: they play a search's world out.
pub(super) fn playout_bots(n: usize, playout: u64) -> Vec<FkBot> {
    (0..n as u64)
        .map(|s| FkBot::new(BotKind::Greedy, seed_for(&[playout, s])))
        .collect()
}

fn greedy(state: &mut FkPlay) -> FkAction {
    let seat = state.to_act().expect("a seat to act");
    let top = state.top();
    let table = state.table_points();
    let n = state.num_players();
    let threat = top.is_some_and(|(_, owner)| owner % 2 != seat % 2 || n == 3)
        && top.is_some_and(|(_, owner)| state.hand(owner).len() <= 3);
    let moves = state.moves().to_vec();
    if let Some((_, owner)) = top {
        if n == 4 && owner % 2 == seat % 2 {
            return FkAction::Pass;
        }
    }
    // Low combinations first; at the same rank, shed more cards.
    let plain = moves
        .iter()
        .filter(|c| !special(c.kind))
        .min_by_key(|c| (c.strength(), std::cmp::Reverse(c.len())));
    let specials = moves
        .iter()
        .filter(|c| special(c.kind))
        .min_by_key(|c| (c.kind != Kind::FiftyK, c.kind == Kind::Bomb, c.strength()));
    match (top, plain, specials) {
        (None, Some(p), _) => FkAction::Play(*p),
        (None, None, Some(s)) => FkAction::Play(*s),
        (Some(_), Some(p), _) => FkAction::Play(*p),
        (Some(_), None, Some(s)) if table >= 15 || threat => FkAction::Play(*s),
        (Some(_), _, _) => FkAction::Pass,
        (None, None, None) => unreachable!("a leader always has a play"),
    }
}

fn special_pile(kind: PileKind) -> bool {
    match kind {
        PileKind::KingBomb => true,
        PileKind::Kind(kind) => special(kind),
    }
}

/// [`greedy`] with several decks, by patterns: the lowest ordinary pattern (more cards
/// first at a rank), else the least special one when the table is worth it.
fn greedy_pile(state: &mut PilePlay) -> PileAction {
    let seat = state.to_act().expect("a seat to act");
    let top = state.top();
    let table = state.table_points();
    let teams = state.num_players().is_multiple_of(2);
    if let Some((_, owner)) = top {
        if teams && owner % 2 == seat % 2 {
            return PileAction::Pass;
        }
    }
    let threat = top.is_some_and(|(_, owner)| state.hand(owner).len() <= 3);
    let patterns: Vec<PilePattern> = state.legal_patterns().iter().map(|&(p, _)| p).collect();
    let plain = patterns
        .iter()
        .filter(|p| !special_pile(p.kind))
        .min_by_key(|p| (p.rank, std::cmp::Reverse(p.len)));
    let specials = patterns
        .iter()
        .filter(|p| special_pile(p.kind))
        .min_by_key(|p| (p.kind, p.len, p.suit.map_or(p.rank, |s| 3 - s.0)));
    let chosen = match (top, plain, specials) {
        (_, Some(p), _) | (None, None, Some(p)) => p,
        (Some(_), None, Some(s)) if table >= 15 || threat => s,
        _ => return PileAction::Pass,
    };
    let hand = *state.hand(seat);
    PileAction::Play(pick_cards(&hand, chosen), chosen.combo())
}

/// The lowest cards of `pattern` in `hand`; for a fifty-K, the lowest that keeps a pure
/// fifty-K in the hand when it holds one.
fn pick_cards(hand: &Pile, pattern: &PilePattern) -> Pile {
    let play = |i: u64| {
        let cards = nth_play(hand, pattern, i).expect("a legal pattern has plays");
        Pile::from_cards(&cards, hand.decks()).expect("cards of the hand")
    };
    if pattern.kind == PileKind::Kind(Kind::FiftyK) && holds_pure_fifty_k(hand) {
        if let Some(keeps) = (0..count_plays(hand, pattern))
            .map(play)
            .find(|p| holds_pure_fifty_k(&hand.minus(p)))
        {
            return keeps;
        }
    }
    play(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::fifty_k::{CardSet, FkRules};

    fn set(text: &str) -> CardSet {
        CardSet::from_cards(&parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn bots_play_a_hand_to_the_end() {
        for kind in [BotKind::Random, BotKind::Greedy] {
            let hands = ["3h 4h 5h Ks", "6c 7c Tc 2d", "8s 9s Js Qs", "Ad Kd 5d 3d"]
                .map(set)
                .to_vec();
            let mut state = FkPlay::new(hands, 0, FkRules::default()).unwrap();
            let mut bots: Vec<FkBot> = (0..4).map(|i| FkBot::new(kind, i)).collect();
            FkBot::play_out(&mut state, &mut bots, None);
            assert!(state.is_done());
        }
    }

    #[test]
    fn fko_30_bots_play_hands_of_several_decks_to_the_end() {
        use crate::fifty_k::pile::Pile;
        use crate::phases::fifty_k_deal_decks;
        for kind in [BotKind::Random, BotKind::Greedy] {
            for (game, (decks, players)) in [(2, 4), (2, 5), (3, 6), (4, 8), (2, 7)]
                .into_iter()
                .enumerate()
            {
                let deal = fifty_k_deal_decks(game as u64, players, decks, None, None).unwrap();
                let hands = deal
                    .hands
                    .iter()
                    .map(|h| Pile::from_cards(h, decks).unwrap())
                    .collect();
                let mut state = PilePlay::new(hands, deal.leader, FkRules::default()).unwrap();
                let mut bots: Vec<FkBot> =
                    (0..players as u64).map(|i| FkBot::new(kind, i)).collect();
                FkBot::play_out_pile(&mut state, &mut bots, None);
                assert!(state.is_done());
                let points: u32 =
                    state.collected().iter().sum::<u32>() + state.hand_points().iter().sum::<u32>();
                assert_eq!(
                    points,
                    100 * decks as u32,
                    "FKO-22: every point is somewhere"
                );
            }
        }
        let deal = fifty_k_deal_decks(0, 4, 2, None, None).unwrap();
        let hands = deal
            .hands
            .iter()
            .map(|h| Pile::from_cards(h, 2).unwrap())
            .collect();
        let mut state = PilePlay::new(hands, deal.leader, FkRules::default()).unwrap();
        let mut search: Vec<FkBot> = (0..4)
            .map(|s| FkBot::new(BotKind::Ismcts(Some(10)), s))
            .collect();
        FkBot::play_out_pile(&mut state, &mut search, None);
        assert!(state.is_done());
    }

    #[test]
    fn greedy_keeps_a_pure_fifty_k_when_it_plays_a_fifty_k() {
        let hand = Pile::from_cards(&parse_cards("5s 5h Ts Th Ks").unwrap(), 2).unwrap();
        let pattern = crate::fifty_k::pile_legal::legal_patterns(&hand, None, Default::default())
            .into_iter()
            .find(|p| p.kind == PileKind::Kind(Kind::FiftyK))
            .unwrap();
        let picked = pick_cards(&hand, &pattern);
        assert_eq!(crate::card::format_cards(&picked.cards()), "5s Th Ks");
        assert!(!holds_pure_fifty_k(&hand.minus(&picked)));
        let hand = Pile::from_cards(&parse_cards("5s 5h Ts Th Ks Kh 5s").unwrap(), 2).unwrap();
        let picked = pick_cards(&hand, &pattern);
        assert!(
            holds_pure_fifty_k(&hand.minus(&picked)),
            "{:?}",
            picked.cards()
        );
    }

    #[test]
    fn greedy_leads_its_lowest_card() {
        let hands = ["3h 9h Ks", "6c 7c", "8s 9s", "Ad Kd"].map(set).to_vec();
        let mut state = FkPlay::new(hands, 0, FkRules::default()).unwrap();
        let FkAction::Play(c) = greedy(&mut state) else {
            panic!("a lead is a play")
        };
        assert_eq!(c.cards, set("3h"));
    }
}
