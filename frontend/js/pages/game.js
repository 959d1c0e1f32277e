// The game screen: name plates, phase bar, the board (left) and the panel (right, or a sheet
// below on a phone). State comes from the REST API and live updates from socket.js; what is
// allowed comes from the server's legal moves; every move goes to the server.
import { h, clear, s } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { GameFeed } from "../socket.js";
import { houseName, loadContent, ruleNumbers } from "../content.js";
import { renderBoard, boardBounds } from "../board.js";
import { attachBoardInput } from "../boardinput.js";
import { attachBoardKeys } from "../boardkeys.js";
import { A, liveRegion, moveSentence } from "../announce.js";
import { WalkPlanner } from "../walkplan.js";
import { toast, showError, modal, closeModal } from "../ui.js";
import { key, same } from "../hexlayout.js";
import { playerName, tileAt } from "../derive.js";
import { plates, phaseBar } from "../panels/plates.js";
import { eventStrip, showEventBig, showHand, gainText } from "../panels/common.js";
import { drawPanel } from "../panels/draw.js";
import { walkPanel } from "../panels/walk.js";
import { actionsPanel } from "../panels/actions.js";
import { rollPanel } from "../panels/roll.js";
import { endScreen } from "../panels/end.js";
import { showTileWindow, tileTitle } from "../panels/tilewindow.js";
import { showInvite } from "./lobby.js";
import { ChatBox } from "../panels/chat.js";
import { legend } from "../panels/legend.js";
import { heldTasks } from "../panels/tasks.js";
import { GameSeeing } from "../panels/history.js";
import { PlateClocks } from "../panels/clocks.js";
import { bindLetter } from "../keyboard.js";
import { clockText } from "../clock.js";
import { TutorialGuide } from "../tutorial.js";
import { askLimit, isLimited, limitBanner } from "../limited.js";

const STEP_MS = 260; // one hex of a pawn walking its route
const NEXT_POLL_MS = 20000; // while I wait, how often to look again for a game that waits for me
const WAITING_FOR_ME = "/api/games/?turn=mine&order=time_left";

export async function mount(main, { args, go }) {
  const screen = new GameScreen(main, Number(args[0]), go);
  await screen.start();
  return () => screen.stop();
}

class GameScreen {
  constructor(main, id, go) {
    this.main = main;
    this.id = id;
    this.go = go;
    this.game = null;
    this.legal = [];
    this.legalSeq = -1;
    this.ui = { drawTab: "cards", viewBoard: false, zoom: false };
    this.targetPick = null;
    this.anim = null;
    this.sending = false;
    this.walk = new WalkPlanner({
      gameId: id,
      view: () => this.game?.state,
      mine: () => this.mine,
      rerender: () => this.render(),
      toast: (t) => toast(t),
      error: (e) => showError(e),
      send: (m) => this.send(m),
      busyChanged: () => this.markBusy(),
      allows: (pawn, steps, whole) => (this.tutorial ? this.tutorial.allows(pawn, steps, whole) : true),
    });
  }

  get view() { return this.game?.state || null; }
  get mine() {
    const v = this.view;
    return !!v && this.game.status === "active" && v.viewer !== null && v.viewer !== undefined && v.current === v.viewer && v.phase !== "over";
  }

  async start() {
    this.content = await loadContent();
    this.main.append(h("p", { class: "loading" }, T.loading));
    try {
      this.game = await api.game(this.id);
    } catch (e) {
      clear(this.main).append(h("div", { class: "page" }, h("div", { class: "sheet" }, h("p", {}, e.dutch),
        h("a", { class: "btn", href: "#/" }, T.nav.lobby))));
      return;
    }
    // a mail's game link: a session for this game only (limited.js), told by a banner
    if (this.game.your_seat === 0 || this.game.your_seat === 1) await askLimit();
    this.build();
    // the guided first game: its step runner, when this game is my tutorial (tutorial.js);
    // a session for this game only reaches no tutorial
    this.tutorial = isLimited() ? null : await TutorialGuide.open(this.id, this.game, { say: (t) => this.live.say(t), refresh: () => this.refresh() });
    this.feed = new GameFeed(this.id, {
      onUpdate: (g, source) => this.onGame(g, source),
      onChat: (m) => this.chat?.receive(m),
      onStatus: (st) => {
        if (st === "lost") toast(T.errors.network, { error: true });
        if (st === "reconnected") { toast(T.errors.reconnected); this.refresh(); this.chat?.load(); }
        if (st === "gone") { toast(T.lobby.gone); this.go("/"); }
      },
    });
    await this.onGame(this.game, "load");
    this.feed.start(this.game.seq, this.game.status);
    if (this.game.status === "open" && this.game.invite_code) showInvite(this.game);
  }

