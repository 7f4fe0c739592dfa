// The island game ("Two by Two"): the hex map in SVG, the arks, the pairs you can rescue.
// Targets and pairs come from the view's legal moves; nothing here decides what is legal.
import { h, hue, s, seatName } from "./dom.js";
import { _, ngettext } from "./i18n.js";
import { movesOf } from "./plain.js";

const R = 20;
const W = Math.sqrt(3) * R;
const ARK_FILL = { red: "#d33", blue: "#36c", green: "#2a2", yellow: "#db2" };

export function board(model, act) {
  const table = model.view.table;
  return h("div", { class: "island" },
    summary(model, table),
    h("div", { class: "island-play" }, map(model, act, table), sidePanel(model, table)),
    decision(model, act));
}

function centre(position) {
  const [row, column] = position;
  return [column * W / 2, row * R * 1.5];
}

function hexPoints(x, y, r) {
  return Array.from({ length: 6 }, (unused, k) => {
    const angle = Math.PI / 180 * (60 * k + 30);
    return `${(x + r * Math.cos(angle)).toFixed(1)},${(y + r * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

function map(model, act, table) {
  const rules = model.rules;
  const positions = rules.board.position.map(centre);
  const xs = positions.map((p) => p[0]);
  const ys = positions.map((p) => p[1]);
  const box = [Math.min(...xs) - W, Math.min(...ys) - R * 1.2, Math.max(...xs) - Math.min(...xs) + 2 * W,
    Math.max(...ys) - Math.min(...ys) + 2.4 * R];
  const water = new Set(table.water);
  const targets = new Map();
  for (const type of ["PlaceArk", "Flood", "MoveArk"]) {
    for (const m of movesOf(model, type)) targets.set(m.move.space, m);
  }
  const rescues = movesOf(model, "Rescue");
  const picked = model.ui.picked;
  const rescuable = new Set(rescues.flatMap((m) => [m.move.first, m.move.second]));
  const partners = new Map();
  if (picked !== undefined) {
    for (const m of rescues) {
      if (m.move.first === picked) partners.set(m.move.second, m);
      if (m.move.second === picked) partners.set(m.move.first, m);
    }
  }
  const cells = positions.map(([x, y], space) => {
    const kind = rules.board.kind[space];
    const flooded = water.has(space) && (kind === "beach" || kind === "jungle");
    const target = targets.get(space);
    const attrs = {
      class: ["space", `kind-${kind}`, flooded ? "flooded" : "", target ? `target ${target.move.type}` : ""].join(" "),
      "data-space": space,
    };
    if (target && !model.busy) {
      attrs["data-move"] = target.index;
      attrs.onclick = () => act.send(target.index);
      attrs.role = "button";
    }
    const named = _("space {space}: {kind}", { space, kind: flooded ? _("flooded") : kindText(kind) });
    const title = s("title", {}, target ? `${named} \u2014 ${target.label}` : named);
    return s("g", attrs, title, s("polygon", { points: hexPoints(x, y, R - 0.8), class: "hex" }));
  });
  const tiles = [];
  table.tiles.forEach((tile, space) => {
    if (!tile) return;
    const [x, y] = positions[space];
    const classes = ["tile", tile.face_up ? "up" : "down"];
    const attrs = { "data-space": space };
    if (tile.face_up && rescuable.has(space) && !model.busy) {
      classes.push("rescuable");
      if (partners.has(space)) {
        classes.push("partner");
        attrs["data-move"] = partners.get(space).index;
        attrs.onclick = () => act.send(partners.get(space).index);
      } else {
        attrs["data-pick"] = space;
        attrs.onclick = () => act.pick(space);
      }
      attrs.role = "button";
    }
    if (picked === space) classes.push("picked");
    attrs.class = classes.join(" ");
    const disc = s("circle", { cx: x, cy: y, r: R * 0.66, fill: tile.face_up ? `hsl(${hue(tile.species)} 60% 72%)` : null });
    // a finger's reach: the disc's target fills its hex (44 px on a phone's scale, style.css)
    const reach = s("circle", { cx: x, cy: y, r: R * 0.85, class: "reach" });
    const name = tile.face_up ? speciesName(rules, tile.species) : "";
    const label = s("text", { x, y: y + 4, "text-anchor": "middle" }, tile.face_up ? shortened(name) : "?");
    tiles.push(s("g", attrs, s("title", {}, tile.face_up ? _("{animal} on space {space}", { animal: name, space }) : _("face-down animal on space {space}", { space })), reach, disc, label));
  });
  const arks = table.arks.map((space, seat) => {
    if (space === null) return null;
    const [x, y] = positions[space];
    const colour = rules.arks[seat].colour;
    return s("g", { class: "ark-boat", "data-seat": seat },
      s("title", {}, _("{name}'s ark ({colour})", { name: seatName(model.info, seat, model.seat), colour: colourText(colour) })),
      s("path", { d: `M${x - 13},${y - 3} L${x + 13},${y - 3} L${x + 8},${y + 8} L${x - 8},${y + 8} Z`, fill: ARK_FILL[colour] || colour, stroke: "#222" }),
      s("text", { x, y: y - 6, "text-anchor": "middle", class: "ark-label" }, String(seat)));
  });
  const svg = s("svg", { class: "map", id: "map", viewBox: box.map((v) => v.toFixed(1)).join(" "), role: "img", "aria-label": _("the island") },
    ...cells, ...tiles, ...arks);
  svg.style.setProperty("--map-width", box[2].toFixed(1));  // the page's policy allows no style attribute
  return h("div", { class: "map-frame" }, svg);
}

function summary(model, table) {
  return h("div", { class: "summary" },
    h("strong", {}, _("Water tiles left: {count}", { count: table.water_left })),
    table.phase === "act" ? ` \u00b7 ${_("actions left: {count}", { count: table.actions_left })}` : "",
    ` \u00b7 ${phaseText(table.phase)}`);
}

function phaseText(phase) {
  return { place_ark: _("arks are being placed"), flood: _("the flood rises"), act: _("move the ark or rescue"), over: _("game over") }[phase] || phase;
}

/** A species by its name in the page's language (the rules data's). */
function speciesName(rules, species) {
  const tile = rules.tiles.find((t) => t.species === species);
  return tile ? tile.name : species;
}

/** A name's first letters, as a face-up animal's disc shows it. */
function shortened(name) {
  return Array.from(name).slice(0, 3).join("");
}

function kindText(kind) {
  return { sea: _("sea"), ark: _("ark"), beach: _("beach"), jungle: _("jungle") }[kind] || kind;
}

function colourText(colour) {
  return { red: _("red"), blue: _("blue"), green: _("green"), yellow: _("yellow") }[colour] || colour;
}

function sidePanel(model, table) {
  const rules = model.rules;
  const rows = Array.from({ length: table.players }, (unused, seat) => {
    const counts = {};
    for (const species of table.rescued[seat]) counts[species] = (counts[species] || 0) + 1;
    const rescued = Object.entries(counts).map(([sp, n]) => `${speciesName(rules, sp)} \u00d7${n}`).join(", ") || _("nothing yet");
    const ark = rules.arks[seat];
    return h("li", { class: seat === table.seat && table.phase !== "over" ? "to-act" : "", "data-seat": seat },
      h("span", { class: `ark-dot ${ark.colour}` }), h("strong", {}, seatName(model.info, seat, model.seat)),
      ` \u00b7 ${pointsText(model, table, seat)}`,
      h("div", { class: "small" }, _("Rescued: {animals}", { animals: rescued })),
      h("div", { class: "small muted" }, _("Doubled on this ark: {animals}", { animals: ark.doubled.map((sp) => speciesName(rules, sp)).join(", ") })));
  });
  return h("aside", { class: "island-side" }, h("ul", { class: "players" }, rows),
    h("p", { class: "small muted" }, _("Highlighted spaces are where you may act; gold rings mark the pairs you can rescue now: click one animal, then its partner.")));
}

/** A seat's points: during play the start and flood points so far (the animals count at the
 * end, I17); once the game is over, its final total. */
function pointsText(model, table, seat) {
  const outcome = model.outcome;
  if (table.phase === "over" && outcome) {
    return ngettext("{count} point in all", "{count} points in all", Number(outcome.rows[seat][outcome.rows[seat].length - 1]));
  }
  return ngettext("{count} point so far, before the animals", "{count} points so far, before the animals", table.points[seat]);
}

/** The map's legend, for the Rules panel: what each colour and mark means. */
export function legend() {
  const swatch = (kind, text) => h("li", {}, s("svg", { class: "swatch", viewBox: "-11 -11 22 22", width: 22, height: 22 },
    s("g", { class: `space ${kind}` }, s("polygon", { points: hexPoints(0, 0, 10), class: "hex" }))), ` ${text}`);
  const disc = (classes, label, text) => h("li", {}, s("svg", { class: "swatch", viewBox: "-11 -11 22 22", width: 22, height: 22 },
    s("g", { class: `tile ${classes}` }, s("circle", { cx: 0, cy: 0, r: 8, fill: classes.includes("down") ? null : "hsl(40 60% 72%)" }),
      s("text", { x: 0, y: 3, "text-anchor": "middle" }, label))), ` ${text}`);
  return h("section", { class: "legend", id: "legend" }, h("h3", {}, _("Map legend")),
    h("ul", { class: "legend-list" },
      swatch("kind-sea", _("sea: water from the start")),
      swatch("kind-ark", _("ark space: where an ark starts")),
      swatch("kind-beach", _("beach: land without animals")),
      swatch("kind-jungle", _("jungle: land with an animal")),
      swatch("kind-jungle flooded", _("flooded land: water laid during play")),
      swatch("kind-jungle target", _("outlined: where you may act now")),
      disc("down", "?", _("an animal lying face down")),
      disc("up", shortened(_("Zebra")), _("a face-up animal (the first letters of its species)")),
      disc("up rescuable", shortened(_("Zebra")), _("gold ring: you can rescue it now")),
      h("li", {}, s("svg", { class: "swatch", viewBox: "-14 -11 28 22", width: 28, height: 22 },
        s("path", { d: "M-13,-3 L13,-3 L8,8 L-8,8 Z", fill: ARK_FILL.red, stroke: "#222" })),
      " ", _("an ark, in its player's colour, with its seat number"))));
}

function decision(model, act) {
  const prompt = model.display.prompt;
  if (!prompt) return h("div", { class: "decision idle" });
  const buttons = movesOf(model, "EndTurn").map((m) =>
    h("button", { class: "move", "data-move": m.index, onclick: () => act.send(m.index) }, _("End the turn")));
  const picked = model.ui.picked;
  const hint = picked !== undefined ? _("Now click the partner of the animal on space {space}.", { space: picked }) : "";
  return h("div", { class: "decision", id: "decision" }, h("p", { class: "prompt" }, prompt, " ", hint),
    h("div", { class: "actions" }, buttons));
}
