"""Shared by every test module: the Ray clusters that tests start listen on the loopback
address only."""

import os

# Read when Ray is imported: on Linux, "0" keeps a local cluster on 127.0.0.1 instead of
# the machine's network address.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
