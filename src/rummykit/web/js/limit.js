// A text field's limit told: a field with `maxlength` takes no more than that many characters, so a
// longer name typed or pasted is cut where the limit falls; once the field is full this note says
// why (linked to the field by `aria-describedby`).

import { html } from "./html.js";
import { t } from "./i18n.js";

/** The note "at most `max` characters" under a field that holds `max` (`full`), else nothing. */
export function LimitNote({ id, full, max }) {
  return full ? html`<p class="help limit" id=${id} role="status" data-testid=${id}>${t("field_limit", { max })}</p>` : null;
}
