"""Events as the service keeps them, and what each recipient may see of one.

An event is a stored action or resignation. Every action is public except those whose
verb is in `HIDDEN_VERBS` (a burial: the buried cards are the burier's secret until its
hand is over, C-4, every burial under kitty theft, TRO-112; Fifty-K's return of a
tribute, FKO-48); until then another seat or a spectator sees such an action as its
verb alone.
"""

from __future__ import annotations

from fenpai.service.store import StoredEvent

#: Verbs whose cards only the acting seat may see while their hand runs.
HIDDEN_VERBS = frozenset({"bury", "return"})


def visible_action(event: StoredEvent, viewer: int | None, finished: bool) -> tuple[str, bool]:
    """(action text, redacted) as `viewer` (None: a spectator) may see it, `finished`
    saying whether the event's hand is over."""
    verb = event.action.split(" ", 1)[0]
    if finished or viewer == event.seat or verb not in HIDDEN_VERBS:
        return event.action, False
    return verb, True
