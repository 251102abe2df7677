// The link to a game's rules and help page (#/rules/<game>, rules.js) from a table, a replay or the
// create form: opened in a new tab, so the table plays on.

import { html } from "./html.js";
import { t } from "./i18n.js";

/** The address of `game`'s rules page. With `rules` (every option's value, a table's: the table
 * message's `rules`), `#/rules/<game>/table?name=value…`: the page says "This table: …" for each
 * option, and only the options that differ from the defaults (GET /variants, `variants`) travel;
 * without, `#/rules/<game>`, the defaults. */
export function rulesHref(variants, game, rules = null) {
  if (rules === null) return `#/rules/${encodeURIComponent(game)}`;
  const variant = variants.variants.find((v) => v.variant === game);
  const changed = variant ? variant.options.filter((o) => JSON.stringify(rules[o.name]) !== JSON.stringify(o.default)) : [];
  const query = new URLSearchParams(changed.map((o) => [o.name, rules[o.name] === null ? "none" : String(rules[o.name])]));
  return `#/rules/${encodeURIComponent(game)}/table${changed.length ? `?${query}` : ""}`;
}

/** The link (a button to look at, 44x44 on a phone) to `game`'s rules under `rules` (rulesHref):
 * "Rules", or with `named` "Rules of Okey" (where other rules are near: the create form). */
export function RulesLink({ variants, game, rules = null, named = false }) {
  const label = named ? t("rules_link_game", { game: t(`game_${game}`) }) : t("rules_link");
  return html`<a class="button rules-link" href=${rulesHref(variants, game, rules)} target="_blank" rel="noopener" data-testid="rules-link">${label}</a>`;
}
