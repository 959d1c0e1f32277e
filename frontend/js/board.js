// The board as SVG: tiles, roads, houses, tokens, posts, pawns and the planning overlay.
// Drawing only; pointer input lives in boardinput.js. Colours live in css/main.css.
import { s, clear } from "./dom.js";
import {
  key, toPixel, hexPoints, edgeMid, corner, sidesOf,
} from "./hexlayout.js";
import { T } from "./strings.js";
import { houseName, houseResource } from "./content.js";
import { resourceIcon, tokenIcon, houseIcon, pawnShape, postShape, arrowIcon } from "./icons.js";

export const SIZE = 40; // hex radius in SVG units
const PAWN_SCALE = 1.2;

// Where the pawns on one hex stand, by how many there are.
const SPOTS = {
  1: [[0, 0]],
  2: [[-0.3, 0.05], [0.3, 0.05]],
  3: [[-0.32, 0.12], [0.32, 0.12], [0, -0.28]],
  4: [[-0.3, -0.22], [0.3, -0.22], [-0.3, 0.26], [0.3, 0.26]],
  5: [[-0.36, -0.2], [0.36, -0.2], [-0.42, 0.28], [0.42, 0.28], [0, 0.1]],
  6: [[-0.38, -0.24], [0, -0.36], [0.38, -0.24], [-0.38, 0.28], [0, 0.34], [0.38, 0.28]],
};

