// The page's screens by address: #/ the lobby, #/join/GAME?invite=…, #/seat/GAME?seat=N&token=…,
// #/play/GAME,
// #/watch/GAME?watch=…, #/replay/GAME?seat=N&hand=H (a private game's watch link carries its
// watch token, which the browser keeps for the game).

import "./style.css";
import { joinScreen, lobbyScreen } from "./lobby.js";
import { playScreen } from "./play.js";
import { replayScreen } from "./replay.js";
import { seatLinkScreen } from "./seatlink.js";
import { saveWatch } from "./store.js";
import { tickTimers } from "./table.js";
import { loadVariants } from "./variants.js";
import { watchScreen } from "./watch.js";

const root = document.getElementById("app")!;
let leave: () => void = () => {};

function optionalNumber(value: string | null): number | null {
  return value === null || value === "" || Number.isNaN(Number(value)) ? null : Number(value);
}

function route(): void {
  leave();
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query);
  const [, screen = "", gameId = ""] = path.split("/");
  window.scrollTo(0, 0);
  if ((screen === "watch" || screen === "replay") && gameId && params.get("watch")) {
    saveWatch(gameId, params.get("watch")!);
  }
  if (screen === "play" && gameId) leave = playScreen(root, gameId);
  else if (screen === "watch" && gameId) leave = watchScreen(root, gameId);
  else if (screen === "seat" && gameId) leave = seatLinkScreen(root, gameId, Number(params.get("seat")), params.get("token") ?? "");
  else if (screen === "join" && gameId) leave = joinScreen(root, gameId, params.get("invite") ?? "");
  else if (screen === "replay" && gameId) {
    leave = replayScreen(root, gameId, { seat: optionalNumber(params.get("seat")), hand: optionalNumber(params.get("hand")) });
  } else leave = lobbyScreen(root);
}

window.addEventListener("hashchange", route);
setInterval(tickTimers, 250);
// The variants' options and presets first: the lobby offers them and the table names them.
void loadVariants().then(route);
