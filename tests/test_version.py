"""`fenpai.__version__` is the installed package's version, which comes from the Cargo
workspace (maturin's dynamic version), and CHANGELOG.md has a section for it."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import fenpai

ROOT = Path(__file__).resolve().parent.parent


def cargo_workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    section = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^version\s*=\s*"([^"]+)"', section, flags=re.MULTILINE)
    assert found, "Cargo.toml has no [workspace.package] version"
    return found.group(1)


def test_version_is_the_installed_packages() -> None:
    assert fenpai.__version__ == version("fenpai")


def test_version_comes_from_the_cargo_workspace() -> None:
    assert fenpai.__version__ == cargo_workspace_version()


def test_changelog_has_a_section_for_the_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{fenpai.__version__}]" in changelog
