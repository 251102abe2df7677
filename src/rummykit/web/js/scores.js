// The score sheet: each finished round's change per seat (in Kalooki the hand values scored), and
// the totals now; in an elimination match the limit and who is out (the server's `active`).

import { html } from "./html.js";
import { t, signed, num } from "./i18n.js";

export function Scores({ rounds, totals, names, elimination = null }) {
  return html`<section class="panel scores" data-testid="scores" aria-labelledby="scores-title">
    <h2 id="scores-title">${t("scores_title")}</h2>
    <div class="sheet">
      <table>
        <thead>
          <tr>
            <th scope="col">${t("scores_round")}</th>
            ${names.map((name, s) => html`<th scope="col" key=${s}><bdi>${name}</bdi></th>`)}
          </tr>
        </thead>
        <tbody>
          ${rounds.map(
            (r) => html`<tr key=${r.round}>
              <th scope="row">${num(r.round)}</th>
              ${r.deltas.map((d, s) => html`<td key=${s} class=${r.winner === s ? "winner" : ""}>${signed(d)}</td>`)}
            </tr>`,
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">${t("scores_total")}</th>
            ${totals.map((v, s) => html`<td key=${s}>${num(v)}</td>`)}
          </tr>
          ${elimination &&
          html`<tr data-testid="standings">
            <th scope="row">${t("scores_standing")}</th>
            ${totals.map((_, s) => html`<td key=${s}>${elimination.active.includes(s) ? t("scores_in") : t("scores_out")}</td>`)}
          </tr>`}
        </tfoot>
      </table>
    </div>
    ${elimination && html`<p class="muted">${t("scores_elimination", { limit: elimination.limit })}</p>`}
  </section>`;
}
