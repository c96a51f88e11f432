//! Random positions of every variant, sampled for every seat: the sample shows the seat
//! what the real hand shows it, replays from its own deck, and plays on to the end.

use crate::bots::{
    DeclarationOrder, DeclarationStrength, FirstDealer, JokerDeclarations, KittyMultiplier,
    Reinforce, Setup, ThrowPenalty, TractorDecks, TractorHouse,
};
use crate::card::{format_cards, Card, Counts, Rank};
use crate::error::ActionError;
use crate::fifty_k::{CardSet, FkPlay, FkRules, LeadAfterOut, PureOrder};
use crate::phases::{
    fifty_k_action, fifty_k_deal, parse_action, Action, Burial, FriendCall, FriendRestriction,
    Phase, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::rng::{seed_for, Rng};
use crate::trick::{Bombs, DoubleJoin, FollowFormat, FollowProtect, ThrowJudgement, TrickPlay};

use super::world::known_for;
use super::world::sample_world_tries;
use super::{sample_world, Known, Objects, Real, World};

fn setups() -> Vec<Setup> {
    let two = Rank::TWO;
    let mut out = Vec::new();
    for follow_format in [
        FollowFormat::Pairs,
        FollowFormat::Full,
        FollowFormat::Exact,
        FollowFormat::Off,
    ] {
        out.push(Setup::Tractor {
            levels: (two, two),
            dealer: None,
            follow_format,
            table: TractorDecks::default(),
            house: TractorHouse::default(),
        });
    }
    // TRO-13: tractors kept from pair leads, under both formats that draw pairs.
    for follow_format in [FollowFormat::Pairs, FollowFormat::Exact] {
        out.push(Setup::Tractor {
            levels: (two, two),
            dealer: None,
            follow_format,
            table: TractorDecks::default(),
            house: TractorHouse {
                follow_protect: FollowProtect::Tractors,
                ..TractorHouse::default()
            },
        });
    }
    // TRO-52 with the scoring house rules: the winners the replay must reproduce; TRO-62:
    // the dealer known from the first declaration on; TRO-72: overcalls by suit; TRO-102:
    // by the number of cards; TRO-142: only big jokers declare; TRO-153: a declarer may
    // overcall itself.
    out.push(Setup::Tractor {
        levels: (two, two),
        dealer: None,
        follow_format: FollowFormat::Pairs,
        table: TractorDecks::default(),
        house: TractorHouse {
            follow_protect: FollowProtect::Tractors,
            throw_penalty: ThrowPenalty::None,
            kitty_multiplier: KittyMultiplier::Power,
            throw_judgement: ThrowJudgement::HighestCard,
            bombs: Bombs::None,
            first_dealer: FirstDealer::FirstDeclaration,
            declaration_order: DeclarationOrder::Suit,
            declaration_strength: DeclarationStrength::MoreCards,
            joker_declarations: JokerDeclarations::BigOnly,
            reinforce: Reinforce::OrOverturn,
            kitty_theft: crate::phases::KittyTheft::None,
        },
    });
    // TRO-112: the kitty stolen after the burial, by suit (TRO-72) and own overcalls
    // (TRO-153) too.
    for (dealer, declaration_order, reinforce) in [
        (None, DeclarationOrder::Equal, Reinforce::OwnCard),
        (Some(3), DeclarationOrder::Suit, Reinforce::OrOverturn),
    ] {
        out.push(Setup::Tractor {
            levels: (two, two),
            dealer,
            follow_format: FollowFormat::Pairs,
            table: TractorDecks::default(),
            house: TractorHouse {
                declaration_order,
                reinforce,
                kitty_theft: crate::phases::KittyTheft::Allowed,
                ..TractorHouse::default()
            },
        });
    }
    // TRO-53: ruffs of throws judged unit by unit.
    out.push(Setup::Tractor {
        levels: (two, two),
        dealer: None,
        follow_format: FollowFormat::Pairs,
        table: TractorDecks::default(),
        house: TractorHouse {
            throw_judgement: ThrowJudgement::EveryUnit,
            ..TractorHouse::default()
        },
    });
    out.push(Setup::Tractor {
        levels: (Rank(5), Rank::ACE),
        dealer: Some(1),
        follow_format: FollowFormat::Pairs,
        table: TractorDecks::default(),
        house: TractorHouse::default(),
    });
    // TRO-92: hands at the no-trump level, a first hand and a later one.
    for (levels, dealer) in [
        ((Rank::NO_TRUMP_LEVEL, Rank::NO_TRUMP_LEVEL), None),
        ((Rank::NO_TRUMP_LEVEL, Rank::ACE), Some(2)),
    ] {
        out.push(Setup::Tractor {
            levels,
            dealer,
            follow_format: FollowFormat::Pairs,
            table: TractorDecks::default(),
            house: TractorHouse::default(),
        });
    }
    // TRO-120, TRO-130: one and three decks, jokers taken out, triples kept whole (TRO-14).
    for (decks, jokerless, follow_protect) in [
        (1, 0, FollowProtect::None),
        (1, 1, FollowProtect::None),
        (2, 1, FollowProtect::Tractors),
        (3, 0, FollowProtect::TuplesAndTractors),
        (3, 2, FollowProtect::Tuples),
    ] {
        out.push(Setup::Tractor {
            levels: (two, two),
            dealer: None,
            follow_format: FollowFormat::Pairs,
            table: TractorDecks { decks, jokerless },
            house: TractorHouse {
                follow_protect,
                ..TractorHouse::default()
            },
        });
    }
    // TRO-124: four decks' quadruples under every follow format, kept whole (TRO-12).
    for (jokerless, follow_format, follow_protect) in [
        (0, FollowFormat::Pairs, FollowProtect::None),
        (1, FollowFormat::Full, FollowProtect::None),
        (0, FollowFormat::Exact, FollowProtect::Tuples),
        (3, FollowFormat::Pairs, FollowProtect::TuplesAndTractors),
    ] {
        out.push(Setup::Tractor {
            levels: (two, two),
            dealer: None,
            follow_format,
            table: TractorDecks {
                decks: 4,
                jokerless,
            },
            house: TractorHouse {
                follow_protect,
                ..TractorHouse::default()
            },
        });
    }
    out.extend(bomb_setups());
    for decks in [2, 3] {
        for minimum_opening in [false, true] {
            out.push(Setup::RedFive4p {
                decks,
                minimum_opening,
                kitty_always: false,
            });
        }
    }
    for forbid_grab in [false, true] {
        out.push(Setup::RedFive5p {
            prev_declarer: 2,
            forbid_grab,
        });
    }
    for players in [3, 4] {
        for lead_after_out in [LeadAfterOut::Next, LeadAfterOut::Partner] {
            for pure_order in [PureOrder::Suit, PureOrder::Equal] {
                let rules = FkRules {
                    lead_after_out,
                    pure_order,
                };
                out.push(Setup::FiftyK {
                    players,
                    decks: 1,
                    rules,
                    tribute: Default::default(),
                });
            }
        }
    }
    // FF-1: every table, two and three decks, the restrictions (FF-60), a fixed dealer,
    // calls passed on from the declarer's side (FF-82).
    let (spent, passes_on) = (DoubleJoin::Spent, DoubleJoin::PassesOn);
    for (players, decks, restriction, dealer, double_join) in [
        (4, 2, FriendRestriction::NoTrumps, None, spent),
        (5, 3, FriendRestriction::None, None, passes_on),
        (6, 3, FriendRestriction::NoHighest, Some(4), spent),
        (7, 2, FriendRestriction::NoPoints, None, passes_on),
        (8, 3, FriendRestriction::None, None, spent),
    ] {
        out.push(Setup::FindingFriends {
            players,
            decks,
            friends: players / 2 - 1,
            levels: [if dealer.is_some() { Rank(5) } else { two }; 8],
            dealer,
            restriction,
            double_join,
        });
    }
    out
}

/// TRO-160: four decks with bombs, both values, under two follow formats.
fn bomb_setups() -> Vec<Setup> {
    [
        (Bombs::AnySuit, FollowFormat::Pairs),
        (Bombs::SuitFollowing, FollowFormat::Exact),
    ]
    .into_iter()
    .map(|(bombs, follow_format)| Setup::Tractor {
        levels: (Rank::TWO, Rank::TWO),
        dealer: None,
        follow_format,
        table: TractorDecks {
            decks: 4,
            jokerless: 0,
        },
        house: TractorHouse {
            bombs,
            ..TractorHouse::default()
        },
    })
    .collect()
}

/// The hand's first phase object, from `seed` or a scripted deck.
fn start(setup: &Setup, seed: u64, deck: Option<(&str, usize)>) -> Objects {
    let (text, first) = deck.map_or((None, None), |(t, f)| (Some(t), Some(f)));
    let mut g = match *setup {
        Setup::Tractor {
            levels,
            dealer,
            follow_format,
            table,
            house,
        } => Objects::Tractor(
            TractorDeal::with_decks(seed, text, first, levels, dealer, follow_format, table)
                .and_then(|d| d.with_house(&house))
                .unwrap(),
            None,
            None,
        ),
        Setup::RedFive4p {
            decks,
            minimum_opening,
            ..
        } => Objects::RedFive4p(
            RedFive4pBidding::new(seed, text, first, decks, minimum_opening).unwrap(),
            None,
            None,
        ),
        Setup::RedFive5p { prev_declarer, .. } => Objects::RedFive5p(
            RedFive5pDeal::new(seed, text, first, prev_declarer).unwrap(),
            None,
            None,
            None,
        ),
        Setup::FiftyK { players, rules, .. } => {
            let deal = fifty_k_deal(seed, players, text, first).unwrap();
            let hands = deal
                .hands
                .iter()
                .map(|h| CardSet::from_cards(h).unwrap())
                .collect();
            Objects::FiftyK(FkPlay::new(hands, deal.leader, rules).unwrap())
        }
        Setup::FindingFriends {
            players,
            decks,
            levels,
            dealer,
            ..
        } => Objects::FindingFriends(
            TractorDeal::finding_friends(
                seed,
                text,
                first,
                levels[..players].to_vec(),
                dealer,
                decks,
                FollowFormat::Pairs,
            )
            .unwrap(),
            None,
            None,
            None,
        ),
    };
    settle(&mut g, setup);
    g
}

/// Makes the next phase's object while the current one is over (as `Game` does).
fn settle(g: &mut Objects, setup: &Setup) {
    match g {
        Objects::Tractor(d, b, p) => {
            if b.is_none() && d.to_act().is_none() {
                *b = Some(d.burial().unwrap());
            }
            if let (Some(b), None) = (b.as_ref(), p.as_ref()) {
                if b.to_act().is_none() {
                    // TRO-112: after the burial and its rounds of chances
                    *p = Some(b.start_play().unwrap());
                }
            }
        }
        Objects::RedFive4p(d, b, p) => {
            if b.is_none() && d.to_act().is_none() {
                *b = Some(d.burial().unwrap());
            }
            if let (Some(b), None) = (b.as_ref(), p.as_ref()) {
                if b.buried().is_some() {
                    *p = Some(b.start_play().unwrap());
                }
            }
        }
        Objects::RedFive5p(d, b, f, p) => {
            let forbid = matches!(
                setup,
                Setup::RedFive5p {
                    forbid_grab: true,
                    ..
                }
            );
            if b.is_none() && d.to_act().is_none() {
                *b = Some(d.burial().unwrap());
            }
            if let (Some(b), None) = (b.as_ref(), f.as_ref()) {
                if b.buried().is_some() {
                    *f = Some(b.friend_call(forbid).unwrap());
                }
            }
            if let (Some(f), None) = (f.as_ref(), p.as_ref()) {
                if f.to_act().is_none() {
                    *p = Some(f.start_play().unwrap());
                }
            }
        }
        Objects::FindingFriends(d, b, c, p) => {
            let Setup::FindingFriends {
                friends,
                restriction,
                double_join,
                ..
            } = *setup
            else {
                unreachable!("a Finding Friends hand has its setup")
            };
            if b.is_none() && d.to_act().is_none() {
                *b = Some(d.burial().unwrap());
            }
            if let (Some(b), None) = (b.as_ref(), c.as_ref()) {
                if b.buried().is_some() {
                    let calls = b.friend_calls(friends, restriction, double_join);
                    *c = Some(calls.unwrap());
                }
            }
            if let (Some(c), None) = (c.as_ref(), p.as_ref()) {
                if c.to_act().is_none() {
                    *p = Some(c.start_play().unwrap());
                }
            }
        }
        Objects::FiftyK(_) => {}
    }
}

fn random_phase<P: Phase>(p: &mut P, rng: &mut Rng) {
    let n = p.num_legal();
    p.apply_legal(rng.below(n)).unwrap();
}

fn random_play(p: &mut TrickPlay, rng: &mut Rng) {
    let n = p.moves().count();
    p.apply_legal(rng.below(n)).unwrap();
}

/// The play's next random play; false once the hand is over.
fn play_on(p: &mut TrickPlay, rng: &mut Rng) -> bool {
    if p.is_done() {
        return false;
    }
    random_play(p, rng);
    true
}

/// The deal, then the burial, then the play: the next random action of the current one.
fn act3<D: Phase>(
    d: &mut D,
    b: &mut Option<Burial>,
    p: &mut Option<TrickPlay>,
    rng: &mut Rng,
) -> bool {
    match (p, b) {
        (Some(p), _) => play_on(p, rng),
        (None, Some(b)) => {
            random_phase(b, rng);
            true
        }
        _ => {
            random_phase(d, rng);
            true
        }
    }
}

/// One random legal action of the seat to act; false once the hand is over.
fn step(g: &mut Objects, setup: &Setup, rng: &mut Rng) -> bool {
    let live = match g {
        Objects::Tractor(d, b, p) => act3(d, b, p, rng),
        Objects::RedFive4p(d, b, p) => act3(d, b, p, rng),
        Objects::RedFive5p(d, b, f, p) => match (p, f, b) {
            (Some(p), ..) => play_on(p, rng),
            (None, Some(f), _) => {
                random_phase(f, rng);
                true
            }
            (None, None, b) => act3(d, b, &mut None, rng),
        },
        Objects::FindingFriends(d, b, c, p) => match (p, c, b) {
            (Some(p), ..) => play_on(p, rng),
            (None, Some(c), _) => {
                random_phase(c, rng);
                true
            }
            (None, None, b) => act3(d, b, &mut None, rng),
        },
        Objects::FiftyK(p) => {
            let live = !p.is_done();
            if live {
                let n = p.num_legal() as u64;
                p.apply_legal(rng.below(n) as usize).unwrap();
            }
            live
        }
    };
    settle(g, setup);
    live
}

/// The real hand as the sampler reads it.
fn real(g: &Objects, first: usize) -> Real<'_> {
    match g {
        Objects::Tractor(d, b, p) => Real::Tractor(d, b.as_ref(), p.as_ref()),
        Objects::RedFive4p(d, b, p) => Real::RedFive4p(d, first, b.as_ref(), p.as_ref()),
        Objects::RedFive5p(d, b, f, p) => Real::RedFive5p(d, b.as_ref(), f.as_ref(), p.as_ref()),
        Objects::FiftyK(p) => Real::FiftyK(p, first, None),
        Objects::FindingFriends(d, b, c, p) => {
            Real::FindingFriends(d, b.as_ref(), c.as_ref(), p.as_ref())
        }
    }
}

