//! The trick rules shared by the hands played under them: every hand of one trump, level
//! and options holds the same `Arc` (made once per thread), so that many hands in flight
//! (a vector environment's) keep one copy of the ~1 kB tables in cache, not one each.

use std::cell::RefCell;
use std::sync::Arc;

use crate::card::{Rank, Suit};

use super::order::{Options, RulesError, TrickRules, Variant};

type Key = (Variant, Option<Suit>, Rank, Options);

/// Rule sets each thread keeps, the latest made: a configuration needs at most five
/// (four trump suits and no-trump).
const KEPT: usize = 16;

thread_local! {
    static MADE: RefCell<Vec<(Key, Arc<TrickRules>)>> = const { RefCell::new(Vec::new()) };
}

impl TrickRules {
    /// [`TrickRules::new`], shared: the same rules (one `Arc`) for the same arguments on
    /// this thread, while they are among the last [`KEPT`] made.
    pub fn shared(
        variant: Variant,
        trump: Option<Suit>,
        level_rank: Rank,
        opts: Options,
    ) -> Result<Arc<TrickRules>, RulesError> {
        let key = (variant, trump, level_rank, opts);
        MADE.with_borrow_mut(|made| {
            if let Some((_, rules)) = made.iter().find(|(k, _)| *k == key) {
                return Ok(Arc::clone(rules));
            }
            let rules = Arc::new(TrickRules::new(variant, trump, level_rank, opts)?);
            if made.len() == KEPT {
                made.remove(0);
            }
            made.push((key, Arc::clone(&rules)));
            Ok(rules)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_arguments_share_the_rules_new_makes() {
        let v = Variant::Tractor;
        let opts = Options::defaults(v);
        let made = |trump| TrickRules::shared(v, trump, Rank::TWO, opts).unwrap();
        let hearts = made(Some(Suit::HEARTS));
        assert!(Arc::ptr_eq(&hearts, &made(Some(Suit::HEARTS))));
        assert!(!Arc::ptr_eq(&hearts, &made(None)));
        let fresh = TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, opts).unwrap();
        assert_eq!(format!("{hearts:?}"), format!("{fresh:?}"));
        // More configurations than are kept: each still gets its own rules.
        for level in 0..13 {
            let rank = Rank(level);
            for trump in [None, Some(Suit::SPADES)] {
                let rules = TrickRules::shared(v, trump, rank, opts).unwrap();
                assert_eq!((rules.trump, rules.level_rank), (trump, rank));
            }
        }
        let mut bad = opts;
        bad.decks = 5;
        assert!(TrickRules::shared(v, None, Rank::TWO, bad).is_err());
    }
}