  stop() {
    this.feed?.stop();
    this.chat?.stop();
    this.clocks?.stop();
    this.unbindNext?.();
    clearInterval(this.nextTimer);
    clearInterval(this.anim?.timer);
    closeModal();
    window.removeEventListener("resize", this.onResize);
  }

  build() {
    clear(this.main);
    // The board takes keyboard focus as one control (boardkeys.js); a screen reader hears
    // the tile under the cursor through the live region.
    this.svg = s("svg", { class: "board", role: "application", tabindex: "0", "aria-label": T.boardLabel,
      "aria-describedby": "board-help", "data-board": "" });
    this.live = liveRegion();
    this.clocks = new PlateClocks({ say: (text) => this.live.say(text), onOut: () => this.refresh() });
    this.zoomBtn = h("button", { class: "btn zoom-btn", "data-action": "zoom", "aria-pressed": "false", title: T.btn.zoom, "aria-label": T.btn.zoom }, "⊕");
    this.zoomBtn.addEventListener("click", () => this.toggleZoom());
    this.boardWrap = h("div", { class: "board-wrap" }, this.svg);
    this.boardArea = h("div", { class: "board-area" }, this.boardWrap, this.zoomBtn);
    this.platesEl = h("div", {});
    this.phaseEl = h("div", {});
    // focusable, so its scrolled content (the end table on a small screen) is in reach of the keys
    this.panelScroll = h("div", { class: "panel-scroll", tabindex: "0" });
    this.panelFoot = h("div", { class: "panel-foot" });
    this.panel = h("aside", { class: "panel", "data-panel": "", "aria-label": T.panelLabel }, this.panelScroll, this.panelFoot);
    this.root = h("div", { class: "game", "data-game": this.id },
      h("h1", { class: "sr-only" }, A.gameTitle(this.id)),
      h("p", { class: "sr-only", id: "board-help" }, A.boardHelp),
      h("div", { class: "game-left" }, limitBanner(), this.platesEl, this.phaseEl, this.boardArea, legend()), this.panel, this.live.el);
    this.main.append(this.root);
    this.chat = new ChatBox(this.id, { socketWorks: () => this.feed?.wsWorks === true });
    this.root.querySelector(".game-left").append(this.chat.el);
    this.seeing = new GameSeeing(this); // Verloop, replay, the turn summary
    this.root.querySelector(".game-left").append(this.seeing.bar);
    attachBoardInput(this.svg, {
      canDrag: (seat, pawn) => !this.targetPick && !this.anim && this.walk.canDrag(seat, pawn),
      dragStart: (seat, pawn) => this.walk.dragStart(seat, pawn),
      dragOver: (hex) => this.walk.dragOver(hex),
      dragEnd: () => this.walk.dragEnd(),
      tapPawn: (seat, pawn, hex) => (this.targetPick ? this.tapTarget(hex) : this.walk.tapPawn(seat, pawn, hex)),
      tapHex: (hex) => (this.targetPick ? this.tapTarget(hex) : this.walk.tapHex(hex)),
      knob: (dir) => this.walk.knob(dir),
      info: (hex) => this.ctx() && showTileWindow(this.ctx(), hex),
    });
    attachBoardKeys(this.svg, {
      hexes: () => (this.view?.board || []).map((t) => t.hex),
      cursor: () => this.cursorHex(),
      setCursor: (hx) => { this.cursor = hx; this.renderBoard(); this.live.say(this.describeHex(hx)); },
      enter: (hx) => this.enterHex(hx),
      turn: (dir) => this.walk.knob(dir),
      info: (hx) => this.ctx() && showTileWindow(this.ctx(), hx),
      back: () => this.walk.active && this.walk.back(),
    });
    this.onResize = () => this.renderBoard();
    window.addEventListener("resize", this.onResize);
    // N: the next game that waits for me (the button's own key; space and enter stay with
    // the red button)
    this.unbindNext = bindLetter("n", () => {
      const next = this.panelFoot.querySelector("[data-action=next-game]");
      if (!next || next.disabled) return false;
      next.click();
      return true;
    });
    this.nextTimer = setInterval(() => { if (this.offersNext()) this.findNext(true); }, NEXT_POLL_MS);
  }