fn done(g: &Objects) -> bool {
    match g {
        Objects::Tractor(.., p)
        | Objects::RedFive4p(.., p)
        | Objects::RedFive5p(.., p)
        | Objects::FindingFriends(.., p) => p.as_ref().is_some_and(|p| p.is_done()),
        Objects::FiftyK(p) => p.is_done(),
    }
}

/// What `seat` sees of a trick play: its hand, the sizes, the tricks, the friend.
fn seen_play(p: &TrickPlay, seat: usize) -> String {
    let (friend, public, grab) = p.friend();
    let sizes: Vec<usize> = (0..p.num_players()).map(|s| p.hand(s).len()).collect();
    let trick: Vec<_> = p.trick().collect();
    // FF-31: the friends found so far follow from the public plays.
    let friends = p
        .friends()
        .map(|w| (w.filled().to_vec(), w.side().to_vec()));
    format!(
        "{:?} {sizes:?} {:?} {:?} {trick:?} {:?} {:?} {:?} {:?} {:?} {friends:?}",
        p.hand(seat),
        p.to_act(),
        p.tricks(),
        p.attempted(),
        p.points(),
        p.failed_throws(),
        p.log(),
        (public, friend.filter(|_| public), grab && public),
    )
}

/// What `seat` sees of the hand: its cards, every action, every public outcome.
fn seen(g: &Objects, seat: usize) -> String {
    let over = done(g);
    let burial = |b: &Option<Burial>| {
        b.as_ref().map(|b| {
            // C-4, TRO-112: the burial on the table is its burier's; a stealer saw the
            // burial it took up.
            let holder = seat == b.burier();
            let sizes: Vec<usize> = b.hands().iter().map(|h| h.len()).collect();
            let log: Vec<String> = b
                .log()
                .iter()
                .enumerate()
                .map(|(i, (s, a))| match hides(b.log(), i, seat, over) {
                    true => format!("{s} bury"),
                    false => format!("{s} {a}"),
                })
                .collect();
            format!(
                "{log:?} {sizes:?} {:?} {:?} {:?} {:?}",
                b.hands()[seat],
                (holder || over).then(|| b.buried()),
                holder.then(|| b.taken()),
                b.to_act(),
            )
        })
    };
    let play = |p: &Option<TrickPlay>| p.as_ref().map(|p| seen_play(p, seat));
    match g {
        Objects::Tractor(d, b, p) => format!(
            "{:?} {} {:?} {:?} {:?} {:?} {:?} {:?}",
            d.log(),
            d.cards_dealt(),
            d.to_act(),
            b.is_none().then(|| d.hands()[seat]),
            d.outcome().map(|(s, r)| (s, r.trump)),
            d.first_seat(),
            burial(b),
            play(p)
        ),
        Objects::RedFive4p(d, b, p) => format!(
            "{:?} {} {:?} {:?} {:?} {:?} {:?} {:?}",
            d.log(),
            d.first_bidder(),
            d.to_act(),
            b.is_none().then(|| d.hands()[seat]),
            d.declarer(),
            d.rules().map(|r| r.trump),
            burial(b),
            play(p)
        ),
        Objects::RedFive5p(d, b, f, p) => format!(
            "{:?} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            d.log(),
            d.cards_dealt(),
            d.to_act(),
            b.is_none().then(|| d.hands()[seat]),
            (
                d.reveal(),
                d.forced(),
                d.declarer(),
                d.rules().map(|r| r.trump)
            ),
            d.first_seat(),
            burial(b),
            f.as_ref().map(|f| (
                f.log().to_vec(),
                (seat == f.declarer() || over).then(|| f.solo())
            )),
            play(p),
            over,
        ),
        Objects::FindingFriends(d, b, c, p) => format!(
            "{:?} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            d.log(),
            d.cards_dealt(),
            d.to_act(),
            b.is_none().then(|| d.hands()[seat]),
            d.outcome().map(|(s, r)| (s, r.trump)),
            d.first_seat(),
            burial(b),
            c.as_ref().map(|c| (c.log().to_vec(), c.to_act())),
            play(p)
        ),
        Objects::FiftyK(p) => {
            let sizes: Vec<u32> = (0..p.num_players()).map(|s| p.hand(s).len()).collect();
            let points: Vec<Vec<Card>> = (0..p.num_players())
                .map(|s| {
                    p.hand(s)
                        .cards()
                        .into_iter()
                        .filter(|c| c.points() > 0)
                        .collect()
                })
                .collect();
            format!(
                "{:?} {:?} {sizes:?} {:?} {:?} {:?} {:?}",
                p.log(),
                p.hand(seat),
                p.collected(),
                p.finished(),
                p.to_act(),
                over.then_some(points)
            )
        }
    }
}

