// The client's language and its catalogue. Every module imports its words from here:
// `T` (and RULES, ...) are strings-nl.js or strings-en.js, the same keys in each. The
// language is chosen once at load: a logged-in player's profile language (app.js stores it
// here and reloads when it differs), else the player's earlier choice on this browser
// (localStorage), else the browser's own languages (navigator.languages), else Dutch.
import * as nl from "./strings-nl.js";
import * as en from "./strings-en.js";

const CATALOGUES = { nl, en };
export const LANGUAGES = Object.keys(CATALOGUES);
const STORE = "dwaalhof.language";

function stored() {
  try {
    return globalThis.localStorage?.getItem(STORE) || null;
  } catch {
    return null; // storage blocked (private mode): the browser's languages decide
  }
}

// The first supported language among "en-GB", "nl-BE", ... (the base before the dash).
export function pickLanguage(choices) {
  for (const c of choices || []) {
    const base = String(c).split("-")[0].toLowerCase();
    if (CATALOGUES[base]) return base;
  }
  return "nl";
}

export const LANG = pickLanguage([stored(), ...(globalThis.navigator?.languages || [globalThis.navigator?.language])].filter(Boolean));
const C = CATALOGUES[LANG];
export const T = C.T;
export const RULES = C.RULES;
export const RESOURCE_ORDER = C.RESOURCE_ORDER;
export const prettyKey = C.prettyKey;

// Remember `lang` on this browser; true when the page must reload to show it.
export function rememberLanguage(lang) {
  if (!CATALOGUES[lang]) return false;
  try {
    globalThis.localStorage?.setItem(STORE, lang);
  } catch {
    // not stored: this page still switches, the next visit asks the browser again
  }
  return lang !== LANG;
}
