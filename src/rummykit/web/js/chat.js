// Chat (docs/web.md, "Chat"): a room's lines as the server sends them over the socket (`chat`,
// `chat_history`, `chat_deleted`, `chat_reported` and the chat's refusals), and its panel: the lines
// as text (a name or a line is never read as markup), a field to write in, and on each line of
// another's: mute (hidden on this screen: kept in the account when signed in, in this browser
// for a guest), report (a copy goes to the moderators) and, for a moderator, delete and ban. The
// panel folds away (folded at first on a phone) and counts the lines that came while folded.

import { html } from "./html.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, sentence } from "./i18n.js";
import { api, currentSession, loadSession, onSession } from "./api.js";
import { useSession } from "./session.js";
import { store } from "./store.js";

/** The refusals of a line said. */
const LINE_ERRORS = new Set(["chat_sign_in", "chat_empty", "chat_too_long", "chat_rate_limited"]);
/** The refusals of a report: they leave a line in flight alone. */
const REPORT_ERRORS = new Set(["no_such_message", "chat_report_rate_limited"]);
/** The server's refusals of a chat line or report, shown in the panel rather than the table's page;
 * the lobby's panel shows every refusal (its socket carries nothing else that could be refused, and
 * a line refused for another reason would be gone without a word). */
const CHAT_ERRORS = new Set([...LINE_ERRORS, ...REPORT_ERRORS]);
export const MAX_CHARS = 200;

/** `text` as the server says it (docs/protocol.md, "Chat": a line): its control characters gone
 * (a line break or tab made a space), bidirectional overrides and isolates too, its ends trimmed. */
function said(text) {
  return text
    .replace(/[\t\n\r]/g, " ")
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, "")
    .trim();
}

// ---------------------------------------------------------------------- mutes
let mutes = new Set(store.mutes());
const muteListeners = new Set();

function setMutes(keys) {
  mutes = new Set(keys);
  for (const listener of muteListeners) listener();
}

function loadMutes(session) {
  if (session.account) api.mutes().then((answer) => setMutes(answer.mutes), () => {});
  else setMutes(store.mutes());
}

onSession(loadMutes);
loadSession().then(loadMutes);

/** Mute (or unmute) the sender of `key` for this reader. */
async function mute(key, on) {
  if (currentSession().account) {
    setMutes((await api.setMute(key, on)).mutes);
    return;
  }
  const keys = new Set(mutes);
  if (on) keys.add(key);
  else keys.delete(key);
  store.setMutes([...keys]);
  setMutes(keys);
}

// ---------------------------------------------------------------------- a room's lines
/** One room's lines and what the panel shows of them: `room` is where its lines go ("lobby", or
 * "table": the viewer's room at the table joined), known before the history says its `channel`
 * (lobby, players or spectators); `send(message)` sends over the room's socket (false when it is
 * closed); `onChange` redraws. A line said is pending until its sender's own copy comes back; a
 * refusal, or the connection dropping first (`dropped`), gives it back to the field (`unsent`): it
 * is never sent again by itself, for the server may have said it and only its copy been lost. */
export class ChatRoom {
  constructor(room, send, onChange) {
    this.room = room;
    this.send = send;
    this.onChange = onChange;
    this.channel = null;
    this.lines = [];
    this.reported = new Set();
    this.error = null;
    this.pending = [];
    this.unsent = [];
    this.unread = 0;
    this.open = !window.matchMedia("(max-width: 760px)").matches;
  }

