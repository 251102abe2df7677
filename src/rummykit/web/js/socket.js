// A JSON WebSocket to the server's /ws that reconnects by itself (after 0.5 s, doubling up to 8 s).
// `onOpen` runs on every (re)connection, so the owner says hello again; `onMessage` gets each parsed
// message; `onStatus` gets "connecting", "open" or "closed". A socket closed for a banned account
// (code 4003) stays closed.

const BANNED = 4003;

export class Socket {
  constructor({ onOpen, onMessage, onStatus }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.stopped = false;
    this.delay = 500;
    this.timer = null;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus("open");
      this.onOpen(this);
    };
    ws.onmessage = (event) => {
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
      this.onStatus("closed");
      // 4003: the account is banned (the error before it says so): trying again won't help
      if (event.code === BANNED) this.stopped = true;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
    ws.onerror = () => {};
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
    if (this.ws) this.ws.close(1000);
  }
}
