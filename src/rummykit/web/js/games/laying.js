// The action buttons of the games where a player lays melds on a public table between drawing and
// discarding (Kalooki, 101 Okey: games/kalooki.js, games/okey_101.js): Draw or Take, Retract (the
// melds laid this turn back to the rack), Discard (the selected piece) and Hint. Each game gives two
// hooks: what a discard of a piece the server did not list does (`refuse`: Kalooki sends it so that
// the server's refusal says why), and a panel shown before the buttons (`Warning`: 101 Okey's
// question before a fined discard). `children` stand first in the group (101 Okey's arranging menu).

import { html } from "../html.js";
import { ActionButton, ActionGroup, HintButton, selectToDiscard } from "../actions.js";

/** The laying games' actions for `model` (the table's model). `noDiscard` is the notice key when
 * Discard is pressed while no discard is legal yet; `refuse(model, face)` (or null: a notice to
 * select a piece) plays the discard of `face`, a piece the legal actions don't list; `Warning`
 * (a component taking `{model}`, or null) is shown before the buttons. */
export function LayingActions({ model, noDiscard, refuse = null, Warning = null, children }) {
  const face = model.selectedFace();
  const draw = model.first("draw");
  const take = model.first("take");
  const retract = model.first("retract");
  const canDiscard = model.first("discard") !== null;
  const discard = () => {
    if (face !== null && model.legalPiece("discard", face)) model.discard(face);
    else if (face !== null && refuse) refuse(model, face);
    else if (!canDiscard) model.notice(noDiscard);
    else model.notice(model.selectedFaces().length > 1 ? "ui_discard_one" : selectToDiscard());
  };
  return html`${Warning && html`<${Warning} model=${model} />`}
    <${ActionGroup} model=${model}>
      ${children}
      ${draw && html`<${ActionButton} name="draw" primary=${true} onClick=${() => model.drawTo("draw", null)} />`}
      ${take && html`<${ActionButton} name="take" onClick=${() => model.drawTo("take", null)} />`}
      ${retract && html`<${ActionButton} name="retract" onClick=${() => model.play(retract)} />`}
      ${(canDiscard || (model.myTurn() && model.view.observation.phase === "play")) &&
      html`<${ActionButton} name="discard" primary=${true} onClick=${discard} />`}
      <${HintButton} model=${model} />
    <//>`;
}
