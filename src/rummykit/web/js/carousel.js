// The Carousel table: the seats around, the stock (draws this turn shown) and the draft of the
// table in the centre, the player's hand below. The draft is changed by the engine's atomic edits,
// each one a legal action of the state message: a hand card dragged onto a meld (`add`) or onto
// the empty space (`new`), a table card dragged to another meld or the empty space (`move`; out of
// the middle of a run, `pull`: the run splits around it), a real card dropped onto a declared
// joker (`replace`), a run cut before a card (`split`); a joker asks for the card it stands for
// among the legal texts that place it. The hint's table becomes the draft by one `draft` action,
// to change further, undo or commit. Each meld says whether it
// is valid and why not, and why a commit or a knock is refused: all from the server's `carousel`
// entry (docs/protocol.md); the page checks nothing itself.

import { html } from "./html.js";
import { t, sentence } from "./i18n.js";
import { Piece } from "./piece.js";
import { MeHead, SeatPanel, places } from "./board.js";
import { startDrag } from "./drag.js";
import { JOKER, faceOf, notation } from "./pieces.js";
import { MeldHead, MeldCards, meldChanges } from "./melds.js";

const MAX_DRAWS = 3;

/** A card of the table in notation: `7H`, or a joker with its declared card `JK[7H]`. */
function cardText(kind, face, declared) {
  return face === JOKER ? `JK[${notation(kind, declared)}]` : notation(kind, face);
}

/** A card's text (`7H`, `JK[7H]`) as [face, declared] (declared null for a real card). */
function cardOf(kind, text) {
  const joker = text.match(/^JK\[(.*)\]$/);
  return joker ? [JOKER, faceOf(kind, joker[1])] : [faceOf(kind, text), null];
}

/** The text of a meld ([[face, declared], …]): its cards space-joined, as the server writes it. */
function meldText(kind, meld) {
  return meld.map(([f, d]) => cardText(kind, f, d)).join(" ");
}

/** The draft's melds that the last meld made (`model.carouselMeld`'s `added`), a set of indexes,
 * while the draft is still the table that meld left; null otherwise. */
function freshMelds(model) {
  const last = model.carouselMeld;
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
  return left.sort((a, b) => a - b);
}

/** The legal texts of the view (a Set). */
function legalTexts(model) {
  return new Set(model.view.legal.map((a) => a.text));
}

/** The legal texts that place hand card `face` (a joker: as any card) by `verb` ("new", or "add"
 * onto meld `number`). */
function placings(model, face, verb, number) {
  const head = verb === "new" ? "new " : `add ${number} `;
  const card = face === JOKER ? "JK[" : notation(model.kind, face);
  return model.view.legal
    .map((a) => a.text)
    .filter((text) => text.startsWith(head) && (face === JOKER ? text.slice(head.length).startsWith(card) : text.slice(head.length) === card));
}

/** What a drop of `payload` on `target` does: the legal texts it may mean (one: played at once;
 * several: a joker's declared card to choose). */