/// Every hand now (the sampled seat's hidden cards among them).
fn hands(g: &Objects) -> Vec<Counts> {
    let play = match g {
        Objects::Tractor(.., p)
        | Objects::RedFive4p(.., p)
        | Objects::RedFive5p(.., p)
        | Objects::FindingFriends(.., p) => p.as_ref(),
        Objects::FiftyK(p) => {
            return (0..p.num_players())
                .map(|s| Counts::from_cards(&p.hand(s).cards()))
                .collect()
        }
    };
    if let Some(p) = play {
        return (0..p.num_players()).map(|s| *p.hand(s)).collect();
    }
    match g {
        Objects::Tractor(d, ..) | Objects::FindingFriends(d, ..) => d.hands().to_vec(),
        Objects::RedFive4p(d, ..) => d.hands().to_vec(),
        Objects::RedFive5p(d, ..) => d.hands().to_vec(),
        Objects::FiftyK(_) => unreachable!(),
    }
}

fn texts<P: Phase>(p: &P) -> Vec<(usize, String)> {
    p.log().iter().map(|(s, a)| (*s, a.to_string())).collect()
}

fn play_texts(p: &Option<TrickPlay>) -> Vec<(usize, String)> {
    p.iter()
        .flat_map(|p| {
            p.log()
                .iter()
                .map(|(s, c)| (*s, p.play_action(c).to_string()))
        })
        .collect()
}

