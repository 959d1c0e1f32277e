// Hex geometry for the screen: axial (q, r), pointy-top, r grows downwards.
// Sides are numbered clockwise from east: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE (docs/design.md#hex-coordinates).
export const SQRT3 = Math.sqrt(3);
export const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

export const key = (h) => `${h[0]},${h[1]}`;
export const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
export const neighbour = (h, side) => [h[0] + DIRS[side][0], h[1] + DIRS[side][1]];
export const neighbours = (h) => DIRS.map((_, d) => neighbour(h, d));

export function distance(a, b) {
  const dq = a[0] - b[0], dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export const sidesOf = (mask) => [0, 1, 2, 3, 4, 5].filter((d) => (mask >> d) & 1);

// Clockwise (rechtsom, "cw") by `sides` sides; negative turns counter-clockwise.
export function rotateMask(mask, sides) {
  const n = ((sides % 6) + 6) % 6;
  return ((mask << n) | (mask >> (6 - n))) & 63;
}

// The centre of a hex in pixels.
export function toPixel(h, size) {
  return [size * SQRT3 * (h[0] + h[1] / 2), size * 1.5 * h[1]];
}

// The hex under a pixel (cube rounding).
export function fromPixel(x, y, size) {
  const q = ((SQRT3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  let rx = Math.round(q), rz = Math.round(r), ry = Math.round(-q - r);
  const dx = Math.abs(rx - q), dz = Math.abs(rz - r), dy = Math.abs(ry + q + r);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dz > dy) rz = -rx - ry;
  return [rx, rz];
}

// Corner i sits at angle 60*i - 30 degrees; side d lies between corners d and d+1.
export function corner(i, size) {
  const a = (Math.PI / 180) * (60 * i - 30);
  return [size * Math.cos(a), size * Math.sin(a)];
}

export function hexPoints(size, cx = 0, cy = 0) {
  return [0, 1, 2, 3, 4, 5]
    .map((i) => corner(i, size))
    .map(([x, y]) => `${(cx + x).toFixed(2)},${(cy + y).toFixed(2)}`)
    .join(" ");
}

// The middle of side d, relative to the hex centre.
export function edgeMid(side, size) {
  const a = (Math.PI / 180) * (60 * side);
  const d = (size * SQRT3) / 2;
  return [d * Math.cos(a), d * Math.sin(a)];
}
