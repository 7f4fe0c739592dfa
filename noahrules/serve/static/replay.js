// The replay viewer: a finished table's game, or a game record you upload, move by move.
import { BASE, api, h, put, seatLabel, toast } from "./dom.js";
import { _, language } from "./i18n.js";
import { loadPage, pageOf } from "./games.js";
import { resultContent } from "./result.js";
import { rulesButton } from "./rules.js";

export async function showReplay(main, tableId) {
  if (tableId) {
    try {
      const [replay, rules, table, games] = await Promise.all([
        api(`/api/tables/${tableId}/replay?lang=${language()}`), api(`/api/tables/${tableId}/rules?lang=${language()}`),
        api(`/api/tables/${tableId}`), api("/api/games")]);
      await loadPage(games.games.find((g) => g.name === replay.game));
      viewer(main, replay, rules, _("table {id}", { id: tableId }), table.seats, games.games);
    } catch (error) {
      put(main, h("p", { class: "problem" }, error.message), uploadForm(main));
    }
    return;
  }
  put(main, uploadForm(main));
}

function uploadForm(main) {
  const file = h("input", { type: "file", accept: ".json,application/json", id: "record-file" });
  const form = h("form", { class: "panel", id: "upload" },
    h("h2", {}, _("Replay a game record")),
    h("p", {}, _("Choose a record saved from a finished table (or written by noahrules.serialize).")),
    file, h("button", { type: "submit", class: "primary" }, _("Replay")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file.files.length) return;
    try {
      const text = await file.files[0].text();
      const replay = await api(`/api/replay?lang=${language()}`, { method: "POST", body: text, headers: { "Content-Type": "application/json" } });
      const query = [...replay.variants.map((v) => `variant=${encodeURIComponent(v)}`), `lang=${language()}`].join("&");
      const [rules, games] = await Promise.all([
        api(`/api/games/${encodeURIComponent(replay.game)}/rules?${query}`), api("/api/games")]);
      await loadPage(games.games.find((g) => g.name === replay.game));
      viewer(main, replay, rules, file.files[0].name, null, games.games);
    } catch (error) {
      toast(error.message, "error");
    }
  });
  return form;
}

function viewer(main, replay, rules, title, seats, games) {
  const frames = replay.frames;
  const state = { at: frames.length - 1, seat: 0, timer: null };
  const game = pageOf(replay.game);
  const spec = games.find((g) => g.name === replay.game) || { score_name: _("score") };
  const info = {
    game: replay.game, id: "replay", variants: replay.variants, over: false,
    seats: seats || Array.from({ length: replay.players }, (unused, seat) => ({ seat, name: _("seat {seat}", { seat }), kind: "human" })),
  };
  const result = replay.result;
  const resultBox = h("section", { class: "panel result", id: "result", hidden: true });
  const boardBox = h("section", { class: "board", id: "board" });
  const log = h("ol", { class: "log", id: "log" });
  const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: state.at, id: "replay-slider" });
  const where = h("span", { id: "replay-at" });
  const seatPick = h("select", { id: "replay-seat", "aria-label": _("whose view") },
    info.seats.map((s) => h("option", { value: s.seat }, _("as seen by {name}", { name: seatLabel(info, s.seat) }))));
  const go = (at) => { state.at = Math.max(0, Math.min(frames.length - 1, at)); draw(); };
  const play = h("button", { onclick: () => {
    if (state.timer) { clearInterval(state.timer); state.timer = null; play.textContent = _("Play"); return; }
    play.textContent = _("Pause");
    state.timer = setInterval(() => (state.at >= frames.length - 1 ? play.click() : go(state.at + 1)), 400);
  } }, _("Play"));
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatPick.addEventListener("change", () => { state.seat = Number(seatPick.value); draw(); });

  function draw() {
    const frame = frames[state.at];
    const view = { ...frame.views[state.seat], legal_moves: [] };
    const last = state.at === frames.length - 1;
    const model = { view, rules, info, seat: state.seat, ui: {}, busy: true,
      outcome: last && result ? result.outcome : null,
      display: { derived: frame.derived[state.seat], prompt: null, choices: [] } };
    slider.value = state.at;
    where.textContent = _("move {seq} of {last}", { seq: frame.seq, last: frames.length - 1 });
    put(boardBox, game.board(model, { send() {}, pick() {} }));
    const lines = [];
    for (const f of frames.slice(1, state.at + 1)) for (const line of f.lines) lines.push(h("li", { "data-seq": f.seq }, line));
    put(log, ...lines.slice(-300));
    log.scrollTop = log.scrollHeight;
    resultBox.hidden = !(last && result);
    if (last && result) put(resultBox, h("h3", {}, _("Result")), resultContent(result, info, null, spec));
  }

  put(main, h("div", { class: "table-page replay" },
    h("section", { class: "status" }, h("div", { class: "title" }, h("strong", {}, _("Replay of {title}", { title })),
      ` \u00b7 ${replay.game}`, replay.variants.length ? ` \u00b7 ${replay.variants.join(", ")}` : "",
      " ", rulesButton(replay.game)),
      h("div", { class: "controls" },
        h("button", { onclick: () => go(0), title: _("start") }, "\u23ee"),
        h("button", { onclick: () => go(state.at - 1), title: _("back"), id: "replay-back" }, "\u25c0"),
        play,
        h("button", { onclick: () => go(state.at + 1), title: _("forward"), id: "replay-forward" }, "\u25b6"),
        h("button", { onclick: () => go(frames.length - 1), title: _("end") }, "\u23ed"),
        slider, where, seatPick)),
    resultBox,
    h("div", { class: "play" }, boardBox,
      h("aside", { class: "side" }, h("section", { class: "panel" }, h("h3", {}, _("Moves")), log),
        h("p", {}, h("a", { href: `${BASE}/replay` }, _("Replay another record")))))));
  draw();
}
