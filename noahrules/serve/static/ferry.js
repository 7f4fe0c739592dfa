// The ferry game ("Noah"): five docks in a circle, Noah, the centre, your hand, your choices.
// Everything shown comes from the view, the server's derived values and labels; nothing here
// decides what is legal.
import { GENDER, h, hue, seatName } from "./dom.js";
import { _, ngettext } from "./i18n.js";
import { movesOf } from "./plain.js";

const ABILITY_TEXT = {
  capacity_limit: (v) => _("ferry capacity {capacity} while aboard", { capacity: v }),
  choose_gender: () => _("you choose its gender"),
  noah_stays: () => _("Noah stays"),
  look_at_hand: () => _("look at a hand"),
  steal_and_return: () => _("steal a card, give one back"),
  wild_weight: (v) => _("weighs {low}\u2013{high} to make a ferry depart", { low: v[0], high: v[1] }),
  reduce_penalty: (v) => _("your penalty \u2212{points}", { points: v }),
  first_escapes: () => _("the first animal aboard escapes"),
};

/** A gender in words: "male". */
function genderWord(gender) {
  const words = { male: _("male"), female: _("female"), either: _("either") };
  return words[gender] || gender;
}

/** A gender in words, after its symbol: "\u2642 male". */
function genderText(gender) {
  return `${GENDER[gender] || ""} ${genderWord(gender)}`;
}

export function board(model, act) {
  const cards = Object.fromEntries(model.rules.animals.map((c) => [c.id, c]));
  const ferries = Object.fromEntries(model.rules.ferries.map((f) => [f.id, f]));
  const view = model.view;
  const table = view.table;
  const ctx = { model, act, cards, ferries, view, table };
  return h("div", { class: "ferry" },
    summary(ctx),
    harbour(ctx),
    decision(ctx),
    view.hand ? hand(ctx) : h("p", { class: "muted" }, _("Spectators see no hand.")));
}

function summary({ model, table, view }) {
  const round = model.rules.rounds ? _("Round {round} of {rounds}", { round: table.round, rounds: model.rules.rounds })
    : _("Round {round}", { round: table.round });
  const limit = model.rules.penalty_limit
    ? ` \u00b7 ${_("game ends at {limit} penalty", { limit: model.rules.penalty_limit })}` : "";
  const seats = Array.from({ length: table.players }, (unused, seat) => h("li", {
    class: seat === table.seat && table.phase !== "over" ? "to-act" : "",
    "data-seat": seat,
  }, h("strong", {}, seatName(model.info, seat, model.seat)),
    view.hand_sizes ? ` \u00b7 ${ngettext("{count} card", "{count} cards", view.hand_sizes[seat])}` : "",
    ` \u00b7 ${_("penalty {points}", { points: table.penalties[seat] })}`));
  return h("div", { class: "summary" },
    h("div", {}, h("strong", {}, round),
      ` \u00b7 ${_("departures this round: {count}", { count: table.departures })}`,
      view.unused !== undefined ? ` \u00b7 ${_("unused cards: {count}", { count: view.unused })}` : "", limit),
    h("ul", { class: "players" }, seats));
}

function harbour(ctx) {
  const { table, model, ferries } = ctx;
  const noahMoves = movesOf(model, "MoveNoah");
  const docks = table.docks.map((ferry, dock) => {
    const target = noahMoves.find((m) => m.move.dock === dock);
    const card = dockCard(ctx, ferry, dock, target);
    const angle = (2 * Math.PI * dock) / table.docks.length - Math.PI / 2;
    card.style.setProperty("--x", `${50 + 37 * Math.cos(angle)}%`);
    card.style.setProperty("--y", `${50 + 39 * Math.sin(angle)}%`);
    return card;
  });
  const centre = h("div", { class: "centre" },
    h("div", { class: "label" }, _("Waiting ferries")),
    table.centre.length
      ? h("ol", {}, table.centre.map((id) => h("li", {}, ferryName(ferries[id]))))
      : h("p", { class: "muted" }, _("none: the next departure ends the round")),
    table.escapee ? h("p", { class: "escapee" }, _("Escaped:"), " ", animalChip(ctx, { card: table.escapee })) : null);
  return h("div", { class: "harbour", id: "harbour" }, ...docks, centre);
}

function dockCard(ctx, ferry, dock, target) {
  const { table, model, ferries, act } = ctx;
  const noah = table.noah === dock;
  const classes = ["dock", `dock-${dock}`, noah ? "noah" : "", target ? "target" : ""].join(" ");
  const count = table.docks.length;
  const beside = _("next to {left} and {right}", { left: (dock + count - 1) % count, right: (dock + 1) % count });
  const head = h("div", { class: "dock-head" }, h("span", {}, _("Dock {dock}", { dock })),
    h("span", { class: "beside", title: _("a female sends Noah to a dock next to his; a male across (F14)") }, beside),
    noah ? h("span", { class: "noah-badge", title: _("Noah is here") }, _("Noah")) : null);
  if (!ferry) {
    return h("div", { class: classes, "data-dock": dock }, head,
      h("p", { class: "muted" }, _("empty: a ferry is coming")),
      target ? moveButton(act, target, _("Move Noah here")) : null);
  }
  const derived = model.display.derived[`table.docks.${dock}`] || {};
  const card = ferries[ferry.card];
  const load = derived.load ?? 0;
  const capacity = derived.capacity ?? card.capacity;
  const genders = derived.genders || ["male", "female"];
  const pattern = genders.length > 1 ? _("any gender may board")
    : _("next aboard: {gender}", { gender: genderText(genders[0]) });
  return h("div", { class: classes, "data-dock": dock }, head,
    h("div", { class: "ferry-name" }, ferryName(card)),
    h("div", { class: "load", title: _("load / capacity") },
      h("meter", { min: 0, max: capacity, value: load }), ` ${load} / ${capacity}`),
    h("div", { class: "pattern" }, pattern, card.unique_species ? ` \u00b7 ${_("one of each species")}` : ""),
    h("div", { class: "aboard" }, ferry.animals.length ? ferry.animals.map((a) => animalChip(ctx, a)) : h("span", { class: "muted" }, _("no animal aboard"))),
    target ? moveButton(act, target, _("Move Noah here")) : null);
}

