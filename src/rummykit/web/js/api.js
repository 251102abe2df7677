// The server's HTTP API (docs/protocol.md): JSON in and out; a refusal throws an ApiError carrying
// the server's {code, params}.

export class ApiError extends Error {
  constructor(code, params) {
    super(code);
    this.code = code;
    this.params = params || {};
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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

export const api = {
  variants: () => call("GET", "/variants"),
  table: (id) => call("GET", `/tables/${encodeURIComponent(id)}`),
  create: (request) => call("POST", "/tables", request),
  join: (id, seat, name) => call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/join`, { name }),
  leave: (id, seat, token) => call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/leave`, { token }),
  fill: (id, token, level) => call("POST", `/tables/${encodeURIComponent(id)}/fill`, { token, level }),
  start: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/start`, { token }),
  rematch: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/rematch`, { token }),
};
