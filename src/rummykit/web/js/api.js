// The server's HTTP API (docs/protocol.md): JSON in and out; a refusal throws an ApiError carrying
// the server's {code, params}.

export class ApiError extends Error {
  constructor(code, params) {
    super(code);
    this.code = code;
    this.params = params || {};
  }
}

/** `fetch(path, init)` and its JSON answer; a refusal throws the server's ApiError, no answer
 * `ui_offline`, an answer without an error body `ui_http_error`. */
export async function request(path, init = {}) {
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError("ui_offline", {});
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error;
    throw error ? new ApiError(error.code, error.params) : new ApiError("ui_http_error", { status: response.status });
  }
  return data;
}

// The account signed in (GET /account: {account: {username} | null, csrf}), loaded once, and the
// pages following it. Every request but a GET carries the session's CSRF token (X-CSRF-Token);
// one made before the account is known waits for it.
let session = { account: null, csrf: null };
const listeners = new Set();
let known = null;

function setSession(answer) {
  session = { account: answer.account, csrf: answer.csrf };
  for (const listener of listeners) listener(session);
  return session;
}

/** The account as the server last said ({account, csrf}); asks it the first time. */
export function loadSession() {
  if (!known) reloadSession();
  return known.then(() => session);
}

/** Ask the server again who is signed in (another tab signed out, or the account was deleted:
 * the server closed this page's socket with code 4004); the listeners hear the answer. */
export function reloadSession() {
  known = request("/account").then(setSession, () => session);
  return known;
}

/** Call `listener(session)` whenever the account changes; returns the function that stops it. */
export function onSession(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentSession() {
  return session;
}

async function call(method, path, body) {
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  if (method !== "GET") {
    await loadSession();
    if (session.csrf) headers["X-CSRF-Token"] = session.csrf;
  }
  return request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** An account request (sign up, in, out…): its answer becomes the page's account. */
async function accountCall(path, body) {
  return setSession(await call("POST", path, body));
}

export const api = {
  variants: () => call("GET", "/variants"),
  myGames: () => call("GET", "/me/games"),
  rulesHelp: (variant, params) => call("GET", `/rules/${encodeURIComponent(variant)}?${params}`),
  leaderboard: (variant) => call("GET", `/ratings/${encodeURIComponent(variant)}`),
  player: (name) => call("GET", `/players/${encodeURIComponent(name)}`),
  tokens: () => call("GET", "/account/tokens"),
  createToken: (name) => call("POST", "/account/tokens", { name }),
  revokeToken: (id) => call("POST", `/account/tokens/${encodeURIComponent(id)}/revoke`),
  signUp: (username, password, claim) => accountCall("/account/signup", { username, password, claim }),
  signIn: (username, password) => accountCall("/account/login", { username, password }),
  signOut: () => accountCall("/account/logout"),
  changePassword: (password, newPassword) => accountCall("/account/password", { password, new_password: newPassword }),
  deleteAccount: (password) => accountCall("/account/delete", { password }),
  table: (id) => call("GET", `/tables/${encodeURIComponent(id)}`),
  create: (table) => call("POST", "/tables", table),
  /** Sit down at seat `seat` of table `id` as `name` (the name typed); without one a signed-in
   * account sits down as its username (the server's choice), a guest as `guestName`. */
  join: async (id, seat, name, guestName) => {
    const typed = name.trim();
    const account = typed ? null : (await loadSession()).account;
    const body = typed ? { name: typed } : account ? {} : { name: guestName };
    return call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/join`, body);
  },
  leave: (id, seat, token) => call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/leave`, { token }),
  fill: (id, token, level) => call("POST", `/tables/${encodeURIComponent(id)}/fill`, { token, level }),
  start: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/start`, { token }),
  mutes: () => call("GET", "/me/mutes"),
  setMute: (key, muted) => call("POST", "/me/mutes", { key, muted }),
  reports: () => call("GET", "/moderation/reports"),
  deleteMessage: (id) => call("POST", `/moderation/messages/${id}/delete`),
  ban: (username) => call("POST", `/moderation/accounts/${encodeURIComponent(username)}/ban`, { banned: true }),
  /** The rematch of match `game` (the finished one the page shows): when another seat's started it
   * already, the answer is the table with it. */
  rematch: (id, token, game) => call("POST", `/tables/${encodeURIComponent(id)}/rematch`, { token, game }),
};
