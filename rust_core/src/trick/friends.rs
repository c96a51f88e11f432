//! Finding Friends' friends found in the play (FF-31..FF-33): the copies of each called
//! card counted as they are played, each call filled by the player whose play reaches
//! its ordinal, who joins the declarer's side then. Everything here follows from the
//! calls and the plays, which are public.

use crate::card::{Card, Counts};

/// FF-20: one friend card: the `ordinal`-th copy of `card` played in the hand (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FriendCard {
    pub ordinal: u8,
    pub card: Card,
}

/// FF-80: what a called copy reaching its ordinal does when played by the declarer's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DoubleJoin {
    /// FF-81, FF-32: it fills the call, which is spent and brings nobody new.
    #[default]
    Spent,
    /// FF-82: it does not fill the call; the next copy played by a player not on the
    /// side does, so no player fills two calls.
    PassesOn,
}

impl DoubleJoin {
    pub fn parse(text: &str) -> Result<DoubleJoin, String> {
        match text {
            "spent" => Ok(DoubleJoin::Spent),
            "passes_on" => Ok(DoubleJoin::PassesOn),
            _ => Err(format!(
                "double_join must be spent or passes_on (FF-80), not '{text}'"
            )),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            DoubleJoin::Spent => "spent",
            DoubleJoin::PassesOn => "passes_on",
        }
    }
}

/// FF-31..FF-33: the friends found as the play goes: the copies of each called card
/// counted as they are played, each call filled by the player reaching its ordinal (or,
/// under FF-82, the next player off the side to play a copy).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendWatch {
    players: usize,
    declarer: usize,
    double_join: DoubleJoin,
    calls: Vec<FriendCard>,
    /// The copies of each card played so far.
    played: Counts,
    /// Who filled each call (FF-31), in the order of the calls.
    filled: Vec<Option<usize>>,
    /// The declarer's side: the declarer, then the friends in the order they joined.
    side: Vec<usize>,
}

impl FriendWatch {
    pub fn new(players: usize, declarer: usize, calls: Vec<FriendCard>) -> FriendWatch {
        let filled = vec![None; calls.len()];
        FriendWatch {
            players,
            declarer,
            double_join: DoubleJoin::Spent,
            calls,
            played: Counts::default(),
            filled,
            side: vec![declarer],
        }
    }

    /// FF-31, FF-80: the order in which one play's copies reach the calls: the calls of
    /// one card by ordinal (its copies count in order), those of different cards in the
    /// order they were called.
    fn reach_order(&self) -> Vec<usize> {
        let first_of = |card| self.calls.iter().position(|c| c.card == card);
        let mut order: Vec<usize> = (0..self.calls.len()).collect();
        order.sort_by_key(|&i| (first_of(self.calls[i].card), self.calls[i].ordinal));
        order
    }

    /// The same watch under FF-80's `double_join`.
    pub fn with_double_join(self, double_join: DoubleJoin) -> FriendWatch {
        FriendWatch {
            double_join,
            ..self
        }
    }

    pub fn double_join(&self) -> DoubleJoin {
        self.double_join
    }

