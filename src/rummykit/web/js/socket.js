// A JSON WebSocket to the server's /ws that reconnects by itself (after 0.5 s, doubling up to 8 s).
// `onOpen` runs on every (re)connection, so the owner says hello again; `onMessage` gets each parsed
// message; `onStatus` gets "connecting", "open" (after `onOpen`: what its listener sends follows the
// hello) or "closed". A socket closed for a banned account (code 4003) stays closed; one closed
// because the session that signed it in ended (code 4004: signed out in another tab, the password
// changed, the account deleted) asks who is signed in now and connects again as that.
//
// A network that goes away often closes nothing: the socket stays "open" and hears no more. So the
// socket sends a `ping` after PING_AFTER ms without a message from the server and gives the
// connection up (closed, reconnecting) when nothing comes within DEAD_AFTER ms more, as it does a
// connection still opening after DEAD_AFTER ms; the browser's `offline` event gives it up at once,
// and its `online` event reconnects at once. While the browser says it is offline, the socket
// waits for that event (or OFFLINE_RETRY ms, should the browser be wrong) instead of trying a
// connection that can't open.

import { reloadSession } from "./api.js";

const BANNED = 4003;
const SIGNED_OUT = 4004;
/** Silence (ms) after which the socket asks the server for a `pong`. */
const PING_AFTER = 4000;
/** Silence (ms) after that ping after which the connection counts as lost; the longest a
 * connection may take to open. */
const DEAD_AFTER = 4000;
/** How often (ms) the silence is checked. */
const CHECK_EVERY = 1000;
/** How long (ms) a socket dropped while the browser is offline waits for its `online` event
 * before it tries again all the same. */
const OFFLINE_RETRY = 30000;

export class Socket {
  constructor({ onOpen, onMessage, onStatus }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.stopped = false;
    this.delay = 500;
    this.timer = null;
    this.heard = 0;
    this.opening = 0;
    this.pinged = null;
    this.beat = setInterval(() => this.check(), CHECK_EVERY);
    this.offline = () => this.lost();
    this.online = () => this.retryNow();
    window.addEventListener("offline", this.offline);
    window.addEventListener("online", this.online);
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    this.opening = Date.now();
    this.onStatus("connecting");
    ws.onopen = () => {
      this.delay = 500;
      this.heard = Date.now();
      this.pinged = null;
      // the hello first: a table's message before it is refused (`not_joined`)
      this.onOpen(this);
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      this.heard = Date.now();
      this.pinged = null;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      // 4003: the account is banned (the error before it says so): its session is over too
      if (event.code === BANNED) this.stopped = true;
      if (event.code === SIGNED_OUT || event.code === BANNED) reloadSession();
      this.dropped();
    };
    ws.onerror = () => {};
  }

  /** The connection ended (or counts as lost): tell the owner, and try again later. */
  dropped() {
    this.ws = null;
    this.onStatus("closed");
    if (this.stopped) return;
    if (navigator.onLine === false) {
      this.timer = setTimeout(() => this.connect(), OFFLINE_RETRY);
      return;
    }
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  /** Give the connection up now (its network is gone): it is closed without waiting for an
   * answer, which may never come. */
  lost() {
    const ws = this.ws;
    if (!ws || this.stopped) return;
    this.ws = null;
    ws.close();
    this.dropped();
  }

  /** Reconnect now, unless a connection is open or under way. */
  retryNow() {
    if (this.stopped || this.ws) return;
    this.delay = 500;
    this.connect();
  }

  /** The heartbeat: a ping after PING_AFTER ms of silence, the connection lost after DEAD_AFTER
   * more (or when it has not opened after DEAD_AFTER). */
  check() {
    if (!this.ws) return;
    const now = Date.now();
    if (this.ws.readyState === WebSocket.CONNECTING) {
      if (now - this.opening >= DEAD_AFTER) this.lost();
      return;
    }
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.pinged !== null && now - this.pinged >= DEAD_AFTER) this.lost();
    else if (this.pinged === null && now - this.heard >= PING_AFTER) {
      this.pinged = now;
      this.send({ type: "ping" });
    }
  }

  /** Send `message` now; false when the socket is not open (the owner resends after onOpen). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.beat);
    window.removeEventListener("offline", this.offline);
    window.removeEventListener("online", this.online);
    // the owner is done with it: its close is not a connection lost
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close(1000);
  }
}
