// Any game: its table as the game draws it (its text screen's lines, and its picture where it
// draws one), and the pending decision as a list of buttons, labelled by the server.
import { h } from "./dom.js";
import { _, ngettext } from "./i18n.js";

/** A board for a game the page has no drawing of its own for. */
export function board(model, act) {
  const display = model.display;
  return h("section", { class: "panel plain-board" },
    display.picture ? h("img", { class: "picture", id: "picture", alt: _("the table"),
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(display.picture)}` }) : null,
    display.table ? h("pre", { class: "table-text", id: "table-text" }, display.table.join("\n")) : null,
    h("p", {}, display.prompt || _("Waiting.")),
    h("div", { class: "actions" }, (display.choices || []).map((label, i) =>
      h("button", { "data-move": i, onclick: () => act.send(i) }, label))));
}

/** Every legal move as a labelled button, folded away under the board. */
export function choiceList(model, act) {
  const choices = (model.display && model.display.choices) || [];
  if (!choices.length) return null;
  return h("details", { class: "all-choices" },
    h("summary", {}, ngettext("All {count} choices as a list", "All {count} choices as a list", choices.length)),
    h("ol", {}, choices.map((label, i) =>
      h("li", {}, h("button", { "data-choice": i, onclick: () => act.send(i) }, label)))));
}

/** The moves of the view with their indexes, those of one type. */
export function movesOf(model, type) {
  const moves = model.view.legal_moves || [];
  return moves.map((move, index) => ({ move, index, label: model.display.choices[index] }))
    .filter((m) => !type || m.move.type === type);
}
