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

/** `name` (as the seat or the game calls the player; between `before` and `after`, which tell
 * seats of one name apart: `seatLabels`), a link to the profile of `account` (a username, or null
 * for a guest or a bot), then `rating` ({rating, provisional} or null); `testid` marks the link,
 * or the name when there is none. The whole is its title too: a narrow place (a seat's panel)
 * cuts the name, never `before` or `after`. */
export function PlayerName({ name, before = "", after = "", account = null, rating = null, testid = undefined }) {
  const whole = before + name + after;
  const words = (text) => text && html`<span class="seat-words">${text}</span>`;
  const shown = html`<bdi class=${whole !== name ? "shared" : undefined} data-testid=${account ? undefined : testid} title=${account ? undefined : whole}>${whole !== name
    ? html`${words(before)}<bdi class="shared-name">${name}</bdi>${words(after)}`
    : name}</bdi>`;
  return html`${account
    ? html`<a class="player-link" href=${profileHref(account)} data-testid=${testid} title=${whole}>${shown}</a>`
    : shown}${rating ? html` <span class="rating" data-testid=${testid && `${testid}-rating`}>${ratingText(rating)}</span>` : null}`;
}
