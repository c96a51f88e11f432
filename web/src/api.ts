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
  if (!(err instanceof ConnectError)) {
    return { reason: "", rule: "", message: err instanceof Error ? err.message : String(err), code: Code.Unknown };
  }
  const info = err.findDetails(ErrorInfoSchema)[0];
  return {
    reason: info?.reason ?? Code[err.code] ?? "UNKNOWN",
    rule: info?.metadata["rule"] ?? "",
    message: err.rawMessage,
    code: err.code,
  };
}

/** A rejection in one line: "UNKNOWN_VARIANT: unknown variant …". */
export function rejectionText(r: Rejection): string {
  return r.reason ? `${r.reason}: ${r.message}` : r.message;
}

/** A random request id (16+ characters) for CreateGame and JoinGame retries. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
