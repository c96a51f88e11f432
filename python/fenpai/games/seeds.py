"""Seeds given as text: the service writes seeds in its JSON as decimal strings (a
JavaScript number would round a 64-bit seed), so the constructors take either form."""

from __future__ import annotations

from typing import Any


def seed_number(seed: Any) -> Any:
    """The number a seed of decimal digits spells; any other value as it is (the game
    checks it)."""
    if isinstance(seed, str) and seed.isascii() and seed.isdigit():
        return int(seed)
    return seed
