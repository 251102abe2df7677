// Text with tiles in it (the log, refusals, hints, the moves' buttons, the round end): `pieceText`
// in i18n.js marks each tile's notation (`TILE_MARK`); here a marked tile becomes a small tile
// drawn as the rack draws it (`rich`: its number in its colour on the tile's face, the false
// joker's flower, named in words for a screen reader), or its words where only plain text fits
// (`plain`: a live region, an attribute). Nothing else of the text changes.

import { html } from "./html.js";
import { TILE_MARK } from "./i18n.js";
import { faceOf, look, words } from "./pieces.js";

const MARKED = new RegExp(`${TILE_MARK}([^${TILE_MARK}]+)${TILE_MARK}`);

/** A tile in running text: `code` its notation (`K12`, `F`); a `<span role="img">` named by the
 * tile in words ("black 12", `piece_tile`), with its colour's class (`c-K`) as the rack's pieces,
 * and `data-tile` the notation. */
export function TextTile({ code }) {
  const face = faceOf("tiles", code);
  const shown = look("tiles", face);
  return html`<span class=${`text-tile c-${shown.colour}`} role="img" aria-label=${words("tiles", face)} data-tile=${code}>${shown.rank}</span>`;
}

/** `text` (a string `t` wrote) as the children of an element: its marked tiles drawn as
 * `TextTile`s, the rest as text; a text without tiles is itself. */
export function rich(text) {
  const parts = String(text).split(MARKED);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 ? html`<${TextTile} key=${i} code=${part} />` : part));
}

/** `text` as plain text: each marked tile in words ("black 12", «سیاه ۱۲» as the catalog says). */
export function plain(text) {
  return String(text)
    .split(MARKED)
    .map((part, i) => (i % 2 ? words("tiles", faceOf("tiles", part)) : part))
    .join("");
}
