// A finished game's public page (#/partij/<id>): who played, the score, the export, a link to
// the replay, and the dice check that runs in this browser (dicecheck.js).
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import { call } from "../api.js";
import { loadContent } from "../content.js";
import { reasonText, scoreRows } from "../panels/end.js";
import { playerName } from "../derive.js";
import { loadHistory } from "../history.js";
import { available, checkGame } from "../dicecheck.js";
import { controlChip } from "../panels/clocks.js";

const S = T.seeing;
const when = (iso) => (iso ? new Date(iso).toLocaleString("nl-NL", { dateStyle: "medium", timeStyle: "short" }) : "–");

export async function mount(main, { args }) {
  const id = Number(args[0]);
  const content = await loadContent();
  const page = h("div", { class: "page record", "data-record": id }, h("p", { class: "loading" }, T.loading));
  main.append(page);
  let game;
  try {
    game = await call("GET", `/api/games/${id}/`);
  } catch (e) {
    clear(page).append(h("div", { class: "sheet" }, h("p", {}, e.dutch), h("a", { class: "btn", href: "#/" }, T.nav.lobby)));
    return null;
  }
  clear(page).append(h("h1", {}, S.recordTitle(id)));
  if (game.status !== "finished") {
    page.append(h("div", { class: "sheet" }, h("p", {}, S.recordNotFinished),
      h("div", { class: "row" }, h("a", { class: "btn", href: `#/spel/${id}` }, T.lobby.look), h("a", { class: "btn", href: `#/terugkijken/${id}` }, S.replayBtn))));
    return null;
  }
  const { seats, rows, totals } = scoreRows(game.result, content);
  const winners = game.result.winners || [];
  const players = h("ul", { class: "plain" }, game.players.map((p) => h("li", { class: `seat${p.seat}` },
    p.username ? h("a", { href: `#/speler/${encodeURIComponent(p.username)}` }, playerName(game, p.seat)) : playerName(game, p.seat),
    winners.includes(p.seat) ? ` · ${winners.length > 1 ? T.end.tie : S.recordWinner}` : "")));
  const table = h("table", { class: "score-table", "data-score": "" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, S.recordPart), seats.map((st) => h("th", { scope: "col" }, playerName(game, st))))),
    h("tbody", {}, rows.map(([label, vals]) => h("tr", {}, h("th", { scope: "row" }, label), vals.map((v) => h("td", {}, String(v)))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, T.end.total), totals.map((v, i) => h("td", { "data-total": seats[i] }, String(v))))));
  const moves = h("span", {});
  page.append(h("section", { class: "sheet" },
    h("h2", {}, S.recordPlayers), players,
    h("p", { class: "small muted" }, `${S.recordStarted}: ${when(game.started_at)} · ${S.recordFinished}: ${when(game.finished_at)} · `, reasonText(game.result.reason), " ", moves,
      controlChip(game) ? h("span", {}, ` · ${T.clock.label}: `, controlChip(game)) : null),
    table,
    h("div", { class: "row" },
      h("a", { class: "btn btn-primary", href: `#/terugkijken/${id}`, "data-action": "to-replay" }, S.replayBtn),
      h("a", { class: "btn", href: `/api/games/${id}/export/`, download: `dwaalhof-${id}.json`, "data-action": "export" }, S.recordExport))));

  const verdict = h("div", { class: "dice-verdict", "data-dice-check": "pending", "aria-live": "polite" }, S.diceBusy);
  const runBtn = h("button", { class: "btn btn-small", type: "button", "data-action": "dice-check" }, S.diceRun);
  page.append(h("section", { class: "sheet dice-check" },
    h("h2", {}, S.diceTitle), h("p", {}, S.diceIntro),
    h("dl", { class: "seed-facts" },
      h("dt", {}, S.diceCommitment), h("dd", {}, h("code", { "data-commitment": "" }, game.seed_commitment)),
      h("dt", {}, S.diceSeed), h("dd", {}, h("code", { "data-seed": "" }, game.seed || "–"))),
    verdict, runBtn));

  async function run() {
    verdict.dataset.diceCheck = "pending";
    verdict.replaceChildren(S.diceBusy);
    if (!available()) { verdict.dataset.diceCheck = "unavailable"; verdict.replaceChildren(S.diceUnavailable); return; }
    try {
      // the seed as exported; the commitment as published when the game began
      const [exp, hist] = await Promise.all([call("GET", `/api/games/${id}/export/`), loadHistory(id)]);
      moves.textContent = `· ${S.recordMoves((exp.log || []).length)}`;
      const r = await checkGame({ seed: exp.seed, commitment: game.seed_commitment, steps: hist.steps });
      const ok = r.commitOk && !r.bad.length;
      verdict.dataset.diceCheck = ok ? "ok" : "failed";
      verdict.replaceChildren(
        h("p", { class: r.commitOk ? "ok" : "bad", "data-commit-ok": String(r.commitOk) }, r.commitOk ? "✓ " : "✗ ", r.commitOk ? S.diceCommitOk : S.diceCommitBad),
        h("p", { class: r.bad.length ? "bad" : "ok", "data-dice-bad": r.bad.length }, r.bad.length ? "✗ " : "✓ ", r.bad.length ? S.diceBad(r.bad.length, r.total) : S.diceAllOk(r.total)),
        h("p", { class: "verdict-word" }, h("strong", {}, ok ? S.diceOk : S.diceFail)));
    } catch (e) {
      verdict.dataset.diceCheck = "error";
      verdict.replaceChildren(e.dutch || String(e.message || e));
    }
  }
  runBtn.addEventListener("click", run);
  run();
  return null;
}
