// A table: one WebSocket to the server, the board of the game, the choices, the log, the end.
import { BASE, api, h, put, seatName, toast } from "./dom.js";
import * as ferry from "./ferry.js";
import * as island from "./island.js";
import * as plain from "./plain.js";

const GAMES = { ferry, island };
const MAX_LOG = 400;

export async function showTable(main, id) {
  const params = new URLSearchParams(location.hash.slice(1));
  const model = {
    id, token: params.get("token"), seat: null, info: null, rules: null, games: null,
    seq: 0, view: null, display: null, lines: [], end: null, connected: false, busy: false, ui: {},
  };
  const [rules, games] = await Promise.all([api(`/api/tables/${id}/rules`), api("/api/games")]);
  model.rules = rules;
  model.games = games.games;
  const parts = {
    status: h("section", { class: "status", id: "status" }),
    board: h("section", { class: "board", id: "board" }),
    log: h("ol", { class: "log", id: "log" }),
    result: h("section", { class: "result", id: "result", hidden: true }),
    invite: invitePanel(id),
  };
  put(main, h("div", { class: "table-page" },
    parts.status,
    h("div", { class: "play" }, parts.board,
      h("aside", { class: "side" }, parts.result,
        h("section", { class: "panel" }, h("h3", {}, "Moves"), parts.log), parts.invite))));
  connect(model, parts, 0);
}

function connect(model, parts, attempt) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${BASE}/ws`);
  model.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", table: model.id, token: model.token, since: model.seq }));
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
    model.connected = true;
    model.resetAttempts();
    model.info = message.table;
    model.seat = message.seat;
    for (const entry of message.log) addLines(model, entry.seq, entry.lines, entry.events);
    take(model, message);
  } else if (message.type === "update") {
    addLines(model, message.seq, message.lines, message.events);
    model.info.to_act = message.to_act;
    model.info.over = message.over;
    model.info.seq = message.seq;
    take(model, message);
  } else if (message.type === "presence") {
    model.info.seats = message.seats;
    model.info.spectators = message.spectators;
  } else if (message.type === "error") {
    model.busy = false;
    toast(message.message, "error");
    if (["bad_token", "unknown_table", "unavailable"].includes(message.code)) {
      model.fatal = true;
      put(parts.board, h("p", { class: "problem" }, message.message));
    }
  }
  draw(model, parts);
}

function take(model, message) {
  model.seq = message.seq;
  model.view = message.view;
  model.display = message.display;
  model.busy = false;
  model.ui = {};
}

function addLines(model, seq, lines, events) {
  for (const line of lines) model.lines.push({ seq, line });
  if (model.lines.length > MAX_LOG) model.lines.splice(0, model.lines.length - MAX_LOG);
  for (const event of events) if (event.type === "GameOver") model.end = event;
}

function draw(model, parts) {
  if (!model.view) return;
  drawStatus(model, parts);
  const game = GAMES[model.info.game] || plain;
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
  put(parts.board, game.board(model, act), plain.choiceList(model, act));
  put(parts.log, ...model.lines.map((l) => h("li", { "data-seq": l.seq }, l.line)));
  parts.log.scrollTop = parts.log.scrollHeight;
  drawResult(model, parts);
}

function drawStatus(model, parts) {
  const info = model.info;
  if (!info) return;
  const you = model.seat;
  const view = model.view;
  let doing;
  if (info.over) doing = "Game over.";
  else if (model.display && model.display.prompt) doing = `Your turn: ${model.display.prompt}`;
  else doing = `Waiting for ${seatName(info, info.to_act, you)}\u2026`;
  const seats = info.seats.map((s) => h("li", {
    class: [s.seat === info.to_act && !info.over ? "to-act" : "", s.connected ? "on" : "off"].join(" "),
  }, seatName(info, s.seat, you), s.kind === "bot" ? "" : s.connected ? "" : " (away)"));
  put(parts.status,
    h("div", { class: "title" }, h("strong", {}, info.game), ` \u00b7 table ${info.id}`,
      info.variants.length ? ` \u00b7 ${info.variants.join(", ")}` : "",
      you === null ? " \u00b7 watching" : ` \u00b7 you are seat ${you}`),
    h("div", { class: `doing${model.display && model.display.prompt ? " yours" : ""}`, id: "doing" },
      model.busy ? "Sending\u2026" : doing),
    h("ul", { class: "seats" }, seats),
    h("div", { class: `link ${model.connected ? "on" : "off"}`, id: "connection" },
      model.connected ? `connected \u00b7 move ${model.seq}` : "reconnecting\u2026"));
  if (view) parts.status.dataset.seq = model.seq;
}

function drawResult(model, parts) {
  const end = model.end;
  if (!end || !model.info.over) {
    parts.result.hidden = true;
    return;
  }
  const spec = model.games.find((g) => g.name === model.info.game) || { score_name: "score" };
  const field = Object.keys(end).find((k) => k !== "type" && k !== "winners" && Array.isArray(end[k]));
  const scores = end[field] || [];
  const rows = scores.map((score, seat) => h("tr", { class: end.winners.includes(seat) ? "winner" : "" },
    h("td", {}, seatName(model.info, seat, model.seat)), h("td", { class: "score" }, score),
    h("td", {}, end.winners.includes(seat) ? "winner" : "")));
  const winners = end.winners.map((s) => seatName(model.info, s, model.seat)).join(" and ");
  parts.result.hidden = false;
  put(parts.result,
    h("h3", {}, "Game over"),
    h("p", { id: "winners" }, `${end.winners.length > 1 ? "Winners" : "Winner"}: ${winners}`),
    h("table", { class: "scores", id: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Seat"),
        h("th", {}, spec.score_name + (spec.lower_scores_win ? " (lower wins)" : "")), h("th", {}, ""))),
      h("tbody", {}, rows)),
    h("p", {}, h("a", { class: "button", href: `${BASE}/replay?table=${model.id}` }, "Replay this game"),
      " ", h("a", { class: "button", href: `${BASE}/api/tables/${model.id}/record`, download: `${model.id}.json` },
        "Download the record")));
}

function invitePanel(id) {
  const stored = sessionStorage.getItem(`links:${id}`);
  const links = stored ? JSON.parse(stored) : [];
  const here = Number(new URLSearchParams(location.hash.slice(1)).get("seat"));
  const others = links.filter((l) => l.seat !== here);
  const watch = `${location.origin}${BASE}/t/${id}`;
  return h("section", { class: "panel invite" }, h("h3", {}, "Invite"),
    others.length ? h("p", {}, "Send each friend the link of one seat (it is that seat's key):") : null,
    h("ul", {}, others.map((l) => {
      const url = location.origin + l.path;
      return h("li", {}, `Seat ${l.seat}: `, h("input", { readonly: true, value: url, class: "copy" }));
    })),
    h("p", {}, "Anyone can watch at ", h("input", { readonly: true, value: watch, class: "copy" })));
}
