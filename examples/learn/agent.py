"""The trained agents as a named bot: `policy` plays the checkpoint `VARIANT.npz` of the
folder `FENPAI_AGENTS` names (default: checkpoints/ beside this file) in any variant that
has one.

    cd examples/learn && fenpai play fifty_k --bots dmc=agent:policy
    cd examples/learn && fenpai serve --bot dmc=agent:policy
"""

from __future__ import annotations

import os
from pathlib import Path

from fenpai.agents import Checkpoints

policy = Checkpoints(os.environ.get("FENPAI_AGENTS", Path(__file__).parent / "checkpoints"))
