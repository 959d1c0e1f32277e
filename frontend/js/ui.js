// Shared page furniture: toasts (calm messages), modals, error display.
import { h } from "./dom.js";
import { T } from "./strings.js";

export function toast(text, { error = false, ms = 3800 } = {}) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast${error ? " error" : ""}` }, text);
  box.append(el);
  while (box.children.length > 3) box.firstChild.remove();
  setTimeout(() => el.remove(), ms);
}

export function showError(err) {
  toast(err?.dutch || err?.message || T.errors[500], { error: true });
}

let openModal = null;

// A modal sheet; returns { el, close }. Escape and the backdrop close it.
export function modal(title, body, { className = "", onClose } = {}) {
  closeModal();
  const opener = document.activeElement; // the keyboard comes back here when it closes
  const root = document.getElementById("modal-root");
  const closeBtn = h("button", { class: "btn btn-quiet close", "aria-label": T.btn.close, title: T.btn.close }, "✕");
  const name = title || body.querySelector?.("h1, h2, h3")?.textContent || null;
  const box = h("div", { class: `modal ${className}`, role: "dialog", "aria-modal": "true", "aria-label": name },
    closeBtn, title ? h("h2", {}, title) : null, body);
  const backdrop = h("div", { class: "modal-backdrop" }, box);
  const close = () => {
    if (openModal?.backdrop !== backdrop) return;
    backdrop.remove();
    document.removeEventListener("keydown", onKey, true);
    openModal = null;
    if (opener?.isConnected && !document.querySelector("#modal-root [role=dialog]")) opener.focus({ preventScroll: true });
    onClose?.();
  };
  const onKey = (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } };
  closeBtn.addEventListener("click", close);
  // Only a press that began on the backdrop closes it: the click that follows a tap which
  // opened this modal (a finger on the ⓘ coin) lands on the new backdrop and must not.
  let downOnBackdrop = false;
  backdrop.addEventListener("pointerdown", (e) => { downOnBackdrop = e.target === backdrop; });
  backdrop.addEventListener("click", (e) => { if (e.target === backdrop && downOnBackdrop) close(); downOnBackdrop = false; });
  document.addEventListener("keydown", onKey, true);
  root.append(backdrop);
  openModal = { backdrop, close };
  closeBtn.focus({ preventScroll: true });
  return { el: box, close };
}

export function closeModal() { openModal?.close(); }
export function modalOpen() { return !!openModal; }

