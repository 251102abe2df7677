// What every game's board is made of (the games' controllers, games/<game>.js, put them
// together): where each seat sits, a seat's panel, the own seat's head with the hint or the last
// refusal (in a space of their own: nothing moves when they come and go), the stock, the game's
// own group beside it, a discard pile, the rack's tools (arranging buttons, then the actions).

import { html } from "./html.js";
import { rich } from "./runningtext.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, num, sentence } from "./i18n.js";
import { Piece } from "./piece.js";
import { startDrag } from "./drag.js";
import { store } from "./store.js";
import { useTicker, turnClock } from "./ticker.js";
import { PlayerName } from "./player.js";
import { BotTag } from "./seats.js";

/** The sides of the other seats in the order they play after `me`, counter-clockwise. */
const SIDES = { 2: ["top"], 3: ["right", "left"], 4: ["right", "top", "left"] };

/** Where each seat sits, seen from `me` (the bottom), the same in every language (the table is
 * not mirrored in a right-to-left page, only its text): play counter-clockwise (`direction`
 * "ccw", Okey's tradition, and every game without the option) puts the next player on the right,
 * the one after at the top, the last on the left; clockwise ("cw") the other way round. */
export function places(order, me, direction) {
  const at = order.indexOf(me);
  const sides = SIDES[order.length] || [];
  const mirror = { right: "left", left: "right" };
  const out = new Map();
  order.forEach((seat, i) => {
    const k = (i - at + order.length) % order.length;
    const side = k === 0 ? "bottom" : sides[k - 1];
    out.set(seat, direction === "cw" ? mirror[side] || side : side);
  });
  return out;
}

/** Seat `seat`'s panel on side `side`: its name (`ctx.seatLabel`; an account's a link to its
 * profile, with its rating at a rated table) and tags, the pieces it holds (`count`, by
 * default the observation's), `children` (the game's own: a pile, a tag). A group named by its
 * name, for screen readers. */
export function SeatPanel({ model, seat, side, ctx, count, children }) {
  const obs = model.view.observation;
  const info = model.info.seats[seat];
  const classes = ["seat", `side-${side}`, obs.to_move === seat ? "to-move" : "", model.lastEvents.some((e) => e.seat === seat) ? "acted" : ""];
  const label = ctx.seatLabel(seat);
  return html`<div class=${classes.join(" ")} data-testid=${`seat-${seat}`} role="group" aria-label=${label.text}>
    <div class="seat-name">
      <${PlayerName} name=${label.name} before=${label.before} after=${label.after} account=${info && info.account} rating=${info && info.rating} testid=${`seat-name-${seat}`} />
      ${seat === model.seat ? html` <span class="you">${t("seat_you")}</span>` : null}
      <${BotTag} player=${info} />
      ${info && info.standing_in ? html` <span class="tag standing-in">${t("seat_standing_in")}</span>` : null}
      ${info && info.kind === "person" && !info.connected && !info.standing_in ? html` <span class="tag">${t("seat_away")}</span>` : null}
    </div>
    <div class="seat-count">${t("seat_pieces", { n: count ?? obs.hand_counts[seat] })}</div>
    ${obs.to_move === seat && html`<${TurnClock} model=${model} />`}
    ${children}
  </div>`;
}

/** The turn timer on the panel of the seat to move, for everyone at the table: a bar that
 * empties as the server's time runs out (`turnClock`), urgent in its last seconds; its accessible
 * value the seconds left, as the table head's timer says them. Nothing while no timer runs. */
function TurnClock({ model }) {
  const clock = turnClock(model);
  useTicker(clock !== null);
  if (!clock) return null;
  const label = t("turn_timer", { seconds: clock.seconds });
  return html`<div
    class=${`turn-clock ${clock.urgent ? "urgent" : ""}`}
    data-testid="turn-clock"
    data-seconds=${clock.seconds}
    role="progressbar"
    aria-label=${t("turn_clock_label")}
    aria-valuemin="0"
    aria-valuemax=${clock.total}
    aria-valuenow=${clock.seconds}
    aria-valuetext=${label}
  >
    <span class="turn-clock-fill" style=${`transform: scaleX(${clock.fraction.toFixed(3)})`}></span>
  </div>`;
}

/** The own seat's panel and, beside it, the last refusal or else the open hint (the game's Hint):
 * the same in every game's table. */
export function MeHead({ model, ctx, seated, seatPanel }) {
  const Hint = model.game.Hint;
  const note = useRef(null);
  const hintShown = Boolean(model.hint && !model.error);
  useEffect(() => {
    // the hint lies under the rack or over the melds (style.css, "the hint's place"): brought
    // into view, clear of the action bar (the page's scroll padding), when it opens
    if (hintShown && note.current) note.current.scrollIntoView({ block: "nearest" });
  }, [hintShown]);
  return html`<div class="me-head">
    ${seatPanel}
    ${seated &&
    html`<div class="me-note" ref=${note}>
      ${model.error && html`<p class="error" role="alert" data-testid="error">${rich(sentence(model.error.code, model.error.params, ctx))}</p>`}
      ${model.hint && !model.error && html`<${Hint} model=${model} hint=${model.hint} ctx=${ctx} onClose=${() => model.dismissHint()} />`}
    </div>`}
  </div>`;
}

/** The stock: its count; click it to draw when the server lists a draw, or (a game with a rack)
 * drag it onto the rack; marked when the hint says to draw. `drop`: its drop target, if any. A
 * group named by its count. */
