// The replay viewer (#/replay/<game>/<step> a finished game of the server; #/replay/file/<step> a
// record file opened in this tab): the game stepped move by move, forwards and backwards, with
// every hand shown. The server replays the record with the engine (GET /games/<game>/replay, POST
// /replay: docs/protocol.md, "Replays"); this page only shows what it answers: the summary (every
// step's seat, action and revealed events) once, then each step's views of every seat. The table
// is the game's own board of the table page (its controller, games/<game>.js, as GET /variants
// names it) as a spectator sees it; the controller words the events and keeps what its board
// shows of the round's earlier ones, as on the table page.

import { html } from "./html.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, sentence, currentLanguage, loadCatalogPart } from "./i18n.js";
import { rich } from "./runningtext.js";
import { seatNaming, BotTag } from "./seats.js";
import { request } from "./api.js";
import { piecesOf } from "./variants.js";
import { GameTable, loadController, useModule } from "./lazy.js";
import { TableView } from "./model.js";
import { openedFile } from "./recordfile.js";
import { Piece } from "./piece.js";
import { inOrder } from "./pieces.js";
import { keyboardLikely } from "./actions.js";
import { Log, eventText } from "./log.js";
import { Scores } from "./scores.js";
import { RulesLink } from "./ruleslink.js";
import { addStylesheet } from "./stylesheet.js";

// why a record does not replay (`bad_record`'s reason) is said in words of the records' part; the
// viewer's own stylesheet, which no table loads
await Promise.all([loadCatalogPart("records"), addStylesheet("/static/replay.css")]);

const LOG_LIMIT = 300;

function fetchJson(path, body) {
  return request(path, body === undefined ? {} : { method: "POST", body, headers: { "Content-Type": "application/x-ndjson" } });
}

/** The replay's source: a game of the server, or the file opened in this tab. */
function source(game) {
  if (game !== "file") {
    const base = `/games/${encodeURIComponent(game)}/replay`;
    return { summary: () => fetchJson(base), step: (n) => fetchJson(`${base}/${n}`) };
  }
  const file = openedFile();
  if (!file) return null;
  return { name: file.name, summary: () => fetchJson("/replay", file.text), step: (n) => fetchJson(`/replay/${n}`, file.text) };
}

/** An event of the summary as a log entry: a piece drawn (revealed) names it and its drawer; an
 * action of a seat whose template does not name the seat gets the player's name before it. */
function entry(event, key, ctx) {
  const hidden = event.private || [];
  const params = event.params || {};
  const drawn = params.piece || params.card || params.tile;
  if (hidden.length && drawn) {
    return { code: "replay_drew", seat: event.seat, params: { seat: event.seat, piece: drawn }, key };
  }
  const named = ["seat", "seats", "to_move", "winner", "asked"].some((p) => p in params);
  const table = "result" in params || "headline" in params;
  const ownWords = eventText(event, ctx) !== sentence(event.code, params, ctx); // the log words it itself
  if (event.seat !== null && event.seat !== undefined && !named && !table && !ownWords) {
    return { code: "log_subject", seat: event.seat, params: { name: ctx.seatName(event.seat), action: { code: event.code, params } }, key };
  }
  return { ...event, key };
}

/** The log up to step `upto`: each step's events, a "Round N" line where a round starts. */
function logEntries(replay, upto, ctx) {
  const out = [];
  const from = Math.max(1, upto - LOG_LIMIT);
  for (let n = from; n <= upto; n += 1) {
    const step = replay.steps[n];
    step.events.forEach((e, i) => out.push(entry(e, `${n}-${i}`, ctx)));
    const next = replay.steps[n + 1];
    if (n < upto && next && next.round !== step.round) {
      out.push({ code: "log_round", seat: null, params: { round: next.round }, key: `${n}-round` });
    }
  }
  return out.slice(-LOG_LIMIT);
}

/** The score sheet up to step `upto`, from the round results among the events. */
function scoreRounds(replay, upto) {
  const rounds = [];
  for (let n = 1; n <= upto; n += 1) {
    for (const e of replay.steps[n].events) {
      const result = e.params && e.params.result;
      if (result) rounds.push({ round: result.round_no, winner: result.winner, deltas: result.deltas });
    }
  }
  return rounds;
}

/** The table page's view of step `n` for the game's board: the spectators' view, nobody seated,
 * nothing to do, no hint; what the game keeps of earlier events (`game.follow`) followed from the
 * round's first step to this one. */
function stepView(replay, n, step, kind, game) {
  const view = new TableView({
    kind,
    game,
    info: { rules: replay.rules, options: {}, seats: [] },
    view: { observation: step.views.spectator, legal: [] },
    lastEvents: step.events,
  });
  let first = n;
  while (first > 1 && replay.steps[first - 1].round === replay.steps[n].round) first -= 1;
  for (let k = first; k <= n; k += 1) game.follow(view, replay.steps[k].events, k === first);
  return view;
}

