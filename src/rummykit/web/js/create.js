// Creating a table: the game (one the page can show: GET /variants names its client), each seat a person (with an invite link) or a bot with its level, the
// rules options with their defaults shown and explained (from GET /variants), or a preset file (the
// TOML of `rummykit --preset`) that fills them; public or private, a turn timer (a public table's by
// default), hints, the count of pieces seen (Okey's family). The creator
// takes the first person seat.

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, has, sentence, fieldNumber, readNumber, loadCatalogPart } from "./i18n.js";
import { api } from "./api.js";
import { useSession } from "./session.js";
import { store } from "./store.js";
import { parsePreset, presetOptions, presetRules } from "./preset.js";
import { helpText, valueText } from "./optiontext.js";
import { RulesLink } from "./ruleslink.js";
import { playable } from "./variants.js";
import { BOT_LEVELS } from "./seats.js";

// the rules options' names and help (i18n/<lang>/rules.json), which only this form shows: the
// module (and the lobby importing it) is ready when they are
await loadCatalogPart("rules");

/** The turn timers offered, in seconds (the public tables' default among them). */
const TIMER_CHOICES = [15, 30, 45, 60, 120];

/** A rule's name in the page's language when the catalogs have it (`rule_<name>`), else as written. */
function ruleName(name) {
  return name !== undefined && has(`rule_${name}`) ? t(`rule_${name}`) : name;
}

/** A number field in the language's digits (Persian `۱۰`), reading Western digits too; while the
 * text typed is not a number yet (`-`) the rule keeps its last value. */
function NumberField({ id, option, value, onChange }) {
  const [typed, setTyped] = useState(null);
  const shown = typed !== null ? typed : value === null ? "" : fieldNumber(value);
  const input = (text) => {
    setTyped(text);
    if (text.trim() === "" && option.nullable) onChange(null);
    else {
      const n = readNumber(text);
      if (!Number.isNaN(n) && (option.type === "float" || Number.isInteger(n))) onChange(n);
    }
  };
  return html`<input id=${id} type="text" inputmode=${option.type === "float" ? "decimal" : "numeric"} dir="ltr" size="6"
    value=${shown} placeholder=${option.nullable ? t("option_none") : ""} aria-describedby=${`${id}-help`}
    onInput=${(e) => input(e.currentTarget.value)} onBlur=${() => setTyped(null)} />`;
}

function Option({ option, value, onChange }) {
  const id = `opt-${option.name}`;
  const changed = JSON.stringify(value) !== JSON.stringify(option.default);
  let input;
  if (option.values) {
    const values = option.nullable ? [null, ...option.values] : option.values;
    input = html`<select id=${id} aria-describedby=${`${id}-help`} onChange=${(e) => onChange(JSON.parse(e.currentTarget.value))}>
      ${values.map((v) => html`<option key=${String(v)} value=${JSON.stringify(v)} selected=${v === value}>${valueText(option, v)}</option>`)}
    </select>`;
  } else {
    input = html`<${NumberField} id=${id} option=${option} value=${value} onChange=${onChange} />`;
  }
  return html`<div class=${`option ${changed ? "changed" : ""}`}>
    <label for=${id}>${has(`rule_${option.name}`) ? t(`rule_${option.name}`) : html`<code dir="ltr">${option.name}</code>`}</label>
    ${input}
    <span class="default">${t("option_default", { value: valueText(option, option.default) })}</span>
    <p class="help" id=${`${id}-help`}>${helpText(option, value)}</p>
  </div>`;
}

