// Carousel's controller: the seats around, the stock (draws this turn shown) and the draft of the
// table in the centre, the player's hand below. The draft is changed by the engine's atomic edits,
// each one a legal action of the state message, found by its parts: a hand card dragged onto a
// meld (`add`) or onto the empty space (`new`), a table card dragged to another meld or the empty
// space (`move`; out of the middle of a run, `pull`: the run splits around it), a real card
// dropped onto a declared joker (`replace`), a run cut before a card (`split`); a joker asks for
// the card it stands for among the legal actions that place it. The hint's table becomes the draft
// by one `draft` action, to change further, undo or commit. Each meld says whether it is valid and
// why not, and why a commit or a knock is refused: all from the server's `carousel` entry
// (docs/protocol.md); the page checks nothing itself.

import { html } from "../html.js";
import { t, num, sentence, isolate, listText, readable, pieceText } from "../i18n.js";
import { Piece } from "../piece.js";
import { ActionButton, ActionGroup, HintButton } from "../actions.js";
import { MeHead, SeatPanel, Stock, places } from "../board.js";
import { startDrag } from "../drag.js";
import { JOKER, faceOf, inOrder, notation } from "../pieces.js";
import { MeldHead, MeldCards } from "../melds.js";
import { addStylesheet } from "../stylesheet.js";

// the table's own stylesheet, loaded before the table is drawn
await addStylesheet("/static/carousel.css");

const MAX_DRAWS = 3;

/** A card of the table in notation: `7H`, or a joker with its declared card `JK[7H]`. */
function cardText(kind, face, declared) {
  return face === JOKER ? `JK[${notation(kind, declared)}]` : notation(kind, face);
}

/** The text of a meld ([[face, declared], …]): its cards space-joined, as the server writes it. */
function meldText(kind, meld) {
  return meld.map(([f, d]) => cardText(kind, f, d)).join(" ");
}

/** A meld's parts ({pieces, declared}) as [[face, declared], …]. */
function meldCards(kind, parts) {
  return parts.pieces.map((p, i) => [faceOf(kind, p), parts.declared && parts.declared[i] ? faceOf(kind, parts.declared[i]) : null]);
}

/** Whether an action's parts name the card {face, declared} (declared: a joker's card, or null). */
function namesCard(kind, parts, { face, declared }) {
  const stands = parts.declared ? parts.declared[0] : null;
  return parts.pieces[0] === notation(kind, face) && stands === (declared === null ? null : notation(kind, declared));
}

/** A freed joker (`JK[5C]`) as the card it stood for, in brackets: "takes the joker (5♣)". */
function jokerCard(joker) {
  const declared = /^JK\[(.*)\]$/.exec(joker);
  return declared ? `(${pieceText(declared[1])})` : pieceText(joker);
}

/** What a meld (`carousel.melded`'s params) changed, in words: the cards it played from the hand,
 * the jokers it took and placed again, the melds it made and those they replaced. */
function meldChanges(params) {
  const melds = (list) => isolate(readable(list.join(" | "))); // left to right in every language
  const parts = [];
  if (params.played && params.played.length) parts.push(t("carousel_change_played", { cards: isolate(readable(params.played.join(" "))) }));
  if (params.freed && params.freed.length) parts.push(t("carousel_change_freed", { jokers: isolate(params.freed.map(jokerCard).join(" ")) }));
  if (params.added && params.added.length) parts.push(t("carousel_change_made", { melds: melds(params.added) }));
  if (params.gone && params.gone.length) parts.push(t("carousel_change_gone", { melds: melds(params.gone) }));
  return listText(parts);
}

/** The draft's melds that the last meld made (`ui.lastMeld`'s `added`), a set of indexes, while
 * the draft is still the table that meld left; null otherwise. */
function freshMelds(model) {
  const last = model.ui.lastMeld;
  const melds = model.view.observation.draft.melds.map((m) => meldText(model.kind, m));
  const fresh = new Set();
  if (!last || melds.length !== last.table.length || melds.some((text, i) => text !== last.table[i])) return null;
  const added = [...last.added];
  melds.forEach((text, i) => {
    const at = added.indexOf(text);
    if (at !== -1) {
      fresh.add(i);
      added.splice(at, 1);
    }
  });
  return fresh;
}

