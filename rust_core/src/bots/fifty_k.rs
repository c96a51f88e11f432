//! Bots for the play of a Fifty-K hand.
//!
//! The greedy bot sheds low combinations first, leaving a partner's winning
//! combination alone (4 players), and keeps fifty-Ks and bombs for tables worth
//! points or for stopping an opponent about to go out.

use crate::fifty_k::{FkAction, FkPlay, Kind};
use crate::rng::Rng;

use crate::sample::sample_fifty_k;

use super::ismcts::DEFAULT_FIFTY_K_SIMULATIONS;
use super::ismcts_fifty_k::search_fifty_k;
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
    /// from what the seat sees.
    pub fn choose(&mut self, state: &mut FkPlay) -> Option<FkAction> {
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
                let sample = |s: u64| sample_fifty_k(real, seat, s);
                Some(search_fifty_k(simulations, seed, &sample))
            }
        }
    }

    /// Plays the hand to its end, `bots[seat]` choosing for each seat.
    pub fn play_out(state: &mut FkPlay, bots: &mut [FkBot]) {
        while let Some(seat) = state.to_act() {
            let action = bots[seat].choose(state).expect("a seat to act has a move");
            debug_assert!(state.action_error(seat, &action).is_none());
            state.apply_checked(seat, action);
        }
    }
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
            FkBot::play_out(&mut state, &mut bots);
            assert!(state.is_done());
        }
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
