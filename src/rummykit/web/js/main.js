// Start: the language, the variants, then the page.

import { render } from "preact";
import { html } from "./html.js";
import { initialLanguage, setLanguage, sentence, knowGames } from "./i18n.js";
import { loadVariants } from "./variants.js";
import { App } from "./app.js";

async function start() {
  const root = document.getElementById("app");
  await setLanguage(initialLanguage());
  try {
    const variants = await loadVariants();
    knowGames(variants.variants.map((v) => v.variant));
    render(html`<${App} variants=${variants} />`, root);
  } catch (error) {
    root.textContent = sentence(error.code || "ui_offline", error.params || {});
  }
}

start();
