// A table as this browser sees it, fed only by the protocol: the table message, the last view
// (observation, legal actions, events), the log, the rack's slots (kept and arranged by the server's
// seat session and remembered per table and seat), the score sheet, a hint, the round end to show.
// Views call its commands; it calls `onChange` after every change.

import { store } from "./store.js";
import { TableLink } from "./tablelink.js";
import { faceOf, notation } from "./pieces.js";
import { piecesOf } from "./variants.js";

export const RACK_ROWS = 2;
export const RACK_COLUMNS = 14;
const RACK_SLOTS = RACK_ROWS * RACK_COLUMNS;
const LOG_LIMIT = 300;
/** The refusals of a `rack` request (they carry no action id). */
const RACK_ERRORS = new Set(["bad_rack", "rack_no_position", "rack_empty_position", "not_started", "spectator", "unsupported"]);

/** The log lines of one version: its events and notices, then, when it starts a round (`newRound`,
 * and the match goes on), the round's line and Turkish Rummy's draws for the order of play. `item`
 * is a state message's {v, events, notices} with the observation's round and order_draws. */
function logLines(kind, item, newRound, over) {
  const lines = [...item.events, ...item.notices].map((e, i) => ({ ...e, key: `${item.v}-${i}` }));
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

export class TableModel {
  constructor(id, variants, onChange) {
    this.id = id;
    this.variants = variants;
    this.kind = "tiles";
    this.onChange = onChange;
    this.info = null;
    this.view = null;
    this.log = [];
    this.lastEvents = [];
    this.rack = null;
    this.rackQueue = [];
    this.rackBusy = false;
    this.placeAt = null;
    this.selected = null;
    this.selectedPiece = null;
    /** Kalooki: the selected rack slots (several cards make a meld), slot -> face. */
    this.chosen = new Map();
    /** Kalooki: the meld a card was dropped on when several moves fit there (its number), or null. */
    this.choosing = null;
    /** Carousel: the table card picked ({number, card}), the hand card picked (a face), the
     * choice a drop left open ({texts, chosen}: a joker's declared card); each null when none. */
    this.carouselPick = null;
    this.carouselHandPick = null;
    this.carouselChoice = null;
    /** Carousel: the last `carousel.melded` event's params with its `seat` (null before any). */
    this.carouselMeld = null;
    this.focusSlot = null;
    this.scores = [];
    this.hint = null;
    this.roundEnd = null;
    this.error = null;
    /** The seat this browser held here until the server refused its token ({seat}), or null. */
    this.lostSeat = null;
    this.status = "connecting";
    this.turnStart = null;
    this.link = null;
    this.connect();
  }

  /** (Re)connect with the seat this browser holds at the table now, or as a spectator. */
  connect() {
    if (this.link) this.link.close();
    const held = store.seat(this.id);
    this.seat = held ? held.seat : null;
    this.view = null;
    this.rack = null;
    this.rackQueue = [];
    this.rackBusy = false;
    this.link = new TableLink(this.id, this.seat, held ? held.token : null, {
      status: (status) => this.onStatus(status),
      table: (message) => this.onTable(message),
      view: (message) => this.onView(message),
      error: (message) => this.onError(message),
      rack: (message) => this.onRack(message),
      hint: (message) => this.onHint(message),
      scores: (message) => this.onScores(message),
    });
  }

  /** The token that may start, fill or rematch: the owner's, else the seat's. */
  token() {
    const held = store.seat(this.id);
    return store.owner(this.id) || (held ? held.token : null);
  }

  changed() {
    this.onChange();
  }

  close() {
    this.link.close();
  }

  // ------------------------------------------------------------------ protocol listener
  onStatus(status) {
    this.status = status;
    if (status === "open") {
      this.rackBusy = false;
      this.pumpRack();
    }
    this.changed();
  }

  onTable(message) {
    this.info = message;
    this.kind = piecesOf(this.variants, message.variant);
    this.changed();
  }

  onView(message) {
    const previous = this.view;
    const newGame = !previous || previous.game !== message.game;
    this.view = message;
    this.hint = null;
    if (newGame) {
      this.log = [];
      this.roundEnd = null;
      this.selected = null;
    }
    this.choosing = null;
    this.carouselPick = null;
    this.carouselHandPick = null;
    this.carouselChoice = null;
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
        round = item.round;
      });
    }
    const item = { v: message.v, events: message.events, notices: message.notices, round: obs.round, order_draws: obs.order_draws, order: obs.order };
    const entries = logLines(this.kind, item, round !== obs.round, message.over);
    this.log = [...this.log, ...earlier, ...entries].slice(-LOG_LIMIT);
    this.lastEvents = entries;
    // a turn's time runs from when this browser saw it start, after the break between rounds
    const pause = (message.break_left || 0) * 1000;
    const seconds = this.info && this.info.options.turn_seconds;
    if (typeof message.turn_left === "number" && seconds && obs.to_move !== null) {
      // a page that (re)joins mid-turn: the server says how long the turn has left
      this.turnStart = { seat: obs.to_move, at: Date.now() + (message.turn_left - seconds) * 1000 };
    } else if (newRound || pause || previous.observation.to_move !== obs.to_move) {
      this.turnStart = obs.to_move === null ? null : { seat: obs.to_move, at: Date.now() + pause };
    }
    if (newRound) this.carouselMeld = null;
    for (const event of message.events) {
      // Carousel: the last meld played (its seat and what it changed), shown on the table while
      // the draft is still the table that meld left
      if (event.code === "carousel.melded") this.carouselMeld = { seat: event.seat, ...event.params };
      if (event.params && event.params.result) {
        this.roundEnd = { result: event.params.result };
      }
    }
    if (message.over) this.roundEnd = this.roundEnd || { result: obs.last_result };
    if (message.type === "sync" || message.events.some((e) => e.params && e.params.result)) {
      this.link.request({ type: "scores" });
    }
    // Carousel's hand is shown as the server sorts it: no rack to keep
    if (this.seat !== null && !this.carousel()) this.syncRack(newGame);
    this.changed();
  }

  onError(message) {
    if (message.code === "bad_token" && message.id === undefined && this.seat !== null) {
      // the key this browser kept for the seat is not the seat's any more: watch, and say so
      this.lostSeat = { seat: this.seat };
      store.forgetSeat(this.id);
      this.connect();
      this.changed();
      return;
    }
    this.error = { code: message.code, params: message.params };
    if (message.id === undefined && this.rackBusy && RACK_ERRORS.has(message.code)) {
      this.rackBusy = false;
      this.rackQueue = [];
    }
    this.changed();
  }

  onRack(message) {
    if (message.elsewhere) {
      this.onRackElsewhere(message);
      return;
    }
    this.rackBusy = false;
    if (!this.view || message.game !== this.view.game) {
      this.pumpRack();
      return;
    }
    this.rack = { round: message.round, slots: message.slots, groups: message.groups };
    store.setRack(this.id, this.seat, { game: message.game, round: message.round, slots: message.slots });
    if (!this.rackQueue.length) {
      // every queued move is in: the selection and the focus follow the piece, or end
      if (this.selected !== null && message.slots[this.selected] !== this.selectedPiece) this.selected = null;
      for (const [slot, face] of this.chosen) if (message.slots[slot] !== face) this.chosen.delete(slot);
      if (this.focusSlot !== null && message.slots[this.focusSlot] === null) this.focusSlot = null;
    }
    if (this.placeAt !== null && message.arrived.length === 1) {
      const slot = message.slots.indexOf(message.arrived[0]);
      if (slot !== -1 && slot !== this.placeAt) this.rackQueue.push({ move: [slot, this.placeAt] });
      this.placeAt = null;
    }
    if (!sameFaces(this.rackFaces(), this.view.observation.hand)) this.rackQueue.push({});
    this.pumpRack();
    this.changed();
  }

  /** The seat's rack as another connection of the seat (another tab) arranged it: shown and kept
   * unless a rack message of this page is on its way (its answer comes later and wins). */
  onRackElsewhere(message) {
    if (this.rackBusy || this.rackQueue.length || !this.view || message.game !== this.view.game) return;
    this.rack = { round: message.round, slots: message.slots, groups: message.groups };
    store.setRack(this.id, this.seat, { game: message.game, round: message.round, slots: message.slots });
    if (this.selected !== null && message.slots[this.selected] !== this.selectedPiece) this.selected = null;
    this.changed();
  }

  onHint(message) {
    this.hint = message.hint;
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

  syncRack(newGame) {
    if (!this.rack || newGame) {
      const kept = store.rack(this.id, this.seat);
      const fits = kept && this.view && kept.game === this.view.game && Array.isArray(kept.slots) && kept.slots.length === RACK_SLOTS;
      this.rack = fits ? { round: kept.round, slots: kept.slots, groups: [] } : null;
      this.rackQueue = [{}];
    } else if (!sameFaces(this.rackFaces(), this.view.observation.hand) || this.rack.round !== this.view.observation.round) {
      this.rackQueue.push({});
    }
    this.pumpRack();
  }

  pumpRack() {
    if (this.rackBusy || !this.rackQueue.length || !this.view || this.seat === null) return;
    const item = this.rackQueue.shift();
    const slots = this.rack ? this.rack.slots : Array(RACK_SLOTS).fill(null);
    const round = this.rack ? this.rack.round : null;
    if (this.link.request({ type: "rack", slots, rows: RACK_ROWS, round, ...item })) this.rackBusy = true;
    else this.rackQueue.unshift(item);
  }

  /** Arrange the rack: "runs", "sets", "pairs", "suit" or "rank" (the server's seat session). */
  arrange(by) {
    this.selected = null;
    this.rackQueue.push({ by });
    this.pumpRack();
  }

  /** Move the piece in slot `source` to slot `target`. */
  move(source, target) {
    if (source === target) return;
    if (this.chosen.has(source)) {
      this.chosen.delete(source);
      this.chosen.set(target, this.rack.slots[source]);
    }
    if (this.selected === source) {
      this.selected = target;
      this.focusSlot = target;
    } else this.selected = null;
    this.rackQueue.push({ move: [source, target] });
    this.pumpRack();
  }

  /** Select the piece in `slot`, or unselect it. In Kalooki several cards may be selected (a meld
   * to lay, the cards of a release): each press adds or takes away one. */
  select(slot) {
    if (this.kalooki()) {
      if (this.chosen.has(slot)) this.chosen.delete(slot);
      else this.chosen.set(slot, this.rack.slots[slot]);
      this.choosing = null;
    }
    this.selected = this.selected === slot ? null : slot;
    if (this.kalooki() && this.selected === null && this.chosen.size) this.selected = [...this.chosen.keys()].pop();
    this.selectedPiece = this.selected === null ? null : this.rack.slots[this.selected];
    this.changed();
  }

  /** Whether the piece in `slot` is selected. */
  isSelected(slot) {
    return this.kalooki() ? this.chosen.has(slot) : this.selected === slot;
  }

  /** The faces of the selected pieces (Kalooki's several; else the one or none). */
  selectedFaces() {
    if (this.kalooki()) return [...this.chosen.values()];
    const face = this.selectedFace();
    return face === null ? [] : [face];
  }

  kalooki() {
    return this.info !== null && this.info.variant === "kalooki";
  }

  carousel() {
    return this.info !== null && this.info.variant === "carousel";
  }

  /** Carousel: pick (or unpick) table card `card` (its text) of draft meld `number`. */
  pickTableCard(number, card) {
    const same = this.carouselPick && this.carouselPick.number === number && this.carouselPick.card === card;
    this.carouselPick = same ? null : { number, card };
    this.carouselHandPick = null;
    this.carouselChoice = null;
    this.changed();
  }

  /** Carousel: pick (or unpick) hand card `face`. */
  pickHandCard(face) {
    this.carouselHandPick = this.carouselHandPick === face ? null : face;
    this.carouselPick = null;
    this.carouselChoice = null;
    this.changed();
  }

  /** Carousel: the legal texts a drop (or a target button) of `payload` on `target` may mean
   * (`carouselDrop`): one is played, several are offered to choose from (a joker's card), none
   * says so. */
  carouselDropped(target, payload, texts) {
    if (texts.length === 1) this.playCarousel(texts[0]);
    else if (texts.length > 1) {
      this.carouselChoice = { texts, chosen: texts[0] };
      this.carouselPick = null;
      this.changed();
    } else this.notice("carousel_ui_no_fit");
  }

  /** Play a Carousel action (a legal text); the picks and choices end. */
  playCarousel(text) {
    this.cancelCarousel();
    this.act(text);
  }

  cancelCarousel() {
    this.carouselPick = null;
    this.carouselHandPick = null;
    this.carouselChoice = null;
    this.changed();
  }

  clearSelection() {
    this.selected = null;
    this.selectedPiece = null;
    this.chosen = new Map();
    this.choosing = null;
  }

  /** Move the selected piece by `columns` along its row and `rows` rows. */
  moveSelected(columns, rows) {
    if (this.selected === null) return;
    const row = Math.floor(this.selected / RACK_COLUMNS) + rows;
    const column = (this.selected % RACK_COLUMNS) + columns;
    if (row < 0 || row >= RACK_ROWS || column < 0 || column >= RACK_COLUMNS) return;
    this.move(this.selected, row * RACK_COLUMNS + column);
    this.changed();
  }

  selectedFace() {
    if (this.kalooki()) return this.chosen.size === 1 ? [...this.chosen.values()][0] : null;
    return this.rack && this.selected !== null ? this.rack.slots[this.selected] : null;
  }

  // ------------------------------------------------------------------ actions
  /** The legal actions by verb: {draw, take, pass: text | null, show: [texts], discard, finish:
   * Map(face -> text)}. */
  legal() {
    const out = { draw: null, take: null, pass: null, show: [], discard: new Map(), finish: new Map() };
    for (const { text } of this.view ? this.view.legal : []) {
      const [verb, piece] = text.split(" ");
      if (verb === "discard" || verb === "finish") out[verb].set(faceOf(this.kind, piece), text);
      else if (verb === "show") out.show.push(text);
      else if (verb in out) out[verb] = text;
    }
    return out;
  }

  /** Kalooki's legal actions as the server lists them, by verb: {draw, take, retract: text |
   * null, discard: Map(face -> text), melds: [{text, cards, faces, opening}], layoffs: [{text,
   * number, card, face}], releases: [{text, number, cards, faces}]}: `cards` as written (`JK[7H]`),
   * `faces` the pieces they take from the hand (sorted), `opening` the server's opening total
   * with the meld (undefined once the seat has opened). */
  kalookiLegal() {
    const out = { draw: null, take: null, retract: null, discard: new Map(), melds: [], layoffs: [], releases: [] };
    const faceOfCard = (card) => faceOf(this.kind, card.replace(/\[.*\]$/, ""));
    for (const entry of this.view ? this.view.legal : []) {
      const [verb, ...rest] = entry.text.split(" ");
      if (verb === "draw" || verb === "take" || verb === "retract") out[verb] = entry.text;
      else if (verb === "discard") out.discard.set(faceOf(this.kind, rest[0]), entry.text);
      else if (verb === "meld") {
        const faces = rest.map(faceOfCard).sort((a, b) => a - b);
        out.melds.push({ text: entry.text, cards: rest, faces, opening: entry.opening });
      } else if (verb === "layoff") {
        out.layoffs.push({ text: entry.text, number: Number(rest[0]), card: rest[1], face: faceOfCard(rest[1]) });
      } else if (verb === "release") {
        const cards = rest.slice(1);
        out.releases.push({ text: entry.text, number: Number(rest[0]), cards, faces: cards.map(faceOfCard).sort((a, b) => a - b) });
      }
    }
    return out;
  }

  /** Kalooki: the legal moves for the selected cards: the melds they make (exactly those cards),
   * the lay-offs of a single selected card, the releases made with selected cards; only onto
   * meld `number` when given. */
  kalookiMoves(number = null) {
    const legal = this.kalookiLegal();
    const chosen = this.selectedFaces().sort((a, b) => a - b);
    const same = (faces) => faces.length === chosen.length && faces.every((f, i) => f === chosen[i]);
    const within = (faces) => {
      const left = [...chosen];
      return faces.every((f) => {
        const at = left.indexOf(f);
        if (at === -1) return false;
        left.splice(at, 1);
        return true;
      });
    };
    const on = (move) => number === null || move.number === number;
    return {
      melds: number === null && chosen.length >= 3 ? legal.melds.filter((m) => same(m.faces)) : [],
      layoffs: chosen.length === 1 ? legal.layoffs.filter((m) => m.face === chosen[0] && on(m)) : [],
      releases: chosen.length ? legal.releases.filter((m) => within(m.faces) && on(m)) : [],
    };
  }

  /** Kalooki: a card dragged from `slot` onto table meld `number`: the one legal lay-off or
   * release of it (with the other selected cards, for a set's two missing suits) is played;
   * several (a joker at either end of a run) are offered to choose from; none says so. */
  dropOnMeld(slot, number) {
    if (!this.chosen.has(slot)) this.chosen = new Map([[slot, this.rack.slots[slot]]]);
    const moves = this.kalookiMoves(number);
    const all = [...moves.layoffs, ...moves.releases];
    if (all.length === 1) this.playMove(all[0].text);
    else if (all.length > 1) {
      this.choosing = number;
      this.changed();
    } else this.notice("ui_kalooki_no_fit", { piece: this.rack.slots[slot], number });
  }

  /** Play a Kalooki move (a legal text) made from the selection, which then ends. */
  playMove(text) {
    this.clearSelection();
    this.act(text);
  }

  /** Show a message of the page's own (a UI string key) where errors go. */
  notice(code, params = {}) {
    this.error = { code, params };
    this.changed();
  }

  act(text) {
    this.error = null;
    this.link.act(text);
    this.changed();
  }

  discard(face) {
    const text = this.kalooki() ? this.kalookiLegal().discard.get(face) : this.legal().discard.get(face);
    if (text) {
      this.clearSelection();
      this.act(text);
    }
  }

  /** Finish with the piece in `slot`: with the rack's own groups when they hold every other piece
   * (the server validates them), else the engine arranges the rest. */
  finish(slot) {
    const face = this.rack.slots[slot];
    const text = this.legal().finish.get(face);
    if (!text) return;
    const grouped = this.rack.groups.filter(([a, b]) => slot < a || slot >= b);
    const covered = grouped.reduce((n, [a, b]) => n + b - a, 0);
    const others = this.rackFaces().length - 1;
    const melds = grouped.map(([a, b]) => this.rack.slots.slice(a, b).map((f) => notation(this.kind, f)).join(" "));
    this.selected = null;
    this.act(covered === others && melds.length ? `${text} : ${melds.join(" | ")}` : text);
  }

  /** Draw or take, and put the new piece in slot `target` (null: where the rack puts it). */
  drawTo(verb, target) {
    const text = this.kalooki() ? this.kalookiLegal()[verb] : this.legal()[verb];
    if (!text) return;
    this.placeAt = target;
    this.act(text);
  }

  askHint() {
    this.link.request({ type: "hint" });
  }

  /** The pieces the hint suggests: {rack: faces to play from the rack, take: whether it says to
   * take the previous player's discard, draw: whether it says to draw}. */
  hinted() {
    const out = { rack: new Set(), take: false, draw: false };
    const hint = this.hint;
    if (!hint) return out;
    if (hint.move === "kalooki") {
      // the greedy bot's move, from its parts as the server lists them: the cards it plays from
      // the hand (a joker's declaration dropped), or the pile to take from
      const p = hint.params;
      const cards = p.melds ? p.melds.flat() : p.cards || (hint.verb === "discard" ? [p.card] : []);
      for (const card of cards) out.rack.add(faceOf(this.kind, card.replace(/\[.*\]$/, "")));
      out.take = hint.verb === "take";
      out.draw = hint.verb === "draw";
      return out;
    }
    if (hint.move === "discard" || hint.move === "finish") out.rack.add(faceOf(this.kind, hint.piece));
    if (hint.move === "take_to_finish") for (const p of hint.finishes || []) out.rack.add(faceOf(this.kind, p));
    if (hint.show) out.rack.add(faceOf(this.kind, hint.show));
    out.take = hint.move === "take" || hint.move === "take_to_finish";
    out.draw = hint.move === "draw";
    return out;
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
}
