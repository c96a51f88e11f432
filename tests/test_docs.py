"""The documentation in docs/ against the rules and the code: every rule id is written
down, every id the package cites can be looked up, every option is documented with
its default, and every example on the rules pages runs as shown."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import pytest

import fenpai
from fenpai.games import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
RULES_DOCS = ROOT / "docs" / "rules"
#: The normative rule texts, beside the repository in development and CI.
SHARED_RULES = ROOT.parent / "shared" / "rules"
RULE_FILES = ("common", "red_five_4p", "red_five_5p", "fifty_k", "tractor")
#: Rules pages of fenpai's own variants, which ../shared/rules does not have: their ids
#: (FF-…) are defined by the docs alone.
OWN_RULE_FILES = {"finding_friends": "FF"}
ALL_RULE_FILES = (*RULE_FILES, *OWN_RULE_FILES)
TRICK_VARIANTS = ("red_five_4p", "red_five_5p", "tractor")
#: TrickRules' options: attribute and keyword of the same name (`decks` is a parameter).
TRICK_OPTIONS = (
    "decks",
    "follow_format",
    "follow_protect",
    "throw_judgement",
    "tractor_above_ace",
    "mixed_tractors",
    "throws",
)

RULE_ID = re.compile(r"\b(?:C|R4|R5|FKO|FK|FF|TRO|TR)-\d+\b")
#: A rule written down on a rules page: its id in bold, as `**C-31 Title.**` or `**C-31**`.
DEFINED = re.compile(r"\*\*((?:C|R4|R5|FKO|FK|FF|TRO|TR)-\d+)\b")
#: The ids of house-rule options (TRO-10, FKO-10 …), by page. The seeds' rule texts describe the
#: default rules only, so these ids are defined by the docs, not by ../shared/rules.
OPTION_PREFIXES = {"tractor": "TRO", "fifty_k": "FKO"}
SOURCE_DIRS = (ROOT / "python" / "fenpai", ROOT / "rust_core" / "src", ROOT / "bindings" / "src")


def page(name: str) -> str:
    return (RULES_DOCS / f"{name}.md").read_text(encoding="utf-8")


def defined_ids(text: str) -> set[str]:
    return set(DEFINED.findall(text))


def all_defined() -> set[str]:
    return set().union(*(defined_ids(page(name)) for name in ALL_RULE_FILES))


def shared_ids(name: str) -> set[str]:
    return set(RULE_ID.findall((SHARED_RULES / f"{name}.md").read_text(encoding="utf-8")))


needs_shared = pytest.mark.skipif(
    not SHARED_RULES.is_dir(), reason="the normative rules (../shared/rules) are not here"
)


@needs_shared
@pytest.mark.parametrize("name", RULE_FILES)
def test_every_normative_rule_is_documented(name: str) -> None:
    """Each rule of ../shared/rules/NAME.md is written down on docs/rules/NAME.md."""
    own = {i for i in shared_ids(name) if i.split("-")[0] == _prefix(name)}
    missing = sorted(own - defined_ids(page(name)))
    assert not missing, f"docs/rules/{name}.md does not define {missing}"


@needs_shared
def test_docs_define_no_rule_the_rules_do_not_have() -> None:
    """Every id the docs define is a normative rule's, except the house-rule options'
    (OPTION_PREFIXES) and fenpai's own variants' (OWN_RULE_FILES), which the seeds' rules
    do not have."""
    normative = set().union(*(shared_ids(name) for name in RULE_FILES))
    options = {*OPTION_PREFIXES.values(), *OWN_RULE_FILES.values()}
    unknown = sorted(i for i in all_defined() - normative if i.split("-")[0] not in options)
    assert not unknown, f"docs/rules define ids that ../shared/rules do not: {unknown}"


def _prefix(name: str) -> str:
    return {
        "common": "C",
        "red_five_4p": "R4",
        "red_five_5p": "R5",
        "fifty_k": "FK",
        "tractor": "TR",
        **OWN_RULE_FILES,
    }[name]


def cited_ids() -> dict[str, set[Path]]:
    """Every rule id cited in the package's source (Python, stubs, Rust), with its files."""
    out: dict[str, set[Path]] = {}
    for folder in SOURCE_DIRS:
        for path in folder.rglob("*"):
            if path.suffix not in (".py", ".pyi", ".rs"):
                continue
            for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
                out.setdefault(rule, set()).add(path.relative_to(ROOT))
    return out


def test_every_rule_id_the_source_cites_is_documented() -> None:
    """An id in an error message or docstring can be looked up in docs/rules."""
    cited = cited_ids()
    assert len(cited) > 50, "the source cites rule ids; the scan found almost none"
    defined = all_defined()
    missing = {
        rule: sorted(map(str, files)) for rule, files in cited.items() if rule not in defined
    }
    assert not missing, f"cited in the source but not in docs/rules: {missing}"


