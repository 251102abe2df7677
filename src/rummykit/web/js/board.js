// The game in play: every seat with its discard pile beside it, the stock and the indicator (Okey)
// or the up card and the one discard pile (Turkish Rummy) in the centre, the player's rack, the
// legal actions as buttons, the arranging buttons, and beside the player's own seat the hint and
// the last refusal or notice (in a space of their own: nothing moves when they come and go).

import { html } from "./html.js";
import { t, num, sentence } from "./i18n.js";
import { Piece } from "./piece.js";
import { Rack } from "./rack.js";
import { Actions } from "./actions.js";
import { Hint } from "./hint.js";
import { startDrag } from "./drag.js";

const HISTORY_SHOWN = 8;
/** The sides of the other seats in the order they play after `me`, counter-clockwise. */
const SIDES = { 2: ["top"], 3: ["right", "left"], 4: ["right", "top", "left"] };

/** Where each seat sits, seen from `me` (the bottom), the same in every language (the table is
 * not mirrored in a right-to-left page, only its text): play counter-clockwise (`direction`
 * "ccw", Okey's tradition, and every game without the option) puts the next player on the right,
 * the one after at the top, the last on the left; clockwise ("cw") the other way round. */
export function places(order, me, direction) {
  const at = order.indexOf(me);
  const sides = SIDES[order.length] || [];
  const mirror = { right: "left", left: "right" };
  const out = new Map();
  order.forEach((seat, i) => {
    const k = (i - at + order.length) % order.length;
    const side = k === 0 ? "bottom" : sides[k - 1];
    out.set(seat, direction === "cw" ? mirror[side] || side : side);
  });
  return out;
}

function Pile({ model, pile, faces, owner, label, takeable, mine, wilds, fresh, hinted, onDrop }) {
  const kind = model.kind;
  const top = faces.length ? faces[faces.length - 1] : null;
  const older = faces.slice(-HISTORY_SHOWN - 1, -1);
  const canTake = takeable && model.legal().take !== null;
  return html`<div
    class=${`pile ${mine ? "mine" : ""} ${canTake ? "can-take" : ""} ${canTake && hinted ? "hinted" : ""}`}
    role="region"
    aria-label=${label}
    data-testid=${`discard-${pile}`}
    data-owner=${owner}
    data-drop=${mine ? "discard" : undefined}
  >
    <div class="pile-history" dir="ltr">
      ${older.map((f, i) => html`<${Piece} key=${i} kind=${kind} face=${f} wild=${wilds.has(f)} small=${true} />`)}
    </div>
    <div class="pile-top">
      ${top === null
        ? html`<span class="empty-pile" aria-hidden="true"></span>`
        : html`<${Piece}
            kind=${kind}
            face=${top}
            wild=${wilds.has(top)}
            fresh=${fresh}
            onClick=${canTake ? () => model.drawTo("take", null) : undefined}
            onPointerDown=${canTake ? (e) => startDrag(e, e.currentTarget, { from: "take" }, onDrop) : undefined}
          />`}
      <span class="count">${num(faces.length)}</span>
    </div>
  </div>`;
}

export function SeatPanel({ model, seat, side, ctx, children }) {
  const obs = model.view.observation;
  const info = model.info.seats[seat];
  const classes = ["seat", `side-${side}`, obs.to_move === seat ? "to-move" : "", model.lastEvents.some((e) => e.seat === seat) ? "acted" : ""];
  return html`<div class=${classes.join(" ")} data-testid=${`seat-${seat}`}>
    <div class="seat-name">
      <bdi>${ctx.seatName(seat)}</bdi>
      ${seat === model.seat ? html` <span class="you">${t("seat_you")}</span>` : null}
      ${info && info.kind === "bot" ? html` <span class="tag">${t("seat_bot", { level: t(`bot_${info.level}`) })}</span>` : null}
      ${info && info.standing_in ? html` <span class="tag">${t("seat_standing_in")}</span>` : null}
      ${info && info.kind === "person" && !info.connected ? html` <span class="tag">${t("seat_away")}</span>` : null}
    </div>
    <div class="seat-count">${t("seat_pieces", { n: obs.hand_counts[seat] })}</div>
    ${children}
  </div>`;
}

