// The replay viewer (#/terugkijken/<id>): a game stepped through move by move with the board
// drawn. A finished game shows everything, both hands too (the seed is public then); one's own
// running game shows what that seat saw, a spectator's what a spectator saw. The states come
// from GET /api/games/<id>/replay/?seq=N, the steps and their words from the history.
import { h, s, clear } from "../dom.js";
import { T } from "../strings-nl.js";
import { call } from "../api.js";
import { loadContent } from "../content.js";
import { renderBoard, boardBounds } from "../board.js";
import { plates, phaseBar } from "../panels/plates.js";
import { historyList } from "../panels/history.js";
import { loadHistory, stepLines, changeLines } from "../history.js";
import { playerName } from "../derive.js";

const S = T.seeing;

export async function mount(main, { args }) {
  const id = Number(args[0]);
  const content = await loadContent();
  main.append(h("p", { class: "loading" }, T.loading));
  let game, hist;
  try {
    [game, hist] = await Promise.all([call("GET", `/api/games/${id}/`), loadHistory(id)]);
  } catch (e) {
    clear(main).append(h("div", { class: "page" }, h("div", { class: "sheet" }, h("p", {}, e.dutch), h("a", { class: "btn", href: "#/" }, T.nav.lobby))));
    return null;
  }
  const steps = hist.steps;
  const states = new Map(); // seq -> replay answer
  let index = steps.length; // 0: the start; k: after step k
  let alive = true;

  const svg = s("svg", { class: "board", role: "img", "aria-label": T.boardLabel, "data-board": "" });
  const platesEl = h("div", {});
  const phaseEl = h("div", {});
  const counter = h("span", { class: "replay-count", "data-replay-count": "", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: steps.length, value: index, "aria-label": S.replayStep("", steps.length), "data-replay-slider": "" });
  const btn = (label, text, act, primary = false) => h("button", { class: `btn btn-small${primary ? " btn-primary" : ""}`, type: "button", title: label, "aria-label": label, "data-replay": act }, text);
  const first = btn(S.replayFirst, "«", "first");
  const prev = btn(S.replayPrev, "◀", "prev");
  const next = btn(S.replayNext, "▶", "next", true);
  const last = btn(S.replayLast, "»", "last");
  const now = h("div", { class: "replay-now", "data-replay-now": "" });
  const hands = h("div", { "data-replay-hands": "" });
  const listBox = h("div", { class: "replay-list" });
  const ctx = { game, view: null, content, viewer: hist.viewer };

  const head = h("div", { class: "replay-head" },
    h("h1", {}, S.replayTitle(id)),
    h("p", { class: "small muted" }, game.status === "finished" ? h("a", { href: `#/partij/${id}` }, S.recordBtn) : S.replaySoFar,
      game.status !== "finished" ? [" · ", h("a", { href: `#/spel/${id}` }, T.lobby.look)] : null));
  main.append(h("div", { class: "replay", "data-replay": id },
    h("div", { class: "replay-left" }, head, platesEl, phaseEl, h("div", { class: "board-wrap" }, svg),
      h("div", { class: "replay-controls row" }, first, prev, slider, next, last, counter)),
    h("aside", { class: "replay-side" }, now, hands,
      // the whole list is long on a phone: folded there, open beside the board
      h("details", { class: "replay-details", open: matchMedia("(min-width: 901px)").matches },
        h("summary", {}, S.historyTitle), listBox))));
  main.querySelector(".loading")?.remove();

  async function stateAt(seq) {
    if (!states.has(seq)) states.set(seq, await call("GET", `/api/games/${id}/replay/?seq=${seq}`));
    return states.get(seq);
  }

  async function show(i) {
    index = Math.max(0, Math.min(steps.length, i));
    const seq = index === 0 ? 0 : steps[index - 1].upto;
    const data = await stateAt(seq);
    if (!alive || index !== Math.max(0, Math.min(steps.length, i))) return;
    const v = data.view;
    ctx.view = v;
    main.querySelector("[data-replay]").dataset.seq = String(data.seq);
    clear(platesEl).append(plates(game, v, content));
    clear(phaseEl).append(phaseBar({ ...game, status: "finished" }, v));
    const [, , w, hgt] = boardBounds(v);
    main.querySelector(".replay").style.setProperty("--board-aspect", `${w} / ${hgt}`);
    renderBoard(svg, v, { glow: new Set() }, content);
    counter.textContent = index === 0 ? S.replayStart : S.replayStep(index, steps.length);
    slider.value = String(index);
    first.disabled = prev.disabled = index === 0;
    next.disabled = last.disabled = index === steps.length;
    const step = steps[index - 1];
    clear(now).append(step
      ? h("div", {}, stepLines(step, ctx).map((l) => h("p", { "data-entry": l.type }, l.text)),
        changeLines(step.changes, ctx).map((c) => h("p", { class: "small muted" }, c.text)))
      : h("p", {}, S.replayStartState));
    clear(hands);
    if (data.revealed) {
      hands.append(h("h2", {}, index === steps.length ? S.replayHands : S.replayHandsNow),
        ...v.players.map((p) => h("div", { class: `replay-hand seat${p.seat}`, "data-hand": p.seat },
          h("h3", {}, S.replayHandOf(playerName(game, p.seat))),
          h("p", {}, (p.hand || []).length ? p.hand.map((c) => content.card(c.card).name).join(" · ") : S.replayNoCards))));
    }
    clear(listBox).append(historyList(steps, ctx, { current: data.seq, onPick: (st) => show(steps.indexOf(st) + 1) }));
    listBox.querySelector("li.now")?.scrollIntoView({ block: "nearest" });
  }

  first.addEventListener("click", () => show(0));
  prev.addEventListener("click", () => show(index - 1));
  next.addEventListener("click", () => show(index + 1));
  last.addEventListener("click", () => show(steps.length));
  slider.addEventListener("change", () => show(Number(slider.value)));
  const onKey = (e) => {
    if (e.target.closest?.("input, textarea, select")) return;
    if (e.key === "ArrowRight") { e.preventDefault(); show(index + 1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); show(index - 1); }
  };
  document.addEventListener("keydown", onKey);
  await show(index);
  return () => { alive = false; document.removeEventListener("keydown", onKey); };
}
