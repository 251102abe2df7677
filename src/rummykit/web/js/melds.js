// A table of melds as Kalooki's and Carousel's tables show it (their boards, the hint's preview,
// the replay): each meld's head (its number, its owner when it has one, its tags) and its cards
// left to right, a joker with the card it stands for under it; and what a Carousel meld changed,
// in words (the table, the log and the replay word it the same way).

import { html } from "./html.js";
import { t, num, isolate, listText } from "./i18n.js";
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
        <${Piece} kind=${kind} face=${face} wild=${face === JOKER} small=${true} ...${extra(i)} />
        ${face === JOKER && html`<span class="stands">${notation(kind, stands)}</span>`}
      </span>`,
    )}
  </span>`;
}

/** What a meld (`carousel.melded`'s params) changed, in words: the cards it played from the hand,
 * the jokers it took and placed again, the melds it made and those they replaced. */
export function meldChanges(params) {
  const melds = (list) => isolate(list.join(" | ")); // left to right in every language
  const parts = [];
  if (params.played && params.played.length) parts.push(t("carousel_change_played", { cards: isolate(params.played.join(" ")) }));
  if (params.freed && params.freed.length) parts.push(t("carousel_change_freed", { jokers: isolate(params.freed.join(" ")) }));
  if (params.added && params.added.length) parts.push(t("carousel_change_made", { melds: melds(params.added) }));
  if (params.gone && params.gone.length) parts.push(t("carousel_change_gone", { melds: melds(params.gone) }));
  return listText(parts);
}
