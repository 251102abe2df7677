// What the table page makes of each new view besides drawing it (docs/web.md, "Motion and
// sound"): the motion of another seat's move (motion.js) and the sounds (sound.js). Read from the
// protocol's generic parts only: the `played` action's seat and verb, the events' round result,
// the observation's `to_move` and `hand_counts`, the legal actions; no game's rules.

import { capture, land, motionOn, skip } from "./motion.js";
import { cue } from "./sound.js";

/** The turn timer's last seconds that tick (the seat's own turn). */
export const TIMER_WARNING = 5;

/** The sound a new view `view` makes after `previous` (same match) for the page's `seat`: the
 * round's end; else the seat's turn coming; else a meld (the mover's hand shrank by anything but a
 * discard: pieces laid on the table); else a discard; else null. */
function soundOf(view, previous, seat) {
  if (view.events.some((e) => e.params && e.params.result)) return "round_end";
  const obs = view.observation;
  const mine = (v) => seat !== null && v.observation.to_move === seat && v.legal.length > 0;
  if (mine(view) && !mine(previous)) return "turn";
  if (!view.played) return null;
  const { seat: mover, parts } = view.played;
  if (parts.verb === "discard") return "discard";
  if (obs.hand_counts[mover] < previous.observation.hand_counts[mover]) return "meld";
  return null;
}

/** Whether the page animates `view`'s move for `seat`: another seat's, or the page's own seat's
 * when a timer's default move or a stand-in bot played it (the person did not). */
function animates(view, seat) {
  const mover = view.played.seat;
  return mover !== seat || view.notices.some((n) => n.params && n.params.seat === mover);
}

/** The cues of one table page: `changed(model)` on every change of its model (before the page
 * draws it), `drawn(root)` once the page is drawn, `timer(model, left)` as the turn's clock runs. */
export class TableCues {
  constructor() {
    this.view = null;
    /** The move to animate once the page is drawn: {before, mover, verb}, or null. */
    this.pending = null;
    this.ticked = null;
  }

  /** A change of `model` (a TableModel, or null while the page makes it): a new view of the same
   * match and round after an action sounds, and another seat's move is made ready to fly. */
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
    const sameRound = previous.observation.round === view.observation.round;
    if (view.played && sameRound && motionOn() && animates(view, model.seat)) {
      const before = this.pending ? this.pending.before : capture(document.querySelector('[data-testid="table"]'), true);
      this.pending = { before, mover: view.played.seat, verb: view.played.parts.verb };
    } else this.pending = null;
  }

  /** The page has drawn the latest view: the move made ready flies. */
  drawn() {
    if (!this.pending) return;
    const { before, mover, verb } = this.pending;
    this.pending = null;
    land(document.querySelector('[data-testid="table"]'), before, mover, verb);
  }

  /** The turn timer shows `left` seconds: on the seat's own turn, each of the last TIMER_WARNING
   * seconds ticks once. */
  timer(model, left) {
    const view = model.view;
    if (left === null || left < 1 || left > TIMER_WARNING || !view || view.over || !model.myTurn()) return;
    const key = `${view.game}:${model.turnStart && model.turnStart.at}:${left}`;
    if (key === this.ticked) return;
    this.ticked = key;
    cue("timer");
  }
}