/// A trick-taking hand's history as action text: its deal, burial, call(s) and play.
fn trick_history<D: Phase, F: Phase>(
    d: &D,
    b: &Option<Burial>,
    f: Option<&F>,
    p: &Option<TrickPlay>,
) -> Vec<(usize, String)> {
    let mut out = texts(d);
    out.extend(b.iter().flat_map(texts));
    out.extend(f.into_iter().flat_map(texts));
    out.extend(play_texts(p));
    out
}

/// The hand's history as action text, in order.
fn history(g: &Objects) -> Vec<(usize, String)> {
    match g {
        Objects::Tractor(d, b, p) => trick_history(d, b, None::<&FriendCall>, p),
        Objects::RedFive4p(d, b, p) => trick_history(d, b, None::<&FriendCall>, p),
        Objects::RedFive5p(d, b, f, p) => trick_history(d, b, f.as_ref(), p),
        Objects::FindingFriends(d, b, c, p) => trick_history(d, b, c.as_ref(), p),
        Objects::FiftyK(p) => p
            .log()
            .iter()
            .map(|(s, a)| (*s, fifty_k_action(a).to_string()))
            .collect(),
    }
}

/// Applies an action to the current phase of a trick-taking hand: the play, else the
/// call, else the burial, else the deal.
fn apply_trick<D: Phase, F: Phase>(
    d: &mut D,
    b: &mut Option<Burial>,
    f: Option<&mut F>,
    p: &mut Option<TrickPlay>,
    seat: usize,
    action: &Action,
) -> Result<(), ActionError> {
    match (p, f, b) {
        (Some(p), ..) => p.act(seat, action).map(|_| ()),
        (None, Some(f), _) => f.apply(seat as i64, action).map(|_| ()),
        (None, None, Some(b)) => b.apply(seat as i64, action).map(|_| ()),
        _ => d.apply(seat as i64, action).map(|_| ()),
    }
}