  /** Take a message of the socket's when it is the chat's; whether it was. */
  receive(message) {
    if (message.type === "chat_history") {
      const known = new Set(message.messages.map((m) => m.id));
      const later = this.lines.filter((m) => !known.has(m.id) && m.channel === message.channel);
      this.channel = message.channel;
      this.lines = [...message.messages, ...later];
    } else if (message.type === "chat") {
      const mine = this.pending.findIndex((p) => p.text === message.text && p.isOwn(message));
      if (mine >= 0) this.pending.splice(mine, 1);
      if (this.lines.some((m) => m.id === message.id)) return true;
      this.lines = [...this.lines, message].slice(-200);
      if (!this.open && !mutes.has(message.mute)) this.unread += 1;
    } else if (message.type === "chat_deleted") {
      this.lines = this.lines.filter((m) => m.id !== message.id);
    } else if (message.type === "chat_reported") {
      this.reported = new Set([...this.reported, message.id]);
    } else if (message.type === "error" && (this.room === "lobby" || CHAT_ERRORS.has(message.code))) {
      this.error = { code: message.code, params: message.params };
      // a report's refusal leaves the line in flight alone
      if (!REPORT_ERRORS.has(message.code) && (this.room === "lobby" || LINE_ERRORS.has(message.code))) {
        this.giveBack(this.pending.splice(0, 1));
      }
    } else {
      return false;
    }
    this.onChange();
    return true;
  }

  /** Say `text`, a line `isOwn(line)` knows as its sender's own when it comes back; false when
   * the socket is closed (the text stays in the field). */
  say(text, isOwn) {
    this.error = null;
    if (!this.send({ type: "chat", room: this.room, text })) return false;
    this.pending.push({ text: said(text), isOwn });
    return true;
  }

  /** The connection dropped: a line still pending may never have reached the server. */
  dropped() {
    if (this.pending.length === 0) return;
    this.error = { code: "chat_unsent", params: {} };
    this.giveBack(this.pending.splice(0));
    this.onChange();
  }

  /** Hand the pending `lines` back for the panel to put in its field (`takeUnsent`). */
  giveBack(lines) {
    this.unsent = [...this.unsent, ...lines.map((p) => p.text)];
  }

  /** The texts given back since the last call, oldest first. */
  takeUnsent() {
    return this.unsent.splice(0);
  }

  report(id) {
    this.send({ type: "chat_report", id });
  }

  toggle() {
    this.open = !this.open;
    if (this.open) this.unread = 0;
    this.onChange();
  }
}

// ---------------------------------------------------------------------- the panel
function useMutes() {
  const [, bump] = useState(0);
  useEffect(() => {
    const listener = () => bump((n) => n + 1);
    muteListeners.add(listener);
    return () => muteListeners.delete(listener);
  }, []);
  return mutes;
}

/** The account signed in (null: a guest), following sign-in and sign-out. */
export function useAccount() {
  return useSession().session.account;
}

function Line({ line, own, room, moderator }) {
  const [banning, setBanning] = useState(false);
  const [done, setDone] = useState(null);
  const act = async (what) => {
    try {
      if (what === "delete") await api.deleteMessage(line.id);
      else if (what === "ban") setDone(t("chat_banned", { name: (await api.ban(line.user)).username }));
    } catch (err) {
      setDone(sentence(err.code || "ui_offline", err.params || {}));
    }
  };
  return html`<li class="chat-line" data-testid="chat-line" data-id=${line.id}>
    <bdi class="chat-name" data-testid="chat-name">${line.name}</bdi><span class="chat-colon">:</span>${line.user && line.user !== line.name ? html` <bdi class="chat-user">@${line.user}</bdi>` : ""}${" "}<span class="chat-text" dir="auto" data-testid="chat-text">${line.text}</span>
    <span class="chat-tools">
      ${!own && html`<button type="button" class="link" data-testid="chat-mute" onClick=${() => mute(line.mute, true)}>${t("chat_mute")}</button>`}
      ${!own &&
      (room.reported.has(line.id)
        ? html`<span class="tag" data-testid="chat-reported">${t("chat_reported")}</span>`
        : html`<button type="button" class="link" data-testid="chat-report" onClick=${() => room.report(line.id)}>${t("chat_report")}</button>`)}
      ${moderator && html`<button type="button" class="link danger" data-testid="chat-delete" onClick=${() => act("delete")}>${t("chat_delete")}</button>`}
      ${moderator &&
      line.user &&
      !own &&
      (banning
        ? html`<button type="button" class="link danger" data-testid="chat-ban-confirm" onClick=${() => act("ban")}>${t("chat_ban_confirm", { name: line.user })}</button>`
        : html`<button type="button" class="link danger" data-testid="chat-ban" onClick=${() => setBanning(true)}>${t("chat_ban")}</button>`)}
    </span>
    ${done && html`<span class="help" role="status">${done}</span>`}
  </li>`;
}

