// Account pages: forgotten password, a new password from the mailed link, confirming an
// email address from the mailed link, and the account settings (address, vacation,
// password, deleting the account). The server side is allauth's headless API (docs/api.md).
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { toast, showError } from "../ui.js";
import { afterLogin, languageSwitch } from "../app.js";
import { tokensSection } from "./account-tokens.js";
import { blocksSection } from "./account-blocks.js";
import { notificationsBlock, showPushOnSite } from "./notifyprefs.js";
import { pushSection } from "./account-push.js";

function page(main, ...children) {
  main.append(h("div", { class: "page" }, ...children));
}

function field(id, label, attrs = {}) {
  const input = h("input", { id, name: id, ...attrs });
  return [h("label", { for: id }, label), input];
}

// A mailed key sits in the URL fragment, percent-encoded.
function keyOf(args) {
  try { return decodeURIComponent(args[0] || ""); } catch { return args[0] || ""; }
}

export function mount(main, { mode, args, session, go, refreshNav }) {
  if (mode === "forgot") return forgot(main);
  if (mode === "reset") return reset(main, keyOf(args), go);
  if (mode === "verify") return verify(main, keyOf(args), session, refreshNav);
  return settings(main, session, go, refreshNav);
}

function forgot(main) {
  const [lab, email] = field("f-email", T.account.email, { type: "email", autocomplete: "email", required: true });
  const note = h("p", { class: "form-note", role: "status", "data-sent": "" });
  const err = h("p", { class: "form-error", role: "alert" });
  const submit = h("button", { class: "btn btn-primary", type: "submit" }, T.account.forgotSend);
  const form = h("form", { class: "sheet form", "data-form": "forgot" },
    h("h1", {}, T.account.forgotTitle), h("p", { class: "small" }, T.account.forgotText),
    lab, email, submit, err, note,
    h("p", { class: "small" }, h("a", { href: "#/inloggen" }, T.auth.toLogin)));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = note.textContent = "";
    submit.disabled = true;
    try {
      await api.requestReset(email.value.trim());
      note.textContent = T.account.forgotSent;
    } catch (e2) {
      err.textContent = e2.dutch;
    } finally {
      submit.disabled = false;
    }
  });
  page(main, form);
  email.focus();
}

function reset(main, key, go) {
  const [lab1, pass] = field("f-pass", T.account.newPassword, { type: "password", autocomplete: "new-password", required: true });
  const [lab2, pass2] = field("f-pass2", T.auth.password2, { type: "password", autocomplete: "new-password", required: true });
  const err = h("p", { class: "form-error", role: "alert" });
  const submit = h("button", { class: "btn btn-primary", type: "submit" }, T.account.resetSend);
  const form = h("form", { class: "sheet form", "data-form": "reset" },
    h("h1", {}, T.account.resetTitle), lab1, pass, lab2, pass2, submit, err,
    h("p", { class: "small" }, h("a", { href: "#/wachtwoord-vergeten" }, T.account.forgot)));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    if (pass.value !== pass2.value) { err.textContent = T.auth.mismatch; return; }
    submit.disabled = true;
    try {
      await api.resetPassword(key, pass.value);
      toast(T.account.resetDone);
      afterLogin(await api.me()); // the new password logged this browser in
    } catch (e2) {
      if (e2.status === 401) { toast(T.account.resetDone); go("/inloggen"); return; }
      err.textContent = e2.data?.errors?.some?.((x) => x.param === "key") ? T.account.resetBad : e2.dutch;
    } finally {
      submit.disabled = false;
    }
  });
  page(main, form);
  pass.focus();
}

