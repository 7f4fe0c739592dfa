// The page's entry: which view to show, from the address.
import { BASE, h, put } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

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
  put(main, h("p", {}, "Nothing here. ", h("a", { href: `${BASE}/` }, "Back to the tables")));
}
