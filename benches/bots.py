"""Strength of the search bot: whole games through `fenpai.simulate`, search seats
against greedy (and random) seats, with the seats swapped between games.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/bots.py                        # every row at the default budget
    python benches/bots.py --bot ismcts:400 --games 100 --rows tractor,fifty_k_3p
    python benches/bots.py --json                 # machine-readable

Rows, each the search side's win rate (`simulate`'s "won": the side is among the
hand's winners) with its 95% Wilson interval:

- `tractor`, `fifty_k` (4 players): the search plays one team, seats (0, 2) in half the
  games and (1, 3) in the other half;
- `fifty_k_3p`: the search plays one seat, each seat in a third of the games; it wins
  by finishing first (FK-52), so an equal bot would win a third;
- `red_five_4p_declarer`: one search seat against three others, each seat in a quarter
  of the games; only the hands it declares count (the bidding decides who declares);
- `red_five_4p_opponent`: three search seats against one other, each seat in a quarter
  of the games; only the hands the other declares count;
- `red_five_5p`: one search seat against four others, each seat in a fifth of the
  games, on whichever side the deal and the call put it;
- `finding_friends`: six players (FF-1), one search seat against five others, each
  seat in a sixth of the games, on whichever side the declarations and the calls put it
  (FF-33).

Beside each rate: the same seats with greedy in the search's place (what an equal bot
would score there), the bar (lower bound above 0.5) and the aim (above 0.6). Then the
search's milliseconds per decision (wall and CPU), measured apart on hands played
step by step, counting the decisions with more than one legal action.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import fenpai
from fenpai.bots import Bot, check, seed_for
from fenpai.cli.selfplay import wilson

#: Row name -> (variant, options).
ROWS: dict[str, tuple[str, dict[str, Any]]] = {
    "tractor": ("tractor", {}),
    "fifty_k": ("fifty_k", {}),
    "fifty_k_3p": ("fifty_k", {"players": 3}),
    "red_five_4p_declarer": ("red_five_4p", {}),
    "red_five_4p_opponent": ("red_five_4p", {}),
    "red_five_5p": ("red_five_5p", {}),
    "finding_friends": ("finding_friends", {"players": 6}),
}
#: Games played per row and opponent at the default budget (sized for about ten
#: minutes on 2 cores; the Red Five 4p rows keep only the hands of the right declarer).
GAMES = {
    "tractor": 240,
    "fifty_k": 400,
    "fifty_k_3p": 600,
    "red_five_4p_declarer": 800,
    "red_five_4p_opponent": 320,
    "red_five_5p": 300,
    "finding_friends": 300,
}
#: Games per row against random bots (the search wins nearly all of them).
RANDOM_GAMES = 40


def configurations(row: str, players: int) -> list[set[int]]:
    """The search seats of each configuration the row's games are split over."""
    if row in ("tractor", "fifty_k"):
        return [{0, 2}, {1, 3}]
    if row == "red_five_4p_opponent":
        return [set(range(players)) - {k} for k in range(players)]
    return [{k} for k in range(players)]


def declarer_4p(won: list[bool]) -> int:
    """Red Five 4p: the declarer, the one seat whose result differs (R4-42: it wins
    alone or the other three win)."""
    return won.index(True) if sum(won) == 1 else won.index(False)


def counts(row: str, search: set[int], won: list[bool]) -> bool | None:
    """Whether the search side won this hand, None when the row does not count it."""
    if row == "red_five_4p_declarer" and declarer_4p(won) not in search:
        return None
    if row == "red_five_4p_opponent" and declarer_4p(won) in search:
        return None
    return won[min(search)]


def play_row(row: str, bot: str, other: str, games: int, workers: int, seed: int) -> dict:
    """Wins and hands counted of the search side (`bot`) against `other` in `row`."""
    variant, options = ROWS[row]
    players = fenpai.new_game(variant, **options).num_players
    wins = n = 0
    configs = configurations(row, players)
    for i, search in enumerate(configs):
        names = [bot if s in search else other for s in range(players)]
        share = games // len(configs) + (i < games % len(configs))
        ran = fenpai.simulate(
            variant, share, seed=seed_for(seed, i), bots=names, workers=workers, **options
        )
        for won in ran["won"].tolist():
            result = counts(row, search, won)
            if result is not None:
                n += 1
                wins += result
    low, high = wilson(wins, n)
    return {
        "games": games,
        "n": n,
        "wins": wins,
        "rate": wins / max(n, 1),
        "low": low,
        "high": high,
    }