function Pieces({ kind, faces, wilds, label, testid }) {
  return html`<div class="replay-pieces" dir="ltr" role="group" aria-label=${label} data-testid=${testid}>
    ${faces.map((f, i) => html`<${Piece} key=${i} kind=${kind} face=${f} wild=${wilds.has(f)} small=${true} />`)}
  </div>`;
}

/** Every seat's hand at this step, from each seat's own view, each named, a bot with its level (`recorded`: the
 * record's seat names). */
function Hands({ step, kind, recorded, ctx }) {
  return html`<section class="panel replay-hands" data-testid="hands" aria-labelledby="replay-hands-title">
    <h2 id="replay-hands-title">${t("replay_hands")}</h2>
    ${step.views.seats.map((view, seat) => {
      const wilds = new Set(view.wilds || []);
      const moving = view.to_move === seat;
      return html`<div key=${seat} class=${`replay-hand ${moving ? "to-move" : ""}`}>
        <div class="replay-hand-name"><bdi>${ctx.seatName(seat)}</bdi><${BotTag} player=${recorded[seat]} /> <span class="tag">${t("seat_pieces", { n: view.hand.length })}</span></div>
        <${Pieces} kind=${kind} faces=${inOrder(view.hand)} wilds=${wilds} label=${t("replay_hand_of", { name: ctx.seatName(seat) })} testid=${`hand-${seat}`} />
      </div>`;
    })}
  </section>`;
}

/** The step's line: the deal, or "Move 5 of 120: Ann discards R7", the match's end. */
function stepText(replay, n, ctx) {
  if (n === 0) return t("replay_deal");
  const events = replay.steps[n].events.map((e, i) => entry(e, i, ctx));
  const words = events.map((e) => eventText(e, ctx));
  return `${t("replay_step", { step: n, last: replay.last })}: ${words.join(". ")}`;
}

function useReplay(game) {
  const [state, setState] = useState({ replay: null, error: null, src: null });
  useEffect(() => {
    const src = source(game);
    if (!src) {
      setState({ replay: null, error: { code: "replay_no_file", params: {} }, src: null });
      return undefined;
    }
    let live = true;
    src
      .summary()
      .then((replay) => live && setState({ replay, error: null, src }))
      .catch((error) => live && setState({ replay: null, error: { code: error.code, params: error.params }, src }));
    return () => {
      live = false;
    };
  }, [game]);
  return state;
}

/** The views of step `n`, fetched once (the neighbours too, so that stepping does not wait). */
function useStep(src, replay, n) {
  const cache = useRef(new Map());
  const [, bump] = useState(0);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (!src || !replay) return;
    for (const k of [n, n + 1, n - 1]) {
      if (k < 0 || k > replay.last || cache.current.has(k)) continue;
      const pending = src.step(k);
      cache.current.set(k, null);
      pending
        .then((data) => {
          cache.current.set(k, data);
          bump((x) => x + 1);
        })
        .catch((e) => {
          cache.current.delete(k);
          if (k === n) setError({ code: e.code, params: e.params });
        });
    }
  }, [src, replay, n]);
  return { step: cache.current.get(n) || null, error };
}

/** Why the page shows another step than the address asks (`step` past the last; null: the
 * address's step is no step number), or nothing. */
function StepNotice({ step, last }) {
  let text = null;
  if (step === null) text = t("replay_bad_step", { last });
  else if (step > last) text = t("replay_past_end", { step, last });
  return text && html`<p class="replay-notice" role="status" data-testid="replay-notice">${text}</p>`;
}

/** The replay of `game` at move `step` (null: the address's step is no number; the deal is
 * shown). Its arrows « ‹ › » are mirrored characters: a right-to-left
 * page draws each one turned (Unicode's bidi mirroring), so that it points the way its button
 * goes in the page's direction; a CSS flip on top turned them back (the tester's 34c). */
