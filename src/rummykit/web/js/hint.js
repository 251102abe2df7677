// A hint from the server (the seat session's closed-hand hint) in words.

import { html } from "./html.js";
import { t } from "./i18n.js";

export function hintText(hint, ctx) {
  const kinds = hint.kinds.map((k) => t(`hint_kind_${k}`)).join(", ");
  const params = { piece: hint.piece, finishes: hint.finishes, left_out: hint.left_out, kinds };
  return t(`hint_${hint.move}`, params, ctx);
}

export function Hint({ hint, ctx }) {
  const melds = hint.arrangement.melds.map((m) => m.join(" "));
  return html`<section class="hint" data-testid="hint" aria-live="polite">
    <p><strong>${hintText(hint, ctx)}</strong></p>
    ${hint.show && html`<p>${t("hint_show", { piece: hint.show }, ctx)}</p>`}
    <p>${t("hint_best")} <bdi dir="ltr">${melds.length ? melds.join(" | ") : "—"}</bdi></p>
    ${hint.arrangement.out.length > 0 &&
    html`<p>${t("hint_out")} <bdi dir="ltr">${hint.arrangement.out.join(" ")}</bdi></p>`}
  </section>`;
}
