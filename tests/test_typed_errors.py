"""Typed errors end to end: the core's state objects reject an action with a class of
`fenpai.errors` whose `code` says the kind of mistake and whose `rule` is the id of the
rule it breaks, both set by the Rust core (not read from the message); the object is
left unchanged; and the service maps each class to its reason and status by type."""

from __future__ import annotations

import itertools
import pickle
import random

import grpc
import pytest
from service_support import act, create, error_of, join_all, reason_of, running_server, view

from fenpai import _core
from fenpai.errors import (
    RULE_ID,
    GameOver,
    IllegalAction,
    MalformedAction,
    NoSuchSeat,
    NotYourTurn,
)
from fenpai.games import new_game
from fenpai.service.errors import REASONS, ServiceError

CODES = {
    IllegalAction: "ILLEGAL_ACTION",
    MalformedAction: "MALFORMED_ACTION",
    NotYourTurn: "NOT_YOUR_TURN",
    GameOver: "GAME_OVER",
    NoSuchSeat: "NO_SUCH_SEAT",
}


def refused(obj, method: str, *args) -> IllegalAction:
    """`obj.method(*args)` raises a `fenpai.errors` class and changes nothing."""
    before = snapshot(obj)
    with pytest.raises(IllegalAction) as caught:
        getattr(obj, method)(*args)
    err = caught.value
    assert snapshot(obj) == before, err
    assert type(err).code == CODES[type(err)] == err.code
    assert isinstance(err, ValueError), "the games' `except ValueError` still catch it"
    cited = RULE_ID.findall(err.message)
    if err.code == "ILLEGAL_ACTION" and cited:
        assert err.rule in cited, f"{err.rule} is not cited by {err.message!r}"
    return err


def snapshot(obj) -> tuple:
    """What a state object shows: the seat to act, the hands and the log."""
    hands = [[str(c) for c in obj.hand(s)] for s in range(obj.num_players)]
    return obj.to_act, obj.done, hands, obj.log()


def kind(err: IllegalAction) -> tuple[type, str | None]:
    return type(err), err.rule


def trick_play(variant: str, hands: list[str], leader: int = 0) -> _core.TrickPlay:
    return _core.TrickPlay(_core.TrickRules(variant, trump="h", level="2"), hands, leader)


def tractor_play() -> _core.TrickPlay:
    """Seat 0 to lead Ks Ks; seat 3, last to follow, holds the pair Ts Ts and 9s."""
    return trick_play("tractor", ["Ks Ks 5s 3d", "As Qs 4d 5d", "3s 4s 6d 7d", "Ts Ts 9s 9d"])


def follow_to_seat_3(p: _core.TrickPlay) -> None:
    for play in ["Ks Ks", "As Qs", "3s 4s"]:
        p.apply(p.to_act, "play " + play)


# -- the play ---------------------------------------------------------------------------


def test_c_24_c_30_c_31_and_the_turn_errors_of_the_play():
    p = tractor_play()
    assert kind(refused(p, "apply", 4, "play As")) == (NoSuchSeat, None)
    assert kind(refused(p, "apply", 1, "play As")) == (NotYourTurn, None)
    assert kind(refused(p, "apply", 0, "play")) == (MalformedAction, None)
    assert kind(refused(p, "apply", 0, "play 5z")) == (MalformedAction, None)
    assert kind(refused(p, "apply", 0, "play Ah")) == (IllegalAction, None)
    assert kind(refused(p, "apply", 0, "play Ks 3d")) == (IllegalAction, "C-24")
    p.apply(0, "play Ks Ks")
    assert kind(refused(p, "apply", 1, "play As 4d")) == (IllegalAction, "C-30")
    p.apply(1, "play As Qs")
    p.apply(2, "play 3s 4s")
    err = refused(p, "apply", 3, "play Ts 9s")
    assert kind(err) == (IllegalAction, "C-31")
    assert err.message == "a pair was led and you hold Ts Ts: you must play a pair"
    assert kind(refused(p, "apply_legal", 99)) == (IllegalAction, None)
    assert kind(refused(p, "legal_action", 99)) == (IllegalAction, None)
    assert kind(refused(p, "hand", 9)) == (NoSuchSeat, None)
    while not p.done:
        p.apply_legal(0)
    assert kind(refused(p, "apply", 0, "play 5s")) == (GameOver, None)
    assert kind(refused(p, "apply_legal", 0)) == (GameOver, None)
    with pytest.raises(GameOver):
        _core.TrickBot("random", 1).choose(p)


