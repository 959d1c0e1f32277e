// Numbers the panel shows before a decision, read from the view (and the content): the
// server's view works them out with the engine's own rules (dice pool, next die's price,
// bend costs, this round's thresholds, supply costs with the surcharge), so nothing here
// repeats a rule. Which moves are allowed always comes from the server's legal moves.
import { same } from "./hexlayout.js";
import { T } from "./strings-nl.js";

// How a seat is called on screen: the computer, or the player's display name.
export function playerName(game, seat) {
  const p = (game.players || []).find((x) => x.seat === seat);
  if (!p) return T.opponent;
  return p.is_computer ? T.lobby.computer : p.display_name || p.username || T.opponent;
}

export function me(view) { return view.players.find((p) => p.seat === view.viewer) || null; }
export function other(view, seat) { return view.players.find((p) => p.seat !== seat); }

// The dice a player rolls from reputation alone (the view's `dice_pool`).
export function dicePool(player) { return player?.dice_pool ?? 0; }

export function tileAt(view, hex) { return view.board.find((t) => same(t.hex, hex)) || null; }

export function houseAtHex(view, hex) {
  const t = tileAt(view, hex);
  return t && t.house ? { key: t.house, ...view.houses[t.house] } : null;
}

// A house's court action threshold this round (the view has the event's shift applied).
export function thresholdNow(view, houseKey) { return view.houses?.[houseKey]?.threshold ?? "?"; }

export function opponentPawnsAt(view, hex, seat) {
  const o = other(view, seat);
  return Object.values(o?.pawns || {}).filter((h) => same(h, hex)).length;
}

// Supply an action ("resource" | "court") at a house would use for `seat`, surcharge included.
export function supplyCost(view, seat, houseKey, action) {
  const p = view.players.find((x) => x.seat === seat);
  return p?.supply_costs?.[houseKey]?.[action] ?? "?";
}
