//! Finding Friends' friend calls (FF-20..FF-23, FF-60..FF-62): after burying, the
//! declarer names friend cards by ordinal (`call 2nd As`); the play then watches for
//! them ([`FriendWatch`], FF-31..FF-33).

use std::sync::Arc;

use crate::card::{Card, Counts, Rank, Suit, BJ, LJ};
use crate::error::{ActionError, ErrorKind};
use crate::trick::{DoubleJoin, FriendCard, FriendWatch, TrickRules};

use super::action::{ordinal, parse_action};
use super::{Action, Phase};

/// FF-60: which cards the declarer may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FriendRestriction {
    /// FF-61: any card.
    None,
    /// FF-62: no trump (a level card, a joker or a card of the trump suit).
    NoTrumps,
    /// FF-63: no trump, and not the highest card of a suit (its A, or its K at level A).
    NoHighest,
    /// FF-64: no trump, and no point card (a 5, 10 or K).
    NoPoints,
}

impl FriendRestriction {
    pub fn parse(text: &str) -> Result<FriendRestriction, String> {
        match text {
            "none" => Ok(FriendRestriction::None),
            "no_trumps" => Ok(FriendRestriction::NoTrumps),
            "no_highest" => Ok(FriendRestriction::NoHighest),
            "no_points" => Ok(FriendRestriction::NoPoints),
            _ => Err(format!(
                "friend_restrictions must be none, no_trumps, no_highest or no_points (FF-60), \
                 not '{text}'"
            )),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            FriendRestriction::None => "none",
            FriendRestriction::NoTrumps => "no_trumps",
            FriendRestriction::NoHighest => "no_highest",
            FriendRestriction::NoPoints => "no_points",
        }
    }

    /// FF-62..FF-64: why `card` may not be called under this restriction with the hand's
    /// `rules`, as (rule id, reason), or None. Every restriction forbids trumps.
    fn refuses(self, card: Card, rules: &TrickRules) -> Option<(&'static str, String)> {
        let rule = match self {
            FriendRestriction::None => return None,
            FriendRestriction::NoTrumps => "FF-62",
            FriendRestriction::NoHighest => "FF-63",
            FriendRestriction::NoPoints => "FF-64",
        };
        let id = self.id();
        let why = if rules.is_trump(card) {
            "a trump"
        } else if self == FriendRestriction::NoHighest
            && card.rank() == Some(highest_rank(rules.level_rank))
        {
            "the highest card of its suit"
        } else if self == FriendRestriction::NoPoints && card.points() > 0 {
            "a point card"
        } else {
            return None;
        };
        Some((
            rule,
            format!("{card} is {why}, which friend_restrictions {id} forbids"),
        ))
    }
}

/// FF-63: the highest rank of a plain suit: A, or K when A is the level (level cards are
/// trumps).
fn highest_rank(level: Rank) -> Rank {
    if level == Rank::ACE {
        Rank::KING
    } else {
        Rank::ACE
    }
}

/// Every card in the order the calls list them: the suited cards from the ace down,
/// each rank in suit order, then `BJ` and `LJ`.
fn call_order() -> impl Iterator<Item = Card> {
    (0..13u8)
        .rev()
        .flat_map(|r| Suit::ALL.into_iter().map(move |s| Card::new(Rank(r), s)))
        .chain([BJ, LJ])
}

/// The friend calls of one Finding Friends hand (FF-20..FF-23): the declarer acts once
/// per friend.
#[derive(Clone, Debug)]
pub struct FriendCalls {
    rules: Arc<TrickRules>,
    hands: Vec<Counts>,
    declarer: usize,
    buried: Counts,
    friends: usize,
    restriction: FriendRestriction,
    double_join: DoubleJoin,
    calls: Vec<FriendCard>,
    /// Every applied action in order, canonical.
    log: Vec<(usize, Action)>,
}

impl FriendCalls {
    /// `hands` after the burial; `friends` how many to call (FF-20: 1 to players − 2).
    pub fn new(
        rules: impl Into<Arc<TrickRules>>,
        hands: Vec<Counts>,
        declarer: usize,
        buried: &[Card],
        friends: usize,
        restriction: FriendRestriction,
        double_join: DoubleJoin,
    ) -> Result<FriendCalls, String> {
        let n = hands.len();
        if declarer >= n {
            return Err(format!("declarer {declarer} is not a seat of {n}"));
        }
        if friends == 0 || friends + 2 > n {
            return Err(format!(
                "friends must be 1 to {} with {n} players (FF-20), not {friends}",
                n.saturating_sub(2)
            ));
        }
        Ok(FriendCalls {
            rules: rules.into(),
            hands,
            declarer,
            buried: Counts::from_cards(buried),
            friends,
            restriction,
            double_join,
            calls: Vec::with_capacity(friends),
            log: Vec::with_capacity(friends),
        })
    }

