// Imported first by a client test that reads the client in English, as a browser that chose
// it (strings.js reads this at load).
globalThis.localStorage = {
  store: new Map([["dwaalhof.language", "en"]]),
  getItem(k) { return this.store.get(k) ?? null; },
  setItem(k, v) { this.store.set(k, String(v)); },
  removeItem(k) { this.store.delete(k); },
};
