// The round's events in words: a scrolling log, and a live region that announces each action's
// events to screen readers. Besides the server's events and notices, the log holds lines of the
// page's own (from TableModel.onView): `log_earlier_missing` when the page joined in the middle of
// a match (a sync has no events), `log_round` ("Round 2") where each round starts, and
// `log_order_draw`, the cards drawn for the order of play at a round's start (in the games that
// draw them). A game's controller may word its own events (`eventText`, given as `ctx.game`).

import { html } from "./html.js";
import { useEffect, useRef } from "preact/hooks";
import { t, has, sentence, listText } from "./i18n.js";
import { rich, plain } from "./runningtext.js";

/** Events whose template is a verb phrase: the player's name goes before it. */
const SUBJECT_CODES = new Set([
  "drew",
  "took",
  "discarded",
  "finished",
  "passed",
  "showed",
]);

/** One event or notice ({code, seat, params}) in words, as a sentence: the game's own words
 * (`ctx.game.eventText`) where it has them; `ctx.seatName` names the seats; `ctx.seat` is the
 * page's own seat (a time-out of its own is told in the second person), else absent. */
export function eventText(event, ctx) {
  const own = ctx.game ? ctx.game.eventText(event, ctx) : null;
  if (own !== null) return own;
  if (event.code === "log_order_draw") {
    const draws = listText(event.params.draws.map((d) => t("log_order_card", d, ctx)));
    return sentence("log_order_draw", { draws, seats: event.params.seats }, ctx);
  }
  if (event.code === "drew" && event.params && event.params.piece) {
    // the drawer's own page sees the piece: named as every other line names its player
    return sentence("replay_drew", { seat: event.seat, piece: event.params.piece }, ctx);
  }
  if (event.code === "timed_out" && event.seat === ctx.seat) {
    // the seat's own page tells it to the player
    return t("log_timed_out_you", {}, ctx);
  }
  if (has(`log_${event.code}`) && event.seat !== null && event.seat !== undefined) {
    // a game's table moves, written by the page with the player as the subject
    return t(`log_${event.code}`, { ...event.params, name: ctx.seatName(event.seat) }, ctx);
  }
  if (SUBJECT_CODES.has(event.code) && event.seat !== null && event.seat !== undefined) {
    const action = t(event.code, event.params, ctx);
    return t("log_subject", { name: ctx.seatName(event.seat), action }, ctx);
  }
  return sentence(event.code, event.params, ctx);
}

export function Log({ entries, ctx }) {
  const list = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [entries.length]);
  return html`<section class="panel log" data-testid="log" aria-labelledby="log-title">
    <h2 id="log-title">${t("log_title")}</h2>
    <ol ref=${list} tabindex="0" aria-labelledby="log-title">
      ${entries.map((e) => html`<li key=${e.key} class=${e.code === "round_end" || e.code === "log_round" ? "round-line" : e.code.startsWith("log_") ? "page-line" : ""}>${rich(eventText(e, ctx))}</li>`)}
    </ol>
  </section>`;
}

/** The polite live region: the last action's events, then `prompt` (what the player may do now,
 * when it is their turn). */
export function Announcer({ entries, ctx, prompt }) {
  const texts = entries.map((e) => plain(eventText(e, ctx)));
  if (prompt) texts.push(prompt);
  return html`<div class="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
    ${texts.join(". ")}
  </div>`;
}
