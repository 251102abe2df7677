// The table's settings menu: a button in the table head opening switches kept in localStorage
// (store.js `pref`): `motion` (the other players' moves animated) and `sound`; on until switched
// off; the header's language and lobby link where it gives way. Escape or a press outside closes it.

import { html } from "./html.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "./i18n.js";
import { store } from "./store.js";
import { LanguagePicker } from "./languagepicker.js";

const SWITCHES = ["motion", "sound"];

/** Whether setting `name` is on in this browser. */
export const prefOn = (name) => store.pref(name) !== false;

/** `<html data-motion="on|off">`: the stylesheet's own highlights stop with the motion too. */
const markMotion = () => (document.documentElement.dataset.motion = prefOn("motion") ? "on" : "off");
markMotion();

/** The button (`table-settings`) and, open, its switches (`settings-menu`, `setting-<name>`),
 * `settings-language` and `settings-lobby`. */
export function TableSettings() {
  const [open, setOpen] = useState(false);
  const [, bump] = useState(0);
  const box = useRef(null);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => box.current && !box.current.contains(event.target) && setOpen(false);
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const keyDown = (event) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    box.current.querySelector("button").focus();
  };
  const toggle = (name) => {
    store.setPref(name, !prefOn(name));
    markMotion();
    bump((n) => n + 1);
  };
  return html`<div class="table-settings" ref=${box} onKeyDown=${keyDown}>
    <button type="button" class="settings-button" data-testid="table-settings" aria-expanded=${String(open)} onClick=${() => setOpen(!open)}>
      <span aria-hidden="true">⚙</span> <span class="label">${t("settings_label")}</span>
    </button>
    ${open &&
    html`<div class="settings-menu panel" role="group" aria-label=${t("settings_label")} data-testid="settings-menu">
      ${SWITCHES.map(
        (name) => html`<label key=${name} class="setting">
          <input type="checkbox" data-testid=${`setting-${name}`} checked=${prefOn(name)} onChange=${() => toggle(name)} />
          ${t(`settings_${name}`)}
        </label>`,
      )}
      <div class="header-stand-in">
        <${LanguagePicker} testid="settings-language" />
        <a href="#/" data-testid="settings-lobby">${t("ui_to_lobby")}</a>
      </div>
    </div>`}
  </div>`;
}
