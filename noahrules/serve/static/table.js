// A table: one WebSocket to the server, the board of the game, the choices, the log, the end.
import { BASE, api, h, problem, put, seatLabel, seatName, toast } from "./dom.js";
import { _, language } from "./i18n.js";
import { loadPage, pageOf } from "./games.js";
import * as plain from "./plain.js";
import { resultContent } from "./result.js";
import { rulesButton } from "./rules.js";

const MAX_LOG = 400;
const FATAL = ["bad_token", "unknown_table", "unavailable"];

export async function showTable(main, id) {
  const params = new URLSearchParams(location.hash.slice(1));
  const model = {
    id, token: params.get("token"), seat: null, info: null, rules: null, games: null,
    seq: 0, view: null, display: null, outcome: null, lines: [], end: null, connected: false,
    busy: false, ui: {}, links: null,
  };
  const [rules, games] = await Promise.all([api(`/api/tables/${id}/rules?lang=${language()}`), api("/api/games")]);
  model.rules = rules;
  model.games = games.games;
  const parts = {
    status: h("section", { class: "status", id: "status" }),
    board: h("section", { class: "board", id: "board" }),
    log: h("ol", { class: "log", id: "log" }),
    result: h("section", { class: "panel result", id: "result", hidden: true }),
    invite: h("section", { class: "panel invite", id: "invite" }),
    name: h("section", { class: "name-part", id: "name-part", hidden: true }),
  };
  put(main, h("div", { class: "table-page" },
    parts.status,
    parts.name,
    parts.result,
    h("div", { class: "play" }, parts.board,
      h("aside", { class: "side" },
        h("section", { class: "panel" }, h("h3", {}, _("Moves")), parts.log), parts.invite))));
  connect(model, parts, 0);
}

