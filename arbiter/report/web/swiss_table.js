// A Swiss tournament's own table (report_data.h "format_results", the run's
// swiss.json): the standings with their tie-breaks and notes, then every
// round's tables and byes, one round per fold.

function swissNumber(x) {
  return x === null || x === undefined ? "" : Number(x).toFixed(3);
}

function swissStandings(results) {
  const heads = ["#", "bot", "score", "byes", "games", "Buchholz", "cut-1", "S-B", "DE", "tie broken by"];
  const left = new Set(["bot", "tie broken by"]);
  return el("table", { class: "data swiss" },
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { class: left.has(h) ? "left" : "" }, h)))),
    el("tbody", {}, results.standings.map((r) => el("tr", { "data-bot": r.bot },
      el("td", {}, `${r.place}${r.shared ? "=" : ""}`),
      el("td", { class: "left" }, r.bot),
      el("td", { class: "score" }, swissNumber(r.score)),
      el("td", {}, r.byes),
      el("td", {}, r.games),
      el("td", {}, swissNumber(r.buchholz)),
      el("td", {}, swissNumber(r.buchholz_cut1)),
      el("td", {}, swissNumber(r.sonneborn_berger)),
      el("td", {}, swissNumber(r.direct_encounter)),
      el("td", { class: "left" }, r.decided_by)))));
}

function swissRound(round, byePoints) {
  const rows = [];
  for (const table of round.tables) {
    for (const b of table.bots) {
      const others = table.bots.filter((o) => o.bot !== b.bot).map((o) => o.bot).join(", ");
      rows.push(el("tr", {}, el("td", { class: "left" }, b.bot), el("td", {}, table.table), el("td", {}, b.seat),
        el("td", {}, swissNumber(b.points)), el("td", {}, b.place), el("td", { class: "left" }, others)));
    }
  }
  for (const bot of round.byes) {
    rows.push(el("tr", { class: "bye" }, el("td", { class: "left" }, bot), el("td", {}, "bye"), el("td", {}, ""),
      el("td", {}, swissNumber(byePoints)), el("td", {}, ""), el("td", {}, "")));
  }
  return el("details", { class: "swiss-round" }, el("summary", {}, `Round ${round.round}`),
    el("table", { class: "data" },
      el("thead", {}, el("tr", {}, ["bot", "table", "seat", "points", "place", "the others at the table"].map((h, i) =>
        el("th", { class: i === 0 || i === 5 ? "left" : "" }, h)))),
      el("tbody", {}, rows)));
}

// The section's content.
function swissTable(results) {
  const notes = (results.notes || []).concat(results.ratings_note ? [results.ratings_note] : []);
  return [el("div", { class: "scroll" }, swissStandings(results)),
    el("p", { class: "small muted" }, `Ranked by ${results.order}. Score: per round, the mean of a bot's game points at its table (0 to 1); ` +
      `a bye scores ${results.bye_points} and has no opponents (0 to Buchholz and S-B). Seat: the bot's seat in its table's first game.`),
    notes.map((n) => el("p", { class: "small swiss-note" }, n)),
    el("h3", {}, "Rounds"),
    results.rounds.map((round) => swissRound(round, results.bye_points))];
}
