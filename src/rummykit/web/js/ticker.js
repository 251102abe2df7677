// A countdown's clock: the hook that renders a component again every second while it shows one
// (the turn timer, the break between rounds), and the turn timer's time left.

import { useEffect, useState } from "preact/hooks";

/** Seconds left from which the turn timer is shown as urgent. */
export const URGENT_SECONDS = 10;

/** Render the calling component again every second while `active` (a countdown shown). */
export function useTicker(active) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

/** The turn timer of the seat to move now, from the server's deadline (the model's `deadline`,
 * set from each message's `turn_left`): `{seat, seconds, total, fraction, urgent}`: whole seconds
 * left as shown (at most the table's `turn_seconds`, `total`: it stands full during the break
 * between rounds), the part of the turn left (0..1), whether it is in its last
 * URGENT_SECONDS; null when no timer runs (no timer at the table, a bot's turn, the match over). */
export function turnClock(model) {
  const deadline = model.deadline;
  const total = model.info && model.info.options.turn_seconds;
  if (!deadline || !total || !model.view || model.view.over) return null;
  const left = Math.min(total, Math.max(0, (deadline.at - Date.now()) / 1000));
  const seconds = Math.ceil(left);
  return { seat: deadline.seat, seconds, total, fraction: left / total, urgent: seconds <= URGENT_SECONDS };
}