/** The hand cards not yet placed in the draft (faces), sorted by suit, then rank. */
function handLeft(obs) {
  const left = [...obs.hand];
  for (const face of obs.draft.played) {
    const at = left.indexOf(face);
    if (at !== -1) left.splice(at, 1);
  }
  return inOrder(left);
}

/** The legal actions that place hand card `face` (a joker: as any card) by `verb`: "new", or
 * "add" onto meld `number`. */
function placings(model, face, verb, number = null) {
  const name = notation(model.kind, face);
  return model.legal(verb).filter((a) => a.parts.pieces[0] === name && (verb === "new" || a.parts.target === number));
}

/** What a drop of `payload` on `target` does: the legal actions it may mean (one: played at once;
 * several: a joker's declared card to choose). `payload`: a hand card {from: "hand", face} or a
 * table card {from: "table", number, face, declared}; `target`: "new", "meld:<n>", or
 * "joker:<n>:<card>" (a declared joker of meld n). */
function dropActions(model, target, payload) {
  const [where, at, declared] = target.split(":");
  const replaces = where === "joker" && payload.face !== JOKER && declared === notation(model.kind, payload.face);
  const source = payload.from === "table" ? payload.number : undefined;
  const replace = replaces && model.legal("replace").find((a) => a.parts.target === Number(at) && a.parts.source === source && a.parts.pieces[0] === declared);
  if (replace) return [replace];
  const onto = where === "meld" || where === "joker";
  if (payload.from === "hand") {
    if (onto) return placings(model, payload.face, "add", Number(at));
    return where === "new" ? placings(model, payload.face, "new") : [];
  }
  if (!onto && where !== "new") return [];
  const to = where === "new" ? null : Number(at);
  // out of a run's middle the server offers `pull` (the run splits), elsewhere `move`
  const moving = (verb) => model.legal(verb).find((a) => a.parts.source === payload.number && a.parts.target === to && namesCard(model.kind, a.parts, payload));
  const action = moving("pull") || moving("move");
  return action ? [action] : [];
}

/** The action a drop of `payload` on `target` would be, written as the server reads it, for the
 * server to say why it can't be played when no legal action matches (see `dropActions`). */
function writtenDrop(model, target, payload) {
  const [where, at, declared] = target.split(":");
  const card = payload.declared === null || payload.declared === undefined ? notation(model.kind, payload.face) : `${notation(model.kind, payload.face)}[${notation(model.kind, payload.declared)}]`;
  const onto = where === "meld" || where === "joker";
  if (!onto && where !== "new") return null;
  if (payload.from === "hand") {
    if (where === "joker" && declared === card) return `replace ${at} ${card}`;
    return onto ? `add ${at} ${card}` : `new ${card}`;
  }
  if (where === "joker" && declared === card) return `replace ${at} ${card} from ${payload.number}`;
  return `move ${payload.number} ${card} ${onto ? at : "new"}`;
}

/** Play `text` (a legal action's, or the hint's draft); the picks and choices end. */
function play(model, text) {
  unpick(model);
  model.act(text);
}

function unpick(model) {
  model.ui.pick = null;
  model.ui.handPick = null;
  model.ui.choice = null;
}

/** The legal actions a drop (or a target button) may mean: one is played, several are offered to
 * choose from (a joker's declared card), none says so. */
function dropped(model, actions, written = null) {
  if (actions.length === 1) play(model, actions[0].text);
  else if (actions.length > 1) {
    model.ui.choice = { actions, chosen: actions[0].text };
    model.ui.pick = null;
    model.changed();
  } else if (written) {
    unpick(model);
    model.refused(written);
  } else model.notice("carousel_ui_no_fit");
}

/** The legal action that cuts a run before table card `pick` ({number, face, declared}), if any. */
function splitOf(model, pick) {
  return model.legal("split").find((a) => a.parts.source === pick.number && namesCard(model.kind, a.parts, pick));
}

/** Whether a picked card (`payload`, as a drag's) has a legal move: a split, or a target a drag
 * could reach (see `DropButtons`). */