  // --- many games at once: the next game that waits for me ------------------------------------
  // I play this game and wait for the opponent: the moment to go to another game.
  waitsAsPlayer() {
    const v = this.view;
    return !!v && this.game.status === "active" && !this.game.timeout && (v.viewer === 0 || v.viewer === 1) && !this.mine && v.phase !== "over";
  }

  // I played this game to its end: the end screen offers the next game too.
  endedAsPlayer() {
    const seat = this.game.your_seat;
    return !!this.view && (this.game.status === "finished" || this.view.phase === "over") && (seat === 0 || seat === 1);
  }

  // The screens with "Volgende partij" (and its key N): waiting for the opponent, the end.
  // (Not in a session for this game only: it reaches no other game; its banner offers a login.)
  offersNext() { return !isLimited() && (this.waitsAsPlayer() || this.endedAsPlayer()); }

  // The game that needs me soonest (the server's order: my turn, least time left first),
  // other than this one; null: none waits. Asked once per state, and again now and then.
  async findNext(again = false) {
    if (!again && this.nextFor === this.game.seq) return;
    this.nextFor = this.game.seq;
    let next = null;
    try {
      const waiting = await api.call("GET", WAITING_FOR_ME);
      next = (Array.isArray(waiting) ? waiting : []).find((g) => g.id !== this.id) || null;
    } catch { next = this.next; }
    const changed = (next?.id ?? null) !== (this.next?.id ?? null) || !this.nextKnown;
    this.next = next;
    this.nextKnown = true;
    if (changed && this.offersNext()) this.render();
  }

  async goNext() {
    await this.findNext(true); // what waits now, not when the turn ended
    this.go(this.next ? `/spel/${this.next.id}` : "/");
  }

  nextHint() {
    const g = this.next;
    if (!g) return h("p", { class: "small", "data-next-hint": "" }, T.clock.nextNone);
    const other = (g.players || []).find((p) => p.seat !== g.your_seat);
    const name = other ? playerName(g, other.seat) : T.lobby.nobody;
    // the opponent's time ran out there: I choose (my own clock stands, so no time to show)
    if (g.timeout && g.timeout.seat !== g.your_seat) return h("p", { class: "small", "data-next-hint": "" }, T.clock.nextClaim(name));
    const left = g.clock ? clockText(g.clock.remaining[g.your_seat], g.time_control?.kind) : null;
    return h("p", { class: "small", "data-next-hint": "" }, left ? T.clock.nextTo(name, left) : T.clock.nextToPlain(name));
  }

  nextButton() {
    return h("button", { class: "btn btn-gold", type: "button", "data-action": "next-game",
      "data-next-game": this.next ? String(this.next.id) : "lobby", "aria-keyshortcuts": "N",
      onclick: () => this.goNext() },
    T.clock.nextGame, " ", h("kbd", { "aria-hidden": "true" }, "N"));
  }

  // --- keyboard on the board ----------------------------------------------------------------
  cursorHex() {
    const v = this.view;
    if (!v) return null;
    if (this.cursor && tileAt(v, this.cursor)) return this.cursor;
    const me = v.players.find((p) => p.seat === v.viewer);
    return me?.pawns?.["1"] || v.board.find((t) => t.kind === "plaza")?.hex || v.board[0].hex;
  }

