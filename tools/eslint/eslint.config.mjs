// eslint for the web client: the recommended rules, the browser's globals, ES modules (the
// client has no build step, so what eslint reads is what the browser runs). `make lint` runs
// it from the repository's root with `-c tools/eslint/eslint.config.mjs frontend/js tests/client`.
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
  },
  {
    // the client tests' Node scripts
    files: ["tests/client/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
