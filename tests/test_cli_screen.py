"""What `fenpai play` shows: only what the human's seat may know (C-4: a burial stays
hidden until the hand ends), checked card by card on the screen for every variant."""

import pytest
from cli_support import first_offered, knowledge_at_turns, leaks, pass_if_offered, play_through

import fenpai

# (variant, options, seed, bots, the human's policy, a bot declares and buries)
HANDS = [
    ("tractor", [], 2, "greedy", first_offered, True),
    ("tractor", [], 0, "random", first_offered, True),
    ("tractor", ["follow_format=full"], 4, "random", first_offered, True),
    ("tractor", [], 1, "greedy", first_offered, False),
    ("red_five_4p", [], 0, "random", pass_if_offered, True),
    ("red_five_4p", ["decks=3"], 9, "random", pass_if_offered, True),
    ("red_five_4p", [], 3, "greedy", first_offered, False),
    ("red_five_5p", [], 0, "greedy", first_offered, True),
    ("red_five_5p", ["friend_grab=forbid"], 4, "random", first_offered, True),
    ("red_five_5p", [], 2, "random", first_offered, False),
    ("fifty_k", [], 1, "greedy", first_offered, False),
    ("fifty_k", ["players=3"], 2, "random", first_offered, False),
]


@pytest.mark.parametrize(("variant", "options", "seed", "bots", "policy", "bot_buries"), HANDS)
def test_c_4_the_screen_names_only_cards_the_seat_may_know(
    tmp_path, variant, options, seed, bots, policy, bot_buries
):
    saved = tmp_path / "game.json"
    args = [variant, "--seat", "0", "--seed", str(seed), "--bots", bots, "--save", str(saved)]
    for option in options:
        args += ["-o", option]
    screens, status = play_through(args, policy)
    assert status == 0, screens[-1]
    game = fenpai.Game.from_json(saved.read_text())
    assert leaks(screens, knowledge_at_turns(game, 0)) == []
    text = "".join(screens)
    assert "None" not in text
    if bot_buries:
        assert game.declarer != 0
        size = len(game.view(None)["kitty"].split())
        assert f"seat {game.declarer} buries {size} cards" in text