def test_rule_pages_define_their_own_ids_only() -> None:
    for name in ALL_RULE_FILES:
        own = {_prefix(name), OPTION_PREFIXES.get(name)}
        foreign = sorted(i for i in defined_ids(page(name)) if i.split("-")[0] not in own)
        assert not foreign, f"docs/rules/{name}.md defines {foreign}"


@pytest.mark.parametrize("variant", sorted(OPTION_PREFIXES))
def test_every_house_rule_has_an_id_for_itself_and_each_value(variant: str) -> None:
    """A house rule's row in the options table cites its id (TRO-10), and the ids after it
    in the same ten (TRO-11 …) each name the values the option takes (`**TRO-11 `none`.**`,
    `**FKO-22 `2`, `3`, `4`.**`; numbers for a number), its default among them."""
    text, prefix = page(variant), OPTION_PREFIXES[variant]
    game = VARIANTS[variant]
    assert game.HOUSE_RULES, f"{variant} has no house rules"
    heads = re.findall(rf"\*\*{prefix}-(\d+) ((?:`\w+`(?:, )?)+)\.\*\*", text)
    named = {int(n): re.findall(r"`(\w+)`", vs) for n, vs in heads}
    for name in game.HOUSE_RULES:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        (cited,) = {int(n) for n in re.findall(rf"\b{prefix}-(\d+)\b", row)}
        assert f"{prefix}-{cited}" in defined_ids(text) and cited % 10 == 0, row
        values = [
            int(v) if v.isdigit() else v
            for n, vs in named.items()
            if n // 10 == cited // 10
            for v in vs
        ]
        option = game.OPTIONS[name]
        assert len(values) >= 2 and option.default in values, (name, values)
        assert all(option.valid(v) for v in values), (name, values)


def option_table(text: str, heading: str) -> dict[str, object]:
    """The option table under `heading`: first column the name, second its default (a
    Python literal), both in backticks."""
    section = text.split(f"\n### {heading}\n", 1)
    assert len(section) == 2, f"no '### {heading}' section"
    body = re.split(r"\n#{1,3} ", section[1], maxsplit=1)[0]
    rows: dict[str, object] = {}
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`") and cells[1].startswith("`"):
            rows[cells[0].strip("`")] = ast.literal_eval(cells[1].strip("`"))
    return rows


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_game_option_is_documented_with_its_default(variant: str) -> None:
    documented = option_table(page(variant), "Game options")
    for name, option in VARIANTS[variant].OPTIONS.items():
        default = option.default
        assert name in documented, f"docs/rules/{variant}.md: option {name} is not documented"
        assert documented[name] == default, f"{variant} option {name}: default is {default!r}"
    extra = sorted(set(documented) - set(VARIANTS[variant].OPTIONS))
    assert not extra, f"docs/rules/{variant}.md documents options the game lacks: {extra}"


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_every_trick_rules_option_is_documented_with_its_default(variant: str) -> None:
    documented = option_table(page(variant), "Trick rules options")
    rules = fenpai.TrickRules(variant)
    for name in TRICK_OPTIONS:
        assert name in documented, f"docs/rules/{variant}.md: {name} is not documented"
        assert documented[name] == getattr(rules, name), f"{variant}: {name} default"


def pages_with_code() -> list[Path]:
    return sorted(p for p in (ROOT / "docs").rglob("*.md") if "```python" in p.read_text("utf-8"))


@pytest.mark.parametrize("path", pages_with_code(), ids=lambda p: p.stem)
def test_python_snippets_on_every_page_run(path: Path) -> None:
    """The `python` blocks of a page run in order, in one namespace, without an error."""
    namespace: dict[str, object] = {}
    for i, block in enumerate(re.findall(r"```python\n(.*?)```", path.read_text("utf-8"), re.S)):
        exec(compile(block, f"{path.relative_to(ROOT)} block {i + 1}", "exec"), namespace)


def examples(text: str) -> str:
    """The `pycon` code blocks of a page, one after the other."""
    return "\n".join(re.findall(r"```pycon\n(.*?)```", text, flags=re.DOTALL))


@pytest.mark.parametrize("name", ALL_RULE_FILES)
def test_rule_page_examples_run_as_shown(name: str) -> None:
    source = examples(page(name))
    test = doctest.DocTestParser().get_doctest(source, {}, name, f"{name}.md", 0)
    assert test.examples, f"docs/rules/{name}.md has no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"docs/rules/{name}.md: {runner.failures} examples fail"
