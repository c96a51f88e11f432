"""The action features of the baseline agent: one fixed row of `NUM_FEATURES` floats per
legal action, read from the action's text alone, so that a policy can score the actions
of a `fenpai.batch.Batch` (which has no `Game`) in any variant and phase.

| columns | meaning |
|---|---|
| 0..53 | copies of each card kind in the action (`Card.index`: s, h, c, d × 2..A, LJ, BJ) |
| 54..60 | one-hot verb: pass, bid, declare, trump, call, bury, play |
| 61 | number of cards / 10, or a bid's value / 100 |
| 62 | card points (C-3) / 100 |
| 63 | card kinds held twice or more / 10 (pairs, the bones of tractors and bombs) |

A network may also see one more column, `GREEDY` (64): 1 for the action the built-in
`greedy` bot would take there (`Batch.greedy`, a function of what the seat may see), so
that it can start from greedy's play and learn where to do better (`with_greedy`).

The state the action is taken in (trump, the trick, the hand) is the observation's
(`fenpai.encode`); the network sees both.
"""

from __future__ import annotations

import numpy as np

from fenpai.spaces import CARD_INDEX, CARDS, NUM_KINDS

VERBS = ("pass", "bid", "declare", "trump", "call", "bury", "play")
NUM_FEATURES = NUM_KINDS + len(VERBS) + 3
_SIZE, _POINTS, _MULTI = NUM_KINDS + len(VERBS), NUM_KINDS + len(VERBS) + 1, NUM_FEATURES - 1
#: The column of the greedy flag, after the text features (`with_greedy`).
GREEDY = NUM_FEATURES
_POINTS_OF = np.array([c.points for c in CARDS], dtype=np.float32)
#: Rows already computed, by action text; cleared when it grows past `_CACHE_MOST`.
_CACHE: dict[str, np.ndarray] = {}
_CACHE_MOST = 500_000


def _row(text: str) -> np.ndarray:
    out = np.zeros(NUM_FEATURES, dtype=np.float32)
    words = text.split(" ")
    verb = words[0]
    if verb in VERBS:
        out[NUM_KINDS + VERBS.index(verb)] = 1
    if verb == "bid":
        out[_SIZE] = int(words[1]) / 100
        return out
    for word in words[1:]:
        if word == "as":  # Fifty-K names the kind after the cards: "play 5h 5s as pair"
            break
        kind = CARD_INDEX.get(word)
        if kind is not None:
            out[kind] += 1
        elif word == "solo":
            out[_SIZE] = 1
    copies = out[:NUM_KINDS]
    if verb != "call":
        out[_SIZE] = copies.sum() / 10
    out[_POINTS] = copies @ _POINTS_OF / 100
    out[_MULTI] = np.count_nonzero(copies >= 2) / 10
    return out


def action_features(actions: list[str]) -> np.ndarray:
    """One row of features per action text (float32, len(actions) × `NUM_FEATURES`)."""
    if len(_CACHE) > _CACHE_MOST:
        _CACHE.clear()
    out = np.empty((len(actions), NUM_FEATURES), dtype=np.float32)
    for i, text in enumerate(actions):
        row = _CACHE.get(text)
        if row is None:
            row = _CACHE[text] = _row(text)
        out[i] = row
    return out


def with_greedy(features: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """`features` with the `GREEDY` column appended: `flags` (1 for the greedy bot's
    action, 0 for the others)."""
    return np.concatenate([features, flags.astype(np.float32)[:, None]], axis=1)
