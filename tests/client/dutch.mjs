// Imported first by a client test: the client's language is Dutch, as on a browser that chose
// it (strings.js reads this at load; Node 21+ has a navigator whose languages are English).
globalThis.localStorage = {
  store: new Map([["dwaalhof.language", "nl"]]),
  getItem(k) { return this.store.get(k) ?? null; },
  setItem(k, v) { this.store.set(k, String(v)); },
  removeItem(k) { this.store.delete(k); },
};
