// What the service worker (/sw.js) asks of this tab when a notification is tapped. Its view
// of a tab (Client.url) does not follow the fragment routes (#/spel/12) the tab moved
// through since it loaded, so it asks "where are you?" and may send the tab to a game.
// Only this site's own worker can post here (navigator.serviceWorker's messages).
export function answerWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const ask = event.data || {};
    if (ask.type === "where") event.ports[0]?.postMessage({ href: location.href });
    if (ask.type === "open") {
      const target = new URL(ask.url, location.origin);
      if (target.origin === location.origin) location.hash = target.hash;
    }
  });
  navigator.serviceWorker.startMessages(); // messages sent before this point are delivered now
}
