// The end screen: every score part per player, the winner; it stays (also after a reload)
// until "Nieuw spel". "Bord bekijken" shows the final board.
import { h } from "../dom.js";
import { T, prettyKey } from "../strings.js";
import { resIcon } from "./common.js";
import { playerName as nameOf } from "../derive.js";
import { ruleNumbers } from "../content.js";

// Why the game ended, in words (after the engine's number of rounds, resigned, timed out).
export function reasonText(reason) {
  const text = T.end.reason[reason];
  return typeof text === "function" ? text(ruleNumbers()) : text || "";
}


export function scoreRows(result, content) {
  const scores = result.scores || {};
  const seats = Object.keys(scores).map(Number).sort();
  const rows = [];
  const sourceKeys = new Set();
  seats.forEach((s) => Object.keys(scores[s].aanzien_sources || {}).forEach((k) => sourceKeys.add(k)));
  for (const k of sourceKeys) {
    rows.push([T.end.sources[k] || prettyKey(k), seats.map((s) => scores[s].aanzien_sources?.[k] || 0)]);
  }
  const rest = seats.map((s) => (scores[s].aanzien || 0) - Object.values(scores[s].aanzien_sources || {}).reduce((a, b) => a + b, 0));
  if (!sourceKeys.size) rows.push([T.end.sources.aanzien, seats.map((s) => scores[s].aanzien || 0)]);
  else if (rest.some((x) => x)) rows.push([T.end.otherAanzien, rest]);
  rows.push([T.end.sources.offices, seats.map((s) => scores[s].offices || 0)]);
  const fKeys = new Set();
  seats.forEach((s) => Object.keys(scores[s].foundations || {}).forEach((k) => fKeys.add(k)));
  for (const k of fKeys) rows.push([`${T.end.sources.foundations}: ${content.foundation(k).name}`, seats.map((s) => scores[s].foundations?.[k] ?? "–")]);
  return { seats, rows, totals: seats.map((s) => scores[s].total ?? scores[s].aanzien ?? 0) };
}

// How the game moved each player's rating (rated games; the full Game carries it).
function ratingLines(game) {
  if (!game.rated || !game.rating_changes?.length) return null;
  return h("ul", { class: "plain rating-changes", "data-rating-changes": "" },
    game.rating_changes.map((c) => h("li", { "data-rating-change": c.seat, class: c.diff >= 0 ? "up" : "down" },
      `${T.ratings.title} `, T.ratings.change(nameOf(game, c.seat), c.before, T.ratings.short(c.after, c.provisional), c.diff))));
}

export function endScreen(ctx) {
  const { game, content } = ctx;
  const result = game.result || ctx.view?.result;
  if (!result) return h("div", {});
  const { seats, rows, totals } = scoreRows(result, content);
  const winners = result.winners || [];
  const head = winners.length > 1 ? T.end.tie : T.end.winner(nameOf(game, winners[0]));
  const table = h("table", { class: "score-table", "data-score": "" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, T.end.part)), seats.map((s) => h("th", { class: winners.includes(s) ? "win" : "" }, nameOf(game, s))))),
    h("tbody", {}, rows.map(([label, vals]) => h("tr", {}, h("td", {}, label), vals.map((v) => h("td", {}, String(v)))))),
    h("tfoot", {}, h("tr", {}, h("td", {}, T.end.total), totals.map((v, i) => h("td", { class: winners.includes(seats[i]) ? "win" : "", "data-total": seats[i] }, String(v))))));
  return h("div", { class: "end-screen", "data-end": "" },
    h("h2", {}, T.end.title),
    h("div", { class: "end-crown" }, resIcon("aanzien", 28), " ", head),
    table,
    h("p", { class: "small muted" }, reasonText(result.reason)),
    ratingLines(game),
    game.seed ? h("p", { class: "small muted" }, `${T.end.seed}: `, h("code", {}, game.seed)) : null,
    h("p", { class: "row" }, h("a", { class: "btn btn-small", href: `#/partij/${game.id}`, "data-action": "record" }, T.seeing.recordBtn),
      h("a", { class: "btn btn-small", href: `#/terugkijken/${game.id}`, "data-action": "replay" }, T.seeing.replayBtn)));
}