    pub fn rules(&self) -> &Arc<TrickRules> {
        &self.rules
    }

    pub fn declarer(&self) -> usize {
        self.declarer
    }

    pub fn hands(&self) -> &[Counts] {
        &self.hands
    }

    pub fn buried(&self) -> &Counts {
        &self.buried
    }

    pub fn friends(&self) -> usize {
        self.friends
    }

    pub fn restriction(&self) -> FriendRestriction {
        self.restriction
    }

    pub fn double_join(&self) -> DoubleJoin {
        self.double_join
    }

    /// The calls made so far, in order (FF-22: public).
    pub fn calls(&self) -> &[FriendCard] {
        &self.calls
    }

    fn decks(&self) -> u8 {
        self.rules.opts.decks
    }

    /// Why `call` may not be made now (None when it may): FF-20's ordinal and repeat,
    /// FF-21's restriction.
    pub fn call_error(&self, call: FriendCard) -> Option<ActionError> {
        let FriendCard { ordinal: n, card } = call;
        let decks = self.decks();
        if !(1..=decks).contains(&n) {
            return Some(ActionError::breaks(
                "FF-20",
                format!(
                    "the ordinal is 1st to {} with {decks} decks (FF-20), not {}",
                    ordinal(decks),
                    ordinal(n)
                ),
            ));
        }
        if self.calls.contains(&call) {
            return Some(ActionError::breaks(
                "FF-20",
                format!("the {} {card} is called already (FF-20)", ordinal(n)),
            ));
        }
        self.restriction
            .refuses(card, &self.rules)
            .map(|(rule, why)| ActionError::breaks(rule, format!("{why} ({rule})")))
    }

    /// The calls the declarer may make now, in the order legal actions list them: by
    /// ordinal, then [`call_order`].
    fn allowed(&self) -> impl Iterator<Item = FriendCard> + '_ {
        (1..=self.decks())
            .flat_map(|ordinal| call_order().map(move |card| FriendCard { ordinal, card }))
            .filter(|&c| self.call_error(c).is_none())
    }

    /// FF-31: the reveal the play watches, once every call is made.
    pub fn watch(&self) -> Option<FriendWatch> {
        (self.calls.len() == self.friends).then(|| {
            FriendWatch::new(self.hands.len(), self.declarer, self.calls.clone())
                .with_double_join(self.double_join)
        })
    }
}

impl Phase for FriendCalls {
    fn num_players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<usize> {
        (self.calls.len() < self.friends).then_some(self.declarer)
    }

    fn num_legal(&self) -> u64 {
        if self.to_act().is_none() {
            return 0;
        }
        self.allowed().count() as u64
    }

    fn legal_action(&self, index: u64) -> Option<Action> {
        self.to_act()?;
        self.allowed()
            .nth(index as usize)
            .map(|c| Action::CallFriend(c.ordinal, c.card))
    }

    fn legal_actions(&self, limit: usize) -> Vec<Action> {
        if self.to_act().is_none() {
            return Vec::new();
        }
        self.allowed()
            .take(limit)
            .map(|c| Action::CallFriend(c.ordinal, c.card))
            .collect()
    }

    fn log(&self) -> &[(usize, Action)] {
        &self.log
    }

    /// FF-20: a call whose ordinal is no ordinal is told the ordinals this table has.
    fn parse_text(&self, text: &str) -> Result<Action, ActionError> {
        parse_action(text).map_err(|e| match (e.kind, e.rule, text.split_whitespace().nth(1)) {
            (ErrorKind::Malformed, Some("FF-20"), Some(word)) => {
                let decks = self.decks();
                ActionError::malformed_by(
                    "FF-20",
                    format!(
                        "'{word}' is not an ordinal: the ordinal is 1st to {} with {decks} \
                         decks (FF-20)",
                        ordinal(decks)
                    ),
                )
            }
            _ => e,
        })
    }

    fn log_mut(&mut self) -> &mut Vec<(usize, Action)> {
        &mut self.log
    }

