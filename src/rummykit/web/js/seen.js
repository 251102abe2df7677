// The count of pieces seen (the table option `seen_count`: docs/web.md): for each face, how many
// of its two copies lie in the open, as the server counts them from what every seat and spectator
// sees alike (the state message's `seen`); the page adds nothing up.

import { html } from "./html.js";
import { t, num } from "./i18n.js";
import { JOKER, notation, words } from "./pieces.js";

const RANKS = Array.from({ length: 13 }, (_, i) => i);
const SUITS = [0, 1, 2, 3];

/** The row header of suit `suit`: a tile colour's name, a card suit's symbol and name. */
function suitName(kind, suit) {
  const face = suit * 13;
  return kind === "tiles" ? t(`piece_colour_${notation(kind, face)[0].toLowerCase()}`) : t(`piece_suit_${notation(kind, face).slice(-1).toLowerCase()}`);
}

/** A rank as printed on the pieces (Western digits in every language: 1..13, A..K). */
function rankLabel(kind, rank) {
  const text = notation(kind, rank);
  return kind === "tiles" ? text.slice(1) : text.slice(0, -1).replace("T", "10");
}

function Cell({ kind, face, count }) {
  return html`<td class=${`seen-${count}`} data-piece=${notation(kind, face)} data-seen=${count} title=${`${words(kind, face)}: ${num(count)}`}>
    ${num(count)}
  </td>`;
}

/** The panel: a grid of suits (rows) by ranks (columns), then the joker (Okey's false joker),
 * each cell the count of that face seen (0, 1 or 2), both copies seen marked strongest. */
export function SeenCount({ kind, seen }) {
  const title = t(kind === "tiles" ? "seen_title_tiles" : "seen_title_cards");
  return html`<section class="panel seen" data-testid="seen" aria-labelledby="seen-title">
    <h2 id="seen-title">${title}</h2>
    <div class="seen-grid" dir="ltr">
      <table>
        <thead>
          <tr>
            <td></td>
            ${RANKS.map((r) => html`<th scope="col" key=${r}>${rankLabel(kind, r)}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${SUITS.map(
            (suit) => html`<tr key=${suit} class=${`suit-${suit}`}>
              <th scope="row">${suitName(kind, suit)}</th>
              ${RANKS.map((r) => html`<${Cell} key=${r} kind=${kind} face=${suit * 13 + r} count=${seen[suit * 13 + r]} />`)}
            </tr>`,
          )}
          <tr class="joker">
            <th scope="row">${words(kind, JOKER)}</th>
            <${Cell} kind=${kind} face=${JOKER} count=${seen[JOKER]} />
          </tr>
        </tbody>
      </table>
    </div>
    <p class="help">${t("seen_help")}</p>
  </section>`;
}
