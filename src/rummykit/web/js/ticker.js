// A countdown's clock: the hook that renders a component again every second while it shows one
// (the turn timer, the break between rounds).

import { useEffect, useState } from "preact/hooks";

/** Render the calling component again every second while `active` (a countdown shown). */
export function useTicker(active) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
}
