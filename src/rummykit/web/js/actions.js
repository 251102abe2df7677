// The seat's legal actions as buttons (Draw, Take, Show, Discard, Finish, Pass), the turn's
// prompt and the hint button. Only what the server lists as legal is offered; Discard and Finish
// play the selected piece.

import { html } from "./html.js";
import { t } from "./i18n.js";

export function Actions({ model }) {
  const legal = model.legal();
  const face = model.selectedFace();
  const hintsAllowed = model.info.options.hints !== false;
  const myTurn = model.view.legal.length > 0;
  const slotOf = (wanted) => model.rack.slots.indexOf(wanted);

  const discard = () => {
    if (face !== null && legal.discard.has(face)) model.discard(face);
    else model.notice("ui_select_discard");
  };
  const finish = () => {
    if (face !== null && legal.finish.has(face)) model.finish(model.selected);
    else if (legal.finish.size === 1) model.finish(slotOf([...legal.finish.keys()][0]));
    else model.notice("ui_select_finish", { pieces: [...legal.finish.values()].map((text) => text.split(" ")[1]) });
  };
  const button = (key, onClick, primary = false) =>
    html`<button type="button" class=${primary ? "primary" : ""} data-action=${key} onClick=${onClick}>${t(`action_${key}`)}</button>`;

  return html`<div class="actions" role="group" aria-label=${t("actions_label")} data-testid="actions">
    ${legal.draw && button("draw", () => model.act(legal.draw), true)}
    ${legal.take && button("take", () => model.act(legal.take))}
    ${legal.show.length > 0 && button("show", () => model.act(legal.show[0]))}
    ${legal.discard.size > 0 && button("discard", discard, true)}
    ${legal.finish.size > 0 && button("finish", finish, true)}
    ${legal.pass && button("pass", () => model.act(legal.pass))}
    ${hintsAllowed && myTurn && html`<button type="button" data-action="hint" onClick=${() => model.askHint()}>${t("action_hint")}</button>`}
  </div>`;
}
