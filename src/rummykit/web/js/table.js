// The table page (#/t/<table>, an invite #/t/<table>/seat/<n>, n from 1): the waiting room before a match,
// the game's board during it (its controller's), the round end, the log, the scores and the turn,
// all from the TableModel. The waiting room, the round end and the count of pieces seen are loaded
// when first shown (PARTS): a table whose match starts at once never loads its waiting room.

import { html } from "./html.js";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { t, sentence } from "./i18n.js";
import { rich } from "./runningtext.js";
import { api } from "./api.js";
import { store } from "./store.js";
import { TableModel } from "./model.js";
import { GameTable, preloadModule, useModule } from "./lazy.js";
import { Log, Announcer } from "./log.js";
import { Scores } from "./scores.js";
import { useTicker, turnClock } from "./ticker.js";
import { TableCues } from "./cues.js";
import { TableSettings } from "./settings.js";
import { RulesLink } from "./ruleslink.js";
import { ChatRoom, ChatPanel, useAccount } from "./chat.js";
import { seatNaming, seatNumber } from "./seats.js";
import { SkipKeys } from "./actions.js";
import { accountAddress } from "./session.js";

function TurnLine({ model, ctx, cues }) {
  const view = model.view;
  const obs = view.observation;
  const clock = turnClock(model);
  useTicker(clock !== null);
  let text;
  if (view.over || obs.to_move === null) text = t("turn_over");
  else if (obs.to_move === model.seat && view.legal.length) text = t(model.game.turnKey(obs.phase));
  else text = t("turn_other", { name: ctx.seatName(obs.to_move) });
  const seconds = clock && clock.seat === obs.to_move ? clock.seconds : null;
  useEffect(() => cues.timer(model, seconds), [seconds]);
  return html`<p class=${`turn ${obs.to_move === model.seat ? "yours" : ""}`} data-testid="turn">
    ${text}
    ${clock && html` <span class=${`timer ${clock.urgent ? "urgent" : ""}`} data-testid="timer">${t("turn_timer", { seconds: clock.seconds })}</span>`}
  </p>`;
}

/** Why this page shows the table otherwise than the link or the kept seat asked: a seat whose
 * key the server refused, an invite to a seat that does not exist, is taken or is no seat number;
 * and what to do. */
function LinkNotice({ model, invited, badInvite }) {
  const info = model.info;
  const open = info.seats.some((s) => s.kind === "open") && info.status !== "playing";
  const parts = [];
  if (model.lostSeat) parts.push(t("ui_lost_seat", { n: seatNumber(model.lostSeat.seat) }));
  if (badInvite !== null && model.seat === null) parts.push(t("ui_invite_bad_seat", { seat: badInvite.slice(0, 20), count: info.seats.length }));
  if (invited !== null && model.seat !== invited) {
    const seat = info.seats[invited];
    if (model.seat !== null) parts.push(t("ui_invite_other_seat", { n: seatNumber(invited), mine: seatNumber(model.seat) }));
    else if (!seat) parts.push(t("ui_invite_no_seat", { n: seatNumber(invited), count: info.seats.length }));
    else if (seat.kind !== "open") parts.push(t("ui_invite_taken", { n: seatNumber(invited) }));
  }
  if (!parts.length) return null;
  if (model.seat === null) parts.push(t(open ? "ui_take_open_seat" : "ui_watching"));
  return html`<div class="notice" role="status" data-testid="link-notice">
    <p>${parts.join(" ")}</p>
    ${model.seat === null && !open && html`<a href="#/">${t("ui_to_lobby")}</a>`}
  </div>`;
}

/** The table's chat: a seat's in its players' room, a spectator's in its spectators' room (which
 * needs an account to write in). */
function TableChat({ model }) {
  const room = model.chat;
  const seated = model.seat !== null;
  const account = useAccount();
  const isOwn = (line) => (seated ? line.seat === model.seat : Boolean(account) && line.user === account.username);
  return html`<${ChatPanel}
    room=${room}
    title=${t(seated ? "chat_players" : "chat_spectators")}
    isOwn=${isOwn}
    writable=${seated || Boolean(account)}
    why=${t("chat_sign_in_to_write")}
  />`;
}

/** The table's parts loaded when first shown (`useModule`), by their module's name. */
const PARTS = {
  waiting: () => import("./waiting.js"),
  roundend: () => import("./roundend.js"),
  seen: () => import("./seen.js"),
};

/** Part `name`'s module (PARTS) while `shown`: null while it comes or when not shown. */
const usePart = (name, shown) => useModule(shown ? name : null, PARTS[name]);

/** Whether the table shows the game, not the waiting room. */
const showsPlay = (info, view) => Boolean(info) && view !== null && (info.status !== "waiting" || view.over);

