"""Golden playthroughs: every fixed-seed game still plays, views and scores exactly as
recorded under tests/playthroughs/ (regenerate with scripts/gen_playthroughs.py)."""

from pathlib import Path

import pytest

from fenpai.playthrough import CASES, record

HERE = Path(__file__).resolve().parent / "playthroughs"


@pytest.mark.parametrize("stem,variant,seed,options", CASES, ids=[c[0] for c in CASES])
def test_playthrough_matches_the_golden_file(stem, variant, seed, options):
    golden = (HERE / f"{stem}.txt").read_text(encoding="utf-8").splitlines()
    fresh = list(record(variant, seed, options))
    for number, (want, got) in enumerate(zip(golden, fresh, strict=False), 1):
        assert got == want, f"{stem}.txt line {number} differs (scripts/gen_playthroughs.py)"
    assert len(fresh) == len(golden), f"{stem}.txt: {len(golden)} lines, now {len(fresh)}"


def test_every_golden_file_is_a_case():
    assert {p.stem for p in HERE.glob("*.txt")} == {c[0] for c in CASES}
