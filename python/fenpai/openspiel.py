"""OpenSpiel games of every variant (`pip install "fenpai[openspiel]"`).

`register()` registers `python_fenpai_<variant>` for every variant with pyspiel, so
that `pyspiel.load_game("python_fenpai_tractor")` (or `"python_fenpai_fifty_k(players=3)"`)
works with OpenSpiel's algorithms. The game parameters are the variant's options
(Tractor's `levels` as text, `"2 2"`, its `dealer` −1 for none and its `jokers` −1 for
`"all"`; Finding Friends' `levels` as text, `""` for every player at 2, and its
`decks`, `friends` and `dealer` −1 for none: by players, FF-1, FF-20; Fifty-K's
`previous_order` as text, `"1 0 2 3"`, `""` for none, which under `tribute="highest"`
starts every hand with the tribute those places owe, FKO-43), `seed` and `reward`
(`"win"`, the default, `"zero_sum"` or `"game_points"`: `fenpai.envs.payoffs`).

- **Chance.** The deal is chance nodes before the first decision: the seat of the
  first card where the rules make it random (C-5, R5-3, FK-1 with three players, a
  Tractor or Finding Friends hand without a fixed dealer), then the deck card by card
  (outcome: the card kind, `Card.index`, with probability its copies left over the
  cards left); for Red Five 4p the first bidder last (R4-11, uniform). The hand is then
  `new_game(variant, deck=..., first_seat=..., seed=...)`; Red Five 5p's forced trump
  (R5-13, when nobody revealed) comes from the parameter `seed`, not a chance node.
- **Actions** are `fenpai.envs.decisions`: the fixed ids, then card by card for
  burials and trick plays, played in the core once the deal is done
  (`fenpai.envs.core_hand`: masks, picks, the tensors written there).
- **Tensors** (information state and observation alike) are `fenpai.encode` for the
  player, then its cards picked so far (trick-taking variants). The information-state
  string is perfect recall: the player's cards in the order it received them (under
  Tractor's kitty theft, then each burial it took up when it stole, TRO-112), every
  action it saw (another seat's burial hidden, C-4; the card of Fifty-K's return
  hidden but from the giver and the receiver, FKO-48), each failed throw's forced play
  (C-51) and its picks; the observation
  string is the player's view (`Game.view`).
- **Returns**: each seat's reward in the `reward` mode when the hand ends; the utility
  range is `fenpai.envs.payoffs.reward_bounds`.
- `resample_from_infostate(player, sampler)` draws a hand the player cannot tell from
  this one with `Game.sample_world`; another player's picks in progress are dropped.
- States serialize (OpenSpiel pickles their attributes) through `Game.to_json`.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from fenpai.encoding import DECISION_VARIANTS, fields
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.payoffs import check_reward, game_bounds, hand_rewards
from fenpai.games import new_game
from fenpai.games.base import Game
from fenpai.games.trick_game import TrickGame, text
from fenpai.scoring import (
    finding_friends_kitty_size,
    tractor_kitty_size,
)
from fenpai.spaces import (
    CARD_INDEX,
    CARDS,
    NUM_KINDS,
    ActionSpace,
    action_space,
    table_decks,
    table_tribute,
)

#: pyspiel parameters of each variant: its options (as pyspiel types) and `seed`.
PARAMETERS: dict[str, dict[str, Any]] = {
    "red_five_4p": {"decks": 2, "opening_bid": "any", "kitty_points": "last_trick"},
    "red_five_5p": {"prev_declarer": 0, "friend_grab": "allow"},
    "fifty_k": {
        "players": 4,
        "lead_after_out": "next",
        "pure_fifty_k_order": "suit",
        "decks": 1,
        "tribute": "none",
        "previous_order": "",  # "": none; else the places, first out to last (FKO-43)
    },
    "tractor": {
        "levels": "2 2",
        "dealer": -1,
        "decks": 2,  # 1 to 4 (TRO-120): 3 adds the triple declarations' ids, 4 the quadruples'
        "jokers": -1,  # -1: "all"; 0 to decks - 1 (TRO-130): the chance deal leaves theirs out
        "follow_format": "pairs",
        "follow_protect": "none",
        "throw_penalty": "per_attempt",
        "kitty_multiplier": "linear",
        "must_defend": "A",
        "throw_judgement": "largest_unit",
        "bombs": "none",  # TRO-160: "any_suit" or "suit_following" with decks 4
        "first_dealer": "standing",
        "declaration_order": "equal",
        "jack_rule": "none",
        "declaration_strength": "jokers_or_more_cards",
        "joker_declarations": "both",
        "reinforce": "own_card",
        "final_level": "A",
        "kitty_theft": "none",  # "allowed" (TRO-112): a stealer recalls what it took up
    },
    "finding_friends": {
        "players": 6,  # 4 to 8 (FF-1)
        "decks": -1,  # -1: by players (FF-1); 2 or 3, the table's calls 1st..decks (FF-20)
        "friends": -1,  # -1: by players (FF-20)
        "levels": "",  # "": every player at 2; else one level per player, "2 5 2 2 2 2" (FF-4)
        "dealer": -1,  # -1: a match's first hand, the declarations decide (FF-13)
        "friend_restrictions": "no_trumps",
        "short_handed_bonus": False,
        "double_join": "spent",
    },
}


#: The integer parameter meaning "none" (pyspiel has no None); any other value, negative
#: ones included, goes to `new_game` as given, which refuses it naming the option.
NONE = -1


def game_options(variant: str, params: dict[str, Any]) -> dict[str, Any]:
    """The `new_game` options of pyspiel parameters."""
    options = {k: params[k] for k in PARAMETERS[variant]}
    if variant == "tractor":
        options["levels"] = tuple(str(options["levels"]).split())
        options["dealer"] = None if options["dealer"] == NONE else options["dealer"]
        options["jokers"] = "all" if options["jokers"] == NONE else options["jokers"]
    if variant == "finding_friends":
        for name in ("decks", "friends", "dealer"):  # by players, FF-1, FF-20
            options[name] = None if options[name] == NONE else options[name]
        levels = str(options["levels"]).split()
        options["levels"] = tuple(levels) if levels else None
    if variant == "fifty_k":
        order = str(options["previous_order"]).split()
        options["previous_order"] = [_seat(s) for s in order] if order else None
    return options


def _seat(text: str) -> int:
    """A seat of the text parameter `previous_order`; a ValueError names it (FKO-43)."""
    if not text.isdigit():
        raise ValueError(
            f"previous_order must be seat numbers separated by spaces (FKO-43), not {text!r}"
        )
    return int(text)


def _deck(variant: str, options: dict[str, Any]) -> list[int]:
    """Copies of each card kind in the variant's deck (C-2): Tractor's jokers only in
    the decks that keep theirs (TRO-130); Finding Friends' decks by players unless given
    (FF-1)."""
    if variant == "fifty_k":  # FK-1: 52 cards; FKO-22: n decks of 54
        decks = options.get("decks", 1)
        return [1] * 52 + [0, 0] if decks == 1 else [decks] * NUM_KINDS
    if variant == "finding_friends":
        return [_ff_decks(options)] * NUM_KINDS
    decks = options.get("decks", 3 if variant == "red_five_5p" else 2)
    jokers = options.get("jokers", "all")
    kept = decks if jokers == "all" else jokers
    return [decks] * (NUM_KINDS - 2) + [kept, kept]


def _ff_decks(options: dict[str, Any]) -> int:
    """Finding Friends' decks (FF-1): the option, else by players (`table_decks`)."""
    decks = table_decks("finding_friends", options)
    assert decks is not None
    return decks


