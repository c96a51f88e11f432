"""Trains the baseline agent (`fenpai.agents`) by Deep Monte-Carlo, as DouZero does: the
agent plays whole games (self-play, and against greedy bots), every decision it took is
labelled with the hand's outcome for its seat (+1 won, −1 lost), and Q(s, a) is fitted to
those returns by mean squared error; it plays its best-scored action, exploring with
probability epsilon. With `--features greedy` (the default) the network also sees which
action the greedy bot would take there, and the policy keeps greedy's choice unless
another action's Q is higher by more than `--margin`; `--features tactics` adds a trick
play's tactics (`fenpai.agents.tactics`: does it take the trick, is the partner winning).
Every `--eval-every` seconds it is evaluated against random and greedy bots through
`fenpai.simulate` (Wilson 95% intervals), the learning curve is appended to a CSV file
and the checkpoint saved.

    python examples/learn/train.py fifty_k --minutes 60
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
from evaluate import against
from paired import Pairs, paired_round

import fenpai
from fenpai.agents import Adam, QNet, QPolicy
from fenpai.agents.qnet import WIDTHS
from fenpai.batch import Batch
from fenpai.games import VARIANTS

HERE = Path(__file__).parent


class Replay:
    """The latest decisions (observation, chosen action's features, return), a ring."""

    def __init__(self, obs_size: int, features: int, size: int):
        self.obs = np.zeros((size, obs_size), np.float32)
        self.act = np.zeros((size, features), np.float32)
        self.ret = np.zeros(size, np.float32)
        self.size, self.filled, self.next = size, 0, 0

    def add(self, obs: np.ndarray, act: np.ndarray, ret: np.ndarray) -> None:
        for start in range(0, len(ret), self.size):
            o, a, r = (x[start : start + self.size] for x in (obs, act, ret))
            idx = (self.next + np.arange(len(r))) % self.size
            self.obs[idx], self.act[idx], self.ret[idx] = o, a, r
            self.next = int((self.next + len(r)) % self.size)
            self.filled = min(self.size, self.filled + len(r))

    def sample(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, ...]:
        idx = rng.integers(0, self.filled, n)
        return self.obs[idx], self.act[idx], self.ret[idx]


class PairReplay:
    """The latest pairs (`paired.Pairs`), a ring."""

    def __init__(self, obs_size: int, features: int, size: int):
        self.arrays = [
            np.zeros((size, obs_size), np.float32),
            np.zeros((size, features), np.float32),
            np.zeros((size, features), np.float32),
            np.zeros(size, np.float32),
            np.zeros(size, np.float32),
        ]
        self.size, self.filled, self.next = size, 0, 0

    def add(self, pairs: Pairs) -> None:
        new = [pairs.obs, pairs.tried, pairs.played, pairs.tried_returns, pairs.played_returns]
        n = min(len(new[-1]), self.size)
        idx = (self.next + np.arange(n)) % self.size
        for array, values in zip(self.arrays, new, strict=True):
            array[idx] = values[-n:]
        self.next = int((self.next + n) % self.size)
        self.filled = min(self.size, self.filled + n)

    def sample(self, rng: np.random.Generator, n: int) -> list[np.ndarray]:
        idx = rng.integers(0, self.filled, n)
        return [array[idx] for array in self.arrays]


class Episodes:
    """Records the agent's decisions during one `simulate` run (a `QPolicy` recorder)."""

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, ...]] = []

    def __call__(self, batch: Batch, rows: np.ndarray, chosen: np.ndarray) -> None:
        self.parts.append((batch.games[rows], batch.seats[rows], batch.obs[rows], chosen))

    def labelled(self, result: dict[str, np.ndarray], points: float) -> tuple[np.ndarray, ...]:
        """Every decision's observation, action features and return (`returns`)."""
        games, seats, obs, act = (np.concatenate(x) for x in zip(*self.parts, strict=True))
        return obs, act, returns(result, games, seats, points)