  // Enter on a tile: what a tap there does. On a tile with my pawns (and no route drawn yet)
  // it picks one, the next one on each press; off the walk it opens the tile window.
  enterHex(hx) {
    if (this.targetPick) return this.tapTarget(hx);
    const w = this.walk;
    if (!w.active) return this.ctx() && showTileWindow(this.ctx(), hx);
    const v = this.view;
    const mine = Object.entries(v.players.find((p) => p.seat === v.viewer)?.pawns || {})
      .filter(([, at]) => same(at, hx)).map(([n]) => Number(n)).filter((n) => w.allows([], n));
    if (mine.length && !w.steps.length) {
      const next = mine[(mine.indexOf(w.pawn) + 1) % mine.length];
      if (next !== w.pawn) { w.selectPawn(next); this.live.say(A.pawnChosen(T.roles[next])); return; }
    }
    w.tapHex(hx);
  }

  describeHex(hx) {
    const v = this.view;
    const t = tileAt(v, hx);
    if (!t) return "";
    const parts = [tileTitle(t)];
    const here = [];
    for (const p of v.players) {
      for (const [n, at] of Object.entries(p.pawns || {})) {
        if (same(at, hx)) here.push(`${T.roles[n]} (${p.seat === v.viewer ? A.yours : playerName(this.game, p.seat)})`);
      }
    }
    if (here.length) parts.push(A.pawns(here.join(", ")));
    const o = this.walk.overlay();
    if (o.glow?.has(key(hx))) parts.push(A.gold);
    if (this.walk.selectedTile && same(this.walk.selectedTile, hx)) parts.push(A.chosenTile);
    return parts.join(". ");
  }

  // What changed, in words, for the live region: the phase or whose turn, the opponent's moves.
  announceChange(before, entries) {
    const v = this.view;
    if (!v) return;
    const other = (entries || []).filter((e) => e.seat !== v.viewer && e.seat !== undefined);
    const place = (hx) => (hx ? tileTitle(tileAt(v, hx) || {}) : "");
    const said = other.map((e) => moveSentence(playerName(this.game, e.seat), e, place)).filter(Boolean);
    if (!before || before.phase !== v.phase || before.current !== v.current) {
      if (v.phase !== "over") {
        const who = this.mine ? A.yourTurn : A.theirTurn(playerName(this.game, v.current));
        said.push(A.phase(v.round, v.phase, who));
      }
    }
    if (said.length) this.live.say(said.slice(-4).join(" "));
  }

  // Whether a move or a preview is on its way (for tests and styles).
  markBusy() {
    if (this.root) this.root.dataset.busy = this.sending || this.walk.pending ? "1" : "0";
  }

  // Phone: the board twice as large, scrolling under the finger.
  toggleZoom() {
    this.ui.zoom = !this.ui.zoom;
    this.boardWrap.classList.toggle("zoomed", this.ui.zoom);
    this.zoomBtn.textContent = this.ui.zoom ? "⊖" : "⊕";
    this.zoomBtn.setAttribute("aria-pressed", String(this.ui.zoom));
    this.zoomBtn.title = this.ui.zoom ? T.btn.unzoom : T.btn.zoom;
    this.zoomBtn.setAttribute("aria-label", this.zoomBtn.title);
    this.renderBoard();
    if (this.ui.zoom) {
      const focus = this.svg.querySelector(".pawn.selected") || this.svg.querySelector(".pawn.mine") || this.svg.querySelector(".k-plaza");
      const wr = this.boardWrap.getBoundingClientRect();
      const fr = focus?.getBoundingClientRect();
      if (fr) this.boardWrap.scrollBy({ left: fr.left - wr.left - wr.width / 2, top: fr.top - wr.top - wr.height / 2 });
    }
  }

