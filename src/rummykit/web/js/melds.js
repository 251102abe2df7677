// A table of melds as the games with melds on the table show it (their boards, a hint's preview,
// the replay): each meld's head (its number, its owner when it has one, its tags) and its cards
// left to right, a joker with the card it stands for under it.

import { html } from "./html.js";
import { num, pieceText } from "./i18n.js";
import { Piece } from "./piece.js";
import { JOKER, notation } from "./pieces.js";

/** A meld's head: its number, `name` (its owner's, when given) and `children` (tags). */
export function MeldHead({ number, name, children }) {
  return html`<span class="kmeld-head">
    <span class="kmeld-no">${num(number)}</span>
    ${name !== undefined && html`<bdi>${name}</bdi>`}
    ${children}
  </span>`;
}

/** A meld's cards: `cards` [[face, stands_for], …] (stands_for: the card a joker stands for);
 * `extra(i)` more props of card `i`'s Piece (a click, a mark), `drop(i)` its drop target. */
export function MeldCards({ kind, cards, extra = () => ({}), drop = () => undefined }) {
  return html`<span class="kmeld-cards" dir="ltr">
    ${cards.map(
      ([face, stands], i) => html`<span class="kcard" key=${i} data-drop=${drop(i)}>
        <${Piece} kind=${kind} face=${face} wild=${face === JOKER} stands=${face === JOKER ? stands : undefined} small=${true} ...${extra(i)} />
        ${face === JOKER && html`<span class="stands" aria-hidden="true" data-card=${notation(kind, stands)}>${pieceText(notation(kind, stands))}</span>`}
      </span>`,
    )}
  </span>`;
}
