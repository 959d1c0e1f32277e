// The account page's personal access tokens (docs/api.md, "For programs"): make one with a
// name and scopes (its secret is shown this once), list them with their last use, revoke.
// The scopes and what each allows come from the server (GET /api/tokens/).
import { h, clear } from "../dom.js";
import { T, LANG } from "../strings.js";
import * as api from "../api.js";
import { toast, showError } from "../ui.js";

const when = (iso) =>
  new Date(iso).toLocaleString(LANG === "en" ? "en-GB" : "nl-NL", { dateStyle: "medium", timeStyle: "short" });

export function tokensSection() {
  const list = h("ul", { class: "pat-list", "data-tokens": "" });
  const scopeBox = h("fieldset", { class: "stack" }, h("legend", {}, T.apiTokens.scopes));
  const nameInput = h("input", { id: "f-token-name", name: "f-token-name", maxlength: "60", required: true });
  const err = h("p", { class: "form-error", role: "alert" });
  const shown = h("div", { class: "pat-secret hidden", "data-token-secret": "", role: "status" });
  const form = h("form", { class: "stack", "data-form": "token" },
    h("label", { for: "f-token-name" }, T.apiTokens.name), nameInput, scopeBox,
    h("button", { class: "btn", type: "submit" }, T.apiTokens.create), err);

  const showSecret = (secret) => {
    clear(shown);
    const out = h("input", { id: "f-token-secret", readonly: true, value: secret, "aria-describedby": "token-once" });
    const copy = h("button", { class: "btn btn-small", type: "button" }, T.apiTokens.copy);
    copy.addEventListener("click", async () => {
      out.select();
      try { await navigator.clipboard.writeText(secret); toast(T.apiTokens.copied); } catch { /* selected: copy by hand */ }
    });
    shown.append(h("label", { for: "f-token-secret" }, T.apiTokens.secret), out, copy,
      h("p", { class: "small", id: "token-once" }, T.apiTokens.once));
    shown.classList.remove("hidden");
    out.focus();
    out.select();
  };

  const render = ({ tokens, scopes }) => {
    if (!scopeBox.querySelector("input")) {
      for (const [scope, text] of Object.entries(scopes)) {
        const id = `f-scope-${scope.replace(":", "-")}`;
        scopeBox.append(h("div", { class: "check" },
          h("input", { type: "checkbox", id, value: scope, "data-scope": scope }),
          h("label", { for: id }, h("code", {}, scope), " – ", text)));
      }
    }
    clear(list);
    if (!tokens.length) list.append(h("li", { class: "small" }, T.apiTokens.none));
    for (const t of tokens) {
      const revoke = h("button", { class: "btn btn-small btn-danger", type: "button", "aria-label": T.apiTokens.revokeNamed(t.name) }, T.apiTokens.revoke);
      revoke.addEventListener("click", async () => {
        if (!confirm(T.apiTokens.revokeConfirm(t.name))) return;
        try { await api.revokeToken(t.id); toast(T.apiTokens.revoked); load(); } catch (e) { showError(e); }
      });
      list.append(h("li", { "data-token": t.name },
        h("strong", {}, t.name), " ", h("code", {}, `${t.prefix}…`), " · ", t.scopes.join(", "),
        h("br"),
        h("span", { class: "small" }, T.apiTokens.made(when(t.created)), " · ",
          t.last_used ? T.apiTokens.lastUsed(when(t.last_used)) : T.apiTokens.neverUsed),
        " ", revoke));
    }
  };
  const load = () => api.tokens().then(render).catch(showError);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const chosen = [...scopeBox.querySelectorAll("input:checked")].map((x) => x.value);
    if (!chosen.length) { err.textContent = T.apiTokens.pickScope; return; }
    try {
      const made = await api.createToken(nameInput.value.trim(), chosen);
      nameInput.value = "";
      scopeBox.querySelectorAll("input:checked").forEach((x) => { x.checked = false; });
      showSecret(made.token);
      load();
    } catch (e2) { err.textContent = e2.dutch; }
  });
  load();
  return h("section", { class: "sheet", "data-section": "tokens" },
    h("h2", {}, T.apiTokens.title), h("p", { class: "small" }, T.apiTokens.intro), shown, form, list);
}
