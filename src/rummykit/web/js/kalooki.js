// The Kalooki table: the seats around, the stock and the whole discard pile in the centre, the
// public table of numbered melds (each with its owner, those that don't open yet marked), the
// player's rack, and what the selected cards may do: the melds they make with the opening total
// the server gives for each, lay-offs and joker releases (also by dragging a card onto a meld),
// retract, discard. Every move offered is one the server listed as legal.

import { html } from "./html.js";
import { t, num, isolate } from "./i18n.js";
import { Piece } from "./piece.js";
import { Rack } from "./rack.js";
import { MeHead, SeatPanel, places } from "./board.js";
import { startDrag } from "./drag.js";
import { JOKER } from "./pieces.js";
import { MeldHead, MeldCards } from "./melds.js";

const WILDS = new Set([JOKER]);
const HISTORY_SHOWN = 6;

/** A table meld: its number, owner and value, its cards (a joker with the card it stands for);
 * a drop target for lay-offs and releases. */
function Meld({ model, meld, ctx, pending, hinted }) {
  const kind = model.kind;
  return html`<li
    class=${`kmeld ${pending ? "pending" : ""} ${hinted ? "hinted" : ""}`}
    data-testid=${`meld-${meld.number}`}
    data-drop=${`meld:${meld.number}`}
    data-owner=${meld.owner}
    aria-label=${t("kalooki_meld_label", { number: meld.number, name: ctx.seatName(meld.owner) })}
  >
    <${MeldHead} number=${meld.number} name=${ctx.seatName(meld.owner)}>
      ${pending && html`<span class="tag">${t("kalooki_pending")}</span>`}
    <//>
    <${MeldCards} kind=${kind} cards=${meld.faces.map((f, i) => [f, meld.stands_for[i]])} />
  </li>`;
}

/** The whole discard pile (bottom first), its top takeable when the server allows it. */
function Pile({ model, onDrop, hinted }) {
  const obs = model.view.observation;
  const faces = obs.discards;
  const top = faces.length ? faces[faces.length - 1] : null;
  const canTake = model.kalookiLegal().take !== null;
  const older = faces.slice(0, -1);
  return html`<div class=${`pile kpile ${canTake ? "can-take" : ""} ${canTake && hinted ? "hinted" : ""}`} role="region" aria-label=${t("pile_shared")} data-testid="discard-0" data-drop="discard">
    <div class="pile-history" dir="ltr">
      ${older.slice(-HISTORY_SHOWN).map((f, i) => html`<${Piece} key=${i} kind=${model.kind} face=${f} wild=${f === JOKER} small=${true} />`)}
    </div>
    <div class="pile-top">
      ${top === null
        ? html`<span class="empty-pile" aria-hidden="true"></span>`
        : html`<${Piece}
            kind=${model.kind}
            face=${top}
            wild=${top === JOKER}
            fresh=${model.lastEvents.some((e) => e.code === "kalooki_discard")}
            onClick=${canTake ? () => model.drawTo("take", null) : undefined}
            onPointerDown=${canTake ? (e) => startDrag(e, e.currentTarget, { from: "take" }, onDrop) : undefined}
          />`}
      <span class="count">${num(faces.length)}</span>
    </div>
    ${older.length > 0 &&
    html`<details class="whole-pile" data-testid="whole-pile">
      <summary>${t("kalooki_whole_pile", { n: faces.length })}</summary>
      <div class="pile-all" dir="ltr">
        ${faces.map((f, i) => html`<${Piece} key=${i} kind=${model.kind} face=${f} wild=${f === JOKER} small=${true} />`)}
      </div>
    </details>`}
  </div>`;
}

/** What the selected cards may do, as buttons of legal moves (`data-move` is the action's text);
 * the opening total toward the minimum while the seat has not opened, as the server counts it. */
function Moves({ model, ctx }) {
  const view = model.view;
  if (!view.legal.length || view.observation.phase !== "play") return null;
  const moves = model.kalookiMoves(model.choosing);
  const opening = view.opening;
  const chosenMeld = moves.melds.length === 1 ? moves.melds[0] : null;
  const total = chosenMeld && chosenMeld.opening !== undefined ? chosenMeld.opening : opening ? opening.laid : null;
  const button = (move, label) =>
    html`<button type="button" key=${move.text} data-move=${move.text} onClick=${() => model.playMove(move.text)}>${label}</button>`;
  const cards = (list) => html`<bdi dir="ltr">${list.join(" ")}</bdi>`;
  return html`<div class="kmoves" role="group" aria-label=${t("kalooki_moves_label")} data-testid="moves">
    ${opening &&
    html`<p class=${`opening ${total >= opening.min ? "enough" : ""}`} data-testid="opening">
      ${t(chosenMeld ? "kalooki_opening_with" : "kalooki_opening", { total, min: opening.min })}
    </p>`}
    ${model.choosing !== null && html`<p>${t("kalooki_choose", { number: model.choosing })}</p>`}
    ${moves.melds.map((m) => button(m, html`${t("kalooki_meld_button")} ${cards(m.cards)}${m.opening !== undefined ? html` <span class="worth">(${num(m.opening)})</span>` : null}`))}
    ${moves.layoffs.map((m) => button(m, html`${t("kalooki_layoff_button", { number: m.number })} ${cards([m.card])}`))}
    ${moves.releases.map((m) => button(m, html`${t("kalooki_release_button", { number: m.number })} ${cards(m.cards)}`))}
    ${model.chosen.size > 0 &&
    !moves.melds.length &&
    !moves.layoffs.length &&
    !moves.releases.length &&
    html`<p class="muted">${t(model.chosen.size >= 3 ? "kalooki_no_meld_here" : "kalooki_select_more")}</p>`}
  </div>`;
}

