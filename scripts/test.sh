#!/usr/bin/env bash
# Installs fenpai with its dev tools and the learning extras into .venv, then runs every lint and test:
# Rust format, clippy and unit tests; ruff; stub check; mypy (strict); Buf lint of the
# protocol and the freshness of its generated stubs; the TypeScript and Go example
# clients' builds; the documentation site; pytest (the service tests run real servers on
# loopback).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
# The rl and openspiel extras: the environment and OpenSpiel tests run with the rest.
python -m pip install --quiet -e '.[dev,docs,rl,openspiel]'

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace --quiet
ruff check python tests benches examples/python scripts
ruff format --check python tests benches examples/python scripts
python -m mypy.stubtest fenpai._core --allowlist scripts/stubtest-allowlist.txt
mypy

# The protocol passes Buf's lint (STANDARD and COMMENTS) and format checks, and the
# committed gRPC stubs are what it generates.
(cd protos && npm ci --no-audit --no-fund --loglevel=error && npm run --silent check)
generated="$(mktemp -d)"
trap 'rm -rf "$generated"' EXIT
bash scripts/gen_protos.sh "$generated"
diff -r --exclude=__init__.py --exclude=__pycache__ "$generated/fenpai/rpc" python/fenpai/rpc \
  || { echo "gRPC stubs are stale: run scripts/gen_protos.sh and commit" >&2; exit 1; }

# The example clients, which a service test runs against a real server: TypeScript, and
# Go (its stubs generated with pinned plugins from the Go module proxy, not committed;
# gofmt and vet clean).
(cd examples/node-client && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build)
bash scripts/gen_go_protos.sh
(cd examples/go-client && test -z "$(gofmt -l main.go)" && go vet . && go build -o bin/play .)

# The documentation site (docs/, mkdocs.yml): every warning is an error.
# (Not --quiet: it hides the warnings that --strict turns into a failure.)
NO_MKDOCS_2_WARNING=1 mkdocs build --strict --site-dir "$generated/site"

python -m pytest -q "$@"
