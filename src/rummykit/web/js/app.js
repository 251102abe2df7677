// The page: the header (name, language), and the route from the address's hash: #/ the lobby,
// #/t/<table> a table, #/t/<table>/seat/<n> an invite to seat n (from 1, as the page numbers seats: seats.js), #/replay/<game>/<step> a finished
// game's replay at a move (#/replay/file/<step>: the record file opened in this tab), #/account
// signing in and the account (optional), #/players/<name> a player's profile, #/rules/<game> a
// game's rules and help page (#/rules/<game>/table?name=value…: with a table's options,
// ruleslink.js). Each route's
// page is a module of its own, loaded when the route is first shown (lazy.js).

import { html } from "./html.js";
import { useEffect, useState } from "preact/hooks";
import { t, onLanguage } from "./i18n.js";
import { LanguagePicker } from "./languagepicker.js";
import { store } from "./store.js";
import { useModule } from "./lazy.js";
import { useSession, accountAddress } from "./session.js";
import { invitedSeat } from "./seats.js";
import { LimitNote } from "./limit.js";

/** The longest name a seat takes (the server's limit: rummykit.server.table.LiveTable.join). */
const NAME_MAX = 40;

/** Each route's page: its module, loaded when the route is first shown. */
const PAGES = {
  lobby: () => import("./lobby.js"),
  table: () => import("./table.js"),
  replay: () => import("./replay.js"),
  account: () => import("./account.js"),
  profile: () => import("./profile.js"),
  rules: () => import("./rules.js"),
};

/** A part of the address as it was written (`%20` a space), or as it is when it can't be read. */
function safeDecode(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function route(hash) {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "t" && parts[1]) {
    const invite = parts[2] === "seat";
    const seat = invite ? invitedSeat(parts[3]) : null;
    // an invite whose seat is no number (`seat/abc`, `seat/`): the page says so
    const badInvite = invite && seat === null ? safeDecode(parts[3] || "") : null;
    return { page: "table", id: parts[1], invited: seat, badInvite };
  }
  if (parts[0] === "replay" && parts[1]) {
    // a step that is no number (`abc`, `-3`) is null: the page shows the deal and says so
    const asked = parts[2] || "0";
    return { page: "replay", game: parts[1], step: /^\d+$/.test(asked) ? Number(asked) : null };
  }
  if (parts[0] === "account") return { page: "account", query };
  if (parts[0] === "players" && parts[1]) return { page: "profile", name: safeDecode(parts[1]) };
  if (parts[0] === "rules" && parts[1]) return { page: "rules", game: safeDecode(parts[1]), table: parts[2] === "table", query };
  return { page: "lobby" };
}

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const listen = () => setHash(location.hash);
    window.addEventListener("hashchange", listen);
    listen(); // the address may have changed between the first render and this effect
    return () => window.removeEventListener("hashchange", listen);
  }, []);
  return hash;
}

/** The header's link to the account page: the username signed in, else "Sign in". */
function AccountLink() {
  const { session } = useSession();
  return html`<a class="account-link" href=${accountAddress()} data-testid="account-link">
    ${session.account ? html`<bdi>${session.account.username}</bdi>` : t("account_sign_in")}
  </a>`;
}

function Header() {
  const [name, setName] = useState(store.name());
  const full = name.length >= NAME_MAX;
  return html`<header class="top">
    <a class="brand" href="#/">${t("app_title")}</a>
    <label class="name"><span class="label">${t("name_label")}</span>
      <input type="text" maxlength=${NAME_MAX} value=${name} placeholder=${t("default_name")} data-testid="display-name"
        aria-describedby=${full ? "name-limit" : undefined}
        onInput=${(e) => {
          setName(e.currentTarget.value);
          store.setName(e.currentTarget.value);
        }} />
    </label>
    <${LimitNote} id="name-limit" full=${full} max=${NAME_MAX} />
    <${LanguagePicker} testid="language" />
    <${AccountLink} />
  </header>`;
}

export function App({ variants }) {
  const [, bump] = useState(0);
  useEffect(() => onLanguage(() => bump((n) => n + 1)), []);
  const hash = useHash();
  const where = route(hash);
  const go = (target) => {
    location.hash = target;
  };
  useEffect(() => {
    document.title = t("app_title");
  });
  const page = useModule(where.page, PAGES[where.page]);
  const ready = page && !page.failed;
  return html`<${Header} />
    ${!page && html`<main aria-busy="true"><p>${t("table_loading")}</p></main>`}
    ${page && page.failed && html`<main><p class="error" role="alert">${t("ui_offline")}</p></main>`}
    ${ready && where.page === "table" && html`<${page.TablePage} key=${where.id} id=${where.id} invited=${where.invited} badInvite=${where.badInvite} variants=${variants} />`}
    ${ready && where.page === "replay" && html`<${page.ReplayPage} key=${where.game} game=${where.game} step=${where.step} variants=${variants} />`}
    ${ready && where.page === "lobby" && html`<${page.Lobby} variants=${variants} go=${go} />`}
    ${ready && where.page === "account" && html`<${page.AccountPage} query=${where.query} />`}
    ${ready && where.page === "profile" && html`<${page.ProfilePage} key=${where.name} name=${where.name} variants=${variants} />`}
    ${ready && where.page === "rules" && html`<${page.RulesPage} key=${where.game} game=${where.game} query=${where.query} table=${where.table} />`}`;
}
