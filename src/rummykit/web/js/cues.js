// What a new view does besides being drawn: the motion of another seat's move (motion.js) and the
// sounds (sound.js), read from the protocol's generic parts only (the `played` seat and verb, a
// round result among the events, `to_move`, `hand_counts`, the legal actions).

import { capture, land, motionOn, skip } from "./motion.js";
import { cue } from "./sound.js";

/** The timer's last seconds that tick, on the seat's own turn. */
export const TIMER_WARNING = 5;
const tableOf = () => document.querySelector('[data-testid="table"]');

/** The sound of `view` after `previous` for `seat`: the round's end, else the seat's turn, else a
 * discard, else a meld (the mover's hand shrank), else null. */
function soundOf(view, previous, seat) {
  if (view.events.some((e) => e.params && e.params.result)) return "round_end";
  const mine = (v) => seat !== null && v.observation.to_move === seat && v.legal.length > 0;
  if (mine(view) && !mine(previous)) return "turn";
  if (!view.played) return null;
  const mover = view.played.seat;
  if (view.played.parts.verb === "discard") return "discard";
  return view.observation.hand_counts[mover] < previous.observation.hand_counts[mover] ? "meld" : null;
}

/** One table page's cues: `changed(model)` on each change before drawing, `drawn()` after,
 * `timer(model, left)` as the turn's clock (seconds left) runs. */
export class TableCues {
  constructor() {
    this.view = null;
    this.pending = null;
    this.ticked = null;
  }

  changed(model) {
    const view = model ? model.view : null;
    if (view === this.view) return;
    const previous = this.view;
    this.view = view;
    skip();
    if (!view || !previous || view.type !== "state" || previous.game !== view.game) {
      this.pending = null;
      return;
    }
    const sound = soundOf(view, previous, model.seat);
    if (sound) cue(sound);
    // another seat's move, or the own seat's played by its timer or a stand-in bot
    const played = view.played;
    const other = played && (played.seat !== model.seat || view.notices.some((n) => n.params.seat === played.seat));
    if (other && previous.observation.round === view.observation.round && motionOn()) {
      this.pending = { before: this.pending ? this.pending.before : capture(tableOf(), true), mover: played.seat, verb: played.parts.verb };
    } else this.pending = null;
  }

  drawn() {
    if (this.pending) land(tableOf(), this.pending.before, this.pending.mover, this.pending.verb);
    this.pending = null;
  }

  timer(model, left) {
    if (left === null || left < 1 || left > TIMER_WARNING || model.view.over || !model.myTurn()) return;
    const key = `${model.view.game}:${model.deadline && model.deadline.at}:${left}`;
    if (key !== this.ticked) cue("timer");
    this.ticked = key;
  }
}
