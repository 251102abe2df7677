// Another seat's move in motion, read from the board's test ids before and after the new view is
// drawn (`capture`, `land`): pieces that arrived in a pile, a meld or the indicator fly from where
// they left the table, else from the mover's seat; pieces that left fly to the seat; a draw from
// the stock. A flight is a copy over the page (`data-testid="flying"`, `data-from`, `data-to`),
// ended by a press, a key or the next view (`skip`); none under reduced motion or the setting off.

import { prefOn } from "./settings.js";

/** A flight's length, ms. */
export const DURATION = 320;
const MOST = 8;
const PILE = /^discard-\d+$/;
const TABLE = /^(meld-\d+|indicator)$/;
const ENDS = /^(seat-\d+|stock)$/;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
const running = new Set();

/** Whether moves are animated: the setting on and no reduced motion asked for. */
export const motionOn = () => prefOn("motion") && !reduced.matches;

/** End every flight now. */
export function skip() {
  for (const animation of [...running]) animation.finish();
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, skip, { capture: true });

const pieceAt = (element, copy) => ({ face: element.dataset.piece, element, rect: element.getBoundingClientRect(), copy: copy && element.cloneNode(true) });

/** The places under `root` by test id (not in a dialog): their `rect`; a pile's, meld's or the
 * indicator's `pieces` ({face, element, rect, copy}: a pile's top one, and its `count`); `copy`:
 * keep a copy of each piece (a page about to change). */
export function capture(root, copy = false) {
  const places = new Map();
  for (const element of root ? root.querySelectorAll("[data-testid]") : []) {
    const id = element.dataset.testid;
    if (element.closest("dialog") || !(PILE.test(id) || TABLE.test(id) || ENDS.test(id))) continue;
    const place = { rect: element.getBoundingClientRect(), pieces: null, count: null };
    if (PILE.test(id)) {
      place.pieces = [...element.querySelectorAll(".pile-top [data-piece]")].map((e) => pieceAt(e, copy));
      place.count = Number(element.dataset.count);
    } else if (TABLE.test(id)) place.pieces = [...element.querySelectorAll("[data-piece]")].map((e) => pieceAt(e, copy));
    places.set(id, place);
  }
  return places;
}

/** Remove from `list` and return its first item that passes `test`, or null. */
function take(list, test) {
  const at = list.findIndex(test);
  return at === -1 ? null : list.splice(at, 1)[0];
}

/** The pieces of `a` not in `b` (each copy counted), tagged with place `id`. */
function minus(a, b, id) {
  const rest = [...b];
  return a.filter((p) => !take(rest, (q) => q.face === p.face)).map((p) => ({ ...p, place: id }));
}

/** {arrived, left}: the pieces that came onto and went off the table from `before` to `after`. */
function moved(before, after) {
  const arrived = [];
  const left = [];
  for (const [id, was] of before) if (was.pieces && !after.has(id)) left.push(...minus(was.pieces, [], id));
  for (const [id, now] of after) {
    const was = before.get(id) || { pieces: [], count: null };
    if (!now.pieces) continue;
    if (now.count === null || was.count === null) {
      arrived.push(...minus(now.pieces, was.pieces, id));
      left.push(...minus(was.pieces, now.pieces, id));
    } else if (now.count > was.count) arrived.push(...minus(now.pieces, [], id));
    else if (now.count < was.count) left.push(...minus(was.pieces, [], id));
  }
  return { arrived, left };
}

function layer() {
  let element = document.getElementById("flights");
  if (!element) {
    element = Object.assign(document.createElement("div"), { id: "flights", className: "flights" });
    element.setAttribute("aria-hidden", "true");
    document.body.append(element);
  }
  return element;
}

function track(animation, done) {
  running.add(animation);
  animation.onfinish = animation.oncancel = () => {
    running.delete(animation);
    if (done) done();
  };
}

/** Fly `look` (an element) of `size` from rect `from` (test id `fromId`) to `to` (`toId`);
 * `landing`, the piece it lands on, hidden until then; else it fades. */
function fly(look, size, from, fromId, to, toId, landing) {
  const box = Object.assign(document.createElement("span"), { className: "flight" });
  Object.assign(box.dataset, { testid: "flying", from: fromId, to: toId });
  const x = to.left + to.width / 2;
  const y = to.top + to.height / 2;
  const dx = from.left + from.width / 2 - x;
  const dy = from.top + from.height / 2 - y;
  Object.assign(box.style, { left: `${x - size.width / 2}px`, top: `${y - size.height / 2}px`, width: `${size.width}px`, height: `${size.height}px` });
  look.style.setProperty("--tile-w", `${size.width}px`);
  box.append(look);
  layer().append(box);
  const frames = [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none", opacity: landing ? 1 : 0.3 }];
  track(box.animate(frames, { duration: DURATION, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" }), () => box.remove());
  if (landing) track(landing.animate({ opacity: [0, 0] }, DURATION));
}

/** A piece's look without its button, name, test id or marks. */
function copyOf(element) {
  const look = Object.assign(document.createElement("span"), { className: element.className, innerHTML: element.innerHTML });
  look.classList.remove("fresh", "hinted", "selected");
  look.dataset.face = element.dataset.piece;
  return look;
}

/** Fly what seat `mover`'s action (`verb`) changed from `before` (with copies) to the page under
 * `root` now; the number of flights. */
export function land(root, before, mover, verb) {
  skip();
  const after = capture(root);
  const seat = `seat-${mover}`;
  const home = (after.get(seat) || before.get(seat) || {}).rect;
  const stock = after.get("stock");
  if (!home) return 0;
  let flights = 0;
  if (verb === "draw" && stock) {
    const size = { width: Math.min(stock.rect.width, 48), height: Math.min(stock.rect.height, 64) };
    fly(Object.assign(document.createElement("span"), { className: "flight-back" }), size, stock.rect, "stock", home, seat, null);
    flights += 1;
  }
  const { arrived, left } = moved(before, after);
  for (const piece of arrived.slice(0, MOST - flights)) {
    const from = take(left, (p) => p.face === piece.face && p.place !== piece.place);
    fly(copyOf(piece.element), piece.rect, from ? from.rect : home, from ? from.place : seat, piece.rect, piece.place, piece.element);
    flights += 1;
  }
  for (const piece of left.slice(0, MOST - flights)) fly(copyOf(piece.copy), piece.rect, piece.rect, piece.place, home, seat, null);
  return flights + Math.min(left.length, MOST - flights);
}