def decision_ms(row: str, bot: str, hands: int, seed: int) -> dict:
    """Milliseconds per search decision with more than one legal action, on `hands`
    hands played step by step (the search in the row's first configuration)."""
    variant, options = ROWS[row]
    players = fenpai.new_game(variant, **options).num_players
    search = configurations(row, players)[0]
    wall, cpu = [], []
    for h in range(hands):
        game = fenpai.new_game(variant, seed=seed_for(seed, 99, h), **options)
        bots = [Bot(bot if s in search else "greedy", seed_for(h, s)) for s in range(players)]
        while game.phase != "done":
            seat = game.to_act[0]
            if seat in search and game.num_legal(seat) > 1:
                t, c = time.perf_counter(), time.process_time()
                action = bots[seat].choose(game, seat)
                wall.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                game.apply(seat, action)
            else:
                bots[seat].act(game, seat)
    ms = [1000 * w for w in wall]
    return {
        "decisions": len(ms),
        "mean": statistics.fmean(ms),
        "p90": statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0],
        "cpu_mean": 1000 * statistics.fmean(cpu),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="ismcts", help="the search bot and budget (ismcts)")
    parser.add_argument("--rows", default=",".join(ROWS), help="rows, comma-separated")
    parser.add_argument("--games", type=int, help="games per row against greedy (see GAMES)")
    parser.add_argument("--random-games", type=int, default=RANDOM_GAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--timing-hands", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        check(args.bot)
    except ValueError as err:
        parser.error(str(err))
    rows = [r.strip() for r in args.rows.split(",")]
    for r in rows:
        if r not in ROWS:
            parser.error(f"unknown row {r!r}: rows are {', '.join(ROWS)}")
    start = time.perf_counter()
    out: dict[str, Any] = {"bot": args.bot, "workers": args.workers, "rows": {}}
    for r in rows:
        games = args.games or GAMES[r]
        against = args.random_games * (4 if r == "red_five_4p_declarer" else 1)
        out["rows"][r] = {
            "greedy": play_row(r, args.bot, "greedy", games, args.workers, args.seed),
            "greedy_in_its_place": play_row(r, "greedy", "greedy", games, args.workers, args.seed),
            "random": play_row(r, args.bot, "random", against, args.workers, args.seed + 1),
            "ms": decision_ms(r, args.bot, args.timing_hands, args.seed),
        }
        g = out["rows"][r]["greedy"]
        print(
            f"{r}: {g['rate']:.3f} ({g['low']:.3f}-{g['high']:.3f}) of {g['n']} against "
            f"greedy, {time.perf_counter() - start:.0f} s so far",
            file=sys.stderr,
        )
    out["seconds"] = time.perf_counter() - start
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(report(out))
    return 0


def report(out: dict[str, Any]) -> str:
    """The table: per row the rate against greedy with its interval, the bar and the aim,
    greedy in the search's place, the rate against random, ms per decision."""
    lines = [
        f"{out['bot']} against greedy and random, whole games through simulate "
        f"(workers={out['workers']})",
        "",
        f"{'row':22} {'vs greedy (95% CI)':>24} {'n':>5} {'bar>0.5':>8} {'aim>0.6':>8} "
        f"{'greedy there':>13} {'vs random (95% CI)':>24} {'n':>4} {'ms/dec':>7} {'cpu ms':>7}",
    ]
    for r, f in out["rows"].items():
        g, b, rnd, ms = f["greedy"], f["greedy_in_its_place"], f["random"], f["ms"]
        lines.append(
            f"{r:22} {g['rate']:>8.3f} ({g['low']:.3f}-{g['high']:.3f}) {g['n']:>5} "
            f"{'yes' if g['low'] > 0.5 else 'NO':>8} {'yes' if g['low'] > 0.6 else 'no':>8} "
            f"{b['rate']:>13.3f} {rnd['rate']:>8.3f} ({rnd['low']:.3f}-{rnd['high']:.3f}) "
            f"{rnd['n']:>4} {ms['mean']:>7.1f} {ms['cpu_mean']:>7.1f}"
        )
    lines += ["", f"{out['seconds']:.0f} s in all"]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
