//! Variants, options and the strength order of the trick-taking core (C-10..C-13).
//!
//! A [`TrickRules`] precomputes, for every card, its effective suit and its *level*
//! (C-13) inside that suit, so that every later question is a table look-up.

use std::fmt;

use crate::card::{Card, Counts, Rank, Suit, BJ, LJ, NUM_CARDS};

use super::cards::PlayCards;

/// The effective suit of every trump card (C-10); plain suits are 0..3.
pub const TRUMP: u8 = 4;

/// The most levels an effective suit has (Red Five's trumps: 18).
pub(crate) const MAX_LEVELS: usize = 18;

/// A rules error: bad options, a bad lead, or cards the game cannot have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

pub(crate) fn err<T>(msg: impl Into<String>) -> Result<T, RulesError> {
    Err(RulesError(msg.into()))
}

/// The three trick-taking variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    RedFive4p,
    RedFive5p,
    Tractor,
}

impl Variant {
    pub fn parse(text: &str) -> Result<Variant, RulesError> {
        match text {
            "red_five_4p" => Ok(Variant::RedFive4p),
            "red_five_5p" => Ok(Variant::RedFive5p),
            "tractor" => Ok(Variant::Tractor),
            _ => err(format!(
                "unknown trick-taking variant '{text}': expected red_five_4p, red_five_5p or tractor"
            )),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Variant::RedFive4p => "red_five_4p",
            Variant::RedFive5p => "red_five_5p",
            Variant::Tractor => "tractor",
        }
    }

    fn is_red_five(self) -> bool {
        self != Variant::Tractor
    }
}

/// What a follower with enough cards of the led suit must match (C-31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FollowFormat {
    Exact,
    Pairs,
    Full,
    Off,
}

