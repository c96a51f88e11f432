// The GameService client over the Connect protocol (binary), on the page's own origin,
// and the reading of a rejection: the ErrorInfo reason and rule the service attaches.

import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { GameService } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

const transport = createConnectTransport({
  baseUrl: location.origin,
  useBinaryFormat: true,
});

export const client = createClient(GameService, transport);

/** Why a call failed: the service's reason code, the rule broken and its message. */
export interface Rejection {
  reason: string;
  rule: string;
  message: string;
  code: Code;
}

export function rejection(err: unknown): Rejection {
  const e = ConnectError.from(err);
  const info = e.findDetails(ErrorInfoSchema)[0];
  return {
    reason: info?.reason ?? Code[e.code]?.toString() ?? "UNKNOWN",
    rule: info?.metadata["rule"] ?? "",
    message: e.rawMessage,
    code: e.code,
  };
}

/** A random request id (16+ characters) for CreateGame and JoinGame retries. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
