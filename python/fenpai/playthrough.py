"""Golden playthroughs: a fixed-seed game written out action by action with every view.

A playthrough is plain text, one JSON value a line, so that any change of behaviour (a
legal list, a view field, a score) shows as a line in a diff. Each view is written as
its change since that seat's previous view (`key+` for a list that only grew, `-` for
keys that went away), so every view can be rebuilt from the file and the file stays
small. `record` plays a game with a seeded random policy, alternating the text path
(`apply`) and the index path (`apply_legal`) so both are exercised (a deal question
whose one answer is `pass`, TR-12, R5-10, takes no draw, as for the bots);
`scripts/gen_playthroughs.py` writes the files under `tests/playthroughs/` and the tests
compare them with a fresh recording.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fenpai._core import Rng
from fenpai.games import new_game

#: The recorded games: (file stem, variant, seed, options).
CASES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("tractor_seed1", "tractor", 1, {}),
    ("tractor_levels_seed2", "tractor", 2, {"levels": ["K", "A"], "dealer": 1}),
    (
        "tractor_house_rules_seed3",
        "tractor",
        3,
        {
            "follow_protect": "tractors",
            "throw_penalty": "none",
            "kitty_multiplier": "power",
            "must_defend": "5_10_K_A",
            "throw_judgement": "highest_card",
        },
    ),
    # TRO-62: the first declarer (seat 3) deals; under TR-13 the overcaller, seat 0, would.
    ("tractor_first_declaration_seed1", "tractor", 1, {"first_dealer": "first_declaration"}),
    # TRO-72: seat 1's 2s overcalls seat 0's 2h (under TR-10 it could not) and deals.
    ("tractor_suit_order_seed3", "tractor", 3, {"declaration_order": "suit"}),
    # TRO-82: an attacker wins the last trick of a hand at J with a single J: back to 2.
    (
        "tractor_jack_rule_seed8",
        "tractor",
        8,
        {"levels": ["J", "J"], "jack_rule": "back_to_2"},
    ),
    # TRO-102: seat 0's 2s 2s stands; under TR-10 seat 3's LJ LJ would overcall it.
    ("tractor_more_cards_seed5", "tractor", 5, {"declaration_strength": "more_cards"}),
    # TRO-142: seat 1's LJ LJ (declared under TR-10) is none; seat 0's BJ BJ makes no-trump.
    ("tractor_big_jokers_only_seed21", "tractor", 21, {"joker_declarations": "big_only"}),
    # TRO-153: seat 3 overcalls its own 2c with 2h 2h, making hearts trump.
    ("tractor_overturn_seed45", "tractor", 45, {"reinforce": "or_overturn"}),
    # TRO-92: seats 0/2 at the no-trump level NT after A, no declaration, the jokers
    # the only trumps.
    (
        "tractor_no_trump_level_seed4",
        "tractor",
        4,
        {"levels": ["NT", "A"], "dealer": 0, "final_level": "no_trump"},
    ),
    # TRO-112: two steals of the kitty after the dealer's burial, each burying again.
    ("tractor_kitty_theft_seed37", "tractor", 37, {"kitty_theft": "allowed"}),
    # TRO-124: four decks, 52 cards each; the first seed that plays a quadruple.
    ("tractor_four_decks_seed19", "tractor", 19, {"decks": 4}),
    # TRO-162, TRO-165: seat 2's throw fails, its forced play Jh Jh Th Th is four cards,
    # and seat 1's bomb 4d 4d 4d 4d takes the trick from seat 0's Ah Ah Kh Kh.
    ("tractor_bombs_seed2", "tractor", 2, {"decks": 4, "bombs": "any_suit"}),
    ("red_five_4p_seed1", "red_five_4p", 1, {}),
    ("red_five_4p_decks3_seed2", "red_five_4p", 2, {"decks": 3}),
    ("red_five_5p_seed1", "red_five_5p", 1, {}),
    ("red_five_5p_forbid_seed2", "red_five_5p", 2, {"friend_grab": "forbid"}),
    ("fifty_k_seed1", "fifty_k", 1, {}),
    ("fifty_k_3p_seed2", "fifty_k", 2, {"players": 3}),
    # FKO-12: the first seed whose hand differs from the default's (a pure fifty-K on the
    # table while another seat holds one).
    ("fifty_k_pure_equal_seed350", "fifty_k", 350, {"pure_fifty_k_order": "equal"}),
    # FF-1..FF-45: six players, three decks, two friends called, found in the play.
    ("finding_friends_seed1", "finding_friends", 1, {}),
    # FF-64: no point card called; FF-82: the declarer, seat 0, plays the 2nd 8s it
    # called, which passes the call on (under FF-81 it would spend it) to no one.
    (
        "finding_friends_passes_on_seed3",
        "finding_friends",
        3,
        {"friend_restrictions": "no_points", "double_join": "passes_on"},
    ),
    # FKO-20..FKO-33: two decks with jokers, three against three.
    ("fifty_k_2decks_6p_seed3", "fifty_k", 3, {"decks": 2, "players": 6}),
    # FKO-42..FKO-48: seat 2 (last) gives its highest card to seat 1 (first), who
    # returns one that only the two of them see; seat 2 leads.
    (
        "fifty_k_tribute_seed4",
        "fifty_k",
        4,
        {"tribute": "highest", "previous_order": [1, 0, 2, 3]},
    ),
    # FKO-20, FKO-42..FKO-48: the same with two decks and six players, seat 5 to seat 4.
    (
        "fifty_k_2decks_tribute_seed3",
        "fifty_k",
        3,
        {"decks": 2, "players": 6, "tribute": "highest", "previous_order": [4, 0, 1, 2, 3, 5]},
    ),
)


def _line(tag: str, value: Any) -> str:
    return f"{tag} " + json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one view to the next: new values, grown lists' tails, gone keys."""
    out: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if key in before and old == value:
            continue
        if isinstance(old, list) and isinstance(value, list) and value[: len(old)] == old:
            out[key + "+"] = value[len(old) :]
        else:
            out[key] = value
    gone = sorted(set(before) - set(after))
    if gone:
        out["-"] = gone
    return out


def record(variant: str, seed: int, options: dict[str, Any]) -> Iterator[str]:
    """The lines of one playthrough: the config, then per step every view and the action."""
    game = new_game(variant, seed=seed, **options)
    policy = Rng(seed ^ 0x5EED)
    yield _line("config", game.config())
    seen: dict[int | None, dict[str, Any]] = {}
    step = 0
    while True:
        for seat in (None, *range(game.num_players)):
            view = game.view(seat)
            yield _line(
                "public" if seat is None else f"seat{seat}", _delta(seen.get(seat, {}), view)
            )
            seen[seat] = view
        if game.phase == "done":
            break
        seat = game.to_act[0]
        forced = game.phase == "deal" and game.num_legal(seat) == 1
        index = 0 if forced else policy.below(game.num_legal(seat))
        action = game.legal_action(seat, index)
        if step % 2:
            game.apply_legal(seat, index)
        else:
            game.apply(seat, action)
        yield _line("action", [step, seat, action])
        step += 1
    yield _line("result", game.result)
