"""Tractor's house rules (TRO-10..TRO-112) through the surfaces that pass options on: the
service's CreateGame (checked before a game exists, BAD_OPTION naming the option and the
rule) and `fenpai play -o` / `selfplay -o` (text values as the CLI parses them)."""

import pytest

from fenpai import TrickRules
from fenpai.cli.common import parse_options
from fenpai.games import new_game
from fenpai.service.creation import CreateRequest, plan
from fenpai.service.errors import ServiceError

HOUSE = {
    "follow_protect": "tractors",
    "throw_penalty": "none",
    "kitty_multiplier": "power",
    "must_defend": "5_10_K_A",
    "throw_judgement": "highest_card",
    "first_dealer": "first_declaration",
    "declaration_order": "suit",
    "jack_rule": "back_to_2",
    "declaration_strength": "more_cards",
    "joker_declarations": "big_only",
    "reinforce": "or_overturn",
    "final_level": "no_trump",
    "kitty_theft": "allowed",
}


def test_tro_create_game_passes_house_rules_on():
    made = plan(CreateRequest("tractor", options=HOUSE, seed=4), {})
    assert made.first_hand.options == {**made.first_hand.options, **HOUSE}
    assert made.config["options"] == {**made.config["options"], **HOUSE}
    assert made.first_hand.config() == new_game("tractor", seed=4, **HOUSE).config()


@pytest.mark.parametrize(
    ("options", "names", "rule"),
    [
        ({"follow_protect": "tuples"}, "follow_protect", "TRO-12"),
        ({"follow_protect": "tractors", "follow_format": "off"}, "follow_format", "TRO-10"),
        ({"throw_penalty": "twice"}, "throw_penalty", "TRO-20"),
        ({"kitty_multiplier": "cubic"}, "kitty_multiplier", "TRO-30"),
        ({"must_defend": "K"}, "must_defend", "TRO-40"),
        ({"throw_judgement": "all_units"}, "throw_judgement", "TRO-50"),
        ({"first_dealer": "last"}, "first_dealer", "TRO-60"),
        ({"declaration_order": "rank"}, "declaration_order", "TRO-70"),
        ({"jack_rule": "back_to_J"}, "jack_rule", "TRO-80"),
        ({"declaration_strength": "longest"}, "declaration_strength", "TRO-100"),
        ({"joker_declarations": "small_only"}, "joker_declarations", "TRO-140"),
        ({"reinforce": "twice"}, "reinforce", "TRO-150"),
        ({"final_level": "K"}, "final_level", "TRO-90"),
        ({"kitty_theft": "sometimes"}, "kitty_theft", "TRO-110"),
        ({"levels": '["NT", "NT"]'}, "levels", "TRO-92"),
    ],
)
def test_tro_create_game_refuses_a_bad_house_rule_naming_it(options, names, rule):
    with pytest.raises(ServiceError) as caught:
        plan(CreateRequest("tractor", options=options, seed=4), {})
    err = caught.value
    assert err.reason == "BAD_OPTION" and names in err.message
    assert err.rule is not None and rule in err.rule.split(",")


def test_tro_92_create_game_and_the_cli_take_the_level_nt():
    options = {"levels": '["NT", "A"]', "dealer": "0", "final_level": "no_trump"}
    made = plan(CreateRequest("tractor", options=options, seed=4), {})
    assert made.first_hand.options["levels"] == ("NT", "A")
    assert made.first_hand.view()["level"] == "NT"
    cli = parse_options(["levels=NT,A", "dealer=0", "final_level=no_trump"])
    assert new_game("tractor", seed=4, **cli).config() == made.first_hand.config()


def test_tro_cli_options_reach_the_game():
    options = parse_options([f"{k}={v}" for k, v in HOUSE.items()])
    assert options == HOUSE
    assert new_game("tractor", **options).options == {**new_game("tractor").options, **HOUSE}


@pytest.mark.parametrize(
    ("protect", "kept"),
    [("none", False), ("tuples", True), ("tractors", False), ("tuples_and_tractors", True)],
)
def test_tro_12_with_3_decks_a_pair_lead_does_not_draw_a_triple(protect, kept):
    rules = TrickRules("tractor", decks=3, follow_protect=protect)
    assert rules.follow_protect == protect
    assert (rules.follow_error("Qs Qs Qs 3s 4s", "6s 6s", "3s 4s") is None) == kept
    assert rules.follow_error("Qs Qs Qs 3s 4s", "6s 6s", "Qs Qs") is None
    # A triple lead counts the triple as before.
    assert rules.follow_error("Qs Qs Qs 3s 4s", "6s 6s 6s", "Qs 3s 4s") is not None
