"""The tactics of a trick play (Tractor, Red Five): what the greedy bot's raters weigh,
computed by the core for each legal play from what its seat may see (`Batch.tactics`),
so that a network that sees greedy's choice can tell apart the plays greedy would not
make. One row of `NUM_TACTICS` floats per play, zeros in every other decision:

| column | meaning |
|---|---|
| 0 | the seat leads |
| 1 | the play takes the trick so far (C-40); a lead: no unseen card beats its units (C-41) |
| 2 | the partner is winning the trick so far |
| 3 | the seat plays last to the trick |
| 4 | card points on the table (C-3) / 100 |
| 5 | what the cards cost as greedy counts it (trumps, high cards, points most) / 100 |
| 6 | the play's trumps (C-10) / 10 |
| 7 | the other side's seats still to play after it / the number of seats |
"""

from __future__ import annotations

import numpy as np

from fenpai._core import NUM_TACTICS

__all__ = ["NAMES", "NUM_TACTICS", "flatten"]

#: The columns, in order.
NAMES = (
    "leads",
    "takes",
    "partner_winning",
    "last",
    "table_points",
    "cost",
    "trumps",
    "opponents_after",
)


def flatten(tactics: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The first `sizes[i]` rows of each `tactics[i]` (rows × limit × `NUM_TACTICS`),
    one after another: the rows of the actions listed, in the order they were listed."""
    listed = np.arange(tactics.shape[1]) < np.asarray(sizes)[:, None]
    return tactics[listed]
