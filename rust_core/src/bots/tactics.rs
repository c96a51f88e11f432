//! The tactics of each legal trick play, as its seat sees them: what the greedy bot's
//! raters weigh (does the play take the trick so far, is the partner winning it, the
//! points on the table, what the cards cost), one row of [`NUM_TACTICS`] per play, so
//! that a learning agent can tell apart the plays greedy would not make.

use crate::card::Counts;
use crate::trick::TrickPlay;

use super::trick::{costs, same_side, LeadRater};
use super::Sides;

/// The length of a play's row of tactics.
pub const NUM_TACTICS: usize = 8;

/// Writes the tactics of the first legal plays of the seat to act in `state` (as many
/// as `out` holds rows of [`NUM_TACTICS`]) and returns how many it wrote (0 when the
/// hand is over). Each row: whether the seat leads; whether the play takes the trick
/// so far (C-40; a lead: whether no unseen card can beat any of its units, C-41);
/// whether the partner is winning the trick; whether the seat plays last; the card
/// points on the table / 100; what the cards cost as the greedy bot counts it (trumps
/// and high cards, points most) / 100; the play's trumps (C-10) / 10; and the seats of
/// the other side still to play after it / the number of seats. Only the seat's hand,
/// the public record and the trick are read: nothing another seat hides.
pub fn play_tactics(state: &mut TrickPlay, sides: Sides, out: &mut [f32]) -> usize {
    let Some(seat) = state.to_act() else {
        return 0;
    };
    let plays = state.moves().list(out.len() / NUM_TACTICS);
    let rules = state.rules().clone();
    let cost_of = costs(&rules);
    let n = state.num_players();
    let on_table: Vec<Counts> = state.trick_counts().map(|(_, c)| *c).collect();
    let later: Vec<usize> = (1..n - on_table.len()).map(|j| (seat + j) % n).collect();
    let opponents_after = later
        .iter()
        .filter(|&&s| !same_side(sides, state, seat, s))
        .count() as f32
        / n as f32;
    let lead = state.lead().cloned();
    let leading = lead.as_ref().map(|lead| {
        let (winner, suit, key) = rules.leading(lead, &on_table);
        let best_play = on_table[winner];
        let winner = state.trick().nth(winner).expect("a play on the table").seat;
        (
            (suit, key),
            best_play,
            same_side(sides, state, seat, winner),
        )
    });
    let lead_rater = lead.is_none().then(|| LeadRater::new(state, seat));
    let table_points: u32 = on_table.iter().map(|c| c.points()).sum();
    for (play, row) in plays.iter().zip(out.chunks_exact_mut(NUM_TACTICS)) {
        let cost: i32 = play
            .0
            .iter()
            .zip(&cost_of)
            .map(|(&k, &c)| i32::from(k) * c)
            .sum();
        let trumps = play
            .to_cards()
            .iter()
            .filter(|&&c| rules.is_trump(c))
            .count();
        let (takes, partner) = match (&lead, leading, &lead_rater) {
            (Some(lead), Some((best, best_play, partner)), _) => (
                rules.taking(lead, best, &best_play, play).is_some(),
                partner,
            ),
            (_, _, Some(rater)) => (rater.score(play).is_some_and(|(s, _)| s.0 == 2), false),
            _ => (false, false),
        };
        let flag = |b: bool| f32::from(u8::from(b));
        row.copy_from_slice(&[
            flag(lead.is_none()),
            flag(takes),
            flag(partner),
            flag(lead.is_some() && later.is_empty()),
            table_points as f32 / 100.0,
            cost as f32 / 100.0,
            trumps as f32 / 10.0,
            opponents_after,
        ]);
    }
    plays.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::{Options, TrickRules, Variant};

    fn counts(text: &str) -> Counts {
        Counts::from_cards(&parse_cards(text).unwrap())
    }

    /// A Tractor play, hearts trump at level 2, seat 0 leading.
    fn state(hands: [&str; 4]) -> TrickPlay {
        let v = Variant::Tractor;
        let rules =
            TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap();
        TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap()
    }

    fn rows(state: &mut TrickPlay) -> Vec<(Counts, Vec<f32>)> {
        let plays = state.moves().list(16);
        let mut out = vec![f32::NAN; 16 * NUM_TACTICS];
        let n = play_tactics(state, Sides::Partners, &mut out);
        assert_eq!(n, plays.len());
        (plays.into_iter())
            .zip(out.chunks_exact(NUM_TACTICS).map(<[f32]>::to_vec))
            .collect()
    }

    fn row_of(state: &mut TrickPlay, play: &str) -> Vec<f32> {
        let want = counts(play);
        let found = rows(state).into_iter().find(|(p, _)| *p == want);
        found.expect("a legal play").1
    }

    #[test]
    fn a_follow_says_whether_it_takes_the_trick_and_who_is_winning() {
        let mut s = state(["Ks 3c", "As Ts", "5s 6c", "Qs 8c"]);
        s.apply(0, &counts("Ks")).unwrap();
        // Seat 1 (the other side): As takes, Ts does not; two seats after it, one an
        // opponent (seat 2); 0 points on the table (C-3), Ts is 10 points of cost.
        let (ace, ten) = (row_of(&mut s, "As"), row_of(&mut s, "Ts"));
        assert_eq!((&ace[..5], ace[7]), (&[0.0, 1.0, 0.0, 0.0, 0.1][..], 0.25));
        assert_eq!(ten[..5], [0.0, 0.0, 0.0, 0.0, 0.1]);
        assert!(
            ten[5] > ace[5],
            "points cost more than an ace: {ten:?} {ace:?}"
        );
        s.apply(1, &counts("Ts")).unwrap();
        // Seat 2: its partner's Ks wins; 5s is 5 points; 20 points on the table.
        assert_eq!(row_of(&mut s, "5s")[..5], [0.0, 0.0, 1.0, 0.0, 0.2]);
        s.apply(2, &counts("5s")).unwrap();
        // Seat 3 plays last, no one after it; a heart would be a trump (C-10): it has none.
        assert_eq!(row_of(&mut s, "Qs")[..4], [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(row_of(&mut s, "Qs")[7], 0.0);
    }

    #[test]
    fn tro_53_a_ruff_of_a_throw_takes_when_the_play_says_it_wins() {
        // Every ruff of seat 2 against the ruff 3h 3h Ah of a thrown As Qs Qs: its flag
        // says what the trick's winner says once it is played.
        let v = Variant::Tractor;
        let o = Options {
            throw_judgement: crate::trick::ThrowJudgement::EveryUnit,
            ..Options::defaults(v)
        };
        let rules = TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, o).unwrap();
        let hands = [
            "As Qs Qs 3c 4c 5c",
            "3h 3h Ah 6c 7c 8c",
            "5h 5h 4h 6h 6h BJ",
            "9c Tc Jc Kc 9d Td",
        ];
        let mut s = TrickPlay::new(rules, hands.map(counts).to_vec(), 0).unwrap();
        s.apply(0, &counts("As Qs Qs")).unwrap();
        s.apply(1, &counts("3h 3h Ah")).unwrap();
        let mut taking = 0;
        for (play, row) in rows(&mut s) {
            let mut after = s.clone();
            after.apply(2, &play).unwrap();
            let takes = after.winning() == Some(2);
            let text = crate::card::format_cards(&play.to_cards());
            assert_eq!(row[1], f32::from(u8::from(takes)), "{text}");
            taking += usize::from(takes);
        }
        // 6h 6h BJ and 5h 5h BJ take it; 5h 5h 4h and 6h 6h 4h do not (4h is below Ah).
        assert_eq!(taking, 2);
    }

    #[test]
    fn tro_165_a_bomb_says_it_takes_the_trick() {
        // Four decks, bombs on: seat 2 may follow the ruff of a led tractor with its clubs
        // bomb, which takes; its spades follow does not.
        let rules = crate::trick::four_decks_with(crate::trick::Bombs::AnySuit);
        let hands = [
            "3s 3s 4s 4s 5d 6d 7d 8d",
            "Ah Ah Kh Kh 6c 7c 8c 3d",
            "9c 9c 9c 9c 7s 8s Js Qs",
            "Tc Jc Qc Kc 9d Td Jd Qd",
        ];
        let hands: Vec<Counts> = hands.map(counts).to_vec();
        let mut s = TrickPlay::new(rules, hands, 0).unwrap();
        s.apply(0, &counts("3s 3s 4s 4s")).unwrap();
        s.apply(1, &counts("Ah Ah Kh Kh")).unwrap();
        assert_eq!(row_of(&mut s, "9c 9c 9c 9c")[1], 1.0);
        assert_eq!(row_of(&mut s, "7s 8s Js Qs")[1], 0.0);
    }

    #[test]
    fn a_lead_says_whether_it_is_boss_and_counts_its_trumps() {
        let mut s = state(["As 3c 4h", "4s 5c 6d", "Ks 6c 7d", "7s 8c 8d"]);
        let lead = |s: &mut TrickPlay, p: &str| row_of(s, p);
        assert_eq!(lead(&mut s, "As")[..4], [1.0, 1.0, 0.0, 0.0]);
        assert_eq!(lead(&mut s, "3c")[..2], [1.0, 0.0]);
        assert_eq!(lead(&mut s, "4h")[6], 0.1);
    }

    #[test]
    fn the_cards_of_other_seats_change_nothing() {
        // Seat 3's hand and the record alike, seats 1 and 2 dealt otherwise.
        let mut a = state(["As 3c 9d", "4s 5c Kd", "Ks 6c 7d", "7s 8c Td"]);
        let mut b = state(["As 3c 9d", "Ks 6c Kd", "4s 5c 7d", "7s 8c Td"]);
        assert_eq!(rows(&mut a), rows(&mut b));
        for s in [&mut a, &mut b] {
            for (seat, play) in [(0, "9d"), (1, "Kd"), (2, "7d")] {
                s.apply(seat, &counts(play)).unwrap();
            }
        }
        assert_eq!(rows(&mut a), rows(&mut b));
        assert_eq!(row_of(&mut a, "Td")[..5], [0.0, 0.0, 1.0, 1.0, 0.1]);
    }
}
