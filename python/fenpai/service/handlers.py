"""The method handlers the server registers: GameService's, whose request parsing turns
bytes that are not the method's message into a `BadRequest` (answered INVALID_ARGUMENT
by the servicer, where gRPC would answer UNKNOWN and log a traceback), and server
reflection under both v1 and v1alpha.

grpcio-reflection serves only `grpc.reflection.v1alpha`; `grpc.reflection.v1` is the
same protocol under another package (the messages are wire-identical), so its servicer
is registered under both names, and the v1 file is added to the descriptor pool (made
from the v1alpha one) so that reflection can describe itself under either name.
Reflection looks symbols up in a pool that also finds a method by its full name
(`fenpai.rpc.v1.GameService.GetGame`, as grpcurl and ghz ask for it), which protobuf's
own pool does not.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, text_format
from google.protobuf.message import DecodeError
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["GameService"].full_name
REFLECTION_V1ALPHA = reflection.SERVICE_NAME
REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"

Handlers = dict[str, "grpc.RpcMethodHandler[Any, Any]"]


@dataclass(frozen=True)
class BadRequest:
    """Request bytes that do not parse as `expected` (a message's full name)."""

    expected: str
    size: int


class _Capture:
    """Stands in for a server to a generated `add_*Servicer_to_server`, keeping the
    method handlers it would register."""

    handlers: Handlers

    def add_generic_rpc_handlers(self, generic: Iterable[Any]) -> None:
        pass

    def add_registered_method_handlers(self, service: str, handlers: Handlers) -> None:
        self.handlers = dict(handlers)


def _handlers(add: Callable[[Any, Any], None], servicer: Any) -> Handlers:
    capture = _Capture()
    add(servicer, capture)
    return capture.handlers


def _register(server: grpc.aio.Server, service: str, handlers: Handlers) -> None:
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service, handlers),))
    server.add_registered_method_handlers(service, handlers)


def _tolerant(parse: Callable[[bytes], Any] | None, expected: str) -> Callable[[bytes], Any]:
    """`parse`, with a BadRequest for bytes that are not the message."""
    if parse is None:
        raise ValueError(f"the handler of {expected} has no request parser")

    def deserialize(data: bytes) -> Any:
        try:
            return parse(data)
        except DecodeError:
            return BadRequest(expected, len(data))

    return deserialize


def add_game_service(
    servicer: pb_grpc.GameServiceServicer,
    server: grpc.aio.Server,
    bidi: Mapping[str, Callable[..., Awaitable[None]]] = {},
) -> None:
    """Registers GameService; its methods get a BadRequest for unparsable bytes. A
    bidirectional method named in `bidi` is served by that coroutine (which reads and
    writes through the call's context) instead of the servicer's method."""
    methods = pb.DESCRIPTOR.services_by_name["GameService"].methods_by_name
    handlers = {}
    for name, handler in _handlers(pb_grpc.add_GameServiceServicer_to_server, servicer).items():
        handlers[name] = handler._replace(  # type: ignore[attr-defined]
            request_deserializer=_tolerant(
                handler.request_deserializer, methods[name].input_type.full_name
            ),
            **({"stream_stream": bidi[name]} if name in bidi else {}),
        )
    _register(server, SERVICE_NAME, handlers)


def _add_reflection_v1_file() -> None:
    """Adds `grpc/reflection/v1/reflection.proto` to the default pool: the v1alpha file
    under the v1 package."""
    pool = descriptor_pool.Default()
    try:
        pool.FindFileByName("grpc/reflection/v1/reflection.proto")
        return
    except KeyError:
        pass
    source = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(source)
    text = text_format.MessageToString(source)
    file = text_format.Parse(
        text.replace("grpc.reflection.v1alpha", "grpc.reflection.v1"),
        descriptor_pb2.FileDescriptorProto(),
    )
    file.name = "grpc/reflection/v1/reflection.proto"
    file.ClearField("options")
    pool.Add(file)


class MethodPool:
    """A descriptor pool whose `FindFileContainingSymbol` also finds a service's method
    by its full name (the file of its service); everything else is `pool`'s."""

    def __init__(self, pool: descriptor_pool.DescriptorPool):
        self._pool = pool

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)

    def FindFileContainingSymbol(self, symbol: str) -> Any:  # noqa: N802 (protobuf's name)
        try:
            return self._pool.FindFileContainingSymbol(symbol)
        except KeyError:
            service, _, method = symbol.rpartition(".")
            try:
                found = self._pool.FindServiceByName(service)
            except KeyError:
                found = None
            if found is None or method not in found.methods_by_name:
                raise
            return found.file


def add_reflection(server: grpc.aio.Server, services: Iterable[str]) -> None:
    """Serves reflection v1 and v1alpha, listing `services` and both reflections."""
    _add_reflection_v1_file()
    names = (*services, REFLECTION_V1, REFLECTION_V1ALPHA)
    pool = MethodPool(descriptor_pool.Default())
    servicer = reflection.aio.ReflectionServicer(names, pool=pool)
    handlers = _handlers(reflection_pb2_grpc.add_ServerReflectionServicer_to_server, servicer)
    _register(server, REFLECTION_V1ALPHA, handlers)
    _register(server, REFLECTION_V1, handlers)
