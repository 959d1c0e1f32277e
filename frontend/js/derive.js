// Numbers the panel shows before a decision, read from the view (and the content).
// Which moves are allowed always comes from the server's legal moves, never from here.
import { same } from "./hexlayout.js";
import { T } from "./strings-nl.js";

const POOL = [[18, 6], [12, 5], [7, 4], [3, 3]];
export const TIERS = [9, 11, 13];
export const ROLE_SHIFT = { 1: { geld: 1, reputatie: -1 }, 2: { reputatie: 1, relaties: -1 }, 3: { relaties: 1, geld: -1 } };
export const DIE_PRICES = [2, 4, 6];
export const BEND_COSTS = { reroll: 1, raise: 2, add: 3 };

// How a seat is called on screen: the computer, or the player's display name.
export function playerName(game, seat) {
  const p = (game.players || []).find((x) => x.seat === seat);
  if (!p) return T.opponent;
  return p.is_computer ? T.lobby.computer : p.display_name || p.username || T.opponent;
}

export function me(view) { return view.players.find((p) => p.seat === view.viewer) || null; }
export function other(view, seat) { return view.players.find((p) => p.seat !== seat); }

export function dicePool(player) {
  const rep = player?.resources?.reputatie || 0;
  for (const [at, n] of POOL) if (rep >= at) return n;
  return 2;
}

export function tileAt(view, hex) { return view.board.find((t) => same(t.hex, hex)) || null; }

export function houseAtHex(view, hex) {
  const t = tileAt(view, hex);
  return t && t.house ? { key: t.house, ...view.houses[t.house] } : null;
}

// The event's threshold shift this round, from the content (0 when unknown).
export function thresholdNow(base, view, content) {
  const ev = view.event ? content.event(view.event) : null;
  const shift = ev?.threshold_shift || 0;
  const i = TIERS.indexOf(base);
  if (i < 0 || !shift) return base;
  return TIERS[Math.min(Math.max(i + shift, 0), TIERS.length - 1)];
}

export function opponentPawnsAt(view, hex, seat) {
  const o = other(view, seat);
  return Object.values(o?.pawns || {}).filter((h) => same(h, hex)).length;
}

// Supply an action uses: resource 1, court 2, +1 where an opponent pawn stands.
export function supplyCost(action, view, hex, seat) {
  return (action === "court" ? 2 : 1) + (opponentPawnsAt(view, hex, seat) ? 1 : 0);
}

// "+1 reputatie per 3 ogen", with the role's shift for that resource (applied per action).
export function roleShift(pawn, resource) { return ROLE_SHIFT[pawn]?.[resource] || 0; }

