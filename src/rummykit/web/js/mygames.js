// My games: every game this browser played (GET /me/games, by its browser token cookie), private
// ones included, newest first by the time shown (a finished game's end): the game, when, the
// players (this browser's seats marked, an account's name a link to its profile), the result and
// a rated game's rating change, and a link to its replay and record, or back to its table while
// it is played.

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, num, sentence, signed, currentLanguage } from "./i18n.js";
import { seatNames } from "./seats.js";
import { api } from "./api.js";
import { clientOf } from "./variants.js";
import { PlayerName } from "./player.js";

function useMyGames() {
  const [state, setState] = useState({ games: null, error: null });
  useEffect(() => {
    let live = true;
    api
      .myGames()
      .then((answer) => live && setState({ games: answer.games, error: null }))
      .catch((error) => live && setState({ games: null, error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** `seconds` (Unix time) as a date and time in the page's language (`style` "date": the date
 * alone). */
export function when(seconds, style = "datetime") {
  const format = style === "date" ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
  try {
    return new Intl.DateTimeFormat(currentLanguage().code, format).format(new Date(seconds * 1000));
  } catch {
    return "";
  }
}

/** A finished game's result: "you won" in My games and on one's own profile (`own`), "won" of
 * the player on another's profile (a word of its own where a language marks the person); "no
 * winner" for a match that ended level (its winners are every seat: `match_winners` in
 * engine/records.py), which "won" is false of too. */
function Result({ game, own }) {
  if (game.status !== "finished") return html`<span class="tag">${t("status_playing")}</span>`;
  const mine = game.seats.map((s) => num(game.outcome.scores[s])).join(" / ");
  const level = game.outcome.winners.length >= game.outcome.scores.length;
  const result = level
    ? "my_games_level"
    : own
      ? game.won ? "my_games_won" : "my_games_lost"
      : game.won ? "profile_game_won" : "profile_game_lost";
  return html`<span class=${`tag result ${level ? "level" : game.won ? "won" : "lost"}`} data-testid=${`my-result-${game.game}`}>
    ${t("my_games_result", { result: t(result), points: mine })}
  </span>${game.rating_change !== null
    ? html` <span class="tag rating-change" data-testid=${`my-rating-${game.game}`}>${t("my_rating_change", { change: signed(game.rating_change) })}</span>`
    : null}`;
}

/** One game of a list (My games, a profile's recent games): the game, private or not, the result
 * (the viewer's own, `own`, or another player's) and the rating's change, when, the players (the
 * account's seats marked, each account's name a link to its profile), and its replay and record,
 * or its table while it is played. */
export function GameItem({ game: g, own = true }) {
  return html`<li data-testid=${`my-game-${g.game}`}>
    <strong>${t(`game_${g.variant}`)}</strong>
    ${!g.public && html`<span class="tag">${t("my_games_private")}</span>`}
    <${Result} game=${g} own=${own} />
    <time class="when" datetime=${new Date((g.finished || g.created) * 1000).toISOString()}>${when(g.finished || g.created)}</time>
    <span class="seat-list">
      ${seatNames(g.names).map(
        (name, s) => html`<span key=${s} class=${g.seats.includes(s) ? "me" : ""}><${PlayerName} name=${name} account=${g.accounts[s]} /></span>`,
      )}
    </span>
    ${g.status === "finished"
      ? html`<a class="button" href=${`#/replay/${g.game}/0`} data-testid=${`my-replay-${g.game}`}>${t("lobby_replay")}</a>
          <a href=${g.record} download>${t("round_end_record")}</a>`
      : html`<a class="button primary" href=${`#/t/${g.table}`} data-testid=${`my-table-${g.game}`}>${t("my_games_back")}</a>`}
  </li>`;
}

export function MyGames({ variants }) {
  const { games, error } = useMyGames();
  const shown = games ? games.filter((g) => clientOf(variants, g.variant)).slice(0, 30) : [];
  return html`<section class="panel my-games" aria-labelledby="my-games-title" data-testid="my-games">
    <h2 id="my-games-title">${t("my_games_title")}</h2>
    ${error && html`<p class="error" role="alert">${sentence(error.code, error.params)}</p>`}
    ${games === null && !error && html`<p>${t("table_loading")}</p>`}
    ${games !== null && shown.length === 0 && html`<p class="help">${t("my_games_none")}</p>`}
    <ul>
      ${shown.map((g) => html`<${GameItem} key=${g.game} game=${g} />`)}
    </ul>
  </section>`;
}