export function carouselDrop(model, target, payload) {
  const legal = legalTexts(model);
  const [where, at, declared] = target.split(":");
  if (payload.from === "hand") {
    if (where === "joker" && payload.face !== JOKER) {
      const text = `replace ${at} ${notation(model.kind, payload.face)}`;
      if (declared === notation(model.kind, payload.face) && legal.has(text)) return [text];
    }
    if (where === "meld" || where === "joker") return placings(model, payload.face, "add", Number(at));
    if (where === "new") return placings(model, payload.face, "new");
    return [];
  }
  if (payload.from === "table") {
    if (where === "joker" && !payload.card.startsWith("JK")) {
      const text = `replace ${at} ${payload.card} from ${payload.number}`;
      if (declared === payload.card && legal.has(text)) return [text];
    }
    const to = where === "new" ? "new" : where === "meld" || where === "joker" ? at : null;
    if (to === null) return [];
    // out of a run's middle the server offers `pull` (the run splits), elsewhere `move`
    const text = ["pull", "move"].map((verb) => `${verb} ${payload.number} ${payload.card} ${to}`).find((x) => legal.has(x));
    return text ? [text] : [];
  }
  return [];
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
  const marks = playedMarks(kind, meld.map(([f]) => f), fresh ? [...model.carouselMeld.played] : []);
  const mine = model.view.legal.length > 0;
  const selected = model.carouselPick;
  const card = (i) => {
    const text = cardText(kind, ...meld[i]);
    return {
      selected: selected && selected.number === number && selected.card === text,
      fresh: marks[i],
      onClick: mine ? () => model.pickTableCard(number, text) : undefined,
      onPointerDown: mine ? (e) => startDrag(e, e.currentTarget, { from: "table", number, card: text }, onDrop) : undefined,
    };
  };
  return html`<li
    class=${`kmeld cmeld ${why ? "invalid" : "valid"} ${fresh ? "fresh" : ""}`}
    data-testid=${`meld-${number}`}
    data-fresh=${fresh ? "true" : undefined}
    data-drop=${`meld:${number}`}
    data-valid=${String(!why)}
    data-cards=${meld.map(([f, d]) => cardText(kind, f, d)).join(" ")}
    aria-label=${t("carousel_meld_label", { number })}
  >
    <${MeldHead} number=${number}>
      <span class=${`tag ${why ? "warn" : ""}`}>${t(why ? "carousel_meld_invalid" : "carousel_meld_valid")}</span>
    <//>
    <${MeldCards} kind=${kind} cards=${meld} drop=${(i) => (meld[i][0] === JOKER ? `joker:${number}:${notation(kind, meld[i][1])}` : undefined)} extra=${card} />
    ${why && html`<p class="why" data-testid=${`meld-why-${number}`}>${sentence(why.code, why.params, ctx)}</p>`}
  </li>`;
}

/** The choices of a drop or a picked card: a joker's declared card (a select of the legal texts),
 * a table card's split or move to a new meld. */
function Choices({ model }) {
  const choice = model.carouselChoice;
  const pick = model.carouselPick;
  const legal = legalTexts(model);
  if (choice) {
    const label = (text) => text.match(/JK\[(.*)\]/)?.[1] || text;
    return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="moves">
      <label>
        ${t("carousel_joker_as")}
        <select data-testid="joker-card" onChange=${(e) => (model.carouselChoice = { ...choice, chosen: e.currentTarget.value })}>
          ${choice.texts.map((text) => html`<option key=${text} value=${text} selected=${text === choice.chosen}>${label(text)}</option>`)}
        </select>
      </label>
      <button type="button" class="primary" data-move="place" onClick=${() => model.playCarousel(model.carouselChoice.chosen)}>${t("carousel_place")}</button>
      <button type="button" onClick=${() => model.cancelCarousel()}>${t("ui_cancel")}</button>
    </div>`;
  }
  if (pick) {
    const split = `split ${pick.number} ${pick.card}`;
    const payload = { from: "table", number: pick.number, card: pick.card };
    const label = (target, text) =>
      target !== "new" ? t("carousel_move_to", { number: Number(target.slice(5)) }) : text.startsWith("pull ") ? t("carousel_pull_new") : t("carousel_to_new");
    return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="moves">
      <span dir="ltr">${pick.card}</span>
      ${legal.has(split) && html`<button type="button" data-move=${split} onClick=${() => model.playCarousel(split)}>${t("carousel_split", { number: pick.number })}</button>`}
      <${DropButtons} model=${model} payload=${payload} label=${label} />
      <button type="button" onClick=${() => model.cancelCarousel()}>${t("ui_cancel")}</button>
    </div>`;
  }
  return null;
}

/** The keyboard's way to drop `payload` (a picked card): a button for each target a drag could
 * reach with a legal text (a new meld, each meld), labelled by `label(target, text)`. */
