// A seat as people see it on every page (the table, its waiting room and invite links, the replay,
// the lobby, My games): numbered from 1 ("Seat 2"), named by its player when there is one, a bot
// by its number ("Bot 2", in the page's language; the table shows its level beside it), a name
// that several seats share followed by its seat's number ("Ann (2)"); and the invite address
// `#/t/<table>/seat/<n>`, numbered from 1 as well. The protocol and the server count seats from 0
// (docs/protocol.md): this module alone turns one count into the other.

import { html } from "./html.js";
import { t, has, FSI, PDI } from "./i18n.js";

/** The bot levels a seat is offered (rummykit.bots.levels), weakest first, then the random bot: the
 * create form's seat menu and the lobby's note of the bots' ratings name them in this order. */
export const BOT_LEVELS = ["easy", "medium", "hard", "expert", "random"];

/** Seat `seat`'s number for people: counted from 1. */
export function seatNumber(seat) {
  return seat + 1;
}

/** The address of the invite to seat `seat` (from 0) of table `table`: `#/t/<table>/seat/<n>`,
 * `n` from 1. */
export function inviteHref(table, seat) {
  return `#/t/${table}/seat/${seatNumber(seat)}`;
}

/** The seat (from 0) an invite address's number `text` names (from 1: "1" is seat 0); null when
 * `text` is no number. "0" gives -1, a seat no table has (the page says so). */
export function invitedSeat(text) {
  return /^\d+$/.test(text || "") ? Number(text) - 1 : null;
}

/** The level of the bot that `player` is (a table's seat `{kind, level}`, or a record's name as
 * the server names a bot, "easy bot"), or null for a person, an open seat or a seat that does not
 * say (the lobby's list). */
export function botLevel(player) {
  if (player && typeof player === "object") return (player.kind === "bot" && player.level) || null;
  const bot = typeof player === "string" ? /^(\w+) bot$/.exec(player) : null;
  return bot && has(`bot_${bot[1]}`) ? bot[1] : null;
}

/** Bots known by another name that are one of the levels people pick: the greedy bot is `medium`
 * (`rummykit.bots.levels`), so a table of greedy bots (the API's and `rummykit connect`'s default)
 * reads as the seat menu does. */
const LEVEL_OF = { greedy: "medium" };

/** A bot's level as a tag after its name, in the page's language ("bot (easy)"); nothing for a
 * person or an open seat. */
export function BotTag({ player }) {
  const level = botLevel(player);
  const shown = LEVEL_OF[level] || level;
  return level ? html` <span class="tag">${t("seat_bot", { level: t(`bot_${shown}`) })}</span>` : null;
}

/** The name of seat `seat` (from 0), from what the table or the record knows of its player: a
 * table's seat (`{kind, name}`: "open", "bot" or "person") or a record's name (a person's, or a
 * bot's as the server names it, "greedy bot"). A person is their name, a bot "Bot n", an open
 * seat or one with no name "Seat n". */
export function seatName(seat, player = null) {
  const n = seatNumber(seat);
  if (player && typeof player === "object") {
    if (player.kind === "bot") return t("seat_bot_name", { n });
    return player.kind === "person" && player.name ? player.name : t("seat_number", { n });
  }
  if (botLevel(player)) return t("seat_bot_name", { n });
  return player || t("seat_number", { n });
}

/** Every seat's name (`seatName`, `players` in seat order) as `{name, before, after, text}`:
 * `before` and `after` tell apart seats of one name ("Ann", "", " (2)"), `text` the whole. A
 * narrow panel cuts `name` alone. */
export function seatLabels(players) {
  const names = players.map((player, seat) => seatName(seat, player));
  return names.map((name, seat) => {
    const n = seatNumber(seat);
    const mark = `${FSI}\uE000${PDI}`; // where the name goes, isolated: `t` keeps it so
    const [before, after] = names.indexOf(name) === names.lastIndexOf(name) ? ["", ""] : t("seat_shared_name", { name: mark, n }).split(mark);
    return { name, before, after, text: before + after ? t("seat_shared_name", { name, n }) : name };
  });
}

/** Every seat's name as text (`seatLabels`): "Ann (2)", "Ann (3)". */
export function seatNames(players) {
  return seatLabels(players).map((label) => label.text);
}

/** `seatName(seat)` and `seatLabel(seat)` of `players`' seats (`seatLabels`; past them "Seat n"). */
export function seatNaming(players) {
  const labels = seatLabels(players);
  const seatLabel = (seat) => labels[seat] || { name: seatName(seat), before: "", after: "", text: seatName(seat) };
  return { seatName: (seat) => seatLabel(seat).text, seatLabel };
}
