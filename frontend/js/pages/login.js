// Sign up / log in.
import { h } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { afterLogin } from "../app.js";

export function mount(main, { mode }) {
  const signup = mode === "signup";
  const err = h("p", { class: "form-error", role: "alert" });
  const user = h("input", { id: "f-user", name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 30 });
  const pass = h("input", { id: "f-pass", name: "password", type: "password", autocomplete: signup ? "new-password" : "current-password", required: true });
  const pass2 = signup ? h("input", { id: "f-pass2", name: "password2", type: "password", autocomplete: "new-password", required: true }) : null;
  const email = signup ? h("input", { id: "f-email", name: "email", type: "email", autocomplete: "email" }) : null;
  const submit = h("button", { class: "btn btn-primary", type: "submit" }, signup ? T.auth.signup : T.auth.login);
  const form = h("form", { class: "sheet form", novalidate: true },
    h("h1", {}, signup ? T.auth.signupTitle : T.auth.loginTitle),
    h("label", { for: "f-user" }, T.auth.username), user,
    h("label", { for: "f-pass" }, T.auth.password), pass,
    signup ? [h("label", { for: "f-pass2" }, T.auth.password2), pass2] : null,
    signup ? [h("label", { for: "f-email" }, T.account.emailOptional), email] : null,
    submit, err,
    signup ? null : h("p", { class: "small" }, h("a", { href: "#/wachtwoord-vergeten" }, T.account.forgot)),
    h("p", { class: "small" }, h("a", { href: signup ? "#/inloggen" : "#/inschrijven" }, signup ? T.auth.toLogin : T.auth.toSignup)),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    if (signup && pass.value !== pass2.value) { err.textContent = T.auth.mismatch; return; }
    submit.disabled = true;
    try {
      const me = signup ? await api.signup(user.value.trim(), pass.value, email.value.trim()) : await api.login(user.value.trim(), pass.value);
      afterLogin(me);
    } catch (e2) {
      err.textContent = e2.status === 400 || e2.status === 401 || (e2.status === 403 && !e2.code?.startsWith?.("account_")) ? (signup ? e2.dutch : T.auth.bad) : e2.dutch;
      // Too many wrong passwords for this name or from here (docs/api.md, "Logins").
      if (e2.data?.code === "login_locked") err.textContent = T.auth.locked(e2.data.params?.minutes ?? 1);
      if (signup && e2.data?.errors) {
        err.textContent = Object.values(e2.data.errors).flat().join(" ");
      }
    } finally {
      submit.disabled = false;
    }
  });
  // on the way to an invitation: who invites, above the form (issue 28)
  const invited = h("p", { class: "hint", "data-invited": "" });
  const pending = (sessionStorage.getItem("dw-after-login") || "").match(/^\/join\/([\w-]+)$/);
  if (pending) {
    api.invite(pending[1]).then((g) => {
      const host = (g.players || []).find((p) => p.seat === 0);
      invited.textContent = T.lobby.invitedHere(host?.display_name || host?.username || "?");
    }).catch(() => {});
  }
  form.prepend(invited);
  main.append(h("div", { class: "page" },
    h("div", { class: "hero" }, h("h1", {}, T.appName), h("p", {}, T.tagline)), form));
  user.focus();
}