function DropButtons({ model, payload, label }) {
  const targets = ["new", ...model.view.observation.draft.melds.map((_, i) => `meld:${i + 1}`)];
  return targets.map((target) => {
    const texts = carouselDrop(model, target, payload);
    return texts.length
      ? html`<button type="button" key=${target} data-target=${target} data-move=${texts.length === 1 ? texts[0] : undefined} onClick=${() => model.carouselDropped(target, payload, texts)}>${label(target, texts[0])}</button>`
      : null;
  });
}

function CarouselActions({ model, ctx }) {
  const legal = legalTexts(model);
  const info = model.view.carousel || {};
  const obs = model.view.observation;
  const myTurn = model.view.legal.length > 0;
  const hintsAllowed = model.info.options.hints !== false;
  const button = (key, text, primary = false, label = null) =>
    html`<button type="button" class=${primary ? "primary" : ""} data-action=${key} onClick=${() => model.playCarousel(text)}>${label || t(`action_${key}`)}</button>`;
  return html`<div class="actions" role="group" aria-label=${t("actions_label")} data-testid="actions">
    ${legal.has("draw") && button("draw", "draw", true)}
    ${legal.has("undo") && button("undo", "undo")}
    ${legal.has("reset") && button("reset", "reset")}
    ${obs.draft.changed &&
    myTurn &&
    html`<button
      type="button"
      class="primary"
      data-action="commit"
      disabled=${!legal.has("commit")}
      aria-describedby=${info.commit ? "commit-why" : undefined}
      onClick=${() => model.playCarousel("commit")}
    >${t("action_commit")}</button>`}
    ${legal.has("knock") && button("knock", "knock", false, t("carousel_knock", { points: info.points }))}
    ${legal.has("end") && button("end", "end")}
    ${hintsAllowed && myTurn && html`<button type="button" data-action="hint" onClick=${() => model.askHint()}>${t("action_hint")}</button>`}
    ${info.commit && obs.draft.changed && html`<p class="why" id="commit-why" data-testid="commit-why">${sentence(info.commit.code, info.commit.params, ctx)}</p>`}
  </div>`;
}

/** The hint's new table as a preview of melds: the cards it plays from the hand marked, each meld
 * the table holds already marked unchanged. */
function HintTable({ model, hint }) {
  const kind = model.kind;
  const now = model.view.observation.draft.melds.map((m) => meldText(kind, m));
  const played = [...hint.played];
  return html`<ol class="hint-table" data-testid="hint-table" aria-label=${t("carousel_hint_table")}>
    ${hint.table.map((text, i) => {
      const same = now.includes(text);
      const cards = text.split(" ").map((c) => cardOf(kind, c));
      const marks = playedMarks(kind, cards.map(([f]) => f), played);
      return html`<li key=${i} class=${`kmeld ${same ? "" : "hinted"}`} data-testid=${`hint-meld-${i + 1}`} data-cards=${text} data-changed=${String(!same)}>
        <${MeldHead} number=${i + 1}>${same ? null : html`<span class="tag">${t("carousel_hint_changed")}</span>`}<//>
        <${MeldCards} kind=${kind} cards=${cards} extra=${(j) => ({ hinted: marks[j] })} />
      </li>`;
    })}
  </ol>`;
}

