// The page's language: its catalogs (flat key -> template with {param} placeholders, the English
// where a translation is missing: scripts/i18n.py): the common one, /static/i18n/<lang>.json, and
// parts a route asks for (`loadCatalogPart`), loaded again with every language change: each game's
// own keys, /static/i18n/<lang>/<game>.json, before a table or a replay of the game is shown
// (lazy.js), the create form's rules help, /static/i18n/<lang>/rules.json (create.js), and the
// lobby's and account page's strings, /static/i18n/<lang>/lobby.json (lobby.js, account.js); a
// part's key met before its part was asked for loads it (`fetchOwner`). Then: rendering of message
// codes with their parameters, numbers in the language's digits, and the page's direction.
//
// Parameters are rendered as rummykit/messages.py does: a list space-joined, a nested
// {code, params} rendered in turn, numbers formatted; seat numbers become the players' names (given
// by the caller's `seatName`, else seats.js's "Seat n"), a list of seats comma-separated ("Seat 2,
// Seat 3"); a name (a seat's, or a `name` parameter) is isolated where it could run the other way
// than the page (`nameText`);
// a word the engine sends as a value (an Okey finish's `label`) is the text of the key
// `{param}_{value}` (other signs than letters and digits as `_`) when the catalogs have one; piece
// notation stays left to right inside right-to-left text.
//
// A message with a seat parameter is written with the key `named.<code>` when the catalogs have
// one: the engine's own templates say "seat {seat} finishes" for the terminal, where a seat is a
// number; the page shows names there ("Bot 4 finishes").

import { store } from "./store.js";
import { seatName } from "./seats.js";

export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr", locale: "en" },
  { code: "tr", name: "Türkçe", dir: "ltr", locale: "tr" },
  { code: "fa", name: "فارسی", dir: "rtl", locale: "fa" },
  { code: "th", name: "ไทย", dir: "ltr", locale: "th-TH-u-nu-latn" },
];

const SEAT_PARAMS = new Set(["seat", "seats", "to_move", "winner", "asked", "acting", "turn"]);
const PIECE = /^(?:(?:[RYBK](?:1[0-3]|[1-9])|F)(?:\[[RYBK](?:1[0-3]|[1-9])\])?|[A2-9TJQK][SHDC]|JK(?:\[[^\]]*\])?)$/;
const INTEGER = /^[+-]?\d+$/;
const LRI = "\u2066";
export const FSI = "\u2068";
export const PDI = "\u2069";
// a letter written right to left (Hebrew, Arabic, Persian and their presentation forms)
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
// the parameters that are a player's name as text (a seat's number is one too: SEAT_PARAMS)
const NAME_PARAMS = new Set(["name"]);

let language = LANGUAGES[0];
let catalog = {};
let numbers = new Intl.NumberFormat("en");
let fields = new Intl.NumberFormat("en", { useGrouping: false, maximumFractionDigits: 6 });
const listeners = new Set();
const loaded = new Map();
/** The parts of the catalog the page has asked for (games' ids, "rules", "lobby"): each
 * language change loads them too. */
const parts = new Set();

/** The games' ids, longest first (`knowGames`): a key of a game's catalog starts with one. */
let gameIds = [];

/** Tell the page the games' ids (GET /variants), so that a game's key met where its catalog
 * was not loaded (a game's code nested in an error of another page) loads it (see `t`). */
export function knowGames(ids) {
  gameIds = [...ids].sort((a, b) => b.length - a.length);
}

/** The part of the catalog that would hold `key` (as scripts/i18n.py's `owner` says; a key of
 * its exceptions is in the common catalog or in "rules"), or undefined. */
function ownerOf(key) {
  const code = key.replace(/^named\./, "");
  if (/^(option|rule|value|help)_|^\w+\.option_/.test(code)) return "rules";
  if (/^(create|preset|lobby|my|ratings|account)_/.test(code)) return "lobby";
  return gameIds.find((g) => code.startsWith(`${g}.`) || code.startsWith(`${g}_`));
}

/** A part's key was asked for before its catalog came: load it and draw the page again. */
function fetchOwner(key) {
  const part = ownerOf(key);
  if (part === undefined || parts.has(part)) return;
  loadCatalogPart(part).then(() => {
    for (const listener of listeners) listener();
  });
}

/** The catalog at `path` under /static/i18n/ (`th.json`, `th/okey_101.json`), fetched once; `{}`
 * when it can't be loaded. */
async function fetchCatalog(path) {
  if (!loaded.has(path)) {
    loaded.set(
      path,
      fetch(`/static/i18n/${path}`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({})),
    );
  }
  return loaded.get(path);
}

/** The catalogs of language `code`: the common one and its `parts`, merged. */
async function catalogsOf(code) {
  const tables = await Promise.all([`${code}.json`, ...[...parts].map((g) => `${code}/${g}.json`)].map(fetchCatalog));
  return Object.assign({}, ...tables);
}