export function boardBounds(view) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const t of view.board) {
    const [x, y] = toPixel(t.hex, SIZE);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = SIZE * 1.05;
  return [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
}

// Road: two openings bend through the centre; otherwise spokes meet at a hub.
function roadPath(openings) {
  const sides = sidesOf(openings);
  if (sides.length === 0) return "";
  const m = sides.map((d) => edgeMid(d, SIZE));
  if (sides.length === 2) {
    return `M${m[0][0].toFixed(2)},${m[0][1].toFixed(2)} Q0,0 ${m[1][0].toFixed(2)},${m[1][1].toFixed(2)}`;
  }
  return m.map(([x, y]) => `M${x.toFixed(2)},${y.toFixed(2)} L0,0`).join(" ");
}

function tileBase(t) {
  const cls = ["tile-base", `k-${t.kind}`];
  if (t.cleared) cls.push("cleared");
  return s("polygon", { class: cls.join(" "), points: hexPoints(SIZE) });
}

function drawRoad(g, openings, bridge) {
  const d = roadPath(openings);
  if (!d) return;
  g.append(s("path", { class: bridge ? "bridge-edge" : "road-edge", d }));
  g.append(s("path", { class: bridge ? "bridge-deck" : "road", d }));
  if (bridge) g.append(s("path", { class: "bridge-planks", d }));
  if (!bridge && sidesOf(openings).length !== 2) {
    g.append(s("circle", { class: "road-hub", r: SIZE * 0.15 }));
  }
}

function drawWater(g) {
  for (const [y, w] of [[-14, 20], [0, 26], [14, 18]]) {
    g.append(s("path", {
      class: "wave",
      d: `M${-w / 2},${y} q${w / 8},-4 ${w / 4},0 t${w / 4},0 t${w / 4},0 t${w / 4},0`,
    }));
  }
}

function drawForest(g) {
  for (const [x, y, r] of [[-13, -6, 10], [10, -10, 9], [0, 9, 11], [15, 10, 7], [-15, 12, 7]]) {
    g.append(s("path", { class: "tree", d: `M${x},${y - r} L${x + r * 0.8},${y + r * 0.7} L${x - r * 0.8},${y + r * 0.7} Z` }));
    g.append(s("line", { class: "trunk", x1: x, y1: y + r * 0.7, x2: x, y2: y + r }));
  }
}

function drawField(g) {
  for (const y of [-18, -9, 0, 9, 18]) {
    const w = 30 - Math.abs(y) * 0.6;
    g.append(s("line", { class: "furrow", x1: -w, y1: y, x2: w, y2: y + 3 }));
  }
}

function drawPlaza(g) {
  g.append(s("polygon", { class: "plaza-stones", points: hexPoints(SIZE * 0.72) }));
  g.append(s("path", { class: "plaza-tower", d: "M-7,8 L-7,-10 L-9,-10 L-9,-14 L-4,-14 L-4,-12 L-1,-12 L-1,-14 L1,-14 L1,-12 L4,-12 L4,-14 L9,-14 L9,-10 L7,-10 L7,8 Z M-2,8 L-2,1 Q0,-2 2,1 L2,8 Z" }));
  g.append(s("text", { class: "tile-label", y: SIZE * 0.55 }, T.kinds.plaza));
}

// The stone toll gate with its golden bar (also drawn in the legend).
export function tollGate(attrs = {}) {
  return s("g", { class: "toll-gate", ...attrs },
    s("rect", { class: "toll-tower", x: -15, y: -10, width: 7, height: 14, rx: 1 }),
    s("rect", { class: "toll-tower", x: 8, y: -10, width: 7, height: 14, rx: 1 }),
    s("rect", { class: "toll-bar", x: -8, y: -5, width: 16, height: 3.5 }),
    s("text", { class: "toll-two", y: 16 }, "2"),
  );
}

function drawToll(g) {
  g.append(tollGate({ transform: `translate(0,${-SIZE * 0.05}) scale(1.35)` }));
}

function drawHouse(g, t, view, content) {
  const house = view.houses?.[t.house] || {};
  const res = houseResource(t.house, content);
  g.append(s("polygon", { class: `house-ground res-${res}`, points: hexPoints(SIZE * 0.86) }));
  g.append(houseIcon(t.house, { transform: "translate(0,3) scale(0.9)" }));
  // trading posts at the left and right shoulders
  (house.posts || []).forEach((seat) => {
    const [x, y] = seat === 0 ? [-SIZE * 0.64, -SIZE * 0.16] : [SIZE * 0.64, -SIZE * 0.16];
    g.append(postShape(seat, { transform: `translate(${x},${y}) scale(1.15)` }));
  });
  if (view.event_closed === t.house) {
    g.append(s("g", { class: "closed-mark" },
      s("polygon", { points: hexPoints(SIZE * 0.86) }),
      s("line", { x1: -24, y1: -24, x2: 24, y2: 24 }),
      s("line", { x1: 24, y1: -24, x2: -24, y2: 24 })));
  }
}

// Smallest sizes on screen, in CSS pixels, for what a player reads on the board: a phone
// shows the whole board at about a third of its drawn size, and these still read there.
const LABEL_PX = { name: 10, court: 9, supply: 10, icon: 13 };
const BASE = { name: 10, court: 7, supply: 8, icon: 12 }; // their drawn size in board units

// A house's words and numbers (name, this game's court action, the resource it gives and
// its supply left), at least LABEL_PX on screen: on a small board they grow past the hex
// over its neighbours, so they lie in a layer above all tiles and never take a tap.
function houseLabels(t, view, content, ui) {
  const house = view.houses?.[t.house] || {};
  const res = houseResource(t.house, content);
  const grow = (what) => Math.max(1, (LABEL_PX[what] * ui) / BASE[what]);
  const [px, py] = toPixel(t.hex, SIZE);
  const g = s("g", { class: "house-labels", "data-house-labels": t.house, "data-label-hex": key(t.hex), transform: `translate(${px.toFixed(2)},${py.toFixed(2)})` });
  const name = BASE.name * grow("name");
  const court = BASE.court * grow("court");
  const badge = grow("supply");
  const icon = grow("icon");
  // the resource it gives (left shoulder) and its supply left (right shoulder), the court
  // action over them (one or two lines), the name under the middle
  const shoulder = -4;
  const side = SIZE * 0.62;
  g.append(resourceIcon(res, { transform: `translate(${(-side).toFixed(1)},${shoulder}) scale(${(0.72 * icon).toFixed(2)})` }));
  if (house.supply !== undefined) {
    g.append(s("g", { class: "supply-badge", "data-supply": house.supply, transform: `translate(${side.toFixed(1)},${shoulder}) scale(${badge.toFixed(2)})` },
      s("circle", { r: 7.5 }), s("text", { y: 3 }, String(house.supply))));
  }
  const ca = house.court_action;
  if (ca) {
    const lines = twoLines(content.courtName(ca));
    const last = Math.min(-SIZE * 0.42, shoulder - 7.5 * badge - 1.5);
    lines.forEach((line, i) => g.append(s("text", {
      class: "court-name", y: (last - (lines.length - 1 - i) * court * 1.05).toFixed(1),
      style: `font-size:${court.toFixed(1)}px;stroke-width:${(court * 0.28).toFixed(1)}px`,
    }, line)));
  }
  g.append(s("text", {
    class: "house-name", y: Math.max(SIZE * 0.6, shoulder + 7.5 * badge + name * 0.8).toFixed(1),
    style: `font-size:${name.toFixed(1)}px;stroke-width:${(name * 0.24).toFixed(1)}px`,
  }, houseName(t.house)));
  return g;
}

// Split a name over at most two lines of about 12 characters.
function twoLines(name) {
  if (name.length <= 12) return [name];
  const words = name.split(" ");
  let best = [name], bestLen = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" "), b = words.slice(i).join(" ");
    const len = Math.max(a.length, b.length);
    if (len < bestLen) { best = [a, b]; bestLen = len; }
  }
  return best.map((l) => (l.length > 14 ? l.slice(0, 13) + "…" : l));
}


