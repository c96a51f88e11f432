// The deal made visible: cards that reach the seat's hand are shown one at a time, at a
// pace a player can follow (the server deals a whole hand in well under a second), until
// the player skips it or the seat has a decision to make, when the whole hand shows.

/** The pause between two cards arriving in the hand. */
export const DEAL_STEP_MS = 160;

export interface DealReveal {
  /** Takes the hand the seat now holds; `instant`: all of it is shown at once. */
  update(hand: readonly string[], instant: boolean): void;
  /** For each card of `hand`, whether it is shown yet. */
  shown(hand: readonly string[]): boolean[];
  /** True while cards that arrived are still to be shown. */
  dealing(): boolean;
  /** Shows every card that arrived. */
  skip(): void;
  stop(): void;
}

/** Keeps the cards of `list` that `pool` still holds (as a multiset: two decks may hold
 * two copies of a card), taking them out of `pool`. */
function keepHeld(list: string[], pool: string[]): string[] {
  return list.filter((c) => {
    const i = pool.indexOf(c);
    if (i < 0) return false;
    pool.splice(i, 1);
    return true;
  });
}

/** A deal shown at `DEAL_STEP_MS` a card; `changed` is called as each card shows. */
export function dealReveal(changed: () => void): DealReveal {
  let shown: string[] = [];
  /** Cards in the hand not shown yet, in the order they arrived. */
  let pending: string[] = [];
  let timer: number | undefined;
  const stopTimer = () => {
    window.clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    const next = pending.shift();
    if (next !== undefined) shown.push(next);
    if (!pending.length) stopTimer();
    changed();
  };
  return {
    update(hand, instant) {
      const pool = [...hand];
      shown = keepHeld(shown, pool); // played cards leave the hand
      pending = keepHeld(pending, pool);
      pending.push(...pool);
      if (instant) {
        shown.push(...pending);
        pending = [];
      }
      if (!pending.length) stopTimer();
      else if (timer === undefined) timer = window.setInterval(tick, DEAL_STEP_MS);
    },
    shown(hand) {
      const pool = [...shown];
      return hand.map((c) => keepHeld([c], pool).length > 0);
    },
    dealing: () => pending.length > 0,
    skip() {
      if (!pending.length) return;
      shown.push(...pending);
      pending = [];
      stopTimer();
      changed();
    },
    stop: stopTimer,
  };
}
