// A table of melds as the games with melds on the table show it (their boards, a hint's preview,
// the replay): each meld's head (its number, its owner when it has one, its tags) and its cards
// left to right, a joker (or an okey) with the card it stands for under it; a meld of a public
// table as a list item, a drop target for what goes onto it.

import { html } from "./html.js";
import { num, pieceText } from "./i18n.js";
import { Piece } from "./piece.js";
import { rich } from "./runningtext.js";
import { JOKER, look, notation, rankOf, suitOf } from "./pieces.js";

const JOKERS = new Set([JOKER]);

/** A meld's head: its number, `name` (its owner's, when given) and `children` (tags). */
export function MeldHead({ number, name, children }) {
  return html`<span class="kmeld-head">
    <span class="kmeld-no">${num(number)}</span>
    ${name !== undefined && html`<bdi>${name}</bdi>`}
    ${children}
  </span>`;
}

/** What a joker stands for, under it (`stands`: a face, or the faces it may be, one rank): its
 * notation ("QS/QD", `data-card`) and its label ("Q♠", or the rank and each suit: "Q♠♦"). */
function standsNotation(kind, stands) {
  return Array.isArray(stands) ? stands.map((f) => notation(kind, f)).join("/") : notation(kind, stands);
}

function standsLabel(kind, stands) {
  if (!Array.isArray(stands)) return rich(pieceText(notation(kind, stands)));
  return `${look(kind, stands[0]).rank}${stands.map((f) => look(kind, f).mark).join("")}`;
}

/** A meld's cards: `cards` [[face, stands_for], …] (stands_for: the card a joker stands for, or the
 * cards it may stand for, an array);
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
          ${standsIn && html`<span class="stands" aria-hidden="true" data-card=${standsNotation(kind, stands)}>${standsLabel(kind, stands)}</span>`}
        </span>`;
      },
    )}
  </span>`;
}

/** What piece `i` of a table meld of cards stands for: its `stands_for`, but for a joker in a set
 * (`meld.kind` "set") the rank in each suit the set is missing, since the rules fix none of them
 * (Kalooki: "whichever suit is still missing after cards are added"). */
function standsFor(kind, meld, i) {
  if (kind !== "cards" || meld.kind !== "set" || meld.faces[i] !== JOKER) return meld.stands_for[i];
  const held = new Set(meld.faces.filter((f) => f !== JOKER).map(suitOf));
  const rank = rankOf(meld.stands_for[i]);
  return [0, 1, 2, 3].filter((suit) => !held.has(suit)).map((suit) => suit * 13 + rank - 1);
}

/** A meld of a public table (`meld`: the observation's {number, owner, kind, faces, stands_for}) as a
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
    <${MeldCards} kind=${kind} cards=${meld.faces.map((f, i) => [f, standsFor(kind, meld, i)])} wilds=${wilds} />
  </li>`;
}
