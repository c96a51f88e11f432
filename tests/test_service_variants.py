"""ListVariants: every variant with each option of its `OPTIONS` (default, values offered,
rule per value, a line for people) and its presets, over gRPC and Connect; every value
and preset it offers is one CreateGame accepts, and a game made with it plays by it."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from google.protobuf import json_format
from service_support import create, running_server

import fenpai
from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.variants import list_variants

SERVICE = "/fenpai.rpc.v1.GameService/"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("variants"), "--no-timers") as server:
        yield server


def described() -> dict[str, pb.Variant]:
    return {v.id: v for v in list_variants().variants}


def offered(variant: str) -> list[tuple[str, str]]:
    """(option, value as JSON) for every value every option of `variant` offers."""
    return [(o.name, v.value) for o in described()[variant].options for v in o.values]


#: The other options a value needs (its about line says so): FKO-23, five to eight
#: Fifty-K players need two to four decks; TRO-134, two of three decks keeping their
#: jokers needs three; TRO-135, three of four decks, four; TRO-160, bombs four.
NEEDS = {
    **{("fifty_k", "players", str(n)): {"decks": "2"} for n in (5, 6, 7, 8)},
    ("tractor", "jokers", "2"): {"decks": "3"},
    ("tractor", "jokers", "3"): {"decks": "4"},
    **{("tractor", "bombs", f'"{b}"'): {"decks": "4"} for b in ("any_suit", "suit_following")},
}


def ask_for(variant: str, name: str, value: str) -> dict[str, str]:
    """The options (as JSON) that ask for `name`'s `value`, with what it needs."""
    return {name: value, **NEEDS.get((variant, name, value), {})}


def test_every_variant_and_every_option_is_described() -> None:
    variants = described()
    assert list(variants) == list(VARIANTS)
    for name, game in VARIANTS.items():
        v = variants[name]
        assert v.name == game.NAME and list(v.players) == list(game.PLAYER_COUNTS)
        assert [o.name for o in v.options] == list(game.OPTIONS)
        for o in v.options:
            option = game.OPTIONS[o.name]
            assert json.loads(o.default_value) == json.loads(json.dumps(option.default))
            assert o.about and o.allowed == option.expected and list(o.rules) == list(option.rules)
            assert o.house_rule == (o.name in game.HOUSE_RULES)
            assert all(value.about and value.rule for value in o.values), o.name


def test_a_new_game_plays_by_the_default_each_option_describes() -> None:
    for name, v in described().items():
        options = fenpai.new_game(name).options
        for o in v.options:
            assert json.loads(json.dumps(options[o.name])) == json.loads(o.default_value), o.name


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_offered_value_makes_a_game_with_that_option(variant: str) -> None:
    for name, value in offered(variant):
        ask = {k: json.loads(x) for k, x in ask_for(variant, name, value).items()}
        game = fenpai.new_game(variant, **ask)
        assert json.dumps(game.options[name]) == json.dumps(json.loads(value)), (name, value)
    for (needing, name, value), needs in NEEDS.items():
        if needing == variant:
            said = f"{name}.{{1,2}}{json.loads(value)}.*" + "".join(needs)
            with pytest.raises(ValueError, match=said):
                fenpai.new_game(variant, **{name: json.loads(value)})


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_house_rule_offers_its_default_and_cites_a_value_rule_of_its_own(variant: str) -> None:
    """TRO-10's values cite TRO-11.. and FKO-10's FKO-11..: the ids of the same ten."""
    for o in described()[variant].options:
        if not o.house_rule:
            continue
        (rule,) = o.rules
        prefix, tens = rule.rsplit("-", 1)
        assert o.default_value in [v.value for v in o.values], o.name
        for v in o.values:
            p, n = v.rule.rsplit("-", 1)
            assert p == prefix and int(n) // 10 == int(tens) // 10 and int(n) != int(tens), v


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_presets_are_house_rules_the_seeds_rules_first(variant: str) -> None:
    v = described()[variant]
    house = {o.name: [x.value for x in o.values] for o in v.options if o.house_rule}
    first, *rest = v.presets
    assert first.id == "tournament" and not first.options
    assert len({p.id for p in v.presets}) == len(v.presets)
    for p in rest:
        assert p.name and p.about and p.options, p.id
        for name, value in p.options.items():
            assert value in house[name], (p.id, name, value)
    if variant in ("tractor", "fifty_k"):
        assert rest, "a variant with house rules has presets beside the seeds' rules"


def test_list_variants_answers_over_grpc(server) -> None:
    assert server.stub().ListVariants(pb.ListVariantsRequest()) == list_variants()


def test_list_variants_answers_over_connect_post_and_get(server) -> None:
    import http.client

    where = urlsplit(server.web_url)
    for method, path, body in (
        ("POST", SERVICE + "ListVariants", b"{}"),
        ("GET", SERVICE + "ListVariants?encoding=json&message=%7B%7D", b""),
    ):
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
        try:
            headers = {"content-type": "application/json"} if method == "POST" else {}
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            status, data = response.status, response.read()
        finally:
            conn.close()
        assert status == 200, (method, data)
        got = json_format.Parse(data, pb.ListVariantsResponse())
        assert got == list_variants(), method


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_create_game_takes_every_offered_value_and_preset(server, variant: str) -> None:
    """The values as ListVariants writes them go into CreateGame's options unchanged, and
    the game's options (Game.options) are what was asked, the others at their default (a
    house rule at its default is left out of them)."""
    stub = server.stub()
    v = described()[variant]
    defaults = {o.name: o.default_value for o in v.options}
    asks = [ask_for(variant, name, value) for name, value in offered(variant)]
    asks += [dict(p.options) for p in v.presets]
    for ask in asks:
        request = pb.CreateGameRequest(variant=variant, options=ask)
        game = stub.CreateGame(request).game
        got = {k: json.loads(x) for k, x in {**defaults, **game.options}.items()}
        want = {k: json.loads(x) for k, x in {**defaults, **ask}.items()}
        assert got == want, ask
    assert create(stub, variant, seed=1).game.variant == variant
