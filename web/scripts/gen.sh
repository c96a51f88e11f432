#!/usr/bin/env bash
# Generates web/src/gen/ (or OUT) with protoc-gen-es: the messages and service of the
# protocol in protos/, and google.rpc's ErrorInfo from the error_details.proto that
# googleapis-common-protos ships (`python` must be the environment fenpai is installed
# in). Needs `npm ci` in web/ first. scripts/test.sh checks the committed files are fresh.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-src/gen}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/googleapis/google/rpc"
python - "$work/googleapis/google/rpc" <<'PY'
import pathlib, shutil, sys
import google.rpc.error_details_pb2 as details
shutil.copy(pathlib.Path(details.__file__).parent / "error_details.proto", sys.argv[1])
PY
npx buf generate ../protos --template buf.gen.yaml --output "$work/out"
npx buf generate "$work/googleapis" --template buf.gen.yaml --output "$work/out"
rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$work/out/src/gen" "$out"
