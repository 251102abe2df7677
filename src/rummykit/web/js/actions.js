// The game's actions as buttons, in the group `actions` (docs/web.md, "Actions"): each with its
// stable `data-action` and its label (`action_<name>`), and the Hint button on the seat's turn
// when the table allows hints. Which actions are offered is the game's (its controller).

import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";

/** The group of action buttons. Pinned along the window's bottom edge (style.css), it keeps the
 * page's root property `--actions-block` at its height in CSS px (0px when it is gone), so that the
 * page can scroll everything clear of it however many rows its buttons wrap into. */
export function ActionGroup({ children }) {
  const bar = useRef(null);
  useEffect(() => {
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const height = bar.current ? bar.current.getBoundingClientRect().height : 0;
      root.setProperty("--actions-block", `${Math.ceil(height)}px`);
    });
    observer.observe(bar.current);
    return () => {
      observer.disconnect();
      root.removeProperty("--actions-block");
    };
  }, []);
  return html`<div class="actions" role="group" aria-label=${t("actions_label")} data-testid="actions" ref=${bar}>${children}</div>`;
}

/** Action button `name` (`data-action`), labelled `label` (default: `action_<name>`). */
export function ActionButton({ name, onClick, primary = false, label = null, disabled = false, describedBy }) {
  return html`<button
    type="button"
    class=${primary ? "primary" : ""}
    data-action=${name}
    disabled=${disabled}
    aria-describedby=${describedBy}
    onClick=${onClick}
  >${label || t(`action_${name}`)}</button>`;
}

/** The Hint button: on the seat's turn, when the table allows hints. */
export function HintButton({ model }) {
  if (model.info.options.hints === false || !model.myTurn()) return null;
  return html`<button type="button" data-action="hint" onClick=${() => model.askHint()}>${t("action_hint")}</button>`;
}

/** Whether a keyboard is likely (a fine pointer): a text names keys only then. */
export const keyboardLikely = () => matchMedia("(pointer: fine)").matches;

/** The notice of Discard with nothing selected. */
export const selectToDiscard = () => (keyboardLikely() ? "ui_select_discard_keys" : "ui_select_discard");
