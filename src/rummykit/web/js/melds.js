// A table of melds as the games with melds on the table show it (their boards, a hint's preview,
// the replay): each meld's head (its number, its owner when it has one, its tags) and its cards
// left to right, a joker (or an okey) with the card it stands for under it; a meld of a public
// table as a list item, a drop target for what goes onto it.

import { html } from "./html.js";
import { num, pieceText } from "./i18n.js";
import { Piece } from "./piece.js";
import { rich } from "./runningtext.js";
import { JOKER, notation } from "./pieces.js";

const JOKERS = new Set([JOKER]);

/** A meld's head: its number, `name` (its owner's, when given) and `children` (tags). */
export function MeldHead({ number, name, children }) {
  return html`<span class="kmeld-head">
    <span class="kmeld-no">${num(number)}</span>
    ${name !== undefined && html`<bdi>${name}</bdi>`}
    ${children}
  </span>`;
}

/** A meld's cards: `cards` [[face, stands_for], …] (stands_for: the card a joker stands for);
 * `wilds` the wild faces (default: the joker), each with the card it stands for under it, as
 * the (false) joker; `extra(i)` more props of card `i`'s Piece (a click, a mark), `drop(i)` its
 * drop target. */
export function MeldCards({ kind, cards, wilds = JOKERS, extra = () => ({}), drop = () => undefined }) {
  return html`<span class="kmeld-cards" dir="ltr">
    ${cards.map(
      ([face, stands], i) => {
        const standsIn = face === JOKER || wilds.has(face);
        return html`<span class="kcard" key=${i} data-drop=${drop(i)}>
          <${Piece} kind=${kind} face=${face} wild=${wilds.has(face)} stands=${standsIn ? stands : undefined} small=${true} ...${extra(i)} />
          ${standsIn && html`<span class="stands" aria-hidden="true" data-card=${notation(kind, stands)}>${rich(pieceText(notation(kind, stands)))}</span>`}
        </span>`;
      },
    )}
  </span>`;
}

/** A meld of a public table (`meld`: the observation's {number, owner, faces, stands_for}) as a
 * list item named `label`: its head (its owner's `name`, `children` its tags) and its cards
 * (`wilds` as MeldCards'); a drop target (`meld:<number>`), `className` more classes, `onClick`
 * what a press on it does. */
export function TableMeld({ kind, meld, name, label, wilds, className = "", onClick, children }) {
  return html`<li
    class=${`kmeld ${className}`}
    data-testid=${`meld-${meld.number}`}
    data-drop=${`meld:${meld.number}`}
    data-owner=${meld.owner}
    aria-label=${label}
    onClick=${onClick}
  >
    <${MeldHead} number=${meld.number} name=${name}>${children}<//>
    <${MeldCards} kind=${kind} cards=${meld.faces.map((f, i) => [f, meld.stands_for[i]])} wilds=${wilds} />
  </li>`;
}