function movable(model, payload) {
  return (payload.from === "table" && splitOf(model, payload)) || dropTargets(model).some((target) => dropActions(model, target, payload).length > 0);
}

/** Pick `payload` (a table or hand card, as a drag's) when it has a legal move; when it has none,
 * the server says why, as after a drag of it onto the space for a new meld (the tester's 49 and
 * 67: a tap offered only Cancel, or nothing). */
function pickOrExplain(model, payload, keep) {
  unpick(model);
  if (movable(model, payload)) keep();
  else model.refused(writtenDrop(model, "new", payload));
  model.changed();
}

/** Pick (or unpick) table card {face, declared} of draft meld `number`. */
function pickTableCard(model, number, face, declared) {
  const pick = model.ui.pick;
  const same = pick && pick.number === number && pick.face === face && pick.declared === declared;
  const payload = { from: "table", number, face, declared };
  if (same) {
    unpick(model);
    model.changed();
  } else pickOrExplain(model, payload, () => (model.ui.pick = payload));
}

/** Pick (or unpick) hand card `face`; on the player's turn only a card with a move. */
function pickHandCard(model, face) {
  const same = model.ui.handPick === face;
  if (same || !model.myTurn()) {
    unpick(model);
    model.ui.handPick = same ? null : face;
    model.changed();
  } else pickOrExplain(model, { from: "hand", face }, () => (model.ui.handPick = face));
}

/** Which cards of `faces` the cards of `played` (notation) name, each used once: booleans (the
 * names found are taken out of `played`). */
function playedMarks(kind, faces, played) {
  return faces.map((f) => {
    const at = played.indexOf(notation(kind, f));
    if (at !== -1) played.splice(at, 1);
    return at !== -1;
  });
}

function DraftMeld({ model, meld, number, why, fresh, ctx, onDrop }) {
  const kind = model.kind;
  const marks = playedMarks(kind, meld.map(([f]) => f), fresh ? [...model.ui.lastMeld.played] : []);
  const mine = model.myTurn();
  const pick = model.ui.pick;
  const card = (i) => {
    const [face, declared] = meld[i];
    return {
      selected: pick && pick.number === number && pick.face === face && pick.declared === declared,
      fresh: marks[i],
      onClick: mine ? () => pickTableCard(model, number, face, declared) : undefined,
      onPointerDown: mine ? (e) => startDrag(e, e.currentTarget, { from: "table", number, face, declared }, onDrop) : undefined,
    };
  };
  return html`<li
    class=${`kmeld cmeld ${why ? "invalid" : "valid"} ${fresh ? "fresh" : ""}`}
    data-testid=${`meld-${number}`}
    data-fresh=${fresh ? "true" : undefined}
    data-drop=${`meld:${number}`}
    data-valid=${String(!why)}
    data-cards=${meldText(kind, meld)}
    aria-label=${t("carousel_meld_label", { number })}
  >
    <${MeldHead} number=${number}>
      <span class=${`tag ${why ? "warn" : ""}`}>${t(why ? "carousel_meld_invalid" : "carousel_meld_valid")}</span>
    <//>
    <${MeldCards} kind=${kind} cards=${meld} drop=${(i) => (meld[i][0] === JOKER ? `joker:${number}:${notation(kind, meld[i][1])}` : undefined)} extra=${card} />
    ${why && html`<p class="why" data-testid=${`meld-why-${number}`}>${sentence(why.code, why.params, ctx)}</p>`}
  </li>`;
}

/** The choices of a drop or a picked card: a joker's declared card (a select of the legal
 * actions), a table card's split or move to a new meld. */
