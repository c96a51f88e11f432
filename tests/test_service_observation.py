"""The observation tensor the service sends a seat that asks for it
(`HandView.observation`): `fenpai.encode` of that seat as float32 little-endian bytes,
equal to the encoding of the same game replayed here, never sent unasked nor to a
spectator, and blind to the cards the seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_support import CONFIGS, IDS, scripted, swap_unseen
from service_support import create, join_all, running_server

import fenpai
from fenpai.encoding import game_fields
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.typed import observation


def decoded(data: bytes) -> np.ndarray:
    return np.frombuffer(data, dtype="<f4")


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_the_tensor_is_encode_and_blind_to_unseen_cards(variant: str, options) -> None:
    rng = random.Random(f"{variant}{options}")
    swapped = 0
    for seed in range(6):
        game = scripted(variant, options, seed)
        for _ in range(rng.randrange(0, 60)):
            if game.phase == "done":
                break
            seat = game.to_act[0]
            game.apply_legal(seat, rng.randrange(min(game.num_legal(seat), 50)))
        for seat in range(game.num_players):
            data = observation(game, seat)
            expected, _ = fenpai.encode(game, seat, legal=False)
            np.testing.assert_array_equal(decoded(data), expected)
            _, offset, size = game_fields(game)[-1]
            assert len(data) == 4 * (offset + size)
            other = swap_unseen(game, seat, rng)
            if other is not None:
                assert observation(other, seat) == data
                swapped += 1
    assert swapped > 0


def test_a_seat_that_asks_gets_its_encoding(tmp_path) -> None:
    variant, seed = "tractor", 11
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        created = create(stub, variant, seed=seed)
        tokens = join_all(stub, created.game)
        game_id = created.game.game_id
        here = fenpai.new_game(variant, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            for seat, token in tokens.items():
                asked = stub.GetView(
                    pb.GetViewRequest(game_id=game_id, seat_token=token, observation=True)
                ).view
                expected, _ = fenpai.encode(here, seat, legal=False)
                np.testing.assert_array_equal(decoded(asked.hand_view.observation), expected)
                plain = stub.GetView(pb.GetViewRequest(game_id=game_id, seat_token=token)).view
                assert plain.hand_view.observation == b""
            seat = here.to_act[0]
            action = here.legal_action(seat, rng.randrange(min(here.num_legal(seat), 20)))
            stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
            here.apply(seat, action)
        version = stub.GetView(
            pb.GetViewRequest(game_id=game_id, seat_token=tokens[0])
        ).view.version
        seat = here.to_act[0]  # a turns-only stream sends its turn at once
        expected, _ = fenpai.encode(here, seat, legal=False)
        for turns_only in (False, True):
            request = pb.StreamEventsRequest(
                game_id=game_id, seat_token=tokens[seat], turns_only=turns_only, observation=True
            )
            stream = stub.StreamEvents(request)
            for item in stream:
                assert len(item.view.hand_view.observation) == 4 * len(expected)
                if item.view.version == version:
                    break
            np.testing.assert_array_equal(decoded(item.view.hand_view.observation), expected)
            stream.cancel()
        spectate = stub.Spectate(pb.SpectateRequest(game_id=game_id))
        for item in spectate:
            assert item.view.hand_view.observation == b""
            if item.view.version == version:
                break
        spectate.cancel()


def test_a_finding_friends_seat_gets_its_encoding(tmp_path) -> None:
    """Finding Friends (FF-1..FF-82) of five: each seat that asks gets `fenpai.encode` of
    the same game played here, through the deal, the burial, the calls and the play."""
    variant, seed = "finding_friends", 4
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        created = create(stub, variant, seed=seed, players=5)
        tokens = join_all(stub, created.game)
        game_id = created.game.game_id
        here = fenpai.new_game(variant, seed=seed, players=5)
        rng = random.Random(seed)
        phases = set()
        while here.phase != "done" and len(phases) < 4:
            phases.add(here.phase)
            for seat, token in tokens.items():
                asked = stub.GetView(
                    pb.GetViewRequest(game_id=game_id, seat_token=token, observation=True)
                ).view
                expected, _ = fenpai.encode(here, seat, legal=False)
                np.testing.assert_array_equal(decoded(asked.hand_view.observation), expected)
            seat = here.to_act[0]
            action = here.legal_action(seat, rng.randrange(min(here.num_legal(seat), 20)))
            stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
            here.apply(seat, action)
        assert {"deal", "kitty", "friend", "play"} <= phases
