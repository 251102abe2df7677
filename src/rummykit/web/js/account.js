// The account page (#/account), all optional: sign in or create an account (keeping this browser's
// guest games), and once signed in: the profile, sign out, personal access tokens (for `rummykit
// connect` and scripts: made, shown once, listed, revoked), change the password, delete the account.

import { html } from "./html.js";
import { addStylesheet } from "./stylesheet.js";
import { useEffect, useState } from "preact/hooks";
import { t, sentence, loadCatalogPart } from "./i18n.js";
import { api } from "./api.js";
import { useSession, comesBack } from "./session.js";
import { profileHref } from "./player.js";
import { when } from "./mygames.js";
import { Reports } from "./moderation.js";
import { LimitNote } from "./limit.js";

// the account page's strings are the lobby's part of the catalog (i18n/<lang>/lobby.json)
await Promise.all([loadCatalogPart("lobby"), addStylesheet("/static/pages.css")]);

/** A form whose submit runs `action(fields)`; its error (the server's words, in the page's language:
 * the browser's own checks, in its language, are off) under it. A field that holds its `max`
 * characters says that it takes no more. */
function Form({ id, title, submit, danger, fields, extra, action, doneText }) {
  const [error, setError] = useState(null);
  const [full, setFull] = useState({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e) => {
    e.preventDefault();
    const form = e.currentTarget;
    const values = Object.fromEntries(new FormData(form).entries());
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await action(values, form);
      form.reset();
      setFull({});
      setDone(true);
    } catch (err) {
      setError(sentence(err.code || "ui_offline", err.params || {}));
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="panel account-form" data-testid=${id} onSubmit=${onSubmit} noValidate aria-labelledby=${`${id}-title`}>
    <h2 id=${`${id}-title`}>${title}</h2>
    ${fields.map(
      (f) => html`<label key=${f.name}>${f.label}
        <input name=${f.name} type=${f.type || "text"} autocomplete=${f.autocomplete} required minlength=${f.min}
          maxlength=${f.max} data-testid=${`${id}-${f.name}`} aria-describedby=${full[f.name] ? `${id}-${f.name}-limit` : undefined}
          onInput=${(e) => f.max && setFull({ ...full, [f.name]: e.currentTarget.value.length >= f.max })} />
      </label>
      <${LimitNote} id=${`${id}-${f.name}-limit`} full=${Boolean(full[f.name])} max=${f.max} />`,
    )}
    ${extra}
    ${error && html`<p class="error" role="alert" data-testid=${`${id}-error`}>${error}</p>`}
    ${done && doneText && html`<p role="status" data-testid=${`${id}-done`}>${doneText}</p>`}
    <button type="submit" class=${danger ? "danger" : "primary"} disabled=${busy} data-testid=${`${id}-submit`}>${submit}</button>
  </form>`;
}

/** The account's personal access tokens: the list (name, made, last used) with a Revoke button
 * each, and the form making one, whose token is shown once. */
function AccessTokens() {
  const [tokens, setTokens] = useState(null);
  const [made, setMade] = useState(null);
  const [error, setError] = useState(null);
  const refused = (err) => setError(sentence(err.code || "ui_offline", err.params || {}));
  useEffect(() => {
    api.tokens().then((answer) => setTokens(answer.tokens), refused);
  }, []);
  const revoke = (id) => {
    setError(null);
    api.revokeToken(id).then((answer) => setTokens(answer.tokens), refused);
  };
  const create = async (values) => {
    const answer = await api.createToken(values.name);
    setMade(answer);
    setTokens((old) => [...(old || []), answer]);
  };
  return html`<section class="panel" aria-labelledby="tokens-title" data-testid="tokens">
    <h2 id="tokens-title">${t("account_tokens_title")}</h2>
    <p class="help">${t("account_tokens_help")}</p>
    ${error && html`<p class="error" role="alert" data-testid="tokens-error">${error}</p>`}
    ${made &&
    html`<div class="token-made" role="status" data-testid="token-made">
      <p>${t("account_token_shown_once", { name: made.name })}</p>
      <input type="text" readonly dir="ltr" value=${made.token} aria-label=${t("account_token_label")} data-testid="token-value" onFocus=${(e) => e.currentTarget.select()} />
      <p class="help"><code dir="ltr">rummykit games ${location.origin} --account-token …</code></p>
    </div>`}
    ${tokens && tokens.length === 0 && html`<p class="help">${t("account_tokens_none")}</p>`}
    ${tokens &&
    tokens.length > 0 &&
    html`<ul class="tokens" data-testid="token-list">
      ${tokens.map(
        (k) => html`<li key=${k.id} data-testid=${`token-${k.id}`}>
          <strong><bdi>${k.name}</bdi></strong>
          <span class="when">${t("account_token_made", { date: when(k.created) })}${k.last_used ? ` · ${t("account_token_used", { date: when(k.last_used) })}` : ""}</span>
          <button type="button" class="danger" data-testid=${`token-revoke-${k.id}`} onClick=${() => revoke(k.id)}>${t("account_token_revoke")}</button>
        </li>`,
      )}
    </ul>`}
    <${Form} id="new-token" title=${t("account_token_new")} submit=${t("account_token_create")}
      fields=${[{ name: "name", label: t("account_token_name"), min: 1, max: 40, autocomplete: "off" }]}
      action=${create} />
  </section>`;
}

const username = () => ({ name: "username", label: t("account_username"), min: 3, max: 24, autocomplete: "username" });

/** The account page; `query` its address's (`#/account?back=#/t/…`, the header's link from a
 * table or a replay): the table or replay it goes back to once signed in or up (an invite to a
 * rated table's seat, which needs an account); any other `back` is no place to go. */
export function AccountPage({ query }) {
  const asked = new URLSearchParams(query || "").get("back");
  const back = comesBack(asked) ? asked : null;
  const { session, ready } = useSession();
  const account = session.account;
  if (!ready) return html`<main class="account" aria-busy="true"><p>${t("table_loading")}</p></main>`;
  if (account) {
    return html`<main class="account" data-testid="account">
      <h1>${t("account_title")}</h1>
      <section class="panel">
        <p data-testid="account-who">${t("account_signed_in_as", { name: account.username })}</p>
        <p class="help">${t("account_games_help")}</p>
        <div class="buttons">
          <a class="button" href=${profileHref(account.username)} data-testid="my-profile">${t("profile_mine")}</a>
          <a class="button" href="#/">${t("my_games_title")}</a>
          <button type="button" data-testid="sign-out" onClick=${() => api.signOut().catch(() => {})}>${t("account_sign_out")}</button>
        </div>
      </section>
      ${account.moderator && html`<${Reports} />`}
      <${AccessTokens} />
      <${Form} id="change-password" title=${t("account_change_password")} submit=${t("account_change_password")}
        fields=${[
          { name: "password", type: "password", label: t("account_current_password"), autocomplete: "current-password" },
          { name: "new_password", type: "password", label: t("account_new_password"), autocomplete: "new-password", min: 8, max: 200 },
        ]}
        doneText=${t("account_password_changed")}
        action=${(v) => api.changePassword(v.password, v.new_password)} />
      <${Form} id="delete-account" title=${t("account_delete")} submit=${t("account_delete")} danger=${true}
        fields=${[{ name: "password", type: "password", label: t("account_password"), autocomplete: "current-password" }]}
        extra=${html`<p class="help">${t("account_delete_help")}</p>`}
        action=${(v) => api.deleteAccount(v.password)} />
    </main>`;
  }
  return html`<main class="account" data-testid="account">
    <h1>${t("account_title")}</h1>
    <p class="help">${t("account_optional")}</p>
    <${Form} id="sign-in" title=${t("account_sign_in")} submit=${t("account_sign_in")}
      fields=${[username(), { name: "password", type: "password", label: t("account_password"), autocomplete: "current-password" }]}
      action=${(v) => api.signIn(v.username, v.password).then(() => back && (location.hash = back))} />
    <${Form} id="sign-up" title=${t("account_sign_up")} submit=${t("account_sign_up")}
      fields=${[
        username(),
        { name: "password", type: "password", label: t("account_password"), autocomplete: "new-password", min: 8, max: 200 },
      ]}
      extra=${html`<p class="help">${t("account_rules")}</p>
        <label class="check"><input type="checkbox" name="claim" value="yes" checked data-testid="sign-up-claim" /> ${t("account_claim")}</label>`}
      action=${(v) => api.signUp(v.username, v.password, v.claim === "yes").then(() => back && (location.hash = back))} />
  </main>`;
}
