// Kalooki's controller: the seats around, the stock and the whole discard pile in the centre, the
// public table of numbered melds (each with its owner, those that don't open yet marked), the
// player's rack, and what the selected cards may do: the melds they make with the opening total
// the server gives for each, lay-offs and joker releases (also by dragging a card onto a meld),
// retract, discard. Every move offered is one the server listed as legal, matched with the
// selection by its parts.

import { html } from "../html.js";
import { t, listText, signed, sentence } from "../i18n.js";
import { Piece } from "../piece.js";
import { Rack } from "../rack.js";
import { LayingActions } from "./laying.js";
import { MeHead, SeatPanel, Stock, Pile, RackTools, places } from "../board.js";
import { JOKER, notation } from "../pieces.js";
import { TableMeld } from "../melds.js";
import { facesOf, hintedParts, selectionTests, selectedMoves, MoveButton, PiecesText } from "../selection.js";

const WILDS = new Set([JOKER]);
const HISTORY_SHOWN = 6;
const ARRANGE = ["runs", "sets", "suit"];

/** The legal moves of the selected cards (legal actions): the melds they make (exactly those
 * cards), the lay-offs of a single selected card, the releases made with selected cards; only
 * onto meld `number` when given. */
function moves(model, number = null) {
  const { within, count } = selectionTests(model);
  const on = (action) => number === null || action.parts.target === number;
  return {
    melds: number === null && count >= 3 ? selectedMoves(model, "meld") : [],
    layoffs: count === 1 ? selectedMoves(model, "layoff", number) : [],
    releases: count ? model.legal("release").filter((a) => within(facesOf(model, a)) && on(a)) : [],
  };
}

/** A card dragged from `slot` onto table meld `number`: the one legal lay-off or release of it
 * (with the other selected cards, for a set's two missing suits) is played; several (a joker at
 * either end of a run) are offered to choose from; none says so. */
function dropOnMeld(model, slot, number) {
  if (!model.isSelected(slot)) model.selectOnly(slot);
  const found = moves(model, number);
  const all = [...found.layoffs, ...found.releases];
  if (all.length === 1) model.play(all[0]);
  else if (all.length > 1) {
    model.ui.choosing = number;
    model.changed();
  } else model.refused(`layoff ${number} ${notation(model.kind, model.rack.slots[slot])}`);
}

/** A table meld: its number, owner and value, its cards (a joker with the card it stands for);
 * a drop target for lay-offs and releases. */
function Meld({ model, meld, ctx, pending, hinted }) {
  const name = ctx.seatName(meld.owner);
  return html`<${TableMeld}
    kind=${model.kind}
    meld=${meld}
    name=${name}
    label=${t("kalooki_meld_label", { number: meld.number, name })}
    className=${`${pending ? "pending" : ""} ${hinted ? "hinted" : ""}`}
  >
    ${pending && html`<span class="tag">${t("kalooki_pending")}</span>`}
  <//>`;
}

/** The whole discard pile (bottom first), its top takeable when the server allows it. */
function DiscardPile({ model, onDrop, hinted }) {
  const faces = model.view.observation.discards;
  return html`<${Pile}
    model=${model}
    faces=${faces}
    history=${HISTORY_SHOWN}
    testid="discard-0"
    label=${t("pile_shared")}
    className="kpile"
    drop="discard"
    canTake=${model.first("take") !== null}
    wilds=${WILDS}
    fresh=${model.lastEvents.some((e) => e.code === "kalooki_discard")}
    hinted=${hinted}
    onDrop=${onDrop}
  >
    ${faces.length > 1 &&
    html`<details class="whole-pile" data-testid="whole-pile">
      <summary>${t("kalooki_whole_pile", { n: faces.length })}</summary>
      <div class="pile-all" dir="ltr">
        ${faces.map((f, i) => html`<${Piece} key=${i} kind=${model.kind} face=${f} wild=${f === JOKER} small=${true} />`)}
      </div>
    </details>`}
  <//>`;
}

