// The end of a round (and of the match): the game's own head (its controller's `RoundEndHead`);
// first each seat's change and total and the seconds left of the break before the next round's
// play starts (on a phone on its side they are what shows before the body is scrolled); then why
// the scores changed, in words, the winner's melds as laid down (a joker or an okey with the card
// it stands for under it) and every hand the rules show; at a rated match's end, each player's
// rating and the change the match made to it. A modal dialog over the table, its totals the
// round's (the next round is dealt behind it and waits, out of reach, until Continue or the end of
// the break, when it closes itself, or until this seat's timed turn starts when there is no break:
// it never blocks a turn); at the match's end Close leaves the result to the table head's "The
// result" button. The dialog fits the window: its body scrolls inside it, the heading and the
// buttons stay in view.

import { html } from "./html.js";
import { useEffect, useRef } from "preact/hooks";
import { useTicker } from "./ticker.js";
import { t, signed, num, sentence, listText, nameText } from "./i18n.js";
import { Piece } from "./piece.js";
import { inOrder } from "./pieces.js";
import { MeldCards } from "./melds.js";
import { ratingText } from "./player.js";
import { rich } from "./runningtext.js";

function Pieces({ kind, faces, wilds }) {
  return html`<span class="meld" dir="ltr">
    ${faces.map((f, i) => html`<${Piece} key=${i} kind=${kind} face=${f} wild=${wilds.has(f)} small=${true} />`)}
  </span>`;
}

/** `end`: the model's roundEnd ({result, totals: the scores as the round left them,
 * closesAt: when the break ends, ms, or null}); `turnDue`: whether this seat's timed turn runs
 * now (the dialog closes then); `game` the game's controller (its own head of the round end, its own
 * words for some notes); `ratings` each seat's rating at a rated table ({rating, provisional,
 * change}: `change` once the match is over and rated), else null. */
export function RoundEnd({ end, view, kind, game, ctx, turnDue, canRematch, onRematch, onClose, ratings = null }) {
  const dialog = useRef(null);
  useEffect(() => {
    const box = dialog.current;
    if (box && !box.open) box.showModal();
    return () => box && box.open && box.close();
  }, []);
  const result = end.result;
  const over = view.over;
  const totals = end.totals;
  const wilds = new Set(result ? result.wilds : []);
  const names = totals.map((_, s) => ctx.seatName(s));
  const pause = end.closesAt && !over ? Math.ceil((end.closesAt - Date.now()) / 1000) : 0;
  const due = !over && ((end.closesAt !== null && pause <= 0) || turnDue);
  const rated = over && ratings && ratings.some((r) => r && r.change !== undefined);
  // every seat level at the end (a one-round match whose round was void): no one won
  const winners = over && view.outcome.winners.length < names.length ? view.outcome.winners : [];
  useTicker(pause > 0);
  useEffect(() => {
    if (due) onClose();
  }, [due]);
  const heading = useRef(null);
  const shown = result ? result.round_no : -1;
  useEffect(() => {
    if (heading.current) heading.current.focus({ preventScroll: false });
  }, [shown, over]);
  const cancel = (event) => {
    event.preventDefault();
    onClose();
  };
  return html`<dialog class="panel round-end" data-testid="round-end" aria-labelledby="round-end-title" ref=${dialog} onCancel=${cancel}>
    <h2 id="round-end-title" tabindex="-1" ref=${heading}>
      ${over ? t("round_end_match_over") : t("round_end_title", { round: result ? result.round_no : 0 })}
    </h2>
    <div class="round-end-body" tabindex="0" role="group" aria-labelledby="round-end-title">
    ${result && html`<${game.RoundEndHead} result=${result} names=${names} view=${view} />`}
    <table>
      <thead>
        <tr>
          <th scope="col">${t("round_end_player")}</th>
          <th scope="col">${t("round_end_change")}</th>
          <th scope="col">${t("round_end_total")}</th>
          ${rated && html`<th scope="col">${t("rating_heading")}</th>`}
        </tr>
      </thead>
      <tbody>
        ${names.map(
          (name, s) => html`<tr key=${s} class=${winners.includes(s) ? "winner" : ""}>
            <th scope="row"><bdi>${name}</bdi></th>
            <td>${result ? signed(result.deltas[s]) : ""}</td>
            <td>${num(totals[s])}</td>
            ${rated &&
            html`<td data-testid=${`rating-change-${s}`}>
              ${ratings[s] && ratingText(ratings[s])}${ratings[s] && ratings[s].change !== undefined ? html` <span class="rating-change">(${signed(ratings[s].change)})</span>` : null}
            </td>`}
          </tr>`,
        )}
      </tbody>
    </table>
    ${over &&
    html`<p data-testid="match-winners">
      ${winners.length ? t("round_end_winners", { names: listText(winners.map((s) => nameText(names[s]))) }) : t("round_end_no_winner")}
    </p>`}
    ${pause > 0 && html`<p data-testid="round-break">${t("round_end_break", { seconds: pause })}</p>`}
    ${result &&
    html`<div>
      ${result.notes.map((n, i) => html`<p key=${i}>${rich(game.roundNote(n, ctx) || sentence(n.code, n.params, ctx))}</p>`)}
      ${result.winner !== null &&
      result.finishing_discard !== null &&
      html`<p>
        ${t("round_end_finishing", { name: names[result.winner] })}${" "}<${Pieces} kind=${kind} faces=${[result.finishing_discard]} wilds=${wilds} />
      </p>`}
      ${result.laid.length > 0 &&
      html`<div class="laid">
        <h3>${t("round_end_laid", { name: names[result.winner] })}</h3>
        ${result.laid.map((m, i) => html`<${MeldCards} key=${i} kind=${kind} cards=${m.faces.map((f, j) => [f, m.stands_for[j]])} wilds=${wilds} />`)}
      </div>`}
      ${(result.hands || []).map((hand, s) =>
        hand && hand.length && (s !== result.winner || !result.laid.length)
          ? html`<div class="laid" key=${s}>
              <h3>${t("round_end_hand", { name: names[s] })}</h3>
              <${Pieces} kind=${kind} faces=${inOrder(hand)} wilds=${wilds} />
            </div>`
          : null,
      )}
    </div>`}
    </div>
    <div class="buttons">
      ${over && canRematch && html`<button type="button" class="primary" onClick=${onRematch}>${t("table_rematch")}</button>`}
      ${over && html`<a class="button" href=${`#/replay/${view.game}/0`} data-testid="round-end-replay">${t("round_end_replay")}</a>`}
      ${over && html`<a href=${view.record} download>${t("round_end_record")}</a>`}
      ${!over && html`<button type="button" class="primary" onClick=${onClose}>${t("round_end_continue")}</button>`}
      ${over && html`<button type="button" onClick=${onClose}>${t("round_end_close")}</button>`}
    </div>
  </dialog>`;
}
