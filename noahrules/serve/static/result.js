// The end of a game as the page explains it: the winners, why the game ended, each seat's score
// in parts (the server's explanation, from what this page may see) and the rules behind it.
import { h, seatName } from "./dom.js";
import { _ } from "./i18n.js";

/** The result panel's content for ``end`` ({winners, scores, outcome}). */
export function resultContent(end, info, you, spec) {
  const winners = end.winners.map((s) => seatName(info, s, you)).join(_(" and "));
  const outcome = end.outcome;
  const heads = outcome ? outcome.columns
    : [spec.lower_scores_win ? _("{score} (lower wins)", { score: spec.score_name }) : spec.score_name];
  const rows = info.seats.map((entry, seat) => {
    const won = end.winners.includes(seat);
    const values = outcome ? outcome.rows[seat] : [end.scores[seat]];
    const cells = values.map((value, i) => h("td",
      { class: i === values.length - 1 ? "score" : "part", "data-label": heads[i] }, value));
    return h("tr", { class: won ? "winner" : "", "data-seat": seat },
      h("td", { class: "seat" }, seatName(info, seat, you)), cells, h("td", {}, won ? _("winner") : ""));
  });
  return [
    h("p", { id: "winners" }, end.winners.length > 1 ? _("Winners: {names}", { names: winners }) : _("Winner: {names}", { names: winners })),
    outcome ? h("p", { class: "reason", id: "reason" }, outcome.reason) : null,
    h("div", { class: "scroll" }, h("table", { class: "scores rows", id: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, _("Seat")), heads.map((c) => h("th", {}, c)), h("th", {}, ""))),
      h("tbody", {}, rows))),
    outcome ? h("ul", { class: "notes", id: "notes" }, outcome.notes.map((n) => h("li", {}, n))) : null,
  ];
}
