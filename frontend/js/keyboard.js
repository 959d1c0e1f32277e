// Space and enter press the red button, but only when exactly one is ready, and never while
// the player must choose (a card, an action): the panel marks that with [data-must-choose].
import { modalOpen } from "./ui.js";

export function installKeyboard() {
  document.addEventListener("keydown", (e) => {
    if (e.key !== " " && e.key !== "Enter") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || e.defaultPrevented) return;
    const a = document.activeElement;
    if (a && a.matches("input, textarea, select, [contenteditable]")) return;
    // a button reached with the keyboard keeps its own space/enter
    if (a && a.matches("button, a, [role=button]") && a.matches(":focus-visible")) return;
    if (modalOpen()) return;
    const panel = document.querySelector("[data-panel]");
    if (!panel) return;
    if (panel.querySelector("[data-must-choose]")) return;
    const ready = [...panel.querySelectorAll(".btn-primary")].filter((b) => !b.disabled && b.offsetParent !== null);
    if (ready.length !== 1) return;
    e.preventDefault();
    ready[0].click();
  });
}

// A letter key of the page's own (N: the next game that waits), pressed outside a text field,
// with no modifier and no modal open. The board's letters (L, R, I: boardkeys.js) stop at the
// board; space and enter stay with the red button above. Returns the function that unbinds it.
export function bindLetter(letter, action) {
  const onKey = (e) => {
    if (e.key.toLowerCase() !== letter.toLowerCase()) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || e.defaultPrevented) return;
    const a = document.activeElement;
    if (a && a.matches("input, textarea, select, [contenteditable]")) return;
    if (modalOpen()) return;
    if (action()) e.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
