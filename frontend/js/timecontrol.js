// The new-game form's time control: the served presets grouped by kind, and a custom choice
// within the served bounds (/api/content/'s `time_controls`; no bound is written here). Its
// value is a preset's name or the custom control as the API takes it (docs/clocks.md).
import { h } from "./dom.js";
import { T } from "./strings.js";
import { controlText, fieldRange } from "./clock.js";

const CUSTOM = "custom";

export function timeControlField(served) {
  const presets = served?.presets || [];
  const bounds = served?.bounds || {};
  const kinds = [...new Set([...presets.map((p) => p.kind), ...Object.keys(bounds)])];
  const select = h("select", { id: "f-time", name: "time_control" },
    kinds.map((kind) => h("optgroup", { label: T.clock.kinds[kind] || kind },
      presets.filter((p) => p.kind === kind).map((p) => h("option", { value: p.name }, controlText(p))))),
    Object.keys(bounds).length ? h("option", { value: CUSTOM }, T.clock.custom) : null);
  // today's default: the first per-turn preset
  const first = presets.find((p) => p.kind === "per_turn") || presets[0];
  if (first) select.value = first.name;

  const kindSelect = h("select", { id: "f-tc-kind", name: "tc_kind" },
    Object.keys(bounds).map((k) => h("option", { value: k }, T.clock.kinds[k] || k)));
  const number = (id) => h("input", { type: "number", id, name: id, inputmode: "numeric" });
  const unit = () => h("span", { class: "unit small muted" });
  const fields = {
    seconds: { input: number("f-tc-seconds"), unit: unit() },
    increment: { input: number("f-tc-increment"), unit: unit() },
    cap: { input: number("f-tc-cap"), unit: unit() },
  };
  const bankLabel = h("label", { for: "f-tc-seconds" }, T.clock.bank);
  const row = (key, label) => h("div", { class: "tc-row", "data-tc-field": key }, label, h("span", { class: "row" }, fields[key].input, fields[key].unit));
  const onTimeout = (value, label, checked) => h("label", {},
    h("input", { type: "radio", name: "tc_on_timeout", value, checked }), " ", label);
  const custom = h("fieldset", { class: "time-custom", "data-time-custom": "", hidden: true },
    h("legend", {}, T.clock.customLegend),
    h("label", { for: "f-tc-kind" }, T.clock.kind), kindSelect,
    row("seconds", bankLabel),
    row("increment", h("label", { for: "f-tc-increment" }, T.clock.increment)),
    row("cap", h("label", { for: "f-tc-cap" }, T.clock.cap)));
  // what happens when a clock runs out, for a preset as for a custom control (the presets
  // say "claim"; "auto" sends the preset as its values with `on_timeout: "auto"`)
  const timeoutChoice = h("fieldset", { class: "choice-list", "data-tc-on-timeout": "" }, h("legend", {}, T.clock.onTimeout),
    onTimeout("claim", T.clock.claim, true), onTimeout("auto", T.clock.auto, false));
  const error = h("p", { class: "field-error", id: "f-time-error", "data-field-error": "time_control", role: "alert", hidden: true });
  select.setAttribute("aria-describedby", error.id);

  // The served bounds of the custom kind, in the unit each field suits.
  function setKind() {
    const b = bounds[kindSelect.value] || {};
    bankLabel.textContent = kindSelect.value === "per_turn" ? T.clock.turnTime : T.clock.bank;
    for (const [key, f] of Object.entries(fields)) {
      const range = b[key] ? fieldRange(b[key]) : null;
      const shown = !!range && range.max > 0;
      custom.querySelector(`[data-tc-field="${key}"]`).hidden = !shown;
      f.range = shown ? range : null;
      if (!shown) continue;
      Object.assign(f.input, { min: range.min, max: range.max, step: range.by });
      f.input.value = String(key === "cap" ? range.max : range.min);
      f.unit.textContent = T.clock.units[range.unit] || "";
    }
  }
  // the cap follows the bank until the player sets it (the model's default cap is the bank)
  let capSet = false;
  function capFollows() {
    const bank = fields.seconds, cap = fields.cap;
    if (capSet || !bank.range || !cap.range || bank.range.unit !== cap.range.unit) return;
    cap.input.value = bank.input.value;
  }
  fields.seconds.input.addEventListener("input", capFollows);
  fields.cap.input.addEventListener("input", () => { capSet = true; });
  // "without vacation": where the kind has vacation (never live), the clocks may run on
  // while a player is away; a preset is then sent as its values with `vacation: false`
  const noVacation = h("input", { type: "checkbox", id: "f-tc-no-vacation", name: "tc_no_vacation" });
  const vacationRow = h("div", { "data-tc-vacation": "" },
    h("label", { class: "check" }, noVacation, " ", T.vacation.without),
    h("p", { class: "small muted" }, T.vacation.withoutHint));
  const chosenKind = () => (select.value === CUSTOM ? kindSelect.value : presets.find((p) => p.name === select.value)?.kind);
  const showVacation = () => { vacationRow.hidden = !chosenKind() || chosenKind() === "live"; };
  kindSelect.addEventListener("change", () => { setKind(); capSet = false; capFollows(); showVacation(); });
  select.addEventListener("change", () => { custom.hidden = select.value !== CUSTOM; showVacation(); });
  if (kindSelect.value) { setKind(); capFollows(); }
  showVacation();

  const el = h("div", { class: "time-control", "data-time-control-field": "" },
    h("label", { for: "f-time" }, T.clock.label), select, custom, timeoutChoice, vacationRow, error);
  return {
    el,
    // whether the server serves time controls at all (an older one does not: it uses its default)
    offered: presets.length > 0 || Object.keys(bounds).length > 0,
    // what POST /api/games/ takes; null when the server serves no time controls
    value() {
      if (!this.offered) return null;
      const without = !vacationRow.hidden && noVacation.checked;
      const onTimeoutChosen = timeoutChoice.querySelector("input[name=tc_on_timeout]:checked").value;
      if (select.value !== CUSTOM) {
        const chosen = presets.find((p) => p.name === select.value);
        if (!without && onTimeoutChosen === chosen.on_timeout) return select.value;
        // a preset's name carries neither option: its values then go as an object
        const preset = { ...chosen, on_timeout: onTimeoutChosen };
        if (without) preset.vacation = false;
        delete preset.name;
        return preset;
      }
      const tc = { kind: kindSelect.value };
      for (const [key, f] of Object.entries(fields)) if (f.range) tc[key] = Number(f.input.value) * f.range.unit;
      tc.on_timeout = onTimeoutChosen;
      if (without) tc.vacation = false;
      return tc;
    },
    showError(text) { error.textContent = text || ""; error.hidden = !text; },
  };
}