function decision(ctx) {
  const { model, act, view, table } = ctx;
  const prompt = model.display.prompt;
  if (!prompt) return h("div", { class: "decision idle" });
  const buttons = [];
  for (const type of ["TakeAnimals", "LookAtHand", "StealFrom", "SendEscapee", "EndGiving"]) {
    for (const m of movesOf(model, type)) buttons.push(moveButton(act, m, capitalise(m.label)));
  }
  const picked = model.ui.picked;
  if (picked) {
    for (const m of movesOf(model).filter((x) => x.move.card === picked && ["PlayAnimal", "GiveCard"].includes(x.move.type))) {
      buttons.unshift(moveButton(act, m, optionText(ctx, m)));
    }
  }
  let hint = "";
  if (table.phase === "play") hint = picked ? _("Choose how to play it:") : _("Click a highlighted card of your hand.");
  if (table.phase === "give") hint = picked ? _("Give it to:") : _("Click a card of your hand to give it, or stop.");
  if (table.phase === "give_back") hint = _("Click the card of your hand to give back.");
  if (table.phase === "move_noah") hint = _("Click \u201cMove Noah here\u201d on a highlighted dock.");
  return h("div", { class: "decision", id: "decision" },
    h("p", { class: "prompt" }, prompt, hint ? ` ${hint}` : ""),
    h("div", { class: "actions" }, buttons));
}

function hand(ctx) {
  const { model, act, view, table } = ctx;
  const moves = movesOf(model);
  const cards = view.hand.map((id) => {
    const own = moves.filter((m) => m.move.card === id);
    const card = ctx.cards[id];
    const attrs = { class: "card", "data-card": id };
    if (own.length && !model.busy) {
      attrs.class += " playable";
      if (model.ui.picked === id) attrs.class += " picked";
      const direct = own.length === 1 && table.phase !== "give";
      if (direct) {
        attrs["data-move"] = own[0].index;
        attrs.title = own[0].label;
        attrs.onclick = () => act.send(own[0].index);
      } else {
        attrs["data-pick"] = id;
        attrs.onclick = () => act.pick(id);
      }
      attrs.role = "button";
      attrs.tabindex = 0;
    }
    return cardFace(card, attrs);
  });
  const seen = (view.revealed || []).filter((e) => e.type === "HandLookedAt" && e.cards);
  return h("section", { class: "hand", id: "hand" },
    h("h3", {}, _("Your hand ({count})", { count: view.hand.length })),
    h("div", { class: "cards" }, cards),
    seen.map((e) => h("p", { class: "revealed" }, _("{name}'s hand when you looked:", { name: seatName(model.info, e.target, model.seat) }), " ",
      e.cards.map((id) => animalChip(ctx, { card: id })))));
}

function cardFace(card, attrs) {
  const abilities = Object.entries(card.abilities)
    .filter(([, v]) => v !== null && v !== false && v !== 0)
    .map(([k, v]) => (ABILITY_TEXT[k] ? ABILITY_TEXT[k](v) : k));
  const face = h("div", attrs,
    h("div", { class: "species" }, card.name),
    h("div", { class: "stats" }, h("span", { class: `gender ${card.gender}` }, GENDER[card.gender]),
      h("span", { title: _("weight") }, _("{weight} kg", { weight: card.weight })),
      h("span", { title: _("tears: penalty if it is still in your hand when the round ends") },
        ngettext("{count} tear", "{count} tears", card.tears))),
    abilities.length ? h("div", { class: "ability" }, abilities.join("; ")) : null);
  face.style.setProperty("--hue", hue(card.species));
  return face;
}

function animalChip(ctx, animal) {
  const card = ctx.cards[animal.card];
  const gender = animal.gender || card.gender;
  const weight = animal.weight ?? card.weight;
  const chip = h("span", { class: "chip", title: _("{card}: {gender}, weight {weight}", { card: card.name, gender: genderWord(gender), weight }) },
    `${card.name} ${GENDER[gender]}${weight}`);
  chip.style.setProperty("--hue", hue(card.species));
  return chip;
}

function optionText(ctx, m) {
  const move = m.move;
  if (move.type === "GiveCard") {
    return _("Give {animal} to {name}", { animal: ctx.cards[move.card].name, name: seatName(ctx.model.info, move.to, ctx.model.seat) });
  }
  const weighed = move.weight !== null && move.weight !== undefined;
  const values = { gender: move.gender ? genderText(move.gender) : "", weight: move.weight };
  if (move.gender && weighed) return _("Play it as {gender} weighing {weight}", values);
  if (move.gender) return _("Play it as {gender}", values);
  if (weighed) return _("Play it weighing {weight}", values);
  return _("Play it");
}

function moveButton(act, m, text) {
  return h("button", { class: "move", "data-move": m.index, title: m.label, onclick: () => act.send(m.index) }, text);
}

/** A ferry card by its name in the page's language, with its number where its id has one
 * ("Ferry 3"), as the text screen names it. */
function ferryName(card) {
  const number = card.id.split("-").pop();
  const values = { ferry: /^\d+$/.test(number) ? `${card.name} ${number}` : card.name, capacity: card.capacity };
  return card.unique_species ? _("{ferry} (capacity {capacity}, roommates)", values) : _("{ferry} (capacity {capacity})", values);
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