  // A new Game (from the API, a move answer, the socket or a poll).
  async onGame(g, source) {
    // Answers can overtake each other (the computer's moves may reach the socket before the
    // answer to the move that started them): never step back to an older state.
    if (this.game && typeof g.seq === "number" && g.seq < this.game.seq) return;
    const before = this.view;
    const merged = { ...(this.game || {}), ...g };
    // The moves I may send come with each Game and socket update of this seq; never keep
    // an older update's list.
    merged.legal_moves = g.legal_moves;
    if (g.state === undefined || (g.state === null && this.game?.state && g.status !== "open")) merged.state = this.game?.state ?? null;
    const joined = this.game && this.game.status === "open" && g.status === "active";
    // The end screen shows the rating changes, which only the full Game carries.
    const ended = this.game && this.game.status === "active" && g.status === "finished" && g.rating_changes === undefined;
    // a seat's vacation began or ended (its clock paused or runs again): the plates' "op
    // vakantie tot" comes with the players of the full Game
    const away = source === "socket" && String(this.game?.clock?.paused) !== String(g.clock?.paused);
    this.game = merged;
    if (joined || ended || away || (source === "socket" && !this.game.players)) {
      try { this.game = await api.game(this.id); } catch { /* keep what we have */ }
    }
    if (source === "socket" && g.entries && before) this.animateWalks(g.entries, before);
    if (this.mine && Array.isArray(this.game.legal_moves)) {
      this.legal = this.game.legal_moves;
      this.legalSeq = this.game.seq;
    } else if (this.mine) await this.loadLegal();
    else { this.legal = []; this.legalSeq = this.game.seq; }
    // the tutorial's step for this seq: asked without holding up the screen, drawn when it comes
    this.tutorial?.update(this.game).then((changed) => { if (changed) { this.tutorial.prepare(this.ui); this.render(); } });
    this.walk.onState();
    if (this.targetPick && !this.mine) this.targetPick = null;
    this.chat?.update(this.game);
    // the clocks count from this reading's arrival (a new one comes with every update)
    if (this.game.clock !== this.clocks.game?.clock || this.game.timeout !== this.clocks.game?.timeout) this.clocks.rebase(this.game);
    else this.clocks.game = this.game;
    await this.seeing?.update();
    this.render();
    if (this.offersNext()) this.findNext();
    if (source !== "load") this.announceChange(before, g.entries);
    this.maybeShowEvent();
  }

  async refresh() {
    try { await this.onGame(await api.game(this.id), "poll"); } catch (e) { showError(e); }
  }

  async loadLegal() {
    try {
      const res = await api.legal(this.id);
      this.legal = res.moves || [];
      this.legalSeq = res.seq;
      if (res.seq !== this.game.seq) {
        // the game moved on while we asked: fetch it again
        const g = await api.game(this.id);
        this.game = { ...this.game, ...g };
        const again = await api.legal(this.id);
        this.legal = again.moves || [];
        this.legalSeq = again.seq;
      }
    } catch (e) {
      this.legal = [];
      if (e.status !== 403) showError(e);
    }
  }

  // Send one move; true when the server took it. Errors are shown calmly, in Dutch.
  async send(move) {
    if (!move || this.sending) return false;
    this.sending = true;
    this.panel.classList.add("busy");
    this.markBusy();
    try {
      const res = await api.submitMove(this.id, move, this.game.seq);
      this.feed?.saw(res.seq);
      await this.onGame(res.game, "move");
      return true;
    } catch (e) {
      if (e.status === 409) {
        toast(T.errors[409]);
        await this.refresh();
      } else {
        showError(e);
        if (e.status === 403 || e.status === 422) await this.refresh();
      }
      return false;
    } finally {
      this.sending = false;
      this.panel.classList.remove("busy");
      this.markBusy();
    }
  }

  // Show the opponent's walk hex by hex (the only motion that explains something here).
  animateWalks(entries, before) {
    const walks = entries.filter((e) => e.move?.type === "walk" && e.seat !== this.view.viewer);
    if (!walks.length) return;
    const frames = [];
    for (const e of walks) {
      const id = `${e.seat}-${e.move.pawn}`;
      for (const st of e.move.plan || []) if (st.enter || st.cross) frames.push([id, st.enter || st.cross]);
    }
    if (!frames.length) return;
    clearInterval(this.anim?.timer);
    const start = new Map();
    for (const p of before.players) for (const [n, hx] of Object.entries(p.pawns)) start.set(`${p.seat}-${n}`, hx);
    const at = new Map();
    for (const [id] of frames) if (start.has(id)) at.set(id, start.get(id));
    this.anim = { at, i: 0 };
    this.anim.timer = setInterval(() => {
      if (!this.anim) return;
      if (this.anim.i >= frames.length) { clearInterval(this.anim.timer); this.anim = null; this.renderBoard(); return; }
      const [id, hx] = frames[this.anim.i++];
      this.anim.at.set(id, hx);
      this.renderBoard();
    }, STEP_MS);
  }

