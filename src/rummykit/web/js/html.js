// Tagged templates for Preact (htm): html`<div class=${cls}>...</div>`.
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);
