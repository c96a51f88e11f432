"""What the commands share: one-line usage errors, `-o` options, games, bots and saved games
checked before anything runs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from fenpai.batch import Policy
from fenpai.games.base import Game
from fenpai.games.match import Match


class UsageError(Exception):
    """A mistake on the command line or in its input: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line (with a pointer to --help) and exit status 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parse_options(items: list[str]) -> dict[str, Any]:
    """`-o name=value` options: integers and true/false are converted, a,b becomes a list."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"option {item!r} is not name=value")
        out[name] = _value(value)
    return out


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if "," in text:
        return [_value(t) for t in text.split(",")]
    return int(text) if text.lstrip("-").isdigit() else text


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def make_game(variant: str, seed: int, options: dict[str, Any]) -> Game:
    """A new game; the game's own message when the seed or an option is wrong."""
    from fenpai import new_game

    try:
        return new_game(variant, seed=seed, **options)
    except ValueError as err:
        raise UsageError(str(err)) from None


def make_match(variant: str, seed: int, hands: int | None, options: dict[str, Any]) -> Match:
    """A new match; the match's own message when the seed, `hands` or an option is wrong."""
    from fenpai import new_match

    try:
        return new_match(variant, seed=seed, hands=hands, **options)
    except ValueError as err:
        raise UsageError(str(err)) from None


def check_bots(names: list[str]) -> list[str]:
    """The bot names, each one known (`ismcts:N` with a good budget)."""
    from fenpai.bots import check

    for name in names:
        try:
            check(name)
        except ValueError as err:
            raise UsageError(str(err)) from None
    return names


def named_policy(spec: str) -> tuple[str, Policy]:
    """The name and policy of a `NAME=module:callable` bot (see `fenpai.named`)."""
    from fenpai.named import parse

    try:
        return parse(spec)
    except ValueError as err:
        raise UsageError(str(err)) from None


def fresh_game(game: Game) -> Game:
    """The same game as it was before any action (its configuration: variant, seed, …)."""
    from fenpai import new_game

    config = game.config()
    return new_game(
        config["variant"],
        seed=config["seed"],
        deck=config["deck"],
        first_seat=config["first_seat"],
        **config["options"],
    )


def load_game(path: str) -> Game:
    """The game a file saved by `fenpai play --save` (or `Game.to_json`) holds."""
    from fenpai import Game

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a fenpai game: it is not text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(f"{path} is not a fenpai game: not JSON ({err.msg})") from None
    if not isinstance(data, dict) or "fenpai" not in data:
        raise UsageError(f"{path} is not a fenpai game: no 'fenpai' format field")
    try:
        return Game.from_json(text)
    except ValueError as err:  # IllegalAction too: a history the rules refuse
        raise UsageError(f"{path} is not a valid fenpai game: {err}") from None