  maybeShowEvent() {
    const v = this.view;
    if (!v || !v.event || v.phase === "over" || this.game.status !== "active") return;
    const k = `dw-event-${this.id}`;
    const seen = Number(localStorage.getItem(k) || 0);
    if (v.round > seen) {
      localStorage.setItem(k, String(v.round));
      // the waiting player is not blocked by it (issue 28)
      showEventBig(v, this.content, undefined, { quiet: v.viewer !== null && v.viewer !== undefined && v.current !== v.viewer });
    }
  }

  // The context the panels read.
  ctx() {
    if (!this.view) return null;
    const offered = this.legalSeq === this.game.seq ? this.legal : [];
    const legal = this.tutorial ? this.tutorial.filter(offered) : offered; // the step's move only
    return {
      game: this.game,
      view: this.view,
      content: this.content,
      mine: this.mine,
      ui: this.ui,
      walk: this.walk,
      legal,
      find: (pred) => legal.find(pred) || null,
      all: (pred) => legal.filter(pred),
      send: (m) => this.send(m),
      rerender: () => this.render(),
      pickTarget: (moves) => this.pickTarget(moves),
    };
  }

  // After the opponent's timeout: claim the win or give more time (the server decides).
  async claim(choice) {
    try {
      await this.onGame(await api.claim(this.id, choice), "move");
    } catch (e) {
      showError(e);
      await this.refresh();
    }
  }

  async rematch() {
    try {
      const g = this.game.rematch_id ? { id: this.game.rematch_id } : await api.rematch(this.id);
      this.go(`/spel/${g.id}`);
    } catch (e) {
      showError(e);
    }
  }

  // A court action or card that needs a target: a toll gate on the board, or a name.
  pickTarget(moves) {
    const withHex = moves.filter((m) => Array.isArray(m.target));
    if (withHex.length) {
      this.targetPick = { moves: withHex };
      this.render();
      return;
    }
    const body = h("div", { class: "stack" });
    const m = modal(T.tile.title, body);
    for (const mv of moves) {
      const label = mv.target ? (T.resources[mv.target] || this.content.card(mv.target).name || mv.target) : "–";
      body.append(h("button", { class: "btn btn-wide", onclick: async () => { m.close(); await this.send(mv); } }, label));
    }
  }

  tapTarget(hex) {
    const mv = this.targetPick.moves.find((m) => same(m.target, hex));
    if (!mv) return;
    this.targetPick = null;
    this.send(mv);
  }

  // --- drawing ------------------------------------------------------------------------------
  render() {
    // state for tests and styles: the seq shown, whether a move or a preview is on its way
    this.root.dataset.seq = String(this.game.seq);
    this.root.dataset.status = this.game.status;
    this.markBusy();
    if (!this.view) return this.renderOpen();
    const ctx = this.ctx();
    const focus = this.focusKey();
    // the panel is emptied and filled again: on a phone the page would lose its place
    const scrolled = window.scrollY;
    const clockFocused = this.clocks.els.find((el) => el === document.activeElement);
    clear(this.platesEl).append(plates(this.game, this.view, this.content, this.clocks));
    clockFocused?.focus({ preventScroll: true });
    clear(this.phaseEl).append(phaseBar(this.game, this.view));
    this.renderBoard();
    this.renderPanel(ctx);
    this.tutorial?.decoratePanel(this.panelScroll);
    this.seeing?.decorate(this.panelScroll);
    this.restoreFocus(focus);
    if (window.scrollY !== scrolled) window.scrollTo(0, scrolled);
    this.keepChoicesInView();
    const p = this.walk.pawn && this.walk.preview;
    const route = p && this.walk.steps.length ? A.route(p.cost?.steps || 0, p.cost?.relaties || 0, p.steps_left) : "";
    if (route && route !== this.lastRoute) this.live.say(route);
    this.lastRoute = route;
  }

