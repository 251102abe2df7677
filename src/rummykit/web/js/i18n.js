// The page's language: the catalogs (/static/i18n/<lang>.json, flat key -> template with {param}
// placeholders; English fills what a language lacks), rendering of message codes with their
// parameters, numbers in the language's digits, and the page's direction.
//
// Parameters are rendered as rummykit/messages.py does: a list space-joined, a nested
// {code, params} rendered in turn, numbers formatted; seat numbers become the players' names (given
// by the caller's `seatName`); a word the engine sends as a value (an Okey finish's `label`) is the
// text of the key `{param}_{value}` (other signs than letters and digits as `_`) when the catalogs have one; piece notation stays left to right
// inside right-to-left text.

import { store } from "./store.js";

export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr", locale: "en" },
  { code: "tr", name: "Türkçe", dir: "ltr", locale: "tr" },
  { code: "fa", name: "فارسی", dir: "rtl", locale: "fa" },
  { code: "th", name: "ไทย", dir: "ltr", locale: "th-TH-u-nu-latn" },
];

const SEAT_PARAMS = new Set(["seat", "seats", "to_move", "winner", "asked"]);
const PIECE = /^(?:[RYBK](?:1[0-3]|[1-9])|F|[A2-9TJQK][SHDC]|JK(?:\[[^\]]*\])?)$/;
const INTEGER = /^[+-]?\d+$/;
const LRI = "\u2066";
const PDI = "\u2069";

let language = LANGUAGES[0];
let catalog = {};
let numbers = new Intl.NumberFormat("en");
const listeners = new Set();
const loaded = new Map();

async function fetchCatalog(code) {
  if (!loaded.has(code)) {
    loaded.set(
      code,
      fetch(`/static/i18n/${code}.json`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({})),
    );
  }
  return loaded.get(code);
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
  const [english, own] = await Promise.all([fetchCatalog("en"), next.code === "en" ? {} : fetchCatalog(next.code)]);
  catalog = { ...english, ...own };
  language = next;
  numbers = new Intl.NumberFormat(next.locale);
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

/** A signed number: +2, −4, 0. */
export function signed(n) {
  return n > 0 ? `+${num(n)}` : num(n);
}

/** Piece notation kept left to right inside right-to-left text. */
export function isolate(text) {
  return language.dir === "rtl" ? `${LRI}${text}${PDI}` : text;
}

function param(name, value, ctx) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => param(name, v, ctx)).join(" ");
  if (typeof value === "object" && "code" in value) return t(value.code, value.params, ctx);
  if (typeof value === "number") {
    if (SEAT_PARAMS.has(name) && ctx && ctx.seatName) return ctx.seatName(value);
    return num(value);
  }
  if (typeof value === "string") {
    const word = `${name}_${value.replace(/\W/g, "_")}`;
    if (has(word)) return t(word, {}, ctx);
    if (INTEGER.test(value)) return value.startsWith("+") ? `+${num(Number(value))}` : num(Number(value));
    if (PIECE.test(value)) return isolate(value);
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
  const template = catalog[key];
  if (template === undefined) {
    const extra = Object.entries(params).map(([k, v]) => `${k}=${param(k, v, ctx)}`);
    return extra.length ? `${key} (${extra.join(", ")})` : key;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? param(name, params[name], ctx) : whole));
}
