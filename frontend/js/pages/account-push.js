// The account page's "Notifications on this device" (web push; docs/client.md, "The
// installable app and push"): turn push on for this browser (ask permission, register
// /sw.js, subscribe with the site's public key, send the subscription with a name the
// player may edit), and the player's devices, each renamed or turned off; this one marked.
// The server keeps the devices: GET/POST /api/account/push/, PATCH/DELETE
// /api/account/push/{id}/ (docs/api.md). Without the service worker the site works as ever.
import { h, clear } from "../dom.js";
import { T, LANG } from "../strings.js";
import * as api from "../api.js";
import { toast, showError } from "../ui.js";

const STORE = "dwaalhof.push-device"; // this browser's device id on the server
const DENIED = new Error("notifications denied");

const when = (iso) =>
  new Date(iso).toLocaleString(LANG === "en" ? "en-GB" : "nl-NL", { dateStyle: "medium", timeStyle: "short" });

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function stored() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}
function remember(id) {
  try { localStorage.setItem(STORE, String(id)); } catch { /* not marked on the next visit */ }
}

// "Chrome op Android", "Safari op iPhone": a name the player recognises, and may change.
export function defaultName(ua = navigator.userAgent) {
  const P = T.devicePush;
  const browser = [["Edg/", "Edge"], ["OPR/", "Opera"], ["SamsungBrowser/", "Samsung Internet"],
    ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]].find(([mark]) => ua.includes(mark))?.[1] || P.aBrowser;
  const system = [["iPhone", "iPhone"], ["iPad", "iPad"], ["Android", "Android"], ["Windows", "Windows"],
    ["CrOS", "ChromeOS"], ["Mac OS X", "macOS"], ["Linux", "Linux"]].find(([mark]) => ua.includes(mark))?.[1];
  return system ? P.deviceName(browser, system) : browser;
}

// The server's key, base64url, as the bytes pushManager.subscribe() takes.
function keyBytes(base64url) {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
}
const sameKey = (buffer, bytes) => Boolean(buffer) && new Uint8Array(buffer).join() === bytes.join();

