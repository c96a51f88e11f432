"""`fenpai.rpc.v1`: stubs generated from `protos/fenpai/rpc/v1/*.proto` by
`scripts/gen_protos.sh`; do not edit them, regenerate."""
