"""The reference of the service load benchmark: an empty gRPC server.

A server on `grpc.aio` (the same server stack as `fenpai serve`, with handlers that
do nothing but answer), driven by the same clients as the load benchmark (Python, or
with `--lang node` the Node clients of node-load/echo.mjs), in as many processes and
slots, as fast as it answers: by unary calls (what Act costs gRPC) or by messages on
one bidirectional stream per slot (what ActStream costs gRPC). Its requests and answers
are the size of an Act's (`REQUEST`, `REPLY`). Measured in the same run as the service,
it says how much of the service's cost is gRPC's own.

    python benches/grpc_reference.py --mode stream -n 100
    python benches/grpc_reference.py --mode stream -n 100 --lang node
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import grpc

METHOD = "/fenpai.bench.Echo/"
#: The bytes of a request and of its answer: those of an ActStream message and its
#: answer in the load benchmark (an ActRequest with a 43-character seat token, and an
#: ActStreamResponse: 76 and 24 bytes on average over red_five_4p games).
REQUEST = b"x" * 76
REPLY = b"y" * 24
#: The Node clients (npm-installed on first use).
NODE_CLIENT = Path(__file__).resolve().parent / "node-load"


def node_client() -> Path:
    """The Node clients' folder, their packages installed."""
    if not (NODE_CLIENT / "node_modules").is_dir():
        npm = ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(npm, cwd=NODE_CLIENT, check=True)
    return NODE_CLIENT


def _same(data: bytes) -> bytes:
    return data


async def _unary(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return REPLY


async def _stream(requests, context: grpc.aio.ServicerContext) -> None:
    """Answers each message: read and written through the call's context, as the
    service's ActStream is (cheaper than iterators)."""
    while await context.read() is not grpc.aio.EOF:
        await context.write(REPLY)


def serve(port: int) -> None:
    """Runs the echo server until killed."""

    async def main() -> None:
        server = grpc.aio.server()
        handlers = {
            "Unary": grpc.unary_unary_rpc_method_handler(_unary, _same, _same),
            "Stream": grpc.stream_stream_rpc_method_handler(_stream, _same, _same),
        }
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(METHOD.strip("/"), handlers),)
        )
        server.add_insecure_port(f"127.0.0.1:{port}")
        await server.start()
        await server.wait_for_termination()

    asyncio.run(main())


async def _client(port: int, slots: int, mode: str, seconds: float) -> list[float]:
    latencies: list[float] = []
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        end = time.monotonic() + seconds

        async def slot() -> None:
            if mode == "unary":
                call = channel.unary_unary(METHOD + "Unary", _same, _same)
                while time.monotonic() < end:
                    start = time.perf_counter()
                    await call(REQUEST)
                    latencies.append(time.perf_counter() - start)
                return
            stream = channel.stream_stream(METHOD + "Stream", _same, _same)()
            while time.monotonic() < end:
                start = time.perf_counter()
                await stream.write(REQUEST)
                await stream.read()
                latencies.append(time.perf_counter() - start)
            await stream.done_writing()

        await asyncio.gather(*(slot() for _ in range(slots)))
    return latencies


def _client_process(args: tuple) -> list[float]:
    return asyncio.run(_client(*args))


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_for(server: multiprocessing.process.BaseProcess, port: int) -> None:
    """Returns once the server listens on `port` (a loaded machine may take seconds to
    start it; a client that found nobody there would fail at once)."""
    end = time.monotonic() + 60.0
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1.0).close()
            return
        except OSError:
            if not server.is_alive() or time.monotonic() > end:
                raise
            time.sleep(0.1)


def _node_clients(port: int, shares: list[int], mode: str, seconds: float) -> list[list[float]]:
    """Runs the Node clients (a process per share of the slots); their latencies."""
    folder = node_client()
    method = METHOD + ("Stream" if mode == "stream" else "Unary")
    procs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, slots in enumerate(shares):
            plan = Path(tmp) / f"echo-{i}.json"
            fields = {"address": f"127.0.0.1:{port}", "method": method, "mode": mode}
            fields |= {"slots": slots, "seconds": seconds, "request_bytes": len(REQUEST)}
            plan.write_text(json.dumps(fields))
            node = ["node", str(folder / "echo.mjs"), str(plan)]
            procs.append(subprocess.Popen(node, stdout=subprocess.PIPE, text=True))
        outputs = [proc.communicate()[0] for proc in procs]
    if any(proc.returncode for proc in procs):
        raise SystemExit("a Node client of the reference failed")
    return [json.loads(out)["latencies"] for out in outputs]


def measure(n: int, mode: str, clients: int, seconds: float, lang: str = "python") -> dict:
    """Calls (or stream messages) per second, p50/p99 and the server's CPU per call,
    with `lang`'s clients."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    context = multiprocessing.get_context("spawn")
    server = context.Process(target=serve, args=(port,), daemon=True)
    server.start()
    try:
        _wait_for(server, port)
        clients = min(clients, n)
        shares = [n // clients + (i < n % clients) for i in range(clients)]
        assert server.pid is not None
        before = _cpu_seconds(server.pid)
        if lang == "node":
            results = _node_clients(port, shares, mode, seconds)
        else:
            with context.Pool(clients) as pool:
                results = pool.map(_client_process, [(port, s, mode, seconds) for s in shares])
        cpu = _cpu_seconds(server.pid) - before
    finally:
        server.kill()
    latencies = sorted(x for r in results for x in r)
    count = len(latencies)
    return {
        "calls_per_s": count / seconds,
        "p50_ms": latencies[count // 2] * 1e3,
        "p99_ms": latencies[int(count * 0.99)] * 1e3,
        "server_cpu_ms_per_call": cpu / count * 1e3,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100, help="slots (concurrent callers)")
    parser.add_argument("--mode", choices=("unary", "stream"), default="unary")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--lang", choices=("python", "node"), default="python")
    args = parser.parse_args()
    r = measure(args.n, args.mode, args.clients, args.seconds, args.lang)
    print(
        f"empty gRPC {args.mode}, {args.lang} clients, N={args.n}: {r['calls_per_s']:.0f}/s,"
        f" p50 {r['p50_ms']:.1f} ms,"
        f" p99 {r['p99_ms']:.1f} ms, server CPU {r['server_cpu_ms_per_call']:.2f} ms per call"
    )


if __name__ == "__main__":
    main()
