// A table's chat beside the felt: the messages (read every few seconds from the
// server, which keeps them with the game) and, for a seated player, a line to send one.

import type { VNode } from "preact";
import { client, rejection, rejectionText } from "./api.js";
import { h } from "./dom.js";
import type { ChatMessage } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { watchCredential } from "./store.js";
import { seatName } from "./words.js";

/** How often the chat is read. */
const POLL_MS = 3000;

export interface Chat {
  /** The panel; `me`: the viewer's seat ("You"), null for a spectator. */
  view(me: number | null): VNode;
  stop(): void;
}

/** The chat of `gameId`; `token`: the seat's, to send (none: read only); `redraw`
 * is called when it changes. */
export function chatOf(gameId: string, token: string | null, redraw: () => void): Chat {
  const abort = new AbortController();
  const messages: ChatMessage[] = [];
  let draft = "";
  let error = "";
  let sending = false;

  async function poll(): Promise<void> {
    try {
      const after = messages.length ? messages[messages.length - 1].seq : 0n;
      const got = await client.getChat({ gameId, afterSeq: after, watchToken: token ?? watchCredential(gameId) }, { signal: abort.signal });
      if (got.messages.length) {
        messages.push(...got.messages);
        redraw();
      }
    } catch {
      // the connection indicator tells; the next poll tries again
    }
  }

  async function send(): Promise<void> {
    if (!token || !draft.trim() || sending) return;
    sending = true;
    try {
      await client.sendChat({ gameId, seatToken: token, text: draft }, { signal: abort.signal });
      draft = "";
      error = "";
      await poll();
    } catch (err) {
      error = rejectionText(rejection(err));
    }
    sending = false;
    redraw();
  }

  void poll();
  const timer = setInterval(() => void poll(), POLL_MS);

  return {
    view(me: number | null): VNode {
      return h(
        "div.chat",
        null,
        h("h3", null, "Chat"),
        h(
          "div.chat-scroll",
          { tabindex: 0, "aria-label": "chat messages" },
          h("ol", null, messages.slice(-200).map((m) => h("li", { dataset: { seat: String(m.seat) } }, h("strong", null, `${seatName(m.seat, me)}: `), m.text))),
        ),
        token
          ? h(
              "form.chat-send",
              {
                onsubmit: (e: Event) => {
                  e.preventDefault();
                  void send();
                },
              },
              h("input#chat-text", {
                type: "text",
                maxLength: 200,
                placeholder: "say something (no cards)",
                "aria-label": "chat message",
                value: draft,
                oninput: (e: Event) => (draft = (e.target as HTMLInputElement).value),
              }),
              h("button", { type: "submit", disabled: sending }, "Send"),
            )
          : null,
        error ? h("p.error", { role: "alert" }, error) : null,
      );
    },
    stop(): void {
      abort.abort();
      clearInterval(timer);
    },
  };
}
