// The table's settings menu (docs/web.md, "Motion and sound"): one button in the table head that
// opens a small group of switches, each a preference of this browser kept in localStorage
// (store.js): the other players' moves animated (`motion`), the sounds (`sound`). Each switch is a
// checkbox with its label, 44x44 CSS px on a phone.

import { html } from "./html.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "./i18n.js";
import { store } from "./store.js";

/** The switches of the menu: the preference's name (store.js `pref`, `data-testid`
 * `setting-<name>`) and its label's key. Every one is on until switched off. */
const SWITCHES = [
  { name: "motion", label: "settings_motion" },
  { name: "sound", label: "settings_sound" },
];

/** Whether preference `name` ("motion", "sound") is on in this browser (default: on). */
export function prefOn(name) {
  return store.pref(name) !== false;
}

/** Mark the page with the motion setting (`<html data-motion="on|off">`: the stylesheet's own
 * highlights stop too). */
function markMotion() {
  document.documentElement.dataset.motion = prefOn("motion") ? "on" : "off";
}
markMotion();

/** The settings button and, open, its menu of switches (`table-settings`, `settings-menu`);
 * Escape or a press outside closes it, and the focus goes back to the button. */
export function TableSettings() {
  const [open, setOpen] = useState(false);
  const [, bump] = useState(0);
  const box = useRef(null);
  const button = useRef(null);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => {
      if (box.current && !box.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const keyDown = (event) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current.focus();
  };
  const toggle = (name) => {
    store.setPref(name, !prefOn(name));
    markMotion();
    bump((n) => n + 1);
  };
  return html`<div class="table-settings" ref=${box} onKeyDown=${keyDown}>
    <button
      type="button"
      ref=${button}
      class="settings-button"
      data-testid="table-settings"
      aria-expanded=${String(open)}
      aria-controls="settings-menu"
      onClick=${() => setOpen(!open)}
    >
      <span aria-hidden="true">⚙</span> ${t("settings_label")}
    </button>
    ${open &&
    html`<div class="settings-menu panel" id="settings-menu" role="group" aria-label=${t("settings_label")} data-testid="settings-menu">
      ${SWITCHES.map(
        (s) => html`<label key=${s.name} class="setting">
          <input type="checkbox" data-testid=${`setting-${s.name}`} checked=${prefOn(s.name)} onChange=${() => toggle(s.name)} />
          ${t(s.label)}
        </label>`,
      )}
    </div>`}
  </div>`;
}