/// Applies action text to the current phase (as `Game.apply` does).
fn apply_text(g: &mut Objects, seat: usize, text: &str) {
    let action = parse_action(text).unwrap();
    let done = match g {
        Objects::Tractor(d, b, p) => apply_trick(d, b, None::<&mut FriendCall>, p, seat, &action),
        Objects::RedFive4p(d, b, p) => apply_trick(d, b, None::<&mut FriendCall>, p, seat, &action),
        Objects::RedFive5p(d, b, f, p) => apply_trick(d, b, f.as_mut(), p, seat, &action),
        Objects::FindingFriends(d, b, c, p) => apply_trick(d, b, c.as_mut(), p, seat, &action),
        Objects::FiftyK(p) => p.act(seat, &action).map(|_| ()),
    };
    done.unwrap_or_else(|e| panic!("{text} by {seat}: {e}"));
}

/// A random position of `setup`: game `seed` after a random number of random actions,
/// with the seat of its first card.
fn position(setup: &Setup, seed: u64) -> (Objects, usize) {
    let mut g = start(setup, seed, None);
    let first = match &g {
        Objects::FiftyK(_) => {
            let Setup::FiftyK { players, .. } = *setup else {
                unreachable!()
            };
            fifty_k_deal(seed, players, None, None).unwrap().first
        }
        _ => 0,
    };
    let mut rng = Rng::new(seed_for(&[seed, 7]));
    let steps = rng.below(260);
    for _ in 0..steps {
        if !step(&mut g, setup, &mut rng) {
            break;
        }
    }
    (g, first)
}

/// Whether the `i`-th action of a burial's `log` is a burial `seat` cannot see (C-4):
/// not its own, not one it stole next (TRO-112), not the kitty of a hand over.
fn hides(log: &[(usize, Action)], i: usize, seat: usize, over: bool) -> bool {
    let (s, Action::Bury(_)) = &log[i] else {
        return false;
    };
    let later = &log[i + 1..];
    let taker = later
        .iter()
        .find_map(|(t, a)| matches!(a, Action::Declare(_)).then_some(*t));
    let kitty = !later.iter().any(|(_, a)| matches!(a, Action::Bury(_))) && taker.is_none();
    !(*s == seat || taker == Some(seat) || (over && kitty))
}

