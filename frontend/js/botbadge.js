// The "BOT" badge beside the name of a bot account (a program playing through the API:
// `"bot": true` in every player the API shows): plates, lobby, profile, leaderboard.
import { h } from "./dom.js";
import { T } from "./strings.js";

export function botBadge(player) {
  if (!player?.bot) return null;
  return h("span", { class: "badge badge-bot", "data-bot-badge": "", title: T.bot.title }, T.bot.badge);
}