function Choices({ model }) {
  const { choice, pick } = model.ui;
  const cancel = () => {
    unpick(model);
    model.changed();
  };
  if (choice) {
    const label = (a) => (a.parts.declared ? isolate(pieceText(a.parts.declared[0])) : a.text);
    return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="moves">
      <label>
        ${t("carousel_joker_as")}
        <select data-testid="joker-card" onChange=${(e) => (model.ui.choice = { ...choice, chosen: e.currentTarget.value })}>
          ${choice.actions.map((a) => html`<option key=${a.text} value=${a.text} selected=${a.text === choice.chosen}>${label(a)}</option>`)}
        </select>
      </label>
      <button type="button" class="primary" data-move="place" ...${model.press(() => play(model, model.ui.choice.chosen))}>${t("carousel_place")}</button>
      <button type="button" onClick=${cancel}>${t("ui_cancel")}</button>
    </div>`;
  }
  if (pick) {
    const split = splitOf(model, pick);
    const label = (target, action) =>
      target !== "new" ? t("carousel_move_to", { number: Number(target.slice(5)) }) : action.parts.verb === "pull" ? t("carousel_pull_new") : t("carousel_to_new");
    return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="moves">
      <span data-testid="picked-card">${isolate(pieceText(cardText(model.kind, pick.face, pick.declared)))}</span>
      ${split && html`<button type="button" data-move=${split.text} ...${model.press(() => play(model, split.text))}>${t("carousel_split", { number: pick.number })}</button>`}
      <${DropButtons} model=${model} payload=${pick} label=${label} />
      <button type="button" onClick=${cancel}>${t("ui_cancel")}</button>
    </div>`;
  }
  return null;
}

/** The targets a card may be dropped on: the space for a new meld, each meld of the draft. */
function dropTargets(model) {
  return ["new", ...model.view.observation.draft.melds.map((_, i) => `meld:${i + 1}`)];
}

/** The keyboard's way to drop `payload` (a picked card): a button for each target a drag could
 * reach with a legal action (a new meld, each meld), labelled by `label(target, action)`. */
function DropButtons({ model, payload, label }) {
  return dropTargets(model).map((target) => {
    const actions = dropActions(model, target, payload);
    return actions.length
      ? html`<button type="button" key=${target} data-target=${target} data-move=${actions.length === 1 ? actions[0].text : undefined} ...${model.press(() => dropped(model, actions))}>${label(target, actions[0])}</button>`
      : null;
  });
}

/** The keyboard's way to place a picked hand card: onto each meld, or a new meld (the same legal
 * actions a drag makes). */
function HandMoves({ model, face }) {
  const label = (target) => (target === "new" ? t("carousel_start_meld") : t("carousel_add_to", { number: Number(target.slice(5)) }));
  const buttons = DropButtons({ model, payload: { from: "hand", face }, label });
  if (!buttons.some(Boolean)) return null;
  return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="hand-moves">${buttons}</div>`;
}

function Actions({ model, ctx }) {
  const info = model.view.carousel || {};
  const obs = model.view.observation;
  const button = (verb, primary = false, label = null) => {
    const action = model.first(verb);
    return action && html`<${ActionButton} name=${verb} primary=${primary} label=${label} onClick=${() => play(model, action.text)} />`;
  };
  const commit = model.first("commit");
  return html`<${ActionGroup} model=${model}>
    ${button("draw", true)}
    ${button("undo")}
    ${button("reset")}
    ${obs.draft.changed &&
    model.myTurn() &&
    html`<${ActionButton}
      name="commit"
      primary=${true}
      disabled=${!commit}
      describedBy=${info.commit ? "commit-why" : undefined}
      onClick=${commit ? () => play(model, commit.text) : undefined}
    />`}
    ${button("knock", false, t("carousel_knock", { points: info.points }))}
    ${button("end")}
    <${HintButton} model=${model} />
    ${info.commit && obs.draft.changed && html`<p class="why" id="commit-why" data-testid="commit-why">${sentence(info.commit.code, info.commit.params, ctx)}</p>`}
  <//>`;
}

/** The hint's new table as a preview of its new melds (numbered as in the new table), the cards
 * it plays from the hand marked; the melds the table holds already are only counted, so that the
 * hint stays short on a phone. */
