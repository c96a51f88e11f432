"""A child process of `whole_games.py`: plays random whole games in the core alone
(`_core.play_outcomes`, one call, no Python between the games) when asked, to measure
what this machine gives two such processes at once, which share nothing.

Reads lines of JSON `[variant, options, first_seed, games]` on stdin; answers each with
the games' decisions on stdout once they are played. Ends at the end of its input."""

from __future__ import annotations

import json
import sys

import fenpai
from fenpai._core import play_outcomes


def main() -> None:
    for line in sys.stdin:
        variant, options, first, games = json.loads(line)
        game = fenpai.new_game(variant, seed=0, **options)
        bots, seeds = ["random"] * game.num_players, list(range(first, first + games))
        facts = play_outcomes(variant, seeds, bots, **game.hands_options())
        print(int(facts["actions"].sum()), flush=True)


if __name__ == "__main__":
    main()
