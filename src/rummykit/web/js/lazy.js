// Modules a page loads when it needs them (dynamic import()): a route's page, a game's controller.
// The first load of the page holds only main.js and what it imports; each route adds its own
// modules (tests/web_modules.py counts a page so, and holds the heaviest under the page weight
// limit). A game's controller is the module GET /variants names as the game's `client`
// (games/<game>.js): the page never names a game.

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, loadCatalogPart } from "./i18n.js";
import { clientOf } from "./variants.js";

const modules = new Map();
const controllers = new Map();

/** What a controller leaves out (its interface: docs/web.md, "Game controllers"): nothing to
 * follow or unpick, several pieces never selected at once, nothing a hint marks, a discard never
 * held back to ask first, the common words of a turn's phase (`turn_<phase>`), no words of its
 * own for events and round notes, nothing more on the round end or the score sheet. */
const DEFAULTS = {
  multiSelect: false,
  holdDiscard: () => false,
  turnKey: (phase) => `turn_${phase}`,
  hinted: () => null,
  start: () => ({}),
  follow: () => {},
  unpick: () => {},
  eventText: () => null,
  roundNote: () => null,
  RoundEndHead: () => null,
  standings: () => null,
};

/** The controller of `variant` (the default export of its `client` module in `variants`, GET
 * /variants, with DEFAULTS for what it leaves out), loaded once with the game's own catalog
 * (i18n/<lang>/<game>.json: `loadCatalogPart`), so that its keys are there when the table or
 * the replay is drawn: a promise, rejected when the game has no client module or it can't be
 * loaded. */
export function loadController(variants, variant) {
  const client = clientOf(variants, variant);
  if (!client) return Promise.reject(new Error(`no browser client for ${variant}`));
  if (!controllers.has(client)) {
    const loading = import(`./${client}`).then((module) => ({ ...DEFAULTS, ...module.default }));
    loading.catch(() => controllers.delete(client));
    controllers.set(client, loading);
  }
  return Promise.all([controllers.get(client), loadCatalogPart(variant)]).then(([controller]) => controller);
}

/** The module `load()` imports (`() => import("./lobby.js")`), loaded once per `key`: null while
 * it comes (the component renders again when it has) and while `key` is null, `{ failed: true }`
 * when it can't be loaded. */
export function useModule(key, load) {
  const [, bump] = useState(0);
  useEffect(() => {
    if (key === null || modules.has(key)) return undefined;
    let live = true;
    load().then(
      (module) => modules.set(key, module),
      () => modules.set(key, { failed: true }),
    ).then(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return modules.get(key) || null;
}

/** Load the module `load()` imports into `useModule`'s store under `key` ahead of its first use,
 * so that the component asking for it then draws it at once; a failure is forgotten (the use
 * tries again). */
export function preloadModule(key, load) {
  if (modules.has(key)) return;
  load().then((module) => modules.set(key, module), () => {});
}

/** A game's table: `model`'s game Board with `props`, or the wait for the game's controller, or
 * why it can't be shown (`failed`). */
export function GameTable({ model, failed = false, ...props }) {
  if (failed) return html`<p class="error" role="alert">${t("ui_offline")}</p>`;
  if (!model.game) return html`<p aria-busy="true">${t("table_loading")}</p>`;
  return html`<${model.game.Board} model=${model} ...${props} />`;
}
