//! The options a Fifty-K hand is played under: who leads after a player goes out
//! (FK-32) and how pure fifty-Ks compare with each other (FKO-10). The default is the
//! seeds' rules.

/// Who leads after a player goes out and their combination collects (FK-32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeadAfterOut {
    /// The next seat in play order still holding cards (default).
    #[default]
    Next,
    /// The partner, if still in (4 players); else the next seat.
    Partner,
}

impl LeadAfterOut {
    pub fn parse(text: &str) -> Result<LeadAfterOut, String> {
        match text {
            "next" => Ok(LeadAfterOut::Next),
            "partner" => Ok(LeadAfterOut::Partner),
            _ => Err(format!(
                "lead_after_out '{text}' is not one of next, partner (FK-32)"
            )),
        }
    }
}

/// FKO-10: how one pure fifty-K compares with another (FK-21 for the rest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PureOrder {
    /// FKO-11, FK-21: by suit, spades > hearts > clubs > diamonds.
    #[default]
    Suit,
    /// FKO-12: all equal: a pure fifty-K never beats another.
    Equal,
}

impl PureOrder {
    pub fn parse(text: &str) -> Result<PureOrder, String> {
        match text {
            "suit" => Ok(PureOrder::Suit),
            "equal" => Ok(PureOrder::Equal),
            _ => Err(format!(
                "pure_fifty_k_order '{text}' is not one of suit, equal (FKO-10)"
            )),
        }
    }
}

/// The options of one Fifty-K hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FkRules {
    pub lead_after_out: LeadAfterOut,
    pub pure_order: PureOrder,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fko_10_values_parse_and_a_bad_one_names_the_option() {
        assert_eq!(PureOrder::parse("suit"), Ok(PureOrder::Suit));
        assert_eq!(PureOrder::parse("equal"), Ok(PureOrder::Equal));
        assert_eq!(PureOrder::default(), PureOrder::Suit);
        let e = PureOrder::parse("rank").unwrap_err();
        assert_eq!(
            e,
            "pure_fifty_k_order 'rank' is not one of suit, equal (FKO-10)"
        );
        assert_eq!(LeadAfterOut::parse("partner"), Ok(LeadAfterOut::Partner));
        assert!(LeadAfterOut::parse("left").unwrap_err().contains("FK-32"));
    }
}
