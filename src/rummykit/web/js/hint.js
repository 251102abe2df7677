// A hint from the server (the seat session's closed-hand hint) in words.

import { html } from "./html.js";
import { t } from "./i18n.js";

export function hintText(hint, ctx) {
  const kinds = hint.kinds.map((k) => t(`hint_kind_${k}`)).join(", ");
  const params = { piece: hint.piece, finishes: hint.finishes, left_out: hint.left_out, kinds };
  return t(`hint_${hint.move}`, params, ctx);
}

/** The hint's text beside the player's seat (its pieces are also marked in the rack and on the
 * piles); `onClose` puts it away. */
export function Hint({ hint, ctx, onClose }) {
  const melds = hint.arrangement.melds.map((m) => m.join(" "));
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <button type="button" class="close" aria-label=${t("ui_close")} onClick=${onClose}>×</button>
    <p><strong>${hintText(hint, ctx)}</strong></p>
    ${hint.show && html`<p>${t("hint_show", { piece: hint.show }, ctx)}</p>`}
    <p>${t("hint_best")} <bdi dir="ltr">${melds.length ? melds.join(" | ") : "—"}</bdi></p>
    ${hint.arrangement.out.length > 0 &&
    html`<p>${t("hint_out")} <bdi dir="ltr">${hint.arrangement.out.join(" ")}</bdi></p>`}
  </section>`;
}
