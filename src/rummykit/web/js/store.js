// What the browser remembers (localStorage): the display name, the language, each table's seat
// token and owner token, each seat's rack order, the table settings (settings.js), whether the rack is arranged on each deal and a guest's chat mutes. Every read survives a missing or broken entry.

const PREFIX = "rummykit.";

function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // private mode or a full store: the page works, it just forgets
  }
}

export const store = {
  name: () => (typeof read("name") === "string" ? read("name") : ""),
  setName: (name) => write("name", name),
  language: () => read("lang"),
  setLanguage: (code) => write("lang", code),
  /** {seat, token} of the seat this browser holds at `table`, or null. */
  seat: (table) => read(`seat.${table}`),
  setSeat: (table, seat, token) => write(`seat.${table}`, { seat, token }),
  forgetSeat: (table) => write(`seat.${table}`, null),
  owner: (table) => read(`owner.${table}`),
  setOwner: (table, token) => write(`owner.${table}`, token),
  /** {game, round, slots} of the rack of `seat` at `table`, or null. */
  rack: (table, seat) => read(`rack.${table}.${seat}`),
  setRack: (table, seat, rack) => write(`rack.${table}.${seat}`, rack),
  /** Table setting `name` ("motion", "sound"): true, false, or null when never set. */
  pref: (name) => (typeof read(`pref.${name}`) === "boolean" ? read(`pref.${name}`) : null),
  setPref: (name, on) => write(`pref.${name}`, Boolean(on)),
  /** Whether the rack is arranged on each deal (off until the player turns it on). */
  autoArrange: () => read("autoArrange") === true,
  setAutoArrange: (on) => write("autoArrange", on),
  /** The chat senders (their mute keys) a guest muted. */
  mutes: () => (Array.isArray(read("mutes")) ? read("mutes").filter((k) => typeof k === "string") : []),
  setMutes: (keys) => write("mutes", keys),
};
