// Okey's controller: the closed-hand table (games/closed_hand.js) with the indicator and the
// okey, the wild tile it makes, beside the stock.

import { html } from "../html.js";
import { t } from "../i18n.js";
import { Piece } from "../piece.js";
import { Aside, closedHand } from "./closed_hand.js";

function Indicator({ model }) {
  const obs = model.view.observation;
  return html`<${Aside} label=${t("indicator_label")}>
    <${Piece} kind=${model.kind} face=${obs.indicator} wild=${false} />
    <span class="label">${t("okey_label")}</span>
    <${Piece} kind=${model.kind} face=${obs.okey} wild=${true} small=${true} />
  <//>`;
}

export default closedHand(Indicator);
