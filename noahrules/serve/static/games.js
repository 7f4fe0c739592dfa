// The drawings of the games the page knows; any other registered game is played with the
// plain list of choices. The one place the page picks a game's module.
import * as ferry from "./ferry.js";
import * as island from "./island.js";
import * as plain from "./plain.js";

const PAGES = { ferry, island };

/** The page's module for a game: its board (and, if it has one, its map legend). */
export function pageOf(game) {
  return PAGES[game] || plain;
}
