// A rules preset file (TOML, as `rummykit --preset FILE` reads it) picked in the create form: the
// page reads the small part of TOML that presets use and turns its values into the form's options.
// The server still checks every option when the table is created.
//
// Read: comments (#), blank lines, [table] headers, `name = value` with a value that is a string
// ("basic" with \" \\ \n \t \uXXXX escapes, or 'literal'), true/false, an integer or a float. A
// line of anything else (arrays, inline tables, multi-line strings, dotted names) is refused.
// Errors are thrown as {code, params}, codes of the page's catalog.

const NAME = /^[A-Za-z0-9_-]+$/;
const INTEGER = /^[+-]?(?:0|[1-9](?:_?\d)*)$/;
const FLOAT = /^[+-]?(?:0|[1-9](?:_?\d)*)(?:\.\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?$/;
const ESCAPES = { '"': '"', "\\": "\\", n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };
const TRUE = new Set(["true", "yes", "on", "1"]);
const FALSE = new Set(["false", "no", "off", "0"]);
const NONE = new Set(["none", "null", ""]);

/** The value at the start of `text` (after `name =`) and what follows it, or null. */
function readValue(text) {
  if (text.startsWith('"')) {
    let out = "";
    for (let i = 1; i < text.length; i += 1) {
      const ch = text[i];
      if (ch === '"') return { value: out, rest: text.slice(i + 1) };
      if (ch !== "\\") out += ch;
      else if (text[i + 1] === "u" && /^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 5;
      } else if (text[i + 1] in ESCAPES) {
        out += ESCAPES[text[i + 1]];
        i += 1;
      } else return null;
    }
    return null;
  }
  if (text.startsWith("'")) {
    const end = text.indexOf("'", 1);
    return end === -1 ? null : { value: text.slice(1, end), rest: text.slice(end + 1) };
  }
  const word = text.split(/[\s#]/, 1)[0];
  const rest = text.slice(word.length);
  if (word === "true" || word === "false") return { value: word === "true", rest };
  if (INTEGER.test(word)) return { value: Number(word.replaceAll("_", "")), rest };
  if (FLOAT.test(word)) return { value: Number(word.replaceAll("_", "")), rest };
  return null;
}

/** The tables of a preset's `text`: {top: {name: value}, tables: {table: {name: value}}}.
 * Throws {code: "preset_bad_line", params: {line}} (1-based) for a line it can't read or a name
 * given twice. */
export function parsePreset(text) {
  const top = {};
  const tables = {};
  let current = top;
  text.split(/\r?\n/).forEach((raw, i) => {
    const bad = { code: "preset_bad_line", params: { line: i + 1 } };
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const header = /^\[\s*([A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?$/.exec(line);
    if (header) {
      if (header[1] in tables || header[1] in top) throw bad;
      tables[header[1]] = {};
      current = tables[header[1]];
      return;
    }
    const eq = line.indexOf("=");
    const name = eq === -1 ? "" : line.slice(0, eq).trim();
    if (!NAME.test(name) || name in current) throw bad;
    const read = readValue(line.slice(eq + 1).trim());
    if (read === null || !/^\s*(?:#.*)?$/.test(read.rest)) throw bad;
    current[name] = read.value;
  });
  return { top, tables };
}

/** The preset's rules for one of `games` (GET /variants entries): the table named after the game
 * `preferred` when there is one, else the one table named after another of `games`, else the
 * top-level names (as `rummykit --preset` reads a file without a [game] table). Returns
 * {game, values}; throws {code: "preset_no_rules"} when there are none. */
export function presetRules(parsed, games, preferred) {
  const names = games.map((g) => g.variant);
  const found = [preferred, ...names].find((name) => name in parsed.tables);
  if (found) return { game: found, values: parsed.tables[found] };
  if (Object.keys(parsed.top).length) return { game: preferred, values: parsed.top };
  throw { code: "preset_no_rules", params: {} };
}

/** `value` from a preset as the value of `option` (a GET /variants option), as the engine reads
 * it (booleans and numbers may be written as text; "none" for no value). Throws {code:
 * "preset_bad_value", params: {name, value}} when it is not one of the option's values. */
export function optionValue(option, value) {
  const bad = { code: "preset_bad_value", params: { name: option.name, value: String(value) } };
  const text = typeof value === "string" ? value.trim().toLowerCase() : null;
  if (option.nullable && text !== null && NONE.has(text)) return null;
  if (option.type === "choice") {
    if (!option.values.includes(value)) throw bad;
    return value;
  }
  if (option.type === "bool") {
    if (typeof value === "boolean") return value;
    if (text !== null && (TRUE.has(text) || FALSE.has(text))) return TRUE.has(text);
    throw bad;
  }
  const number = typeof value === "number" ? value : text !== null && text !== "" ? Number(text) : NaN;
  if (typeof value === "boolean" || !Number.isFinite(number)) throw bad;
  if (option.type === "int" && !Number.isInteger(number)) throw bad;
  return number;
}

/** Every rule of `values` (a preset table) for the game `variant` (a GET /variants entry), checked:
 * {name: value}. Throws {code: "preset_unknown_rule", params: {name}} for a name the game does not
 * have, or optionValue's error. */
export function presetOptions(variant, values) {
  const options = new Map(variant.options.map((o) => [o.name, o]));
  const out = {};
  for (const [name, value] of Object.entries(values)) {
    if (!options.has(name)) throw { code: "preset_unknown_rule", params: { name } };
    out[name] = optionValue(options.get(name), value);
  }
  return out;
}
