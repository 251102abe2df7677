// The rack's selection matched with the legal actions, for the games whose selected pieces make
// moves (melds, lay-offs): each action read by its parts (the pieces it plays from the hand),
// never by its text; and a move offered as a button.

import { html } from "./html.js";
import { readable } from "./i18n.js";
import { rich } from "./runningtext.js";
import { piecesText, faceOf } from "./pieces.js";

/** The faces an action's parts play from the hand, sorted. */
export function facesOf(model, action) {
  return action.parts.pieces.map((p) => faceOf(model.kind, p)).sort((a, b) => a - b);
}

/** Tests of faces against the selection: `same(faces)` the selected pieces exactly, `within(faces)`
 * some of them (each copy once); `count` how many are selected. */
export function selectionTests(model) {
  const chosen = model.selectedFaces().sort((a, b) => a - b);
  const same = (faces) => faces.length === chosen.length && faces.every((f, i) => f === chosen[i]);
  const within = (faces) => {
    const left = [...chosen];
    return faces.every((f) => {
      const at = left.indexOf(f);
      if (at === -1) return false;
      left.splice(at, 1);
      return true;
    });
  };
  return { same, within, count: chosen.length };
}

/** The legal actions of `verb` that play exactly the selected pieces (onto table meld `target`
 * when given). */
export function selectedMoves(model, verb, target = null) {
  const { same } = selectionTests(model);
  return model.legal(verb).filter((a) => same(facesOf(model, a)) && (target === null || a.parts.target === target));
}

/** Melds (lists of notation) in a hint's words: left to right, split by bars, each meld (after
 * its bar) on one line, its pieces spaced (`.pieces-text`); "—" for none. */
export function PiecesText({ melds }) {
  if (!melds.length) return "—";
  return html`<bdi dir="ltr" class="pieces-text">${melds.map((m, i) => html`${i ? " " : ""}<bdi key=${i}>${i ? "| " : ""}${rich(readable(m.join(" ")))}</bdi>`)}</bdi>`;
}

/** A legal move as a button: `label`, then its pieces as people read them (cards with their suits'
 * symbols, a joker or okey with what it stands for), then `worth` (what it would make);
 * `data-move` is the action's text. */
export function MoveButton({ model, action, label, worth = null }) {
  return html`<button type="button" data-move=${action.text} ...${model.press(() => model.play(action))}>
    ${label} <bdi dir="ltr">${rich(readable(piecesText(action.parts).join(" ")))}</bdi>${worth}
  </button>`;
}

/** The rack's pieces the hint's move plays, and whether it takes or draws, read from the hint's
 * action parts (the games whose hint is one of their moves). */
export function hintedParts(model) {
  const parts = model.hint.parts;
  return { rack: new Set(parts.pieces.map((p) => faceOf(model.kind, p))), take: parts.verb === "take", draw: parts.verb === "draw" };
}
