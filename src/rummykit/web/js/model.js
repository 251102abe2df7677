// A table as this browser sees it, fed only by the protocol. `TableView` is what a game's board
// renders (the view: observation and legal actions, the last events, the hint, the rack's
// selection) with the game's controller (`game`, games/<game>.js, see lazy.js) and the
// controller's own state (`ui`); the replay viewer makes one per step. `TableModel` adds the
// connection: the table message, versions, the log, the rack's slots (kept and arranged by the
// server's seat session and remembered per table and seat), the score sheet, the round end to
// show. Views call its commands; it calls `onChange` after every change.

import { store } from "./store.js";
import { loadSession } from "./api.js";
import { TableLink } from "./tablelink.js";
import { notation } from "./pieces.js";
import { loadController } from "./lazy.js";
import { piecesOf } from "./variants.js";

export const RACK_ROWS = 2;
export const RACK_COLUMNS = 14;
const RACK_SLOTS = RACK_ROWS * RACK_COLUMNS;
const LOG_LIMIT = 300;
/** The refusals of a `rack` request (they carry no action id). */
const RACK_ERRORS = new Set(["bad_rack", "rack_no_position", "rack_empty_position", "not_started", "spectator", "unsupported"]);
const NOTHING_HINTED = { rack: new Set(), take: false, draw: false };
/** Presses wait this long (ms) after the answer to this page's action (docs/web.md, "Actions"). */
const SETTLE_MS = 350;

/** The log lines of one version: its notices (the server's: a time-out, a stand-in bot) before the
 * moves they explain, its events, then, when it starts a round (`newRound`,
 * and the match goes on), the round's line and the draws for the order of play (the
 * observation's `order_draws`, when the game has them). `item` is a state message's {v, events,
 * notices} with the observation's round, order_draws and order. */
function logLines(kind, item, newRound, over) {
  const lines = [...item.notices, ...item.events].map((e, i) => ({ ...e, key: `${item.v}-${i}` }));
  if (newRound && !over) {
    lines.push({ code: "log_round", seat: null, params: { round: item.round }, key: `${item.v}-round` });
  }
  if (item.order_draws && item.order_draws.length && newRound) {
    const draws = item.order_draws.map(([seat, face]) => ({ seat, card: notation(kind, face) }));
    lines.push({ code: "log_order_draw", seat: null, params: { draws, seats: item.order }, key: `${item.v}-order` });
  }
  return lines;
}