/// The history as `seat` sees it: a burial (C-4) only for its burier, the seat that
/// stole it (TRO-112), or once the hand is over (the kitty).
fn seen_history(g: &Objects, seat: usize) -> Vec<(usize, String)> {
    let over = done(g);
    let (dealt, burial) = match g {
        Objects::Tractor(d, b, _) | Objects::FindingFriends(d, b, ..) => (d.log().len(), b),
        Objects::RedFive4p(d, b, _) => (d.log().len(), b),
        Objects::RedFive5p(d, b, ..) => (d.log().len(), b),
        Objects::FiftyK(_) => (0, &None),
    };
    let mut out = history(g);
    if let Some(b) = burial {
        for i in 0..b.log().len() {
            if hides(b.log(), i, seat, over) {
                out[dealt + i].1 = "bury".to_string();
            }
        }
    }
    out
}

/// The sample as a game of its own: its deck dealt with its seed and first seat, its
/// history replayed action by action.
fn replayed(w: &World, setup: &Setup) -> Objects {
    let text = format_cards(&w.deck);
    let mut g = start(setup, w.seed, Some((&text, w.first_seat)));
    for (seat, action) in history(&w.objects) {
        apply_text(&mut g, seat, &action);
        settle(&mut g, setup);
    }
    g
}

/// Plays the hand on at random to its end (every action legal: the sample is a game).
fn play_to_end(g: &mut Objects, setup: &Setup, seed: u64) {
    let mut rng = Rng::new(seed);
    while step(g, setup, &mut rng) {}
    assert!(done(g));
}

#[test]
fn c_5_sample_world_shows_every_seat_what_the_real_hand_shows_and_replays() {
    for setup in setups() {
        for seed in 0..8u64 {
            let (g, first) = position(&setup, seed);
            let n = hands(&g).len();
            for seat in 0..n {
                let before = format!("{g:?}");
                let w = sample_world(
                    &real(&g, first),
                    &setup,
                    seat,
                    false,
                    seed_for(&[seed, seat as u64]),
                );
                assert_eq!(format!("{g:?}"), before, "the real hand is unchanged");
                assert_eq!(
                    seen(&w.objects, seat),
                    seen(&g, seat),
                    "{setup:?} seed {seed} seat {seat}"
                );
                assert_eq!(seen_history(&w.objects, seat), seen_history(&g, seat));
                let again = replayed(&w, &setup);
                assert_eq!(
                    format!("{again:?}"),
                    format!("{:?}", w.objects),
                    "{setup:?} seed {seed} seat {seat}"
                );
                let w2 = sample_world(
                    &real(&g, first),
                    &setup,
                    seat,
                    false,
                    seed_for(&[seed, seat as u64]),
                );
                assert_eq!(w2.deck, w.deck, "deterministic for a seed");
                let mut on = w.objects;
                play_to_end(&mut on, &setup, seed);
            }
        }
    }
}

#[test]
fn samples_vary_where_something_is_hidden() {
    for setup in setups() {
        let mut varied = 0;
        for seed in 0..6u64 {
            let (g, first) = position(&setup, seed + 100);
            let real_hands = hands(&g);
            let hidden = real_hands.iter().filter(|h| !h.is_empty()).count() > 2;
            let seat = 0;
            let samples: Vec<Vec<Counts>> = (0..6)
                .map(|k| hands(&sample_world(&real(&g, first), &setup, seat, false, k).objects))
                .collect();
            if hidden && samples.iter().any(|h| h != &samples[0]) {
                varied += 1;
            }
        }
        assert!(varied > 0, "{setup:?}");
    }
}

/// Known of every seat.
pub(crate) fn known_of(g: &Objects, first: usize, setup: &Setup) -> Vec<Known> {
    (0..hands(g).len())
        .map(|s| known_for(&real(g, first), setup, s))
        .collect()
}

/// Random positions in the play of every trick-taking setup, with what each seat knows.
pub(crate) fn trick_positions(per_setup: u64) -> Vec<(Setup, TrickPlay, Vec<Known>)> {
    let mut out = Vec::new();
    for setup in setups() {
        for seed in 0..per_setup {
            let (g, first) = position(&setup, seed + 1000);
            let play = match &g {
                Objects::Tractor(.., Some(p))
                | Objects::RedFive4p(.., Some(p))
                | Objects::RedFive5p(.., Some(p))
                | Objects::FindingFriends(.., Some(p)) => p.clone(),
                _ => continue,
            };
            out.push((setup, play, known_of(&g, first, &setup)));
        }
    }
    out
}

