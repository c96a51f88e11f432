"""TRO-160..TRO-165 (`bombs`) in random playouts of four decks against references written
from the rule text: which bombs a follower may play (TRO-162..TRO-164), and who wins each
trick (TRO-165); every listed play is legal, listed once, and found again by its index."""

import random

import pytest

import fenpai
from fenpai import TrickRules
from fenpai._core import TrickPlay
from fenpai.games.base import result_row
from fenpai.simulation import make_bots, play_game

SUITS = "shcd"
RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in SUITS] + ["LJ", "BJ"]


def suit(rules, card):
    """C-10: the effective suit, "T" for trumps."""
    return "T" if rules.is_trump(card) else str(card)[-1]


def is_bomb(cards):
    """TRO-160: four identical cards."""
    return len(cards) == 4 and len({str(c) for c in cards}) == 1


def may_bomb(rules, value, hand, lead, bomb):
    """TRO-163, TRO-164: whether `hand` may play `bomb` on the four-card `lead`."""
    led = suit(rules, lead[0])
    if value == "any_suit" or suit(rules, bomb[0]) in (led, "T"):
        return True
    return not any(suit(rules, c) == led for c in hand)


def reference_winner(rules, plain, plays):
    """TRO-165: the first bomb (a led quadruple among them), then each later bomb that is
    higher: trump over plain, or of its suit with a higher card (C-12, as a single after
    it); no bomb: C-40..C-42 as without the option (`plain`)."""
    if len(plays[0]) != 4 or not any(is_bomb(p) for p in plays):
        return plain.trick_winner(plays)
    best = next(i for i, p in enumerate(plays) if is_bomb(p))
    for i in range(best + 1, len(plays)):
        if not is_bomb(plays[i]):
            continue
        mine, theirs = suit(rules, plays[i][0]), suit(rules, plays[best][0])
        higher = plain.trick_winner([plays[best][0], plays[i][0]]) == 1
        if (mine == "T" and theirs != "T") or (mine == theirs and higher):
            best = i
    return best


def lead_of(rng, hand):
    """A lead of four cards: a quadruple held, often, else four cards of one suit (a
    throw, its strongest cards, that may still fail, C-51), else one card."""
    texts = [str(c) for c in hand]
    quads = sorted({t for t in texts if texts.count(t) == 4})
    if quads and rng.random() < 0.25:
        return " ".join([rng.choice(quads)] * 4)
    by_suit = {}
    for t in texts:
        by_suit.setdefault(t[-1], []).append(t)
    long = [cs for cs in by_suit.values() if len(cs) >= 4]
    return " ".join(rng.choice(long)[:4]) if long else texts[0]


def check_moves(play, seat, rng):
    """Every listed play is legal and at its own index; the picks reach the same kinds
    on the structure and by listing (TRO-162: bombs among them)."""
    n = play.num_legal()
    indices = range(n) if n <= 400 else rng.sample(range(n), 200)
    seen = set()
    for i in indices:
        action = play.legal_action(i).removeprefix("play ")
        assert play.play_error(seat, action) is None, action
        assert play.position(action) == i, action
        seen.add(" ".join(sorted(action.split())))
    assert len(seen) == len(indices), "a play listed twice"
    assert play.pick_options([0] * 54) == play.pick_options_listed([0] * 54)


@pytest.mark.parametrize("value", ["any_suit", "suit_following"])
def test_tro_162_every_bomb_with_0_to_4_cards_of_the_led_suit(value):
    """Every bomb of the 54 cards, held with 0 to 4 other spades (and a diamond) against leads
    of four spades: legal exactly when the rule text allows it or C-30/C-31 do."""
    rules = TrickRules("tractor", trump="h", decks=4, bombs=value)
    plain = TrickRules("tractor", trump="h", decks=4)
    spades = ["5s", "6s", "9s", "9s", "Ts", "Ts"]
    for lead in ("3s 3s 4s 4s", "As Ks Ks Qs", "Js Js Js Js"):
        lead = lead.split()
        for card in DECK:
            for k in range(5):
                other = "7d" if card != "7d" else "8d"
                hand = [card] * 4 + [c for c in spades if c != card][:k] + [other]
                bomb = [card] * 4
                want = may_bomb(rules, value, hand, lead, bomb)
                legal = want or plain.follow_error(hand, lead, bomb) is None
                assert (rules.follow_error(hand, lead, bomb) is None) == legal, (hand, lead)
                listed = {" ".join(map(str, p)) for p in rules.legal_follows(hand, lead)}
                assert (" ".join(bomb) in listed) == legal, (hand, lead)
                assert len(listed) == rules.count_follows(hand, lead), (hand, lead)


