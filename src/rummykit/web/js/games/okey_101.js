// 101 Okey's controller: the seats around, each with its discard pile; the stock and the indicator
// (games/tiles.js) in the centre; the public table of numbered melds grouped by owner (an okey
// with the tile it stands for); the player's rack of 21 or 22 tiles, and what the selected tiles
// may do: the set, run or pair they make with the opening it would reach (the server's count
// toward open_min, or the pairs toward pairs_open_min), a tile's lay-offs and okey swaps (also by
// dragging it onto a meld, or pressing the meld with it selected), retract, discard. A discard
// the server says would be fined (an işlek tile, an okey) is asked about first. Every move offered
// is one the server listed as legal, matched with the selection by its parts.

import { html } from "../html.js";
import { useEffect, useRef } from "preact/hooks";
import { t, num, listText, sentence } from "../i18n.js";
import { rich } from "../runningtext.js";
import { Rack } from "../rack.js";
import { LayingActions } from "./laying.js";
import { MeHead, SeatPanel, Stock, Pile, ArrangeMenu, places } from "../board.js";
import { notation, faceOf } from "../pieces.js";
import { TableMeld } from "../melds.js";
import { hintedParts, selectedMoves, MoveButton, PiecesText } from "../selection.js";
import { Indicator } from "./tiles.js";
import { useHeightProperty } from "../actions.js";

const HISTORY_SHOWN = 6;
const ARRANGE = ["runs", "sets", "pairs", "suit"];

/** The round's wild tiles: the okey's face. */
function wildsOf(model) {
  return new Set([model.view.observation.okey]);
}

/** The hand's işlek tiles (their discard would be fined now): their faces, marked on the rack. */
function isleks(model) {
  return new Set((model.view.islek || []).map((tile) => faceOf(model.kind, tile)));
}

/** The legal moves of the selected tiles: the set or run (three or more) or the pair (two) they
 * make, a single tile's lay-offs and okey swaps; only onto meld `number` when given. */
function moves(model, number = null) {
  const count = model.chosen.size;
  return {
    melds: number === null && count >= 3 ? selectedMoves(model, "meld") : [],
    pairs: number === null && count === 2 ? selectedMoves(model, "pair") : [],
    layoffs: count === 1 ? selectedMoves(model, "layoff", number) : [],
    swaps: count === 1 ? selectedMoves(model, "swap", number) : [],
  };
}

/** The tile in `slot` onto table meld `number` (a drag, or a press on the meld with it
 * selected): its one legal lay-off or swap there is played; several (an okey at either end of a
 * run) are offered to choose from; none says so. */
function toMeld(model, slot, number) {
  if (!model.isSelected(slot) || model.chosen.size !== 1) model.selectOnly(slot);
  const found = moves(model, number);
  const all = [...found.layoffs, ...found.swaps];
  if (all.length === 1) model.play(all[0]);
  else if (all.length > 1) {
    model.ui.choosing = number;
    model.changed();
  } else model.notice("okey_101_ui_no_fit", { piece: notation(model.kind, model.rack.slots[slot]), number });
}

/** The fine the server says discarding `action` would cost ({kind, points}), or null. */
function fineOf(action) {
  return action.fine || null;
}

/** One seat's discard pile: the player's own takes the discards dropped on it; the previous
 * player's top may be taken while the server lists a take. */
function SeatPile({ model, ctx, seat, onDrop }) {
  const obs = model.view.observation;
  const mine = seat === model.seat && model.seat !== null;
  const last = model.lastEvents.find((e) => e.code === "okey_101.discard");
  return html`<${Pile}
    model=${model}
    faces=${obs.discards[seat]}
    history=${HISTORY_SHOWN}
    testid=${`discard-${seat}`}
    owner=${seat}
    label=${t("pile_of", { name: ctx.seatName(seat) })}
    className=${mine ? "mine" : ""}
    drop=${mine ? "discard" : undefined}
    canTake=${model.view.takeable_from === seat && model.first("take") !== null}
    wilds=${wildsOf(model)}
    fresh=${last !== undefined && last.seat === seat}
    hinted=${model.hinted().take}
    onDrop=${onDrop}
  />`;
}

/** The table's melds, grouped by owner (seat order from the player's own), each numbered, a drop
 * target for lay-offs and swaps; a press on one with a single tile selected plays it there. */
