"""Rewrites the golden playthroughs under tests/playthroughs/ (review the diff, then commit)."""

from pathlib import Path

from fenpai.playthrough import CASES, record

OUT = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"

if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for stem, variant, seed, options in CASES:
        path = OUT / f"{stem}.txt"
        path.write_text("\n".join(record(variant, seed, options)) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(OUT.parent.parent)}")
