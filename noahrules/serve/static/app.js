// The page's entry: its language, then which view to show, from the address.
import { BASE, h, put } from "./dom.js";
import { LANGUAGES, _, chooseLanguage, language, loadLanguage, remember } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

await loadLanguage(chooseLanguage());
header();

const main = document.getElementById("main");
const path = location.pathname.slice(BASE.length) || "/";
const table = path.match(/^\/t\/([A-Za-z0-9_-]{1,64})$/);

if (table) {
  showTable(main, table[1]);
} else if (path === "/replay") {
  showReplay(main, new URLSearchParams(location.search).get("table"));
} else if (path === "/" || path === "") {
  showLobby(main);
} else {
  put(main, h("p", {}, _("Nothing here."), " ", h("a", { href: `${BASE}/` }, _("Back to the tables"))));
}

/** The header's words in the page's language, and the language selector. */
function header() {
  const say = (id, text) => { const node = document.getElementById(id); if (node) node.textContent = text; };
  say("tagline", _("play the flood games with friends"));
  say("nav-tables", _("Tables"));
  say("nav-replay", _("Replay a record"));
  say("loading", _("Loading\u2026"));
  const choose = h("select", { id: "language", "aria-label": _("Language"), title: _("Language") },
    Object.entries(LANGUAGES).map(([code, name]) =>
      h("option", { value: code, lang: code, selected: code === language() }, name)));
  choose.addEventListener("change", () => {
    remember(choose.value);
    const address = new URL(location.href);
    address.searchParams.delete("lang");
    if (address.href === location.href) location.reload();
    else location.replace(address.href);
  });
  const top = document.querySelector("header.top");
  if (top) top.append(h("label", { class: "language" }, choose));
}
