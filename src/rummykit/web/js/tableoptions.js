// A table's options as tags, where people choose or wait for a table (the lobby's open tables,
// the waiting room): its turn timer, and the count of pieces seen when the table shows it.

import { html } from "./html.js";
import { t } from "./i18n.js";

/** `options`: the table message's options; `kind`: "tiles" or "cards"; `testid`: the group's. */
export function TableOptionTags({ options, kind, testid }) {
  const seconds = options.turn_seconds;
  return html`<span class="option-tags" data-testid=${testid}>
    <span class="tag">${seconds ? t("table_option_timer", { seconds }) : t("table_option_no_timer")}</span>
    ${options.seen_count && html`<span class="tag">${t(kind === "tiles" ? "table_option_seen_tiles" : "table_option_seen_cards")}</span>`}
  </span>`;
}