  // On a phone the panel's foot sticks to the bottom of the screen. Cards that open (after the
  // lock) or must be discarded appear at the end of the panel, right under that foot: scroll
  // them once into the space between the top bar and the foot, so none is hidden.
  keepChoicesInView() {
    if (!window.matchMedia("(max-width: 900px)").matches) return;
    const foot = this.panelFoot.offsetHeight;
    document.documentElement.style.setProperty("--panel-foot", `${foot + 8}px`);
    const cards = [...this.panelScroll.querySelectorAll(".card.open, .card:has([data-discard])")];
    const shown = cards.map((c) => c.dataset.card).join(",");
    if (shown && shown !== this.choicesShown) {
      const top = cards[0].getBoundingClientRect().top;
      const bottom = cards[cards.length - 1].getBoundingClientRect().bottom;
      const topbar = document.querySelector(".topbar")?.offsetHeight || 0;
      const below = bottom - (window.innerHeight - foot - 8);
      // as far as the last card's bottom, never past the first card's top
      if (below > 0) window.scrollBy(0, Math.min(below, top - topbar - 8));
      else if (top < topbar) window.scrollBy(0, top - topbar - 8);
    }
    this.choicesShown = shown;
  }

  // The panel is drawn anew after each move: a button that had the focus is found again by
  // what it does, so the keyboard stays where it was instead of jumping to the page's top.
  focusKey() {
    const a = document.activeElement;
    if (!a || !this.panel.contains(a) || a === this.panelScroll) return a === this.panelScroll ? "scroll" : null;
    for (const attr of ["data-move", "data-action", "data-choose", "data-take-card", "data-take-task", "data-tab", "data-bend", "data-activate", "data-discard", "data-buy", "data-turn"]) {
      if (a.hasAttribute(attr)) return `[${attr}="${CSS.escape(a.getAttribute(attr))}"]`;
    }
    return "panel";
  }

  restoreFocus(sel) {
    if (!sel || this.panel.contains(document.activeElement)) return;
    const again = sel === "scroll" || sel === "panel" ? null : this.panel.querySelector(`${sel}:not([disabled])`);
    const next = again || this.panel.querySelector(".btn-primary:not([disabled])") || this.panelScroll;
    next.focus({ preventScroll: true });
  }

  renderOpen() {
    // a game nobody joined yet: wait for the opponent
    clear(this.platesEl);
    clear(this.phaseEl);
    clear(this.panelScroll).append(h("div", { "data-waiting-opponent": "" }, h("h2", {}, T.lobby.waiting),
      this.game.invite_code ? h("p", {}, T.lobby.inviteText) : null,
      this.game.invite_code ? h("button", { class: "btn", onclick: () => showInvite(this.game) }, T.lobby.inviteTitle) : null));
    clear(this.panelFoot);
    if (this.game.your_seat === 0) {
      this.panelFoot.append(h("button", { class: "btn", "data-action": "leave", onclick: async () => {
        try { await api.leaveGame(this.id); this.go("/"); } catch (e) { showError(e); }
      } }, T.lobby.leave));
    }
  }

  renderBoard() {
    const v = this.view;
    if (!v) return;
    let overlay;
    if (this.targetPick) {
      overlay = { glow: new Set(this.targetPick.moves.map((m) => key(m.target))) };
    } else if (this.game.status === "finished") {
      overlay = { glow: new Set() };
    } else {
      overlay = this.walk.overlay();
    }
    if (this.anim) {
      overlay = { ...overlay, pawnAt: new Map([...(overlay.pawnAt || new Map()), ...this.anim.at]) };
    }
    const [, , w, hgt] = boardBounds(v);
    this.root.style.setProperty("--board-aspect", `${w} / ${hgt}`);
    const rect = this.svg.getBoundingClientRect();
    overlay.cursor = this.cursorHex();
    overlay.uiScale = rect.width ? Math.max(w / rect.width, hgt / (rect.height || rect.width)) : 1;
    renderBoard(this.svg, v, overlay, this.content);
    this.tutorial?.markBoard(this.svg);
    this.seeing?.markBoard(this.svg);
  }

