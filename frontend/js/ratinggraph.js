// A player's rating after each rated game as a small SVG line graph (no library): the band
// around the line is the deviation, so an unsure start shows as a wide band.
import { s } from "./dom.js";
import { T } from "./strings-nl.js";

const W = 560, H = 200, PAD = { left: 44, right: 12, top: 12, bottom: 24 };

export function ratingGraph(history) {
  const n = history.length;
  const label = T.profile.graphLabel(n, history[0]?.rating, history[n - 1]?.rating);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", role: "img", "aria-label": label, "data-rating-graph": "" });
  if (!n) return svg;
  const lows = history.map((p) => p.rating - p.deviation);
  const highs = history.map((p) => p.rating + p.deviation);
  let lo = Math.min(...history.map((p) => p.rating), ...lows.map((v) => Math.max(v, 0)));
  let hi = Math.max(...history.map((p) => p.rating), ...highs);
  lo = Math.floor(lo / 50) * 50; hi = Math.ceil(hi / 50) * 50;
  if (hi - lo < 100) { hi += 50; lo -= 50; }
  const x = (i) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  for (const v of [lo, (lo + hi) / 2, hi]) {
    svg.append(s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid" }),
      s("text", { x: PAD.left - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, String(Math.round(v))));
  }
  const band = history.map((p, i) => `${x(i)},${y(Math.min(hi, p.rating + p.deviation))}`)
    .concat(history.map((p, i) => `${x(i)},${y(Math.max(lo, p.rating - p.deviation))}`).reverse());
  svg.append(s("polygon", { points: band.join(" "), class: "band" }));
  // Each rating's own uncertainty, also where there is no band yet (one game).
  history.forEach((p, i) => svg.append(s("line", {
    x1: x(i), x2: x(i), y1: y(Math.min(hi, p.rating + p.deviation)), y2: y(Math.max(lo, p.rating - p.deviation)), class: "whisker",
  })));
  svg.append(s("polyline", { points: history.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }));
  history.forEach((p, i) => svg.append(s("circle", { cx: x(i), cy: y(p.rating), r: 3.5, class: "dot" },
    s("title", {}, `${p.rating} (±${p.deviation})`))));
  return svg;
}