#[test]
fn c_5_the_last_fallback_is_the_real_deal_with_a_seed_of_its_own() {
    // With no constrained deal allowed, the sample is the real deal itself: the seat
    // sees the same hand, and the deck with its seed replays the history.
    for setup in setups()
        .into_iter()
        .filter(|s| !matches!(s, Setup::FiftyK { .. }))
    {
        for seed in 0..4u64 {
            let (g, first) = position(&setup, seed + 500);
            for seat in 0..hands(&g).len() {
                let w = sample_world_tries(&real(&g, first), &setup, seat, false, seed, 0);
                assert_eq!(hands(&w.objects), hands(&g));
                assert_eq!(seen(&w.objects, seat), seen(&g, seat));
                let again = replayed(&w, &setup);
                assert_eq!(format!("{again:?}"), format!("{:?}", w.objects));
            }
        }
    }
}

/// Whether the hand's play has begun.
fn playing(g: &Objects) -> bool {
    matches!(
        g,
        Objects::Tractor(.., Some(_))
            | Objects::RedFive4p(.., Some(_))
            | Objects::RedFive5p(.., Some(_))
            | Objects::FindingFriends(.., Some(_))
    )
}

#[test]
fn c_5_the_real_deal_fallback_is_all_but_never_reached() {
    // The fallback hands a search the real hidden cards, so it must stay a safety net:
    // over random positions of every trick-taking setup, half of them in the play, every
    // seat, a constrained deal is found within TRIES (a sample equal to the fallback's
    // deck counts as reached).
    let mut reached = 0;
    let mut total = 0;
    for setup in setups()
        .into_iter()
        .filter(|s| !matches!(s, Setup::FiftyK { .. }))
    {
        for seed in 0..40u64 {
            let (mut g, first) = position(&setup, seed + 2000);
            let mut rng = Rng::new(seed);
            if seed % 2 == 1 {
                while !playing(&g) && step(&mut g, &setup, &mut rng) {}
                for _ in 0..rng.below(100) {
                    step(&mut g, &setup, &mut rng);
                }
            }
            let real = real(&g, first);
            for seat in 0..hands(&g).len() {
                let w = sample_world_tries(&real, &setup, seat, false, seed, super::TRIES);
                let fallback = sample_world_tries(&real, &setup, seat, false, seed, 0);
                total += 1;
                reached += usize::from(w.deck == fallback.deck);
            }
        }
    }
    assert!(
        reached * 500 <= total,
        "{reached} of {total} samples fell back"
    );
}

/// Whether the hand's kitty was stolen (TRO-112): a declaration in the burial's log.
fn stolen(g: &Objects) -> bool {
    matches!(g, Objects::Tractor(_, Some(b), _)
        if b.log().iter().any(|(_, a)| matches!(a, Action::Declare(_))))
}

#[test]
fn tro_112_stolen_kitties_are_sampled_at_every_stage_and_replay() {
    // Random positions of the kitty theft setups where the kitty was stolen, in its
    // rounds and in the play: each seat's samples show it what the real hand shows,
    // replay, and deal some hidden burial or hand again, never falling back to the
    // real deal (C-5).
    let theft: Vec<Setup> = setups()
        .into_iter()
        .filter(|s| {
            matches!(s, Setup::Tractor { house, .. }
                if house.kitty_theft == crate::phases::KittyTheft::Allowed)
        })
        .collect();
    let (mut positions, mut varied, mut fell_back) = (0, 0, 0);
    for setup in &theft {
        for seed in 0..60u64 {
            let mut g = start(setup, seed + 3000, None);
            let mut rng = Rng::new(seed);
            // The deal mostly passed (few declarations: more steals), then random.
            while let Objects::Tractor(d, None, _) = &mut g {
                let pass = d.legal_actions(usize::MAX).contains(&Action::Pass);
                if pass && rng.below(100) > 0 {
                    d.act(&Action::Pass).unwrap();
                    settle(&mut g, setup);
                } else {
                    step(&mut g, setup, &mut rng);
                }
            }
            for _ in 0..rng.below(40) {
                step(&mut g, setup, &mut rng);
            }
            if !stolen(&g) {
                continue;
            }
            positions += 1;
            for seat in 0..4 {
                let samples: Vec<World> = (0..3)
                    .map(|k| sample_world(&real(&g, 0), setup, seat, false, k))
                    .collect();
                for w in &samples {
                    assert_eq!(seen(&w.objects, seat), seen(&g, seat), "{setup:?} {seed}");
                    assert_eq!(seen_history(&w.objects, seat), seen_history(&g, seat));
                    let again = replayed(w, setup);
                    assert_eq!(format!("{again:?}"), format!("{:?}", w.objects));
                }
                let dealt =
                    |w: &World| format!("{:?} {:?}", hands(&w.objects), history(&w.objects));
                varied += usize::from(dealt(&samples[0]) != dealt(&samples[1]));
                let real_deal = sample_world_tries(&real(&g, 0), setup, seat, false, 0, 0);
                fell_back += usize::from(samples[0].deck == real_deal.deck);
            }
        }
    }
    assert!(positions > 20, "{positions} positions with a stolen kitty");
    assert_eq!(fell_back, 0, "samples equal to the real-deal fallback");
    assert!(
        varied * 10 > positions * 4 * 9,
        "{varied} of {}",
        positions * 4
    );
}