export function ReplayPage({ game, step, variants }) {
  const { replay, error, src } = useReplay(game);
  const last = replay ? replay.last : 0;
  const asked = step ?? 0;
  const n = replay ? Math.min(asked, last) : asked;
  const { step: current, error: stepError } = useStep(src, replay, n);
  const loaded = useModule(replay ? `game:${replay.variant}` : null, () => loadController(variants, replay.variant));
  const controller = loaded && !loaded.failed ? loaded : null;
  const to = (k) => {
    if (!replay) return;
    const target = Math.min(Math.max(k, 0), last);
    if (target !== n) location.replace(`#/replay/${game}/${target}`);
  };

  useEffect(() => {
    const keys = (e) => {
      const target = e.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const forward = currentLanguage().dir === "rtl" ? "ArrowLeft" : "ArrowRight";
      const back = currentLanguage().dir === "rtl" ? "ArrowRight" : "ArrowLeft";
      const moves = { [forward]: n + 1, [back]: n - 1, Home: 0, End: last };
      if (e.key in moves) {
        e.preventDefault();
        to(moves[e.key]);
      }
    };
    document.addEventListener("keydown", keys);
    return () => document.removeEventListener("keydown", keys);
  });

  const naming = seatNaming(replay ? replay.seats : []);
  const names = replay ? replay.seats.map((_, seat) => naming.seatName(seat)) : [];
  const ctx = { game: controller, ...naming };
  if (error || !replay) {
    return html`<main class="table-page replay-page" data-testid="replay" aria-busy=${!error}>
      <header class="table-head"><h1>${t("replay_heading")}</h1></header>
      ${error ? html`<p class="error" role="alert" data-testid="replay-error">${sentence(error.code, error.params)}</p>` : html`<p>${t("table_loading")}</p>`}
      <p><a href="#/">${t("ui_to_lobby")}</a></p>
    </main>`;
  }
  const kind = piecesOf(variants, replay.variant);
  const link = `${location.origin}${location.pathname}#/replay/${game}/${n}`;
  const obs = current ? current.views.spectator : null;
  const title = game === "file" ? t("replay_file_title", { game: t(`game_${replay.variant}`), file: src.name }) : t("replay_title", { game: t(`game_${replay.variant}`) });
  return html`<main class="table-page replay-page" data-testid="replay" data-step=${n} data-loaded=${current ? current.step : ""}>
    <header class="table-head">
      <h1>${title}</h1>
      ${obs && html`<span class="round">${t("table_round", { round: obs.round })}</span>`}
      ${!replay.complete && html`<span class="tag warn">${t("replay_incomplete")}</span>`}
      <${RulesLink} variants=${variants} game=${replay.variant} rules=${replay.rules} />
      <p class="turn" data-testid="turn">
        ${obs && (obs.to_move === null ? t("turn_over") : t("turn_other", { name: ctx.seatName(obs.to_move) }))}
      </p>
    </header>
    <div class="replay-controls panel">
      <${StepNotice} step=${step} last=${last} />
      <p class="replay-step" role="status" data-testid="replay-step">${rich(stepText(replay, n, ctx))}</p>
      <div class="replay-buttons" role="group" aria-label=${t("replay_moves")}>
        <button type="button" data-testid="replay-first" aria-label=${t("replay_first")} title=${t("replay_first")} disabled=${n === 0} onClick=${() => to(0)}>«</button>
        <button type="button" data-testid="replay-back" aria-label=${t("replay_back")} title=${t("replay_back")} disabled=${n === 0} onClick=${() => to(n - 1)}>‹</button>
        <input
          type="range"
          min="0"
          max=${last}
          value=${n}
          data-testid="replay-slider"
          aria-label=${t("replay_slider")}
          aria-valuetext=${n === 0 ? t("replay_deal") : t("replay_step", { step: n, last })}
          onInput=${(e) => to(Number(e.currentTarget.value))}
        />
        <button type="button" data-testid="replay-next" aria-label=${t("replay_next")} title=${t("replay_next")} disabled=${n === last} onClick=${() => to(n + 1)}>›</button>
        <button type="button" data-testid="replay-last" aria-label=${t("replay_last")} title=${t("replay_last")} disabled=${n === last} onClick=${() => to(last)}>»</button>
      </div>
      <p class="help">
        <a href=${link} data-testid="replay-link">${t("replay_link")}</a>
        ${keyboardLikely() && html`<span> · ${t("replay_keys")}</span>`}
      </p>
    </div>
    ${stepError && html`<p class="error" role="alert" data-testid="replay-error">${sentence(stepError.code, stepError.params)}</p>`}
    <div class="replay-main">
      ${current &&
      html`<${GameTable}
        model=${controller ? stepView(replay, n, current, kind, controller) : new TableView()}
        failed=${Boolean(loaded && loaded.failed)}
        ctx=${ctx}
        onDrop=${() => {}}
      />`}
      ${current && html`<${Hands} step=${current} kind=${kind} recorded=${replay.seats} ctx=${ctx} />`}
      ${!current && html`<p>${t("table_loading")}</p>`}
    </div>
    <div class="side">
      <${Log} entries=${logEntries(replay, n, ctx)} ctx=${ctx} />
      <${Scores} rounds=${scoreRounds(replay, n)} totals=${obs ? obs.scores : replay.seats.map(() => 0)} names=${names} elimination=${controller && obs ? controller.standings(replay.rules, obs) : null} />
    </div>
  </main>`;
}
