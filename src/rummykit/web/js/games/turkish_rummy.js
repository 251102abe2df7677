// Turkish Rummy's controller: the closed-hand table (games/closed_hand.js) with the up card (the
// one turned up for the round, when there is one) beside the stock.

import { html } from "../html.js";
import { t } from "../i18n.js";
import { Piece } from "../piece.js";
import { Aside } from "../board.js";
import { closedHand } from "./closed_hand.js";

function UpCard({ model }) {
  const face = model.view.observation.up_card;
  if (face === null || face === undefined) return null;
  return html`<${Aside} label=${t("up_card_label")}><${Piece} kind=${model.kind} face=${face} wild=${false} /><//>`;
}

export default closedHand(UpCard, "turkish-rummy");
