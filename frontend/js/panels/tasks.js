// The player's tasks in view at the top of the panel (not only in the hand window): each with
// how far the player is, as the server counts it (view: task_progress; content: the task's n).
import { h } from "../dom.js";
import { T } from "../strings-nl.js";
import { resIcon, progressChip } from "./common.js";

export function heldTasks(view, content) {
  const me = view.players.find((p) => p.seat === view.viewer);
  if (!me?.tasks?.length) return null;
  return h("section", { class: "held-tasks", "data-held-tasks": "", "aria-label": T.tasksNow.title },
    h("h3", {}, T.tasksNow.title),
    h("ul", {}, me.tasks.map((key) => {
      const t = content.task(key);
      return h("li", { "data-task-held": key },
        h("span", { class: "t-name" }, t.name),
        t.text ? h("span", { class: "t-text small muted" }, t.text) : null,
        h("span", { class: "t-meta" }, progressChip(view, content, key),
          t.reward !== undefined ? h("span", { class: "chip gold" }, resIcon("aanzien", 13), T.draw.reward(t.reward)) : null));
    })));
}