/** What the selected cards may do, as buttons of legal moves (`data-move` is the action's text);
 * the opening total toward the minimum while the seat has not opened, as the server counts it. */
function Moves({ model }) {
  const view = model.view;
  if (!model.myTurn() || view.observation.phase !== "play") return null;
  const choosing = model.ui.choosing;
  const found = moves(model, choosing);
  const opening = view.opening;
  const chosenMeld = found.melds.length === 1 ? found.melds[0] : null;
  const total = chosenMeld && chosenMeld.opening !== undefined ? chosenMeld.opening : opening ? opening.laid : null;
  const button = (action, label, worth = null) => html`<${MoveButton} key=${action.text} model=${model} action=${action} label=${label} worth=${worth} />`;
  return html`<div class="kmoves" role="group" aria-label=${t("kalooki_moves_label")} data-testid="moves">
    ${opening &&
    html`<p class=${`opening ${total >= opening.min ? "enough" : ""}`} data-testid="opening">
      ${t(chosenMeld ? "kalooki_opening_with" : "kalooki_opening", { total, min: opening.min })}
    </p>`}
    ${choosing !== null && html`<p>${t("kalooki_choose", { number: choosing })}</p>`}
    ${found.melds.map((a) => button(a, t("kalooki_meld_button"), a.value !== undefined ? html` <span class="worth">(${t("kalooki_meld_value", { value: a.value })})</span>` : null))}
    ${found.layoffs.map((a) => button(a, t("kalooki_layoff_button", { number: a.parts.target })))}
    ${found.releases.map((a) => button(a, t("kalooki_release_button", { number: a.parts.target })))}
    ${model.chosen.size > 0 &&
    !found.melds.length &&
    !found.layoffs.length &&
    !found.releases.length &&
    html`<p class="muted">${t(model.chosen.size >= 3 ? "kalooki_no_meld_here" : "kalooki_select_more")}</p>`}
  </div>`;
}

/** A discard of a card the legal actions don't list goes to the server, whose refusal says why. */
function refuseDiscard(model, face) {
  model.refused(`discard ${notation(model.kind, face)}`);
}

/** The hint's move in the page's words: `kalooki_hint_<verb>` with the move's parts the server
 * names (`params`; its melds, `{cards}`, as `PiecesText`). */
function hintMove(hint) {
  const { melds, ...params } = hint.params;
  const [before, after] = t(`kalooki_hint_${hint.verb}`, { ...params, cards: "\uE000" }).split("\uE000");
  return melds ? html`${before}<${PiecesText} melds=${melds} />${after}` : before;
}

/** The hint: the greedy bot's move (`data-move` its text), and the best melds toward the opening
 * (what they open with only when there are some). */
