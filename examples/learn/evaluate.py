"""Evaluates an agent checkpoint against built-in bots through `fenpai.simulate`: the
agent in one seat, the bot named in every other, and beside it the bot's own win rate
in that seat (the same games with the bot there too), each with its Wilson 95% interval.

    python examples/learn/evaluate.py checkpoints/fifty_k.npz --against random,greedy,ismcts
"""

from __future__ import annotations

import argparse

import fenpai
from fenpai.agents import QPolicy, load
from fenpai.cli import wilson


def win_rate(
    variant: str, bots: list, games: int, seed: int, seat: int
) -> tuple[float, float, float]:
    """The win rate of `seat` over `games` games, and its Wilson 95% interval."""
    won = fenpai.simulate(variant, games, seed=seed, bots=bots)["won"][:, seat]
    lo, hi = wilson(float(won.sum()), len(won))
    return float(won.mean()), lo, hi


def against(
    policy: QPolicy, variant: str, opponent: str, games: int, seed: int = 10**6, seat: int = 0
) -> dict[str, tuple[float, float, float]]:
    """The agent's win rate in `seat` against `opponent` bots, and the bot's own there."""
    n = fenpai.new_game(variant, seed=0).num_players
    others = [opponent] * n
    agent = [policy if s == seat else opponent for s in range(n)]
    return {
        "agent": win_rate(variant, agent, games, seed, seat),
        "bot": win_rate(variant, others, games, seed, seat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoint")
    parser.add_argument("--against", default="random,greedy")
    parser.add_argument("-n", "--games", type=int, default=2000)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--seed", type=int, default=10**6)
    parser.add_argument(
        "--margin", type=float, help="the greedy margin to play with (default: the checkpoint's)"
    )
    args = parser.parse_args()
    policy = load(args.checkpoint)
    if args.margin is not None:
        policy.net.greedy_margin = args.margin
    variant = policy.net.variant
    for opponent in args.against.split(","):
        rates = against(policy, variant, opponent, args.games, args.seed, args.seat)
        (a, alo, ahi), (b, blo, bhi) = rates["agent"], rates["bot"]
        print(
            f"{variant} seat {args.seat} vs 3 {opponent}, {args.games} games: agent {a:.3f} "
            f"({alo:.3f}-{ahi:.3f}), {opponent} in that seat {b:.3f} ({blo:.3f}-{bhi:.3f})"
        )


if __name__ == "__main__":
    main()
