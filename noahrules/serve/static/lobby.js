// The lobby: the tables of the server a page at a time, a form for a new one, joining and watching.
import { BASE, api, botName, h, put, seatLabel, toast } from "./dom.js";
import { _, ngettext } from "./i18n.js";
import { rulesButton } from "./rules.js";

const PEOPLE = () => ({ human: _("a friend you invite"), open: _("anyone (an open seat)") });

export async function showLobby(main) {
  const catalogue = await api("/api/games");
  const list = h("section", { class: "panel", id: "tables" }, h("h2", {}, _("Tables")));
  const lobby = { list, before: null };
  put(main, h("div", { class: "lobby" }, newTableForm(catalogue), list));
  await refresh(lobby);
  setInterval(() => { if (lobby.before === null) refresh(lobby).catch(() => {}); }, 5000);
}

function newTableForm(catalogue) {
  const games = catalogue.games;
  const game = h("select", { name: "game", id: "new-game" },
    games.map((g) => h("option", { value: g.name }, `${g.name} \u2014 ${g.title}`)));
  const players = h("select", { name: "players", id: "new-players" });
  const variants = h("div", { class: "variants", id: "new-variants" });
  const seats = h("div", { class: "seats", id: "new-seats" });
  const name = h("input", { name: "name", id: "new-name", maxlength: 24, placeholder: _("your name") });
  const unlisted = h("input", { type: "checkbox", id: "new-unlisted" });
  const howTo = h("span", { id: "how-to" });
  const spec = () => games.find((g) => g.name === game.value);
  const levelName = (k) => Object.hasOwn(catalogue.levels, k) && _("{bot} ({bots})", { bot: botName(k), bots: catalogue.levels[k] });

  function drawPlayers() {
    const g = spec();
    const keep = Number(players.value) || g.min_players;
    put(players, ...range(g.min_players, g.max_players).map((n) =>
      h("option", { value: n, selected: n === Math.min(Math.max(keep, g.min_players), g.max_players) }, ngettext("{count} player", "{count} players", n))));
    put(variants, ...g.variants.map((v) =>
      h("label", {}, h("input", { type: "checkbox", value: v }), ` ${v}`)));
    put(howTo, rulesButton(g.name, _("How to play {game}", { game: g.name })));
    drawSeats();
  }
  function drawSeats() {
    const n = Number(players.value);
    put(seats, ...range(0, n - 1).map((seat) => {
      const levels = Object.keys(catalogue.levels);
      const kinds = seat === 0 ? ["human"] : ["human", "open", ...levels, ...catalogue.bots];
      const choose = h("select", { "data-seat": seat, "aria-label": _("seat {seat}", { seat }) },
        kinds.map((k) => h("option", { value: k, selected: seat > 0 && k === "easy" },
          seat === 0 ? _("you") : PEOPLE()[k] || levelName(k) || botName(k))));
      return h("label", { class: "seat-kind" }, _("Seat {seat}:", { seat }), " ", choose);
    }));
  }
  game.addEventListener("change", drawPlayers);
  players.addEventListener("change", drawSeats);
  drawPlayers();

  const form = h("form", { class: "panel", id: "new-table" },
    h("h2", {}, _("New table")),
    h("label", {}, _("Game"), " ", game), howTo,
    h("label", {}, _("Players"), " ", players),
    h("fieldset", {}, h("legend", {}, _("Variants")), variants),
    h("fieldset", {}, h("legend", {}, _("Seats")), seats,
      h("p", { class: "small muted" }, _("A friend's seat opens only with the link you send them; an open seat is offered here to anyone."))),
    h("label", {}, _("Your name"), " ", name),
    h("label", {}, unlisted, " ", _("unlisted: only people with a link find it")),
    h("button", { type: "submit", class: "primary", id: "create" }, _("Create the table")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      game: game.value,
      players: Number(players.value),
      variants: [...variants.querySelectorAll("input:checked")].map((i) => i.value),
      seats: [...seats.querySelectorAll("select")].map((s) => s.value),
      name: name.value,
      unlisted: unlisted.checked,
    };
    try {
      const made = await api("/api/tables", { json: body });
      location.assign(made.links[0].path);
    } catch (error) {
      toast(error.message, "error");
    }
  });
  return form;
}

async function refresh(lobby) {
  const query = lobby.before ? `?before=${encodeURIComponent(lobby.before)}` : "";
  const { tables, next } = await api(`/api/tables${query}`);
  const rows = tables.map((t) => {
    const who = t.seats.map((s) => {
      const name = seatLabel(t, s.seat);
      return s.kind === "bot" || s.taken ? name : s.open ? _("{name} (open)", { name }) : _("{name} (invited)", { name });
    });
    const state = t.problem ? _("cannot be restored") : t.over ? _("game over") : t.closed ? _("closed: {reason}", { reason: t.closed }) :
      t.free ? ngettext("{count} open seat", "{count} open seats", t.free) : _("move {seq}", { seq: t.seq });
    const actions = [];
    if (t.free) actions.push(h("button", { class: "join", onclick: () => join(t.id) }, _("Join")));
    actions.push(h("a", { class: "button", href: `${BASE}/t/${t.id}` }, _("Watch")));
    if (t.over || t.closed) actions.push(h("a", { class: "button", href: `${BASE}/replay?table=${t.id}` }, _("Replay")));
    return h("tr", { "data-table": t.id },
      h("td", { "data-label": _("Game") }, t.game),
      h("td", { "data-label": _("Variants") }, t.variants.join(", ") || "\u2014"),
      h("td", { "data-label": _("Seats") }, who.join(", ")), h("td", { "data-label": _("State") }, state),
      h("td", { class: "actions" }, actions));
  });
  const table = rows.length
    ? h("div", { class: "scroll" }, h("table", { class: "rows" },
      h("thead", {}, h("tr", {}, [_("Game"), _("Variants"), _("Seats"), _("State"), ""].map((c) => h("th", {}, c)))),
      h("tbody", {}, rows)))
    : h("p", { class: "muted" }, _("No tables yet: create one."));
  const paging = h("p", { class: "paging" },
    lobby.before ? h("button", { type: "button", id: "newest", onclick: () => { lobby.before = null; refresh(lobby); } }, _("Newest tables")) : null,
    " ",
    next ? h("button", { type: "button", id: "older", onclick: () => { lobby.before = next; refresh(lobby); } }, _("Older tables")) : null);
  put(lobby.list, h("h2", {}, _("Tables")), table, paging);
}

async function join(id) {
  const name = prompt(_("Your name?"), "") ?? "";
  try {
    const seat = await api(`/api/tables/${id}/join`, { json: { name } });
    location.assign(seat.path);
  } catch (error) {
    toast(error.message, "error");
  }
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (unused, i) => low + i);
}
