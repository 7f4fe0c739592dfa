// Building DOM and SVG elements. Text always goes in as text nodes, never as HTML.
import { _, language } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      for (const [name, v] of Object.entries(value)) node.dataset[name] = String(v);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", otherNode). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace the children of node. */
export function put(node, ...children) {
  node.replaceChildren();
  fill(node, {}, children);
  return node;
}

/** Where the server is mounted ("" at the root). */
export const BASE = document.querySelector('meta[name="noahrules-base"]').content;

/** JSON from the server, or an Error carrying what went wrong in the page's language (its
 * ``code`` the server's error code). A ``token`` option goes in the Authorization header (never
 * in the address). */
export async function api(path, options = {}) {
  const { token, json, ...rest } = options;
  const init = { headers: {}, ...rest };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(BASE + path, init);
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    const code = data.error && data.error.code;
    const error = new Error(problem(code, (data.error && data.error.message) || response.statusText));
    error.code = code;
    throw error;
  }
  return data;
}

/** What each of the server's error codes (noahrules/serve/errors.py) means, for a player. */
function explanations() {
  return {
    too_large: _("That is too much to send at once."),
    malformed: _("The page sent something the server could not read. Reload the page."),
    bad_request: _("The server cannot do that."),
    unknown_table: _("There is no such table (or game) here."),
    bad_token: _("This link is not a seat's key any more: ask the host for a new one."),
    forbidden: _("Only the host may do that."),
    not_joined: _("Join the table first."),
    already_joined: _("You have joined this table already."),
    spectator: _("You are watching: a spectator cannot play."),
    other_table: _("That move is for another table."),
    stale: _("The game moved on before your move arrived: choose again."),
    not_your_turn: _("It is not your turn."),
    over: _("The game is over."),
    illegal: _("The rules do not allow that move."),
    bad_move: _("That move cannot be read."),
    full: _("There is no seat left at this table."),
    not_over: _("The game is not over yet."),
    closed: _("This table is closed."),
    rate_limited: _("Too many requests: wait a moment and try again."),
    limit: _("The server is full just now: try again later."),
    unavailable: _("The server cannot take this just now: try again later."),
    storage: _("The server could not save this: try again later."),
    internal: _("Something went wrong on the server."),
  };
}

/** A refusal of the server for a player: in English the server's own message; in another
 * language the explanation of its ``code`` (the server's English is for developers). */
export function problem(code, message) {
  const known = code && Object.hasOwn(explanations(), code) ? explanations()[code] : null;
  const explained = known || _("Something went wrong.");
  return language() === "en" ? message || explained : explained;
}

/** A short message that goes away by itself. */
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const note = h("div", { class: `toast ${kind}` }, text);
  box.append(note);
  setTimeout(() => note.remove(), 5000);
}

/** Symbols of the genders. */
export const GENDER = { male: "\u2642", female: "\u2640", either: "\u26a5" };

/** A seat's name as the page shows it: its label (see seatLabel), "(you)" for your own. */
export function seatName(info, seat, you) {
  const name = seatLabel(info, seat);
  return seat === you ? _("{name} (you)", { name }) : name;
}

/** A seat's label in the page's language: its name, with the seat's number when another seat
 * has the same name (as the server's labels, "greedy bot (seat 2)"). A name a person typed is
 * shown as typed; a name the server gave (its `default`: a bot's, a seat nobody named) is said
 * in the page's words. */
export function seatLabel(info, seat) {
  const seats = (info && info.seats) || [];
  if (!seats[seat]) return _("seat {seat}", { seat });
  const names = seats.map(givenName);
  const name = names[seat];
  return names.filter((n) => n === name).length > 1 ? _("{name} (seat {seat})", { name, seat }) : name;
}

const LEVEL_BOTS = { easy: () => _("easy bot"), medium: () => _("medium bot"), hard: () => _("hard bot") };

/** A bot's name from its seat kind: a level's ("easy bot") or a bot's ("greedy bot"). */
export function botName(kind) {
  return Object.hasOwn(LEVEL_BOTS, kind) ? LEVEL_BOTS[kind]() : _("{bot} bot", { bot: kind });
}

function givenName(entry) {
  const given = entry.default;
  if (!given) return entry.name;
  if (Object.hasOwn(given, "bot")) return botName(given.bot);
  return _("seat {seat}", { seat: given.seat });
}

/** A stable colour for a name (species without a colour of their own). */
export function hue(name) {
  let n = 0;
  for (const c of name) n = (n * 31 + c.charCodeAt(0)) % 360;
  return n;
}