function Melds({ model, ctx, me }) {
  const obs = model.view.observation;
  const pending = new Set(obs.pending);
  const wilds = wildsOf(model);
  const hintTarget = model.hint ? model.hint.parts.target : undefined;
  const owners = Array.from({ length: obs.players }, (_, i) => (me + i) % obs.players).filter((s) => obs.table.some((m) => m.owner === s));
  const press = (number) => () => {
    if (model.chosen.size === 1 && model.myTurn()) toMeld(model, model.selected, number);
  };
  const meld = (m) => {
    const name = ctx.seatName(m.owner);
    const kind = t(`okey_101_kind_${m.kind}`);
    return html`<${TableMeld}
      key=${m.number}
      kind=${model.kind}
      meld=${m}
      label=${t("okey_101_meld_label", { number: m.number, kind, name })}
      wilds=${wilds}
      className=${`${pending.has(m.number) ? "pending" : ""} ${hintTarget === m.number ? "hinted" : ""}`}
      onClick=${model.pressed(press(m.number))}
    >
      <span class="tag">${kind}${m.kind === "pair" ? "" : ` ${num(m.value)}`}</span>
      ${pending.has(m.number) && html`<span class="tag">${t("okey_101_pending")}</span>`}
    <//>`;
  };
  return html`<section class="kmelds okey101-melds" role="region" aria-label=${t("okey_101_table_label")} data-testid="melds" tabindex="0">
    ${owners.length
      ? owners.map(
          (s) => html`<div class="owner-melds" key=${s} data-testid=${`melds-of-${s}`} role="group" aria-label=${t("okey_101_melds_of", { name: ctx.seatName(s) })}>
            <h3><bdi>${ctx.seatName(s)}</bdi></h3>
            <ol>
              ${obs.table.filter((m) => m.owner === s).map(meld)}
            </ol>
          </div>`,
        )
      : html`<p class="muted">${t("okey_101_table_empty", { min: model.info.rules.open_min, pairs: model.info.rules.pairs_open_min })}</p>`}
  </section>`;
}

/** The opening toward open_min (and pairs_open_min) as the server counts it: this turn's melds,
 * with the one the selection makes when it makes one. */
function Opening({ opening, meld, pair }) {
  const lines = [];
  if (meld && meld.opening !== undefined) lines.push([t("okey_101_opening_with", { total: meld.opening, min: opening.min }), meld.opening >= opening.min]);
  else if (pair && pair.pairs !== undefined) lines.push([t("okey_101_pairs_with", { count: pair.pairs, min: opening.pairs_min }), pair.pairs >= opening.pairs_min]);
  else {
    if (opening.pairs === 0) lines.push([t("okey_101_opening", { total: opening.laid, min: opening.min }), false]);
    if (opening.laid === 0 && opening.pairs_min > 0) lines.push([t("okey_101_pairs", { count: opening.pairs, min: opening.pairs_min }), false]);
  }
  return html`<div data-testid="opening">
    ${lines.map(([text, enough], i) => html`<p key=${i} class=${`opening ${enough ? "enough" : ""}`}>${text}</p>`)}
  </div>`;
}

/** The moves' height down to the foot of their last move button (upright, the opening they reach
 * and the işlek line follow them, scrolling within). */
function buttonsHeight(el) {
  const box = el.getBoundingClientRect();
  const feet = [...el.querySelectorAll("button[data-move]")].map((b) => b.getBoundingClientRect().bottom);
  if (!feet.length) return box.height;
  const style = getComputedStyle(el);
  return Math.max(...feet) + el.scrollTop - box.top + parseFloat(style.paddingBlockEnd) + parseFloat(style.borderBlockEndWidth);
}

/** What the selected tiles may do, as buttons of legal moves (`data-move` is the action's text),
 * the opening they reach, and the tiles whose discard would be fined. Upright, pinned on the action
 * bar, it keeps the page's root property `--moves-row` at the height of its buttons' rows, so that
 * the melds' box gives up as much however many rows they take (an okey's readings: a move each). */