export function TablePage({ id, invited, badInvite = null, variants }) {
  const [, bump] = useState(0);
  const model = useRef(null);
  const cues = useRef(null);
  if (!model.current || model.current.id !== id) {
    if (model.current) model.current.close();
    cues.current = new TableCues();
    model.current = new TableModel(id, variants, () => {
      cues.current.changed(model.current);
      bump((n) => n + 1);
    });
    // before the socket opens: the chat's first message comes after the welcome
    const m = model.current;
    m.chat = new ChatRoom("table", (message) => m.link.request(message), () => m.changed());
  }
  useEffect(() => () => model.current && model.current.close(), []);
  useLayoutEffect(() => cues.current.drawn());
  const m = model.current;
  const info = m.info;
  const playing = showsPlay(info, m.view);
  // the views that came before the game's controller wait for it
  const loading = m.view === null && m.waiting.length > 0 && !m.failed;
  const waiting = usePart("waiting", Boolean(info) && !playing && !loading);
  const ending = usePart("roundend", playing && Boolean(m.roundEnd) && !m.roundEnd.hidden);
  const seen = usePart("seen", playing && Boolean(m.view.seen));
  const parts = [waiting, ending, seen];
  // every round ends: the round end is there when it does, before the next deal's buttons show
  useEffect(() => {
    if (playing) preloadModule("roundend", PARTS.roundend);
  }, [playing]);
  // the board replacing the waiting room shows from the page's top
  const wasPlaying = useRef(false);
  useLayoutEffect(() => {
    const now = showsPlay(m.info, m.view);
    if (now && !wasPlaying.current) window.scrollTo(0, 0);
    wasPlaying.current = now;
  });

  const ctx = { game: m.game, seat: m.seat, ...seatNaming(info ? info.seats : []) };

  const run = async (what, seat) => {
    try {
      if (what === "join") {
        const joined = await api.join(id, seat, store.name(), t("default_name"));
        store.setSeat(id, joined.seat, joined.token);
        m.connect();
      } else if (what === "leave") {
        await api.leave(id, seat, m.held().token);
        m.release();
      } else if (what === "fill") await api.fill(id, m.token(), "greedy");
      else if (what === "start") await api.start(id, m.token());
      else if (what === "rematch") {
        await api.rematch(id, m.token(), info.game);
        m.dismissRoundEnd();
      }
      m.error = null;
    } catch (error) {
      m.error = { code: error.code, params: error.params };
    }
    bump((n) => n + 1);
  };

  if (!info) {
    return html`<main class="table-page" aria-busy="true"><p>${m.error ? sentence(m.error.code, m.error.params) : t("table_loading")}</p></main>`;
  }
  const view = m.view;
  const names = info.seats.map((s) => ctx.seatName(s.seat));
  return html`<main class="table-page" data-testid="table" data-status=${info.status}>
    ${playing && m.seat !== null && html`<${SkipKeys} />`}
    <header class="table-head">
      <h1>${t(`game_${info.variant}`)}</h1>
      ${view &&
      html`<span class="round">${t("table_round", { round: m.shownRound() })}</span>
        <span class="scoreline">${t("table_match", { number: info.number })}</span>`}
      <${RulesLink} variants=${variants} game=${info.variant} rules=${info.rules} />
      ${m.status !== "open" && html`<span class="tag warn" role="status" data-testid="connection">${t(`connection_${m.status}`)}</span>`}
      ${view && html`<${TurnLine} model=${m} ctx=${ctx} cues=${cues.current} />`}
      ${playing && m.seat === null && html`<span class="tag" role="status" data-testid="watching">${t("ui_watching")}</span>`}
      ${view && view.over && m.roundEnd && m.roundEnd.hidden && html`<button type="button" class="primary" onClick=${() => m.showRoundEnd()}>${t("round_end_show")}</button>`}
      <${TableSettings} />
    </header>
    <${LinkNotice} model=${m} invited=${invited} badInvite=${badInvite} />
    ${m.error &&
    !(playing && m.seat !== null) &&
    html`<p class="error" role="alert" data-testid="error">${m.error.code === "rated_needs_account"
      ? html`<a href=${accountAddress()} data-testid="error-sign-in">${sentence(m.error.code, {})}</a>`
      : rich(sentence(m.error.code, m.error.params, ctx))}</p>`}
    ${waiting && waiting.Waiting && html`<${waiting.Waiting} model=${m} invited=${invited} ctx=${ctx} run=${run} />`}
    ${loading && html`<p aria-busy="true">${t("table_loading")}</p>`}
    ${(m.failed || parts.some((part) => part && part.failed)) && html`<p class="error" role="alert">${t("ui_offline")}</p>`}
    ${playing && html`<${GameTable} model=${m} ctx=${ctx} onDrop=${(target, payload) => m.drop(target, payload)} />`}
    ${ending &&
    ending.RoundEnd &&
    html`<${ending.RoundEnd}
      end=${m.roundEnd}
      view=${view}
      kind=${m.kind}
      game=${m.game}
      ctx=${ctx}
      turnDue=${m.myTurn() && Boolean(m.deadline) && (!m.turnStart || m.turnStart.at <= Date.now())}
      canRematch=${m.manages() && info.status === "finished"}
      onRematch=${() => run("rematch")}
      onClose=${() => m.dismissRoundEnd()}
      ratings=${info.options.rated ? info.seats.map((s) => s.rating) : null}
    />`}
    <div class="side">
      <${TableChat} model=${m} />
      ${seen && seen.SeenCount && html`<${seen.SeenCount} kind=${m.kind} seen=${view.seen} />`}
      ${playing &&
      html`<${Log} entries=${m.log} ctx=${ctx} />
        <${Scores} rounds=${m.scores} totals=${view.observation.scores} names=${names} elimination=${m.game.standings(info.rules, view.observation)} />`}
    </div>
    <${Announcer}
      entries=${m.lastEvents}
      ctx=${ctx}
      prompt=${view && view.legal.length && !view.over && m.game ? t(m.game.turnKey(view.observation.phase)) : null}
    />
  </main>`;
}
