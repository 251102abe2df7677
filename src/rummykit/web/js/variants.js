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

/** The pieces of `variant` ("tiles" or "cards") in a loaded list. */
export function piecesOf(list, variant) {
  const found = list.variants.find((v) => v.variant === variant);
  return found ? found.pieces : "cards";
}