function Moves({ model }) {
  const view = model.view;
  const row = useRef(null);
  const shown = model.myTurn() && view.observation.phase === "play";
  useHeightProperty(row, "--moves-row", shown, buttonsHeight);
  if (!shown) return null;
  const choosing = model.ui.choosing;
  const found = moves(model, choosing);
  const one = (list) => (list.length === 1 ? list[0] : null);
  const button = (action, label, worth = null) => html`<${MoveButton} key=${action.text} model=${model} action=${action} label=${label} worth=${worth} />`;
  const worth = (n) => html` <span class="worth">(${num(n)})</span>`;
  const none = !found.melds.length && !found.pairs.length && !found.layoffs.length && !found.swaps.length;
  return html`<div class="kmoves" role="group" aria-label=${t("okey_101_moves_label")} data-testid="moves" ref=${row}>
    ${view.opening && html`<${Opening} opening=${view.opening} meld=${one(found.melds)} pair=${one(found.pairs)} />`}
    ${choosing !== null && html`<p>${t("okey_101_choose", { number: choosing })}</p>`}
    ${found.melds.map((a) => button(a, t("okey_101_meld_button"), a.opening !== undefined ? worth(a.opening) : null))}
    ${found.pairs.map((a) => button(a, t("okey_101_pair_button")))}
    ${found.layoffs.map((a) => button(a, t("okey_101_layoff_button", { number: a.parts.target })))}
    ${found.swaps.map((a) => button(a, t("okey_101_swap_button", { number: a.parts.target })))}
    ${model.chosen.size > 0 && none && html`<p class="muted">${t(model.chosen.size >= 2 ? "okey_101_no_meld_here" : "okey_101_select_more")}</p>`}
    ${view.islek && view.islek.length > 0 && html`<p class="muted" data-testid="islek">${rich(t("okey_101_islek_tiles", { tiles: view.islek }))}</p>`}
  </div>`;
}

/** The question before a discard that would be fined: what it costs, then throw it or keep it
 * (the focus on keeping it; Escape keeps it too). */
function DiscardWarning({ model }) {
  const keep = useRef(null);
  const action = model.ui.confirm;
  useEffect(() => {
    if (action && keep.current) keep.current.focus();
  }, [action]);
  if (!action) return null;
  const fine = fineOf(action);
  const tile = action.parts.pieces[0];
  const cancel = () => {
    model.ui.confirm = null;
    model.changed();
  };
  const key = (event) => {
    if (event.key === "Escape") cancel();
  };
  return html`<div class="discard-warning" role="alertdialog" aria-labelledby="discard-warning-text" data-testid="discard-warning" onKeyDown=${key}>
    <p id="discard-warning-text">${rich(t(fine.kind === "okey" ? "okey_101_warn_okey" : "okey_101_warn_islek", { tile, points: fine.points }))}</p>
    <div class="buttons">
      <button type="button" class="primary" data-testid="confirm-discard" ...${model.press(() => model.play(action))}>${t("okey_101_warn_yes")}</button>
      <button type="button" data-testid="cancel-discard" ref=${keep} onClick=${cancel}>${t("okey_101_warn_no")}</button>
    </div>
  </div>`;
}

/** The hint's move in the page's words: `okey_101_hint_<verb>` with the parts the server names. */
function hintMove(hint) {
  return rich(t(`okey_101_hint_${hint.verb}`, hint.params));
}

/** The hint: the greedy bot's move (`data-move` its text); before opening, the best opening and
 * the most pairs the hand holds; the tiles whose discard would be fined. */
function Hint({ hint, onClose }) {
  const opening = hint.opening;
  const pairs = hint.pairs;
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong data-testid="hint-move" data-move=${hint.action}>${hintMove(hint)}</strong></p>
    ${hint.opened === "none" &&
    html`<p>${t("okey_101_hint_opening", { total: opening.total, min: hint.open_min })} <${PiecesText} melds=${opening.melds.map((m) => m.tiles)} /></p>
      ${hint.pairs_min > 0 && html`<p>${t("okey_101_hint_pairs", { count: pairs.count, min: hint.pairs_min })}</p>`}`}
    ${hint.islek.length > 0 && html`<p>${rich(t("okey_101_islek_tiles", { tiles: hint.islek }))}</p>`}
  </section>`;
}

/** The table: the other seats, the centre, the melds, the own seat; then the dock (the rack, the
 * selection's moves and the actions, the arranging menu first among them). */
function Board({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const me = model.seat === null ? 0 : model.seat;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const order = seats.map((_, i) => (me + i) % obs.players);
  const where = places(order, me, model.info.rules.direction);
  const panel = (seat) =>
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
      ${obs.opened[seat] !== "none" && html`<span class="tag">${t(`okey_101_opened_${obs.opened[seat]}`)}</span>`}
      <${SeatPile} model=${model} ctx=${ctx} seat=${seat} onDrop=${onDrop} />
    <//>`;
  const seated = model.seat !== null;
  return html`<div class=${`board okey101 players-${obs.players}`}>
    ${seats.filter((s) => s !== me).map(panel)}
    <div class="centre">
      <${Stock} model=${model} onDrop=${onDrop} />
      <${Indicator} model=${model} />
    </div>
    <${Melds} model=${model} ctx=${ctx} me=${me} />
    <div class="me">
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)} />
    </div>
    ${seated &&
    html`<div class="dock">
      <${Rack} model=${model} wilds=${wildsOf(model)} fined=${isleks(model)} onDrop=${onDrop} />
      <${Moves} model=${model} />
      <${LayingActions} model=${model} noDiscard="okey_101_ui_no_discard" Warning=${DiscardWarning}><${ArrangeMenu} model=${model} /><//>
    </div>`}
  </div>`;
}