@cache
def _seed_for_first_bidder(seat: int) -> int:
    """The smallest `seed` whose first bidder (R4-11) is `seat` (it depends on the seed
    alone, not on the deck)."""
    from fenpai._core import RedFive4pBidding

    deck = " ".join(str(c) for c in CARDS for _ in range(2))
    return next(
        s for s in range(1 << 16) if RedFive4pBidding(seed=s, deck=deck).first_bidder == seat
    )


class _Hand:
    """Everything a state holds, as one object (OpenSpiel deep-copies a state's
    attributes one by one): the chance outcomes so far, then the hand in the core with
    the card-by-card choice in progress."""

    def __init__(self, variant: str, options: dict[str, Any], seed: int):
        self.variant, self.options, self.seed = variant, options, seed
        self.copies = _deck(variant, options)
        self.deck: list[int] = []
        self.first_seat: int | None = None
        self.first_bidder: int | None = None
        self.core: CoreHand | None = None

    @property
    def game(self) -> Game | None:
        """A copy of the hand so far as a `fenpai.Game` (None before the deal is done)."""
        return None if self.core is None else self.core.game()

    def to_act(self) -> int | None:
        """The seat to act once the deal is done (None at the end, or before)."""
        return None if self.core is None else self.core.core.to_act()

    def picked(self) -> list[int]:
        """The cards the seat to act picked so far, by kind (zeros when none)."""
        return [0] * NUM_KINDS if self.core is None else self.core.core.picked()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Hand:
        new = object.__new__(_Hand)
        new.__dict__.update(self.__dict__)
        new.copies, new.deck = list(self.copies), list(self.deck)
        new.core = None if self.core is None else self.core.clone()
        return new

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k != "core"}
        game = self.game
        state["game"] = None if game is None else game.to_json()
        state["picked"] = self.picked()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        game, picked = state.pop("game"), state.pop("picked")
        self.__dict__.update(state)
        self.core = None
        if game is not None:
            self.resume(Game.from_json(game), picked)

    def resume(self, game: Game, picked: list[int]) -> None:
        """Plays on from `game` (a hand of this variant at some point) with `picked`
        already picked by the seat to act."""
        self.core = CoreHand(self.variant, self.options)
        self.core.replay(game)
        seat = self.core.core.to_act()
        for kind, copies in enumerate(picked):
            for _ in range(copies):
                assert seat is not None
                self.core.core.step(seat, self.core.fixed + kind)

    # -- chance ------------------------------------------------------------------------------

    def chance_seats(self) -> int:
        """How many seats the pending first-seat (or first-bidder) chance node draws
        among; 0 when the next chance node is a card or there is none."""
        n = self.num_players()
        if self.variant == "red_five_4p":
            return n if self.deck_done() and self.first_bidder is None else 0
        if self.first_seat is not None:
            return 0
        random_first = (
            self.variant == "red_five_5p"
            or (self.variant == "fifty_k" and (n == 3 or self.options["decks"] != 1))  # FKO-24
            or (self.variant in ("tractor", "finding_friends") and self.options["dealer"] is None)
        )
        return n if random_first else 0

    def num_players(self) -> int:
        return int(self.options.get("players", 5 if self.variant == "red_five_5p" else 4))

    def deck_done(self) -> bool:
        return len(self.deck) == sum(_deck(self.variant, self.options))

    def outcomes(self) -> list[tuple[int, float]]:
        seats = self.chance_seats()
        if seats:
            return [(s, 1.0 / seats) for s in range(seats)]
        left = sum(self.copies)
        return [(k, n / left) for k, n in enumerate(self.copies) if n]

    def chance(self, outcome: int) -> None:
        if self.chance_seats():
            if self.variant == "red_five_4p":
                self.first_bidder = outcome
            else:
                self.first_seat = outcome
        else:
            self.copies[outcome] -= 1
            self.deck.append(outcome)
        if self.dealt():
            self.start()

    def dealt(self) -> bool:
        """Whether every chance node is behind."""
        return (
            self.deck_done()
            and not self.chance_seats()
            and (self.variant != "red_five_4p" or self.first_bidder is not None)
        )

    def start(self) -> None:
        seed = self.seed
        if self.variant == "red_five_4p":
            assert self.first_bidder is not None
            seed = _seed_for_first_bidder(self.first_bidder)
        deck = " ".join(str(CARDS[k]) for k in self.deck)
        first = self.first_seat if self.first_seat is not None else None
        if self.variant == "red_five_4p" or self.variant == "fifty_k" and first is None:
            first = 0
        self.core = CoreHand(self.variant, self.options)
        self.core.reset(seed, deck, first)

    # -- what a player knows -----------------------------------------------------------------

    def received(self, player: int) -> list[str]:
        """The player's cards in the order it received them so far (C-5; none before
        the hand starts), then, for the declarer once it took it up, the kitty (C-4),
        and under kitty theft each burial it took up when it stole (TRO-112)."""
        game = self.game
        if game is None:
            return []
        n = self.num_players()
        objects = game.core_objects()
        deal = objects.get("deal")
        assert deal is not None or self.variant == "fifty_k"
        if self.variant == "red_five_4p":
            first, dealt = 0, len(self.deck)
        elif self.variant == "fifty_k":
            first, dealt = game.first_seat, len(self.deck)  # type: ignore[attr-defined]
        else:
            assert deal is not None
            first, dealt = int(deal.first_seat), int(deal.cards_dealt)
        dealt = min(dealt, _hand_size(self.variant, n, self.options) * n)
        out = [str(CARDS[k]) for i, k in enumerate(self.deck[:dealt]) if (first + i) % n == player]
        if deal is not None and "kitty" in objects and objects["kitty"].declarer == player:
            out += ["kitty", *(str(c) for c in deal.kitty())]
        return out + stolen(game.history, player)

    def seen_history(self, player: int) -> list[str]:
        """Every action so far as `player` saw it: another seat's burial hidden (C-4),
        the card of Fifty-K's return hidden but from the giver and the receiver (FKO-48)."""
        game = self.game
        if game is None:
            return []
        tribute = getattr(game, "tribute", None)
        sees_return = tribute is not None and player in (tribute.giver, tribute.receiver)
        out = []
        for seat, action in game.history:
            if action.startswith("bury ") and seat != player:
                action = "bury"
            elif action.startswith("return ") and not sees_return:
                action = "return"
            out.append(f"{seat}:{action}")
        return out

    def failed_throws(self) -> list[str]:
        """C-51: each failed throw so far as every seat saw it, in order: its seat and the
        play it was forced to (the history holds the throw as attempted; which unit is
        forced depends on other hands, so it is news to every seat)."""
        game = self.game
        if not isinstance(game, TrickGame) or game.play is None:
            return []
        play = game.play
        failed = [r["failed_throw"] for r in game.trick_records() if r["failed_throw"]]
        out = [f"{f['seat']}:{f['forced']}" for f in failed]
        if play.attempted() is not None:
            seat, forced = play.trick()[0]
            out.append(f"{seat}:{text(forced)}")
        return out