function verify(main, key, session, refreshNav) {
  const status = h("p", { role: "status", "data-verify": "busy" }, T.account.verifyBusy);
  const box = h("div", { class: "sheet form" }, h("h1", {}, T.account.verifyTitle), status);
  page(main, box);
  const ok = async () => {
    status.textContent = T.account.verifyDone;
    status.dataset.verify = "done";
    if (session.user) {
      try { session.user = await api.me(); refreshNav(); } catch { /* shown on the account page */ }
      box.append(h("p", {}, h("a", { class: "btn", href: "#/account" }, T.account.title)));
    } else {
      box.append(h("p", {}, h("a", { class: "btn", href: "#/inloggen" }, T.auth.login)));
    }
  };
  api.verifyEmail(key).then(ok).catch((e) => {
    if (e.status === 401) return ok(); // confirmed; this browser is simply not logged in
    status.textContent = T.account.verifyBad;
    status.dataset.verify = "bad";
  });
}

function settings(main, session, go, refreshNav) {
  const me = session.user;
  const emailState = h("p", { "data-email-state": "" });
  const showEmail = (user) => {
    clear(emailState);
    if (user.email) {
      emailState.append(h("strong", {}, user.email), " · ",
        h("span", { class: user.email_verified ? "badge badge-gold" : "badge badge-turn" },
          user.email_verified ? T.account.verified : T.account.unverified));
    } else emailState.append(T.account.noEmail);
    if (user.email_pending && user.email_pending !== user.email) {
      emailState.append(h("br"), h("span", { class: "small" }, T.account.pending(user.email_pending)));
    }
    resend.classList.toggle("hidden", !(user.email_pending || (user.email && !user.email_verified)));
  };
  const resend = h("button", { class: "btn btn-small", type: "button" }, T.account.resend);
  resend.addEventListener("click", async () => {
    try { await api.resendVerification(session.user.email_pending || session.user.email); toast(T.account.resent); } catch (e) { showError(e); }
  });

  const [labE, newEmail] = field("f-new-email", T.account.newEmail, { type: "email", autocomplete: "email", required: true });
  const emailForm = h("form", { class: "stack", "data-form": "email" }, labE, newEmail,
    h("button", { class: "btn", type: "submit" }, T.account.changeEmail));
  emailForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      session.user = await api.updateMe({ email: newEmail.value.trim() });
      newEmail.value = "";
      showEmail(session.user);
      toast(T.account.emailSent);
    } catch (e2) { showError(e2); }
  });

  const [labC, cur] = field("f-current", T.account.currentPassword, { type: "password", autocomplete: "current-password", required: true });
  const [labN, next] = field("f-new", T.account.newPassword, { type: "password", autocomplete: "new-password", required: true });
  const [labN2, next2] = field("f-new2", T.account.newPassword2, { type: "password", autocomplete: "new-password", required: true });
  const pwErr = h("p", { class: "form-error", role: "alert" });
  // the login form's field styles (.fields); the new password twice, checked here and by
  // the server, whose answer names a wrong current password as such (issue 28)
  const pwForm = h("form", { class: "stack fields", "data-form": "password", novalidate: true }, labC, cur, labN, next, labN2, next2,
    h("button", { class: "btn", type: "submit" }, T.account.changePassword), pwErr);
  pwForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    pwErr.textContent = "";
    if (next.value !== next2.value) { pwErr.textContent = T.auth.mismatch; next2.focus(); return; }
    try {
      await api.changePassword(cur.value, next.value, next2.value);
      cur.value = next.value = next2.value = "";
      toast(T.account.passwordChanged);
    } catch (e2) { pwErr.textContent = e2.dutch; }
  });

  const [labD, delPass] = field("f-delete-pass", T.account.deleteConfirm, { type: "password", autocomplete: "current-password", required: true });
  const delErr = h("p", { class: "form-error", role: "alert" });
  const delForm = h("form", { class: "stack", "data-form": "delete" },
    h("p", { class: "small" }, T.account.deleteText), labD, delPass,
    h("button", { class: "btn btn-danger", type: "submit" }, T.account.deleteButton), delErr);
  delForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    delErr.textContent = "";
    try {
      await api.deleteAccount(delPass.value);
      session.user = null;
      localStorage.removeItem("dw-logged-in");
      refreshNav();
      toast(T.account.deleted);
      go("/inloggen");
    } catch (e2) { delErr.textContent = e2.dutch; }
  });

  const vacation = vacationSection();
  const notifications = notificationsBlock();
  const push = pushSection({ onSite: (enabled) => showPushOnSite(notifications, enabled) });
  // Your data: one JSON file (GET /api/account/data/, an attachment) with the session.
  const dataBlock = h("div", { class: "stack", "data-block": "my-data" },
    h("p", { class: "small" }, T.account.dataText),
    h("a", { class: "btn", href: "/api/account/data/", download: "" }, T.account.dataButton));

  // Fresh from the server: an address may have been confirmed in another tab meanwhile.
  api.me().then((fresh) => { session.user = fresh; showEmail(fresh); }).catch(() => {});
  page(main,
    h("h1", {}, T.account.title),
    h("p", {}, h("a", { href: `#/speler/${encodeURIComponent(me.username)}` }, T.account.profile)),
    h("section", { class: "sheet" }, h("h2", {}, T.account.email), emailState, resend, emailForm),
    h("section", { class: "sheet" }, h("h2", {}, T.language.label), languageSwitch("btn")),
    vacation,
    notifications,
    push,
    h("section", { class: "sheet" }, h("h2", {}, T.account.changePassword), pwForm),
    tokensSection(),
    blocksSection(),
    h("section", { class: "sheet" }, h("h2", {}, T.account.dataTitle), dataBlock),
    h("section", { class: "sheet" }, h("h2", {}, T.account.deleteTitle), delForm));
  showEmail(me);
}

