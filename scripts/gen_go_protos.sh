#!/usr/bin/env bash
# Generates the Go gRPC stubs of protos/ for examples/go-client (into its gen/ module,
# import path github.com/fenpai/fenpai/gen/go/fenpai/rpc/v1, the proto's go_package) with
# protoc from grpcio-tools and the pinned protoc-gen-go and protoc-gen-go-grpc, which
# `go install` fetches from the Go module proxy into examples/go-client/.tools/. The
# stubs are generated at build time and not committed: scripts/test.sh runs this script
# before building the example.
set -euo pipefail
cd "$(dirname "$0")/.."
example=examples/go-client
tools="$PWD/$example/.tools"
GOBIN="$tools" go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
GOBIN="$tools" go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.1
rm -rf "$example/gen/fenpai" && mkdir -p "$example/gen"
python -m grpc_tools.protoc -I protos \
  --plugin=protoc-gen-go="$tools/protoc-gen-go" \
  --plugin=protoc-gen-go-grpc="$tools/protoc-gen-go-grpc" \
  --go_out="$example/gen" --go_opt=module=github.com/fenpai/fenpai/gen/go \
  --go-grpc_out="$example/gen" --go-grpc_opt=module=github.com/fenpai/fenpai/gen/go \
  protos/fenpai/rpc/v1/*.proto