export function Stock({ model, onDrop, drop }) {
  const obs = model.view.observation;
  const canDraw = model.first("draw") !== null;
  const hinted = canDraw && model.hinted().draw;
  const drag = canDraw && model.game.rack;
  const count = t("stock_label", { n: obs.stock_count });
  return html`<div
    class=${`stock ${canDraw ? "can-draw" : ""} ${hinted ? "hinted" : ""}`}
    data-testid="stock"
    role="group"
    aria-label=${count}
    data-drop=${drop}
    title=${count}
    onClick=${canDraw ? model.pressed(() => model.drawTo("draw", null)) : undefined}
    onPointerDown=${drag ? (e) => startDrag(e, e.currentTarget, { from: "stock" }, onDrop) : undefined}
  >
    <span class="stock-face" aria-hidden="true"></span>
    <span class="count">${count}</span>
  </div>`;
}

/** The game's own group beside the stock (Okey's indicator, Turkish Rummy's up card): labelled
 * `label`, holding `children`. */
export function Aside({ label, children }) {
  return html`<div class="indicator" data-testid="indicator" role="group" aria-label=${label}>
    <span class="label">${label}</span>
    ${children}
  </div>`;
}

/** A discard pile (`faces`, bottom first): the last `history` discards under its top, the top
 * taken with a click or a drag when `canTake`, its count (also `data-count`, read by motion.js); `testid` its test id, `label` its name,
 * `drop` its drop target, `className` more classes, `owner` its seat, `fresh` whether the top
 * was just discarded, `hinted` whether the hint says to take it, `wilds` the wild faces;
 * `children` follow (the whole pile). */
export function Pile(props) {
  const { model, faces, history, canTake, wilds, onDrop, children } = props;
  const top = faces.length ? faces[faces.length - 1] : null;
  const older = faces.slice(0, -1).slice(-history);
  const classes = ["pile", props.className || "", canTake ? "can-take" : "", canTake && props.hinted ? "hinted" : ""];
  return html`<div
    class=${classes.join(" ")}
    role="region"
    aria-label=${props.label}
    data-testid=${props.testid}
    data-owner=${props.owner}
    data-drop=${props.drop}
    data-count=${faces.length}
  >
    <div class="pile-history" dir="ltr">
      ${older.map((f, i) => html`<${Piece} key=${i} kind=${model.kind} face=${f} wild=${wilds.has(f)} small=${true} />`)}
    </div>
    <div class="pile-top">
      ${top === null
        ? html`<span class="empty-pile" aria-hidden="true"></span>`
        : html`<${Piece}
            kind=${model.kind}
            face=${top}
            wild=${wilds.has(top)}
            fresh=${props.fresh}
            disabled=${canTake && !model.ready()}
            onClick=${canTake ? model.pressed(() => model.drawTo("take", null)) : undefined}
            onPointerDown=${canTake ? (e) => startDrag(e, e.currentTarget, { from: "take" }, onDrop) : undefined}
          />`}
      <span class="count">${num(faces.length)}</span>
    </div>
    ${children}
  </div>`;
}

/** The ways to arrange the rack: a button for each (the controller's `arrange`: "runs", "sets",
 * "pairs", "suit"; `onArranged` called after one is pressed), then the player's setting that
 * arranges each deal the first way (remembered in localStorage). */
function ArrangeChoices({ model, onArranged = () => {} }) {
  const label = (by) => (by === "suit" && model.kind === "cards" ? "arrange_suits" : `arrange_${by}`);
  const [onDeal, setOnDeal] = useState(store.autoArrange());
  const toggle = (on) => {
    store.setAutoArrange(on);
    setOnDeal(on);
  };
  const arrange = (by) => () => {
    model.arrange(by);
    onArranged();
  };
  return html`${model.game.arrange.map((by) => html`<button type="button" key=${by} onClick=${arrange(by)}>${t(label(by))}</button>`)}
    <label class="check on-deal">
      <input type="checkbox" data-testid="arrange-on-deal" checked=${onDeal} onChange=${(e) => toggle(e.currentTarget.checked)} />
      ${t("arrange_on_deal", { way: t(label(model.game.arrange[0])) })}
    </label>`;
}

/** Below the rack: the ways to arrange it in a row (ArrangeChoices), then `children` (the
 * actions). */
export function RackTools({ model, children }) {
  return html`<div class="rack-tools">
    <div role="group" aria-label=${t("arrange_label")} class="arrange">
      <span class="label">${t("arrange_label")}</span>
      <${ArrangeChoices} model=${model} />
    </div>
    ${children}
  </div>`;
}

/** The ways to arrange the rack folded behind one button (`arrange-menu`, a disclosure: the
 * choices, `arrange-choices`, open above it), for a table with no row to spare for them (101
 * Okey's, whose button stands in the action bar). A choice made, Escape or a press outside folds
 * them. */
export function ArrangeMenu({ model }) {
  const [open, setOpen] = useState(false);
  const box = useRef(null);
  const button = useRef(null);
  const fold = () => setOpen(false);
  useEffect(() => {
    if (!open) return undefined;
    const away = (event) => {
      if (!box.current.contains(event.target)) fold();
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);
  const key = (event) => {
    if (event.key !== "Escape" || !open) return;
    fold();
    button.current.focus();
  };
  return html`<div class="arrange-menu" ref=${box} onKeyDown=${key}>
    <button type="button" ref=${button} data-testid="arrange-menu" aria-expanded=${String(open)} aria-controls="arrange-choices" onClick=${() => setOpen(!open)}>
      ${t("arrange_label")} <span aria-hidden="true">${open ? "\u25BE" : "\u25B4"}</span>
    </button>
    <div role="group" id="arrange-choices" aria-label=${t("arrange_label")} class="arrange arrange-choices" data-testid="arrange-choices" hidden=${!open}>
      <${ArrangeChoices} model=${model} onArranged=${fold} />
    </div>
  </div>`;
}
