// The table's sounds: short Web Audio tones (no audio files), silent until the person's first
// press or key (the autoplay policy) and while the `sound` setting is off. Every oscillator starts
// in `startNode`, counted in `window.rummykitSound` ({started, cues}) for the browser tests.

import { prefOn } from "./settings.js";

/** Each cue's notes: [Hz, start s, length s, wave]. */
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
const VOLUME = 0.12;
const played = { started: 0, cues: [] };
window.rummykitSound = played;
let context = null;

/** The first trusted press or key: the context is made (or resumed) in its handler. */
function activate(event) {
  if (!event.isTrusted || !window.AudioContext) return;
  context = context || new AudioContext();
  if (context.state === "suspended") context.resume();
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, activate, { capture: true });

function startNode(node, when, until) {
  node.start(when);
  node.stop(until);
  played.started += 1;
}

/** Play cue `name` ("turn", "discard", "meld", "timer", "round_end"); whether it sounded (not
 * before the first interaction, nor with the sound off). */
export function cue(name) {
  if (!context || !prefOn("sound")) return false;
  const now = context.currentTime;
  for (const [hz, start, length, wave] of CUES[name]) {
    const osc = new OscillatorNode(context, { type: wave, frequency: hz });
    const gain = new GainNode(context, { gain: 0.0001 });
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(context.destination);
    startNode(osc, now + start, now + start + length + 0.02);
  }
  played.cues.push(name);
  return true;
}