function HintTable({ model, hint }) {
  const kind = model.kind;
  const now = model.view.observation.draft.melds.map((m) => meldText(kind, m));
  const played = [...hint.played];
  const same = hint.table.filter((text) => now.includes(text)).length;
  return html`<ol class="hint-table" data-testid="hint-table" aria-label=${t("carousel_hint_table")}>
    ${hint.table.map((text, i) => {
      if (now.includes(text)) return null;
      const cards = meldCards(kind, hint.melds[i]);
      const marks = playedMarks(kind, cards.map(([f]) => f), played);
      return html`<li key=${i} class="kmeld hinted" data-testid=${`hint-meld-${i + 1}`} data-cards=${text}>
        <${MeldHead} number=${i + 1}><span class="tag">${t("carousel_hint_changed")}</span><//>
        <${MeldCards} kind=${kind} cards=${cards} extra=${(j) => ({ hinted: marks[j] })} />
      </li>`;
    })}
  </ol>
  ${same > 0 && html`<p data-testid="hint-unchanged">${t("carousel_hint_unchanged", { count: same })}</p>`}`;
}

/** The hint's words when the thing to do is not a new table (`hint.step`): draw (first, when the
 * turn has drawn nothing yet), knock, or end the turn. */
function stepText(model, hint) {
  if (hint.step === "draw" && model.view.observation.draws === 0) return t("carousel_hint_draw_first");
  return t(`carousel_hint_${hint.step}`, { points: hint.points_left });
}

function Hint({ model, hint, onClose }) {
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <div class="hint-body" tabindex="0">
      ${hint.step && html`<p data-testid="hint-step" data-step=${hint.step}><strong>${stepText(model, hint)}</strong></p>`}
      ${!hint.step && html`<p><strong>${t("carousel_hint_table")}</strong></p>`}
      ${hint.table.length > 0 && html`<${HintTable} model=${model} hint=${hint} />`}
      ${!hint.step &&
      html`<p>${hint.played.length ? html`${t("carousel_hint_played")} <bdi dir="ltr">${readable(hint.played.join(" "))}</bdi>` : t("carousel_hint_nothing")}</p>
        <p>${t("carousel_hint_left", { points: hint.points_left })}</p>`}
    </div>
    ${hint.draft && html`<button type="button" data-action="apply-hint" ...${model.press(() => play(model, hint.draft))}>${t("carousel_hint_apply")}</button>`}
  </section>`;
}

function Board({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const info = model.view.carousel || { melds: [], points: null, knock: null };
  const kind = model.kind;
  const me = model.seat === null ? 0 : model.seat;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const where = places(seats, me, "ccw");
  const melded = new Set(obs.melded);
  const myTurn = model.myTurn();
  const panel = (seat) =>
    // the seat to move holds its hand less the cards it has placed in the draft
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx} count=${seat === obs.to_move ? obs.hand_counts[seat] - obs.draft.played.length : undefined}>
      ${melded.has(seat) ? html`<span class="tag">${t("carousel_melded")}</span>` : null}
    <//>`;
  const seated = model.seat !== null;
  const hand = seated ? handLeft(obs) : [];
  const fresh = freshMelds(model);
  const last = fresh && model.ui.lastMeld;
  return html`<div class=${`board kalooki carousel players-${obs.players}`}>
    ${seats.filter((s) => s !== me).map(panel)}
    <div class="centre">
      <${Stock} model=${model} onDrop=${onDrop} />
      <p class="draws" data-testid="draws">${t("carousel_draws", { n: obs.draws, max: MAX_DRAWS })}</p>
      ${obs.last_turns && html`<p class="last-turns" role="status" data-testid="last-turns">${t("carousel_last_turns")}</p>`}
    </div>
    <section class="kmelds" role="region" aria-label=${t("carousel_table_label")} data-testid="melds" data-changed=${String(obs.draft.changed)} tabindex="0">
      ${obs.draft.changed &&
      html`<p class="tag" data-testid="draft-open">
        ${obs.to_move === model.seat ? t("carousel_draft_open") : t("carousel_draft_other", { name: ctx.seatName(obs.to_move) }, ctx)}
      </p>`}
      ${last &&
      html`<p class="last-meld" data-testid="last-meld" data-seat=${last.seat}>
        ${t("carousel_log_meld", { name: ctx.seatName(last.seat), changes: meldChanges(last) }, ctx)}
      </p>`}
      ${obs.draft.floating > 0 &&
      html`<div class="floating" data-testid="floating">
        <p class="why">${t("carousel_floating", { n: obs.draft.floating })}</p>
        ${Array.from(
          { length: obs.draft.floating },
          (_, i) => html`<${Piece}
            key=${i}
            kind=${kind}
            face=${JOKER}
            wild=${true}
            testid="floating-joker"
            selected=${model.ui.handPick === JOKER}
            onClick=${myTurn ? () => pickHandCard(model, JOKER) : undefined}
            onPointerDown=${myTurn ? (e) => startDrag(e, e.currentTarget, { from: "hand", face: JOKER }, onDrop) : undefined}
          />`,
        )}
      </div>`}
      ${obs.draft.melds.length
        ? html`<ol>
            ${obs.draft.melds.map((m, i) => html`<${DraftMeld} key=${i} model=${model} meld=${m} number=${i + 1} why=${info.melds[i]} fresh=${Boolean(fresh && fresh.has(i))} ctx=${ctx} onDrop=${onDrop} />`)}
          </ol>`
        : html`<p class="muted">${t("carousel_table_empty")}</p>`}
      ${myTurn && html`<div class="new-meld" data-testid="new-meld" data-drop="new">${t("carousel_new_meld")}</div>`}
    </section>
    <div class="me">
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)} />
      ${seated &&
      html`<section class="rack chand" role="region" aria-label=${t("rack_label")} data-testid="rack" dir="ltr">
          ${hand.map(
            (f, i) => html`<${Piece}
              key=${`${f}-${i}`}
              kind=${kind}
              face=${f}
              wild=${f === JOKER}
              selected=${model.ui.handPick === f}
              onClick=${() => pickHandCard(model, f)}
              onPointerDown=${(e) => startDrag(e, e.currentTarget, { from: "hand", face: f }, onDrop)}
            />`,
          )}
        </section>
        <div class="points" data-testid="hand-points">
          <p>${t("carousel_points", { points: info.points })}</p>
          ${myTurn && info.knock && html`<p class="knock-why" data-testid="knock-why">${t("carousel_no_knock")} ${sentence(info.knock.code, info.knock.params, ctx)}</p>`}
        </div>
        <${Choices} model=${model} />
        ${model.ui.handPick !== null && myTurn && html`<${HandMoves} model=${model} face=${model.ui.handPick} />`}
        <${Actions} model=${model} ctx=${ctx} />`}
    </div>
  </div>`;
}

