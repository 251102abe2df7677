// The table of the closed-hand games (Okey, Turkish Rummy: games/okey.js, games/turkish_rummy.js
// make their controllers with `closedHand`): every seat with its discard pile beside it (or the one
// shared pile in the centre), the stock and the game's own piece beside it (its `Aside`), the
// player's rack, the legal actions as buttons (Discard and Finish play the selected piece), the
// arranging buttons, and the hint beside the player's own seat. Every action offered is one the
// server listed as legal, found by its parts.

import { html } from "../html.js";
import { t, readable, listText } from "../i18n.js";
import { rich } from "../runningtext.js";
import { notation, faceOf } from "../pieces.js";
import { Rack } from "../rack.js";
import { ActionButton, ActionGroup, HintButton, selectToDiscard } from "../actions.js";
import { MeHead, SeatPanel, Stock, Pile, RackTools, places } from "../board.js";

const HISTORY_SHOWN = 8;
const ARRANGE = ["runs", "sets", "pairs", "suit"];

/** Finish with the piece in `slot`: with the rack's own groups when they hold every other piece
 * (the server validates them), else the engine arranges the rest. */
function finish(model, slot) {
  const action = model.legalPiece("finish", model.rack.slots[slot]);
  if (!action) return;
  const grouped = model.rack.groups.filter(([a, b]) => slot < a || slot >= b);
  const covered = grouped.reduce((n, [a, b]) => n + b - a, 0);
  const others = model.rackFaces().length - 1;
  const melds = grouped.map(([a, b]) => model.rack.slots.slice(a, b).map((f) => notation(model.kind, f)).join(" "));
  model.clearSelection();
  model.act(covered === others && melds.length ? `${action.text} : ${melds.join(" | ")}` : action.text);
}

/** The seat's actions: Draw, Take, Show, Discard, Finish, Pass as the server lists them. */
function Actions({ model }) {
  const face = model.selectedFace();
  const finishes = model.legal("finish");
  const simple = (verb, primary = false) => {
    const action = model.first(verb);
    return action && html`<${ActionButton} name=${verb} primary=${primary} onClick=${() => model.act(action.text)} />`;
  };
  const discard = () => {
    if (face !== null && model.legalPiece("discard", face)) model.discard(face);
    else if (face !== null) model.refused(`discard ${notation(model.kind, face)}`);
    else model.notice(selectToDiscard());
  };
  const finishSelected = () => {
    if (face !== null && model.legalPiece("finish", face)) finish(model, model.selected);
    else if (face !== null) model.refused(`finish ${notation(model.kind, face)}`);
    else if (finishes.length === 1) finish(model, model.rack.slots.indexOf(faceOf(model.kind, finishes[0].parts.pieces[0])));
    else model.notice("ui_select_finish", { pieces: finishes.map((a) => a.parts.pieces[0]) });
  };
  return html`<${ActionGroup} model=${model}>
    ${simple("draw", true)}
    ${simple("take")}
    ${simple("show")}
    ${model.first("discard") && html`<${ActionButton} name="discard" primary=${true} onClick=${discard} />`}
    ${finishes.length > 0 && html`<${ActionButton} name="finish" primary=${true} onClick=${finishSelected} />`}
    ${simple("pass")}
    <${HintButton} model=${model} />
  <//>`;
}

function hintText(hint, ctx) {
  const kinds = listText(hint.kinds.map((k) => t(`hint_kind_${k}`)));
  const params = { piece: hint.piece, finishes: hint.finishes, left_out: hint.left_out, kinds };
  // a seven-pairs hand counts what it leaves out of pairs
  const pairs = hint.arrangement.kind === "pairs" && (hint.move === "discard" || hint.move === "take");
  return t(`hint_${hint.move}${pairs ? "_pairs" : ""}`, params, ctx);
}

/** The hint (the seat session's closed-hand hint) in words; its pieces are also marked in the
 * rack and on the piles. */