function sameFaces(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

/** What a game's board renders: `kind` ("tiles" or "cards"), `game` (the controller), `info` (the
 * table message: rules, options, seats), `seat` (null: watching), `view` (a state message:
 * observation, legal actions), `lastEvents`. */
export class TableView {
  constructor({ kind = "tiles", game = null, info = null, seat = null, view = null, lastEvents = [] } = {}) {
    this.kind = kind;
    this.info = info;
    this.seat = seat;
    this.view = view;
    this.lastEvents = lastEvents;
    this.hint = null;
    this.error = null;
    this.rack = null;
    /** The selected rack slots (slot -> face; one at most unless the game selects several), and
     * the slot the keyboard moves (the last selected) with its face. */
    this.chosen = new Map();
    this.selected = null;
    this.selectedPiece = null;
    this.setGame(game);
  }

  /** Use controller `game` (null: none yet); its own state starts afresh. */
  setGame(game) {
    this.game = game;
    this.ui = game ? game.start() : null;
  }

  /** Tell the page that something changed (a replay's step: nothing to tell). */
  changed() {}

  // ------------------------------------------------------------------ legal actions, by parts
  /** The legal actions ({id, text, parts}) whose verb is `verb`, in the server's order. */
  legal(verb) {
    return this.view ? this.view.legal.filter((a) => a.parts.verb === verb) : [];
  }

  /** The first legal action of `verb`, or null. */
  first(verb) {
    return this.legal(verb)[0] || null;
  }

  /** The legal action of `verb` that plays the one piece `face`, or null. */
  legalPiece(verb, face) {
    const name = notation(this.kind, face);
    return this.legal(verb).find((a) => a.parts.pieces.length === 1 && a.parts.pieces[0] === name) || null;
  }

  /** Whether it is this seat's turn with something to do. */
  myTurn() {
    return Boolean(this.view && this.view.legal.length);
  }

  /** Whether a press may play now. */
  ready() {
    return true;
  }

  /** `handler` run only when `ready`. */
  pressed(handler) {
    return (...args) => {
      if (this.ready()) handler(...args);
    };
  }

  /** A button's props: `pressed(handler)`, aria-disabled until `ready`. */
  press(handler) {
    return { onClick: this.pressed(handler), "aria-disabled": this.ready() ? undefined : "true" };
  }

  // ------------------------------------------------------------------ the selection
  /** Whether the piece in `slot` is selected. */
  isSelected(slot) {
    return this.chosen.has(slot);
  }

  /** The faces of the selected pieces. */
  selectedFaces() {
    return [...this.chosen.values()];
  }

  /** The face of the one selected piece, or null (none, or several). */
  selectedFace() {
    return this.chosen.size === 1 ? [...this.chosen.values()][0] : null;
  }

  /** The pieces the hint suggests (the game's reading of it): {rack: faces to play from the rack,
   * take: whether it says to take the discard, draw: whether it says to draw}. */
  hinted() {
    return (this.hint && this.game && this.game.hinted(this)) || NOTHING_HINTED;
  }
}

export class TableModel extends TableView {
  constructor(id, variants, onChange) {
    super();
    this.id = id;
    this.variants = variants;
    this.onChange = onChange;
    /** Views that came before the game's controller: handled once it is loaded. */
    this.waiting = [];
    /** Whether the game's controller can't be loaded (the page can't show the game). */
    this.failed = false;
    this.log = [];
    /** The seats whose moves a stand-in bot plays, told once in the log (`standInOnce`). */
    this.standIns = new Set();
    /** The seat whose time ran out this turn, told once in the log (`timeoutOnce`), or null. */
    this.timedOut = null;
    this.rackQueue = [];
    /** The rack queue's item whose answer is awaited, or null. */
    this.rackSent = null;
    /** The deal (`<game> <round>`) whose arranging was asked (`pumpRack`), or null. */
    this.arranged = null;
    this.placeAt = null;
    /** The rack slots of the pieces this turn's melds took ([slot, face]), and whether a retract
     * brings them back: they go back where they were (`returnLaid`). */
    this.laidFrom = [];
    this.laying = false;
    this.returning = false;
    this.focusSlot = null;
    this.scores = [];
    this.roundEnd = null;
    /** The seat this browser held here until the server refused its token ({seat}), or null. */
    this.lostSeat = null;
    /** The seat the account signed in holds here when this browser keeps no token for it (joined
     * on another device, or before the browser's storage was cleared), or null; `ownSeat` is
     * false once the server refused it or the page left it. */
    this.accountSeat = null;
    this.ownSeat = true;
    this.status = "connecting";
    this.turnStart = null;
    this.deadline = null;
    this.settleUntil = 0;
    this.settleTimer = null;
    this.link = null;
    /** The table's chat room (chat.js's ChatRoom, set by the table page: a replay has none): its
     * players' for a seat, its spectators' for a spectator. */
    this.chat = null;
    this.connect();
  }

  /** (Re)connect with the seat this browser holds at the table now, or as a spectator. */
  connect() {
    if (this.link) {
      this.link.close();
      // a chat line on the connection closed may not have been said
      if (this.chat) this.chat.dropped();
    }
    const held = this.held();
    this.seat = held ? held.seat : null;
    this.view = null;
    this.rack = null;
    this.rackQueue = [];
    this.rackSent = null;
    this.arranged = null;
    this.link = new TableLink(this.id, this.seat, held ? held.token : null, {
      status: (status) => this.onStatus(status),
      table: (message) => this.onTable(message),
      view: (message) => this.onView(message),
      error: (message) => this.onError(message),
      answered: () => this.onAnswered(),
      rack: (message) => this.onRack(message),
      hint: (message) => this.onHint(message),
      scores: (message) => this.onScores(message),
      chat: (message) => this.chat && this.chat.receive(message),
    });
  }

  /** The seat this page plays ({seat, token}): the one this browser joined, else the account's
   * (`accountSeat`, token null: the server takes the session for it), or null. */
  held() {
    return store.seat(this.id) || (this.accountSeat === null ? null : { seat: this.accountSeat, token: null });
  }

  /** The token that may start, fill or rematch: the owner's, else the seat's. */
  token() {
    const held = store.seat(this.id);
    return store.owner(this.id) || (held ? held.token : null);
  }

  /** Whether this page may start, fill or rematch: with a token, or signed in as a seat's account. */
  manages() {
    return Boolean(this.token()) || this.accountSeat !== null;
  }

  /** This page no longer plays the seat it held (it left it). */
  release() {
    store.forgetSeat(this.id);
    this.accountSeat = null;
    this.ownSeat = false;
    this.connect();
  }

  /** Without a seat of its own here, the page plays the seat the account signed in holds. */
  async takeAccountSeat() {
    if (!this.ownSeat || this.seat !== null || store.seat(this.id)) return;
    const { account } = await loadSession();
    const info = this.info;
    const seat = account && info.seats.find((s) => s.kind === "person" && s.account === account.username);
    if (!seat || this.seat !== null || this.accountSeat !== null) return;
    this.accountSeat = seat.seat;
    this.connect();
    this.changed();
  }

  changed() {
    this.onChange();
  }

  close() {
    clearTimeout(this.settleTimer);
    this.link.close();
  }

  /** Not while the connection is down, nor while an action awaits its answer, nor SETTLE_MS after. */
  ready() {
    return this.status === "open" && !this.link.awaiting() && Date.now() >= this.settleUntil;
  }

  // ------------------------------------------------------------------ protocol listener
  /** Whether a rack request awaits its answer (the rack's `aria-busy`). */
  get rackBusy() {
    return this.rackSent !== null;
  }

  onStatus(status) {
    this.status = status;
    // a request on a connection lost is never answered: sent again first on the next one (it
    // carries the slots it was asked of, so an answer lost on the way changes nothing twice)
    if (status === "closed" && this.rackSent !== null) {
      // a deal's arranging lost with it is asked again
      if (this.rackSent.deal === this.arranged) this.arranged = null;
      this.rackQueue.unshift(this.rackSent);
      this.rackSent = null;
    }
    if (status === "closed" && this.chat) this.chat.dropped();
    if (status === "open") this.pumpRack();
    this.changed();
  }

  onTable(message) {
    const first = this.info === null;
    this.info = message;
    this.kind = piecesOf(this.variants, message.variant);
    this.takeAccountSeat();
    if (first) {
      loadController(this.variants, message.variant).then(
        (game) => {
          this.setGame(game);
          this.waiting.splice(0).forEach((view) => this.onView(view));
          this.changed();
        },
        () => {
          this.failed = true;
          this.changed();
        },
      );
    }
    this.changed();
  }

  onView(message) {
    if (!this.game) {
      this.waiting.push(message);
      return;
    }
    const previous = this.view;
    const newGame = !previous || previous.game !== message.game;
    this.view = message;
    this.hint = null;
    // a refusal or notice belongs to the turn it was said in
    if (newGame || previous.observation.to_move !== message.observation.to_move || previous.observation.round !== message.observation.round) {
      this.error = null;
    }
    if (newGame) {
      this.log = [];
      this.standIns = new Set();
      this.timedOut = null;
      this.roundEnd = null;
      this.clearSelection();
    }
    this.game.unpick(this);
    const obs = message.observation;
    const newRound = newGame || previous.observation.round !== obs.round;
    // a sync carries no events of its own but the server's kept messages of the match (`earlier`):
    // the log lines this page has not shown yet; before them, a note when the deal is not among them
    const earlier = [];
    let round = newGame ? null : previous.observation.round;
    if (message.type === "sync") {
      const kept = (message.earlier || []).filter((item) => newGame || item.v > previous.v);
      if (newGame && message.v > 0 && !(kept.length && kept[0].v === 0)) {
        earlier.push({ code: "log_earlier_missing", seat: null, params: {}, key: `${message.v}-earlier` });
      }
      kept.forEach((item, i) => {
        const over = message.over && i === kept.length - 1;
        earlier.push(...logLines(this.kind, item, item.round !== round, over));
        this.game.follow(this, item.events, item.round !== round);
        round = item.round;
      });
    }
    const item = { v: message.v, events: message.events, notices: message.notices, round: obs.round, order_draws: obs.order_draws, order: obs.order };
    const before = this.timeoutOnce(this.standInOnce(earlier));
    const entries = this.timeoutOnce(this.standInOnce(logLines(this.kind, item, round !== obs.round, message.over)));
    this.log = [...this.log, ...before, ...entries].slice(-LOG_LIMIT);
    this.lastEvents = entries;
    // the next turn's play starts after the break between rounds (the round end's countdown)
    const pause = (message.break_left || 0) * 1000;
    if (newRound || pause || previous.observation.to_move !== obs.to_move) {
      this.turnStart = obs.to_move === null ? null : { seat: obs.to_move, at: Date.now() + pause };
    }
    // the turn timer: when the server's runs out for the seat to move (none for a bot, or
    // without a timer), the break between rounds included
    this.deadline = typeof message.turn_left === "number" && obs.to_move !== null ? { seat: obs.to_move, at: Date.now() + message.turn_left * 1000 } : null;
    this.game.follow(this, message.events, round !== obs.round);
    // the round end keeps the totals as the round left them, and closes itself when the break ends
    const closesAt = pause ? Date.now() + pause : null;
    for (const event of message.events) {
      if (event.params && event.params.result) this.roundEnd = { result: event.params.result, totals: obs.scores, closesAt };
    }
    if (message.over) this.roundEnd = this.roundEnd || { result: obs.last_result, totals: obs.scores, closesAt: null };
    // a page opened during the break shows the round end again
    else if (message.type === "sync" && newGame && closesAt && obs.last_result) {
      this.roundEnd = { result: obs.last_result, totals: obs.scores, closesAt };
    }
    // this seat's pieces laid on the table this turn: their slots are kept (when the rack's answer
    // frees them) until the turn ends, for a retract to put them back (the verbs that lay them are
    // the controller's `laying`)
    const mine = message.played && message.played.seat === this.seat ? message.played.parts.verb : null;
    this.laying = Boolean(mine && this.game.laying && this.game.laying.has(mine));
    if (newRound || (mine && mine !== "retract" && !this.laying)) this.laidFrom = [];
    this.returning = mine === "retract" && this.laidFrom.length > 0;
    if (message.type === "sync" || message.events.some((e) => e.params && e.params.result)) {
      this.link.request({ type: "scores" });
    }
    if (this.seat !== null && this.game.rack) this.syncRack(newGame, newRound);
    this.changed();
  }

  /** `lines` without a stand-in bot's notice said again: "a bot plays for Ann" at the first move
   * the bot plays for the seat, not before each one, until the seat plays again itself. */
  standInOnce(lines) {
    const stood = new Set(lines.filter((l) => l.code === "bot_stood_in").map((l) => l.seat));
    for (const line of lines) {
      if (typeof line.seat === "number" && !stood.has(line.seat) && !line.code.startsWith("log_")) this.standIns.delete(line.seat);
    }
    return lines.filter((line) => {
      if (line.code !== "bot_stood_in") return true;
      if (this.standIns.has(line.seat)) return false;
      this.standIns.add(line.seat);
      return true;
    });
  }

  /** `lines` without a time-out said again: the server notes each move it plays for a seat whose
   * time ran out (a draw, then a discard), the log says it once per turn: a seat's time-out is
   * said again only after a line of another seat. */
  timeoutOnce(lines) {
    return lines.filter((line) => {
      if (line.code === "timed_out") {
        if (this.timedOut === line.seat) return false;
        this.timedOut = line.seat;
      } else if (typeof line.seat === "number" && line.seat !== this.timedOut && !line.code.startsWith("log_")) this.timedOut = null;
      return true;
    });
  }

  onAnswered() {
    this.settleUntil = Date.now() + SETTLE_MS;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.changed(), SETTLE_MS);
    this.changed();
  }

  onError(message) {
    if (this.chat && this.chat.receive(message)) return;
    if (message.code === "bad_token" && message.id === undefined && this.seat !== null) {
      // the key this browser kept for the seat is not the seat's any more: watch, and say so
      this.lostSeat = { seat: this.seat };
      store.forgetSeat(this.id);
      this.accountSeat = null;
      this.ownSeat = false;
      this.connect();
      this.changed();
      return;
    }
    this.error = { code: message.code, params: message.params };
    if (message.id === undefined && this.rackBusy && RACK_ERRORS.has(message.code)) {
      this.rackSent = null;
      this.rackQueue = [];
    }
    this.changed();
  }

  onRack(message) {
    if (message.elsewhere) {
      this.onRackElsewhere(message);
      return;
    }
    this.rackSent = null;
    if (!this.view || message.game !== this.view.game) {
      this.pumpRack();
      return;
    }
    if (this.laying && this.rack) {
      this.rack.slots.forEach((face, slot) => face !== null && message.slots[slot] === null && this.laidFrom.push([slot, face]));
      this.laying = false;
    }
    this.keepRack(message.game, message.round, message.slots, message.groups);
    if (!this.rackQueue.length) {
      // every queued move is in: the selection and the focus follow the piece, or end
      this.keepSelection(message.slots);
      if (this.focusSlot !== null && message.slots[this.focusSlot] === null) this.focusSlot = null;
    }
    if (this.returning && message.arrived.length) this.returnLaid(message);
    if (this.placeAt !== null && message.arrived.length === 1) {
      const slot = message.slots.indexOf(message.arrived[0]);
      if (slot !== -1 && slot !== this.placeAt) this.rackQueue.push({ move: [slot, this.placeAt] });
      this.placeAt = null;
    }
    if (!sameFaces(this.rackFaces(), this.view.observation.hand)) this.rackQueue.push({});
    this.pumpRack();
    this.changed();
  }

  /** The pieces a retract brought back (`message.arrived`, put in the rack's free slots) moved to
   * the slots they were laid from, each move onto a slot free by then (the pieces that came back
   * may have landed on one another's old slots). */
  returnLaid(message) {
    const slots = [...message.slots];
    const arrived = new Set();
    const pending = [];
    for (const face of message.arrived) {
      const now = slots.findLastIndex((f, i) => f === face && !arrived.has(i));
      const back = this.laidFrom.findIndex(([, f]) => f === face);
      if (now === -1 || back === -1) continue;
      arrived.add(now);
      const [slot] = this.laidFrom.splice(back, 1)[0];
      if (slot !== now) pending.push([now, slot]);
    }
    // a piece that came back may stand on another's old slot: move each onto a free slot first
    for (let moved = true; moved && pending.length; ) {
      moved = false;
      const at = pending.findIndex(([, to]) => slots[to] === null);
      if (at === -1) break;
      const [from, to] = pending.splice(at, 1)[0];
      slots[to] = slots[from];
      slots[from] = null;
      this.rackQueue.push({ move: [from, to] });
      moved = true;
    }
    this.laidFrom = [];
    this.returning = false;
  }

  /** The seat's rack as another connection of the seat (another tab) arranged it: shown and kept
   * unless a rack message of this page is on its way (its answer comes later and wins). */
  onRackElsewhere(message) {
    if (this.rackBusy || this.rackQueue.length || !this.view || message.game !== this.view.game) return;
    this.keepRack(message.game, message.round, message.slots, message.groups);
    this.keepSelection(message.slots);
    this.changed();
  }

  onHint(message) {
    this.hint = message.hint;
    // the hint asked for after a refusal takes the refusal's place
    this.error = null;
    this.changed();
  }

  onScores(message) {
    this.scores = message.rounds;
    this.changed();
  }

  // ------------------------------------------------------------------ the rack
  rackFaces() {
    return this.rack ? this.rack.slots.filter((f) => f !== null) : [];
  }

  /** Bring the rack in line with the view's hand; `newRound`: the view is a new deal's first on
   * this connection (a rack answer of that deal may have come before it, so the rack's round
   * alone can't tell a deal is new). */
  syncRack(newGame, newRound) {
    const round = this.view.observation.round;
    if (!this.rack || newGame) {
      const kept = store.rack(this.id, this.seat);
      const fits = kept && this.view && kept.game === this.view.game && Array.isArray(kept.slots) && kept.slots.length === RACK_SLOTS;
      this.rack = fits ? { round: kept.round, slots: kept.slots, groups: [] } : null;
      this.rackQueue = [this.dealArranging(!this.rack || this.rack.round !== round)];
    } else if (newRound || !sameFaces(this.rackFaces(), this.view.observation.hand) || this.rack.round !== round) {
      this.rackQueue.push(this.dealArranging(newRound || this.rack.round !== round));
    }
    this.pumpRack();
  }

  /** What the rack's next request asks besides bringing it in line with the hand: on a new deal
   * (`dealt`: no rack kept for this round) with the player's auto-arrange setting on, the deal's
   * arranging (`deal`: `<game> <round>`; `pumpRack` asks it once). */
  dealArranging(dealt) {
    return dealt && store.autoArrange() && this.game.arrange ? { deal: `${this.view.game} ${this.view.observation.round}` } : {};
  }

  /** Send the rack queue's next request while none awaits its answer. A deal's arranging asks the
   * game's first way to arrange (its controller's `arrange`: runs in every game with a rack) the
   * first time only: each view that comes before the answer (the rack still the last round's)
   * queued it again. */
  pumpRack() {
    if (this.rackBusy || !this.rackQueue.length || !this.view || this.seat === null) return;
    const item = this.rackQueue.shift();
    const { deal, ...asked } = item;
    const arranging = deal !== undefined && deal !== this.arranged;
    const slots = this.rack ? this.rack.slots : Array(RACK_SLOTS).fill(null);
    const round = this.rack ? this.rack.round : null;
    const by = arranging ? { by: this.game.arrange[0] } : {};
    // upright, a row is 2 lines of 7 (style.css): melds kept in one
    const rows = matchMedia("(max-width: 680px)").matches ? 4 : RACK_ROWS;
    if (this.link.request({ type: "rack", slots, rows, round, ...asked, ...by })) {
      this.rackSent = item;
      if (arranging) this.arranged = deal;
    } else this.rackQueue.unshift(item);
  }

  /** Arrange the rack: "runs", "sets", "pairs", "suit" or "rank" (the server's seat session). */
  arrange(by) {
    this.error = null;
    this.clearSelection();
    this.rackQueue.push({ by });
    this.pumpRack();
  }

  /** Move the piece in slot `source` to slot `target`. */
  move(source, target) {
    if (source === target) return;
    this.error = null;
    if (this.chosen.has(source)) {
      this.chosen.delete(source);
      this.chosen.set(target, this.rack.slots[source]);
    }
    if (this.selected === source) {
      this.selected = target;
      this.focusSlot = target;
    } else this.selected = null;
    if (this.movesAtOnce(source, target)) {
      // a piece onto a free slot shows there before the server's answer (offline too: it showed
      // only once the page was back); the request that follows brings the rack's groups
      const slots = [...this.rack.slots];
      slots[target] = slots[source];
      slots[source] = null;
      // a meld the piece left, or one it now stands in or beside, waits for the answer's groups
      const stale = ([start, end]) => (start <= source && source < end) || (start - 1 <= target && target <= end);
      const groups = this.rack.groups.filter((group) => !stale(group));
      this.keepRack(this.view.game, this.rack.round, slots, groups);
      if (!this.rackQueue.length) this.rackQueue.push({});
    } else this.rackQueue.push({ move: [source, target] });
    this.pumpRack();
  }

  /** Show the rack of `game`'s round `round` as `slots` with the meld `groups`, and keep its slots
   * in localStorage for this table and seat (a reload or a reconnect keeps the order). */
  keepRack(game, round, slots, groups) {
    this.rack = { round, slots, groups };
    store.setRack(this.id, this.seat, { game, round, slots });
  }

  /** Whether the move of the piece in slot `source` to slot `target` may show at once: the target
   * is free and no rack request is on its way or queued but a bare one (bringing the rack in line
   * with the hand), whose answer keeps the slots it was sent with; else the server's answer would
   * put the slots it was asked of back over the move. */
  movesAtOnce(source, target) {
    const bare = this.rackQueue.every((item) => Object.keys(item).length === 0);
    return Boolean(this.rack && this.view) && !this.rackBusy && bare && this.rack.slots[source] !== null && this.rack.slots[target] === null;
  }

  /** Select the piece in `slot`, or unselect it: in a game that selects several pieces (a meld to
   * lay) each press adds or takes away one, else the piece replaces the one selected. */
  select(slot) {
    this.error = null;
    if (this.chosen.has(slot)) this.chosen.delete(slot);
    else {
      if (!this.game.multiSelect) this.chosen.clear();
      this.chosen.set(slot, this.rack.slots[slot]);
    }
    this.selected = this.chosen.has(slot) ? slot : [...this.chosen.keys()].pop() ?? null;
    this.selectedPiece = this.selected === null ? null : this.rack.slots[this.selected];
    this.game.unpick(this);
    this.changed();
  }

  /** Select the piece in `slot` alone. */
  selectOnly(slot) {
    this.chosen = new Map([[slot, this.rack.slots[slot]]]);
    this.selected = slot;
    this.selectedPiece = this.rack.slots[slot];
  }

  /** The selection after the rack changed to `slots`: the pieces no longer where they were are
   * unselected. */
  keepSelection(slots) {
    for (const [slot, face] of this.chosen) if (slots[slot] !== face) this.chosen.delete(slot);
    if (this.selected !== null && slots[this.selected] !== this.selectedPiece) this.selected = null;
  }

  clearSelection() {
    this.selected = null;
    this.selectedPiece = null;
    this.chosen = new Map();
    if (this.game) this.game.unpick(this);
  }

  /** Move the selected piece by `columns` along its row and `rows` rows. */
  moveSelected(columns, rows) {
    if (this.selected === null) return;
    const row = Math.floor(this.selected / RACK_COLUMNS) + rows;
    const column = (this.selected % RACK_COLUMNS) + columns;
    if (row < 0 || row >= RACK_ROWS || column < 0 || column >= RACK_COLUMNS) return;
    this.placeSelected(row * RACK_COLUMNS + column);
  }

  /** Move the (last) selected piece to slot `target`. */
  placeSelected(target) {
    if (this.selected === null) return;
    this.move(this.selected, target);
    this.changed();
  }

  // ------------------------------------------------------------------ actions
  /** Show a message of the page's own (a UI string key) where errors go. */
  notice(code, params = {}) {
    this.error = { code, params };
    this.changed();
  }

  /** Play the action written `text` (a legal action's, or one the page writes from the rack),
   * unless one awaits its answer or the connection is down. */
  act(text) {
    if (this.link.awaiting() || this.status !== "open") return;
    this.error = null;
    this.link.act(text);
    this.changed();
  }

  /** Play legal action `action` made from the selection, which then ends. */
  play(action) {
    this.clearSelection();
    this.act(action.text);
  }

  /** Send `text`, an action the page wrote that none of the legal actions matches: the server
   * refuses it with its reason (its code, in the page's language), and it changes nothing. The
   * page decides no rule: it asks the server. */
  refused(text) {
    this.act(text);
  }

  /** Discard the piece `face` when that is legal, unless the game holds the discard back to ask
   * the player first (`game.holdDiscard`: a discard that would be fined). */
  discard(face) {
    const action = this.legalPiece("discard", face);
    if (action && !this.game.holdDiscard(this, action)) this.play(action);
  }

  /** Draw or take (`verb`), and put the new piece in slot `target` (null: where the rack puts it). */
  drawTo(verb, target) {
    const action = this.first(verb);
    if (!action) return;
    this.placeAt = target;
    this.act(action.text);
  }

  /** A drop of `payload` on the target named `target` (drag.js): a rack piece onto a slot moves
   * there, onto the own discard pile is discarded; the stock or the discard dragged onto the rack
   * is drawn or taken into that slot; every other drop is the game's (`game.drop`). */
  drop(target, payload) {
    const [where, at] = target.split(":");
    const drawn = payload.from === "stock" || payload.from === "take";
    if (payload.from === "rack" && where === "slot") this.move(payload.slot, Number(at));
    else if (payload.from === "rack" && where === "discard") {
      if (this.legalPiece("discard", payload.face)) this.discard(payload.face);
      else this.refused(`discard ${notation(this.kind, payload.face)}`);
    } else if (drawn && (where === "slot" || where === "rack")) {
      this.drawTo(payload.from === "take" ? "take" : "draw", where === "slot" ? Number(at) : null);
    } else this.game.drop(this, target, payload);
  }

  askHint() {
    this.error = null;
    this.link.request({ type: "hint" });
    this.changed();
  }

  dismissHint() {
    this.hint = null;
    this.changed();
  }

  /** Close the round end: a round's is gone; the match's stays, hidden, for `showRoundEnd`. */
  dismissRoundEnd() {
    this.roundEnd = this.view && this.view.over && this.roundEnd ? { ...this.roundEnd, hidden: true } : null;
    this.changed();
  }

  showRoundEnd() {
    if (this.roundEnd) this.roundEnd = { ...this.roundEnd, hidden: false };
    this.changed();
  }

  /** The round the table's head names: while the round end shows, the round that ended (the
   * next one is dealt behind it), else the view's. */
  shownRound() {
    const end = this.roundEnd;
    return end && !end.hidden && end.result ? end.result.round_no : this.view.observation.round;
  }
}
