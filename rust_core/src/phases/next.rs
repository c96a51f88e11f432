//! How each phase object is made from the one before it: the burial once a deal (or
//! the bidding) has named the declarer and trump (C-4), the friend call after a Red
//! Five 5p burial (R5-20) or Finding Friends' calls (FF-20), and the play after the
//! burial or the calls (TR-21, R4-30, R5-30, FF-30: the declarer leads).

use std::sync::Arc;

use crate::card::Counts;
use crate::trick::{DoubleJoin, TrickPlay, TrickRules};

use super::{
    Burial, FriendCall, FriendCalls, FriendRestriction, KittyTheft, Phase, RedFive4pBidding,
    RedFive5pDeal, TractorDeal,
};

/// C-4: the declarer's burial, once `rules` and `declarer` are known.
fn burial_of(
    rules: Option<&Arc<TrickRules>>,
    hands: &[Counts],
    declarer: Option<usize>,
    size: usize,
) -> Result<Burial, String> {
    match (rules, declarer) {
        (Some(r), Some(d)) => Burial::new(r.clone(), hands.to_vec(), d, size),
        _ => Err("the kitty is not taken up yet".into()),
    }
}

/// The burial after a deal that ended with `ended` (the declarer and the rules).
fn after_deal(
    ended: Option<(usize, &Arc<TrickRules>)>,
    hands: &[Counts],
    size: usize,
) -> Result<Burial, String> {
    burial_of(ended.map(|(_, r)| r), hands, ended.map(|(d, _)| d), size)
}

impl TractorDeal {
    /// TR-14: the dealer's burial, once declaring ended, under the hand's house rules
    /// (TRO-112: its kitty open to theft); FF-14: Finding Friends' declarer's, friend
    /// calls to come.
    pub fn burial(&self) -> Result<Burial, String> {
        let burial = after_deal(self.outcome(), self.hands(), self.kitty_size())?;
        let burial = burial.with_house(self.house());
        Ok(if self.is_finding_friends() {
            burial.before_friends()
        } else if self.house().kitty_theft == KittyTheft::Allowed {
            burial.with_theft(self.level(), self.standing().cloned())
        } else {
            burial
        })
    }
}

impl RedFive5pDeal {
    /// R5-14: the declarer's burial, once the deal ended.
    pub fn burial(&self) -> Result<Burial, String> {
        after_deal(self.outcome(), self.hands(), self.kitty_size())
    }
}

impl RedFive4pBidding {
    /// R4-21: the declarer's burial, once trump is named.
    pub fn burial(&self) -> Result<Burial, String> {
        burial_of(
            self.rules(),
            self.hands(),
            self.declarer().map(|(d, _)| d),
            self.kitty_size(),
        )
    }
}

impl Burial {
    /// R5-20: the Red Five 5p friend call after the burial.
    pub fn friend_call(&self, forbid_grab: bool) -> Result<FriendCall, String> {
        let buried = self.buried().ok_or("nothing is buried yet")?;
        FriendCall::new(
            self.rules().clone(),
            self.hands().to_vec(),
            self.declarer(),
            buried,
            forbid_grab,
        )
    }

    /// FF-20: Finding Friends' calls after the burial: `friends` of them, under FF-60's
    /// `restriction`; FF-80's `double_join` for the play's reveals.
    pub fn friend_calls(
        &self,
        friends: usize,
        restriction: FriendRestriction,
        double_join: DoubleJoin,
    ) -> Result<FriendCalls, String> {
        let buried = self.buried().ok_or("nothing is buried yet")?;
        FriendCalls::new(
            self.rules().clone(),
            self.hands().to_vec(),
            self.declarer(),
            buried,
            friends,
            restriction,
            double_join,
        )
    }

    /// The play after the burial, the declarer leading (TR-21, R4-30); Finding Friends'
    /// comes after the friend calls (FF-20).
    pub fn start_play(&self) -> Result<TrickPlay, String> {
        if self.buried().is_none() {
            return Err("nothing is buried yet".into());
        }
        if self.to_act().is_some() {
            return Err("the kitty may still be stolen (TRO-112)".into());
        }
        if self.friends_next() {
            return Err("the friends are called before the play (FF-20)".into());
        }
        TrickPlay::new(self.rules().clone(), self.hands().to_vec(), self.declarer())
    }
}

impl FriendCall {
    /// R5-30: the play after the call, the declarer leading, the call set.
    pub fn start_play(&self) -> Result<TrickPlay, String> {
        if self.to_act().is_some() {
            return Err("the call is not made yet".into());
        }
        let mut play =
            TrickPlay::new(self.rules().clone(), self.hands().to_vec(), self.declarer())?;
        if let Some(call) = self.play_call() {
            play.set_call(call)?;
        }
        Ok(play)
    }
}

impl FriendCalls {
    /// FF-30: the play after the calls, the declarer leading, watching the calls (FF-31).
    pub fn start_play(&self) -> Result<TrickPlay, String> {
        let watch = self.watch().ok_or("the friends are not called yet")?;
        let mut play =
            TrickPlay::new(self.rules().clone(), self.hands().to_vec(), self.declarer())?;
        play.set_friends(watch).map_err(String::from)?;
        Ok(play)
    }
}
