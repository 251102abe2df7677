// The lobby's leaderboard: the accounts rated at a game (GET /ratings/<game>), best first, each
// name a link to its profile, a provisional rating marked, and the bots' fixed ratings.

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, num, sentence } from "./i18n.js";
import { api } from "./api.js";
import { playable } from "./variants.js";
import { PlayerName } from "./player.js";
import { BOT_LEVELS } from "./seats.js";

/** The bots' fixed ratings (`bots`: level -> rating) of the levels a seat is offered, in the seat
 * menu's order and words ("easy 1,100, medium 1,500, …"). */
function botRatings(bots) {
  return BOT_LEVELS.filter((level) => level in bots)
    .map((level) => `${t(`bot_${level}`)} ${num(bots[level])}`)
    .join(t("list_separator"));
}

export function Leaderboard({ variants }) {
  const games = playable(variants);
  const [game, setGame] = useState(games.length ? games[0].variant : null);
  const [board, setBoard] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!game) return undefined;
    let live = true;
    setBoard(null);
    api
      .leaderboard(game)
      .then((answer) => live && setBoard(answer))
      .catch((e) => live && setError(e));
    return () => {
      live = false;
    };
  }, [game]);
  if (!game) return null;
  const rows = board ? board.ratings.slice(0, 10) : [];
  return html`<section class="panel leaderboard" aria-labelledby="leaderboard-title" data-testid="leaderboard">
    <h2 id="leaderboard-title">${t("ratings_title")}</h2>
    <label>${t("create_game")}
      <select value=${game} data-testid="leaderboard-game" onChange=${(e) => setGame(e.currentTarget.value)}>
        ${games.map((v) => html`<option key=${v.variant} value=${v.variant}>${t(`game_${v.variant}`)}</option>`)}
      </select>
    </label>
    ${error && html`<p class="error" role="alert">${sentence(error.code, error.params)}</p>`}
    ${board && rows.length === 0 && html`<p class="help">${t("ratings_none")}</p>`}
    ${rows.length > 0 &&
    html`<ol data-testid="leaderboard-rows">
      ${rows.map(
        (r) => html`<li key=${r.username}><strong><${PlayerName} name=${r.username} account=${r.username} rating=${r} /></strong>${" "}<span class="when">${t("ratings_games", { games: num(r.games), wins: num(r.wins) })}</span></li>`,
      )}
    </ol>`}
    ${board &&
    html`<p class="help" data-testid="leaderboard-bots">
      ${t("ratings_bots", { ratings: botRatings(board.bots) })}
    </p>
    <p class="help">${t("ratings_help")}</p>`}
  </section>`;
}
