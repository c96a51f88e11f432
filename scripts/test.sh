#!/usr/bin/env bash
# Installs fenpai with its dev tools into .venv, then runs every lint and test:
# Rust format, clippy and unit tests; ruff; stub check; pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e '.[dev]'

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace --quiet
ruff check python tests benches
ruff format --check python tests benches
python -m mypy.stubtest fenpai._core --allowlist scripts/stubtest-allowlist.txt
python -m pytest -q "$@"