/** Load the part `part` of the catalog in the page's language (a game's id: its codes and its
 * table's strings, which only its table and replay show; "rules": the rules options' help;
 * "lobby": the lobby's and the account page's strings; "records": why a record does not replay)
 * and keep it through language changes;
 * resolves when its keys can be written. */
export async function loadCatalogPart(part) {
  parts.add(part);
  for (;;) {
    const code = language.code;
    const table = await fetchCatalog(`${code}/${part}.json`);
    // the language changed meanwhile: setLanguage loaded this part in the new one (or this loads
    // it now)
    if (language.code === code) {
      catalog = { ...catalog, ...table };
      return;
    }
  }
}

/** The language to start with: the remembered one, else the browser's, else English. */
export function initialLanguage() {
  const known = new Set(LANGUAGES.map((l) => l.code));
  const kept = store.language();
  if (known.has(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (known.has(code)) return code;
  }
  return "en";
}

/** Switch to `code` (loads its catalog), set <html lang dir>, remember it and tell the listeners. */
export async function setLanguage(code) {
  const next = LANGUAGES.find((l) => l.code === code) || LANGUAGES[0];
  let wanted;
  let merged;
  do {
    // a game's catalog asked for while these load is loaded in this language too
    wanted = parts.size;
    merged = await catalogsOf(next.code);
  } while (parts.size !== wanted);
  catalog = merged;
  language = next;
  numbers = new Intl.NumberFormat(next.locale);
  fields = new Intl.NumberFormat(next.locale, { useGrouping: false, maximumFractionDigits: 6 });
  document.documentElement.lang = next.code;
  document.documentElement.dir = next.dir;
  store.setLanguage(next.code);
  for (const listener of listeners) listener();
}

export function currentLanguage() {
  return language;
}

/** Call `listener` after every language change; returns the function that stops it. */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `n` in the language's digits. */
export function num(n) {
  return numbers.format(n);
}

/** A number as a form field shows it: the language's digits, no grouping (`۱۰`, `-2`, `0.5`). */
export function fieldNumber(n) {
  return fields.format(n);
}

const LOCAL_DIGITS = /[\u06f0-\u06f9\u0660-\u0669]/g;

/** A number typed in a form field, in Western, Persian or Arabic-Indic digits, with `-` or `−`
 * and `.`, `٫` or `,` as the decimal sign; NaN when it is not a number. */
export function readNumber(text) {
  const western = text
    .trim()
    .replace(LOCAL_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[\u2212\u2013]/g, "-")
    .replace(/[\u066b,]/g, ".");
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(western) ? Number(western) : NaN;
}

/** `texts` as a list, joined by the language's separator (`list_separator`: ", ", "، "): names
 * may hold spaces, so a list of them is never only space-joined. */
export function listText(texts) {
  return texts.join(t("list_separator"));
}

/** A signed number: +2, −4, 0; in right-to-left text a run of its own, left to right, so that
 * its sign is drawn before its digits wherever it stands (a "+" beside Persian words went after
 * them: the round end's "+۱۰۰" read "۱۰۰+" beside the score sheet's "+۴۱"). Every "+{param}" of
 * a template is written so too (`t`). */
export function signed(n) {
  return isolate(n > 0 ? `+${num(n)}` : num(n));
}

const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const CARD = /^([A2-9TJQK])([SHDC])$/;
const JOKER_CARD = /^JK(?:\[([^\]]*)\])?$/;

const TILE = /^(?:[RYBK](?:1[0-3]|[1-9])|F)$/;
const DECLARED_TILE = /^([RYBK](?:1[0-3]|[1-9])|F)\[([RYBK](?:1[0-3]|[1-9]))\]$/;
/** Marks a tile's notation in running text (U+2063 INVISIBLE SEPARATOR on either side): a page
 * that draws the text shows a small tile there (`rich` in runningtext.js), plain text its words
 * (`plain`); unmarked, the notation still reads. */
export const TILE_MARK = "\u2063";

/** A piece's notation as people read it: a card with its suit's symbol and 10 for T (`10♣`,
 * `K♥`), the joker by its name, a declared joker with the card it stands for (`joker (K♥)`);
 * a tile marked (`TILE_MARK`), to be drawn as a tile, a declared one (an okey or a false joker
 * in a meld, `F[K3]`) followed by the tile it stands for in brackets. Any other text is left as
 * it is. In a right-to-left language the joker's words are one isolated piece (`words`), so a
 * run of pieces keeps its order around them, and the card it stands for reads left to right. */
export function pieceText(code) {
  if (TILE.test(code)) return `${TILE_MARK}${code}${TILE_MARK}`;
  const declared = DECLARED_TILE.exec(code);
  if (declared) return `${pieceText(declared[1])}(${pieceText(declared[2])})`;
  const card = CARD.exec(code);
  if (card) return `${card[1] === "T" ? "10" : card[1]}${SUIT_SYMBOLS[card[2]]}`;
  const joker = JOKER_CARD.exec(code);
  if (joker) return inOwnDirection(joker[1] ? t("piece_joker_as", { card: isolate(pieceText(joker[1])) }) : t("piece_joker"));
  return code;
}

