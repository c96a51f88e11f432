#!/usr/bin/env bash
# Generates the Python gRPC stubs of protos/ (package fenpai.rpc.v1) with grpcio-tools
# into OUT (default: python/, so they land in python/fenpai/rpc/v1/ and ship with the
# package). scripts/test.sh generates into a temporary folder and checks that nothing
# differs from the committed stubs.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-python}"
python -m grpc_tools.protoc -I protos \
  --python_out="$out" --pyi_out="$out" --grpc_python_out="$out" \
  protos/fenpai/rpc/v1/*.proto
