// A player's name as the pages show it: a link to the profile of the account that played it
// (#/players/<username>), with the rating when there is one ("1512?" while provisional).

import { html } from "./html.js";
import { num } from "./i18n.js";

/** A rating as shown: its number, "?" after a provisional one. */
export function ratingText(rating) {
  return rating ? `${num(rating.rating)}${rating.provisional ? "?" : ""}` : "";
}

/** The address of the profile of `username`. */
export function profileHref(username) {
  return `#/players/${encodeURIComponent(username)}`;
}

/** `name` (as the seat or the game calls the player), a link to the profile of `account` (a
 * username, or null for a guest or a bot), then `rating` ({rating, provisional} or null); `testid`
 * marks the link, or the name when there is none. The name is its title too: whole where a
 * narrow place cuts it (a seat's panel). */
export function PlayerName({ name, account = null, rating = null, testid = undefined }) {
  const shown = html`<bdi data-testid=${account ? undefined : testid} title=${account ? undefined : name}>${name}</bdi>`;
  return html`${account
    ? html`<a class="player-link" href=${profileHref(account)} data-testid=${testid} title=${name}>${shown}</a>`
    : shown}${rating ? html` <span class="rating" data-testid=${testid && `${testid}-rating`}>${ratingText(rating)}</span>` : null}`;
}