def stolen(history: list[tuple[int, str]], player: int) -> list[str]:
    """TRO-112: for each steal of `player` (a declaration after a burial), "stole" and
    the cards of the burial it took up, which it alone sees."""
    out: list[str] = []
    burial: str | None = None
    for seat, action in history:
        if action.startswith("bury "):
            burial = action.removeprefix("bury ")
        elif burial is not None and action.startswith("declare ") and seat == player:
            out += ["stole", *burial.split()]
    return out


def _space(variant: str, options: dict[str, Any]) -> ActionSpace:
    """The fixed ids of the variant's table (Tractor's decks, TRO-120; Fifty-K's
    tribute, FKO-40)."""
    return action_space(variant, table_decks(variant, options), table_tribute(variant, options))


def _num_ids(variant: str, options: dict[str, Any]) -> int:
    """The number of action ids (`fenpai.envs.decisions`) of the table."""
    fixed = _space(variant, options).size
    return fixed if variant == "fifty_k" else fixed + NUM_KINDS + 1


def _hand_size(variant: str, players: int, options: dict[str, Any]) -> int:
    """Cards each seat is dealt (C-5): the deck less the kitty, shared out."""
    if variant == "fifty_k":  # FKO-24: several decks deal every card, the first seats one more
        return -(-sum(_deck(variant, options)) // players)
    if variant == "red_five_5p":
        return 31
    if variant == "red_five_4p":
        return 25 if options.get("decks", 2) == 2 else 39
    if variant == "finding_friends":  # FF-3
        decks = _ff_decks(options)
        return (54 * decks - finding_friends_kitty_size(players, decks)) // players
    cards = sum(_deck(variant, options))  # Tractor, TRO-120, TRO-130
    return (cards - tractor_kitty_size(options["decks"], options["jokers"])) // players


class FenpaiState(pyspiel.State):  # type: ignore[misc]
    """A hand of a fenpai variant as an OpenSpiel state (see the module)."""

    def __init__(self, game: FenpaiGame):
        super().__init__(game)
        self._hand = _Hand(game.variant, game.options, game.seed)
        self._reward = game.reward

    @property
    def hand(self) -> _Hand:
        return self._hand

    def current_player(self) -> int:
        hand = self._hand
        if hand.core is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = hand.core.core.to_act()
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def _mask(self, player: int) -> np.ndarray:
        core = self._hand.core
        assert core is not None
        mask = np.empty(core.size, dtype=np.int8)
        core.core.mask(player, mask)
        return mask

    def _legal_actions(self, player: int) -> list[int]:
        ids: list[int] = self._mask(player).view(np.bool_).nonzero()[0].tolist()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._hand.outcomes()

    def _apply_action(self, action: int) -> None:
        hand = self._hand
        if hand.core is None:
            if action not in dict(hand.outcomes()):  # check before apply: nothing changes
                raise ValueError(f"chance outcome {action} is not one this node can have")
            hand.chance(action)
            return
        seat = hand.core.core.to_act()
        if seat is None:
            raise ValueError("the hand is over")
        hand.core.core.step(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        hand = self._hand
        if player == pyspiel.PlayerId.CHANCE:
            if hand.core is None and hand.chance_seats():
                who = "first bidder" if hand.variant == "red_five_4p" else "first seat"
                return f"{who} {action}"
            return f"deal {CARDS[action]}"
        space = _space(hand.variant, hand.options)
        if action >= space.size:
            done = space.size + NUM_KINDS
            return "done" if action == done else f"pick {CARDS[action - space.size]}"
        if space.names(action):
            return space.text(action)
        if hand.to_act() == player and self._mask(player)[action]:
            return space.text(action, hand.game, player)
        return f"play type {action - 1}"

    def is_terminal(self) -> bool:
        hand = self._hand
        return hand.core is not None and hand.to_act() is None

    def returns(self) -> list[float]:
        hand = self._hand
        game = hand.game if self.is_terminal() else None
        if game is None:
            return [0.0] * hand.num_players()
        return hand_rewards(game, self._reward)

    def resample_from_infostate(self, player: int, sampler: Any) -> FenpaiState:
        """A state `player` cannot tell from this one (`Game.sample_world`, seeded by
        `sampler`); another player's picks in progress are dropped."""
        hand = self._hand
        game = hand.game
        if game is None:
            raise ValueError("resample_from_infostate needs the deal done")
        state = self.clone()
        world = game.sample_world(player, int(sampler() * 2**53))
        new = state.hand
        config = world.config()  # the sampled deal, as the sample replays from it (C-5)
        if isinstance(config["deck"], str):
            new.deck = [CARD_INDEX[c] for c in config["deck"].split()]
            if config["first_seat"] is not None:
                new.first_seat = config["first_seat"]
        mine = world.to_act and world.to_act[0] == player
        new.resume(world, hand.picked() if mine else [0] * NUM_KINDS)
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        hand = self._hand
        game = hand.game
        if game is None:
            return f"dealing: first seat {hand.first_seat}, cards {hand.deck}"
        return f"{game.to_json()}\npicked {hand.picked()}"


class FenpaiObserver:
    """Tensors and strings for one player (OpenSpiel's observer protocol): perfect
    recall for the information state, the view for the observation (see the module)."""

    def __init__(self, game: FenpaiGame, perfect_recall: bool):
        layout = fields(game.variant, game.players, **game.layout)
        size = layout[-1][1] + layout[-1][2]
        by_card = game.variant != "fifty_k"
        self.tensor = np.zeros(size + (NUM_KINDS if by_card else 0), np.float32)
        self.dict = {name: self.tensor[o : o + n] for name, o, n in layout}
        if by_card:
            self.dict["picked"] = self.tensor[size:]
        self._mask = np.zeros(_num_ids(game.variant, game.options), np.int8)
        self._recall = perfect_recall

    def set_from(self, state: FenpaiState, player: int) -> None:
        core = state.hand.core
        if core is None:
            self.tensor.fill(0)
            return
        core.core.observe(player, self.tensor, self._mask)  # the picks of the seat to act

    def string_from(self, state: FenpaiState, player: int) -> str:
        hand = state.hand
        picked = hand.picked() if hand.to_act() == player else []
        if self._recall:
            return json.dumps(
                {
                    "seat": player,
                    "received": hand.received(player),
                    "history": hand.seen_history(player),
                    "forced": hand.failed_throws(),
                    "picked": picked,
                }
            )
        game = hand.game
        view = {} if game is None else game.view(player)
        return json.dumps({"view": view, "picked": picked}, sort_keys=True)


class FenpaiGame(pyspiel.Game):  # type: ignore[misc]
    """A fenpai variant as an OpenSpiel game (see the module); `register` makes one
    subclass per variant (pyspiel wants a class as the factory)."""

    VARIANT = ""

    def __init__(self, params: dict[str, Any] | None = None):
        variant = self.VARIANT
        game_type = _game_type(variant)
        values = {**game_type.parameter_specification, **(params or {})}
        self.variant = variant
        self.options = game_options(variant, values)
        self.seed = int(values["seed"])
        self.reward = check_reward(values["reward"])
        probe = new_game(variant, **self.options)  # checks the options
        self.players = probe.num_players
        #: What the observation's layout depends on (Tractor's kitty theft, TRO-112).
        self.layout = probe.layout_options()
        low, high = game_bounds(probe, self.reward)
        cards = sum(_deck(variant, self.options))
        info = pyspiel.GameInfo(
            num_distinct_actions=_num_ids(variant, self.options),
            max_chance_outcomes=NUM_KINDS,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=4 * cards + 200,
        )
        super().__init__(game_type, info, values)

    def new_initial_state(self) -> FenpaiState:
        return FenpaiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> FenpaiObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return FenpaiObserver(self, recall)


@cache
def _game_type(variant: str) -> Any:
    players = {
        "red_five_4p": (4, 4),
        "red_five_5p": (5, 5),
        "fifty_k": (3, 8),  # FK-1, FKO-23
        "tractor": (4, 4),
        "finding_friends": (4, 8),  # FF-1
    }
    low, high = players[variant]
    return pyspiel.GameType(
        short_name=f"python_fenpai_{variant}",
        long_name=f"fenpai {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**PARAMETERS[variant], "seed": 0, "reward": "win"},
    )


#: The variants registered: those of the one decision space, every one.
VARIANTS = DECISION_VARIANTS

#: The registered game class of each variant.
GAMES: dict[str, type[FenpaiGame]] = {}


def register() -> None:
    """Registers `python_fenpai_<variant>` for every variant with pyspiel (once)."""
    for variant in VARIANTS:
        if variant not in GAMES:
            name = "FenpaiGame_" + variant
            GAMES[variant] = type(name, (FenpaiGame,), {"VARIANT": variant, "__doc__": None})
            pyspiel.register_game(_game_type(variant), GAMES[variant])
