"""The human's prompt: line editing and history through the standard `readline`, tab
completion of the legal actions, `help` / `?` with the action grammar, `legal`, `quit`,
and "did you mean" for a typo."""

from __future__ import annotations

import difflib
from typing import Any

from rich.console import Console
from rich.table import Table

from fenpai.actions import VERBS
from fenpai.games.base import Game

PROMPT = "your action> "
QUIT = ("quit", "exit")
HELP = ("help", "?")
LEGAL = "legal"
#: How many legal actions completion and suggestions consider (burials have millions).
CONSIDERED = 2000

#: verb -> (example, when), in the order `help` lists them.
GRAMMAR = {
    "bid": ("bid 65", "the bidding (red_five_4p): a multiple of 5 above the high bid"),
    "pass": ("pass", "the bidding; the deal (not declaring); Fifty-K's play (not beating)"),
    "trump": ("trump h", "the declarer names trump: s, h, c or d (red_five_4p)"),
    "declare": (
        "declare 2h 2h",
        "the deal: a level card, a pair of them, or jokers (tractor, red_five_5p, finding_friends)",
    ),
    "bury": ("bury 3c 4c 7d 8d 9d Jd Qd 6s", "the declarer buries as many cards as the kitty had"),
    "call": ("call Ah", "the declarer calls a friend card, or 'call solo' (red_five_5p)"),
    "play": ("play 5h 5h", "the play; 'play' may be left out; Fifty-K: 'play 5h Th Kh as 50k'"),
    "tribute": ("tribute 2s", "Fifty-K's tribute: the giver's highest card (FKO-44)"),
    "return": ("return 4c", "Fifty-K's return: any card back to the giver (FKO-46)"),
}
VARIANT_VERBS = {
    "red_five_4p": ("bid", "pass", "trump", "bury", "play"),
    "red_five_5p": ("pass", "declare", "bury", "call", "play"),
    "tractor": ("pass", "declare", "bury", "play"),
    "fifty_k": ("tribute", "return", "pass", "play"),
    "finding_friends": ("pass", "declare", "bury", "call", "play"),
}
#: variant -> verb -> (example, when), where a variant's grammar differs from `GRAMMAR`.
VARIANT_GRAMMAR = {
    "finding_friends": {
        "call": (
            "call 1st As",
            "the declarer calls a friend card by its copy, 1st to the number of decks (FF-20)",
        ),
    },
}


class Prompt:
    """Reads the human's lines for one game, completing and suggesting its legal actions."""

    def __init__(self, console: Console, game: Game, me: int):
        self.console = console
        self.game = game
        self.me = me
        self._matches: list[str] = []
        self._readline = _setup_readline(self._complete)

    def ask(self) -> str:
        """One line (EOFError on Ctrl-D, KeyboardInterrupt on Ctrl-C)."""
        return input(self._prompt_text()).strip()

    def _prompt_text(self) -> str:
        if self.console.no_color or self.console.color_system is None:
            return PROMPT
        # \001 and \002 tell readline the escapes take no room, so editing redraws right.
        return f"\001\x1b[1;32m\002{PROMPT}\001\x1b[0m\002"

    def legal(self) -> list[str]:
        return self.game.legal_actions(self.me, CONSIDERED)

    def candidates(self) -> list[str]:
        """What completion offers: the commands and the legal actions (also without `play`)."""
        legal = self.legal()
        bare = [a.removeprefix("play ") for a in legal if a.startswith("play ")]
        return [*HELP[:1], LEGAL, QUIT[0], *legal, *bare]

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            rl = self._readline
            line = rl.get_line_buffer()[: rl.get_endidx()]
            begin = rl.get_begidx()
            found = [c[begin:] for c in self.candidates() if c.startswith(line)]
            self._matches = list(dict.fromkeys(found))
        return self._matches[state] if state < len(self._matches) else None

    def suggestions(self, typed: str) -> list[str]:
        """Legal actions or commands close to a mistyped line (`pas` -> `pass`)."""
        words = typed.split()
        if not words:
            return []
        legal = self.legal()
        verbs = [*dict.fromkeys(a.split()[0] for a in legal), *HELP[:1], LEGAL, *QUIT]
        out = difflib.get_close_matches(typed.lower(), legal + verbs, n=3, cutoff=0.75)
        head = words[0].lower()
        if not out and head not in verbs:
            near = difflib.get_close_matches(head, verbs, n=1, cutoff=0.6)
            if near:
                fixed = " ".join([near[0], *words[1:]])
                out = [fixed] if fixed in legal or not words[1:] else [f"{near[0]} …"]
        return list(dict.fromkeys(out))

    def show_help(self) -> None:
        """The commands and the action grammar of this variant."""
        console = self.console
        console.print("[bold]commands[/bold]")
        console.print("  help, ?       this help")
        console.print("  legal         list every legal action now")
        console.print("  quit, exit    leave the game (also Ctrl-D); Ctrl-C stops at once")
        table = Table(title="actions", title_justify="left", box=None, show_header=False)
        grammar = GRAMMAR | VARIANT_GRAMMAR.get(self.game.variant, {})
        for name in VARIANT_VERBS.get(self.game.variant, VERBS):
            example, when = grammar[name]
            table.add_row(f"  {example}", when)
        console.print(table)
        console.print(
            "cards: a rank 2-9 T J Q K A and a suit s h c d (As, Th, 5h); LJ and BJ are the "
            "jokers. Tab completes a legal action; the arrow keys edit and recall lines.",
            highlight=False,
        )

    def show_legal(self) -> None:
        legal = self.game.legal_actions(self.me, CONSIDERED)
        count = self.game.num_legal(self.me)
        for action in legal:
            self.console.print(f"  {action}", highlight=False)
        if count > len(legal):
            self.console.print(f"  … and {count - len(legal)} more", highlight=False)


def _setup_readline(completer: Any) -> Any:
    """The standard readline with completion on Tab (None where it is missing)."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input()
        return None
    readline.set_completer(completer)
    readline.set_completer_delims(" ")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline
