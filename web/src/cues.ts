// What tells a player it is their turn when they look elsewhere: the tab's title, and a
// short tone when the turn starts and when its timer runs out. Either can be switched
// off; the choice stays in the browser (localStorage).

const TITLE = "fenpai";

export interface CueSettings {
  sound: boolean;
  title: boolean;
}

export function cueSettings(): CueSettings {
  try {
    const saved = JSON.parse(localStorage.getItem("fenpai:cues") ?? "{}") as Partial<CueSettings>;
    return { sound: saved.sound ?? true, title: saved.title ?? true };
  } catch {
    return { sound: true, title: true };
  }
}

export function saveCueSettings(settings: CueSettings): void {
  localStorage.setItem("fenpai:cues", JSON.stringify(settings));
}

let audio: AudioContext | null = null;

/** A short sine tone (the page's only sound); silent where audio is unavailable. */
export function tone(frequency: number, seconds = 0.15): void {
  if (!cueSettings().sound) return;
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + seconds);
  } catch {
    // no audio device: the title still tells
  }
}

/** The tab's title: "▶ Your turn · fenpai" on the seat's turn (when switched on). */
export function setTurnTitle(turn: boolean, secondsLeft: number | null): void {
  const on = turn && cueSettings().title;
  const left = secondsLeft !== null ? ` (${secondsLeft}s)` : "";
  document.title = on ? `▶ Your turn${left} · ${TITLE}` : TITLE;
}
