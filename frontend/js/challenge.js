// Challenges: the "Uitdagen" button and its small form (the new-game form's time control,
// rated or not) on a player's page and the leaderboard's rows, and the lobby's lists of open
// challenges (incoming: accept, decline with a reason; outgoing: cancel), each with its time
// control and the time left before it expires. Server: /api/challenges/ (docs/api.md).
import { h, clear } from "./dom.js";
import { T } from "./strings.js";
import * as api from "./api.js";
import { modal, showError, toast } from "./ui.js";
import { loadContent } from "./content.js";
import { timeControlField } from "./timecontrol.js";
import { controlChip } from "./panels/clocks.js";

// The window event app.js fires when a notice about a challenge reaches the bell.
export const CHALLENGE_NOTE = "dw-challenge-note";

const REASONS = ["none", "generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual", "no_bot", "only_bot"];

// The button that opens the form for `player` ({username, display_name}).
export function challengeButton(player, cls = "btn btn-small") {
  return h("button", { class: cls, type: "button", "data-action": "challenge", "data-challenge-to": player.username,
    onclick: () => openChallengeForm(player) }, T.challenge.button);
}

// The form in a modal: time control (the new-game form's field), rated, send.
export async function openChallengeForm(player) {
  const C = T.challenge;
  const name = player.display_name || player.username;
  const time = timeControlField((await loadContent()).timeControls);
  const rated = h("input", { type: "checkbox", name: "rated", id: "f-challenge-rated" });
  const send = h("button", { class: "btn btn-primary", type: "submit" }, C.send);
  const form = h("form", { class: "challenge-form", "data-form": "challenge" },
    time.el,
    h("label", { class: "check" }, rated, " ", T.ratings.rated),
    h("div", { class: "row" }, send));
  const m = modal(C.title(name), form, { className: "challenge-dialog" });
  form.querySelector("#f-time")?.focus();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    send.disabled = true;
    time.showError(null);
    try {
      await api.challenge(player.username, time.value(), rated.checked);
      m.close();
      toast(C.sent(name));
    } catch (err) {
      const refusal = err.data?.errors?.time_control;
      if (refusal) time.showError([refusal].flat().join(" "));
      else showError(err);
    } finally {
      send.disabled = false;
    }
  });
  return m;
}

// Ask why, from the fixed list (radio buttons: arrow keys choose, Enter sends).
function askReason() {
  const C = T.challenge;
  return new Promise((resolve) => {
    let chosen = null;
    const choice = (value) => h("label", {},
      h("input", { type: "radio", name: "decline-reason", value, checked: value === "none" }), " ", C.reasons[value]);
    const send = h("button", { class: "btn btn-primary", type: "submit" }, C.declineSend);
    const form = h("form", { class: "decline-form", "data-form": "decline" },
      h("fieldset", { class: "choice-list" }, h("legend", {}, C.reasonLegend), ...REASONS.map(choice)),
      h("div", { class: "row" }, send));
    const m = modal(C.declineTitle, form, { className: "decline-dialog", onClose: () => resolve(chosen) });
    form.querySelector("input[value=none]").focus();
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      chosen = form.querySelector("input[name=decline-reason]:checked")?.value || "none";
      m.close();
    });
  });
}

function left(c) {
  return T.challenge.left(new Date(c.expires_at).getTime() - Date.now());
}

function sub(c) {
  return h("div", { class: "sub" }, controlChip(c) || "", ` · ${c.rated ? T.ratings.ratedBadge : T.ratings.casual}`,
    " · ", h("span", { "data-expires": c.expires_at }, left(c)));
}

// The lobby's section: open challenges to me and from me. `reload` asks the server again;
// accepting goes straight into the game.
export function challengeSection(go) {
  const C = T.challenge;
  const incoming = h("ul", { class: "game-list", "data-list": "challenges-in" }, h("li", { class: "muted" }, T.loading));
  const outgoing = h("ul", { class: "game-list", "data-list": "challenges-out" }, h("li", { class: "muted" }, T.loading));
  const el = h("section", { class: "sheet", "data-challenges": "" }, h("h2", {}, C.section),
    h("h3", {}, C.incoming), incoming, h("h3", {}, C.outgoing), outgoing);
  const act = (label, cls, action, run) => {
    const b = h("button", { class: `btn btn-small ${cls}`, type: "button", "data-action": action }, label);
    b.addEventListener("click", async () => {
      b.disabled = true;
      try { await run(); } catch (err) { showError(err); reload(); } finally { b.disabled = false; }
    });
    return b;
  };
  function show(data) {
    clear(incoming);
    clear(outgoing);
    const ins = data?.incoming || [], outs = data?.outgoing || [];
    if (!ins.length) incoming.append(h("li", { class: "muted" }, C.noneIncoming));
    if (!outs.length) outgoing.append(h("li", { class: "muted" }, C.noneOutgoing));
    for (const c of ins) {
      incoming.append(h("li", { "data-challenge": c.id },
        h("div", {}, h("div", { class: "title" }, C.from(c.challenger.display_name)), sub(c)),
        h("div", { class: "row" },
          act(C.accept, "btn-primary", "accept-challenge", async () => {
            const r = await api.acceptChallenge(c.id);
            go(`/spel/${r.game}`);
          }),
          act(C.decline, "", "decline-challenge", async () => {
            const reason = await askReason();
            if (reason === null) return;
            await api.declineChallenge(c.id, reason);
            toast(C.declined);
            reload();
          }))));
    }
    for (const c of outs) {
      outgoing.append(h("li", { "data-challenge": c.id },
        h("div", {}, h("div", { class: "title" }, C.to(c.challenged.display_name)), sub(c)),
        act(C.cancel, "", "cancel-challenge", async () => {
          await api.cancelChallenge(c.id);
          toast(C.cancelled);
          reload();
        })));
    }
  }
  let asking = 0;
  async function reload() {
    const mine = ++asking;
    try {
      const data = await api.challenges();
      if (mine === asking) show(data);
    } catch (err) { showError(err); }
  }
  return { el, reload };
}