def test_r4_31_a_throw_is_refused_in_red_five_4p():
    p = trick_play("red_five_4p", ["As Ks", "3s 4s", "5s 6s", "7s 8s"])
    assert kind(refused(p, "apply", 0, "play As Ks")) == (IllegalAction, "R4-31")


def test_r5_20_r5_22_the_call_and_a_forbidden_grab():
    p = trick_play("red_five_5p", ["3d 4c", "As Ts", "As 6c", "Qs 7c", "Js 8c"])
    assert kind(refused(p, "set_call", "As", 0, 7)) == (NoSuchSeat, None)
    assert kind(refused(p, "set_call", "As Ks", 0)) == (MalformedAction, None)
    p.set_call("As", 0, forbid_grab=True)
    p.apply(0, "play 3d")
    err = refused(p, "apply", 1, "play As")
    assert kind(err) == (IllegalAction, "R5-22") and "friend_grab forbid" in err.message
    assert kind(refused(p, "set_call", "As", 0)) == (IllegalAction, "R5-20")


def test_fk_1_fk_17_fk_20_fk_21_fk_30_and_the_turn_errors_of_fifty_k():
    p = _core.FiftyKPlay(["9s 9h 3h 3c", "5s 5h 4c 4d", "6s 6h 6c 6d", "8c 9c Tc Jc"], 0)
    assert kind(refused(p, "apply", 4, "play 9s 9h")) == (NoSuchSeat, None)
    assert kind(refused(p, "apply", 1, "play 5s 5h")) == (NotYourTurn, None)
    assert kind(refused(p, "apply", 0, "pass")) == (IllegalAction, "FK-30")
    assert kind(refused(p, "apply", 0, "play 9s 3h")) == (IllegalAction, "FK-17")
    assert kind(refused(p, "apply", 0, "play 9s 3h as pair")) == (IllegalAction, "FK-17")
    assert kind(refused(p, "apply", 0, "play BJ")) == (IllegalAction, "FK-1")
    assert kind(refused(p, "apply", 0, "play 9s as quad")) == (MalformedAction, None)
    assert kind(refused(p, "apply", 0, "play 9s 9z")) == (MalformedAction, None)
    p.apply(0, "play 9s 9h")
    assert kind(refused(p, "apply", 1, "play 5s 5h")) == (IllegalAction, "FK-20")
    p.apply(1, "pass")
    p.apply(2, "play 6s 6h 6c 6d")
    assert kind(refused(p, "apply", 3, "play 8c 8s")) == (IllegalAction, None), "not held"
    p.apply(3, "pass")
    assert kind(refused(p, "apply", 0, "play 3h 3c")) == (IllegalAction, "FK-21")
    assert kind(refused(p, "apply_legal", 99)) == (IllegalAction, None)
    assert kind(refused(p, "legal_action", 99)) == (IllegalAction, None)
    assert kind(refused(p, "hand", 4)) == (NoSuchSeat, None)
    while not p.done:
        p.apply_legal(p.num_legal() - 1)
    assert kind(refused(p, "apply", 0, "pass")) == (GameOver, None)
    with pytest.raises(GameOver):
        _core.FkBot("random", 1).choose(p)


# -- the phases before the play ---------------------------------------------------------


def tractor_deck(placed: dict[int, str]) -> str:
    """Two decks with the level cards and jokers last, but `placed` at their positions."""
    cards = [r + s for s in "shcd" for r in "23456789TJQKA"] + ["LJ", "BJ"]
    full = sorted(cards * 2, key=lambda c: c[0] == "2" or c in ("LJ", "BJ"))
    rest = list(full)
    for card in placed.values():
        rest.remove(card)
    fill = iter(rest)
    return " ".join(placed.get(i) or next(fill) for i in range(len(full)))