export function CreateTable({ variants, onCreated }) {
  const games = playable(variants);
  const [game, setGame] = useState(games[0].variant);
  const variant = games.find((v) => v.variant === game);
  const defaults = Object.fromEntries(variant.options.map((o) => [o.name, o.default]));
  const [options, setOptions] = useState({});
  const values = { ...defaults, ...(options[game] || {}) };
  const players = values.players;
  const [seats, setSeats] = useState(["person", "medium", "medium", "medium", "medium", "medium"]);
  const [isPublic, setPublic] = useState(false);
  // the turn timer: "" none, else seconds; null until chosen: the server's default for a public
  // table (GET /variants' public_turn_seconds), none for a private one
  const [timer, setTimer] = useState(null);
  const timerValue = timer ?? (isPublic ? String(variants.public_turn_seconds) : "");
  const [seenCount, setSeenCount] = useState(false);
  const [hints, setHints] = useState(true);
  const [rated, setRated] = useState(false);
  const { session } = useSession();
  const [error, setError] = useState(null);
  const [preset, setPreset] = useState(null);
  const [busy, setBusy] = useState(false);

  const setOption = (name, value) => setOptions({ ...options, [game]: { ...(options[game] || {}), [name]: value } });

  /** Read a picked preset file: its rules replace the game's options (the rest are the defaults,
   * as on the command line); a file that can't be read changes nothing and says why. */
  const loadPreset = async (input) => {
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      const found = presetRules(parsePreset(await file.text()), games, game);
      const values = presetOptions(games.find((g) => g.variant === found.game), found.values);
      setGame(found.game);
      setOptions({ ...options, [found.game]: values });
      setPreset({ file: file.name, game: found.game, error: null });
    } catch (e) {
      setPreset({ file: file.name, error: { code: e.code || "preset_bad_line", params: e.params || {} } });
    }
    input.value = "";
  };
  const resetRules = () => {
    setOptions({ ...options, [game]: {} });
    setPreset(null);
  };
  const changedRules = Object.keys(options[game] || {}).some((k) => JSON.stringify(options[game][k]) !== JSON.stringify(defaults[k]));
  const setSeat = (i, value) => setSeats(seats.map((s, j) => (j === i ? value : s)));

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const changed = Object.fromEntries(Object.entries(options[game] || {}).filter(([k, v]) => v !== defaults[k]));
      const request = {
        variant: game,
        options: changed,
        seats: seats.slice(0, players).map((s) => (s === "person" ? { kind: "person" } : { kind: "bot", level: s })),
        public: isPublic,
        hints,
      };
      if (rated && session.account) request.rated = true;
      request.turn_seconds = timerValue ? Number(timerValue) : null;
      if (seenCount && variant.seen_count) request.seen_count = true;
      const table = await api.create(request);
      store.setOwner(table.table, table.owner_token);
      const first = table.seats.find((s) => s.kind === "open");
      if (first) {
        const joined = await api.join(table.table, first.seat, store.name(), t("default_name"));
        store.setSeat(table.table, joined.seat, joined.token);
        if (table.seats.every((s) => s.kind !== "open" || s.seat === first.seat)) await api.start(table.table, table.owner_token);
      }
      onCreated(table.table);
    } catch (e) {
      setError({ code: e.code, params: e.params });
    } finally {
      setBusy(false);
    }
  };

  return html`<form class="panel create" data-testid="create-table" onSubmit=${submit} aria-labelledby="create-title">
    <h2 id="create-title">${t("create_title")}</h2>
    <label>${t("create_game")}
      <select value=${game} onChange=${(e) => setGame(e.currentTarget.value)} data-testid="create-game">
        ${games.map((g) => html`<option key=${g.variant} value=${g.variant}>${t(`game_${g.variant}`)}</option>`)}
      </select>
    </label>
    <${RulesLink} variants=${variants} game=${game} rules=${values} named=${true} />
    <fieldset class="seats">
      <legend>${t("create_seats")}</legend>
      ${Array.from({ length: players }, (_, i) => html`<label key=${i}>${t("seat_number", { n: i + 1 })}
        <select value=${seats[i]} onChange=${(e) => setSeat(i, e.currentTarget.value)} data-testid=${`create-seat-${i}`}>
          <option value="person">${t("create_person")}</option>
          ${BOT_LEVELS.map((level) => html`<option key=${level} value=${level}>${t("seat_bot", { level: t(`bot_${level}`) })}</option>`)}
        </select>
      </label>`)}
    </fieldset>
    <fieldset class="table-options">
      <legend>${t("create_table_options")}</legend>
      <label class="check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.currentTarget.checked)} /> ${t("create_public")}</label>
      <label class="check"><input type="checkbox" checked=${hints} onChange=${(e) => setHints(e.currentTarget.checked)} /> ${t("create_hints")}</label>
      ${session.account
        ? html`<label class="check"><input type="checkbox" checked=${rated} data-testid="create-rated" onChange=${(e) => setRated(e.currentTarget.checked)} /> ${t("create_rated")}</label>`
        : html`<p class="help" data-testid="create-rated-help">${t("create_rated_sign_in")} <a href="#/account">${t("account_sign_in")}</a></p>`}
      <label>${t("create_timer")}
        <select value=${timerValue} data-testid="create-timer" onChange=${(e) => setTimer(e.currentTarget.value)}>
          <option value="">${t("create_no_timer")}</option>
          ${TIMER_CHOICES.map((s) => html`<option key=${s} value=${s}>${t("create_seconds", { seconds: s })}</option>`)}
        </select>
      </label>
      ${variant.seen_count &&
      html`<label class="check"><input type="checkbox" checked=${seenCount} data-testid="create-seen-count" aria-describedby="create-seen-count-help" onChange=${(e) => setSeenCount(e.currentTarget.checked)} /> ${t(variant.pieces === "tiles" ? "create_seen_count_tiles" : "create_seen_count_cards")}</label>
        <p class="help" id="create-seen-count-help">${t("option_seen_count")}</p>`}
    </fieldset>
    <div class="preset">
      <span id="create-preset-title">${t("create_preset")}</span>
      <input id="create-preset" type="file" class="visually-hidden" accept=".toml,text/plain" data-testid="create-preset" aria-labelledby="create-preset-title" aria-describedby="create-preset-help" onChange=${(e) => loadPreset(e.currentTarget)} />
      <label for="create-preset" class="button">${t("create_preset_pick")}</label>
      <p class="help" id="create-preset-help">${t("create_preset_help", { game: t(`game_${game}`) })}</p>
      ${preset &&
      (preset.error
        ? html`<p class="error" role="alert" data-testid="preset-status">${t(preset.error.code, { ...preset.error.params, name: ruleName(preset.error.params.name), file: preset.file, game: t(`game_${game}`) })}</p>`
        : html`<p role="status" data-testid="preset-status">${t("create_preset_loaded", { file: preset.file, game: t(`game_${preset.game}`) })}</p>`)}
      ${changedRules && html`<button type="button" onClick=${resetRules}>${t("create_rules_reset")}</button>`}
    </div>
    <details class="rules" open=${Boolean(preset && !preset.error)}>
      <summary>${t("create_rules")}</summary>
      <p class="help">${t("create_rules_help")}</p>
      ${variant.options.map((o) => html`<${Option} key=${`${game}-${o.name}`} option=${o} value=${values[o.name]} onChange=${(v) => setOption(o.name, v)} />`)}
    </details>
    ${error && html`<p class="error" role="alert">${sentence(error.code, error.params)}</p>`}
    <button type="submit" class="primary" disabled=${busy}>${t("create_submit")}</button>
  </form>`;
}
