// The GameService client over the Connect protocol (binary), on the page's own origin,
// and the reading of a rejection: the ErrorInfo reason and rule the service attaches.

import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { GameService, type GetHistoryResponse } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

const transport = createConnectTransport({
  baseUrl: location.origin,
  useBinaryFormat: true,
});

export const client = createClient(GameService, transport);

type HistoryRequest = Parameters<typeof client.getHistory>[0];

/** A game's whole history (or one hand's): every page GetHistory answers, the events
 * of all of them in the first page's answer. */
export async function wholeHistory(request: HistoryRequest, signal: AbortSignal): Promise<GetHistoryResponse> {
  const whole = await client.getHistory(request, { signal });
  for (let token = whole.nextPageToken; token; ) {
    const page = await client.getHistory({ ...request, pageToken: token }, { signal });
    whole.events.push(...page.events);
    token = page.nextPageToken;
  }
  whole.nextPageToken = "";
  return whole;
}

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

/** What a player is told for the service's reasons that are about the page's state,
 * not a rule: a sentence instead of the code. */
const SAID: Record<string, string> = {
  CLIENT_SEQ_REUSED: "Another tab or click acted first; the table shows what happened.",
  NOT_YOUR_TURN: "It is not your turn any more; the table shows what happened.",
  VERSION_AHEAD: "The table moved on; it shows what happened.",
  GAME_OVER: "The game is over.",
  GAME_NOT_STARTED: "The game starts when every seat is taken.",
  UNKNOWN_GAME: "There is no such game (its link may be mistyped, or the game was closed).",
  BAD_INVITE: "This invite link is not valid for this table (it may be for another seat, or mistyped).",
  INVITE_REQUIRED: "This table is private: you need an invite link to take a seat.",
  SEAT_TAKEN: "That seat is already taken. If it is yours and this browser lost it, ask the table's creator for a new link to it.",
  NO_OPEN_SEAT: "Every seat at this table is taken; you can watch it instead.",
  BAD_TOKEN: "This browser's link to its seat no longer works (a newer link was made for the seat). To get back in, ask the table's creator for the seat's latest link, or watch the game.",
  TOKEN_REQUIRED: "This browser holds no seat at this table. If you had one, ask the table's creator for a new link to it.",
  GAME_NOT_OVER: "The game is still being played; a replay opens when it is over.",
  TOO_MANY_STREAMS: "The server is busy; the page tries again.",
  SHUTTING_DOWN: "The server is restarting; the page reconnects.",
  STORE_UNAVAILABLE: "The server cannot reach its storage right now; try again shortly.",
};

/** A connection failure rather than an answer of the service (a stopped server, a lost
 * network). */
export function isConnectionLoss(r: Rejection): boolean {
  return r.code === Code.Unavailable || (r.code === Code.Unknown && !r.rule && /fetch|network|load failed/i.test(r.message));
}

/** A rejection in words a player reads: the service's own sentence for a rule, ours
 * for the page's state; the code stays in `data-reason` of the element showing it. */
export function rejectionText(r: Rejection): string {
  if (isConnectionLoss(r)) return "The server cannot be reached; the page tries again.";
  return SAID[r.reason] ?? r.message;
}

/** A random request id (32 hex digits: 128 random bits) for CreateGame and JoinGame
 * retries. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