function connect(model, parts, attempt) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${BASE}/ws`);
  model.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify(hello(model)));
  });
  socket.addEventListener("message", (event) => receive(model, parts, JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    model.connected = false;
    drawStatus(model, parts);
    if (model.fatal) return;
    const wait = Math.min(10000, 500 * 2 ** attempt);
    setTimeout(() => connect(model, parts, attempt + 1), wait);
  });
  model.resetAttempts = () => { attempt = 0; };
}

function receive(model, parts, message) {
  if (message.type === "welcome") {
    const first = model.info === null;
    model.connected = true;
    model.resetAttempts();
    model.info = message.table;
    model.seat = message.seat;
    for (const entry of message.log) addLines(model, entry.seq, entry.lines, entry.events);
    take(model, message);
    drawName(model, parts);
    if (first) {
      drawInvite(model, parts);
      loadPage(model.games.find((g) => g.name === model.info.game)).then(() => draw(model, parts));
    }
  } else if (message.type === "update") {
    addLines(model, message.seq, message.lines, message.events);
    model.info.to_act = message.to_act;
    model.info.over = message.over;
    model.info.seq = message.seq;
    take(model, message);
  } else if (message.type === "presence") {
    model.info.seats = message.seats;
    model.info.spectators = message.spectators;
    drawName(model, parts);
    if (model.links) drawInvite(model, parts);
  } else if (message.type === "closed") {
    model.info.closed = message.reason;
  } else if (message.type === "again") {
    model.info.next = message.table;
  } else if (message.type === "error") {
    model.busy = false;
    const text = problem(message.code, message.message);
    toast(text, "error");
    if (FATAL.includes(message.code)) {
      model.fatal = true;
      put(parts.board, h("p", { class: "problem", id: "problem" }, text));
    }
  }
  draw(model, parts);
}

/** The hello that joins the table, with the page's language (the server's words in it). */
function hello(model) {
  return { type: "hello", table: model.id, token: model.token, since: model.seq, lang: language() };
}

function take(model, message) {
  model.seq = message.seq;
  model.view = message.view;
  model.display = message.display;
  model.outcome = message.outcome || null;
  model.busy = false;
  model.ui = {};
}

function addLines(model, seq, lines, events) {
  for (const line of lines) model.lines.push({ seq, line });
  if (model.lines.length > MAX_LOG) model.lines.splice(0, model.lines.length - MAX_LOG);
  for (const event of events) if (event.type === "GameOver") model.end = event;
}

function draw(model, parts) {
  if (!model.view || model.fatal) return;
  drawStatus(model, parts);
  const act = {
    send(index) {
      if (model.busy || !model.connected) return;
      model.busy = true;
      const move = model.view.legal_moves[index];
      model.socket.send(JSON.stringify({ type: "move", seq: model.seq, move }));
      drawStatus(model, parts);
    },
    pick(key) {
      model.ui.picked = model.ui.picked === key ? undefined : key;
      draw(model, parts);
    },
  };
  put(parts.board, pageOf(model.info.game).board(model, act), plain.choiceList(model, act));
  put(parts.log, ...model.lines.map((l) => h("li", { "data-seq": l.seq }, l.line)));
  parts.log.scrollTop = parts.log.scrollHeight;
  drawResult(model, parts);
  parts.invite.hidden = ended(model.info);
}

function ended(info) {
  return Boolean(info.over || info.closed);
}

function drawStatus(model, parts) {
  const info = model.info;
  if (!info) return;
  const you = model.seat;
  let doing;
  if (info.over) doing = _("Game over.");
  else if (info.closed) doing = _("This table was closed: {reason}.", { reason: info.closed });
  else if (model.display && model.display.prompt) doing = _("Your turn: {prompt}", { prompt: model.display.prompt });
  else doing = _("Waiting for {name}\u2026", { name: seatName(info, info.to_act, you) });
  const seats = info.seats.map((s) => h("li", {
    class: [s.seat === info.to_act && !ended(info) ? "to-act" : "", s.connected ? "on" : "off"].join(" "),
  }, seatName(info, s.seat, you), s.kind === "bot" || s.connected ? "" : ` ${_("(away)")}`));
  put(parts.status,
    h("div", { class: "title" }, h("strong", {}, info.game), ` \u00b7 ${_("table {id}", { id: info.id })}`,
      info.variants.length ? ` \u00b7 ${info.variants.join(", ")}` : "",
      you === null ? ` \u00b7 ${_("watching")}` : ` \u00b7 ${_("you are seat {seat}", { seat: you })}`, " ", rulesButton(info.game)),
    h("div", { class: `doing${model.display && model.display.prompt ? " yours" : ""}`, id: "doing" },
      model.busy ? _("Sending\u2026") : doing),
    h("ul", { class: "seats" }, seats),
    h("div", { class: `link ${model.connected ? "on" : "off"}`, id: "connection" },
      model.connected ? _("connected \u00b7 move {seq}", { seq: model.seq }) : _("reconnecting\u2026")));
  if (model.view) parts.status.dataset.seq = model.seq;
}

/** The form in which a person arriving by an invite link names their seat: drawn once, apart
 * from the status that every move redraws, so that typing is never interrupted. */
function drawName(model, parts) {
  const mine = model.seat !== null && model.info.seats[model.seat];
  const wanted = Boolean(mine && !mine.named);
  parts.name.hidden = !wanted;
  if (!wanted) {
    parts.name.replaceChildren();
    return;
  }
  if (parts.name.firstChild) return;
  const input = h("input", { id: "my-name", maxlength: 24, placeholder: _("your name"), "aria-label": _("your name") });
  const form = h("form", { class: "name-form panel", id: "name-form" },
    _("Tell the others your name:"), " ", input, " ", h("button", { type: "submit" }, _("Save")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name && model.connected) model.socket.send(JSON.stringify({ type: "name", name }));
  });
  put(parts.name, form);
}

function drawResult(model, parts) {
  const info = model.info;
  if (!ended(info)) {
    parts.result.hidden = true;
    return;
  }
  parts.result.hidden = false;
  const spec = model.games.find((g) => g.name === info.game) || { score_name: _("score") };
  const end = model.end && info.over
    ? { winners: model.end.winners, scores: scoresOf(model.end), outcome: model.outcome } : null;
  put(parts.result,
    h("h3", {}, info.over ? _("Game over") : _("Table closed")),
    end ? resultContent(end, info, model.seat, spec)
      : h("p", { class: "reason", id: "reason" }, _("This table was closed: {reason}.", { reason: info.closed })),
    h("p", { class: "actions" },
      h("a", { class: "button", href: `${BASE}/replay?table=${model.id}` }, _("Replay this game")),
      " ", h("a", { class: "button", href: `${BASE}/api/tables/${model.id}/record`, download: `${model.id}.json` },
        _("Download the record"))),
    againPart(model));
}

function scoresOf(end) {
  const field = Object.keys(end).find((k) => k !== "type" && k !== "winners" && Array.isArray(end[k]));
  return end[field] || [];
}

/** Play again: for a seated person, a new table with the same seats and their own seat's link. */
function againPart(model) {
  const next = model.info.next;
  if (model.seat === null || !model.token) {
    return next ? h("p", {}, h("a", { class: "button", href: `${BASE}/t/${next}` }, _("Watch the next game"))) : null;
  }
  const go = async () => {
    try {
      const link = await api(`/api/tables/${model.id}/again`, { method: "POST", token: model.token });
      location.assign(link.path);
    } catch (error) {
      toast(error.message, "error");
    }
  };
  return h("p", {}, next ? `${_("The others are starting a new game.")} ` : "",
    h("button", { class: "primary", id: "again", onclick: go }, next ? _("Join the new game") : _("Play again")));
}

/** The Invite panel: the host (seat 0) sees every invited seat's link, can give a seat a new
 * link or free it; everyone sees the link to watch. */
async function drawInvite(model, parts) {
  const host = model.seat === 0 && model.token;
  if (host && model.links === null) {
    try {
      model.links = (await api(`/api/tables/${model.id}/links`, { token: model.token })).links;
    } catch (error) {
      model.links = [];
    }
  }
  const watch = `${location.origin}${BASE}/t/${model.id}`;
  const rows = host ? model.info.seats.filter((s) => s.kind === "human" && s.seat !== 0)
    .map((s) => inviteRow(model, parts, s)) : [];
  put(parts.invite, h("h3", {}, _("Invite")),
    rows.length ? h("p", {}, _("Send each friend the link of their seat (it is that seat's key):")) : null,
    rows.length ? h("ul", { class: "links" }, rows) : null,
    h("p", {}, _("Anyone can watch at"), " ", copyField(watch, "watch-link")));
}

function inviteRow(model, parts, entry) {
  const link = model.links.find((l) => l.seat === entry.seat);
  const state = entry.open ? (entry.taken ? _("taken from the lobby") : _("open: anyone may join it from the lobby"))
    : entry.taken ? _("taken") : _("not come yet");
  const act = async (what) => {
    try {
      const answer = await api(`/api/tables/${model.id}/seats/${entry.seat}/${what}`, { method: "POST", token: model.token });
      model.links = model.links.filter((l) => l.seat !== entry.seat);
      if (what === "rekey") model.links.push(answer);
      drawInvite(model, parts);
    } catch (error) {
      toast(error.message, "error");
    }
  };
  return h("li", { "data-seat": entry.seat },
    h("div", {}, h("strong", {}, _("Seat {seat}", { seat: entry.seat })), ` \u00b7 ${seatLabel(model.info, entry.seat)} \u00b7 ${state}`),
    link ? copyField(location.origin + link.path, `link-${entry.seat}`) : null,
    h("div", { class: "actions" },
      h("button", { type: "button", class: "rekey", title: _("the old link stops working"), onclick: () => act("rekey") }, _("New link")),
      entry.open && !entry.taken ? null
        : h("button", { type: "button", class: "free", title: _("anyone may join it from the lobby"), onclick: () => act("free") }, _("Free the seat"))));
}

function copyField(value, id) {
  return h("input", { readonly: true, value, class: "copy", id, onfocus: (event) => event.target.select() });
}
