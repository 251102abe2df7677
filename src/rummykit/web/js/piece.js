// A tile or a card: always a <button> whose accessible name begins with its notation (R7, F, 7H, JK).

import { html } from "./html.js";
import { describe, look, notation, words } from "./pieces.js";
import { t, listText } from "./i18n.js";

/** The words said after a table joker (`stands`: the card it stands for, or an array of the cards
 * it may stand for, a Kalooki set's joker), or null. */
function standsWords(kind, stands) {
  if (stands === undefined || stands === null) return null;
  if (Array.isArray(stands)) return t("piece_stands_for_any", { cards: listText(stands.map((f) => words(kind, f))) });
  return t("piece_stands_for", { card: words(kind, stands) });
}

/** props: kind ("tiles" | "cards"), face, wild (an okey / wild card this round), selected,
 * stands (a table joker's card, or the cards it may stand for: said after it), fresh (just played: highlighted), hinted (what the hint suggests: marked),
 * fined (its discard would be fined now, 101 Okey's işlek tile: marked, and said after it), small, onClick, onPointerDown, onKeyDown, testid, drop,
 * disabled (aria-disabled).
 * A piece without onClick is shown only: out of the Tab order (it is still a button). */
export function Piece(props) {
  const { kind, face, wild, selected, fresh, hinted, fined, small, testid, stands } = props;
  const shown = look(kind, face);
  const classes = [
    "piece",
    kind === "tiles" ? "tile" : "card",
    `c-${shown.colour}`,
    wild ? "wild" : "",
    selected ? "selected" : "",
    fresh ? "fresh" : "",
    hinted ? "hinted" : "",
    fined ? "fined" : "",
    small ? "small" : "",
  ].join(" ");
  return html`<button
    type="button"
    class=${classes}
    aria-label=${[describe(kind, face, wild), standsWords(kind, stands), fined ? t("piece_fined") : null].filter(Boolean).join(", ")}
    aria-pressed=${selected === undefined ? undefined : String(Boolean(selected))}
    data-piece=${notation(kind, face)}
    data-testid=${testid}
    data-drop=${props.drop}
    aria-disabled=${props.disabled ? "true" : undefined}
    tabindex=${props.onClick ? undefined : -1}
    onClick=${props.onClick}
    onPointerDown=${props.onPointerDown}
    onKeyDown=${props.onKeyDown}
  >
    <span class="rank" aria-hidden="true">${shown.rank}</span>
    <span class="mark" aria-hidden="true">${shown.mark || (kind === "tiles" && face !== 52 ? "●" : "")}</span>
  </button>`;
}