// overlay: { glow:Set<key>, route:[hex], selectedTile:hex, infoTile:hex, refused:hex,
//            selectedPawn:{seat,pawn}, openings:Map<key,mask> (planned rotations),
//            pawnAt:Map<"seat-pawn", hex> (planned positions), uiScale: units per px }
export function renderBoard(svg, view, overlay, content) {
  const [x, y, w, hgt] = boardBounds(view);
  svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`);
  let root = svg.querySelector("g.board-root");
  if (!root) {
    root = s("g", { class: "board-root" });
    svg.append(root);
  }
  const layers = {};
  for (const name of ["tiles", "labels", "marks", "glow", "route", "hits", "pawns", "controls"]) {
    layers[name] = root.querySelector(`g.layer-${name}`) || root.appendChild(s("g", { class: `layer-${name}` }));
  }
  clear(layers.tiles); clear(layers.labels); clear(layers.marks); clear(layers.glow); clear(layers.route); clear(layers.hits); clear(layers.controls);

  // board units per screen pixel (the game screen passes it; else measured here)
  const rect = svg.getBoundingClientRect();
  const ui = overlay.uiScale || (rect.width ? Math.max(w / rect.width, hgt / (rect.height || rect.width)) : 1);
  const tokens = new Map((view.tokens || []).map((t) => [key(t.hex), t.kind]));
  const plannedOpenings = overlay.openings || new Map();

  for (const t of view.board) {
    const [px, py] = toPixel(t.hex, SIZE);
    const k = key(t.hex);
    const g = s("g", {
      class: `tile k-${t.kind}${t.toll ? " toll" : ""}`,
      transform: `translate(${px.toFixed(2)},${py.toFixed(2)})`,
      "data-hex": k,
    });
    g.append(tileBase(t));
    const openings = plannedOpenings.has(k) ? plannedOpenings.get(k) : t.openings;
    g.setAttribute("data-openings", String(openings));
    if (t.kind === "water") drawWater(g);
    else if (t.kind === "forest") drawForest(g);
    else if (t.kind === "empty") drawField(g);
    else if (t.kind === "bridge") { drawWater(g); drawRoad(g, openings, true); }
    else if (t.kind === "path") drawRoad(g, openings, false);
    else if (t.kind === "plaza") drawPlaza(g);
    else if (t.kind === "house") {
      drawHouse(g, t, view, content);
      layers.labels.append(houseLabels(t, view, content, ui));
    }
    if (t.toll) drawToll(g);
    if (t.cleared) g.append(s("path", { class: "cleared-mark", d: "M-20,-20 l6,6 M-20,-14 l6,-6" }));
    if (plannedOpenings.has(k)) g.append(s("polygon", { class: "planned-rotation", points: hexPoints(SIZE * 0.94) }));
    if (tokens.has(k)) g.append(tokenIcon(tokens.get(k), { transform: `translate(${SIZE * 0.34},${-SIZE * 0.36})` }));
    layers.tiles.append(g);
  }

  // gold glow: where the pawn may go now
  for (const k of overlay.glow || []) {
    const [q, r] = k.split(",").map(Number);
    const [px, py] = toPixel([q, r], SIZE);
    layers.glow.append(s("polygon", { class: "glow", points: hexPoints(SIZE * 0.9, px, py), "data-hex": k }));
  }
  // refused neighbour under the finger: red dashed edge
  if (overlay.refused) {
    const [px, py] = toPixel(overlay.refused, SIZE);
    layers.glow.append(s("polygon", { class: "refused", points: hexPoints(SIZE * 0.88, px, py) }));
  }
  // the route drawn so far
  if (overlay.route && overlay.route.length > 1) {
    const pts = overlay.route.map((h) => toPixel(h, SIZE).map((v) => v.toFixed(1)).join(",")).join(" ");
    layers.route.append(s("polyline", { class: "route-shadow", points: pts }));
    layers.route.append(s("polyline", { class: "route", points: pts }));
    overlay.route.slice(1).forEach((h, i) => {
      const [px, py] = toPixel(h, SIZE);
      layers.route.append(s("circle", { class: "route-dot", cx: px, cy: py, r: 6 }));
      layers.route.append(s("text", { class: "route-no", x: px, y: py + 3 }, String(i + 1)));
    });
  }

  renderPawns(layers.pawns, view, overlay, ui);

  // the selected tile: outline, rotate knobs (upper corners), info coin (bottom corner)
  // Knobs and coin grow on a small screen, but never over a neighbour's centre. Each also
  // gets an invisible hit circle of at least TOUCH_PX across (docs/ui.md#the-direction-for-the-rest) in a layer under the
  // pawns, so a pawn or a visible control always wins where a margin covers it.
  // the keyboard cursor (shown by CSS only while the board has keyboard focus)
  if (overlay.cursor) {
    const [px, py] = toPixel(overlay.cursor, SIZE);
    layers.controls.append(s("polygon", { class: "kbd-cursor", points: hexPoints(SIZE * 0.92, px, py), "data-cursor": key(overlay.cursor) }));
  }
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  if (overlay.infoTile) {
    const [px, py] = toPixel(overlay.infoTile, SIZE);
    layers.controls.append(s("polygon", { class: "selected-tile", points: hexPoints(SIZE * 0.97, px, py) }));
    // The knobs sit inside the chosen tile's upper corners and the coin at its bottom, or,
    // where a neighbouring house's words reach over those corners (on a phone they grow past
    // their hex), the other way up, so those words stay readable (issue 28). The invisible
    // hit circles still give a finger 44 px.
    const knobR = clamp(22 * ui, SIZE * 0.26, SIZE * 0.32);
    const coinR = clamp(16 * ui, SIZE * 0.2, SIZE * 0.28);
    const layout = overlay.knobs ? controlLayout([px, py], knobR, coinR, layers.labels) : CONTROLS_UP;
    if (overlay.knobs) {
      const r = knobR;
      for (const [dir, [cx, cy]] of [["ccw", layout.ccw], ["cw", layout.cw]]) {
        const [x, y] = [px + cx, py + cy];
        layers.hits.append(hitCircle({ "data-knob": dir }, [cx, cy], [px, py], r, ui));
        layers.controls.append(s("g", {
          class: `knob knob-${dir}`, "data-knob": dir, role: "button",
          "aria-label": dir === "cw" ? T.walk.rotateRight : T.walk.rotateLeft,
          transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
        }, s("circle", { r }), arrowIcon(dir, r)));
      }
    }
    const r = coinR;
    const info = { "data-info": key(overlay.infoTile) };
    layers.hits.append(hitCircle(info, layout.coin, [px, py], r, ui));
    layers.controls.append(s("g", {
      class: "info-coin", ...info, role: "button", "aria-label": T.tile.title,
      transform: `translate(${px.toFixed(1)},${(py + layout.coin[1]).toFixed(1)})`,
    }, s("circle", { r }), s("text", { y: r * 0.38, "font-size": r * 1.1 }, "i")));
  }
}

// Where a chosen tile's controls may go, as offsets from its centre, in order of preference:
// the knobs in the upper corners and the info coin at the bottom; all of it the other way up;
// the knobs at the sides with the coin below or above.
const K = SIZE * 0.64;
const CONTROL_LAYOUTS = [
  { ccw: corner(4, K), cw: corner(0, K), coin: [0, SIZE * 0.6] },
  { ccw: corner(3, K), cw: corner(1, K), coin: [0, -SIZE * 0.6] },
  { ccw: [-SIZE * 0.58, 0], cw: [SIZE * 0.58, 0], coin: [0, SIZE * 0.6] },
  { ccw: [-SIZE * 0.58, 0], cw: [SIZE * 0.58, 0], coin: [0, -SIZE * 0.6] },
];
const CONTROLS_UP = CONTROL_LAYOUTS[0];

// The first layout whose controls lie over the fewest of the houses' words (their boxes in
// board units). The words are measured as drawn, so this needs the board laid out; where it
// is not (no boxes), the first layout stands.
function controlLayout([px, py], knobR, coinR, labels) {
  const boxes = [...labels.querySelectorAll("text")].map((t) => {
    const b = t.getBBox();
    const [dx, dy] = labelOffset(t);
    return { x: b.x + dx, y: b.y + dy, w: b.width, h: b.height };
  }).filter((b) => b.w > 0);
  const hits = (c, r) => boxes.filter((b) => {
    const nx = Math.max(b.x, Math.min(px + c[0], b.x + b.w)), ny = Math.max(b.y, Math.min(py + c[1], b.y + b.h));
    return Math.hypot(nx - px - c[0], ny - py - c[1]) < r;
  }).length;
  const cost = (l) => hits(l.ccw, knobR) + hits(l.cw, knobR) + hits(l.coin, coinR);
  let best = CONTROLS_UP, least = cost(best);
  for (const l of CONTROL_LAYOUTS.slice(1)) {
    if (least === 0) break;
    const c = cost(l);
    if (c < least) [best, least] = [l, c];
  }
  return best;
}

// A house label's translate (its group's), so its text box can be set in board units.
function labelOffset(text) {
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(text.closest("g.house-labels")?.getAttribute("transform") || "");
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

const TOUCH_PX = 44; // a finger's target on screen (docs/ui.md#the-direction-for-the-rest)
const KEEP_CLEAR = SIZE * 0.3; // around the selected tile's centre: the second tap there goes

// An invisible, tappable circle for a control of radius r at offset `at` from the selected
// tile's centre `tile`, carrying the control's data attribute (boardinput.js). At least
// TOUCH_PX across on screen (ui = SVG units per pixel); when that large it slides outwards
// along `at`, so it leaves the tile's centre free and the margins do not overlap.
function hitCircle(attrs, at, tile, r, ui) {
  const hitR = Math.max(r, (TOUCH_PX / 2) * ui);
  const d = Math.hypot(at[0], at[1]);
  const k = Math.max(d, hitR + KEEP_CLEAR) / d;
  return s("circle", {
    class: "hit", ...attrs, "aria-hidden": "true", r: hitR,
    cx: (tile[0] + at[0] * k).toFixed(1), cy: (tile[1] + at[1] * k).toFixed(1),
  });
}

// A pawn is about 11 x 15 px on a phone: each gets an invisible circle at least TOUCH_PX
// across (issue 28). Where the circle reaches over a neighbouring tile, the tile wins there
// (boardinput.js); between pawns on one hex the nearest middle wins, and the walk panel
// names each pawn on a button of its own.
const PAWN_MIDDLE = -1;

function renderPawns(layer, view, overlay, ui = 1) {
  const hitR = Math.max(12, (TOUCH_PX / 2 + 1) * ui / PAWN_SCALE); // +1: a margin for rounding
  const houseHexes = new Set(Object.values(view.houses || {}).map((hs) => key(hs.hex)));
  // group pawns by the hex they (are planned to) stand on
  const byHex = new Map();
  for (const p of view.players) {
    for (const [n, hex] of Object.entries(p.pawns || {})) {
      const id = `${p.seat}-${n}`;
      const at = overlay.pawnAt?.get(id) || hex;
      const k = key(at);
      if (!byHex.has(k)) byHex.set(k, []);
      byHex.get(k).push({ seat: p.seat, pawn: Number(n), hex: at, id });
    }
  }
  const seen = new Set();
  for (const list of byHex.values()) {
    list.sort((a, b) => a.seat - b.seat || a.pawn - b.pawn);
    const spots = SPOTS[Math.min(list.length, 6)];
    const onHouse = houseHexes.has(key(list[0].hex));
    list.forEach((pw, i) => {
      const [sx, sy] = spots[Math.min(i, spots.length - 1)];
      const [ox, oy] = onHouse ? [sx * 0.9, sy * 0.6 + 0.18] : [sx, sy];
      const [px, py] = toPixel(pw.hex, SIZE);
      const x = px + ox * SIZE, y = py + oy * SIZE;
      let g = layer.querySelector(`g[data-pawn="${pw.id}"]`);
      if (!g) {
        g = pawnShape(pw.seat, pw.pawn);
        g.setAttribute("data-pawn", pw.id);
        g.style.transform = `translate(${x}px, ${y}px) scale(${PAWN_SCALE})`;
        layer.append(g);
      }
      g.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) scale(${PAWN_SCALE})`;
      g.setAttribute("data-at", key(pw.hex));
      let hit = g.querySelector("circle.pawn-hit");
      if (!hit) { hit = s("circle", { class: "pawn-hit", "aria-hidden": "true", cy: PAWN_MIDDLE }); g.prepend(hit); }
      hit.setAttribute("r", hitR.toFixed(1));
      const sel = overlay.selectedPawn;
      g.classList.toggle("selected", !!sel && sel.seat === pw.seat && sel.pawn === pw.pawn);
      g.classList.toggle("mine", pw.seat === view.viewer);
      g.classList.toggle("rested", pw.seat === view.current && (view.turn?.rested || []).includes(pw.pawn));
      seen.add(pw.id);
    });
  }
  for (const g of [...layer.children]) if (!seen.has(g.getAttribute("data-pawn"))) g.remove();
}