def test_tr_10_tr_11_tr_12_refused_declarations():
    d = _core.TractorDeal(seed=0, deck=tractor_deck({0: "2h", 1: "2s", 5: "2s"}), first_seat=0)
    assert kind(refused(d, "apply", 4, "pass")) == (NoSuchSeat, None)
    assert kind(refused(d, "apply", 1, "pass")) == (NotYourTurn, None)
    assert kind(refused(d, "apply", 0, "declare 3h")) == (IllegalAction, "TR-10")
    assert kind(refused(d, "apply", 0, "bid 60")) == (IllegalAction, "TR-12")
    assert kind(refused(d, "apply", 0, "declare 2c")) == (IllegalAction, None)
    assert kind(refused(d, "apply", 0, 65)) == (MalformedAction, None)
    d.apply(0, "declare 2h")
    assert d.to_act == 1
    err = refused(d, "apply", 1, "declare 2s")
    assert kind(err) == (IllegalAction, "TR-11"), "the message cites TR-10 and TR-11"


def test_r4_10_r4_13_refused_bids_and_the_end_of_the_phase():
    b = _core.RedFive4pBidding(seed=3)
    seat = b.to_act
    assert kind(refused(b, "apply", seat, "bid 61")) == (IllegalAction, "R4-10")
    assert kind(refused(b, "apply", seat, "bid 400")) == (IllegalAction, "R4-10")
    assert kind(refused(b, "apply", seat, "trump h")) == (IllegalAction, None)
    assert kind(refused(b, "apply", seat, "dance")) == (MalformedAction, None)
    err = refused(b, "apply", seat, "C-31")
    assert kind(err) == (MalformedAction, None), "the core's None is not read from the text"
    b.apply(seat, "bid 70")
    assert kind(refused(b, "apply", b.to_act, "bid 90")) == (IllegalAction, "R4-13")
    while b.phase == "bid":
        b.apply(b.to_act, "pass")
    b.apply(b.to_act, "trump s")
    assert kind(refused(b, "apply", seat, "pass")) == (GameOver, None)
    assert kind(refused(b, "apply_legal", 0)) == (GameOver, None)
    assert kind(refused(b, "legal_action", 0)) == (GameOver, None)
    assert kind(refused(b, "hand", 4)) == (NoSuchSeat, None)
    with pytest.raises(GameOver):
        _core.PhaseBot("random", 1).choose(b)


def test_r5_10_c_4_r5_20_reveal_burial_and_call():
    d = _core.RedFive5pDeal(seed=5)
    while d.num_legal() == 1:  # only 'pass': nobody may reveal yet
        d.apply(d.to_act, "pass")
    assert kind(refused(d, "apply", d.to_act, "declare 3s")) == (IllegalAction, "R5-10")
    while not d.done:
        d.apply_legal(d.num_legal() - 1)
    burial = d.burial()
    size = burial.size
    one_card = str(burial.hand(burial.declarer)[0])
    err = refused(burial, "apply", burial.declarer, f"bury {one_card}")
    assert (
        kind(err) == (IllegalAction, "C-4") and err.message == f"bury exactly {size} cards, not 1"
    )
    burial.apply_legal(0)
    call = burial.friend_call()
    assert kind(refused(call, "apply", call.declarer, "call Qh")) == (IllegalAction, "R5-20")
    assert kind(refused(call, "apply", call.declarer, "call")) == (MalformedAction, None)


def test_card_text_that_does_not_parse_is_malformed():
    for make, bad in [(lambda: _core.cards("5h 5z"), "'5z'"), (lambda: _core.Card("zz"), "'zz'")]:
        with pytest.raises(MalformedAction) as caught:
            make()
        assert caught.value.rule is None and bad in caught.value.message


def test_a_typed_error_pickles_with_its_class_and_rule():
    p = tractor_play()
    follow_to_seat_3(p)
    err = refused(p, "apply", 3, "play Ts 9s")
    copy = pickle.loads(pickle.dumps(err))
    assert (type(copy), copy.message, copy.rule) == (type(err), err.message, err.rule)


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p"])
def test_every_refused_play_of_random_hands_names_a_cited_rule(variant):
    """Random small hands, every 1- and 2-card play tried at every turn: each refused one
    is illegal (or not the seat's turn), names a rule its message cites when it cites
    one, and changes nothing."""
    rng = random.Random(11)
    players = 5 if variant == "red_five_5p" else 4
    pool = [r + s for s in "shcd" for r in "23579TKA"] * 2
    for _ in range(20):
        rng.shuffle(pool)
        hands = [" ".join(pool[i * 4 : i * 4 + 4]) for i in range(players)]
        p = trick_play(variant, hands)
        while not p.done:
            seat = p.to_act
            hand = [str(c) for c in p.hand(seat)]
            plays = {" ".join(c) for k in (1, 2) for c in itertools.combinations(hand, k)}
            for play in sorted(plays):
                if p.play_error(seat, play) is not None:
                    err = refused(p, "apply", seat, "play " + play)
                    assert type(err) is IllegalAction, err
            p.apply_legal(rng.randrange(p.num_legal()))


