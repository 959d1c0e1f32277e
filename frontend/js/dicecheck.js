// The dice check, in the browser: the revealed seed must hash (SHA-256) to the commitment the
// server published when the game began, and every die the game showed must come out of that
// seed. This repeats the engine's derivation (engine/rng.py) only to check it: a die is
// 1 + x mod 6, x the first 8 bytes (big-endian) of HMAC-SHA256(seed, "purpose:counter"), with
// one counter per purpose and rejection above the largest multiple of 6 below 2^64.
const enc = new TextEncoder();
const TWO64 = 1n << 64n;
const LIMIT6 = TWO64 - (TWO64 % 6n);

export const available = () => !!globalThis.crypto?.subtle;

function hex(buf) {
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", enc.encode(text)));
}

// nextDie(purpose) -> 1..6, in the order the engine draws them.
export async function diceFromSeed(seed) {
  const key = await crypto.subtle.importKey("raw", enc.encode(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const counters = {};
  return async function nextDie(purpose) {
    for (;;) {
      const n = counters[purpose] || 0;
      counters[purpose] = n + 1;
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(`${purpose}:${n}`)));
      let x = 0n;
      for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(mac[i]);
      if (x < LIMIT6) return 1 + Number(x % 6n);
    }
  };
}

// steps: the history's steps (each with `dice`: [{purpose, values}] in the order drawn).
// -> {commitOk, total, bad: [{seq, purpose, shown, fromSeed}]}
export async function checkGame({ seed, commitment, steps }) {
  const commitOk = typeof seed === "string" && (await sha256hex(seed)) === commitment;
  const nextDie = await diceFromSeed(String(seed ?? ""));
  const bad = [];
  let total = 0;
  for (const step of steps) {
    for (const d of step.dice || []) {
      for (const shown of d.values) {
        total += 1;
        const fromSeed = await nextDie(d.purpose);
        if (fromSeed !== shown) bad.push({ seq: step.seq, purpose: d.purpose, shown, fromSeed });
      }
    }
  }
  return { commitOk, total, bad };
}
