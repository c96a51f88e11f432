"""Random rollouts of every variant: the step-by-step API a search or learning loop uses.

Shows `fenpai.new_game` with options, `num_legal` and `apply_legal` (choose an index,
never build the action list), `result`, and the replay guarantee: `to_json` and
`Game.from_json` rebuild the same game.

    python examples/python/random_rollouts.py --games 20 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time

import fenpai

#: Every variant, and the option sets worth a rollout of their own.
SETUPS = [
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    ("tractor", {}),
    ("tractor", {"levels": ("K", "A"), "dealer": 1}),
    ("finding_friends", {}),
    ("finding_friends", {"players": 8, "friend_restrictions": "none"}),
]


def rollout(variant: str, seed: int, options: dict) -> fenpai.Game:
    """Plays one game to its end, every seat choosing a uniformly random legal action."""
    rng = random.Random(seed)
    game = fenpai.new_game(variant, seed=seed, **options)
    while game.phase != "done":
        seat = game.to_act[0]
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per setup (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")

    for variant, options in SETUPS:
        start = time.perf_counter()
        totals = None
        actions = 0
        for i in range(args.games):
            game = rollout(variant, args.seed + i, options)
            assert fenpai.Game.from_json(game.to_json()).result == game.result
            points = game.result["game_points"]
            totals = (
                list(points)
                if totals is None
                else [t + p for t, p in zip(totals, points, strict=True)]
            )
            actions += game.num_actions
        elapsed = time.perf_counter() - start
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        mean = " ".join(f"{t / args.games:+.1f}" for t in totals)
        print(
            f"{label:36} {args.games} games, {actions / args.games:.0f} actions each, "
            f"{args.games / elapsed:.0f} games/s; mean game points per seat: {mean}"
        )


if __name__ == "__main__":
    main()
