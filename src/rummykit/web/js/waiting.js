// A table before its match (and between matches): the seats, an invite link for each open one,
// taking a seat, filling the open seats with bots, starting.

import { html } from "./html.js";
import { useState } from "preact/hooks";
import { t } from "./i18n.js";
import { TableOptionTags } from "./tableoptions.js";
import { PlayerName } from "./player.js";
import { seatName, seatNumber, inviteHref, BotTag } from "./seats.js";

function inviteUrl(table, seat) {
  return `${location.origin}${location.pathname}${inviteHref(table, seat)}`;
}

function Invite({ table, seat }) {
  const [copied, setCopied] = useState(false);
  const url = inviteUrl(table, seat);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return html`<span class="invite">
    <input type="text" readonly value=${url} aria-label=${t("waiting_invite", { n: seatNumber(seat) })} data-testid=${`invite-${seat}`} onFocus=${(e) => e.currentTarget.select()} />
    <button type="button" onClick=${copy}>${copied ? t("waiting_copied") : t("waiting_copy")}</button>
  </span>`;
}

export function Waiting({ model, invited, ctx, run }) {
  const info = model.info;
  const manages = model.manages();
  const open = info.seats.filter((s) => s.kind === "open");
  return html`<section class="panel waiting" data-testid="waiting" aria-labelledby="waiting-title">
    <h2 id="waiting-title">${t("waiting_title", { game: t(`game_${info.variant}`) })}</h2>
    <${TableOptionTags} options=${info.options} kind=${model.kind} testid="table-options" />
    <ol class="seats">
      ${info.seats.map(
        (s) => html`<li key=${s.seat} class=${invited === s.seat ? "invited" : ""} data-testid=${`waiting-seat-${s.seat}`}>
          <span class="seat-no">${seatName(s.seat)}</span>
          ${s.kind === "open"
            ? html`<span class="open">${t("waiting_open")}</span>
                ${model.seat === null &&
                html`<button type="button" class=${invited === s.seat ? "primary" : ""} onClick=${() => run("join", s.seat)}>
                  ${t("waiting_sit")}
                </button>`}
                ${manages && html`<${Invite} table=${info.table} seat=${s.seat} />`}`
            : html`<${PlayerName} name=${ctx.seatName(s.seat)} account=${s.account} rating=${s.rating} testid=${`waiting-name-${s.seat}`} />
                <${BotTag} player=${s} />
                ${s.seat === model.seat
                  ? html` <span class="you">${t("seat_you")}</span>
                      <button type="button" onClick=${() => run("leave", s.seat)}>${t("waiting_leave")}</button>`
                  : null}`}
        </li>`,
      )}
    </ol>
    ${manages &&
    html`<div class="buttons">
      ${open.length > 0 && html`<button type="button" onClick=${() => run("fill")}>${t("waiting_fill")}</button>`}
      <button type="button" class="primary" disabled=${open.length > 0} aria-describedby=${open.length > 0 ? "start-why" : undefined} onClick=${() => run("start")}>
        ${t("waiting_start")}
      </button>
    </div>`}
    ${manages && open.length > 0 && html`<p class="help" id="start-why" data-testid="start-why">${t("waiting_start_needs", { n: open.length })}</p>`}
    ${!manages && model.seat === null && open.length === 0 && html`<p>${t("waiting_full")}</p>`}
  </section>`;
}
