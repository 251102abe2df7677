// Modules a page loads when it needs them (dynamic import()): a route's page, a game's table. The
// first load of the page holds only main.js and what it imports; each route adds its own modules
// (tests/web_modules.py counts a page so, and holds the heaviest under the page weight limit).

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t } from "./i18n.js";

const modules = new Map();

/** Each game's table, loaded when a table or a replay of that game is shown: `{ Board }` (the
 * board component; Carousel's also `drop`, what a drop on its table means). */
export const GAME_TABLES = {
  okey: () => import("./board.js").then((m) => ({ Board: m.Board })),
  turkish_rummy: () => import("./board.js").then((m) => ({ Board: m.Board })),
  kalooki: () => import("./kalooki.js").then((m) => ({ Board: m.KalookiBoard })),
  carousel: () => import("./carousel.js").then((m) => ({ Board: m.CarouselBoard, drop: m.carouselDrop })),
};

/** The module `load()` imports (`() => import("./kalooki.js")`), loaded once per `key`: null while
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

/** A game's table (`game`: what useModule gives for GAME_TABLES) with `props`: its Board, or the
 * wait for it, or why it can't be shown. */
export function GameTable({ game, ...props }) {
  if (!game) return html`<p aria-busy="true">${t("table_loading")}</p>`;
  if (game.failed) return html`<p class="error" role="alert">${t("ui_offline")}</p>`;
  return html`<${game.Board} ...${props} />`;
}
