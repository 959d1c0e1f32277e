// Dwaalhof's service worker: it shows a push and opens its game when the notification is
// tapped (docs/client.md, "The installable app and push"). That is all it does.
//
// It caches NOTHING and has no fetch handler: every request goes to the network exactly as
// without it, so a stale board or a stale game list can never be shown, and the site works
// the same in a browser that never registered it. (A fetch handler that only passes
// requests on would add a hop to every request and save nothing.)

// A new version takes over at once: there is no cache whose versions could disagree.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png"; // one colour with transparency: Android draws its shape

// Only a place on this site: a push names a game by its path, never another origin.
function onThisSite(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

// The server's payload (docs/api.md, "Push"): {"title", "body", "url", "tag"}. One tag per
// game: a newer push of that game replaces the older one and, with renotify, still alerts.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const options = { body: data.body || "", icon: ICON, badge: BADGE, data: { url: onThisSite(data.url) } };
  if (data.tag) Object.assign(options, { tag: String(data.tag), renotify: true }); // renotify needs a tag
  event.waitUntil(self.registration.showNotification(data.title || "Dwaalhof", options));
});

// Tapped: a tab already showing that game comes to the front; else a tab of the site goes
// there; else a new window opens on it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openGame(onThisSite(event.notification.data?.url)));
});

// Where a tab of the site is: Client.url keeps the address the tab loaded, not the fragment
// route it moved to since, so the tab is asked (js/workerlink.js answers). A tab that does
// not answer at once (an older page) counts with Client.url; null says it did not answer.
function whereIs(tab) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const late = setTimeout(() => resolve(null), 300);
    channel.port1.onmessage = (event) => { clearTimeout(late); resolve(event.data?.href || null); };
    tab.postMessage({ type: "where" }, [channel.port2]);
  });
}

async function openGame(url) {
  const tabs = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    .filter((tab) => new URL(tab.url).origin === self.location.origin);
  const places = await Promise.all(tabs.map(whereIs));
  const showing = tabs.find((tab, i) => (places[i] ?? tab.url) === url);
  if (showing) return showing.focus();
  const answering = tabs.find((tab, i) => places[i] !== null);
  if (answering) {
    answering.postMessage({ type: "open", url }); // the tab changes its route: no reload
    return answering.focus();
  }
  // navigate() reloads the tab and works only on one this worker controls (claim() above)
  const moved = tabs.length ? await tabs[0].navigate(url).catch(() => null) : null;
  if (moved) return moved.focus();
  return self.clients.openWindow(url);
}