// Vacation (docs/clocks.md): the allowance and its use, a form to start one (whole days, at
// most the days there are) and a button to stop the running one. The server keeps the count.
function vacationSection() {
  const state = h("div", { "data-vacation-state": "" });
  const err = h("p", { class: "form-error", role: "alert" });
  const [labD, days] = field("f-vacation-days", T.vacation.days, { type: "number", min: 1, step: 1, inputmode: "numeric", required: true });
  const startForm = h("form", { class: "stack", "data-form": "vacation" }, labD, days,
    h("button", { class: "btn", type: "submit" }, T.vacation.start));
  const stop = h("button", { class: "btn", type: "button", "data-action": "stop-vacation" }, T.vacation.stop);
  const show = (v) => {
    clear(state);
    const on = !!v.until;
    const lines = [];
    if (on) lines.push(h("p", { "data-vacation-until": "" }, h("strong", {}, T.vacation.running(T.vacation.when(v.until), v.charged))));
    lines.push(h("p", { "data-vacation-days": v.days }, v.days ? T.vacation.have(v.days) : T.vacation.none, " ",
      v.next_day_at ? T.vacation.nextDay(T.vacation.when(v.next_day_at)) : T.vacation.atMax(v.max_days)));
    lines.push(h("p", { class: "small", "data-vacation-used": v.used }, T.vacation.used(v.used)));
    state.append(...lines);
    days.max = String(v.days);
    if (!days.value && v.days) days.value = "1";
    startForm.hidden = on || !v.days;
    stop.hidden = !on;
  };
  const act = async (request, said) => {
    err.textContent = "";
    try {
      show(await request());
      toast(said);
    } catch (e) { err.textContent = e.dutch; }
  };
  startForm.addEventListener("submit", (e) => {
    e.preventDefault();
    act(() => api.startVacation(Number(days.value)), T.vacation.started);
  });
  stop.addEventListener("click", () => act(() => api.stopVacation(), T.vacation.stopped));
  startForm.hidden = stop.hidden = true;
  api.vacation().then(show).catch((e) => { err.textContent = e.dutch; });
  return h("section", { class: "sheet", "data-vacation": "" }, h("h2", {}, T.vacation.title),
    h("p", { class: "small" }, T.vacation.text), state, startForm, stop, err);
}
