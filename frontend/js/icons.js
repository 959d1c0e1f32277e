// Inline SVG icons: resources, tokens, houses, pawns, trading posts, dice, card figures.
// Player colours come with a shape (seat 0 round and solid, seat 1 a diamond, hatched) so
// colour is never the only difference.
import { s } from "./dom.js";
import { T } from "./strings.js";

export const SEAT_CLASS = ["seat0", "seat1"];

// Shared definitions (patterns), added once to the page.
export function installDefs() {
  if (document.getElementById("dw-defs")) return;
  const svg = s("svg", { id: "dw-defs", width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" },
    s("defs", {},
      s("pattern", { id: "hatch1", width: 4, height: 4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("rect", { width: 4, height: 4, class: "hatch-bg" }),
        s("line", { x1: 0, y1: 0, x2: 0, y2: 4, class: "hatch-line" })),
      s("pattern", { id: "cobbles", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 8, height: 8, class: "cobble-bg" }),
        s("circle", { cx: 2, cy: 2, r: 1.6, class: "cobble" }),
        s("circle", { cx: 6, cy: 6, r: 1.6, class: "cobble" })),
      s("filter", { id: "goldglow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
        s("feGaussianBlur", { stdDeviation: 3, result: "b" }),
        s("feMerge", {}, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" }))),
    ));
  document.body.prepend(svg);
}

// A small standalone <svg> around an icon, for use in HTML.
export function inlineIcon(node, size = 20, label = null) {
  const attrs = { class: "icon", width: size, height: size, viewBox: "-11 -11 22 22" };
  if (label) { attrs.role = "img"; attrs["aria-label"] = label; } else attrs["aria-hidden"] = "true";
  return s("svg", attrs, node);
}

const STAR = "M0,-8 L2.3,-2.6 L8,-2.5 L3.6,1.2 L5,7 L0,3.8 L-5,7 L-3.6,1.2 L-8,-2.5 L-2.3,-2.6 Z";

export function resourceIcon(res, attrs = {}) {
  const g = s("g", { ...attrs, class: `res-icon res-${res} ${attrs.class || ""}` });
  if (res === "geld") {
    g.append(s("circle", { class: "fill", r: 8 }), s("circle", { class: "line", r: 5.2 }),
      s("text", { class: "glyph", y: 3.2 }, "ƒ"));
  } else if (res === "relaties") {
    g.append(s("circle", { class: "line thick", cx: -3, r: 5 }), s("circle", { class: "line thick", cx: 3, r: 5 }));
  } else if (res === "reputatie") {
    g.append(s("path", { class: "fill", d: STAR }));
  } else if (res === "gunst") {
    g.append(s("path", { class: "fill", d: "M0,7 C-9,0 -8,-8 -3.5,-7.5 C-1.5,-7.3 0,-5.5 0,-4 C0,-5.5 1.5,-7.3 3.5,-7.5 C8,-8 9,0 0,7 Z" }));
  } else if (res === "aanzien") {
    g.append(s("path", { class: "fill", d: "M-8,5 L-8,-4 L-4,0 L0,-7 L4,0 L8,-4 L8,5 Z" }),
      s("rect", { class: "line", x: -8, y: 5, width: 16, height: 2.5 }));
  } else if (res === "dice") {
    g.append(s("rect", { class: "die-face", x: -7.5, y: -7.5, width: 15, height: 15, rx: 3 }),
      s("circle", { class: "pip", cx: -3.5, cy: -3.5, r: 1.5 }), s("circle", { class: "pip", r: 1.5 }),
      s("circle", { class: "pip", cx: 3.5, cy: 3.5, r: 1.5 }));
  } else if (res === "cards") {
    g.append(s("rect", { class: "card-back", x: -6, y: -8, width: 10, height: 14, rx: 1.5, transform: "rotate(-10)" }),
      s("rect", { class: "card-front", x: -3, y: -7, width: 10, height: 14, rx: 1.5, transform: "rotate(8)" }));
  } else {
    g.append(s("circle", { class: "fill", r: 6 }));
  }
  return g;
}

const TOKEN_GLYPHS = {
  beurs: "M-4,-3 L4,-3 L6,5 L-6,5 Z M-2,-3 L-3,-6 L3,-6 L2,-3",
  bode: "M-6,-4 L6,-4 L6,5 L-6,5 Z M-6,-4 L0,1 L6,-4",
  zegelring: "M0,-6 a6,6 0 1,0 0.01,0 Z M0,-3 a3,3 0 1,0 0.01,0 Z",
  gunstbrief: "M-6,-4 L6,-4 L6,5 L-6,5 Z M-6,-4 L0,1 L6,-4",
  voorval: STAR,
  tolpoort: "M-6,5 L-6,-5 M6,5 L6,-5 M-6,-1 L6,-1",
  herberg: "M-4,-5 L3,-5 L3,6 L-4,6 Z M3,-2 Q7,-2 7,1 Q7,4 3,4",
};
const TOKEN_ALIASES = { verloren_beurs: "beurs", gunstig_voorval: "voorval" };

export function tokenIcon(kind, attrs = {}) {
  const k = TOKEN_ALIASES[kind] || kind;
  const g = s("g", { ...attrs, class: `token token-${k}` });
  g.append(s("circle", { class: "token-coin", r: 10 }));
  g.append(s("path", { class: "token-glyph", d: TOKEN_GLYPHS[k] || STAR, transform: "scale(0.85)" }));
  if (k === "gunstbrief") g.append(s("circle", { class: "token-seal", cy: 1, r: 2 }));
  return g;
}

export function houseIcon(house, attrs = {}) {
  const g = s("g", { ...attrs, class: `house-icon house-${house}` });
  if (house === "kerk") {
    g.append(s("path", { class: "facade", d: "M-14,12 L-14,-2 L-4,-10 L-4,-16 L0,-22 L4,-16 L4,-10 L14,-2 L14,12 Z" }),
      s("path", { class: "detail", d: "M0,-27 L0,-21 M-2.5,-25 L2.5,-25 M-3,12 L-3,4 Q0,0 3,4 L3,12" }));
  } else if (house === "molens") {
    g.append(s("path", { class: "facade", d: "M-8,12 L-5,-8 L5,-8 L8,12 Z" }),
      s("path", { class: "detail sails", d: "M0,-10 L-13,-23 M0,-10 L13,-23 M0,-10 L-13,3 M0,-10 L13,3" }),
      s("circle", { class: "detail-fill", cy: -10, r: 2 }));
  } else {
    // a stepped gable, the Dutch town house
    g.append(s("path", { class: "facade", d: "M-13,12 L-13,-4 L-10,-4 L-10,-9 L-6,-9 L-6,-14 L-2,-14 L-2,-18 L2,-18 L2,-14 L6,-14 L6,-9 L10,-9 L10,-4 L13,-4 L13,12 Z" }),
      s("path", { class: "detail", d: "M-3,12 L-3,5 Q0,2 3,5 L3,12 M-8,-1 L-4,-1 L-4,3 L-8,3 Z M4,-1 L8,-1 L8,3 L4,3 Z M-1.5,-10 L1.5,-10 L1.5,-7 L-1.5,-7 Z" }));
  }
  return g;
}

// A pawn: seat 0 a round head on a solid body; seat 1 a diamond head, hatched body.
export function pawnShape(seat, pawn) {
  const g = s("g", { class: `pawn ${SEAT_CLASS[seat]}` });
  const inner = s("g", { class: "pawn-body" });
  if (seat === 0) {
    inner.append(s("path", { class: "pawn-fill", d: "M-8,11 Q-8,1 -3.5,-1.5 A5.5,5.5 0 1,1 3.5,-1.5 Q8,1 8,11 Z" }));
  } else {
    inner.append(s("path", { class: "pawn-fill", d: "M-8,11 L-5,-1 L-1,-1 L-6,-7 L0,-14 L6,-7 L1,-1 L5,-1 L8,11 Z" }));
  }
  inner.append(s("text", { class: "pawn-no", y: 9 }, String(pawn)));
  g.append(s("ellipse", { class: "pawn-shadow", cy: 11, rx: 9, ry: 2.5 }), inner);
  return g;
}

export function postShape(seat, attrs = {}) {
  const g = s("g", { ...attrs, class: `post ${SEAT_CLASS[seat]}` });
  if (seat === 0) g.append(s("circle", { class: "post-fill", r: 5.5 }), s("circle", { class: "post-dot", r: 1.8 }));
  else g.append(s("path", { class: "post-fill", d: "M0,-6.5 L6.5,0 L0,6.5 L-6.5,0 Z" }));
  return g;
}

export function seatBadge(seat, size = 18) {
  return inlineIcon(postShape(seat, { transform: "scale(1.5)" }), size);
}

// A circular arrow for the rotate knobs: "ccw" turns left (⟲), "cw" right (⟳).
export function arrowIcon(dir, r) {
  const k = r * 0.55;
  const flip = dir === "cw" ? 1 : -1;
  return s("g", { class: "knob-arrow", transform: `scale(${flip * k / 10},${k / 10})` },
    s("path", { d: "M-7,5 A8,8 0 1,1 6,5.5", class: "arc" }),
    s("path", { d: "M6,1 L6.5,6.5 L1,6", class: "arc" }));
}

// Card figures: a solid figure is you, an open one your opponent.
export function figure(solid) {
  return s("g", { class: `figure ${solid ? "solid" : "open"}` },
    s("circle", { cy: -4.5, r: 3.2 }),
    s("path", { d: "M-5.5,8 Q-5.5,-0.5 0,-0.5 Q5.5,-0.5 5.5,8 Z" }));
}

export function figuresIcon(affects) {
  const svg = s("svg", { class: "icon figures", width: affects === "both" ? 30 : 16, height: 18,
    viewBox: affects === "both" ? "-8 -9 30 18" : "-8 -9 16 18", role: "img",
    "aria-label": T.figures[affects] || T.figures.self });
  if (affects === "both") { svg.append(figure(true)); const o = figure(false); o.setAttribute("transform", "translate(14,0)"); svg.append(o); }
  else svg.append(figure(affects !== "opponent"));
  return svg;
}

export function dieFace(value, attrs = {}) {
  const P = { 1: [[0, 0]], 2: [[-4, -4], [4, 4]], 3: [[-4, -4], [0, 0], [4, 4]],
    4: [[-4, -4], [4, -4], [-4, 4], [4, 4]], 5: [[-4, -4], [4, -4], [0, 0], [-4, 4], [4, 4]],
    6: [[-4, -4.5], [4, -4.5], [-4, 0], [4, 0], [-4, 4.5], [4, 4.5]] };
  const svg = s("svg", { class: `die ${attrs.class || ""}`, width: attrs.size || 40, height: attrs.size || 40,
    viewBox: "-10 -10 20 20", role: "img", "aria-label": String(value) });
  svg.append(s("rect", { class: "die-face", x: -9, y: -9, width: 18, height: 18, rx: 3.5 }));
  for (const [x, y] of P[value] || []) svg.append(s("circle", { class: "pip", cx: x, cy: y, r: 1.7 }));
  return svg;
}
