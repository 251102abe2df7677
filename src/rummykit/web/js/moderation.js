// A moderator's reports on the account page: the latest reported chat lines (GET
// /moderation/reports), each with its sender, who reported it and when; the moderator deletes the
// line for everyone or bans its sender (an account; a guest's line can only be deleted).

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, sentence } from "./i18n.js";
import { api } from "./api.js";
import { when } from "./mygames.js";

function Report({ report, act }) {
  const [banning, setBanning] = useState(false);
  return html`<li class="report" data-testid="report">
    <p><bdi class="chat-name">${report.sender}</bdi>${report.user ? html` <bdi class="chat-user">@${report.user}</bdi>` : ""}${" "}<span class="chat-text" dir="auto" data-testid="report-text">${report.text}</span></p>
    <p class="help">
      ${t("account_report_by", { name: report.reporter, date: when(report.t) })}${report.deleted ? html` <span class="tag" data-testid="report-deleted">${t("account_report_deleted")}</span>` : ""}
    </p>
    <div class="buttons">
      ${!report.deleted && html`<button type="button" data-testid="report-delete" onClick=${() => act(() => api.deleteMessage(report.message))}>${t("chat_delete")}</button>`}
      ${report.user &&
      (banning
        ? html`<button type="button" class="danger" data-testid="report-ban-confirm" onClick=${() => act(() => api.ban(report.user))}>${t("chat_ban_confirm", { name: report.user })}</button>`
        : html`<button type="button" class="danger" data-testid="report-ban" onClick=${() => setBanning(true)}>${t("chat_ban")}</button>`)}
    </div>
  </li>`;
}

/** The reports panel (shown to moderators only: the server refuses the list to anyone else). */
export function Reports() {
  const [reports, setReports] = useState(null);
  const [error, setError] = useState(null);
  const load = () => api.reports().then((answer) => setReports(answer.reports), setError);
  useEffect(() => {
    load();
  }, []);
  const act = async (call) => {
    try {
      await call();
      setError(null);
    } catch (err) {
      setError(err);
    }
    load();
  };
  return html`<section class="panel reports" data-testid="reports" aria-labelledby="reports-title">
    <h2 id="reports-title">${t("account_reports")}</h2>
    ${error && html`<p class="error" role="alert">${sentence(error.code || "ui_offline", error.params || {})}</p>`}
    ${reports === null
      ? html`<p>${t("table_loading")}</p>`
      : reports.length === 0
        ? html`<p class="help" data-testid="reports-none">${t("account_reports_none")}</p>`
        : html`<ul class="report-list">
            ${reports.map((report) => html`<${Report} key=${report.report} report=${report} act=${act} />`)}
          </ul>`}
  </section>`;
}
