// The language `<select>` of the header and the table settings.

import { html } from "./html.js";
import { t, LANGUAGES, currentLanguage, setLanguage } from "./i18n.js";

/** The labelled select of the page's language; `testid`: its `data-testid`. */
export function LanguagePicker({ testid }) {
  return html`<label class="language"><span class="label">${t("language_label")}</span>
    <select value=${currentLanguage().code} data-testid=${testid} onChange=${(e) => setLanguage(e.currentTarget.value)}>
      ${LANGUAGES.map((l) => html`<option key=${l.code} value=${l.code} lang=${l.code}>${l.name}</option>`)}
    </select>
  </label>`;
}
