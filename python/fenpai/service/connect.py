"""GameService over the Connect protocol (and gRPC-Web), for browsers: connectrpc's ASGI
application with one endpoint per method of the protocol, each calling the gRPC
servicer's own method in-process, so that both transports share one implementation
(its checks, limits, errors and stream bound).

The servicer ends a rejected call with `context.abort(code, message, metadata)`, the
metadata holding the google.rpc status; here that becomes a `ConnectError` with the
same code, message and details (the ErrorInfo with the reason and rule), which
`@connectrpc/connect-web` reads as `ConnectError.findDetails`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

import grpc
from connectrpc.code import Code
from connectrpc.compat import google_protobuf_codecs
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import message_factory
from google.protobuf.descriptor import MethodDescriptor
from google.rpc import status_pb2
from protobuf.wkt import Any as AnyMessage

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import limits

if TYPE_CHECKING:
    from fenpai.service.server import GameServicer

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
#: The URL path prefix of every GameService method.
PATH = f"/{SERVICE.full_name}"
_STATUS_DETAILS = "grpc-status-details-bin"


class _Context:
    """What the servicer uses of a `grpc.aio.ServicerContext`: `abort`."""

    async def abort(
        self,
        code: grpc.StatusCode,
        details: str = "",
        trailing_metadata: Iterable[tuple[str, str | bytes]] = (),
    ) -> NoReturn:
        raise ConnectError(Code[code.name], details, _error_details(trailing_metadata))


def _error_details(metadata: Iterable[tuple[str, str | bytes]]) -> list[ErrorDetail]:
    """The details of the google.rpc status in gRPC trailing metadata."""
    for key, value in metadata:
        if key == _STATUS_DETAILS and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            return [
                ErrorDetail(AnyMessage(type_url=d.type_url, value=d.value)) for d in status.details
            ]
    return []


_CONTEXT = _Context()


def _stream_type(method: MethodDescriptor) -> StreamType:
    if method.client_streaming:
        return StreamType.BIDI_STREAM if method.server_streaming else StreamType.CLIENT_STREAM
    return StreamType.SERVER_STREAM if method.server_streaming else StreamType.UNARY


def _endpoint(servicer: GameServicer, method: MethodDescriptor) -> Endpoint[Any, Any]:
    """The Connect endpoint of `method`, calling the servicer's method of that name."""
    info: MethodInfo[Any, Any] = MethodInfo(
        name=method.name,
        service_name=SERVICE.full_name,
        input=message_factory.GetMessageClass(method.input_type),
        output=message_factory.GetMessageClass(method.output_type),
        idempotency_level=IdempotencyLevel.UNKNOWN,
        stream_type=_stream_type(method),
    )
    impl: Callable[..., Any] = getattr(servicer, method.name)
    if not method.server_streaming:

        async def unary(request: Any, ctx: RequestContext[Any, Any]) -> Any:
            return await impl(request, _CONTEXT)

        return Endpoint.unary(info, unary)

    def stream(request: Any, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
        result: AsyncIterator[Any] = impl(request, _CONTEXT)
        return result

    if method.client_streaming:
        return Endpoint.bidi_stream(info, stream)
    return Endpoint.server_stream(info, stream)


def endpoints(servicer: GameServicer) -> Mapping[str, Any]:
    """Every GameService method's endpoint, by URL path (each an `Endpoint`)."""
    return {f"{PATH}/{m.name}": _endpoint(servicer, m) for m in SERVICE.methods}


class GameServiceConnect(ConnectASGIApplication["GameServicer"]):
    """The ASGI application serving GameService over Connect and gRPC-Web."""

    def __init__(self, servicer: GameServicer):
        super().__init__(
            service=servicer,
            endpoints=endpoints,
            read_max_bytes=limits.MAX_MESSAGE,
            codecs=google_protobuf_codecs(),
        )

    @property
    def path(self) -> str:
        return PATH
