// The game's actions as buttons, in the group `actions` (docs/web.md, "Actions"): each with its
// stable `data-action` and its label (`action_<name>`), and the Hint button on the seat's turn
// when the table allows hints. Which actions are offered is the game's (its controller).

import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";

/** The height of element `el` in CSS px. */
const heightOf = (el) => el.getBoundingClientRect().height;

/** Keep the page's root property `name` at the height in CSS px (rounded up; `measure`, the
 * element's own by default) of the element `ref` holds while `shown` (the element rendered), and
 * without it otherwise: a pinned bar's height, for the page to keep its room however many rows
 * its buttons wrap into. Measured again whenever the element's size or content changes. */
export function useHeightProperty(ref, name, shown = true, measure = heightOf) {
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return undefined;
    const root = document.documentElement.style;
    const set = () => root.setProperty(name, `${Math.ceil(measure(el))}px`);
    const resized = new ResizeObserver(set);
    const changed = new MutationObserver(set);
    resized.observe(el);
    changed.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
      root.removeProperty(name);
    };
  }, [shown]);
}

/** Keep the focus in the group `ref` holds: when the focused button goes (Draw, once drawn), the
 * focus would fall to the page's body, a keyboard or screen reader user back at the page's top;
 * it goes instead to the group's first primary button, else its first (as Alt+A). Focus the user
 * moves elsewhere (Tab, a press) is left alone. */
function useFocusKept(ref) {
  useEffect(() => {
    const el = ref.current;
    const left = (e) => {
      const gone = e.target;
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (gone.isConnected || !lost) return;
        const next = el.querySelector("button.primary:not([disabled])") || el.querySelector("button:not([disabled])");
        if (next) next.focus();
      });
    };
    el.addEventListener("focusout", left);
    return () => el.removeEventListener("focusout", left);
  }, []);
}

/** The group of action buttons. Pinned along the window's bottom edge (style.css), it keeps the
 * page's root property `--actions-block` at its height (`useHeightProperty`), so that the page
 * can scroll everything clear of it however many rows its buttons wrap into. Disabled while
 * `model` is not `ready`, and shown so (`data-offline`, dimmed) while its connection is down. */
export function ActionGroup({ model, children }) {
  const bar = useRef(null);
  useHeightProperty(bar, "--actions-block");
  useFocusKept(bar);
  const hold = (e) => model.ready() || (e.preventDefault(), e.stopPropagation());
  return html`<div class="actions" role="group" aria-label=${t("actions_label")} aria-disabled=${!model.ready() || undefined} data-offline=${model.status !== "open" || undefined} data-testid="actions" ref=${bar} onClickCapture=${hold}>${children}</div>`;
}

/** Buttons to the rack and the actions, and Alt+R, Alt+A (docs/web.md, "Keyboard"). */
export function SkipKeys() {
  const to = (...selectors) => () => {
    const found = selectors.map((s) => document.querySelector(s)).find(Boolean);
    if (found) found.focus();
  };
  const keys = { KeyR: to("[data-testid=rack] [aria-pressed=true]", "[data-testid=rack] button"), KeyA: to("[data-testid=actions] .primary", "[data-testid=actions] button") };
  useEffect(() => {
    const down = (e) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && keys[e.code]) keys[e.code](e.preventDefault());
    };
    document.addEventListener("keydown", down);
    return () => document.removeEventListener("keydown", down);
  }, []);
  return html`<div class="skips">
    <button type="button" aria-keyshortcuts="Alt+R" onClick=${keys.KeyR}>${t("skip_rack")}</button>
    <button type="button" aria-keyshortcuts="Alt+A" onClick=${keys.KeyA}>${t("skip_actions")}</button>
  </div>`;
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