/** A rack tile dropped onto a table meld: a lay-off or an okey swap. */
function drop(model, target, payload) {
  const [where, at] = target.split(":");
  if (payload.from === "rack" && where === "meld") toMeld(model, payload.slot, Number(at));
}

/** A discard the server says would be fined is held back: the page asks first. */
function holdDiscard(model, action) {
  if (!fineOf(action)) return false;
  model.ui.confirm = action;
  model.changed();
  return true;
}

/** The tile drawn, to its drawer (named as every player is, "Ann draws R7"); the round's end by
 * its headline in the round end's words. */
function eventText(event, ctx) {
  if (event.code === "okey_101.draw" && event.params && event.params.tile) {
    return sentence("replay_drew", { seat: event.seat, piece: event.params.tile }, ctx);
  }
  if (event.code === "okey_101.round_end" && event.params && event.params.headline) {
    return roundNote(event.params.headline, ctx);
  }
  return null;
}

/** The finish's kinds in words (`label`: `normal`, or `hand`, `pairs`, `okey` joined by `+`). */
function finishWords(label) {
  return listText(label.split("+").map((k) => t(`okey_101_finish_${k}`)));
}

/** The reasons a seat's points were multiplied (the note's `factors`, each a code with its
 * `factor`) as a list: "x2 for a hand finish, x2 for opening with pairs". */
function factorsText(factors, ctx) {
  return listText(factors.map((f) => t(f.code, f.params, ctx)));
}

/** The round notes the page words itself: how the round was finished (its English `label` in
 * words), the multipliers' terms as a list, and each seat's points with the multipliers' reasons
 * and okey fines that are there. */
function roundNote(note, ctx) {
  if (note.code === "okey_101.finished") {
    return sentence("okey_101_ui_finished", { name: ctx.seatName(note.params.seat), how: finishWords(note.params.label) }, ctx);
  }
  const p = note.params;
  const times = p && p.factors && p.factors.length > 0;
  const factors = times ? factorsText(p.factors, ctx) : "";
  if (note.code === "okey_101.hand_points") {
    const key = `okey_101_ui_hand${times ? "_x" : ""}${p.okeys > 0 ? "_okeys" : ""}`;
    return sentence(key, { ...p, factors, name: ctx.seatName(p.seat), tiles: p.tiles }, ctx);
  }
  if (note.code === "okey_101.unopened_points") {
    return sentence(times ? "okey_101_ui_unopened_x" : "okey_101_ui_unopened", { ...p, factors, name: ctx.seatName(p.seat) }, ctx);
  }
  if (note.code === "okey_101.finisher_points" && times) {
    return sentence("okey_101_ui_finisher_x", { ...p, factors, name: ctx.seatName(p.seat) }, ctx);
  }
  if (note.code === "okey_101.multiplier") {
    const terms = listText(note.params.terms.map((term) => t(term.code, term.params, ctx)));
    return sentence("okey_101_ui_multiplier", { factor: note.params.factor, terms }, ctx);
  }
  return null;
}

/** Elden bitmek (a hand finish, every tile laid at once) announced, with the finish's kinds. */
function RoundEndHead({ result, names }) {
  if (result.winner === null || !result.kind.split("+").includes("hand")) return null;
  return html`<p class="okey-yapmak" data-testid="elden" role="status">${t("okey_101_elden", { name: names[result.winner] })}</p>`;
}

export default {
  Board,
  Hint,
  rack: true,
  /** The ways to arrange the rack, its buttons' order; the first arranges each deal (model.js). */
  arrange: ARRANGE,
  multiSelect: true,
  /** The verbs that lay rack pieces on the table: a retract this turn puts them back in their slots (model.js). */
  laying: new Set(["meld", "pair", "layoff", "swap"]),
  start: () => ({ choosing: null, confirm: null }),
  unpick: (model) => {
    model.ui.choosing = null;
    model.ui.confirm = null;
  },
  drop,
  hinted: hintedParts,
  holdDiscard,
  turnKey: (phase) => `okey_101_turn_${phase}`,
  eventText,
  roundNote,
  RoundEndHead,
};
