//! Scripted decks for the phase tests (C-5): chosen cards at chosen positions.

use crate::card::{format_cards, parse_cards, Card};

/// The deck `full` with `placed` cards at their positions and the rest, in `full`'s
/// order, in the other positions; as deck text.
pub fn deck_with(full: &[Card], placed: &[(usize, &str)]) -> String {
    let mut rest = full.to_vec();
    let mut deck: Vec<Option<Card>> = vec![None; full.len()];
    for &(pos, text) in placed {
        let card = parse_cards(text).unwrap()[0];
        let i = rest.iter().position(|&c| c == card).expect("a copy left");
        rest.remove(i);
        deck[pos] = Some(card);
    }
    let mut fill = rest.into_iter();
    let cards: Vec<Card> = deck
        .into_iter()
        .map(|c| c.unwrap_or_else(|| fill.next().unwrap()))
        .collect();
    format_cards(&cards)
}

/// `full` with every card for which `keep_out` holds moved to the end, in order.
pub fn moved_to_end(full: &[Card], keep_out: impl Fn(Card) -> bool) -> Vec<Card> {
    let (mut front, back): (Vec<Card>, Vec<Card>) = full.iter().partition(|&&c| !keep_out(c));
    front.extend(back);
    front
}
