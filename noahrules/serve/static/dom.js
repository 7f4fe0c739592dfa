// Building DOM and SVG elements. Text always goes in as text nodes, never as HTML.

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

/** JSON from the server, or an Error carrying the server's message. A ``token`` option goes in
 * the Authorization header (never in the address). */
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
    const message = (data.error && data.error.message) || response.statusText;
    throw new Error(message);
  }
  return data;
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

/** A seat's name as the page shows it: its label from the server (the name, with the seat's
 * number when another seat has the same name), "(you)" for your own. */
export function seatName(info, seat, you) {
  const entry = info && info.seats[seat];
  const name = entry ? entry.label || entry.name : `seat ${seat}`;
  return seat === you ? `${name} (you)` : name;
}

/** A stable colour for a name (species without a colour of their own). */
export function hue(name) {
  let n = 0;
  for (const c of name) n = (n * 31 + c.charCodeAt(0)) % 360;
  return n;
}

/** A count and its noun: "1 point", "3 points" (``many`` for an irregular plural). */
export function counted(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
