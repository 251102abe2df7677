// The variants and their rules options, as the server lists them (GET /variants), loaded once.

import { api } from "./api.js";

let pending = null;

/** {variants: [...]} from the server (cached). */
export function loadVariants() {
  if (!pending) pending = api.variants().catch((error) => {
    pending = null;
    throw error;
  });
  return pending;
}

function find(list, variant) {
  return list.variants.find((v) => v.variant === variant);
}

/** The pieces of `variant` ("tiles" or "cards") in a loaded list. */
export function piecesOf(list, variant) {
  const found = find(list, variant);
  return found ? found.pieces : "cards";
}

/** The browser's module of `variant` (its controller, relative to js/: `games/<game>.js`), or
 * null when the page can't show the game. */
export function clientOf(list, variant) {
  const found = find(list, variant);
  return found ? found.client : null;
}

/** The variants the page can show (each has a client module), in the server's order. */
export function playable(list) {
  return list.variants.filter((v) => v.client);
}
