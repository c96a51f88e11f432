"""`ServiceError`: a rejected call, with the gRPC status code it maps to.

The game host raises it and changes nothing; the gRPC layer turns it into a status.
Messages name the problem and never quote another seat's hidden cards.
"""

from __future__ import annotations

import grpc


class ServiceError(Exception):
    """A call the service rejects: `code` is the gRPC status, `message` the reason."""

    def __init__(self, code: grpc.StatusCode, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def invalid(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, message)


def precondition(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.FAILED_PRECONDITION, message)


def not_found(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.NOT_FOUND, message)


def too_large(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED, message)
