// The player's rack: two rows of slots, pieces dragged (or tapped, then a free slot) to any slot
// (gaps allowed) or moved with the keyboard (select with Enter/Space, then the arrow keys), melds
// bracketed as the server finds them.
// Its slots read left to right in every language, as the pieces of a meld do (a run is 7 8 9 in
// a right-to-left page too).

import { html } from "./html.js";
import { useEffect, useRef } from "preact/hooks";
import { t } from "./i18n.js";
import { Piece } from "./piece.js";
import { startDrag } from "./drag.js";
import { RACK_COLUMNS, RACK_ROWS } from "./model.js";

function groupMarks(groups) {
  const marks = new Map();
  for (const [start, end] of groups) {
    for (let i = start; i < end; i += 1) marks.set(i, `grouped${i === start ? " g-start" : ""}${i === end - 1 ? " g-end" : ""}`);
  }
  return marks;
}

/** The rack of `model`'s seat: `wilds` the wild faces, `fined` the faces whose discard would be
 * fined now (101 Okey's işlek tiles: marked). */
export function Rack({ model, wilds, fined = new Set(), onDrop }) {
  const box = useRef(null);
  const rack = model.rack;
  useEffect(() => {
    if (model.focusSlot === null || !box.current || !model.rack) return;
    // wait until the server's answer has put the moved piece there
    if (model.rackQueue.length || model.rack.slots[model.focusSlot] !== model.selectedPiece) return;
    const button = box.current.querySelector(`[data-slot="${model.focusSlot}"] button`);
    if (!button) return;
    button.focus();
    model.focusSlot = null;
  });
  const slots = rack ? rack.slots : Array(RACK_ROWS * RACK_COLUMNS).fill(null);
  const marks = groupMarks(rack ? rack.groups : []);
  const hinted = model.hinted().rack;

  // the focused button may still be the piece's old place while a move is on its way
  const keyDown = (slot, face) => (event) => {
    if (model.selected === null || (model.selected !== slot && face !== model.selectedPiece)) return;
    // the rack reads left to right in every language (a run 7 8 9), so do its arrows
    const along = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const across = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (along === undefined && across === undefined) return;
    event.preventDefault();
    model.moveSelected(along || 0, across || 0);
  };

  const row = (r) =>
    html`<div class="rack-row" role="group" aria-label=${t("rack_row", { n: r + 1 })}>
      ${slots.slice(r * RACK_COLUMNS, (r + 1) * RACK_COLUMNS).map((face, i) => {
        const slot = r * RACK_COLUMNS + i;
        const place = face === null && model.selected !== null;
        return html`<div
          class=${`slot ${marks.get(slot) || ""} ${place ? "can-place" : ""}`}
          data-slot=${slot}
          data-drop=${`slot:${slot}`}
          key=${slot}
          onClick=${place ? () => model.placeSelected(slot) : undefined}
        >
          ${face === null
            ? null
            : html`<${Piece}
                kind=${model.kind}
                face=${face}
                wild=${wilds.has(face)}
                selected=${model.isSelected(slot)}
                hinted=${hinted.has(face)}
                fined=${fined.has(face)}
                onClick=${() => model.select(slot)}
                onKeyDown=${keyDown(slot, face)}
                onPointerDown=${(e) => startDrag(e, e.currentTarget, { from: "rack", slot, face }, onDrop)}
              />`}
        </div>`;
      })}
    </div>`;

  return html`<section class="rack" role="region" aria-label=${t("rack_label")} data-testid="rack" data-drop="rack" aria-busy=${String(model.rackBusy)} ref=${box} dir="ltr">
    ${Array.from({ length: RACK_ROWS }, (_, r) => row(r))}
  </section>`;
}
