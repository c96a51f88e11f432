"""Test names spell rule ids one way: `c_31`, `r5_22`, `fk_41`, `tr_50` (rules README).

A rule id glued to its number (`c31`, `fk41`) or with a dash-less capital (`C31`) in a
test's name is a test a reader cannot find by grepping for the rule.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A name part that is a rule prefix glued to its number: c31, fk17, tr40.
GLUED = re.compile(r"^(?:c|fk|tr)\d+$")
PY_TEST = re.compile(r"\bdef (test_\w+)")
RS_TEST = re.compile(r"#\[test\]\s*(?:#\[[^\]]*\]\s*)*fn (\w+)")


def _names() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        found += [(path.name, n) for n in PY_TEST.findall(path.read_text(encoding="utf-8"))]
    for folder in ("rust_core/src", "bindings/src"):
        for path in sorted((ROOT / folder).rglob("*.rs")):
            text = path.read_text(encoding="utf-8")
            found += [(path.name, n) for n in RS_TEST.findall(text)]
    return found


def test_rule_ids_in_test_names_have_one_spelling():
    names = _names()
    assert len(names) > 500  # the scan found the suites
    glued = [f"{f}: {n}" for f, n in names if any(GLUED.match(p) for p in n.split("_"))]
    assert not glued, "spell rule ids as c_31 / fk_41 / tr_50:\n" + "\n".join(glued)


def test_the_check_catches_a_glued_id():
    assert any(GLUED.match(p) for p in "test_c31_follow".split("_"))
    assert not any(GLUED.match(p) for p in "test_c_31_r5_22_follow".split("_"))
