"""An accepted action's answer, Act's and ActStream's, is set field by field (cheaper
than keyword arguments): it must be the very message the keyword arguments build, to
the byte, whatever the outcome (an ActStream answer says `accepted`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import convert
from fenpai.service.host import Outcome
from fenpai.service.store import StoredEvent

outcomes = st.builds(
    lambda version, action, replayed, phase, to_act, status: Outcome(
        StoredEvent(version, 0, "action", action, "client", None, None, 0.0),
        replayed,
        phase,
        to_act,
        status,
    ),
    st.integers(0, 2**63),
    st.text(max_size=40),
    st.booleans(),
    st.text(max_size=20),
    st.lists(st.integers(0, 7), max_size=4),
    st.sampled_from(sorted(convert.STATUS)),
)


def by_keywords(outcome: Outcome) -> pb.ActResponse:
    return pb.ActResponse(
        version=outcome.event.version,
        action=outcome.event.action,
        replayed=outcome.replayed,
        phase=outcome.phase,
        to_act=outcome.to_act,
        status=convert.STATUS[outcome.status],
    )


@given(outcomes)
def test_act_answer_is_the_keyword_built_message(outcome: Outcome) -> None:
    expected = by_keywords(outcome)
    answer = convert.act_response(outcome)
    assert answer == expected
    assert answer.SerializeToString() == expected.SerializeToString()


@given(outcomes)
def test_stream_answer_is_the_keyword_built_message(outcome: Outcome) -> None:
    expected = pb.ActStreamResponse(accepted=by_keywords(outcome))
    answer = convert.accepted(outcome)
    assert answer.WhichOneof("outcome") == "accepted"
    assert answer == expected
    assert answer.SerializeToString() == expected.SerializeToString()