async function subscription() {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

// Permission first, straight from the click (browsers ask only from a gesture), then the
// worker, then the browser's push service; a subscription made for an older site key is
// replaced. The server answers the device (the same endpoint again: the same device).
async function subscribeHere(publicKey, name) {
  if ((await Notification.requestPermission()) !== "granted") throw DENIED;
  await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  const reg = await navigator.serviceWorker.ready; // subscribing needs an active worker
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options?.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ||= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = sub.toJSON();
  return api.addPushDevice({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, name);
}

// This browser's device: the one it added, while it still holds a subscription.
async function thisDevice(devices) {
  const id = stored();
  const device = devices.find((d) => String(d.id) === id);
  if (!device || !pushSupported()) return null;
  try { return (await subscription()) ? device.id : null; } catch { return null; }
}

async function forgetThisDevice() {
  try { localStorage.removeItem(STORE); } catch { /* nothing stored */ }
  try { await (await subscription())?.unsubscribe(); } catch { /* gone already */ }
}

// onSite(enabled): told once the server says whether push is on for the site.
export function pushSection({ onSite } = {}) {
  const P = T.devicePush;
  const state = h("p", { role: "status", "data-push-device": "loading" });
  const nameInput = h("input", { id: "f-push-name", name: "f-push-name", maxlength: "60", required: true, autocomplete: "off" });
  const turnOn = h("button", { class: "btn", type: "submit" }, P.turnOn);
  const form = h("form", { class: "stack fields hidden", "data-form": "push-on" },
    h("label", { for: "f-push-name" }, P.name), nameInput, turnOn);
  const list = h("ul", { class: "pat-list", "data-list": "push-devices", tabindex: "-1", "aria-labelledby": "push-devices" });
  let info = { enabled: false, public_key: null, devices: [] };
  let mine = null;

  const say = (key, text) => { state.dataset.pushDevice = key; state.textContent = text; };
  const render = () => {
    const supported = pushSupported();
    if (!info.enabled) say("site-off", P.siteOff);
    else if (!supported) say("unsupported", P.noSupport);
    else if (mine !== null) say("on", P.turnedOn);
    else if (Notification.permission === "denied") say("denied", P.denied);
    else say("off", "");
    form.classList.toggle("hidden", !(info.enabled && supported && mine === null));
    if (!nameInput.value) nameInput.value = defaultName();
    clear(list);
    if (!info.devices.length) list.append(h("li", { class: "muted" }, P.none));
    for (const d of info.devices) list.append(deviceRow(d));
  };
  const load = async () => {
    try {
      info = await api.pushDevices();
    } catch (e) {
      if (e.status !== 404) throw e;
      info = { enabled: false, public_key: null, devices: [] }; // a server without push
    }
    mine = await thisDevice(info.devices);
    onSite?.(info.enabled);
    render();
  };

  const deviceRow = (d) => {
    const here = d.id === mine;
    const rename = h("button", { class: "btn btn-small", type: "button", "data-action": "rename", "aria-label": P.renameNamed(d.name) }, P.rename);
    const off = h("button", { class: "btn btn-small btn-danger", type: "button", "data-action": "revoke", "aria-label": P.revokeNamed(d.name) }, P.revoke);
    const actions = h("div", { class: "row" }, rename, off);
    const row = h("li", { "data-device": d.id, "data-this-device": here },
      h("strong", {}, d.name), here ? [" ", h("span", { class: "badge badge-gold" }, P.thisDevice)] : null, h("br"),
      h("span", { class: "small" }, P.since(when(d.created)), " · ",
        d.last_success ? P.lastSuccess(when(d.last_success)) : P.neverSent),
      actions);
    rename.addEventListener("click", () => renameForm(row, actions, d, rename));
    off.addEventListener("click", () => revoke(d, here));
    return row;
  };

  // Renaming in place: Enter saves, Escape or Annuleren puts the row back as it was.
  const renameForm = (row, actions, d, opener) => {
    const id = `f-push-rename-${d.id}`;
    const input = h("input", { id, value: d.name, maxlength: "60", required: true, autocomplete: "off" });
    const cancel = h("button", { class: "btn btn-small", type: "button" }, P.cancel);
    const err = h("p", { class: "form-error", role: "alert" });
    const edit = h("form", { class: "stack fields", "data-form": "push-rename" },
      h("label", { for: id }, P.newName(d.name)), input,
      h("div", { class: "row" }, h("button", { class: "btn btn-small", type: "submit" }, P.save), cancel), err);
    const close = () => { edit.remove(); actions.classList.remove("hidden"); opener.focus(); };
    actions.classList.add("hidden");
    row.append(edit);
    cancel.addEventListener("click", close);
    edit.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); close(); } });
    edit.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await api.renamePushDevice(d.id, input.value.trim());
        toast(P.renamed);
        await load();
        list.querySelector(`[data-device="${d.id}"] [data-action=rename]`)?.focus();
      } catch (e2) { err.textContent = e2.dutch; }
    });
    input.focus();
    input.select();
  };

  const revoke = async (d, here) => {
    try {
      await api.removePushDevice(d.id);
      if (here) await forgetThisDevice();
      toast(P.revoked(d.name));
      await load();
      list.focus(); // the keyboard stays in the list, not on a button that is gone
    } catch (e) { showError(e); }
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    turnOn.disabled = true;
    try {
      remember((await subscribeHere(info.public_key, nameInput.value.trim())).id);
      toast(P.turnedOn);
      await load();
      list.focus();
    } catch (err) {
      if (err === DENIED) say("denied", P.denied);
      else say("failed", err instanceof api.ApiError ? err.dutch : P.failed);
    } finally {
      turnOn.disabled = false;
    }
  });

  load().catch(showError);
  return h("section", { class: "sheet", "data-section": "push" },
    h("h2", {}, P.title), h("p", { class: "small" }, P.intro), state, form,
    h("h3", { id: "push-devices" }, P.devices), list);
}
