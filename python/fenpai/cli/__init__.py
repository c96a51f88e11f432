"""The `fenpai` command line: selfplay, play, replay, serve, demo.

A mistake on the command line or in a file it reads is one line on stderr and exit
status 2; Ctrl-C stops any command without a traceback (status 130)."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from fenpai.cli.common import Parser, UsageError, parse_options, positive
from fenpai.cli.demo import cmd_demo
from fenpai.cli.play import cmd_play
from fenpai.cli.replay import cmd_replay
from fenpai.cli.selfplay import cmd_selfplay, wilson
from fenpai.cli.serve import add_serve

__all__ = ["main", "parse_options", "wilson"]

VARIANTS = ("red_five_4p", "red_five_5p", "fifty_k", "tractor", "finding_friends")
#: The exit status of a command stopped by Ctrl-C (128 + SIGINT).
INTERRUPTED = 130

EXAMPLES = """examples:
  fenpai selfplay tractor -n 2000 --bots greedy,random,greedy,random
  fenpai selfplay red_five_4p -n 500 -o decks=3 --workers 2
  fenpai selfplay tractor -n 100000 --ray HEAD:6379
  fenpai play red_five_5p --seat 0 --seed 7
  fenpai replay game.json
  fenpai serve
"""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="fenpai",
        description="Engine for Chinese point-card games: Red Five, Fifty-K, Tractor.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser(
        "selfplay",
        help="bot-vs-bot games and a throughput report",
        epilog="example: fenpai selfplay tractor -n 2000 --bots greedy,random",
    )
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("-n", "--games", type=positive, default=1000, help="how many games (1000)")
    p.add_argument(
        "--bots",
        help="one bot per seat, or a pattern repeated round the table, from random, "
        "greedy, ismcts and ismcts:N (N simulations per decision) and policies of your "
        "own as NAME=module:callable (default: greedy and random alternating)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--workers",
        type=positive,
        help="games played at once: threads (1), or Ray tasks with --ray (the cluster's CPUs)",
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play on the Ray cluster whose head is at ADDRESS (HOST:PORT), or without "
        "one on the cluster RAY_ADDRESS names, else a new local one (pip install 'fenpai[ray]')",
    )
    p.add_argument("-o", "--option", action="append", default=[], help="variant option k=v")
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play one hand, or a match, against bots. At the prompt: an action (help "
        "or ? lists them), legal (every legal action), quit. Tab completes, arrow keys edit "
        "and recall.",
        epilog="examples: fenpai play tractor --seat 0 --seed 3; "
        "fenpai play fifty_k --match --hands 4 -o tribute=highest",
    )
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("--seat", type=int, default=0, help="your seat (0)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots",
        default="greedy",
        help="the other seats' bot: greedy, random, ismcts, ismcts:N, or a policy of your "
        "own as NAME=module:callable (greedy)",
    )
    p.add_argument(
        "--match",
        action="store_true",
        help="play a match: hand after hand, what one hand hands on to the next carried "
        "(levels, dealer, tribute), to the match's end (Tractor TR-30, Finding Friends "
        "FF-43) or --hands",
    )
    p.add_argument(
        "--hands",
        type=positive,
        help="with --match: stop after this many hands (Red Five and Fifty-K matches have "
        "no end of their own: without it they go on until you quit)",
    )
    p.add_argument("--save", help="write the finished game's (with --match, match's) JSON here")
    p.add_argument("-o", "--option", action="append", default=[], help="variant option k=v")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser(
        "replay",
        help="show a saved game trick by trick (round by round for Fifty-K)",
        epilog="example: fenpai replay game.json",
    )
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)

    add_serve(sub)

    p = sub.add_parser("demo", help="a short tour of the rules API")
    p.set_defaults(run=cmd_demo)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `fenpai` program."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.run(args, Console()))
    except UsageError as err:
        print(f"fenpai {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return INTERRUPTED
