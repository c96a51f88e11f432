"""The reference of the service load benchmark: an empty gRPC server.

An echo server on `grpc.aio` (the same server stack as `fenpai serve`, with handlers that
do nothing), driven by the same number of Python client processes and game slots as the
load benchmark, as fast as it answers: by unary calls (what Act costs gRPC) or by
messages on one bidirectional stream per slot (what ActStream costs gRPC). Measured in
the same run as the service, it says how much of the service's cost is gRPC's own.

    python benches/grpc_reference.py --mode stream -n 100
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import time
from pathlib import Path

import grpc

METHOD = "/fenpai.bench.Echo/"
#: About the size of an ActRequest.
PAYLOAD = b"x" * 96


def _same(data: bytes) -> bytes:
    return data


async def _unary(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return request


async def _stream(requests, context: grpc.aio.ServicerContext):
    async for request in requests:
        yield request


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
                    await call(PAYLOAD)
                    latencies.append(time.perf_counter() - start)
                return
            stream = channel.stream_stream(METHOD + "Stream", _same, _same)()
            while time.monotonic() < end:
                start = time.perf_counter()
                await stream.write(PAYLOAD)
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


def measure(n: int, mode: str, clients: int, seconds: float) -> dict:
    """Calls (or stream messages) per second, p50/p99 and the server's CPU per call."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    context = multiprocessing.get_context("spawn")
    server = context.Process(target=serve, args=(port,), daemon=True)
    server.start()
    try:
        time.sleep(1.0)
        clients = min(clients, n)
        shares = [n // clients + (i < n % clients) for i in range(clients)]
        assert server.pid is not None
        before = _cpu_seconds(server.pid)
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
    args = parser.parse_args()
    r = measure(args.n, args.mode, args.clients, args.seconds)
    print(
        f"empty gRPC {args.mode}, N={args.n}: {r['calls_per_s']:.0f}/s, p50 {r['p50_ms']:.1f} ms,"
        f" p99 {r['p99_ms']:.1f} ms, server CPU {r['server_cpu_ms_per_call']:.2f} ms per call"
    )


if __name__ == "__main__":
    main()
