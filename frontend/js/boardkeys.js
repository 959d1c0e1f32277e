// Keyboard on the board: a cursor hex moved with the arrow keys (drawn as a ring while the
// board has keyboard focus), Enter to pick a pawn or step (as a tap would), L / R to turn the
// chosen tile, I for the tile window, Backspace to take a step back. Handlers:
//   hexes() -> [hex] · cursor() / setCursor(hex) · enter(hex) · turn(dir) · info(hex) · back()
import { toPixel, key, same } from "./hexlayout.js";

const UP = [[0, -1], [1, -1]]; // NW, NE
const DOWN = [[-1, 1], [0, 1]]; // SW, SE

export function attachBoardKeys(svg, handlers) {
  let stickyX = null; // the column the cursor keeps to while going up and down

  function moveBy(dirs) {
    const at = handlers.cursor();
    const board = new Set(handlers.hexes().map(key));
    const options = dirs.map(([dq, dr]) => [at[0] + dq, at[1] + dr]).filter((hx) => board.has(key(hx)));
    if (!options.length) return;
    const x = stickyX ?? toPixel(at, 1)[0];
    options.sort((a, b) => Math.abs(toPixel(a, 1)[0] - x) - Math.abs(toPixel(b, 1)[0] - x));
    handlers.setCursor(options[0]);
    stickyX = x;
  }

  svg.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const at = handlers.cursor();
    if (!at) return;
    let done = true;
    switch (ev.key) {
      case "ArrowLeft": stickyX = null; moveSideways(-1); break;
      case "ArrowRight": stickyX = null; moveSideways(1); break;
      case "ArrowUp": moveBy(UP); break;
      case "ArrowDown": moveBy(DOWN); break;
      case "Enter": case " ":
        // a board focused by a click leaves these keys to the page's red button
        if (!svg.matches(":focus-visible")) return;
        if (!ev.repeat) handlers.enter(at);
        break;
      case "l": case "L": handlers.turn("ccw"); break;
      case "r": case "R": handlers.turn("cw"); break;
      case "i": case "I": handlers.info(at); break;
      case "Backspace": handlers.back(); break;
      default: done = false;
    }
    // the page's own keys (space and enter press the red button) stay out of it
    if (done) { ev.preventDefault(); ev.stopPropagation(); }
  });

  function moveSideways(d) {
    const at = handlers.cursor();
    const next = [at[0] + d, at[1]];
    if (handlers.hexes().some((hx) => same(hx, next))) handlers.setCursor(next);
  }
}
