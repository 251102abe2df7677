// The table's sounds (docs/web.md, "Motion and sound"): short tones synthesized with the Web Audio
// API (no audio files): the seat's turn, a discard, a meld, each of the turn timer's last seconds,
// a round's end. Silent until the person has interacted with the page (the browsers' autoplay
// policy: the AudioContext is made in the first press or key's handler) and while the `sound`
// setting is off (settings.js). Every oscillator the page starts goes through `startNode`, which
// counts it in `window.rummykitSound` (`started`, and `cues`: the cues that sounded, in order),
// the browser tests' view of what was played.

import { prefOn } from "./settings.js";

/** Each cue's notes: [frequency in Hz, start in s after the cue, length in s, oscillator type]. */
const CUES = {
  turn: [
    [659.25, 0, 0.12, "sine"],
    [880, 0.12, 0.18, "sine"],
  ],
  discard: [[196, 0, 0.07, "triangle"]],
  meld: [
    [523.25, 0, 0.08, "triangle"],
    [659.25, 0.07, 0.08, "triangle"],
    [783.99, 0.14, 0.12, "triangle"],
  ],
  timer: [[1046.5, 0, 0.05, "square"]],
  round_end: [
    [523.25, 0, 0.5, "sine"],
    [659.25, 0.05, 0.45, "sine"],
    [783.99, 0.1, 0.4, "sine"],
  ],
};

/** The loudness of every note (the gain at its peak, 0-1). */
const VOLUME = 0.12;

const played = { started: 0, cues: [] };
window.rummykitSound = played;

let context = null;
let activated = false;

/** The first press or key of the page: from then on the page may sound (the context is made, or
 * resumed, inside that handler, as the autoplay policy asks). */
function activate(event) {
  if (!event.isTrusted) return;
  activated = true;
  const AudioCtx = window.AudioContext || window.webkitAudioContext;
  if (!context && AudioCtx) context = new AudioCtx();
  if (context && context.state === "suspended") context.resume();
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, activate, { capture: true });

/** Start `node` (an oscillator) at `when` (the context's seconds) and stop it at `until`: the one
 * way the page starts a sound, counted in `window.rummykitSound.started`. */
function startNode(node, when, until) {
  node.start(when);
  node.stop(until);
  played.started += 1;
}

/** Play cue `name` (a key of CUES: "turn", "discard", "meld", "timer", "round_end") now, unless
 * the page has not been interacted with yet or the sound is switched off; whether it sounded. */
export function cue(name) {
  const notes = CUES[name];
  if (!notes) throw new Error(`no sound cue ${name}`);
  if (!activated || !context || !prefOn("sound")) return false;
  const now = context.currentTime;
  for (const [frequency, start, length, type] of notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = type;
    osc.frequency.value = frequency;
    // a quick rise and an exponential fall: a soft click-free tone
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(context.destination);
    startNode(osc, now + start, now + start + length + 0.02);
  }
  played.cues.push(name);
  return true;
}
