// The session (api.js: the account signed in, or a guest's) as a hook for the pages.

import { useEffect, useState } from "preact/hooks";
import { currentSession, loadSession, onSession } from "./api.js";

/** `{ session, ready }`: the session (`{ account, csrf }`, `account` null for a guest), following
 * sign-in and sign-out; `ready` once the server has answered for it. Subscribes before it asks,
 * so a session that loads meanwhile is never missed. */
export function useSession() {
  const [session, setSession] = useState(currentSession());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const stop = onSession(setSession);
    loadSession().then((loaded) => {
      setSession(loaded);
      setReady(true);
    });
    return stop;
  }, []);
  return { session, ready };
}

/** Whether `hash` is a place the account page brings one back to: a table or a replay. */
export const comesBack = (hash) => /^#\/(t|replay)\//.test(hash);

/** The account page's address, `back` the table or replay shown now. */
export const accountAddress = () => `#/account${comesBack(location.hash) ? `?back=${encodeURIComponent(location.hash)}` : ""}`;
