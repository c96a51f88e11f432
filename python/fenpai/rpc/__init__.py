"""Generated gRPC stubs of the fenpai protocol (`protos/fenpai/rpc/`)."""
