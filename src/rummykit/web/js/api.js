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

function call(method, path, body) {
  return request(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const api = {
  variants: () => call("GET", "/variants"),
  myGames: () => call("GET", "/me/games"),
  table: (id) => call("GET", `/tables/${encodeURIComponent(id)}`),
  create: (table) => call("POST", "/tables", table),
  join: (id, seat, name) => call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/join`, { name }),
  leave: (id, seat, token) => call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/leave`, { token }),
  fill: (id, token, level) => call("POST", `/tables/${encodeURIComponent(id)}/fill`, { token, level }),
  start: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/start`, { token }),
  rematch: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/rematch`, { token }),
};
