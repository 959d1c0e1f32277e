// Finds rule numbers the client writes down again, for test_rule_constants.py. The server
// publishes the rules' numbers (/api/content/'s `rules`: step_price, toll_steps, ...); the
// client reads them from there and never declares them itself.
//
//   node rule_constants.mjs FILE_OR_FOLDER...   with the rules block as JSON on stdin
//
// Prints JSON: {files: [the files read], findings: [{file, line, kind, name}]}, of two kinds:
// - "name": a rule's name (any spelling: TOLL_STEPS, tollSteps, toll_steps) bound to a
//   number, or to a list or table of numbers: a variable, a property, a class field, an
//   assignment or a parameter's default.
// - "literal": a number the rules publish, used as an operand of arithmetic or a
//   comparison, or as the branch of a condition, next to a game quantity (a name with a
//   word such as steps, toll, dice, pips, bends: see GAME_WORDS), e.g. `tile.toll ? 2 : 1`
//   or `bends < 3`. Layout maths (pixels, indexes, plurals) names no game quantity.
// The client is read with espree, eslint's parser (tools/eslint, installed by make).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(join(ROOT, "tools/eslint/package.json"));
const espree = require("espree");

// The words of the quantities the rules count, price or limit (the view's and the rules'
// field names are built from them).
const GAME_WORDS = new Set([
  "aanzien", "bend", "bends", "bought", "clear", "clears", "compensation", "cost", "costs",
  "cross", "crossing", "dice", "die", "enter", "foundation", "geld", "gunst", "hand", "office",
  "pip", "pips", "pool", "post", "posts", "price", "prices", "relaties", "reputatie", "rotation",
  "round", "rounds", "step", "steps", "supply", "surcharge", "task", "tasks", "threshold",
  "tier", "tiers", "toll", "walk",
]);
const ARITHMETIC = new Set(["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "===", "!=", "!=="]);

const normal = (name) => String(name).toLowerCase().replace(/_/g, "");
const words = (name) => String(name).replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[^a-z0-9]+/);

function numbersIn(value, out = new Set()) {
  if (typeof value === "number") out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => numbersIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

function files(path) {
  if (statSync(path).isDirectory()) return readdirSync(path).sort().flatMap((f) => files(join(path, f)));
  return /\.m?js$/.test(path) ? [path] : [];
}

const isNumber = (n) => n?.type === "Literal" && typeof n.value === "number";
const numberValue = (n) => (isNumber(n) ? n.value : n?.type === "UnaryExpression" && n.operator === "-" && isNumber(n.argument) ? -n.argument.value : null);

// A number, or a list or table of numbers only.
function numeric(n) {
  if (numberValue(n) !== null) return true;
  if (n?.type === "ArrayExpression") return n.elements.length > 0 && n.elements.every(numeric);
  if (n?.type === "ObjectExpression") return n.properties.length > 0 && n.properties.every((p) => p.type === "Property" && numeric(p.value));
  return false;
}

// The names an expression reads (identifiers and property names), not inside functions.
function namesIn(n, out = []) {
  if (!n || typeof n !== "object") return out;
  if (n.type === "Identifier") out.push(n.name);
  if (n.type === "Literal" && typeof n.value === "string" && n.parent?.computed) out.push(n.value);
  if (/Function/.test(n.type)) return out;
  for (const [k, v] of Object.entries(n)) {
    if (k === "parent") continue;
    if (Array.isArray(v)) v.forEach((c) => namesIn(c, out));
    else if (v && typeof v.type === "string") namesIn(v, out);
  }
  return out;
}

const quantity = (n) => namesIn(n).some((name) => words(name).some((w) => GAME_WORDS.has(w)));

// Counting through a list (`steps.length - 1`, `steps.indexOf(st) + 1`) is no rule.
const INDEXING = new Set(["length", "indexOf", "lastIndexOf", "findIndex"]);
function indexing(n) {
  const member = n?.type === "CallExpression" ? n.callee : n;
  return member?.type === "MemberExpression" && INDEXING.has(keyName(member.property));
}

// A sentence's plural (`n === 1 ? "stap" : "stappen"`) is no rule either.
const text = (n) => (n?.type === "Literal" && typeof n.value === "string") || n?.type === "TemplateLiteral";
function plural(n) {
  const p = n.parent;
  return ["===", "==", "!==", "!="].includes(n.operator) && p?.type === "ConditionalExpression" && p.test === n && text(p.consequent) && text(p.alternate);
}

const keyName = (k) => (k?.type === "Identifier" ? k.name : k?.type === "Literal" ? String(k.value) : null);

function scan(source, ruleNames, ruleNumbers) {
  const found = [];
  const tree = espree.parse(source, { ecmaVersion: 2022, sourceType: "module", loc: true });
  const isRuleNumber = (n) => ruleNumbers.has(numberValue(n));
  const named = (name, value, node) => {
    if (name && ruleNames.has(normal(name)) && numeric(value)) found.push({ line: node.loc.start.line, kind: "name", name });
  };
  const literal = (lit, other, node) => {
    if (isRuleNumber(lit) && !indexing(other) && quantity(other)) found.push({ line: node.loc.start.line, kind: "literal", name: String(numberValue(lit)) });
  };
  (function visit(n, parent) {
    if (!n || typeof n.type !== "string") return;
    n.parent = parent;
    switch (n.type) {
      case "VariableDeclarator": named(keyName(n.id), n.init, n); break;
      case "Property": case "PropertyDefinition": named(keyName(n.key), n.value, n); break;
      case "AssignmentPattern": named(keyName(n.left), n.right, n); break;
      case "AssignmentExpression":
        named(n.left.type === "MemberExpression" ? keyName(n.left.property) : keyName(n.left), n.right, n);
        literal(n.right, n.left, n);
        break;
      case "BinaryExpression":
        if (ARITHMETIC.has(n.operator) && !plural(n)) { literal(n.left, n.right, n); literal(n.right, n.left, n); }
        break;
      case "ConditionalExpression": literal(n.consequent, n.test, n); literal(n.alternate, n.test, n); break;
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === "parent") continue;
      if (Array.isArray(v)) v.forEach((c) => visit(c, n));
      else if (v && typeof v.type === "string") visit(v, n);
    }
  })(tree, null);
  return found;
}

const rules = JSON.parse(readFileSync(0, "utf8"));
const ruleNames = new Set(Object.keys(rules).map(normal));
const ruleNumbers = numbersIn(rules);
const paths = process.argv.slice(2).flatMap((p) => files(p));
const findings = [];
for (const path of paths) {
  for (const f of scan(readFileSync(path, "utf8"), ruleNames, ruleNumbers)) findings.push({ file: relative(ROOT, path), ...f });
}
console.log(JSON.stringify({ files: paths.map((p) => relative(ROOT, p)), findings }));
