// Prints the shape of the client's word catalogues as JSON, for test_catalogues.py: for
// every key its kind, and for a function the placeholders its sentence uses (each argument
// is a marker that turns into «argN» or «argN.field» wherever the sentence shows it).
import * as nl from "../../frontend/js/strings-nl.js";
import * as en from "../../frontend/js/strings-en.js";
import { A_NL, A_EN } from "../../frontend/js/announce.js";

function marker(i) {
  const name = `«arg${i}»`;
  return new Proxy(function () {}, {
    get(_, prop) {
      if (prop === Symbol.toPrimitive) return (hint) => (hint === "number" ? 1000 + i : name);
      if (prop === "join") return () => name;
      if (prop === "length") return 2;
      if (typeof prop === "symbol") return undefined;
      return `«arg${i}.${prop}»`;
    },
    apply() { return `«arg${i}()»`; },
  });
}

function placeholders(fn) {
  const args = Array.from({ length: Math.max(fn.length, 1) }, (_, i) => marker(i));
  let out;
  try {
    out = String(fn(...args));
  } catch (e) {
    return `throws: ${e.message}`;
  }
  return [...new Set(out.match(/«[^»]+»|100\d/g) || [])].sort();
}

function shape(value) {
  if (typeof value === "function") return { fn: value.length, uses: placeholders(value) };
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, shape(value[k])]));
  }
  return value === null ? "null" : typeof value === "string" ? (value ? "text" : "") : value;
}

console.log(JSON.stringify({
  nl: { T: shape(nl.T), RULES: shape({ ...nl.RULES, source: null }), RESOURCE_ORDER: nl.RESOURCE_ORDER, A: shape(A_NL) },
  en: { T: shape(en.T), RULES: shape({ ...en.RULES, source: null }), RESOURCE_ORDER: en.RESOURCE_ORDER, A: shape(A_EN) },
  enSource: en.RULES.source,
}));
