"""The `fenpai` command line."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console


def _demo(console: Console) -> int:
    """A short tour of the rules API."""
    import fenpai

    console.print("[bold]fenpai[/bold]: cards and the trick-taking core")
    hand = fenpai.cards("5h 5h BJ Ts 10d")
    console.print(f"cards('5h 5h BJ Ts 10d') -> {fenpai.format_cards(hand)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `fenpai` program."""
    parser = argparse.ArgumentParser(
        prog="fenpai", description="Engine for Chinese point-card games."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("demo", help="a short tour of the rules API")
    args = parser.parse_args(argv)
    console = Console()
    if args.command == "demo":
        return _demo(console)
    return 2


if __name__ == "__main__":
    sys.exit(main())
