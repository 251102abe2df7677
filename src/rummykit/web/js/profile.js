// A player's profile (#/players/<name>, GET /players/<name>): the account's name, since when, its
// rating at each game (provisional ones marked), its games played and won at each game, and its
// recent games with their results and replays (another person's private games are never shown).

import { html } from "./html.js";
import { addStylesheet } from "./stylesheet.js";
import { useEffect, useState } from "preact/hooks";
import { t, num, sentence, loadCatalogPart } from "./i18n.js";
import { api } from "./api.js";
import { clientOf } from "./variants.js";
import { ratingText } from "./player.js";
import { GameItem, when } from "./mygames.js";

// the profile's strings are the lobby's part of the catalog (i18n/<lang>/lobby.json)
await Promise.all([loadCatalogPart("lobby"), addStylesheet("/static/pages.css")]);

function useProfile(name) {
  const [state, setState] = useState({ profile: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ profile: null, error: null });
    api
      .player(name)
      .then((profile) => live && setState({ profile, error: null }))
      .catch((error) => live && setState({ profile: null, error }));
    return () => {
      live = false;
    };
  }, [name]);
  return state;
}

export function ProfilePage({ name, variants }) {
  const { profile, error } = useProfile(name);
  if (error) {
    return html`<main class="profile" data-testid="profile">
      <p class="error" role="alert" data-testid="profile-error">${sentence(error.code, error.params)}</p>
      <a class="button" href="#/">${t("profile_back")}</a>
    </main>`;
  }
  if (!profile) return html`<main class="profile" aria-busy="true"><p>${t("table_loading")}</p></main>`;
  const recent = profile.recent.filter((g) => clientOf(variants, g.variant));
  return html`<main class="profile" data-testid="profile">
    <h1><bdi data-testid="profile-name">${profile.username}</bdi></h1>
    <p class="help">${t("profile_since", { date: when(profile.created, "date") })}</p>
    <section class="panel" aria-labelledby="profile-ratings-title">
      <h2 id="profile-ratings-title">${t("ratings_title")}</h2>
      ${profile.ratings.length === 0 && html`<p class="help">${t("profile_no_ratings")}</p>`}
      ${profile.ratings.length > 0 &&
      html`<table class="profile-table" data-testid="profile-ratings">
        <thead><tr><th scope="col">${t("create_game")}</th><th scope="col">${t("rating_heading")}</th><th scope="col">${t("profile_rated_games")}</th></tr></thead>
        <tbody>
          ${profile.ratings.map(
            (r) => html`<tr key=${r.variant} data-testid=${`profile-rating-${r.variant}`}>
              <th scope="row">${t(`game_${r.variant}`)}</th>
              <td><strong>${ratingText(r)}</strong>${r.provisional ? html` <span class="tag">${t("profile_provisional")}</span>` : null}</td>
              <td>${t("ratings_games", { games: num(r.games), wins: num(r.wins) })}</td>
            </tr>`,
          )}
        </tbody>
      </table>`}
      ${profile.ratings.some((r) => r.provisional) && html`<p class="help">${t("ratings_help")}</p>`}
    </section>
    <section class="panel" aria-labelledby="profile-games-title">
      <h2 id="profile-games-title">${t("profile_games")}</h2>
      ${profile.games.length === 0 && html`<p class="help">${t("profile_no_games")}</p>`}
      ${profile.games.length > 0 &&
      html`<table class="profile-table" data-testid="profile-games">
        <thead><tr><th scope="col">${t("create_game")}</th><th scope="col">${t("profile_played")}</th><th scope="col">${t("profile_won")}</th></tr></thead>
        <tbody>
          ${profile.games.map(
            (g) => html`<tr key=${g.variant} data-testid=${`profile-games-${g.variant}`}>
              <th scope="row">${t(`game_${g.variant}`)}</th><td>${num(g.played)}</td><td>${num(g.won)}</td>
            </tr>`,
          )}
        </tbody>
      </table>`}
    </section>
    <section class="panel my-games" aria-labelledby="profile-recent-title">
      <h2 id="profile-recent-title">${t("profile_recent")}</h2>
      ${recent.length === 0 && html`<p class="help">${t("profile_no_games")}</p>`}
      <ul data-testid="profile-recent">
        ${recent.map((g) => html`<${GameItem} key=${g.game} game=${g} own=${profile.own} />`)}
      </ul>
      ${!profile.own && html`<p class="help">${t("profile_private_hidden")}</p>`}
    </section>
  </main>`;
}