    fn checked(&mut self, action: &Action) -> Result<Action, ActionError> {
        if self.to_act().is_none() {
            return Err(ActionError::game_over("the friends are called"));
        }
        let call = match action {
            Action::CallFriend(ordinal, card) => FriendCard {
                ordinal: *ordinal,
                card: *card,
            },
            _ => return Err(ActionError::illegal(
                "the declarer calls a friend card now, by ordinal: 'call 1st As', 'call 2nd Kh', …",
            )),
        };
        if let Some(e) = self.call_error(call) {
            return Err(e);
        }
        self.calls.push(call);
        Ok(action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::error::ErrorKind;
    use crate::phases::parse_action;
    use crate::rng::Rng;
    use crate::trick::{Options, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn rules(decks: u8) -> TrickRules {
        let v = Variant::Tractor;
        let opts = Options {
            decks,
            ..Options::defaults(v)
        };
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, opts).unwrap()
    }

    fn calls(players: usize, friends: usize, restriction: FriendRestriction) -> FriendCalls {
        let hands = (0..players).map(|_| counts("7c")).collect();
        FriendCalls::new(
            rules(3),
            hands,
            1,
            &[],
            friends,
            restriction,
            DoubleJoin::Spent,
        )
        .unwrap()
    }

    fn call(f: &mut FriendCalls, text: &str) -> Result<Action, ActionError> {
        f.act(&parse_action(text).unwrap())
    }

    #[test]
    fn ff_20_a_call_whose_ordinal_is_no_ordinal_is_told_the_tables_ordinals() {
        let mut f = calls(6, 2, FriendRestriction::NoTrumps);
        let e = f.apply_text(1, "call 0th As").unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Malformed, Some("FF-20")));
        assert_eq!(
            e.message,
            "'0th' is not an ordinal: the ordinal is 1st to 3rd with 3 decks (FF-20)"
        );
        assert_eq!(f.calls(), []);
    }

