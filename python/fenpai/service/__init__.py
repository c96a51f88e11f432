"""The gRPC game service (`fenpai serve`): durable game sessions for clients in any
language, over the protocol in `protos/fenpai/rpc/v1/` (stubs: `fenpai.rpc.v1`).

Modules, one job each: `store` (SQLite), `auth` (tokens), `session` (a game in memory),
`events` (what each recipient may see), `timers` (decision timers), `bots` (server-side
players), `limits` (input sizes), `registry` (finding games), `host` (every operation,
apart from gRPC), `errors` (rejections and their reason codes), `convert` (messages),
`handlers` (method handlers: request parsing, reflection v1 and v1alpha), `server`
(gRPC, health, shutdown).
"""
