//! Whole hands between bots, every phase in the core: each seat's bot is seeded from
//! the game's seed and its seat exactly as `fenpai.bots.Bot` seeds it, so a hand played
//! here is the hand the same bots play step by step.

use crate::card::Rank;
use crate::fifty_k::{CardSet, FkPlay, LeadAfterOut};
use crate::phases::{
    fifty_k_deal, Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::rng::seed_for;
use crate::trick::{FollowFormat, TrickPlay};

use crate::sample::Real;

use super::{BotKind, FkBot, PhaseBot, PlayInfo, TrickBot};

/// A variant and the options its phases need.
#[derive(Clone, Copy, Debug)]
pub enum Setup {
    Tractor {
        levels: (Rank, Rank),
        dealer: Option<usize>,
        follow_format: FollowFormat,
    },
    RedFive4p {
        decks: u8,
        minimum_opening: bool,
        /// R4-40 `kitty_points = always` (for the scoring the search plays for).
        kitty_always: bool,
    },
    RedFive5p {
        prev_declarer: usize,
        forbid_grab: bool,
    },
    FiftyK {
        players: usize,
        lead_after_out: LeadAfterOut,
    },
}

/// A finished hand: its phase objects in order, each in its final state.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // made once per hand and moved straight out
pub enum Hand {
    Tractor(TractorDeal, Burial, TrickPlay),
    RedFive4p(RedFive4pBidding, Burial, TrickPlay),
    RedFive5p(RedFive5pDeal, Burial, FriendCall, TrickPlay),
    FiftyK(FkPlay),
}

/// One seat's bots, seeded as `fenpai.bots.Bot(kind, seed)` seeds its core bots.
struct Seat {
    phase: PhaseBot,
    trick: TrickBot,
    fifty_k: FkBot,
}

fn seats(game_seed: u64, kinds: &[BotKind]) -> Vec<Seat> {
    kinds
        .iter()
        .enumerate()
        .map(|(seat, &kind)| {
            let seed = seed_for(&[game_seed, seat as u64]);
            Seat {
                phase: PhaseBot::new(kind, seed),
                trick: TrickBot::new(kind, seed_for(&[seed, 1])),
                fifty_k: FkBot::new(kind, seed_for(&[seed, 2])),
            }
        })
        .collect()
}

fn players(setup: &Setup) -> usize {
    match setup {
        Setup::Tractor { .. } | Setup::RedFive4p { .. } => 4,
        Setup::RedFive5p { .. } => 5,
        Setup::FiftyK { players, .. } => *players,
    }
}

/// Plays the hand of `game_seed` to its end, `kinds[seat]` choosing for each seat.
pub fn play_hand(setup: &Setup, game_seed: u64, kinds: &[BotKind]) -> Result<Hand, String> {
    let n = players(setup);
    if kinds.len() != n {
        return Err(format!("the game has {n} seats; got {} bots", kinds.len()));
    }
    let bots = seats(game_seed, kinds);
    let mut phase_bots: Vec<PhaseBot> = bots.iter().map(|b| b.phase.clone()).collect();
    let mut trick_bots: Vec<TrickBot> = bots.iter().map(|b| b.trick.clone()).collect();
    Ok(match *setup {
        Setup::Tractor {
            levels,
            dealer,
            follow_format,
        } => {
            let mut deal = TractorDeal::new(game_seed, None, None, levels, dealer, follow_format)?;
            PhaseBot::play_out(&mut deal, &mut phase_bots);
            let mut burial = deal.burial()?;
            PhaseBot::play_out(&mut burial, &mut phase_bots);
            let mut play = burial.start_play()?;
            let info = PlayInfo::Hand {
                before: Real::Tractor(&deal, Some(&burial), None),
                setup,
            };
            TrickBot::play_out(&mut play, &mut trick_bots, &info);
            Hand::Tractor(deal, burial, play)
        }
        Setup::RedFive4p {
            decks,
            minimum_opening,
            ..
        } => {
            let mut bidding = RedFive4pBidding::new(game_seed, None, None, decks, minimum_opening)?;
            PhaseBot::play_out(&mut bidding, &mut phase_bots);
            let mut burial = bidding.burial()?;
            PhaseBot::play_out(&mut burial, &mut phase_bots);
            let mut play = burial.start_play()?;
            // The seat of the first card does not change what a seat knows in the play.
            let info = PlayInfo::Hand {
                before: Real::RedFive4p(&bidding, 0, Some(&burial), None),
                setup,
            };
            TrickBot::play_out(&mut play, &mut trick_bots, &info);
            Hand::RedFive4p(bidding, burial, play)
        }
        Setup::RedFive5p {
            prev_declarer,
            forbid_grab,
        } => {
            let mut deal = RedFive5pDeal::new(game_seed, None, None, prev_declarer)?;
            PhaseBot::play_out(&mut deal, &mut phase_bots);
            let mut burial = deal.burial()?;
            PhaseBot::play_out(&mut burial, &mut phase_bots);
            let mut call = burial.friend_call(forbid_grab)?;
            PhaseBot::play_out(&mut call, &mut phase_bots);
            let mut play = call.start_play()?;
            let info = PlayInfo::Hand {
                before: Real::RedFive5p(&deal, Some(&burial), Some(&call), None),
                setup,
            };
            TrickBot::play_out(&mut play, &mut trick_bots, &info);
            Hand::RedFive5p(deal, burial, call, play)
        }
        Setup::FiftyK {
            players,
            lead_after_out,
        } => {
            let deal = fifty_k_deal(game_seed, players, None, None)?;
            let hands = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, String>>()?;
            let mut play = FkPlay::new(hands, deal.leader, lead_after_out)?;
            let mut fk_bots: Vec<FkBot> = bots.into_iter().map(|b| b.fifty_k).collect();
            FkBot::play_out(&mut play, &mut fk_bots);
            Hand::FiftyK(play)
        }
    })
}
