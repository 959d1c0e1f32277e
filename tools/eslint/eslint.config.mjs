// eslint for the web client: the recommended rules, the browser's globals, ES modules (the
// client has no build step, so what eslint reads is what the browser runs). `make lint` runs
// it from the repository's root with `-c tools/eslint/eslint.config.mjs frontend/js frontend/sw.js tests/client`.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["frontend/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    // What the Content-Security-Policy blocks (docs/deploy.md, "Security"): eval and its
    // kin, style attributes (set styles through CSSOM: el.style, dom.js's `style`), inline
    // event handlers, and HTML parsed from strings (which brings both in).
    rules: {
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value='style']",
          message: "The policy blocks style attributes: use el.style (CSSOM) or a class.",
        },
        {
          selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^on/]",
          message: "The policy blocks inline event handlers: use addEventListener.",
        },
        {
          selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]",
          message: "No HTML from strings: build elements with dom.js's h() and s().",
        },
        {
          selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]",
          message: "No HTML from strings: build elements with dom.js's h() and s().",
        },
      ],
    },
  },
  {
    // the service worker (/sw.js): a classic script in the worker's own global scope
    files: ["frontend/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.serviceworker },
    rules: { "no-eval": "error", "no-implied-eval": "error", "no-new-func": "error" },
  },
  {
    // the client tests' Node scripts
    files: ["tests/client/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
