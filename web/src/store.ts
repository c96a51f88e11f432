// What the browser keeps between visits (localStorage): the seats it joined (game id ->
// seat and secret token), the invites, admin and watch tokens of the tables it created
// (or whose watch link it opened), and its games.

export interface SavedSeat {
  seat: number;
  token: string;
}

export interface SavedGame {
  gameId: string;
  variant: string;
  created: number;
}

const key = (kind: string, gameId: string) => `fenpai:${kind}:${gameId}`;

function read<T>(name: string): T | null {
  try {
    const text = localStorage.getItem(name);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function seatIn(gameId: string): SavedSeat | null {
  return read<SavedSeat>(key("seat", gameId));
}

export function saveSeat(gameId: string, variant: string, seat: SavedSeat): void {
  localStorage.setItem(key("seat", gameId), JSON.stringify(seat));
  const games = myGames().filter((g) => g.gameId !== gameId);
  games.unshift({ gameId, variant, created: Date.now() });
  localStorage.setItem("fenpai:games", JSON.stringify(games.slice(0, 50)));
}

/** The name this browser's player chose (sent when joining a seat). */
export function playerName(): string {
  return localStorage.getItem("fenpai:name") ?? "";
}

export function savePlayerName(name: string): void {
  localStorage.setItem("fenpai:name", name);
}

export function myGames(): SavedGame[] {
  return read<SavedGame[]>("fenpai:games") ?? [];
}

/** A private table's invites by seat, kept by the browser that created it. */
export function invitesOf(gameId: string): Record<string, string> {
  return read<Record<string, string>>(key("invites", gameId)) ?? {};
}

export function saveInvites(gameId: string, invites: Record<string, string>): void {
  localStorage.setItem(key("invites", gameId), JSON.stringify(invites));
}

/** The admin token of a game this browser created (it can reissue a seat's link). */
export function adminOf(gameId: string): string {
  return localStorage.getItem(key("admin", gameId)) ?? "";
}

export function saveAdmin(gameId: string, token: string): void {
  localStorage.setItem(key("admin", gameId), token);
}

/** A private game's watch token, kept by the browser that created it or opened its
 * watch link. */
export function saveWatch(gameId: string, token: string): void {
  if (token) localStorage.setItem(key("watch", gameId), token);
}

/** The watch token this browser keeps for a private game ("" for none). */
export function watchOf(gameId: string): string {
  return localStorage.getItem(key("watch", gameId)) ?? "";
}

/** What this browser may watch a private game with (Spectate, GetHistory, ReplayGame,
 * GetChat): its seat's token, the game's watch token or one of its invites; "" for none
 * (enough for an open game). */
export function watchCredential(gameId: string): string {
  const invite = Object.values(invitesOf(gameId))[0];
  return seatIn(gameId)?.token || watchOf(gameId) || invite || "";
}

/** The last hand of a game this tab showed dealt (a reload does not deal it again). */
export function dealShown(gameId: string): number {
  return Number(sessionStorage.getItem(key("dealt", gameId)) ?? 0);
}

export function markDealShown(gameId: string, hand: number): void {
  sessionStorage.setItem(key("dealt", gameId), String(hand));
}

/** The request id of a join under way, kept so that a reload retries the same join. */
export function joinRequest(gameId: string, fresh: () => string): string {
  const name = key("join", gameId);
  const found = sessionStorage.getItem(name);
  if (found) return found;
  const id = fresh();
  sessionStorage.setItem(name, id);
  return id;
}

export function joinDone(gameId: string): void {
  sessionStorage.removeItem(key("join", gameId));
}
