"""GameService over the Connect protocol (and gRPC-Web), for browsers: connectrpc's ASGI
application with one endpoint per method of the protocol, each calling the gRPC
servicer's own method in-process, so that both transports share one implementation
(its checks, limits, errors and stream bound).

The servicer ends a rejected call with `context.abort(code, message, metadata)`, the
metadata holding the google.rpc status; here that becomes a `ConnectError` with the
same code, message and details (the ErrorInfo with the reason and rule), which
`@connectrpc/connect-web` reads as `ConnectError.findDetails`. A body that is not the
method's message is decoded as a `BadRequest`, as over gRPC, so that the servicer answers
it the same way (MALFORMED_REQUEST with its ErrorInfo). Methods without side effects
(`idempotency_level = NO_SIDE_EFFECTS` in the proto) are served over HTTP GET too.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

import grpc
from connectrpc.code import Code
from connectrpc.codec import Codec
from connectrpc.compat import google_protobuf_codecs
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import descriptor_pb2, message_factory
from google.protobuf.descriptor import MethodDescriptor
from google.rpc import status_pb2
from protobuf.wkt import Any as AnyMessage

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import limits
from fenpai.service.handlers import BadRequest

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


class _TolerantCodec:
    """A codec whose decoding turns bytes that are not the message into a `BadRequest`
    (the servicer's MALFORMED_REQUEST), as the gRPC handlers do."""

    def __init__(self, codec: Codec[Any, Any]):
        self._codec = codec

    def name(self) -> str:
        return self._codec.name()

    def encode(self, message: Any) -> bytes:
        return self._codec.encode(message)

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> Any:
        try:
            return self._codec.decode(data, message_class)
        except Exception:  # the codecs raise DecodeError, ParseError or ValueError
            return BadRequest(message_class.DESCRIPTOR.full_name, len(data))


_NO_SIDE_EFFECTS = descriptor_pb2.MethodOptions.IdempotencyLevel.NO_SIDE_EFFECTS


def _idempotency(method: MethodDescriptor) -> IdempotencyLevel:
    """NO_SIDE_EFFECTS (served over GET as well) where the proto says so."""
    level = method.GetOptions().idempotency_level
    if level == _NO_SIDE_EFFECTS:
        return IdempotencyLevel.NO_SIDE_EFFECTS
    return IdempotencyLevel.UNKNOWN


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
        idempotency_level=_idempotency(method),
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
            codecs=[_TolerantCodec(c) for c in google_protobuf_codecs()],
        )

    @property
    def path(self) -> str:
        return PATH