  renderPanel(ctx) {
    const v = this.view;
    const scroll = clear(this.panelScroll);
    const foot = clear(this.panelFoot);
    const me = v.players.find((p) => p.seat === v.viewer);
    const handBtn = me ? h("button", { class: "btn", "data-action": "hand", onclick: () => showHand(v, this.content) },
      `${T.btn.hand} (${(me.hand || []).length})`) : null;

    if (this.game.status === "finished" || v.phase === "over") {
      const newGame = h("button", { class: "btn btn-primary", "data-action": "new-game", onclick: () => this.go("/") }, T.btn.newGame);
      const rematch = this.game.your_seat !== null && this.game.your_seat !== undefined && this.game.opponent !== "open"
        ? h("button", { class: "btn", "data-action": "rematch", onclick: () => this.rematch() }, this.game.rematch_id ? T.btn.toRematch : T.btn.rematch) : null;
      // on to the game that waits for me (or the lobby), as while waiting for the opponent
      const next = this.endedAsPlayer() && this.nextKnown ? this.nextButton() : null;
      if (this.ui.viewBoard) {
        scroll.append(h("h2", {}, T.end.title));
        foot.append(h("button", { class: "btn", "data-action": "back-to-score", onclick: () => { this.ui.viewBoard = false; this.render(); } }, T.btn.backToScore), ...[newGame, next].filter(Boolean));
      } else {
        scroll.append(endScreen(ctx));
        if (next) scroll.append(this.nextHint());
        foot.append(h("button", { class: "btn", "data-action": "view-board", onclick: () => { this.ui.viewBoard = true; this.render(); } }, T.btn.viewBoard), ...[rematch, newGame, next].filter(Boolean));
      }
      this.root.classList.toggle("ended", !this.ui.viewBoard);
      return;
    }
    this.root.classList.remove("ended");

    const strip = eventStrip(v, this.content, () => showEventBig(v, this.content));
    if (strip) scroll.append(strip);
    const tasks = heldTasks(v, this.content);
    if (tasks) scroll.append(tasks);

    if (this.targetPick) {
      scroll.append(h("div", { "data-must-choose": "" }, h("h2", {}, T.pickToll), h("p", { class: "hint" }, T.pickTollHint)));
      foot.append(h("button", { class: "btn", onclick: () => { this.targetPick = null; this.render(); } }, T.btn.back));
      return;
    }

    let part = { body: null, foot: [] };
    if (this.game.timeout) {
      part = { body: this.clocks.timeoutBody(v.viewer, (choice) => this.claim(choice)), foot: [] };
    } else if (this.mine) {
      if (v.phase === "draw") part = drawPanel(ctx);
      else if (v.phase === "walk") part = walkPanel(ctx);
      else if (v.phase === "actions") part = actionsPanel(ctx);
      else if (v.phase === "roll") part = rollPanel(ctx);
    } else {
      part = { body: this.waitingBody(), foot: [] };
      if (this.waitsAsPlayer() && this.nextKnown) {
        part.body.append(this.nextHint());
        part.foot = [this.nextButton()];
      }
    }
    if (part.body) scroll.append(part.body);
    foot.append(...[handBtn, ...part.foot].filter(Boolean));
  }

  // The opponent's turn (or a spectator): what is happening, live.
  waitingBody() {
    const v = this.view;
    const name = playerName(this.game, v.current);
    const t = v.turn || {};
    const box = h("div", { "data-waiting": "" }, h("h2", {}, T.waitFor(name)),
      h("p", { class: "muted" }, `${T.phaseNo[v.phase] || ""} · ${T.phases[v.phase] || ""}`));
    if ((t.walk_dice || []).length && v.phase === "walk") box.append(h("p", {}, `${T.walk.stepsLeft(t.steps)}`));
    if ((t.dice || []).length) {
      const sum = t.dice.reduce((a, b) => a + b, 0);
      box.append(h("p", {}, `${T.roll.sum}: ${sum} (${t.dice.join(" · ")})`));
    }
    if (t.settled && t.report?.actions) {
      for (const line of t.report.actions) {
        box.append(h("p", { class: "small" }, `${T.roles[line.pawn]} · ${houseName(line.house)}: `,
          line.action === "resource" ? gainText(line.amount, line.resource) : line.hit ? T.roll.plusAanzien(line.aanzien) : T.roll.miss(line.gunst ?? ruleNumbers().miss_gain)));
      }
    }
    if (v.phase === "draw") box.append(h("p", { class: "hint" }, T.draw.hint));
    return box;
  }
}