@pytest.mark.parametrize("trump", ["h", None])
def test_tro_165_every_pair_of_bombs_against_the_rule_text(trump):
    """Every two bombs of the 54 cards after a lead of four (a tractor, a throw, a plain
    and a trump quadruple), and every bomb after a ruff: the winner is the reference's."""
    rules = TrickRules("tractor", trump=trump, decks=4, bombs="any_suit")
    plain = TrickRules("tractor", trump=trump, decks=4)
    bombs = [[c] * 4 for c in DECK]
    for lead in ("3s 3s 4s 4s", "As Ks Ks Qs", "5s 5s 5s 5s", "7h 7h 7h 7h"):
        lead = lead.split()
        for first in bombs:
            plays = [lead, "Ah Ah Kh Kh".split(), first]
            assert rules.trick_winner(plays) == reference_winner(rules, plain, plays), plays
            for second in bombs:
                plays = [lead, first, second]
                want = reference_winner(rules, plain, plays)
                assert rules.trick_winner(plays) == want, plays


@pytest.mark.parametrize("value", ["any_suit", "suit_following"])
def test_tro_160_random_playouts_match_the_rule_text(value):
    bombs_played = 0
    for seed in range(30):
        rng = random.Random(seed)
        trump, level = rng.choice([*SUITS, None]), rng.choice(RANKS)
        rules = TrickRules("tractor", trump=trump, level=level, decks=4, bombs=value)
        plain = TrickRules("tractor", trump=trump, level=level, decks=4)
        deck = DECK * 4
        rng.shuffle(deck)
        play = TrickPlay(rules, [" ".join(deck[i * 52 : (i + 1) * 52]) for i in range(4)], 0)
        current = []  # the trick's plays as (seat, cards)
        while not play.done:
            seat = play.to_act
            hand = play.hand(seat)
            if not current:
                lead = lead_of(rng, hand)
                legal = play.play_error(seat, lead) is None
                action = lead if legal else play.legal_action(0).removeprefix("play ")
            else:
                check_moves(play, seat, rng)
                lead = current[0][1]
                texts = [str(c) for c in hand]
                legal_bombs = []
                for b in ([t] * 4 for t in sorted(set(texts)) if texts.count(t) == 4):
                    allowed = play.play_error(seat, " ".join(b)) is None
                    normal = plain.follow_error(hand, lead, b) is None
                    want = len(lead) == 4 and may_bomb(rules, value, hand, lead, b)
                    assert allowed == (want or normal), (hand, lead, b)
                    if allowed:
                        legal_bombs.append(" ".join(b))
                if legal_bombs and rng.random() < 0.7:
                    action = rng.choice(legal_bombs)
                else:
                    index = rng.randrange(play.num_legal())
                    action = play.legal_action(index).removeprefix("play ")
            play.apply(seat, "play " + action)
            if not current:  # the lead as it stands (a failed throw's forced play, C-51)
                current = [(seat, [str(c) for c in play.trick()[0][1]])]
            else:
                current.append((seat, action.split()))
            if len(current) == 4:
                plays = [cards for _, cards in current]
                bombs_played += sum(map(is_bomb, plays)) if len(plays[0]) == 4 else 0
                winner = rules.trick_winner(plays)
                assert winner == reference_winner(rules, plain, plays), plays
                if not play.done:
                    assert play.to_act == current[winner][0]
                current = []
    assert bombs_played >= 8, bombs_played


@pytest.mark.parametrize("value", ["any_suit", "suit_following"])
def test_tro_160_bots_play_hands_with_bombs_to_the_end(value):
    """Every bot's action checked by `Game.apply` (ismcts, greedy, random), and
    `simulate` in the core gives the same hands."""
    names = ["ismcts:30", "greedy", "ismcts:30", "random"]
    ran = fenpai.simulate("tractor", 2, seed=4, bots=names, decks=4, bombs=value)
    for i, seed in enumerate(ran["seed"]):
        game = fenpai.new_game("tractor", seed=int(seed), decks=4, bombs=value)
        play_game(game, make_bots(names, int(seed)), in_core=False)
        assert game.phase == "done"
        assert result_row(game)[0] == list(ran["game_points"][i])
