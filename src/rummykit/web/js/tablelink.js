// One table over the WebSocket protocol (docs/protocol.md), as a seat (with its token) or as a
// spectator: hello on every (re)connection with the last version seen, versions checked (a gap
// asks for a resync), actions sent with an id and sent again until acknowledged.
//
// The listener gets: table(message), view(message) for every state or sync in order, error(message),
// answered() (an action's ack or refusal), rack(message), hint(message), scores(message), chat(message) for the chat's messages and status("connecting" | "open" | "closed").

import { Socket } from "./socket.js";

let counter = 0;

function newId() {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

export class TableLink {
  constructor(table, seat, token, listener) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.listener = listener;
    this.game = null;
    this.v = null;
    this.pending = new Map();
    this.socket = new Socket({
      onOpen: () => this.hello(),
      onMessage: (message) => this.receive(message),
      onStatus: (status) => listener.status(status),
    });
  }

  hello() {
    const hello = { type: "hello", table: this.table, v: this.v, game: this.game };
    if (this.seat === null) hello.spectate = true;
    else Object.assign(hello, { seat: this.seat, token: this.token });
    this.socket.send(hello);
    for (const [id, action] of this.pending) this.socket.send({ type: "action", id, action });
  }

  receive(message) {
    switch (message.type) {
      case "table":
        this.listener.table(message);
        break;
      case "sync":
        this.game = message.game;
        this.v = message.v;
        this.listener.view(message);
        break;
      case "state":
        this.state(message);
        break;
      case "ack":
        if (this.pending.delete(String(message.id))) this.listener.answered();
        break;
      case "error":
        this.error(message);
        break;
      case "rack":
      case "hint":
      case "scores":
        this.listener[message.type](message);
        break;
      case "chat":
      case "chat_history":
      case "chat_deleted":
      case "chat_reported":
        this.listener.chat(message);
        break;
      default:
        break;
    }
  }

  state(message) {
    const next = message.game === this.game ? this.v + 1 : 0;
    if (message.game === this.game && message.v < next) return;
    if (message.v !== next) {
      this.socket.send({ type: "resync" });
      return;
    }
    this.game = message.game;
    this.v = message.v;
    this.listener.view(message);
  }

  error(message) {
    const id = message.id === undefined ? null : String(message.id);
    if (id !== null && this.pending.has(id)) {
      if (message.code === "rate_limited") {
        const action = this.pending.get(id);
        setTimeout(() => this.socket.send({ type: "action", id, action }), message.params.retry_ms || 100);
        return;
      }
      this.pending.delete(id);
      this.listener.answered();
    }
    this.listener.error(message);
  }

  /** Whether an action awaits its answer. */
  awaiting() {
    return this.pending.size > 0;
  }

  /** Play `action` (its canonical text) for the seat. */
  act(action) {
    const id = newId();
    this.pending.set(id, action);
    this.socket.send({ type: "action", id, action });
  }

  /** Send a helper request (rack, hint, scores); false when the socket is not open. */
  request(message) {
    return this.socket.send(message);
  }

  close() {
    this.socket.close();
  }
}