impl FollowFormat {
    pub fn parse(text: &str) -> Result<FollowFormat, RulesError> {
        match text {
            "exact" => Ok(FollowFormat::Exact),
            "pairs" => Ok(FollowFormat::Pairs),
            "full" => Ok(FollowFormat::Full),
            "off" => Ok(FollowFormat::Off),
            _ => err(format!(
                "follow_format '{text}' is not one of exact, pairs, full, off"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FollowFormat::Exact => "exact",
            FollowFormat::Pairs => "pairs",
            FollowFormat::Full => "full",
            FollowFormat::Off => "off",
        }
    }
}

/// Which held combinations a lead of another kind cannot draw out (TRO-10): the part of
/// the follower's hand that supplies C-31's pairs and shapes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FollowProtect {
    /// TRO-11: every combination supplies (the seeds' rules).
    #[default]
    None,
    /// TRO-12: a triple need not be broken to supply a pair.
    Tuples,
    /// TRO-13: only a tractor draws out a tractor.
    Tractors,
    /// TRO-14: both.
    TuplesAndTractors,
}

impl FollowProtect {
    pub fn parse(text: &str) -> Result<FollowProtect, RulesError> {
        match text {
            "none" => Ok(FollowProtect::None),
            "tuples" => Ok(FollowProtect::Tuples),
            "tractors" => Ok(FollowProtect::Tractors),
            "tuples_and_tractors" => Ok(FollowProtect::TuplesAndTractors),
            _ => err(format!(
                "follow_protect '{text}' is not one of none, tuples, tractors, \
                 tuples_and_tractors (TRO-10)"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FollowProtect::None => "none",
            FollowProtect::Tuples => "tuples",
            FollowProtect::Tractors => "tractors",
            FollowProtect::TuplesAndTractors => "tuples_and_tractors",
        }
    }

    /// TRO-12: triples are kept from pair obligations.
    pub fn tuples(self) -> bool {
        matches!(
            self,
            FollowProtect::Tuples | FollowProtect::TuplesAndTractors
        )
    }

    /// TRO-13: tractors are kept from obligations of leads without a tractor.
    pub fn tractors(self) -> bool {
        matches!(
            self,
            FollowProtect::Tractors | FollowProtect::TuplesAndTractors
        )
    }
}

/// How a play that follows a throw in its format is judged against the winner so far
/// (TRO-50): the key of C-41, the play's highest card, or each of its units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThrowJudgement {
    /// TRO-51, C-41: the highest of the largest units (the highest-priority kind).
    #[default]
    LargestUnit,
    /// TRO-52: the highest card of the play, whatever unit it is in.
    HighestCard,
    /// TRO-53: each unit of the play beats the winner's unit of its shape and place.
    EveryUnit,
}

impl ThrowJudgement {
    pub fn parse(text: &str) -> Result<ThrowJudgement, RulesError> {
        match text {
            "largest_unit" => Ok(ThrowJudgement::LargestUnit),
            "highest_card" => Ok(ThrowJudgement::HighestCard),
            "every_unit" => Ok(ThrowJudgement::EveryUnit),
            _ => err(format!(
                "throw_judgement '{text}' is not one of largest_unit, highest_card, \
                 every_unit (TRO-50)"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ThrowJudgement::LargestUnit => "largest_unit",
            ThrowJudgement::HighestCard => "highest_card",
            ThrowJudgement::EveryUnit => "every_unit",
        }
    }
}

/// Whether four identical cards are a bomb played on any four-card lead and beating
/// every other play (TRO-160), and which bombs a follower may play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bombs {
    /// TRO-161: no bombs; four identical cards are a quadruple (TRO-124).
    #[default]
    None,
    /// TRO-163: any bomb held.
    AnySuit,
    /// TRO-164: a bomb of the led suit or of trumps; of another plain suit only when void
    /// in the led suit.
    SuitFollowing,
}

impl Bombs {
    pub fn parse(text: &str) -> Result<Bombs, RulesError> {
        match text {
            "none" => Ok(Bombs::None),
            "any_suit" => Ok(Bombs::AnySuit),
            "suit_following" => Ok(Bombs::SuitFollowing),
            _ => err(format!(
                "bombs '{text}' is not one of none, any_suit, suit_following (TRO-160)"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bombs::None => "none",
            Bombs::AnySuit => "any_suit",
            Bombs::SuitFollowing => "suit_following",
        }
    }
}

/// The variant options of the trick core; [`Options::defaults`] gives each variant's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub decks: u8,
    /// How many of the decks are played without their two jokers (TRO-130); 0 in every
    /// variant's defaults.
    pub jokerless: u8,
    pub follow_format: FollowFormat,
    /// TRO-10; `None` in every variant's defaults.
    pub follow_protect: FollowProtect,
    /// TRO-50; `LargestUnit` (C-41) in every variant's defaults.
    pub throw_judgement: ThrowJudgement,
    /// TRO-160; `None` in every variant's defaults.
    pub bombs: Bombs,
    pub tractor_above_ace: bool,
    pub mixed_tractors: bool,
    pub throws: bool,
}

impl Options {
    /// R4-30/R4-31, R5-30, TR-20.
    pub fn defaults(variant: Variant) -> Options {
        match variant {
            Variant::RedFive4p => Options {
                decks: 2,
                jokerless: 0,
                follow_format: FollowFormat::Exact,
                follow_protect: FollowProtect::None,
                throw_judgement: ThrowJudgement::LargestUnit,
                bombs: Bombs::None,
                tractor_above_ace: false,
                mixed_tractors: false,
                throws: false,
            },
            Variant::RedFive5p => Options {
                decks: 3,
                jokerless: 0,
                follow_format: FollowFormat::Exact,
                follow_protect: FollowProtect::None,
                throw_judgement: ThrowJudgement::LargestUnit,
                bombs: Bombs::None,
                tractor_above_ace: true,
                mixed_tractors: true,
                throws: true,
            },
            Variant::Tractor => Options {
                decks: 2,
                jokerless: 0,
                follow_format: FollowFormat::Pairs,
                follow_protect: FollowProtect::None,
                throw_judgement: ThrowJudgement::LargestUnit,
                bombs: Bombs::None,
                tractor_above_ace: true,
                mixed_tractors: false,
                throws: true,
            },
        }
    }
}

impl Options {
    /// Every card copy of the hand: `decks` full decks (C-2), the jokers of the last
    /// `jokerless` of them taken out (TRO-130), in card order.
    pub fn full_deck(&self) -> Vec<Card> {
        let mut deck = crate::phases::trick_deck(self.decks);
        for _ in 0..self.jokerless {
            for joker in [LJ, BJ] {
                let at = deck.iter().rposition(|&c| c == joker).expect("a joker");
                deck.remove(at);
            }
        }
        deck
    }
}

/// A value given to [`Options::set`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

impl Options {
    /// Sets one named option; unknown names and wrong types are errors naming them.
    pub fn set(&mut self, name: &str, value: OptionValue) -> Result<(), RulesError> {
        match (name, value) {
            ("decks", OptionValue::Int(n)) if (1..=4).contains(&n) => self.decks = n as u8,
            ("decks", v) => return err(format!("decks must be 1, 2, 3 or 4, not {v:?}")),
            ("follow_format", OptionValue::Text(t)) => {
                self.follow_format = FollowFormat::parse(&t)?
            }
            ("follow_protect", OptionValue::Text(t)) => {
                self.follow_protect = FollowProtect::parse(&t)?
            }
            ("throw_judgement", OptionValue::Text(t)) => {
                self.throw_judgement = ThrowJudgement::parse(&t)?
            }
            ("bombs", OptionValue::Text(t)) => self.bombs = Bombs::parse(&t)?,
            ("tractor_above_ace", OptionValue::Bool(b)) => self.tractor_above_ace = b,
            ("mixed_tractors", OptionValue::Bool(b)) => self.mixed_tractors = b,
            ("throws", OptionValue::Bool(b)) => self.throws = b,
            (
                "follow_format" | "follow_protect" | "throw_judgement" | "bombs"
                | "tractor_above_ace" | "mixed_tractors" | "throws",
                v,
            ) => {
                let want = if name.starts_with("follow_") || name == "throw_judgement" || name == "bombs" {
                    "text"
                } else {
                    "true or false"
                };
                return err(format!("option {name} takes {want}, not {v:?}"));
            }
            (other, _) => {
                return err(format!(
                    "unknown option '{other}': expected decks, follow_format, \
                     follow_protect, throw_judgement, bombs, tractor_above_ace, mixed_tractors or throws"
                ))
            }
        }
        Ok(())
    }

