#!/usr/bin/env bash
# Installs fenpai with its dev tools and the learning extras into .venv, and Debian's
# Chromium for the browser tests, then runs every lint and test:
# Rust format, clippy and unit tests; ruff; stub check; mypy (strict); Buf lint of the
# protocol and the freshness of its generated stubs; the web app's type check and the
# freshness of its generated code and of the built page the package ships; the
# TypeScript and Go example clients' builds; the documentation site; pytest (the service
# tests run real servers on loopback, on SQLite and on a PostgreSQL server of their own,
# installed here if missing; the browser tests drive Chromium against them; grpcurl and
# ghz, built here, call them through reflection; the Ray tests a local Ray cluster).
set -euo pipefail
cd "$(dirname "$0")/.."

# Headless Chromium from Debian's packages (Playwright drives it; it downloads no
# browser), with fonts for the cards' suit symbols and the games' Chinese names.
browser_packages=(chromium fonts-dejavu-core fonts-noto-cjk)
if ! dpkg -s "${browser_packages[@]}" >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${browser_packages[@]}" >/dev/null
fi

python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
# The rl, openspiel and ray extras: the environment, OpenSpiel and Ray tests run with the
# rest.
python -m pip install --quiet -e '.[dev,docs,rl,openspiel,ray]'

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace --quiet
ruff check python tests benches examples/python examples/learn scripts
ruff format --check python tests benches examples/python examples/learn scripts
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

# The web app (web/): type-checked, and its generated protocol code (web/src/gen/) and
# the built page in the package (python/fenpai/service/webapp/) are what the sources make.
(cd web && npm ci --no-audit --no-fund --loglevel=error)
bash web/scripts/gen.sh "$generated/web-gen"
diff -r "$generated/web-gen" web/src/gen \
  || { echo "web/src/gen is stale: run 'npm run gen' in web/ and commit" >&2; exit 1; }
(cd web && npm run --silent build -- --outDir "$generated/webapp" --logLevel warn)
diff -r "$generated/webapp" python/fenpai/service/webapp \
  || { echo "the built page is stale: run 'npm run build' in web/ and commit" >&2; exit 1; }

# The example clients, which a service test runs against a real server: TypeScript, and
# Go (its stubs generated with pinned plugins from the Go module proxy, not committed;
# gofmt and vet clean).
(cd examples/node-client && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build)
bash scripts/gen_go_protos.sh
(cd examples/go-client && test -z "$(gofmt -l main.go)" && go vet . && go build -o bin/play .)

# The documentation site (docs/, mkdocs.yml): every warning is an error.
# (Not --quiet: it hides the warnings that --strict turns into a failure.)
NO_MKDOCS_2_WARNING=1 mkdocs build --strict --site-dir "$generated/site"

# The service tests run a PostgreSQL server of their own (replicas share one database):
# Debian's package, installed here when missing, and required from here on.
if ! command -v pg_ctl >/dev/null && ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi
export FENPAI_POSTGRES=required

# grpcurl and ghz, which the protocol tests run against a real server (reflection
# resolves every method; ghz loads the service from reflection): pinned, built by
# `go install` from the Go module proxy into .tools/.
GOBIN="$PWD/.tools/bin" go install github.com/fullstorydev/grpcurl/cmd/grpcurl@v1.9.4
GOBIN="$PWD/.tools/bin" go install github.com/bojand/ghz/cmd/ghz@v0.93.0
export PATH="$PWD/.tools/bin:$PATH"

python -m pytest -q "$@"