def returns(
    result: dict[str, np.ndarray], games: np.ndarray, seats: np.ndarray, points: float
) -> np.ndarray:
    """Each (game, seat)'s return: +1 won, −1 lost, blended with weight `points` with its
    side's card-point margin (`margin`)."""
    ret = np.where(result["won"][games, seats], 1.0, -1.0)
    if points:
        ret = (1 - points) * ret + points * margin(result["card_points"], games, seats)
    return ret.astype(np.float32)


def margin(card_points: np.ndarray, games: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """The card points (C-3, with the kitty's, TR-40) of each seat's side (seats s and
    s + 2, as in Tractor, TR-1) minus the other side's, / 100, within ±1: less noisy than
    the win alone, and a side wins more often the more it takes."""
    n = card_points.shape[1]
    mine = card_points[games, seats] + card_points[games, (seats + 2) % n]
    theirs = card_points[games, (seats + 1) % n] + card_points[games, (seats + 3) % n]
    return np.clip((mine - theirs) / 100, -1, 1)


def train_step(net: QNet, opt: Adam, replay: Replay, rng: np.random.Generator, n: int) -> float:
    loss, grads = net.loss_and_grads(*replay.sample(rng, n))
    opt.step(grads)
    return loss


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("--minutes", type=float, default=60, help="training time (CPU minutes)")
    p.add_argument("--wall-minutes", type=float, help="stop sooner, after this long by the clock")
    p.add_argument("--games", type=int, default=128, help="games per round of play")
    p.add_argument("--selfplay", type=float, default=0.5, help="share of self-play rounds")
    p.add_argument("--epsilon", type=float, default=0.05)
    p.add_argument(
        "--features",
        choices=("greedy", "text", "tactics"),
        default="greedy",
        help="the action's text features, with (greedy) or without the greedy flag, or "
        "with it and a trick play's tactics (tactics)",
    )
    p.add_argument(
        "--margin", type=float, default=0.1, help="Q the greedy action gets more (greedy)"
    )
    p.add_argument("--hidden", default="256,128", help="the two hidden layers' widths")
    p.add_argument("--limit", type=int, default=512, help="legal actions scored per decision")
    p.add_argument(
        "--points",
        type=float,
        default=0.0,
        help="weight of the side's card-point margin in the return (4 seats in partners)",
    )
    p.add_argument(
        "--paired",
        type=int,
        default=0,
        help="instead of whole episodes of the agent: each round, greedy's games and this "
        "many replays of them with one decision per game changed (paired.py)",
    )
    p.add_argument(
        "--aimed", type=float, default=0.5, help="share of --paired tries the network picks"
    )
    p.add_argument(
        "--paired-agent",
        action="store_true",
        help="--paired games played by the agent rather than greedy (policy iteration)",
    )
    p.add_argument("--init", help="start from this checkpoint's weights (same sizes)")
    p.add_argument(
        "--phases", help="the phases the agent decides, comma-separated (else greedy's action)"
    )
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--minibatch", type=int, default=512)
    p.add_argument("--replay", type=int, default=200_000, help="decisions kept")
    p.add_argument("--reuse", type=float, default=2.0, help="times each decision is trained on")
    p.add_argument("--eval-every", type=float, default=120, help="CPU seconds between evaluations")
    p.add_argument("--eval-games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=str(HERE / "checkpoints"))
    args = p.parse_args()

    rng = np.random.default_rng(args.seed)
    probe = fenpai.new_game(args.variant, seed=0)
    n = probe.num_players
    obs_size = len(fenpai.encode(probe, 0, legal=False)[0])
    h1, h2 = (int(x) for x in args.hidden.split(","))
    net = QNet(
        args.variant,
        obs_size,
        (h1, h2),
        seed=args.seed,
        features=WIDTHS[("text", "greedy", "tactics").index(args.features)],
        greedy_margin=args.margin,
        limit=args.limit,
        phases=tuple(args.phases.split(",")) if args.phases else None,
    )
    if args.init:
        start = QNet.load(args.init)
        if {k: v.shape for k, v in start.params.items()} != {
            k: v.shape for k, v in net.params.items()
        }:
            p.error(f"{args.init} has other sizes than --hidden and --features ask for")
        net.params = start.params
    opt = Adam(net, lr=args.lr)
    width = net.params["w_act"].shape[0]
    replay = Replay(obs_size, width, 0 if args.paired else args.replay)
    pair_replay = PairReplay(obs_size, width, args.replay if args.paired else 0)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    checkpoint, curve = out / f"{args.variant}.npz", out / f"{args.variant}_curve.csv"
    with curve.open("w", newline="") as f:
        csv.writer(f).writerow(
            [
                "cpu_s",
                "wall_s",
                "games",
                "loss",
                "vs_random",
                "vs_random_lo",
                "vs_greedy",
                "vs_greedy_lo",
                "vs_greedy_hi",
                "greedy_in_seat",
            ]
        )
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    games = rounds = 0
    losses: list[float] = []
    next_eval = 0.0
    while True:
        cpu = time.process_time() - start_cpu
        wall = time.perf_counter() - start_wall
        over = cpu >= args.minutes * 60 or bool(
            args.wall_minutes and wall >= args.wall_minutes * 60
        )
        if cpu >= next_eval or over:
            greedy = QPolicy(net)
            vs_g = against(greedy, args.variant, "greedy", args.eval_games)
            vs_r = against(greedy, args.variant, "random", args.eval_games)
            loss = float(np.mean(losses[-200:])) if losses else float("nan")
            row = [
                round(cpu),
                round(time.perf_counter() - start_wall),
                games,
                round(loss, 4),
                *(round(x, 4) for x in vs_r["agent"][:2]),
                *(round(x, 4) for x in vs_g["agent"]),
                round(vs_g["bot"][0], 4),
            ]
            with curve.open("a", newline="") as f:
                csv.writer(f).writerow(row)
            net.save(checkpoint)
            print(
                " ".join(
                    f"{k}={v}"
                    for k, v in zip(
                        [
                            "cpu_s",
                            "wall_s",
                            "games",
                            "loss",
                            "vs_random",
                            "lo",
                            "vs_greedy",
                            "lo",
                            "hi",
                            "greedy_in_seat",
                        ],
                        row,
                        strict=True,
                    )
                ),
                flush=True,
            )
            next_eval = cpu + args.eval_every
            if over:
                break
        rounds += 1
        if args.paired:
            seed = args.seed * 10**7 + rounds
            label = lambda result, g, s: returns(result, g, s, args.points)  # noqa: E731
            pairs = paired_round(
                net,
                args.variant,
                args.games,
                seed,
                rounds % n,
                args.paired,
                label,
                rng,
                args.aimed,
                args.paired_agent,
            )
            games += args.games * (1 + args.paired)
            if pairs is None:
                continue
            pair_replay.add(pairs)
            for _ in range(max(1, int(args.reuse * len(pairs.obs) / args.minibatch))):
                loss, grads = net.paired_loss_and_grads(*pair_replay.sample(rng, args.minibatch))
                opt.step(grads)
                losses.append(loss)
            continue
        record = Episodes()
        policy = QPolicy(net, epsilon=args.epsilon, seed=rounds, record=record)
        if rng.random() < args.selfplay:
            bots: list = [policy] * n
        else:
            seat = rounds % n
            bots = [policy if s == seat else "greedy" for s in range(n)]
        result = fenpai.simulate(
            args.variant,
            args.games,
            seed=args.seed * 10**7 + rounds,
            bots=bots,
            batch_size=args.games,
        )
        games += args.games
        if not record.parts:
            continue
        obs, act, ret = record.labelled(result, args.points)
        replay.add(obs, act, ret)
        for _ in range(max(1, int(args.reuse * len(ret) / args.minibatch))):
            losses.append(train_step(net, opt, replay, rng, args.minibatch))


if __name__ == "__main__":
    main()
