// Blocks and reports (docs/api.md, "Blocks and reports"): the dialog that reports a player
// or one of their chat lines, and the confirmation before blocking. Small modal sheets,
// keyboard first: the reasons are radio buttons (arrow keys), Escape closes, and the
// keyboard goes back to the button that opened them.
import { h } from "./dom.js";
import { T } from "./strings.js";
import * as api from "./api.js";
import { modal, toast } from "./ui.js";

const REASONS = ["abuse", "cheating", "spam", "name", "other"];

// The server's refusal in the client's language (it was asked in it), else a general line.
export const refusal = (e) => e.data?.detail || e.dutch;

// message: a chat line {id, text} when reporting that line.
export function reportDialog({ username, displayName, message = null }) {
  const M = T.moderation;
  const reasons = REASONS.map((reason) => h("label", { class: "report-reason" },
    h("input", { type: "radio", name: "report-reason", value: reason, required: true }), " ", M.reasons[reason]));
  const text = h("textarea", { id: "f-report-text", maxlength: 500, rows: 3 });
  const err = h("p", { class: "form-error", role: "alert" });
  const cancel = h("button", { class: "btn btn-quiet", type: "button" }, M.cancel);
  const form = h("form", { class: "stack", "data-form": "report" },
    message ? h("p", { class: "small" }, M.reportedLine) : null,
    message ? h("blockquote", { class: "reported-line" }, message.text) : null,
    h("fieldset", { class: "stack" }, h("legend", {}, M.reason), ...reasons),
    h("label", { for: "f-report-text" }, M.text), text,
    h("div", { class: "row" }, h("button", { class: "btn btn-primary", type: "submit" }, M.send), cancel),
    err);
  const sheet = modal(M.reportTitle(displayName), form, { className: "report-dialog" });
  cancel.addEventListener("click", () => sheet.close());
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const reason = form.querySelector("input[name=report-reason]:checked")?.value;
    try {
      await api.report(username, reason, text.value.trim(), message?.id);
      sheet.close();
      toast(M.sent);
    } catch (e2) { err.textContent = refusal(e2); }
  });
  reasons[0].querySelector("input").focus();
  return sheet;
}

// Resolves true when the player confirms blocking `displayName`.
export function confirmBlock(displayName) {
  const M = T.moderation;
  return new Promise((resolve) => {
    let answered = false;
    const yes = h("button", { class: "btn btn-danger", type: "button", "data-action": "confirm-block" }, M.blockConfirm);
    const no = h("button", { class: "btn", type: "button" }, M.cancel);
    const sheet = modal(M.blockTitle(displayName), h("div", { class: "stack" }, h("p", {}, M.blockText), h("div", { class: "row" }, yes, no)),
      { onClose: () => { if (!answered) resolve(false); } });
    yes.addEventListener("click", () => { answered = true; sheet.close(); resolve(true); });
    no.addEventListener("click", () => sheet.close());
    yes.focus();
  });
}