    /// Combinations of options that mean nothing together (TRO-10): protections need a
    /// format to protect from (`pairs` or `exact`), and triples (3 decks) to keep whole;
    /// bombs need four identical cards (4 decks, TRO-160).
    pub fn check(&self) -> Result<(), RulesError> {
        if self.bombs != Bombs::None && self.decks < 4 {
            return err(format!(
                "bombs '{}' needs four identical cards: it needs decks 4, not {} \
                 (TRO-160, TRO-124)",
                self.bombs.name(),
                self.decks
            ));
        }
        let protect = self.follow_protect;
        if protect == FollowProtect::None {
            return Ok(());
        }
        if !matches!(
            self.follow_format,
            FollowFormat::Pairs | FollowFormat::Exact
        ) {
            return err(format!(
                "follow_protect '{}' needs follow_format pairs or exact, not '{}' (TRO-10)",
                protect.name(),
                self.follow_format.name()
            ));
        }
        if protect.tuples() && self.decks < 3 {
            let held = if self.decks == 1 {
                "one deck has"
            } else {
                "2 decks have"
            };
            return err(format!(
                "follow_protect '{}' keeps triples whole, and {held} none: it needs decks 3 \
                 (TRO-12)",
                protect.name(),
            ));
        }
        Ok(())
    }
}

/// One level (C-13): cards of equal strength in one effective suit.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    cards: [Card; 4],
    n: u8,
    /// Whether units on this level may take part in a tractor (C-21 `tractor_above_ace`).
    pub tractor_ok: bool,
}

impl Level {
    const EMPTY: Level = Level {
        cards: [Card(0); 4],
        n: 0,
        tractor_ok: false,
    };