/** `text` (pieces in notation separated by spaces, melds by ` | `) as people read it: each
 * piece as `pieceText` writes it. */
export function readable(text) {
  return text
    .split(" ")
    .map((word) => pieceText(word))
    .join(" ");
}

/** Piece notation kept left to right inside right-to-left text. */
export function isolate(text) {
  return language.dir === "rtl" ? `${LRI}${text}${PDI}` : text;
}

/** Words of the page's language inside a left-to-right run (a joker's name among cards) kept
 * one unit in their own direction, so that they neither reorder the run nor take its digits. */
export function inOwnDirection(text) {
  return language.dir === "rtl" ? `${FSI}${text}${PDI}` : text;
}

/** A player's name inside running text, kept one unit in its own direction (FSI … PDI) wherever
 * its letters could run the other way than the page's: any name on a right-to-left page, a name
 * with right-to-left letters on a left-to-right one ("Hand values: سارا: +8", not "8+ :سارا"); a
 * left-to-right name on a left-to-right page has nothing to be kept apart from. */
export function nameText(name) {
  const whole = name && name.startsWith(FSI) && name.endsWith(PDI);
  return name && !whole && (language.dir === "rtl" || RTL_LETTER.test(name)) ? `${FSI}${name}${PDI}` : name;
}

function seatParam(seat, ctx) {
  return nameText(ctx && ctx.seatName ? ctx.seatName(seat) : seatName(seat));
}

function param(name, value, ctx) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value) && SEAT_PARAMS.has(name)) return listText(value.map((v) => param(name, v, ctx)));
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && PIECE.test(v))) {
    // a list of pieces (a meld) is one left-to-right run, in its order
    return isolate(value.map(pieceText).join(" "));
  }
  if (Array.isArray(value)) return value.map((v) => param(name, v, ctx)).join(" ");
  if (typeof value === "object" && "code" in value) return t(value.code, value.params, ctx);
  if (typeof value === "number") return SEAT_PARAMS.has(name) ? seatParam(value, ctx) : num(value);
  if (typeof value === "string") {
    if (NAME_PARAMS.has(name)) return nameText(value);
    const word = `${name}_${value.replace(/\W/g, "_")}`;
    if (has(word)) return t(word, {}, ctx);
    if (INTEGER.test(value)) return value.startsWith("+") ? signed(Number(value)) : num(Number(value));
    if (PIECE.test(value)) return isolate(pieceText(value));
    const words = value.split(" ");
    if (words.length > 1 && words.every((w) => w === "|" || PIECE.test(w))) return isolate(readable(value));
    return value;
  }
  return String(value);
}

/** Whether the catalogs have `key`. */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

/** The text of `key` (a UI string or a message code) with `params`; an unknown key is shown as
 * itself with its parameters, as rummykit.messages.render does. `ctx.seatName(n)` names seats. */
export function t(key, params = {}, ctx = null) {
  params = params || {};
  const template = templateOf(key, params);
  if (template === undefined) {
    fetchOwner(key);
    const extra = Object.entries(params).map(([k, v]) => `${k}=${param(k, v, ctx)}`);
    return extra.length ? `${key} (${extra.join(", ")})` : key;
  }
  return template.replace(/(\+?)\{(\w+)\}/g, (whole, plus, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    const number = typeof value === "number" || (typeof value === "string" && INTEGER.test(value));
    return plus && number && !SEAT_PARAMS.has(name) ? signed(Number(value)) : plus + param(name, value, ctx);
  });
}

/** Whether `key` with `params` reads as starting with a word (see `sentence`). */
function startsWithWord(key, params) {
  const template = templateOf(key, params);
  if (template === undefined) return false;
  if (/^\p{Ll}/u.test(template)) return true;
  const first = template.match(/^\{(\w+)\}/);
  const inner = first ? params[first[1]] : null;
  return Boolean(inner && typeof inner === "object" && !Array.isArray(inner) && inner.code && startsWithWord(inner.code, inner.params || {}));
}

/** The template `t` writes `key` with: `named.<key>` when a seat is among `params` and the
 * catalogs have it, else the key's own; undefined for an unknown key. */
function templateOf(key, params) {
  const named = `named.${key}`;
  if (has(named) && Object.keys(params).some((name) => SEAT_PARAMS.has(name))) return catalog[named];
  return catalog[key];
}

/** `t(key, params, ctx)` standing alone as a sentence (a log line, an error, a heading): when the
 * template starts with a word, its first letter is a capital in the language's case rules (Turkish
 * i -> İ; Persian and Thai have no case). A template that starts with a parameter (a name, a
 * piece) is left as it is, unless the parameter is a nested message that starts with a word
 * (`round_end` is "{summary}", its summary "the stock ran out…"). */
export function sentence(key, params = {}, ctx = null) {
  const text = t(key, params, ctx);
  if (!startsWithWord(key, params || {})) return text;
  const first = String.fromCodePoint(text.codePointAt(0));
  return first.toLocaleUpperCase(language.code) + text.slice(first.length);
}