function KalookiActions({ model }) {
  const legal = model.kalookiLegal();
  const face = model.selectedFace();
  const hintsAllowed = model.info.options.hints !== false;
  const myTurn = model.view.legal.length > 0;
  const discard = () => {
    if (face !== null && legal.discard.has(face)) model.discard(face);
    else model.notice(legal.discard.size ? "ui_select_discard" : "kalooki_ui_no_discard");
  };
  const button = (key, onClick, primary = false) =>
    html`<button type="button" class=${primary ? "primary" : ""} data-action=${key} onClick=${onClick}>${t(`action_${key}`)}</button>`;
  return html`<div class="actions" role="group" aria-label=${t("actions_label")} data-testid="actions">
    ${legal.draw && button("draw", () => model.act(legal.draw), true)}
    ${legal.take && button("take", () => model.act(legal.take))}
    ${legal.retract && button("retract", () => model.playMove(legal.retract))}
    ${(legal.discard.size > 0 || (myTurn && model.view.observation.phase === "play")) && button("discard", discard, true)}
    ${hintsAllowed && myTurn && html`<button type="button" data-action="hint" onClick=${() => model.askHint()}>${t("action_hint")}</button>`}
  </div>`;
}

/** The hint's move in the page's words: `kalooki_hint_<verb>` with the move's parts the server
 * names (`params`; several melds one left-to-right run, split by bars). */
function hintMove(hint) {
  const { melds, ...params } = hint.params;
  if (melds) params.cards = isolate(melds.map((m) => m.join(" ")).join(" | "));
  return t(`kalooki_hint_${hint.verb}`, params);
}

/** Kalooki's hint: the greedy bot's move (`data-move` its text), and the best melds toward the
 * opening. */
function KalookiHint({ hint, onClose }) {
  const melds = hint.by_value.melds.map((m) => m.join(" "));
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong data-testid="hint-move" data-move=${hint.action}>${hintMove(hint)}</strong></p>
    <p>${t("hint_best")} <bdi dir="ltr">${melds.length ? melds.join(" | ") : "—"}</bdi></p>
    ${hint.opening !== null && html`<p>${t("kalooki_hint_opening", { total: hint.opening, min: hint.open_min })}</p>`}
    <p>${t("kalooki_hint_left", { points: hint.points_left })}</p>
  </section>`;
}

export function KalookiBoard({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const me = model.seat === null ? obs.active[0] : model.seat;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const where = places(seats, me, "ccw");
  const opened = new Set(obs.opened);
  const pending = new Set(obs.pending);
  const hinted = model.hinted();
  const hintTarget = model.hint && (model.hint.verb === "layoff" || model.hint.verb === "release") ? Number(model.hint.action.split(" ")[1]) : null;
  const panel = (seat) =>
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
      ${!obs.active.includes(seat) ? html`<span class="tag">${t("kalooki_out_of_match")}</span>` : opened.has(seat) ? html`<span class="tag">${t("kalooki_opened")}</span>` : null}
    <//>`;
  const legal = model.kalookiLegal();
  const seated = model.seat !== null;
  return html`<div class=${`board kalooki players-${obs.players}`}>
    ${seats.filter((s) => s !== me).map(panel)}
    <div class="centre">
      <div
        class=${`stock ${legal.draw ? "can-draw" : ""} ${legal.draw && hinted.draw ? "hinted" : ""}`}
        data-testid="stock"
        title=${t("stock_label", { n: obs.stock_count })}
        onClick=${legal.draw ? () => model.drawTo("draw", null) : undefined}
        onPointerDown=${legal.draw ? (e) => startDrag(e, e.currentTarget, { from: "stock" }, onDrop) : undefined}
      >
        <span class="stock-face" aria-hidden="true"></span>
        <span class="count">${t("stock_label", { n: obs.stock_count })}</span>
      </div>
      <${Pile} model=${model} onDrop=${onDrop} hinted=${hinted.take} />
    </div>
    <section class="kmelds" role="region" aria-label=${t("kalooki_table_label")} data-testid="melds">
      ${obs.table.length
        ? html`<ol>
            ${obs.table.map((m) => html`<${Meld} key=${m.number} model=${model} meld=${m} ctx=${ctx} pending=${pending.has(m.number)} hinted=${hintTarget === m.number} />`)}
          </ol>`
        : html`<p class="muted">${t("kalooki_table_empty", { min: model.info.rules.open_min })}</p>`}
    </section>
    <div class="me">
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)}
        hint=${html`<${KalookiHint} hint=${model.hint} onClose=${() => model.dismissHint()} />`} />
      ${seated &&
      html`<${Rack} model=${model} wilds=${WILDS} onDrop=${onDrop} />
        <${Moves} model=${model} ctx=${ctx} />
        <div class="rack-tools">
          <div role="group" aria-label=${t("arrange_label")} class="arrange">
            <span class="label">${t("arrange_label")}</span>
            ${["runs", "sets", "suit"].map(
              (by) => html`<button type="button" key=${by} onClick=${() => model.arrange(by)}>${t(by === "suit" ? "arrange_suits" : `arrange_${by}`)}</button>`,
            )}
          </div>
          <${KalookiActions} model=${model} />
        </div>`}
    </div>
  </div>`;
}