function Hint({ hint, ctx, onClose }) {
  const melds = hint.arrangement.melds.map((m) => readable(m.join(" ")));
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong>${rich(hintText(hint, ctx))}</strong></p>
    ${hint.show && html`<p>${rich(t("hint_show", { piece: hint.show }, ctx))}</p>`}
    <p>${t("hint_best")} <bdi dir="ltr">${melds.length ? rich(melds.join(" | ")) : "—"}</bdi></p>
    ${hint.arrangement.out.length > 0 &&
    html`<p>${t(hint.arrangement.kind === "pairs" ? "hint_out_pairs" : "hint_out")} <bdi dir="ltr">${rich(readable(hint.arrangement.out.join(" ")))}</bdi></p>`}
  </section>`;
}

/** The rack's pieces the hint names (to discard, finish with or show), and whether it says to take
 * or to draw. */
function hinted(model) {
  const hint = model.hint;
  const rack = new Set();
  if (hint.move === "discard" || hint.move === "finish") rack.add(faceOf(model.kind, hint.piece));
  if (hint.move === "take_to_finish") for (const p of hint.finishes || []) rack.add(faceOf(model.kind, p));
  if (hint.show) rack.add(faceOf(model.kind, hint.show));
  return { rack, take: hint.move === "take" || hint.move === "take_to_finish", draw: hint.move === "draw" };
}

/** A rack piece dropped onto the centre (the stock) finishes with it. */
function drop(model, target, payload) {
  if (payload.from !== "rack" || target !== "centre") return;
  if (model.legalPiece("finish", payload.face)) finish(model, payload.slot);
  else model.refused(`finish ${notation(model.kind, payload.face)}`);
}

/** The controller of a closed-hand game whose centre shows `GameAside` ({model}: the game's
 * pieces beside the stock), its board of class `game` (docs/web.md, "Game controllers"). */
export function closedHand(GameAside, game) {
  function Board({ model, ctx, onDrop }) {
    const obs = model.view.observation;
    const me = model.seat === null ? 0 : model.seat;
    const where = places(obs.order, me, model.info.rules.direction);
    const wilds = new Set(obs.wilds);
    const shared = obs.discards.length === 1;
    const last = model.lastEvents.find((e) => e.code === "discarded" || e.code === "finished");
    const freshPile = last ? (shared ? 0 : last.seat) : null;
    const canTake = model.first("take") !== null;
    const pileOf = (pile, owner) => {
      const mine = shared ? model.seat !== null : owner === model.seat && model.seat !== null;
      return html`<${Pile}
        model=${model}
        faces=${obs.discards[pile]}
        history=${HISTORY_SHOWN}
        testid=${`discard-${pile}`}
        owner=${owner}
        label=${owner === null ? t("pile_shared") : t("pile_of", { name: ctx.seatName(owner) })}
        className=${mine ? "mine" : ""}
        drop=${mine ? "discard" : undefined}
        canTake=${obs.takeable_from === pile && canTake}
        wilds=${wilds}
        fresh=${freshPile === pile}
        hinted=${model.hinted().take}
        onDrop=${onDrop}
      />`;
    };
    const panel = (seat) =>
      html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
        ${shared ? null : pileOf(seat, seat)}
      <//>`;
    const seated = model.seat !== null;
    return html`<div class=${`board ${game} players-${obs.players}`}>
      ${obs.order.filter((s) => s !== me).map(panel)}
      <div class="centre" data-drop="centre">
        <${Stock} model=${model} onDrop=${onDrop} drop="centre" />
        <${GameAside} model=${model} />
        ${shared && pileOf(0, null)}
      </div>
      <div class="me">
        <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)} />
        ${seated &&
        html`<${Rack} model=${model} wilds=${wilds} onDrop=${onDrop} />
          <${RackTools} model=${model}><${Actions} model=${model} /><//>`}
      </div>
    </div>`;
  }
  return { Board, Hint, rack: true, arrange: ARRANGE, drop, hinted };
}