function CarouselHint({ model, hint, onClose }) {
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong>${t("carousel_hint_table")}</strong>${hint.table.length ? null : " —"}</p>
    ${hint.table.length > 0 && html`<${HintTable} model=${model} hint=${hint} />`}
    <p>${hint.played.length ? html`${t("carousel_hint_played")} <bdi dir="ltr">${hint.played.join(" ")}</bdi>` : t("carousel_hint_nothing")}</p>
    <p>${t("carousel_hint_left", { points: hint.points_left })}</p>
    ${hint.draft && html`<button type="button" data-action="apply-hint" onClick=${() => model.playCarousel(hint.draft)}>${t("carousel_hint_apply")}</button>`}
  </section>`;
}

export function CarouselBoard({ model, ctx, onDrop }) {
  const obs = model.view.observation;
  const info = model.view.carousel || { melds: [], points: null, knock: null };
  const kind = model.kind;
  const me = model.seat === null ? 0 : model.seat;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const where = places(seats, me, "ccw");
  const melded = new Set(obs.melded);
  const myTurn = model.view.legal.length > 0;
  const panel = (seat) =>
    html`<${SeatPanel} key=${seat} model=${model} seat=${seat} side=${where.get(seat)} ctx=${ctx}>
      ${melded.has(seat) ? html`<span class="tag">${t("carousel_melded")}</span>` : null}
    <//>`;
  const seated = model.seat !== null;
  const hand = seated ? handLeft(obs) : [];
  const canDraw = myTurn && model.view.legal.some((a) => a.text === "draw");
  const fresh = freshMelds(model);
  const last = fresh && model.carouselMeld;
  return html`<div class=${`board kalooki carousel players-${obs.players}`}>
    ${seats.filter((s) => s !== me).map(panel)}
    <div class="centre">
      <div
        class=${`stock ${canDraw ? "can-draw" : ""}`}
        data-testid="stock"
        title=${t("stock_label", { n: obs.stock_count })}
        onClick=${canDraw ? () => model.playCarousel("draw") : undefined}
      >
        <span class="stock-face" aria-hidden="true"></span>
        <span class="count">${t("stock_label", { n: obs.stock_count })}</span>
      </div>
      <p class="draws" data-testid="draws">${t("carousel_draws", { n: obs.draws, max: MAX_DRAWS })}</p>
      ${obs.last_turns && html`<p class="last-turns" role="status" data-testid="last-turns">${t("carousel_last_turns")}</p>`}
    </div>
    <section class="kmelds" role="region" aria-label=${t("carousel_table_label")} data-testid="melds" data-changed=${String(obs.draft.changed)}>
      ${obs.draft.changed && html`<p class="tag">${t("carousel_draft_open")}</p>`}
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
            selected=${model.carouselHandPick === JOKER}
            onClick=${myTurn ? () => model.pickHandCard(JOKER) : undefined}
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
      <${MeHead} model=${model} ctx=${ctx} seated=${seated} seatPanel=${panel(me)}
        hint=${html`<${CarouselHint} model=${model} hint=${model.hint} onClose=${() => model.dismissHint()} />`} />
      ${seated &&
      html`<section class="rack chand" role="region" aria-label=${t("rack_label")} data-testid="rack" dir="ltr">
          ${hand.map(
            (f, i) => html`<${Piece}
              key=${`${f}-${i}`}
              kind=${kind}
              face=${f}
              wild=${f === JOKER}
              selected=${model.carouselHandPick === f}
              onClick=${() => model.pickHandCard(f)}
              onPointerDown=${(e) => startDrag(e, e.currentTarget, { from: "hand", face: f }, onDrop)}
            />`,
          )}
        </section>
        <div class="points" data-testid="hand-points">
          <p>${t("carousel_points", { points: info.points })}</p>
          ${myTurn && info.knock && html`<p class="knock-why" data-testid="knock-why">${t("carousel_no_knock")} ${sentence(info.knock.code, info.knock.params, ctx)}</p>`}
        </div>
        <${Choices} model=${model} />
        ${model.carouselHandPick !== null && myTurn && html`<${HandMoves} model=${model} face=${model.carouselHandPick} />`}
        <${CarouselActions} model=${model} ctx=${ctx} />`}
    </div>
  </div>`;
}

/** The keyboard's way to place a picked hand card: onto each meld, or a new meld (the same legal
 * texts a drag makes). */
function HandMoves({ model, face }) {
  const label = (target) => (target === "new" ? t("carousel_new_meld") : t("carousel_add_to", { number: Number(target.slice(5)) }));
  const buttons = DropButtons({ model, payload: { from: "hand", face }, label });
  if (!buttons.some(Boolean)) return null;
  return html`<div class="kmoves" role="group" aria-label=${t("carousel_choices_label")} data-testid="hand-moves">${buttons}</div>`;
}
