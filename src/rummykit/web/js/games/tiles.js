// What the tile games' tables share (Okey, 101 Okey: games/okey.js, games/okey_101.js): the
// indicator turned up for the round and the okey, the wild tile it makes.

import { html } from "../html.js";
import { t } from "../i18n.js";
import { Piece } from "../piece.js";
import { Aside } from "../board.js";

/** The indicator and the okey, beside the stock (the observation's `indicator` and `okey`). */
export function Indicator({ model }) {
  const obs = model.view.observation;
  return html`<${Aside} label=${t("indicator_label")}>
    <${Piece} kind=${model.kind} face=${obs.indicator} wild=${false} />
    <span class="label">${t("okey_label")}</span>
    <${Piece} kind=${model.kind} face=${obs.okey} wild=${true} small=${true} />
  <//>`;
}