/** The panel of `room`; `isOwn(line)` tells this reader's own lines, `writable` whether it may
 * write (else `why` says how it could). */
export function ChatPanel({ room, title, isOwn, writable, why }) {
  const muted = useMutes();
  const account = useAccount();
  const [text, setText] = useState("");
  const list = useRef(null);
  const shown = room.lines.filter((m) => !muted.has(m.mute) || isOwn(m));
  const hiddenLines = room.lines.filter((m) => muted.has(m.mute) && !isOwn(m));
  const hidden = new Set(hiddenLines.map((m) => m.mute));
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [shown.length, room.open]);
  // a line given back goes before what was written since, so that neither is lost
  const unsent = room.unsent.length;
  useEffect(() => {
    const back = room.takeUnsent();
    if (back.length > 0) setText((now) => [...back, now.trim()].filter(Boolean).join(" "));
  }, [unsent]);
  const submit = (e) => {
    e.preventDefault();
    if (text.trim() && room.say(text, isOwn)) setText("");
  };
  const moderator = Boolean(account && account.moderator);
  const id = `chat-${room.channel || "room"}`;
  return html`<section class=${`panel chat ${room.open ? "open" : "folded"}`} data-testid="chat" aria-labelledby=${`${id}-title`}>
    <h2 id=${`${id}-title`} class="chat-head">
      <button type="button" class="chat-toggle" aria-expanded=${room.open ? "true" : "false"} aria-controls=${`${id}-body`} data-testid="chat-toggle" onClick=${() => room.toggle()}>
        ${title}
        ${room.unread > 0 && html`<span class="badge" data-testid="chat-unread" aria-label=${t("chat_unread", { n: room.unread })}>${room.unread}</span>`}
      </button>
    </h2>
    ${room.open &&
    html`<div id=${`${id}-body`} class="chat-body">
      <ol ref=${list} class="chat-lines" aria-live="polite" aria-relevant="additions">
        ${shown.length === 0 && hidden.size === 0 && html`<li class="help">${t("chat_none")}</li>`}
        ${shown.map((line) => html`<${Line} key=${line.id} line=${line} own=${isOwn(line)} room=${room} moderator=${moderator} />`)}
      </ol>
      ${hidden.size > 0 &&
      html`<p class="help" data-testid="chat-muted">
        ${t("chat_muted", { n: hidden.size, lines: hiddenLines.length })}${" "}<button type="button" class="link" data-testid="chat-unmute" onClick=${() => Promise.all([...hidden].map((k) => mute(k, false)))}>${t("chat_unmute")}</button>
      </p>`}
      ${room.error && html`<p class="error" role="alert" data-testid="chat-error">${sentence(room.error.code, room.error.params)}</p>`}
      ${writable
        ? html`<form class="chat-form" onSubmit=${submit}>
            <input type="text" dir="auto" maxlength=${MAX_CHARS} value=${text} aria-label=${t("chat_placeholder")} placeholder=${t("chat_placeholder")} data-testid="chat-input" onInput=${(e) => setText(e.currentTarget.value)} />
            <button type="submit" data-testid="chat-send">${t("chat_send")}</button>
          </form>`
        : html`<p class="help" data-testid="chat-why">${why}</p>`}
    </div>`}
  </section>`;
}
