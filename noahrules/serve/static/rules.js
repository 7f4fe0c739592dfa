// The Rules panel: a game's rules summary from the server, reachable from any page of that game.
import { api, h, put } from "./dom.js";
import { pageOf } from "./games.js";
import { _, language } from "./i18n.js";

const loaded = {}; // by game and language: the guide as the server answered it

/** A "Rules" button that opens the summary of ``game`` in a dialog. */
export function rulesButton(game, label = _("Rules")) {
  return h("button", { type: "button", class: "rules-button", "data-rules": game,
    onclick: () => openRules(game) }, label);
}

/** Open the rules summary of ``game``, in the page's language where the game has it (else in
 * English, marked as such for the browser). */
export async function openRules(game) {
  let dialog = document.getElementById("rules");
  if (!dialog) {
    dialog = h("dialog", { id: "rules", "aria-label": _("Rules") });
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
    document.body.append(dialog);
  }
  const body = h("div", { class: "rules-body" }, h("p", { class: "muted" }, _("Loading\u2026")));
  put(dialog, h("div", { class: "rules-head" }, h("h2", {}, _("How to play: {game}", { game })),
    h("button", { type: "button", class: "close", "aria-label": _("close"), onclick: () => dialog.close() }, "\u2715")),
    body);
  if (!dialog.open) dialog.showModal();
  try {
    const lang = language();
    const key = JSON.stringify([game, lang]);
    loaded[key] = loaded[key] || await api(
      `/api/games/${encodeURIComponent(game)}/guide?lang=${encodeURIComponent(lang)}`);
    const guide = loaded[key];
    const legend = pageOf(game).legend;
    put(body, h("p", { class: "muted" }, guide.title),
      guide.text ? h("div", { class: "guide", lang: guide.language || "en" }, markdown(guide.text))
        : h("p", {}, _("No summary of this game's rules here yet.")),
      legend ? legend() : null);
  } catch (error) {
    put(body, h("p", { class: "problem" }, error.message));
  }
}

/** Markdown's simplest parts as DOM nodes (headings, paragraphs, lists, bold), text as text. */
export function markdown(text) {
  const nodes = [];
  let list = null;
  let lines = [];
  const flush = () => {
    if (!lines.length) return;
    const content = inline(lines.join(" "));
    if (list) list.lastChild.append(...content);
    else nodes.push(h("p", {}, content));
    lines = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) { flush(); list = null; continue; }
    if (line.startsWith("## ")) {
      flush(); list = null;
      nodes.push(h("h3", {}, line.slice(3)));
    } else if (/^\s*- /.test(line)) {
      flush();
      if (!list) { list = h("ul", {}); nodes.push(list); }
      list.append(h("li", {}));
      lines.push(line.replace(/^\s*- /, ""));
    } else {
      lines.push(line.trim());
    }
  }
  flush();
  return nodes;
}

function inline(text) {
  return text.split(/(\*\*[^*]+\*\*)/).filter(Boolean).map((part) =>
    part.startsWith("**") && part.endsWith("**") ? h("strong", {}, part.slice(2, -2)) : part);
}
