// The game screen's live region: short sentences a screen reader reads out when
// something changes that the eye would see on the board (the opponent's move, the phase,
// the route's cost, the tile under the keyboard cursor). Its sentences live here, in Dutch
// (A_NL) and English (A_EN) with the same keys; A is the client's language.
import { h } from "./dom.js";
import { T, LANG } from "./strings.js";

export const A_NL = {
  gameTitle: (id) => `Dwaalhof, partij ${id}`,
  boardHelp:
    "Speelbord. Pijltjes: van tegel naar tegel. Enter: pion kiezen of stap zetten. " +
    "L en R: gekozen tegel linksom of rechtsom draaien. I: tegelvenster. Backspace: stap terug.",
  gold: "hier kun je heen",
  chosenTile: "gekozen tegel",
  pawns: (list) => `pionnen: ${list}`,
  yours: "jij",
  pawnChosen: (role) => `${role} gekozen`,
  route: (steps, rel, left) =>
    `Route: ${T.walk.steps(steps)}${rel ? ` en ${T.walk.rel(rel)}` : ""}, ${T.walk.stepsLeft(left)}`,
  phase: (round, phase, who) => `Ronde ${round}, fase ${T.phaseNo[phase] || ""} · ${T.phases[phase] || phase}. ${who}`,
  yourTurn: "Jij bent aan zet.",
  theirTurn: (name) => `${name} is aan zet.`,
  did: (name, what) => `${name} ${what}.`,
  moves: {
    take_card: () => "nam een kaart van de hofmarkt",
    take_task: () => "nam een opdracht",
    roll_walk: () => "wierp de loopdobbelstenen",
    buy_step: () => "kocht een stap",
    walk: (m, e, place) => `liep met de ${T.roles[m.pawn]} naar ${place(lastHex(m))}`,
    clear: () => "ontgon een veld",
    end_walk: () => "is klaar met lopen",
    choose: (m) => (m.action === "court" ? `koos met de ${T.roles[m.pawn]} de hofactie`
      : m.action === "resource" ? `koos met de ${T.roles[m.pawn]} de grondstof` : `liet de ${T.roles[m.pawn]} niets doen`),
    buy_office: () => "kocht een hofambt",
    buy_foundation: () => "kocht een stichting",
    end_actions: () => "is klaar met de acties",
    buy_die: () => "kocht een dobbelsteen",
    roll: () => "wierp de dobbelstenen",
    bend: () => "boog de worp met gunst",
    lock: () => "legde de worp vast",
    activate: () => "speelde een kaart open",
    settle: () => "rekende de worp af",
    discard: () => "legde een kaart af",
    end_turn: () => "gaf de beurt door",
  },
};

export const A_EN = {
  gameTitle: (id) => `Dwaalhof, game ${id}`,
  boardHelp:
    "Board. Arrows: from tile to tile. Enter: choose a pawn or take a step. " +
    "L and R: rotate the chosen tile anticlockwise or clockwise. I: tile window. Backspace: step back.",
  gold: "you can go here",
  chosenTile: "chosen tile",
  pawns: (list) => `pawns: ${list}`,
  yours: "you",
  pawnChosen: (role) => `${role} chosen`,
  route: (steps, rel, left) =>
    `Route: ${T.walk.steps(steps)}${rel ? ` and ${T.walk.rel(rel)}` : ""}, ${T.walk.stepsLeft(left)}`,
  phase: (round, phase, who) => `Round ${round}, phase ${T.phaseNo[phase] || ""} · ${T.phases[phase] || phase}. ${who}`,
  yourTurn: "Your move.",
  theirTurn: (name) => `${name} to move.`,
  did: (name, what) => `${name} ${what}.`,
  moves: {
    take_card: () => "took a card from the court market",
    take_task: () => "took a task",
    roll_walk: () => "rolled the walking dice",
    buy_step: () => "bought a step",
    walk: (m, e, place) => `walked the ${T.roles[m.pawn]} to ${place(lastHex(m))}`,
    clear: () => "cleared a field",
    end_walk: () => "is done walking",
    choose: (m) => (m.action === "court" ? `chose the court action with the ${T.roles[m.pawn]}`
      : m.action === "resource" ? `chose the resource with the ${T.roles[m.pawn]}` : `let the ${T.roles[m.pawn]} do nothing`),
    buy_office: () => "bought a court office",
    buy_foundation: () => "bought a foundation",
    end_actions: () => "is done with the actions",
    buy_die: () => "bought a die",
    roll: () => "rolled the dice",
    bend: () => "bent the roll with favour",
    lock: () => "locked the roll",
    activate: () => "played a card",
    settle: () => "settled the roll",
    discard: () => "discarded a card",
    end_turn: () => "passed the turn",
  },
};

export const A = LANG === "en" ? A_EN : A_NL;

function lastHex(move) {
  let at = null;
  for (const st of move.plan || []) if (st.enter || st.cross) at = st.enter || st.cross;
  return at;
}

// One entry of the log in words, or "" when there is nothing to say about it.
export function moveSentence(name, entry, place) {
  const say = A.moves[entry.move?.type];
  return say ? A.did(name, say(entry.move, entry, place)) : "";
}

// The region itself: polite, so it waits until the reader is quiet.
export function liveRegion() {
  const el = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "data-live": "" });
  let last = "";
  return {
    el,
    say(text) {
      if (!text) return;
      // the same sentence twice would not be read again: nudge it
      el.textContent = text === last ? `${text}\u00a0` : text;
      last = el.textContent;
    },
  };
}
