// The account page's notifications block: per kind of notice the ways it goes (the bell
// always; push and email to choose), the mail's rhythm and the daily summary's hour, quiet
// hours and the time zone they are in (the browser offers its own). Server: /api/notifications/preferences/ (docs/api.md).
import { h } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { toast, showError } from "../ui.js";

const KINDS = ["your_turn", "deadline_near", "rematch_offer", "game_over", "opponent_joined", "chat_message", "challenge", "challenge_answered"];
const WAYS = ["push", "email"];

function browserZone() {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch { return ""; }
}

export function notificationsBlock() {
  const P = T.notifications.prefs;
  const boxes = {};
  const rows = KINDS.map((kind) => {
    boxes[kind] = {};
    const cells = WAYS.map((way) => {
      const box = h("input", { type: "checkbox", "data-pref": `${kind}.${way}`, "aria-label": `${P.kinds[kind]}: ${P[way]}` });
      boxes[kind][way] = box;
      return h("td", {}, box);
    });
    const bell = h("input", { type: "checkbox", checked: true, disabled: true, "aria-label": `${P.kinds[kind]}: ${P.bell}` });
    return h("tr", {}, h("th", { scope: "row" }, P.kinds[kind]), h("td", {}, bell), ...cells);
  });
  const table = h("table", { class: "prefs" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, P.kind), h("th", { scope: "col" }, P.bell),
      ...WAYS.map((way) => h("th", { scope: "col" }, P[way])))),
    h("tbody", {}, ...rows));

  const mail = h("select", { id: "f-mail", "data-pref": "mail" },
    h("option", { value: "off" }, P.mailOff), h("option", { value: "turn" }, P.mailTurn),
    h("option", { value: "daily" }, P.mailDaily));
  const hour = h("select", { id: "f-summary-hour", "data-pref": "summary_hour" },
    ...Array.from({ length: 24 }, (_, n) => h("option", { value: String(n) }, `${String(n).padStart(2, "0")}:00`)));
  const quietOn = h("input", { type: "checkbox", id: "f-quiet", "data-pref": "quiet" });
  const from = h("input", { type: "time", id: "f-quiet-start", "data-pref": "quiet_start" });
  const until = h("input", { type: "time", id: "f-quiet-end", "data-pref": "quiet_end" });
  const zone = h("input", { type: "text", id: "f-zone", "data-pref": "time_zone", autocomplete: "off", spellcheck: "false" });
  const offered = browserZone();

  const form = h("form", { class: "stack", "data-form": "notifications" },
    h("p", { class: "small" }, P.intro), table,
    h("p", { class: "small muted", "data-push-state": "" }, P.pushOff),
    h("label", { for: "f-mail" }, P.mail), mail, h("p", { class: "small" }, P.mailNote),
    h("label", { for: "f-summary-hour" }, P.summaryHour), hour, h("p", { class: "small" }, P.summaryNote),
    h("label", { for: "f-quiet" }, quietOn, " ", P.quiet), h("p", { class: "small" }, P.quietOn),
    h("div", { class: "row" }, h("label", { for: "f-quiet-start" }, P.from), from,
      h("label", { for: "f-quiet-end" }, P.until), until),
    h("label", { for: "f-zone" }, P.zone), zone,
    offered ? h("p", { class: "small" }, P.zoneNote(offered)) : null,
    h("button", { class: "btn", type: "submit" }, P.save));

  const show = (prefs) => {
    for (const kind of KINDS) for (const way of WAYS) boxes[kind][way].checked = Boolean(prefs.ways?.[kind]?.[way]);
    mail.value = prefs.mail || "off";
    hour.value = String(prefs.summary_hour ?? 8);
    quietOn.checked = Boolean(prefs.quiet_start);
    from.value = prefs.quiet_start || "22:00";
    until.value = prefs.quiet_end || "08:00";
    zone.value = prefs.time_zone || offered;
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const ways = {};
    for (const kind of KINDS) {
      ways[kind] = {};
      for (const way of WAYS) ways[kind][way] = boxes[kind][way].checked;
    }
    const body = {
      ways, mail: mail.value, summary_hour: Number(hour.value), time_zone: zone.value.trim(),
      quiet_start: quietOn.checked ? from.value : null,
      quiet_end: quietOn.checked ? until.value : null,
    };
    try { show(await api.setNotifyPrefs(body)); toast(P.saved); } catch (e2) { showError(e2); }
  });
  api.notifyPrefs().then(show).catch(() => {});
  return h("section", { class: "sheet", "data-block": "notifications" }, h("h2", {}, P.title), form);
}

// The push column's note, once the server says whether push is on for the site: where the
// pushes go (the devices of account-push.js), or that the choice waits for the site.
export function showPushOnSite(block, enabled) {
  const note = block.querySelector("[data-push-state]");
  note.textContent = enabled ? T.devicePush.prefsNote : T.notifications.prefs.pushOff;
  note.dataset.pushState = enabled ? "on" : "off";
}