function Hint({ hint, onClose }) {
  const melds = hint.by_value.melds;
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong data-testid="hint-move" data-move=${hint.action}>${hintMove(hint)}</strong></p>
    <p>${t("hint_best")} <${PiecesText} melds=${melds} /></p>
    ${hint.opening !== null && melds.length > 0 && html`<p data-testid="hint-opening">${t("kalooki_hint_opening", { total: hint.opening, min: hint.open_min })}</p>`}
    <p>${t("kalooki_hint_left", { points: hint.points_left })}</p>
  </section>`;
}

function Board({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const me = model.seat === null ? obs.active[0] : model.seat;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const where = places(seats, me, "ccw");
  const opened = new Set(obs.opened);
  const pending = new Set(obs.pending);
  const hintTarget = model.hint ? model.hint.parts.target : undefined;
  const panel = (seat) =>
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
      ${!obs.active.includes(seat) ? html`<span class="tag">${t("kalooki_out_of_match")}</span>` : opened.has(seat) ? html`<span class="tag">${t("kalooki_opened")}</span>` : null}
    <//>`;
  const seated = model.seat !== null;
  return html`<div class=${`board kalooki players-${obs.players}`}>
    ${seats.filter((s) => s !== me).map(panel)}
    <div class="centre">
      <${Stock} model=${model} onDrop=${onDrop} />
      <${DiscardPile} model=${model} onDrop=${onDrop} hinted=${model.hinted().take} />
    </div>
    <section class="kmelds" role="region" aria-label=${t("kalooki_table_label")} data-testid="melds" tabindex="0">
      ${obs.table.length
        ? html`<ol>
            ${obs.table.map((m) => html`<${Meld} key=${m.number} model=${model} meld=${m} ctx=${ctx} pending=${pending.has(m.number)} hinted=${hintTarget === m.number} />`)}
          </ol>`
        : html`<p class="muted">${t("kalooki_table_empty", { min: model.info.rules.open_min })}</p>`}
    </section>
    <div class="me">
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)} />
      ${seated &&
      html`<${Rack} model=${model} wilds=${WILDS} onDrop=${onDrop} />
        <${Moves} model=${model} />
        <${RackTools} model=${model}><${LayingActions} model=${model} noDiscard="kalooki_ui_no_discard" refuse=${refuseDiscard} /><//>`}
    </div>
  </div>`;
}

/** A rack card dropped onto a table meld: a lay-off or a release. */
function drop(model, target, payload) {
  const [where, at] = target.split(":");
  if (payload.from === "rack" && where === "meld") dropOnMeld(model, payload.slot, Number(at));
}

/** A draw or a take in words: the player before it; the card drawn, to its drawer. */
function eventText(event, ctx) {
  if (event.code === "kalooki_draw" && event.params && event.params.card) {
    return sentence("replay_drew", { seat: event.seat, piece: event.params.card }, ctx);
  }
  if ((event.code === "kalooki_draw" || event.code === "kalooki_take") && event.seat !== null && event.seat !== undefined) {
    return t("log_subject", { name: ctx.seatName(event.seat), action: t(event.code, event.params, ctx) }, ctx);
  }
  return null;
}

/** The round notes whose English parameters the page writes itself: the hand values and the
 * settlement, from their `points` and `payments` (seat, number) pairs. */
function roundNote(note, ctx) {
  if (note.code === "kalooki_hand_values" && note.params.points) {
    // "Ann: +3": the name isolated (`t`'s name parameter), so that it and the number never run together
    const values = listText(note.params.points.map(([seat, points]) => t("kalooki_seat_points", { name: ctx.seatName(seat), points: signed(points) })));
    return sentence("kalooki_ui_hand_values", { values }, ctx);
  }
  if (note.code === "kalooki_settled" && note.params.payments) {
    const owed = listText(note.params.payments.map(([seat, amount]) => t("kalooki_seat_pays", { name: ctx.seatName(seat), amount })));
    return sentence("kalooki_ui_settled", { owed, seat: note.params.seat, value: note.params.value }, ctx);
  }
  return null;
}

/** Okey yapmak announced: a round ended by a player laying every card in one turn. */
function RoundEndHead({ result, names }) {
  if (result.kind !== "hunt") return null;
  return html`<p class="okey-yapmak" data-testid="okey-yapmak" role="status">${t("kalooki_okey_yapmak", { name: names[result.winner] })}</p>`;
}

/** An elimination match's standings: the limit and the seats still in. */
function standings(rules, observation) {
  return rules.match === "elimination" ? { limit: rules.elimination_limit, active: observation.active } : null;
}

export default {
  Board,
  Hint,
  rack: true,
  /** The ways to arrange the rack, its buttons' order; the first arranges each deal (model.js). */
  arrange: ARRANGE,
  multiSelect: true,
  /** The verbs that lay rack pieces on the table: a retract this turn puts them back in their slots (model.js). */
  laying: new Set(["meld", "layoff", "release"]),
  start: () => ({ choosing: null }),
  unpick: (model) => {
    model.ui.choosing = null;
  },
  drop,
  hinted: hintedParts,
  eventText,
  roundNote,
  RoundEndHead,
  standings,
};
