// The drawings of the games: the page's own for the games it knows, a game's own module where
// its declaration gives one (PageParts.script), and the plain list of choices for any other.
// The one place the page picks a game's module.
import { BASE, h } from "./dom.js";
import * as ferry from "./ferry.js";
import * as island from "./island.js";
import * as plain from "./plain.js";

const PAGES = { ferry, island };
const own = {};

/** The page's module for a game: its board (and, if it has one, its map legend). */
export function pageOf(game) {
  return PAGES[game] || own[game] || plain;
}

/** Load a game's own drawing and styles, where the server's catalogue entry `spec` says it
 * has them (once); until then, and if it cannot be loaded, the game is drawn plain. */
export async function loadPage(spec) {
  if (!spec || PAGES[spec.name] || spec.name in own) return;
  own[spec.name] = null;
  const home = `${BASE}/games/${encodeURIComponent(spec.name)}`;
  if (spec.styles) document.head.append(h("link", { rel: "stylesheet", href: `${home}/page.css` }));
  if (!spec.script) return;
  try {
    own[spec.name] = await import(`${home}/page.js`);
  } catch (error) {
    console.error(`the drawing of ${spec.name} could not be loaded`, error);
  }
}
