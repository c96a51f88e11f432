"""ListVariants: the variants the service deals, each with its options and presets, as
the games declare them (`fenpai.games.options`); values are JSON text, as CreateGame's
options take them and Game.options writes them."""

from __future__ import annotations

from functools import cache

from fenpai.games import VARIANTS
from fenpai.games.base import Game
from fenpai.games.options import Option
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.convert import to_json


def _option(name: str, option: Option, house_rule: bool) -> pb.VariantOption:
    return pb.VariantOption(
        name=name,
        about=option.about,
        default_value=to_json(option.default),
        values=[
            pb.OptionValue(value=to_json(v.value), rule=v.rule, about=v.about)
            for v in option.values
        ],
        allowed=option.expected,
        rules=option.rules,
        house_rule=house_rule,
        setup=option.setup,
    )


def _variant(game: type[Game]) -> pb.Variant:
    return pb.Variant(
        id=game.variant,
        name=game.NAME,
        players=game.PLAYER_COUNTS,
        options=[_option(n, o, n in game.HOUSE_RULES) for n, o in game.OPTIONS.items()],
        presets=[
            pb.Preset(
                id=p.id,
                name=p.name,
                about=p.about,
                options={n: to_json(v) for n, v in p.options.items()},
            )
            for p in game.PRESETS
        ],
    )


@cache
def _listed() -> bytes:
    """The answer's bytes, made once: the variants never change while the server runs."""
    answer = pb.ListVariantsResponse(variants=[_variant(g) for g in VARIANTS.values()])
    return answer.SerializeToString()


def list_variants() -> pb.ListVariantsResponse:
    """Every variant of `fenpai.games.VARIANTS`, in its order: a message of its own for
    each caller, so that none can change another's."""
    return pb.ListVariantsResponse.FromString(_listed())