    /// The cards on this level, in suit order s, h, c, d.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.n as usize]
    }
}

/// The stateless trick-taking rules of one hand: variant, trump, level rank, options.
#[derive(Clone, Debug)]
pub struct TrickRules {
    pub variant: Variant,
    pub trump: Option<Suit>,
    pub level_rank: Rank,
    pub opts: Options,
    suit_of: [u8; NUM_CARDS],
    level_of: [u8; NUM_CARDS],
    /// Each effective suit's levels, weakest first: the first `level_count[suit]`.
    levels: [[Level; MAX_LEVELS]; 5],
    level_count: [u8; 5],
    /// Every card in [`TrickRules::sort_key`] order, and each card's place in it.
    order: [Card; NUM_CARDS],
    place: [u8; NUM_CARDS],
    /// Each effective suit's cards as a range of `order` (a suit's cards are adjacent there).
    span: [(u8, u8); 5],
    /// Each effective suit as a mask: 0xFF for its cards, 0 for the others.
    masks: [Counts; 5],
}

impl TrickRules {
    /// Builds the strength tables; rejects combinations the rules do not allow.
    pub fn new(
        variant: Variant,
        trump: Option<Suit>,
        level_rank: Rank,
        opts: Options,
    ) -> Result<TrickRules, RulesError> {
        if !(1..=4).contains(&opts.decks) {
            return err(format!(
                "decks must be 1 to 4, not {} (C-2, R4-2, R5-3, TR-1, TRO-120, TRO-124)",
                opts.decks
            ));
        }
        if opts.jokerless > opts.decks {
            return err(format!(
                "{} decks without jokers of {} decks (TRO-130)",
                opts.jokerless, opts.decks
            ));
        }
        opts.check()?;
        if variant.is_red_five() {
            if level_rank != Rank::TWO {
                return err(format!(
                    "{} always plays level 2 (C-11), not level {}",
                    variant.id(),
                    level_rank.level_text()
                ));
            }
            if trump.is_none() {
                return err(format!(
                    "{} has no no-trump hands (R4-20, R5-10): name a trump suit",
                    variant.id()
                ));
            }
        }
        if let (Some(t), true) = (trump, level_rank == Rank::NO_TRUMP_LEVEL) {
            return err(format!(
                "the no-trump level NT has no trump suit (TRO-92): trump must be None, not {}",
                t.letter()
            ));
        }
        let groups = if variant.is_red_five() {
            red_five_order(trump.expect("checked above"))
        } else {
            tractor_order(trump, level_rank)
        };
        let mut rules = TrickRules {
            variant,
            trump,
            level_rank,
            opts,
            suit_of: [0; NUM_CARDS],
            level_of: [0; NUM_CARDS],
            levels: [[Level::EMPTY; MAX_LEVELS]; 5],
            level_count: [0; 5],
            order: [Card(0); NUM_CARDS],
            place: [0; NUM_CARDS],
            span: [(0, 0); 5],
            masks: [Counts::default(); 5],
        };
        for (suit, levels) in groups.into_iter().enumerate() {
            assert!(
                levels.len() <= MAX_LEVELS,
                "an effective suit has at most 18 levels"
            );
            rules.level_count[suit] = levels.len() as u8;
            for (i, group) in levels.iter().enumerate() {
                for &c in &group.cards[..group.n as usize] {
                    rules.suit_of[c.index()] = suit as u8;
                    rules.level_of[c.index()] = i as u8;
                }
                rules.levels[suit][i] = Level {
                    cards: group.cards,
                    n: group.n,
                    tractor_ok: suit as u8 != TRUMP || opts.tractor_above_ace || group.plain,
                };
            }
        }
        // The sort key's order, made directly: trumps then s, h, c, d; in each, levels
        // strongest first, a level's cards in suit order (their index order).
        let mut order = [Card(0); NUM_CARDS];
        let mut next = 0;
        for suit in [TRUMP, 0, 1, 2, 3] {
            for level in rules.levels(suit).iter().rev() {
                for &c in level.cards() {
                    order[next] = c;
                    next += 1;
                }
            }
        }
        debug_assert_eq!(next, NUM_CARDS);
        debug_assert!(order
            .windows(2)
            .all(|w| rules.sort_key(w[0]) < rules.sort_key(w[1])));
        rules.order = order;
        for (i, c) in order.iter().enumerate() {
            rules.place[c.index()] = i as u8;
        }
        let mut start = 0;
        for group in 0..5u8 {
            let suit = (group + 4) % 5; // the inverse of `sort_key`'s group
            let end = start
                + order[start..]
                    .iter()
                    .take_while(|&&c| rules.suit_of(c) == suit)
                    .count();
            rules.span[suit as usize] = (start as u8, end as u8);
            for &c in &order[start..end] {
                rules.masks[suit as usize].0[c.index()] = u8::MAX;
            }
            start = end;
        }
        debug_assert_eq!(start, NUM_CARDS);
        Ok(rules)
    }