function Centre({ model, wilds, onDrop, ctx, pileOf }) {
  const obs = model.view.observation;
  const kind = model.kind;
  const legal = model.legal();
  const canDraw = legal.draw !== null;
  const hinted = canDraw && model.hinted().draw;
  const shared = obs.discards.length === 1;
  const aside = obs.indicator !== undefined ? obs.indicator : obs.up_card;
  return html`<div class="centre" data-drop="centre">
    <div
      class=${`stock ${canDraw ? "can-draw" : ""} ${hinted ? "hinted" : ""}`}
      data-testid="stock"
      data-drop="centre"
      title=${t("stock_label", { n: obs.stock_count })}
      onClick=${canDraw ? () => model.drawTo("draw", null) : undefined}
      onPointerDown=${canDraw ? (e) => startDrag(e, e.currentTarget, { from: "stock" }, onDrop) : undefined}
    >
      <span class="stock-face" aria-hidden="true"></span>
      <span class="count">${t("stock_label", { n: obs.stock_count })}</span>
    </div>
    ${aside !== undefined &&
    aside !== null &&
    html`<div class="indicator" data-testid="indicator" role="group" aria-label=${t(obs.indicator !== undefined ? "indicator_label" : "up_card_label")}>
      <span class="label">${t(obs.indicator !== undefined ? "indicator_label" : "up_card_label")}</span>
      <${Piece} kind=${kind} face=${aside} wild=${false} />
      ${obs.okey !== undefined &&
      html`<span class="label">${t("okey_label")}</span>
        <${Piece} kind=${kind} face=${obs.okey} wild=${true} small=${true} />`}
    </div>`}
    ${shared && pileOf(0, null)}
  </div>`;
}

/** The own seat's panel and, beside it, the last refusal or else the open `hint` (an element):
 * the same in every game's table. */
export function MeHead({ model, ctx, seated, seatPanel, hint }) {
  return html`<div class="me-head">
    ${seatPanel}
    ${seated &&
    html`<div class="me-note">
      ${model.error && html`<p class="error" role="alert" data-testid="error">${sentence(model.error.code, model.error.params, ctx)}</p>`}
      ${model.hint && !model.error && hint}
    </div>`}
  </div>`;
}

export function Board({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const me = model.seat === null ? 0 : model.seat;
  const direction = model.info.rules.direction;
  const where = places(obs.order, me, direction);
  const wilds = new Set(obs.wilds);
  const shared = obs.discards.length === 1;
  const freshPile = (() => {
    const last = model.lastEvents.find((e) => e.code === "discarded" || e.code === "finished");
    return last ? (shared ? 0 : last.seat) : null;
  })();
  const pileOf = (pile, owner) =>
    html`<${Pile}
      model=${model}
      pile=${pile}
      owner=${owner}
      faces=${obs.discards[pile]}
      label=${owner === null ? t("pile_shared") : t("pile_of", { name: ctx.seatName(owner) })}
      takeable=${obs.takeable_from === pile}
      mine=${shared ? model.seat !== null : owner === model.seat && model.seat !== null}
      wilds=${wilds}
      fresh=${freshPile === pile}
      hinted=${model.hinted().take}
      onDrop=${onDrop}
    />`;
  const panel = (seat) =>
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
      ${shared ? null : pileOf(seat, seat)}
    <//>`;
  const others = obs.order.filter((s) => s !== me);
  const seated = model.seat !== null;
  return html`<div class=${`board players-${obs.players}`}>
    ${others.map(panel)}
    <${Centre} model=${model} wilds=${wilds} onDrop=${onDrop} ctx=${ctx} pileOf=${pileOf} />
    <div class="me">
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)}
        hint=${html`<${Hint} hint=${model.hint} ctx=${ctx} onClose=${() => model.dismissHint()} />`} />
      ${seated &&
      html`<${Rack} model=${model} wilds=${wilds} onDrop=${onDrop} />
        <div class="rack-tools">
          <div role="group" aria-label=${t("arrange_label")} class="arrange">
            <span class="label">${t("arrange_label")}</span>
            ${["runs", "sets", "pairs", "suit"].map(
              (by) => html`<button type="button" key=${by} onClick=${() => model.arrange(by)}>
                ${t(by === "suit" && model.kind === "cards" ? "arrange_suits" : `arrange_${by}`)}
              </button>`,
            )}
          </div>
          <${Actions} model=${model} ctx=${ctx} />
        </div>`}
    </div>
  </div>`;
}