    #[test]
    fn ff_20_one_call_per_friend_by_the_declarer() {
        let mut f = calls(6, 2, FriendRestriction::NoTrumps);
        assert_eq!(f.to_act(), Some(1));
        assert!(f.watch().is_none());
        call(&mut f, "call 2nd As").unwrap();
        assert_eq!(f.to_act(), Some(1));
        call(&mut f, "call 1st As").unwrap();
        assert_eq!((f.to_act(), f.num_legal()), (None, 0));
        assert_eq!(f.legal_actions(10), []);
        let e = call(&mut f, "call 1st Kc").unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::GameOver, None));
        let w = f.watch().unwrap();
        assert_eq!(
            w.calls(),
            [
                FriendCard {
                    ordinal: 2,
                    card: Card::new(Rank::ACE, Suit::SPADES)
                },
                FriendCard {
                    ordinal: 1,
                    card: Card::new(Rank::ACE, Suit::SPADES)
                }
            ]
        );
        assert_eq!(f.log().len(), 2);
    }

    #[test]
    fn ff_20_the_ordinal_is_at_most_the_decks_and_a_call_is_made_once() {
        let mut f = calls(6, 2, FriendRestriction::None);
        let e = call(&mut f, "call 4th As").unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-20")));
        assert_eq!(
            e.to_string(),
            "the ordinal is 1st to 3rd with 3 decks (FF-20), not 4th"
        );
        call(&mut f, "call 3rd As").unwrap();
        let e = call(&mut f, "call 3rd As").unwrap_err();
        assert_eq!(e.to_string(), "the 3rd As is called already (FF-20)");
        let e = call(&mut f, "call As").unwrap_err();
        assert_eq!(e.kind_rule(), (ErrorKind::Illegal, None));
        assert_eq!(f.calls().len(), 1, "a refused call changes nothing");
    }

    #[test]
    fn ff_62_no_trumps_forbids_level_cards_jokers_and_the_trump_suit() {
        let mut f = calls(6, 2, FriendRestriction::NoTrumps);
        for text in ["call 1st 2s", "call 1st BJ", "call 1st LJ", "call 2nd Ah"] {
            let e = call(&mut f, text).unwrap_err();
            assert_eq!(e.kind_rule(), (ErrorKind::Illegal, Some("FF-62")), "{text}");
        }
        // FF-61: any card.
        let mut f = calls(6, 2, FriendRestriction::None);
        call(&mut f, "call 1st BJ").unwrap();
        call(&mut f, "call 1st 2s").unwrap();
    }

    #[test]
    fn ff_20_ff_60_legal_actions_are_every_allowed_call_in_order() {
        let f = calls(6, 2, FriendRestriction::NoTrumps);
        let texts: Vec<String> = f
            .legal_actions(1000)
            .iter()
            .map(|a| a.to_string())
            .collect();
        // 3 ordinals × (39 suited cards off the trump suit, less the 3 off-suit 2s).
        assert_eq!(texts.len(), 3 * 36);
        assert_eq!(f.num_legal(), 108);
        assert_eq!(
            texts[..4],
            ["call 1st As", "call 1st Ac", "call 1st Ad", "call 1st Ks"]
        );
        assert_eq!(texts[36], "call 2nd As");
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(f.legal_action(i as u64).unwrap().to_string(), *t);
            assert!(f.clone().act(&parse_action(t).unwrap()).is_ok(), "{t}");
        }
        assert!(f.legal_action(108).is_none());
        let f = calls(6, 2, FriendRestriction::None);
        assert_eq!(f.num_legal(), 3 * 54);
    }

    #[test]
    fn ff_20_friends_and_declarer_are_checked() {
        let hands = vec![Counts::default(); 4];
        let made = |declarer, friends| {
            FriendCalls::new(
                rules(2),
                hands.clone(),
                declarer,
                &[],
                friends,
                FriendRestriction::None,
                DoubleJoin::Spent,
            )
        };
        assert!(made(0, 2).is_ok());
        assert_eq!(
            made(0, 3).unwrap_err(),
            "friends must be 1 to 2 with 4 players (FF-20), not 3"
        );
        assert!(made(0, 0).is_err());
        assert_eq!(made(4, 1).unwrap_err(), "declarer 4 is not a seat of 4");
        assert_eq!(
            FriendRestriction::parse("x").unwrap_err(),
            "friend_restrictions must be none, no_trumps, no_highest or no_points (FF-60), \
             not 'x'"
        );
        for r in [
            FriendRestriction::None,
            FriendRestriction::NoTrumps,
            FriendRestriction::NoHighest,
            FriendRestriction::NoPoints,
        ] {
            assert_eq!(FriendRestriction::parse(r.id()), Ok(r));
        }
    }

    /// FF-1..FF-33 end to end: random hands of every table, dealt, buried, called and
    /// played in the core, keep every card and find the side the calls define.
    #[test]
    fn ff_random_hands_keep_the_cards_and_find_the_called_side() {
        use crate::phases::TractorDeal;
        use crate::trick::FollowFormat;
        let mut found = 0;
        for seed in 0..24u64 {
            let mut rng = Rng::new(seed);
            let players = 4 + (seed as usize % 5);
            let decks = 2 + (seed % 2) as u8;
            let levels = vec![Rank::TWO; players];
            let mut deal = TractorDeal::finding_friends(
                seed,
                None,
                None,
                levels,
                None,
                decks,
                FollowFormat::Pairs,
            )
            .unwrap();
            while deal.to_act().is_some() {
                deal.apply_legal(rng.below(deal.num_legal())).unwrap();
            }
            let mut burial = deal.burial().unwrap();
            burial.apply_legal(rng.below(burial.num_legal())).unwrap();
            let friends = players / 2 - 1;
            let restriction =
                [FriendRestriction::None, FriendRestriction::NoTrumps][seed as usize % 2];
            let mut calls = burial
                .friend_calls(friends, restriction, DoubleJoin::Spent)
                .unwrap();
            assert!(calls.start_play().is_err(), "the calls come first (FF-20)");
            while calls.to_act().is_some() {
                calls.apply_legal(rng.below(calls.num_legal())).unwrap();
            }
            let mut play = calls.start_play().unwrap();
            let declarer = calls.declarer();
            assert_eq!(play.to_act(), Some(declarer), "FF-30: the declarer leads");
            let mut joined = Vec::new();
            while play.to_act().is_some() {
                let n = play.moves().count();
                let out = play.apply_legal(rng.below(n)).unwrap();
                joined.extend(out.friend_revealed.map(|(s, _)| s));
            }
            let watch = play.friends().unwrap();
            assert_eq!(watch.side()[1..], joined[..], "seed {seed}");
            assert!(watch.side().len() <= friends + 1);
            found += joined.len();
            // Every card is in a trick or buried (C-61).
            let mut whole = *play.finished_cards();
            whole.add_all(&Counts::from_cards(burial.buried().unwrap()));
            assert_eq!(whole.len(), 54 * decks as usize, "seed {seed}");
            // FF-31, FF-32: each call is filled by the player of its ordinal-th copy.
            for (i, c) in watch.calls().iter().enumerate() {
                let mut count = 0;
                let mut filler = None;
                for t in play.tricks() {
                    for p in &t.plays {
                        count += p.cards.iter().filter(|&&x| x == c.card).count();
                        if filler.is_none() && count >= c.ordinal as usize {
                            filler = Some(p.seat);
                        }
                    }
                }
                assert_eq!(watch.filled()[i], filler, "seed {seed} call {i}");
                if restriction == FriendRestriction::NoTrumps {
                    assert!(!calls.rules().is_trump(c.card));
                }
            }
        }
        assert!(found > 0, "random hands find friends");
    }
}