    /// The effective suit of a card (C-10): 0..3 for a plain suit, [`TRUMP`].
    #[inline]
    pub fn suit_of(&self, c: Card) -> u8 {
        self.suit_of[c.index()]
    }

    /// The card's level inside its effective suit (C-13); higher is stronger.
    #[inline]
    pub fn level_of(&self, c: Card) -> u8 {
        self.level_of[c.index()]
    }

    pub fn is_trump(&self, c: Card) -> bool {
        self.suit_of(c) == TRUMP
    }

    /// The levels of an effective suit, weakest first.
    pub fn levels(&self, suit: u8) -> &[Level] {
        &self.levels[suit as usize][..self.level_count[suit as usize] as usize]
    }

    /// A sort key: trumps first, then s, h, c, d; strongest first inside each; ties by suit.
    pub fn sort_key(&self, c: Card) -> (u8, u8, u8) {
        let group = (self.suit_of(c) + 1) % 5;
        (group, u8::MAX - self.level_of(c), c.0)
    }

    /// Cards strongest first, grouped by effective suit (trumps first).
    pub fn sort(&self, cards: &mut [Card]) {
        let sorted = self.sorted(&Counts::from_cards(cards));
        cards.copy_from_slice(&sorted);
    }

    /// The cards of a multiset, strongest first, grouped by effective suit (trumps first).
    pub fn sorted(&self, counts: &Counts) -> Vec<Card> {
        let mut out = counts.to_cards();
        out.sort_unstable_by_key(|c| self.place[c.index()]);
        out
    }

    /// [`Self::sorted`] as a play on the table keeps it (no allocation up to
    /// [`super::cards::INLINE`] cards).
    pub fn sorted_play(&self, counts: &Counts) -> PlayCards {
        let mut out = PlayCards::of_counts(counts);
        out.sort_unstable_by_key(|c| self.place[c.index()]);
        out
    }

    /// The cards of effective suit `suit`, in strength order (strongest first).
    pub fn suit_cards(&self, suit: u8) -> &[Card] {
        let (start, end) = self.span[suit as usize];
        &self.order[start as usize..end as usize]
    }

    /// Every card in strength order (see [`Self::sorted`]).
    pub fn order(&self) -> &[Card; NUM_CARDS] {
        &self.order
    }

    /// The cards of `counts` in effective suit `suit`.
    pub fn in_suit(&self, counts: &Counts, suit: u8) -> Counts {
        counts.masked(&self.masks[suit as usize])
    }

    /// How many cards of `counts` are in effective suit `suit`.
    pub fn count_in_suit(&self, counts: &Counts, suit: u8) -> usize {
        self.in_suit(counts, suit).len()
    }

    /// The name of an effective suit for messages: "trumps", "spades", …
    pub fn suit_name(&self, suit: u8) -> &'static str {
        if suit == TRUMP {
            "trumps"
        } else {
            Suit(suit).name()
        }
    }