# -- the service ------------------------------------------------------------------------


def test_the_service_maps_every_class_by_type_with_its_rule():
    p = tractor_play()
    errors = [refused(p, "apply", 4, "play As"), refused(p, "apply", 1, "play As")]
    errors.append(refused(p, "apply", 0, "play 5z"))
    follow_to_seat_3(p)
    errors.append(refused(p, "apply", 3, "play Ts 9s"))
    while not p.done:
        p.apply_legal(0)
    errors.append(refused(p, "apply", 0, "play 5s"))
    seen = {}
    for err in errors:
        service = ServiceError.from_game(err)
        info = service.error_info()
        assert (service.reason, service.code) == (err.code, REASONS[err.code])
        assert (info.reason, info.metadata.get("rule")) == (err.code, err.rule)
        seen[err.code] = err.rule
    assert seen == {
        "NO_SUCH_SEAT": None,
        "NOT_YOUR_TURN": None,
        "MALFORMED_ACTION": None,
        "ILLEGAL_ACTION": "C-31",
        "GAME_OVER": None,
    }


@pytest.fixture(scope="module")
def stub(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("typed"), "--no-timers") as server:
        yield server.stub()


def test_fk_30_a_rule_error_arrives_over_grpc_with_its_rule(stub):
    created = create(stub, "fifty_k", seed=4)
    game_id, tokens = created.game.game_id, join_all(stub, created.game)
    leader = view(stub, game_id, tokens[0]).to_act[0]
    err = error_of(stub.Act, act(game_id, tokens[leader], "pass"))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err) == ("ILLEGAL_ACTION", "FK-30")


def play_of(game):
    """The game's core play object."""
    core_objects = getattr(game, "core_objects", None)
    return core_objects()["play"] if core_objects else game.play


def test_c_31_a_follow_error_arrives_over_grpc_with_its_rule(stub):
    """A follower holding a pair who follows a pair lead with two cards of the suit, not
    a pair; the same game played locally finds that follow."""
    created = create(stub, "tractor", seed=3)
    game_id, tokens = created.game.game_id, join_all(stub, created.game)
    local = new_game("tractor", seed=3)
    bad = None
    while bad is None and local.phase != "done":
        seat = local.to_act[0]
        if local.phase == "play" and play_of(local).trick():
            bad = c_31_follow(play_of(local), seat)
        if bad is None:
            action = pair_lead_first(local, seat)
            local.apply(seat, action)
            stub.Act(act(game_id, tokens[seat], action))
    assert bad is not None, "no follow refused for C-31 in this game"
    err = error_of(stub.Act, act(game_id, tokens[seat], f"play {bad}"))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err) == ("ILLEGAL_ACTION", "C-31")


def pair_lead_first(game, seat: int) -> str:
    """The first legal action, but a pair when leading a trick (for a pair to follow)."""
    actions = game.legal_actions(seat)
    if game.phase == "play" and not play_of(game).trick():
        pairs = [a for a in actions if len(a.split()) == 3 and a.split()[1] == a.split()[2]]
        return (pairs or actions)[0]
    return actions[0]


def c_31_follow(play: _core.TrickPlay, seat: int) -> str | None:
    """A 2-card follow of `seat` that the core refuses citing C-31, if any."""
    if len(play.trick()[0][1]) != 2:
        return None
    hand = [str(c) for c in play.hand(seat)]
    for cards in itertools.combinations(hand, 2):
        trial = play.clone()
        try:
            trial.apply(seat, "play " + " ".join(cards))
        except IllegalAction as err:
            if err.rule == "C-31":
                return " ".join(cards)
    return None
