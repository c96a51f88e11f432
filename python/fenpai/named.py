"""Policies of your own as named bots: `NAME=module:callable` seats the policy that
`module`'s attribute `callable` is wherever a bot is named (`fenpai play --bots`,
`fenpai selfplay --bots`, `fenpai serve --bot`, then the service's `CreateGame(bots=...)`).

The policy is the `fenpai.batch` contract, one for every caller: `policy(batch)` gets a
`Batch` of decisions (`variant`, `games`, `seats`, `obs` in `fenpai.encode`'s layout,
`num_legal`, `legal_actions(row)`) and answers one legal-action index per row. Step by
step (the terminal, the service) it is handed one-row batches; a decision with a single
legal action is taken without asking. `module` is imported as Python imports it, the
current folder first; `callable` may be dotted (`agents:best.policy`).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from typing import Any

from fenpai.batch import Batch, Policy, answers
from fenpai.bots import NAMES
from fenpai.games.base import Game

#: A policy's name: lower-case letters, digits, `_` and `-`, starting with a letter.
NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def is_spec(text: str) -> bool:
    """Whether `text` names a policy (`NAME=module:callable`) rather than a bot."""
    return "=" in text


def check_name(name: str) -> str:
    """`name` if it may name a policy; else a ValueError saying why."""
    if not NAME.fullmatch(name):
        raise ValueError(
            f"bad policy name {name!r}: 1 to 32 of a-z, 0-9, _ and -, starting with a letter"
        )
    if name in NAMES:
        raise ValueError(f"bad policy name {name!r}: it is a built-in bot's")
    return name


def load(target: str) -> Policy:
    """The callable `module:attribute` names; a ValueError naming what is wrong (no
    such module, no such attribute, not callable)."""
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"bad policy {target!r}: expected module:callable")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        found: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        raise ValueError(f"bad policy {target!r}: no module named {err.name!r}") from None
    except Exception as err:  # the module's own import failed: say how
        raise ValueError(f"bad policy {target!r}: importing {module_name} failed: {err}") from err
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"bad policy {target!r}: {module_name} has no {attribute!r}")
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(f"bad policy {target!r}: {attribute} is not callable")
    return found  # type: ignore[no-any-return]


def parse(spec: str) -> tuple[str, Policy]:
    """The name and the policy of `NAME=module:callable`."""
    name, sep, target = spec.partition("=")
    if not sep:
        raise ValueError(f"bad policy {spec!r}: expected NAME=module:callable")
    return check_name(name.strip()), load(target.strip())


def choose(policy: Policy, game: Game, seat: int) -> str:
    """The action text `policy` chooses for `seat` in `game` (the only legal action
    without asking); a ValueError when its answer is not a legal index."""
    count = game.num_legal(seat)
    if count == 1:
        return game.legal_action(seat, 0)
    batch = Batch.of_game(game, seat)
    (index,) = answers(policy, batch, policy(batch)).tolist()
    if not 0 <= index < count:
        raise ValueError(f"policy answered {index}: seat {seat} has legal actions 0..{count - 1}")
    return game.legal_action(seat, index)


class PolicyBot:
    """A named policy as a bot that chooses one action at a time (`choose`)."""

    def __init__(self, name: str, policy: Policy):
        self.name, self.policy = name, policy

    def choose(self, game: Game, seat: int) -> str:
        return choose(self.policy, game, seat)
