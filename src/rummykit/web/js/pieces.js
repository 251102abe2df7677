// Pieces as the protocol gives them (faces: suit * 13 + rank - 1, 52 the false joker / joker) and
// their canonical notation (R7, F, 7H, TD, JK), plus their description in the page's language.
// Notation only: which piece is wild comes from the observation (`wilds`, `joker_as`).

import { t, num } from "./i18n.js";

export const JOKER = 52;
const TILE_COLOURS = ["R", "Y", "B", "K"];
const CARD_SUITS = ["S", "H", "D", "C"];
const CARD_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export function suitOf(face) {
  return Math.floor(face / 13);
}

export function rankOf(face) {
  return (face % 13) + 1;
}

/** The notation of `face`; `kind` is "tiles" or "cards". */
export function notation(kind, face) {
  if (face === JOKER) return kind === "tiles" ? "F" : "JK";
  if (kind === "tiles") return `${TILE_COLOURS[suitOf(face)]}${rankOf(face)}`;
  return `${CARD_RANKS[rankOf(face) - 1]}${CARD_SUITS[suitOf(face)]}`;
}

/** A hand as shown whole: suit, then rank; jokers last. */
export const inOrder = (faces) => [...faces].sort((a, b) => a - b);

/** The face of a piece's notation (as in legal action texts), or null. */
export function faceOf(kind, text) {
  for (let face = 0; face <= JOKER; face += 1) if (notation(kind, face) === text) return face;
  return null;
}

/** The pieces of an action's parts (or of a meld's: {pieces, declared}) as people read them,
 * each in notation, a declared joker with its card: `7H`, `JK[7H]`. */
export function piecesText(parts) {
  return parts.pieces.map((p, i) => (parts.declared && parts.declared[i] ? `${p}[${parts.declared[i]}]` : p));
}

/** What is printed on the piece, as on a real one (Western digits in every language): {rank,
 * mark, colour} for drawing it. */
export function look(kind, face) {
  if (face === JOKER) return { rank: kind === "tiles" ? "✿" : "★", mark: kind === "tiles" ? "" : "JK", colour: "joker" };
  if (kind === "tiles") return { rank: String(rankOf(face)), mark: "", colour: TILE_COLOURS[suitOf(face)] };
  const suit = CARD_SUITS[suitOf(face)];
  return { rank: CARD_RANKS[rankOf(face) - 1].replace("T", "10"), mark: SUIT_SYMBOLS[suit], colour: suit };
}

/** The accessible name: the notation first, then the piece in words (`R7 red 7`, `JK joker`), and
 * `okey` when it is wild this round. The name holds the number printed on the face (WCAG 2.5.3,
 * label in name: speech input says what it sees): where neither the notation nor the words hold
 * it, the face as printed follows the notation (a ten in Persian: `TH 10♥ ۱۰ دل`). */
export function describe(kind, face, wild = false) {
  const wildWord = wild ? `, ${t(kind === "tiles" ? "piece_okey" : "piece_wild")}` : "";
  const named = `${notation(kind, face)} ${words(kind, face)}`;
  const printed = look(kind, face);
  const shown = face === JOKER || named.includes(printed.rank) ? "" : ` ${printed.rank}${printed.mark}`;
  return `${notation(kind, face)}${shown} ${words(kind, face)}${wildWord}`;
}

/** The piece in words, in the page's language: `red 7`, `king of hearts`, `joker`. */
export function words(kind, face) {
  let text;
  if (face === JOKER) text = t(kind === "tiles" ? "piece_false_joker" : "piece_joker");
  else if (kind === "tiles")
    text = t("piece_tile", { colour: t(`piece_colour_${TILE_COLOURS[suitOf(face)].toLowerCase()}`), rank: rankOf(face) });
  else {
    const rank = CARD_RANKS[rankOf(face) - 1];
    const rankWord = /[AJQK]/.test(rank) ? t(`piece_rank_${rank.toLowerCase()}`) : num(rankOf(face));
    text = t("piece_card", { rank: rankWord, suit: t(`piece_suit_${CARD_SUITS[suitOf(face)].toLowerCase()}`) });
  }
  return text;
}