    /// Rejects cards with more copies than the game's decks hold (C-2).
    pub fn check_copies(&self, what: &str, counts: &Counts) -> Result<(), RulesError> {
        // Asked of every play and format: the most copies first, a fold the compiler
        // vectorises, the card named only when one has too many.
        if counts.0.iter().fold(0, |most, &n| most.max(n)) <= self.opts.decks {
            return Ok(());
        }
        for (i, &n) in counts.0.iter().enumerate() {
            if n > self.opts.decks {
                return err(format!(
                    "{what} holds {n} copies of {} but the game uses {} decks",
                    Card(i as u8),
                    self.opts.decks
                ));
            }
        }
        Ok(())
    }
}

/// Cards of one level while the order is being built; `plain` marks the trump suit's
/// own A..4 run (the only trump levels tractors may use without `tractor_above_ace`).
struct Group {
    cards: [Card; 4],
    n: u8,
    plain: bool,
}

fn single(c: Card, plain: bool) -> Group {
    several([c].into_iter(), plain)
}

/// A level of up to four cards (the off-suit level cards of C-11, C-12).
fn several(cards: impl Iterator<Item = Card>, plain: bool) -> Group {
    let mut group = Group {
        cards: [Card(0); 4],
        n: 0,
        plain,
    };
    for c in cards {
        group.cards[group.n as usize] = c;
        group.n += 1;
    }
    group
}

/// C-11: the Red Five order for trump suit `x`, weakest level first, per effective suit.
fn red_five_order(x: Suit) -> [Vec<Group>; 5] {
    let five_h = Card::new(Rank::FIVE, Suit::HEARTS);
    let is_trump = |c: Card| {
        c == five_h
            || c.rank() == Some(Rank::TWO)
            || (c.rank() == Some(Rank::THREE)
                && (c.suit() == Some(x) || c.suit() == Some(x.same_colour())))
    };
    let mut out: [Vec<Group>; 5] = Default::default();
    for s in Suit::ALL {
        for r in 1..13 {
            let c = Card::new(Rank(r), s);
            if !is_trump(c) && s != x {
                out[s.0 as usize].push(single(c, false));
            }
        }
    }
    let trump = &mut out[TRUMP as usize];
    for r in 2..13 {
        let c = Card::new(Rank(r), x);
        if c != five_h {
            trump.push(single(c, true));
        }
    }
    trump.push(several(
        Suit::ALL
            .into_iter()
            .filter(|&s| s != x)
            .map(|s| Card::new(Rank::TWO, s)),
        false,
    ));
    trump.push(single(Card::new(Rank::TWO, x), false));
    trump.push(single(Card::new(Rank::THREE, x.same_colour()), false));
    trump.push(single(Card::new(Rank::THREE, x), false));
    trump.push(single(LJ, false));
    trump.push(single(BJ, false));
    trump.push(single(five_h, false));
    out
}

/// C-12: the Tractor order for trump `x` (None: no-trump) and level rank `l`
/// ([`Rank::NO_TRUMP_LEVEL`]: none, TRO-92).
fn tractor_order(x: Option<Suit>, l: Rank) -> [Vec<Group>; 5] {
    let mut out: [Vec<Group>; 5] = Default::default();
    for s in Suit::ALL {
        if Some(s) == x {
            continue;
        }
        for r in 0..13 {
            if Rank(r) != l {
                out[s.0 as usize].push(single(Card::new(Rank(r), s), false));
            }
        }
    }
    let trump = &mut out[TRUMP as usize];
    if let Some(x) = x {
        for r in 0..13 {
            if Rank(r) != l {
                trump.push(single(Card::new(Rank(r), x), true));
            }
        }
    }
    // TRO-92: at the no-trump level no rank is the level rank: no level cards.
    if l != Rank::NO_TRUMP_LEVEL {
        trump.push(several(
            Suit::ALL
                .into_iter()
                .filter(|&s| Some(s) != x)
                .map(|s| Card::new(l, s)),
            false,
        ));
        if let Some(x) = x {
            trump.push(single(Card::new(l, x), false));
        }
    }
    trump.push(single(LJ, false));
    trump.push(single(BJ, false));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn rules(v: &str, trump: Option<char>, level: &str) -> TrickRules {
        let v = Variant::parse(v).unwrap();
        TrickRules::new(
            v,
            trump.map(|t| Suit::parse(&t.to_string()).unwrap()),
            Rank::parse(level).unwrap(),
            Options::defaults(v),
        )
        .unwrap()
    }

    fn order(r: &TrickRules, text: &str) -> Vec<(u8, u8)> {
        parse_cards(text)
            .unwrap()
            .iter()
            .map(|&c| (r.suit_of(c), r.level_of(c)))
            .collect()
    }

    #[test]
    fn tro_92_the_no_trump_level_has_only_the_jokers_as_trumps() {
        let v = Variant::Tractor;
        let nt = Rank::NO_TRUMP_LEVEL;
        let r = TrickRules::new(v, None, nt, Options::defaults(v)).unwrap();
        assert_eq!(r.levels(TRUMP).len(), 2);
        assert_eq!(order(&r, "LJ BJ"), [(TRUMP, 0), (TRUMP, 1)]);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            // Every suit runs 2..A, none of its cards taken out: 13 levels, 2 lowest.
            assert_eq!(r.levels(i as u8).len(), 13);
            for rank in 0..13u8 {
                let c = Card::new(Rank(rank), suit);
                assert_eq!((r.suit_of(c), r.level_of(c)), (i as u8, rank), "{c}");
            }
        }
        let e = TrickRules::new(v, Some(Suit::HEARTS), nt, Options::defaults(v)).unwrap_err();
        assert!(e.to_string().contains("TRO-92"), "{e}");
    }

