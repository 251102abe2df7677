// A game's rules and help page (#/rules/<game>, or #/rules/<game>/table?name=value… with a table's
// options): the sections the server gives in the page's language (GET /rules/<game>?lang=…, each
// game's help/<lang>.md), a table of contents, examples drawn as pieces, and every rules option
// with its help and its value at the table (or its default).

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, sentence, currentLanguage, onLanguage, loadCatalogPart } from "./i18n.js";
import { api } from "./api.js";
import { Piece } from "./piece.js";
import { faceOf, JOKER } from "./pieces.js";
import { helpText, valueText } from "./optiontext.js";
import { addStylesheet } from "./stylesheet.js";

// the options' names and help (i18n/<lang>/rules.json) and this page's own strings (help_…); the
// page's stylesheet, which no other route needs
addStylesheet("/static/rules.css");
await loadCatalogPart("rules");

/** A text of the help with its `**strong**` words and `notation` (left to right in every language). */
function Rich({ text }) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).map((part, i) => {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return html`<strong key=${i}>${part.slice(2, -2)}</strong>`;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) return html`<code key=${i} dir="ltr">${part.slice(1, -1)}</code>`;
    return part;
  });
}

/** One piece of an example in notation: `R7`, a wild one `R5*`, a declared joker `JK[7H]`. */
function ExamplePiece({ kind, text }) {
  const wild = text.endsWith("*");
  const shown = wild ? text.slice(0, -1) : text;
  const declared = /^JK\[(.+)\]$/.exec(shown);
  const face = declared ? JOKER : faceOf(kind, shown);
  if (face === null) return html`<code dir="ltr">${text}</code>`;
  return html`<${Piece} kind=${kind} face=${face} wild=${wild} stands=${declared ? faceOf(kind, declared[1]) : undefined} />`;
}

function Block({ block, kind }) {
  if (block.type === "list") {
    const items = block.items.map((item, i) => html`<li key=${i}><${Rich} text=${item} /></li>`);
    return block.ordered ? html`<ol>${items}</ol>` : html`<ul>${items}</ul>`;
  }
  if (block.type === "pieces") {
    return html`<figure class="example">
      <div class="pieces" dir="ltr">${block.pieces.map((p, i) => html`<${ExamplePiece} key=${i} kind=${kind} text=${p} />`)}</div>
      <figcaption><${Rich} text=${block.caption} /></figcaption>
    </figure>`;
  }
  return html`<p><${Rich} text=${block.text} /></p>`;
}

/** Every rules option: its name, its value here ("This table: …" with a table's rules, else the
 * default), and its help. */
function Options({ options, table }) {
  return html`<dl class="rules-options" data-testid="help-option-list">
    ${options.map(
      (o) => html`<div key=${o.name} class="rules-option" data-option=${o.name}>
        <dt>${t(`rule_${o.name}`)}</dt>
        <dd>
          <strong data-testid=${`help-value-${o.name}`}>${table ? t("help_this_table", { value: valueText(o, o.value) }) : t("option_default", { value: valueText(o, o.default) })}</strong>
          ${table && JSON.stringify(o.value) !== JSON.stringify(o.default) && html` <span class="default">(${t("option_default", { value: valueText(o, o.default) })})</span>`}
          <p class="help">${helpText(o, o.value)}</p>
        </dd>
      </div>`,
    )}
  </dl>`;
}

/** Scroll to a section (the address keeps the page's route) and put the focus on its heading. */
function jump(event, id) {
  event.preventDefault();
  const heading = document.getElementById(`help-${id}`);
  if (heading) {
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }
}

/** The rules page of `game`; `query` the table's options that differ from the defaults
 * (URLSearchParams), `table` whether they are a table's. */
export function RulesPage({ game, query, table }) {
  const [lang, setLang] = useState(currentLanguage().code);
  const [page, setPage] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => onLanguage(() => setLang(currentLanguage().code)), []);
  useEffect(() => {
    const params = new URLSearchParams(query);
    params.set("lang", lang);
    let live = true;
    api.rulesHelp(game, params).then(
      (answer) => live && (setPage(answer), setError(null)),
      (e) => live && setError({ code: e.code || "ui_offline", params: e.params || {} }),
    );
    return () => {
      live = false;
    };
  }, [game, query, lang]);

  if (error) {
    return html`<main class="rules-page" data-testid="rules-page">
      <p class="error" role="alert" data-testid="help-error">${sentence(error.code, error.params)}</p>
      <p><a href="#/">${t("ui_to_lobby")}</a></p>
    </main>`;
  }
  if (!page || page.lang !== lang) return html`<main class="rules-page" aria-busy="true"><p>${t("table_loading")}</p></main>`;
  // the server's sections and, before the options (the last), the browser's own: its keyboard ways
  const keys = { id: "keys", title: t("help_keys"), blocks: [{ type: "p", text: t("help_keys_text") }] };
  const sections = [...page.sections.slice(0, -1), keys, ...page.sections.slice(-1)];
  return html`<main class="rules-page" data-testid="rules-page" data-game=${page.variant} lang=${page.lang} dir=${page.dir}>
    <h1>${page.title}</h1>
    <nav class="panel toc" aria-labelledby="help-toc-title" data-testid="help-toc">
      <h2 id="help-toc-title">${t("help_contents")}</h2>
      <ol>
        ${sections.map((s) => html`<li key=${s.id}><a href=${location.hash} onClick=${(e) => jump(e, s.id)}>${s.title}</a></li>`)}
      </ol>
    </nav>
    ${sections.map(
      (s) => html`<section key=${s.id} class="panel" aria-labelledby=${`help-${s.id}`} data-testid=${`help-${s.id}`}>
        <h2 id=${`help-${s.id}`} tabindex="-1">${s.title}</h2>
        ${s.blocks.map((b, i) => html`<${Block} key=${i} block=${b} kind=${page.pieces} />`)}
        ${s.id === "options" && html`<${Options} options=${page.options} table=${table} />`}
      </section>`,
    )}
  </main>`;
}
