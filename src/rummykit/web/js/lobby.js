// The lobby: the create-table form and the open public tables, live over the socket, with its chat
// (docs/web.md, "Chat"), the latest finished games, their records and replays, and a record file to open in the replay viewer.

import { html } from "./html.js";
import { addStylesheet } from "./stylesheet.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, num, loadCatalogPart } from "./i18n.js";
import { seatNames, inviteHref } from "./seats.js";
import { Socket } from "./socket.js";
import { CreateTable } from "./create.js";
import { clientOf, piecesOf } from "./variants.js";
import { TableOptionTags } from "./tableoptions.js";
import { keepFile } from "./recordfile.js";
import { MyGames } from "./mygames.js";
import { Leaderboard } from "./leaderboard.js";
import { PlayerName } from "./player.js";
import { ChatRoom, ChatPanel, useAccount } from "./chat.js";

// the lobby's own strings (i18n/<lang>/lobby.json: the create form's, My games', the ratings'),
// which no table shows: the module is ready when they are
await Promise.all([loadCatalogPart("lobby"), addStylesheet("/static/pages.css")]);

/** The lobby's tables and its chat room, over one socket. */
function useLobby() {
  const [lobby, setLobby] = useState(null);
  const [, bump] = useState(0);
  const chat = useRef(null);
  const socket = useRef(null);
  if (!chat.current) chat.current = new ChatRoom("lobby", (m) => socket.current !== null && socket.current.send(m), () => bump((n) => n + 1));
  useEffect(() => {
    socket.current = new Socket({
      onOpen: (s) => s.send({ type: "lobby" }),
      onMessage: (m) => (m.type === "lobby" ? setLobby(m) : chat.current.receive(m)),
      onStatus: (status) => status === "closed" && chat.current.dropped(),
    });
    return () => socket.current.close();
  }, []);
  return { lobby, chat: chat.current };
}

function LobbyChat({ room }) {
  const account = useAccount();
  return html`<${ChatPanel}
    room=${room}
    title=${t("chat_lobby")}
    isOwn=${(line) => Boolean(account) && line.user === account.username}
    writable=${Boolean(account)}
    why=${t("chat_sign_in_to_write")}
  />`;
}

/** A seat of an open table: open, a bot or a person (an account's name a link to its profile),
 * with its rating at a rated table. */
function Seat({ seat, name }) {
  if (seat.kind === "open") return html`<bdi>${t("waiting_open")}</bdi>`;
  return html`<span><${PlayerName} name=${name} account=${seat.account} rating=${seat.rating} /></span>`;
}

/** Open a picked record file in the replay viewer (the server replays it: its errors show there). */
function RecordFile({ go }) {
  const [error, setError] = useState(null);
  const open = async (input) => {
    const file = input.files && input.files[0];
    if (!file) return;
    input.value = "";
    if (keepFile(file.name, await file.text())) go("#/replay/file/0");
    else setError(t("lobby_record_too_big", { file: file.name }));
  };
  return html`<div class="preset replay-open">
    <input id="replay-file" type="file" class="visually-hidden" accept=".jsonl,.ndjson,.json,text/plain,application/x-ndjson" data-testid="replay-file" aria-labelledby="replay-file-label" aria-describedby="replay-file-help" onChange=${(e) => open(e.currentTarget)} />
    <label for="replay-file" id="replay-file-label" class="button">${t("lobby_record_open")}</label>
    <p class="help" id="replay-file-help">${t("lobby_record_help")}</p>
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </div>`;
}

export function Lobby({ variants, go }) {
  const { lobby, chat } = useLobby();
  const tables = lobby ? lobby.tables.filter((x) => clientOf(variants, x.variant)) : [];
  const finished = lobby ? lobby.finished.slice(0, 10) : [];
  return html`<main class="lobby" data-testid="lobby">
    <h1 class="visually-hidden">${t("app_title")}</h1>
    <${CreateTable} variants=${variants} onCreated=${(id) => go(`#/t/${id}`)} />
    <div class="lobby-side">
    <${LobbyChat} room=${chat} />
    <section class="panel open-tables" aria-labelledby="open-title" data-testid="open-tables">
      <h2 id="open-title">${t("lobby_open_tables")}</h2>
      ${lobby === null && html`<p>${t("table_loading")}</p>`}
      ${lobby !== null && tables.length === 0 && html`<p>${t("lobby_none")}</p>`}
      <ul>
        ${tables.map(
          (x) => html`<li key=${x.table} data-testid=${`open-table-${x.table}`}>
            <strong>${t(`game_${x.variant}`)}</strong>
            <span class="tag">${t(`status_${x.status}`)}</span>
            ${x.options.rated && html`<span class="tag rated" data-testid=${`rated-${x.table}`}>${t("ratings_rated")}</span>`}
            <${TableOptionTags} options=${x.options} kind=${piecesOf(variants, x.variant)} />
            <span class="seat-list">${seatNames(x.seats).map((name, i) => html`<${Seat} key=${i} seat=${x.seats[i]} name=${name} />`)}</span>
            ${x.seats
              .filter((s) => s.kind === "open")
              .slice(0, 1)
              .map((s) => html`<a class="button primary" key="join" href=${inviteHref(x.table, s.seat)}>${t("lobby_join")}</a>`)}
            <a class="button" href=${`#/t/${x.table}`}>${t("lobby_watch")}</a>
          </li>`,
        )}
      </ul>
      ${finished.length > 0 &&
      html`<h3>${t("lobby_finished")}</h3>
        <ul class="finished">
          ${finished.map(
            (g) => html`<li key=${g.game}>
              <strong>${t(`game_${g.variant}`)}</strong>
              <span class="seat-list">${seatNames(g.seats).map((name, s) => html`<span key=${s}><${PlayerName} name=${name} account=${g.accounts[s]} />${g.outcome ? `: ${num(g.outcome.scores[s])}` : ""}</span>`)}</span>
              <a class="button" href=${`#/replay/${g.game}/0`} data-testid=${`replay-${g.game}`}>${t("lobby_replay")}</a>
              <a href=${g.record} download>${t("round_end_record")}</a>
            </li>`,
          )}
        </ul>`}
      <${RecordFile} go=${go} />
    </section>
    <${MyGames} variants=${variants} />
    <${Leaderboard} variants=${variants} />
    </div>
  </main>`;
}