    pub fn calls(&self) -> &[FriendCard] {
        &self.calls
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn declarer(&self) -> usize {
        self.declarer
    }

    /// Who filled each call so far (FF-31, FF-32), in the order of the calls.
    pub fn filled(&self) -> &[Option<usize>] {
        &self.filled
    }

    /// FF-33: the declarer, then the friends revealed so far in the order they joined.
    pub fn side(&self) -> &[usize] {
        &self.side
    }

    /// The copies of `card` played so far (public: every play is).
    pub fn played(&self, card: Card) -> u8 {
        self.played.get(card)
    }

    /// FF-33: whether `seat` is on the declarer's side now.
    pub fn on_side(&self, seat: usize) -> bool {
        self.side.contains(&seat)
    }

    /// FF-33: the defenders now, in seat order.
    pub fn defenders(&self) -> Vec<usize> {
        (0..self.players).filter(|&s| !self.on_side(s)).collect()
    }

    /// FF-31..FF-33: whether `seat` is on the declarer's side as a seat may know it now
    /// (None: it cannot tell yet); `own` is `seat`'s hand when the seat asks of itself.
    /// Every seat knows the declarer and the friends revealed so far, and every side once
    /// no call is left to fill. Of itself a seat knows more from its hand: holding no copy
    /// of a call card left to fill, it defends for certain (only a called copy played
    /// joins); holding the copy a call reaches next, it joins by playing it (FF-31), or
    /// under FF-82 any copy of a call its ordinal passed. No other seat's cards are read.
    pub fn known_side(&self, seat: usize, own: Option<&Counts>) -> Option<bool> {
        if self.on_side(seat) {
            return Some(true);
        }
        let open: Vec<&FriendCard> = self
            .calls
            .iter()
            .zip(&self.filled)
            .filter(|(_, f)| f.is_none())
            .map(|(c, _)| c)
            .collect();
        if open.is_empty() {
            return Some(false);
        }
        let hand = own?;
        if open.iter().all(|c| hand.get(c.card) == 0) {
            return Some(false);
        }
        // FF-31: the copy that reaches the ordinal; FF-82: or any later one, the call open.
        let passes_on = self.double_join == DoubleJoin::PassesOn;
        let next = open.iter().any(|c| {
            let copy = self.played(c.card) + 1;
            hand.get(c.card) > 0 && (copy == c.ordinal || passes_on && copy > c.ordinal)
        });
        next.then_some(true)
    }

    /// FF-31, FF-32, FF-80: `seat` plays `cards`; fills every open call this play reaches
    /// (under FF-82 only while `seat` is off the side) and gives back the seat when it
    /// joins the declarer's side with it.
    pub fn observe(&mut self, seat: usize, cards: &Counts) -> Option<usize> {
        let mut joins = false;
        for i in self.reach_order() {
            let call = self.calls[i];
            let copies = cards.get(call.card);
            let open = self.filled[i].is_none() && copies > 0;
            if !open || call.ordinal > self.played.get(call.card) + copies {
                continue;
            }
            let member = joins || self.side.contains(&seat);
            if member && self.double_join == DoubleJoin::PassesOn {
                continue; // FF-82: the call waits for a player off the side
            }
            self.filled[i] = Some(seat);
            joins |= !member;
        }
        self.played.add_all(cards);
        if joins {
            self.side.push(seat);
        }
        joins.then_some(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::rng::Rng;

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    fn fc(ordinal: u8, card: &str) -> FriendCard {
        FriendCard {
            ordinal,
            card: parse_cards(card).unwrap()[0],
        }
    }

    #[test]
    fn ff_31_the_player_reaching_the_ordinal_joins_at_once() {
        let mut w = FriendWatch::new(6, 0, vec![fc(2, "As"), fc(1, "Kd")]);
        assert_eq!(
            w.observe(3, &counts("As")),
            None,
            "the 1st As fills nothing"
        );
        assert_eq!(w.observe(4, &counts("As 7s")), Some(4));
        assert_eq!(w.side(), [0, 4]);
        assert_eq!(
            w.observe(5, &counts("As")),
            None,
            "the 3rd As: spent already"
        );
        assert_eq!(w.observe(2, &counts("Kd")), Some(2));
        assert_eq!(w.side(), [0, 4, 2]);
        assert_eq!(w.defenders(), [1, 3, 5]);
        assert_eq!(w.filled(), [Some(4), Some(2)]);
    }

    #[test]
    fn ff_82_a_copy_played_by_the_side_passes_the_call_on() {
        let calls = vec![fc(2, "As"), fc(1, "Kd")];
        let mut w = FriendWatch::new(6, 0, calls).with_double_join(DoubleJoin::PassesOn);
        assert_eq!(w.observe(3, &counts("As")), None);
        assert_eq!(
            w.observe(0, &counts("As")),
            None,
            "the declarer's 2nd As passes on"
        );
        assert_eq!(w.filled(), [None, None]);
        assert_eq!(
            w.observe(4, &counts("As Kd")),
            Some(4),
            "the 3rd As fills it"
        );
        assert_eq!(
            w.filled(),
            [Some(4), None],
            "4 joined with it: its Kd passes on"
        );
        assert_eq!(w.observe(0, &counts("Kd")), None, "so does the declarer's");
        assert_eq!(
            w.observe(2, &counts("Kd")),
            Some(2),
            "the next Kd off the side"
        );
        assert_eq!(w.side(), [0, 4, 2]);
        // FF-81: under the default the declarer's copy spends the call.
        let mut w = FriendWatch::new(6, 0, vec![fc(1, "As")]);
        assert_eq!(w.observe(0, &counts("As")), None);
        assert_eq!((w.filled(), w.side()), (&[Some(0)][..], &[0][..]));
        assert_eq!(DoubleJoin::parse("passes_on"), Ok(DoubleJoin::PassesOn));
        assert!(DoubleJoin::parse("never").unwrap_err().contains("FF-80"));
    }

    #[test]
    fn ff_31_ff_82_one_play_reaches_the_calls_of_a_card_by_ordinal() {
        // Called 3rd before 2nd: seat 4's two copies are the 2nd and the 3rd As.
        let calls = vec![fc(3, "As"), fc(2, "As"), fc(1, "Kd")];
        for (join, filled) in [
            (DoubleJoin::Spent, [Some(4), Some(4), Some(4)]),
            (DoubleJoin::PassesOn, [None, Some(4), None]),
        ] {
            let mut w = FriendWatch::new(6, 0, calls.clone()).with_double_join(join);
            assert_eq!(w.observe(0, &counts("As")), None);
            assert_eq!(w.observe(4, &counts("As As Kd")), Some(4));
            assert_eq!(w.filled(), filled, "{join:?}");
        }
    }

    #[test]
    fn ff_31_copies_in_one_play_count_in_order() {
        let mut w = FriendWatch::new(6, 0, vec![fc(2, "As"), fc(3, "As")]);
        assert_eq!(w.observe(1, &counts("As")), None);
        assert_eq!(w.observe(3, &counts("As As")), Some(3));
        assert_eq!(w.filled(), [Some(3), Some(3)]);
        assert_eq!(
            w.side(),
            [0, 3],
            "one player filling two calls joins once (FF-32)"
        );
    }

    #[test]
    fn ff_32_the_declarer_or_a_friend_spends_a_call() {
        let mut w = FriendWatch::new(5, 2, vec![fc(1, "Ah"), fc(1, "Kh")]);
        assert_eq!(w.observe(2, &counts("Ah")), None, "the declarer's own copy");
        assert_eq!(w.filled(), [Some(2), None]);
        assert_eq!(
            w.observe(4, &counts("Ah")),
            None,
            "the 2nd Ah is not called"
        );
        assert_eq!(w.observe(4, &counts("Kh")), Some(4));
        assert_eq!(w.side(), [2, 4]);
    }

    #[test]
    fn ff_31_ff_33_random_plays_keep_the_sides_consistent() {
        let cards = parse_cards("As Kd 7c").unwrap();
        for seed in 0..500u64 {
            let mut rng = Rng::new(seed);
            let players = 4 + rng.below(5) as usize;
            let declarer = rng.below(players as u64) as usize;
            let k = 1 + rng.below(players as u64 - 2) as usize;
            // A few cards only, so that the calls are often reached.
            let pool = &cards[..3];
            let mut calls = Vec::new();
            while calls.len() < k {
                let c = FriendCard {
                    ordinal: 1 + rng.below(3) as u8,
                    card: pool[rng.below(3) as usize],
                };
                if !calls.contains(&c) {
                    calls.push(c);
                }
            }
            let mut w = FriendWatch::new(players, declarer, calls.clone());
            let mut played = Counts::default();
            let mut plays = Vec::new();
            for _ in 0..12 {
                let seat = rng.below(players as u64) as usize;
                let mut play = Counts::default();
                play.add(pool[rng.below(3) as usize], 1 + rng.below(2) as u8);
                let side_before = w.side().to_vec();
                let joined = w.observe(seat, &play);
                plays.push((seat, play));
                played.add_all(&play);
                // FF-31: joins only a seat not on the side, once, by this play.
                if let Some(s) = joined {
                    assert!(s == seat && !side_before.contains(&s), "seed {seed}");
                }
                assert_eq!(
                    w.side().len(),
                    side_before.len() + joined.is_some() as usize
                );
                assert!(w.side().len() <= k + 1, "seed {seed}");
                assert_eq!(w.side()[0], declarer);
            }
            // FF-31 from the definition: call i is filled by the player of its
            // ordinal-th copy, counting the copies of every play in order.
            for (i, c) in calls.iter().enumerate() {
                let mut count = 0;
                let mut filler = None;
                for (seat, play) in &plays {
                    count += play.get(c.card);
                    if filler.is_none() && count >= c.ordinal {
                        filler = Some(*seat);
                    }
                }
                assert_eq!(w.filled()[i], filler, "seed {seed} call {i}");
            }
            // FF-32, FF-33: the side is the declarer and every other filler.
            let mut fillers: Vec<usize> = w.filled().iter().flatten().copied().collect();
            fillers.retain(|&s| s != declarer);
            fillers.sort_unstable();
            fillers.dedup();
            let mut friends = w.side()[1..].to_vec();
            friends.sort_unstable();
            assert_eq!(friends, fillers, "seed {seed}");
        }
    }
}