    #[test]
    fn c_11_red_five_trump_order_hearts() {
        let r = rules("red_five_4p", Some('h'), "2");
        let seq = order(&r, "5h BJ LJ 3h 3d 2h 2s Ah Kh 6h 4h");
        assert!(seq.iter().all(|&(s, _)| s == TRUMP));
        assert!(seq.windows(2).all(|w| w[0].1 > w[1].1), "{seq:?}");
        // The other 2s are one level (C-11 item 7).
        assert_eq!(
            order(&r, "2s 2c 2d")
                .iter()
                .map(|x| x.1)
                .collect::<Vec<_>>()
                .len(),
            3
        );
        let two_levels: Vec<u8> = order(&r, "2s 2c 2d").iter().map(|x| x.1).collect();
        assert!(two_levels.iter().all(|&l| l == two_levels[0]));
        // 3s and 3c stay in their plain suits; 5d is a plain diamond.
        assert_eq!(
            order(&r, "3s 3c 5d")[..]
                .iter()
                .map(|x| x.0)
                .collect::<Vec<_>>(),
            [0, 2, 3]
        );
    }

    #[test]
    fn c_13_cards_moved_to_trump_leave_no_gap() {
        let r = rules("red_five_4p", Some('s'), "2");
        let lv = order(&r, "4h 6h");
        assert_eq!(lv[0].0, 1);
        assert_eq!(lv[0].1 + 1, lv[1].1);
    }

    #[test]
    fn c_12_tractor_order_and_no_trump() {
        let r = rules("tractor", Some('s'), "7");
        let seq = order(&r, "BJ LJ 7s 7h As Ks 8s 6s 2s");
        assert!(seq.iter().all(|&(s, _)| s == TRUMP));
        assert!(seq.windows(2).all(|w| w[0].1 > w[1].1), "{seq:?}");
        assert_eq!(order(&r, "7h")[0].1, order(&r, "7d")[0].1);
        let nt = rules("tractor", None, "7");
        assert!(order(&nt, "7s 7h 7c 7d")
            .iter()
            .all(|&(s, l)| s == TRUMP && l == 0));
        assert_eq!(order(&nt, "As")[0].0, 0);
    }

    #[test]
    fn c_13_the_card_order_is_the_sort_key_order_and_the_suits_masks_agree() {
        let suits = [
            None,
            Some(Suit::SPADES),
            Some(Suit::HEARTS),
            Some(Suit::CLUBS),
            Some(Suit::DIAMONDS),
        ];
        for v in [Variant::Tractor, Variant::RedFive4p, Variant::RedFive5p] {
            let levels: Vec<Rank> = if v == Variant::Tractor {
                (0..13).map(Rank).collect()
            } else {
                vec![Rank::TWO]
            };
            for &trump in &suits {
                for &level in &levels {
                    let Ok(r) = TrickRules::new(v, trump, level, Options::defaults(v)) else {
                        continue;
                    };
                    let mut sorted = *r.order();
                    sorted.sort_by_key(|&c| r.sort_key(c));
                    assert_eq!(&sorted, r.order(), "{v:?} {trump:?} {level:?}");
                    assert!(r.levels(TRUMP).len() <= MAX_LEVELS);
                    let all = Counts([1; NUM_CARDS]);
                    for suit in 0..5u8 {
                        let held = r.in_suit(&all, suit);
                        for c in (0..NUM_CARDS as u8).map(Card) {
                            assert_eq!(held.get(c) == 1, r.suit_of(c) == suit);
                        }
                        assert_eq!(r.count_in_suit(&all, suit), r.suit_cards(suit).len());
                    }
                }
            }
        }
    }

    #[test]
    fn c_11_red_five_rejects_other_levels_and_no_trump() {
        let v = Variant::RedFive5p;
        assert!(TrickRules::new(v, None, Rank::TWO, Options::defaults(v)).is_err());
        assert!(TrickRules::new(v, Some(Suit::HEARTS), Rank::ACE, Options::defaults(v)).is_err());
    }
}