#[test]
fn ff_22_the_worlds_vary_who_holds_an_unplayed_called_copy() {
    // FF-22: who holds a called copy stays hidden until it is played (FF-31): the worlds
    // sampled for a seat other than the declarer deal the copies it cannot see to several
    // seats, the calls and the friends found so far as they are.
    let mut varied = 0;
    for (_, play, known) in trick_positions(6) {
        let Some(watch) = play.friends() else {
            continue;
        };
        let seat = (watch.declarer() + 1) % play.num_players();
        let open: Vec<Card> = watch
            .calls()
            .iter()
            .zip(watch.filled())
            .filter(|(_, f)| f.is_none())
            .map(|(c, _)| c.card)
            .collect();
        if play.is_done() || open.is_empty() {
            continue;
        }
        let holders = |p: &TrickPlay| -> Vec<Vec<u8>> {
            let others = (0..p.num_players()).filter(|&s| s != seat);
            let per_card = |c: Card| others.clone().map(|s| p.hand(s).get(c)).collect();
            open.iter().map(|&c| per_card(c)).collect()
        };
        let sampler = super::TrickSampler::new(&play, seat, &known[seat]);
        let worlds: Vec<TrickPlay> = (0..8).map(|k| sampler.sample(k)).collect();
        for w in &worlds {
            assert_eq!(w.friends(), play.friends());
            assert_eq!(w.hand(seat), play.hand(seat));
        }
        if worlds.iter().any(|w| holders(w) != holders(&worlds[0])) {
            varied += 1;
        }
    }
    assert!(varied >= 5, "{varied}");
}

/// Whether a finished trick or the current one of `p` holds a bomb played on a lead of
/// four cards other than the lead itself (TRO-162).
fn bomb_followed(p: &TrickPlay) -> bool {
    let rules = p.rules();
    let bomb = |plays: &[Counts]| {
        let lead = rules.legal_lead_format(&plays[0]);
        plays[1..]
            .iter()
            .any(|c| lead.len == 4 && c.len() == 4 && c.first().is_some_and(|f| c.get(f) == 4))
    };
    p.tricks().iter().any(|t| {
        let plays: Vec<Counts> = t
            .plays
            .iter()
            .map(|x| Counts::from_cards(&x.cards))
            .collect();
        bomb(&plays)
    }) || {
        let plays: Vec<Counts> = p.trick_counts().map(|(_, c)| *c).collect();
        plays.len() > 1 && bomb(&plays)
    }
}

#[test]
fn tro_162_worlds_sampled_after_a_bomb_are_consistent_with_it() {
    // The seats play a bomb whenever one is legal, else at random: the samples after a
    // bomb show every seat what the real hand shows, are found without the real deal's
    // fallback, replay, and play on to the end.
    for setup in bomb_setups() {
        let mut checked = 0;
        for seed in 0..40u64 {
            let mut g = start(&setup, seed, None);
            let mut rng = Rng::new(seed_for(&[seed, 11]));
            loop {
                if let Objects::Tractor(_, _, Some(p)) = &mut g {
                    if bomb_followed(p) || p.is_done() {
                        break;
                    }
                    let seat = p.to_act().expect("a seat to act");
                    let bombs = p
                        .lead()
                        .map(|lead| p.rules().bombs_playable(p.hand(seat), lead))
                        .unwrap_or_default();
                    let bomb = bombs.first().and_then(|b| p.moves().position(b));
                    let pick = bomb.unwrap_or_else(|| rng.below(p.moves().count()));
                    p.apply_legal(pick).unwrap();
                    settle(&mut g, &setup);
                } else if !step(&mut g, &setup, &mut rng) {
                    break;
                }
            }
            let Objects::Tractor(_, _, Some(p)) = &g else {
                continue;
            };
            if !bomb_followed(p) {
                continue;
            }
            checked += 1;
            // The facts hold of the real hands: a bomb shows no more than it implies.
            for viewer in 0..4 {
                let facts = super::facts::PlayFacts::of(p, viewer);
                for seat in (0..4).filter(|&s| s != viewer) {
                    for (k, &cap) in facts.caps[seat].iter().enumerate() {
                        let held = p.hand(seat).0[k];
                        assert!(
                            held <= cap,
                            "{setup:?} {seed}: seat {seat} holds {held} > {cap}"
                        );
                    }
                }
            }
            for seat in 0..4 {
                // Never the real deal's fallback: the facts of a bomb leave worlds to find.
                let real = real(&g, 0);
                let w = sample_world_tries(&real, &setup, seat, false, seed, super::TRIES);
                let fallback = sample_world_tries(&real, &setup, seat, false, seed, 0);
                assert_ne!(w.deck, fallback.deck, "{setup:?} {seed} {seat}: fell back");
                assert_eq!(
                    seen(&w.objects, seat),
                    seen(&g, seat),
                    "{setup:?} {seed} {seat}"
                );
                let again = replayed(&w, &setup);
                assert_eq!(format!("{again:?}"), format!("{:?}", w.objects));
                let mut on = w.objects;
                play_to_end(&mut on, &setup, seed);
            }
        }
        assert!(
            checked >= 5,
            "{setup:?}: only {checked} positions with a bomb"
        );
    }
}