/** The last meld played this round (`carousel.melded`'s params with its seat), kept while the
 * round goes on. */
function follow(model, events, newRound) {
  if (newRound) model.ui.lastMeld = null;
  for (const event of events) if (event.code === "carousel.melded") model.ui.lastMeld = { seat: event.seat, ...event.params };
}

/** A meld in words: what it changed, not only the new table. */
function eventText(event, ctx) {
  if (event.code !== "carousel.melded" || !event.params || !event.params.added) return null;
  return t("carousel_log_meld", { name: ctx.seatName(event.seat), changes: meldChanges(event.params) }, ctx);
}

/** The match's end: how each final score is made, the score after the last round and the
 * match's bonuses (the view's `match_bonuses`: reaching the target, the rounds won). */
function RoundEndHead({ names, view }) {
  const obs = view.observation;
  if (!obs.match_bonuses) return null;
  return html`<ul class="bonuses" data-testid="match-bonuses" aria-label=${t("carousel_bonuses")}>
    ${obs.match_bonuses.map((b) => {
      const terms = [num(b.before)];
      if (b.game) terms.push(t("carousel_bonus_game", { bonus: b.game }));
      if (b.round_bonus) terms.push(t("carousel_bonus_rounds", { bonus: b.round_bonus, rounds: b.rounds }));
      return html`<li key=${b.seat}>${t("carousel_bonus_line", { name: names[b.seat], terms: terms.join(" "), total: obs.scores[b.seat] })}</li>`;
    })}
  </ul>`;
}

export default {
  Board,
  RoundEndHead,
  Hint,
  rack: false,
  start: () => ({ pick: null, handPick: null, choice: null, lastMeld: null }),
  follow,
  unpick,
  drop: (model, target, payload) => dropped(model, dropActions(model, target, payload), writtenDrop(model, target, payload)),
  eventText,
};
