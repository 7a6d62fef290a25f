// The tournament report (report_data.h, report_writer.h): the summary is in
// the page; the game list (games/K.js) and the replays (replays/K.js) are
// files beside it, loaded with <script> elements that call reportGames and
// reportReplays, which works from file:// (where fetch() is refused) as on
// a static server. A replay file is loaded only when one of its games is
// opened (#game/ID, #game/ID/step/N).

const reportFiles = { games: new Map(), replays: new Map() };
window.reportGames = (k, rows) => reportFiles.games.set(k, rows);
window.reportReplays = (k, list) => reportFiles.replays.set(k, list);
const reportLoads = new Map();

// The data of file `kind`/K.js, loaded once (a failed load is tried again
// on the next call).
function loadReportFile(kind, k) {
  const src = `${kind}/${k}.js`;
  if (!reportLoads.has(src)) {
    const load = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = () => {
        script.remove();
        if (reportFiles[kind].has(k)) resolve(reportFiles[kind].get(k));
        else reject(new Error(`${src} does not hold the data it should`));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`${src} is missing or cannot be read: the report folder is incomplete`));
      };
      document.head.appendChild(script);
    });
    load.catch(() => reportLoads.delete(src));
    reportLoads.set(src, load);
  }
  return reportLoads.get(src);
}

// The blocks of each section, in order: [id, title, method]. A format's own
// table (a Swiss table, from a section's format results) is one more entry.
const REPORT_BLOCKS = [
  ["standings", "Standings", (r, s) => r.standings(s)],
  ["crosstable", "Crosstable", (r, s) => r.crosstable(s)],
  ["history", "Ratings over time", (r, s) => r.history(s)],
  ["faults", "Faults by bot and reason", (r, s) => r.faults(s)],
  ["timing", "Decision times", (r, s) => r.timing(s)],
  ["scores", "Score distributions", (r, s) => r.scores(s)],
];

const GAMES_PER_PAGE = 100;

class Report {
  constructor(container, data) {
    this.data = data;
    this.container = container;
    const bots = [...new Set(data.sections.flatMap((s) => s.bots))];
    this.botIndex = new Map(bots.map((b, i) => [b, i]));
    this.viewer = null;
    this.rows = [];
    this.page = el("div", { class: "page" });
    this.viewerBox = el("div", { class: "replay" });
    container.appendChild(this.page);
    container.appendChild(this.viewerBox);
    this.build();
    this.ready = this.loadList();
    this.ready.catch(() => {});  // shown in the list, and by loadReplay
    window.addEventListener("hashchange", () => this.route());
    this.route();
  }

  // What a section's score counts ("chips"), from the replays; "game
  // points" when unknown or when it is just a score.
  scoreUnit(sec) {
    const u = sec.score_unit;
    return u && u !== "score" && u !== "points" ? u : "game points";
  }

  botColor(name) {
    return colorOf(this.botIndex.has(name) ? this.botIndex.get(name) : 0);
  }

  swatch(name) {
    return el("span", { class: "swatch", style: `background:${this.botColor(name)}` });
  }

  // The id of a section's block: "standings", or "zetema-standings" when
  // the report has several sections.
  blockId(sec, id) {
    return this.data.sections.length > 1 ? `${sec.game}-${id}` : id;
  }

  build() {
    const d = this.data;
    const sections = d.sections;
    const faults = sections.reduce((n, s) => n + Object.values(s.faults.counts).reduce((m, c) => m + Object.values(c).reduce((a, b) => a + b, 0), 0), 0);
    const starts = sections.flatMap((s) => [s.first_started, s.last_started]).filter(Boolean).sort();
    this.page.appendChild(el("h1", {}, d.title));
    this.page.appendChild(el("div", { class: "muted summary" },
      `${d.games_count} games \u00b7 ${this.botIndex.size} bots \u00b7 ${sections.map((s) => s.game).join(", ")} \u00b7 ${faults} fault${faults === 1 ? "" : "s"}`,
      starts.length ? ` \u00b7 ${starts[0].slice(0, 16).replace("T", " ")} \u2013 ${starts[starts.length - 1].slice(0, 16).replace("T", " ")} UTC` : ""));
    const swiss = d.format_results && d.format_results.format === "swiss";
    const nav = [];
    if (swiss) nav.push(this.navLink("swiss", "Swiss standings"));
    for (const sec of sections) {
      if (sections.length > 1) nav.push(el("b", {}, `${sec.game}:`));
      for (const [id, title] of REPORT_BLOCKS) nav.push(this.navLink(this.blockId(sec, id), title));
    }
    nav.push(this.navLink("games", "Games"));
    this.page.appendChild(el("nav", { class: "sections" }, nav));
    if (d.notes && d.notes.length) {
      this.page.appendChild(el("div", { class: "notes" }, el("b", {}, `${d.notes.length} note${d.notes.length === 1 ? "" : "s"} on the records`),
        d.notes.map((n) => el("div", {}, n))));
    }
    if (swiss) this.section("swiss", "Swiss standings", swissTable(d.format_results));
    for (const sec of sections) {
      if (sections.length > 1) {
        this.page.appendChild(el("h2", { class: "game-section", id: sec.game },
          `${sec.game}: ${sec.games_count} games, scores in ${this.scoreUnit(sec)}`));
      }
      for (const [id, title, make] of REPORT_BLOCKS) {
        const content = make(this, sec);
        if (content) this.section(this.blockId(sec, id), title, content);
      }
    }
    this.section("games", "Games", this.gamesList());
  }

  navLink(id, label) {
    return el("a", { href: `#${id}`, onclick: (e) => { e.preventDefault(); document.getElementById(id).scrollIntoView(); } }, label);
  }

  section(id, title, ...content) {
    this.page.appendChild(el("section", { id }, el("h2", {}, title), content));
  }

  standings(sec) {
    const rows = sec.standings;
    const bounds = [];
    for (const r of rows) for (const v of [r.rating, r.lower, r.upper]) if (v !== undefined && v !== null) bounds.push(v);
    let [lo, hi] = extent(bounds);
    const pad = Math.max(10, (hi - lo) * 0.08);
    lo -= pad; hi += pad;
    const ticks = niceTicks(lo, hi, 4);
    const axis = sparkAxis({ width: 240, ticks: ticks.map((t) => [(t - lo) / (hi - lo), tickLabel(t)]) });
    const ratings = sec.ratings;
    const table = el("table", { class: "data standings" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", { class: "left" }, "bot"), el("th", {}, "games"), el("th", {}, "points"),
        el("th", {}, "score"), el("th", {}, "faults"), el("th", { class: "game-points" }, this.scoreUnit(sec)), el("th", {}, "rating"),
        el("th", { class: "left" }, ratings ? `95% interval (${ratings.replicates} bootstrap replicates)` : "interval", el("br"), axis),
        el("th", {}, "LOS"))),
      el("tbody", {}, rows.map((r, i) => el("tr", { "data-bot": r.bot },
        el("td", {}, i + 1),
        el("td", { class: "left" }, this.swatch(r.bot), r.bot),
        el("td", { class: "games" }, r.games),
        el("td", { class: "points" }, formatPoints(r.points)),
        el("td", {}, formatPercent(r.score)),
        el("td", { class: r.faults ? "bad" : "" }, r.faults),
        el("td", {}, r.game_points),
        el("td", {}, r.rating !== undefined ? r.rating.toFixed(0) : ""),
        el("td", { class: "left" }, r.rating !== undefined ? intervalBar({ width: 240, domain: [lo, hi], lower: r.lower === undefined ? null : r.lower,
          upper: r.upper === undefined ? null : r.upper, rating: r.rating, color: this.botColor(r.bot),
          title: `${r.bot}: ${r.rating.toFixed(1)} [${r.lower === null || r.lower === undefined ? "-inf" : r.lower.toFixed(1)}, ${r.upper === null || r.upper === undefined ? "+inf" : r.upper.toFixed(1)}]${r.note ? " \u2014 " + r.note : ""}` }) : ""),
        el("td", {}, r.los_next !== undefined && r.los_next !== null ? formatPercent(r.los_next) : "")))));
    const notes = ratings ? (ratings.notes || []) : [];
    return [el("div", { class: "scroll" }, table),
      el("p", { class: "small muted" }, "Points: 1 for each opponent placed behind, \u00bd for a tie, averaged over a game's opponents. ",
        ratings ? `Ratings: ${ratings.model}, average ${ratings.average}; an open bound (arrow) is not bounded by the data. LOS: likelihood of superiority over the next bot.` : "No ratings."),
      notes.map((n) => el("p", { class: "small muted" }, n))];
  }

  crosstable(sec) {
    const head = el("tr", {}, el("th", {}, ""), el("th", { class: "left" }, "bot"), sec.bots.map((_, j) => el("th", {}, j + 1)));
    const body = sec.bots.map((bot, i) => el("tr", {}, el("td", {}, i + 1), el("td", { class: "left" }, this.swatch(bot), bot),
      sec.crosstable[i].map(([points, games], j) => {
        if (i === j) return el("td", { class: "cell self" }, "\u00d7");
        if (!games) return el("td", { class: "cell muted" }, "");
        const share = points / games;
        const color = `hsl(${Math.round(share * 120)}, 60%, ${88 - Math.abs(share - 0.5) * 20}%)`;
        return el("td", { class: "cell", style: `background:${color}`, title: `${bot} against ${sec.bots[j]}: ${formatPoints(points)} of ${games}` },
          `${formatPoints(points)}/${games}`);
      })));
    return [el("div", { class: "scroll" }, el("table", { class: "data cross" }, el("thead", {}, head), el("tbody", {}, body))),
      el("p", { class: "small muted" }, "The row bot's points against the column bot, out of their encounters.")];
  }

  history(sec) {
    const h = sec.history;
    if (!h || !h.points.length) return el("p", { class: "muted" }, "No rating history (no ratings).");
    const byRound = h.by === "round";
    const series = sec.bots.map((bot) => {
      const points = [], band = [];
      for (const pt of h.points) {
        const r = pt.ratings[bot];
        if (!r) continue;
        const x = byRound ? pt.round : pt.games;
        points.push([x, r[0]]);
        band.push([x, r[1], r[2]]);
      }
      return { name: bot, color: this.botColor(bot), points, band };
    }).filter((s) => s.points.length);
    const holder = el("div");
    const hidden = new Set();
    const draw = () => {
      holder.textContent = "";
      holder.appendChild(lineChart({ width: 900, height: 320, series: series.filter((s) => !hidden.has(s.name)),
        xLabel: byRound ? "round" : "games", yLabel: "rating", integerX: true }));
    };
    const legend = el("div", { class: "legend" }, "Click a bot to hide or show it: ", series.map((s) => {
      const item = el("span", { class: "item", onclick: () => {
        if (hidden.has(s.name)) hidden.delete(s.name); else hidden.add(s.name);
        item.classList.toggle("off");
        draw();
      } }, el("span", { class: "swatch", style: `background:${s.color}` }), s.name);
      return item;
    }));
    draw();
    return [legend, el("div", { class: "scroll" }, holder),
      el("p", { class: "small muted" }, `Each point rates the games up to that ${byRound ? "round" : "game"}, with its own 95% interval (the band; an open bound runs to the edge).`)];
  }

  faults(sec) {
    const f = sec.faults;
    const reasons = f.reasons;
    if (!reasons.length) return el("p", { class: "muted" }, "No faults.");
    const rows = sec.bots.filter((b) => f.counts[b]);
    const max = Math.max(1, ...rows.map((b) => Object.values(f.counts[b]).reduce((a, c) => a + c, 0)));
    const reasonColor = (i) => colorOf(i + 2);
    const table = el("table", { class: "data faults" },
      el("thead", {}, el("tr", {}, el("th", { class: "left" }, "bot"), reasons.map((r, i) => el("th", {}, el("span", { class: "swatch", style: `background:${reasonColor(i)}` }), r)),
        el("th", {}, "total"), el("th", { class: "left" }, ""))),
      el("tbody", {}, rows.map((b) => {
        const counts = reasons.map((r) => f.counts[b][r] || 0);
        const total = counts.reduce((a, c) => a + c, 0);
        let x = 0;
        const bar = svg("svg", { class: "chart", width: 220, height: 14 }, counts.map((c, i) => {
          const w = (200 * c) / max;
          const rect = svg("rect", { x, y: 2, width: w, height: 10, fill: reasonColor(i) }, svg("title", { text: `${reasons[i]}: ${c}` }));
          x += w;
          return rect;
        }));
        return el("tr", { "data-bot": b }, el("td", { class: "left" }, this.swatch(b), b), counts.map((c) => el("td", {}, c || "")),
          el("td", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); this.showGames({ bot: b, fault: "any", game: sec.game }); } }, total)),
          el("td", { class: "left" }, bar));
      })));
    return [table, el("p", { class: "small muted" }, "A total lists that bot's games with faults.")];
  }

  timing(sec) {
    const dec = sec.decisions;
    const bots = sec.bots.filter((b) => dec.bots[b] && (dec.bots[b].count || dec.bots[b].timeouts || dec.bots[b].other_faults));
    if (!bots.length) return el("p", { class: "muted" }, "No decisions recorded.");
    // Show the bins from the fastest to the slowest decision of any bot.
    let first = dec.bins.length, last = 0;
    for (const b of bots) dec.bots[b].counts.forEach((c, i) => { if (c) { first = Math.min(first, i); last = Math.max(last, i); } });
    first = Math.max(0, Math.min(first, last) - 1);
    last = Math.min(dec.bins.length - 1, last + 1);
    const label = (i) => (i === 0 ? "< 1 \u00b5s" : `${formatMs(dec.bins[i - 1])} \u2013 ${formatMs(dec.bins[i])}`);
    const labels = dec.bins.slice(first, last + 1).map((_, k) => label(first + k));
    const ticks = [];
    for (let i = first; i <= last; i++) {
      if (i > 0 && Math.abs(Math.log10(dec.bins[i - 1]) - Math.round(Math.log10(dec.bins[i - 1]))) < 1e-6) {
        ticks.push([(i - first) / (last - first + 1), formatMs(dec.bins[i - 1]).replace(".00", "")]);
      }
    }
    const table = el("table", { class: "data timing" },
      el("thead", {}, el("tr", {}, el("th", { class: "left" }, "bot"), el("th", {}, "answers"), el("th", {}, "mean"), el("th", {}, "median"),
        el("th", {}, "p90"), el("th", {}, "p99"), el("th", {}, "max"), el("th", {}, "timeouts"), el("th", {}, "other faults"),
        el("th", {}, "played by the arbiter"), el("th", { class: "left" }, "distribution (log scale)", el("br"), sparkAxis({ width: 300, ticks })))),
      el("tbody", {}, bots.map((b) => {
        const s = dec.bots[b];
        return el("tr", { "data-bot": b }, el("td", { class: "left" }, this.swatch(b), b), el("td", { class: "answers" }, s.count), el("td", {}, formatMs(s.mean_us)),
          el("td", {}, formatMs(s.p50_us)), el("td", {}, formatMs(s.p90_us)), el("td", {}, formatMs(s.p99_us)), el("td", {}, formatMs(s.max_us)),
          el("td", { class: "timeouts" + (s.timeouts ? " bad" : "") }, s.timeouts), el("td", { class: "other-faults" + (s.other_faults ? " bad" : "") }, s.other_faults),
          el("td", { class: "struck" }, s.struck),
          el("td", { class: "left" }, sparkHistogram({ width: 300, height: 32, counts: s.counts.slice(first, last + 1), labels, color: this.botColor(b) })));
      })));
    return [table, el("p", { class: "small muted" }, "Decision time as the arbiter measured it: from the request sent to the answer received. ",
      "The times are of the answers given; a timeout or another faulty decision (a crash, an illegal action...) has no answer time and is counted apart. ",
      "Steps the arbiter played for the bot (after a timeout, or while it was gone) are not its answers. Quantiles are within half a percent.")];
  }

  scores(sec) {
    const scores = sec.scores;
    const bots = sec.bots.filter((b) => scores[b] && scores[b].length);
    if (!bots.length) return el("p", { class: "muted" }, "No scores.");
    const all = bots.flatMap((b) => scores[b].map(([v]) => v));
    const [lo, hi] = extent(all);
    const nbins = Math.min(30, Math.max(1, hi - lo + 1));
    const width = (hi - lo + 1) / nbins;
    const bin = (v) => Math.min(nbins - 1, Math.floor((v - lo) / width));
    const labels = Array.from({ length: nbins }, (_, i) => `${Math.ceil(lo + i * width)} \u2013 ${Math.ceil(lo + (i + 1) * width) - 1}`);
    const counts = new Map(bots.map((b) => {
      const c = new Array(nbins).fill(0);
      for (const [v, n] of scores[b]) c[bin(v)] += n;
      return [b, c];
    }));
    const max = Math.max(...[...counts.values()].flat());
    const ticks = niceTicks(lo, hi, 5).map((t) => [(t - lo) / (hi - lo || 1), tickLabel(t)]);
    // The median of [value, count] pairs sorted by value.
    const median = (pairs, total) => {
      let seen = 0;
      for (const [v, n] of pairs) { seen += n; if (2 * seen >= total) return v; }
      return "";
    };
    const table = el("table", { class: "data score-dist" },
      el("thead", {}, el("tr", {}, el("th", { class: "left" }, "bot"), el("th", {}, "seats"), el("th", {}, "mean"), el("th", {}, "median"),
        el("th", {}, "min"), el("th", {}, "max"), el("th", { class: "left" }, `${this.scoreUnit(sec)} per seat`, el("br"), sparkAxis({ width: 300, ticks })))),
      el("tbody", {}, bots.map((b) => {
        const pairs = scores[b];
        const seats = pairs.reduce((a, [, n]) => a + n, 0);
        const mean = pairs.reduce((a, [v, n]) => a + v * n, 0) / seats;
        return el("tr", { "data-bot": b }, el("td", { class: "left" }, this.swatch(b), b), el("td", {}, seats), el("td", {}, mean.toFixed(1)),
          el("td", {}, median(pairs, seats)), el("td", {}, pairs[0][0]), el("td", {}, pairs[pairs.length - 1][0]),
          el("td", { class: "left" }, sparkHistogram({ width: 300, height: 32, counts: counts.get(b), max, labels, color: this.botColor(b) })));
      })));
    return table;
  }

  // ---- the list of games: loaded from games/K.js, filtered, sorted, paged

  async loadList() {
    const files = this.data.list.files;
    this.listStatus.textContent = `Loading the list of ${this.data.games_count} games\u2026`;
    try {
      for (let k = 0; k < files; k++) {
        const rows = await loadReportFile("games", k);
        for (const row of rows) this.rows.push(row);
      }
    } catch (err) {
      this.listStatus.textContent = `The list of games cannot be loaded: ${err.message}`;
      this.listStatus.classList.add("error");
      throw err;
    }
    this.rowById = new Map(this.rows.map((g) => [g.id, g]));
    this.groups = new Map();
    for (const g of this.rows) {
      if (g.group) this.groups.set(g.group, [...(this.groups.get(g.group) || []), g.id]);
    }
    this.listStatus.textContent = "";
    this.filterGames();
    document.body.dataset.list = "ready";
    document.body.dataset.listMs = Math.round(performance.now());
  }

  // Every column a game can be sorted by: [key, header, value of a row].
  gameColumns() {
    const section = (g) => this.data.sections[g.s] || {};
    return [
      ["n", "#", (g) => g.n],
      ["id", "game", (g) => g.id],
      ["round", "round", (g) => g.round],
      ["players", `players (${this.data.sections.length === 1 && this.scoreUnit(this.data.sections[0]) !== "game points" ? this.scoreUnit(this.data.sections[0]) : "score"}, place)`, (g) => g.bots.join(" ")],
      ["end", "end", (g) => g.end],
      ["faults", "faults", (g) => g.faults.length],
      ["steps", "steps", (g) => g.steps],
      ["seconds", "seconds", (g) => g.seconds],
      ["game", "game", (g) => section(g).game],
    ].filter(([key]) => key !== "game" || this.data.sections.length > 1);
  }

  gamesList() {
    const control = (label, input) => el("label", { class: "filter" }, `${label} `, input);
    const onchange = () => { this.pageNumber = 0; this.filterGames(); };
    this.searchBox = el("input", { class: "search", type: "search", placeholder: "Search: bot name, game id, timeout, round:2 ...", oninput: onchange });
    this.botFilter = el("select", { class: "bot-filter", onchange }, el("option", { value: "" }, "any bot"),
      [...this.botIndex.keys()].map((b) => el("option", { value: b }, b)));
    this.resultFilter = el("select", { class: "result-filter", onchange },
      [["", "any result"], ["won", "the bot won"], ["lost", "the bot did not win"], ["tie", "a shared first place"]].map(([v, t]) => el("option", { value: v }, t)));
    const reasons = [...new Set(this.data.sections.flatMap((s) => s.faults.reasons))];
    this.faultFilter = el("select", { class: "fault-filter", onchange },
      [["", "faults or not"], ["any", "with a fault"], ["none", "without faults"], ...reasons.map((r) => [r, r])].map(([v, t]) => el("option", { value: v }, t)));
    this.minSteps = el("input", { class: "min-steps", type: "number", min: 0, placeholder: "min", oninput: onchange });
    this.maxSteps = el("input", { class: "max-steps", type: "number", min: 0, placeholder: "max", oninput: onchange });
    this.gameFilter = el("select", { class: "game-filter", onchange }, el("option", { value: "" }, "every game"),
      this.data.sections.map((s) => el("option", { value: s.game }, s.game)));
    this.gamesCount = el("span", { class: "muted small games-count" });
    this.listStatus = el("div", { class: "muted list-status" });
    this.gamesBody = el("tbody");
    this.sortKey = "n";
    this.sortUp = true;
    this.pageNumber = 0;
    this.matches = [];
    this.headRow = el("tr");
    this.renderHead();
    this.pager = el("div", { class: "pager row-flex" },
      el("button", { class: "prev", onclick: () => { this.pageNumber--; this.renderGames(); } }, "\u2039 previous"),
      this.pageLabel = el("span", { class: "page-label small" }),
      el("button", { class: "next", onclick: () => { this.pageNumber++; this.renderGames(); } }, "next \u203a"));
    return [el("div", { class: "row-flex filters" }, this.searchBox, control("bot", this.botFilter), control("result", this.resultFilter),
      control("faults", this.faultFilter), control("steps", [this.minSteps, " \u2013 ", this.maxSteps]),
      this.data.sections.length > 1 ? control("game", this.gameFilter) : null, this.gamesCount),
    this.listStatus, el("div", { class: "scroll" }, el("table", { class: "data games" }, el("thead", {}, this.headRow), this.gamesBody)), this.pager];
  }

  renderHead() {
    this.headRow.textContent = "";
    for (const [key, label] of this.gameColumns()) {
      const mark = this.sortKey === key ? (this.sortUp ? " \u25b2" : " \u25bc") : "";
      this.headRow.appendChild(el("th", { class: `sortable ${["id", "players", "end", "faults", "game"].includes(key) ? "left" : ""}`, "data-sort": key,
        title: "Sort by this column; click again to reverse", onclick: () => this.sortBy(key) }, label + mark));
    }
    this.headRow.appendChild(el("th", { class: "left" }, ""));
  }

  sortBy(key) {
    this.sortUp = this.sortKey === key ? !this.sortUp : true;
    this.sortKey = key;
    this.renderHead();
    this.sortMatches();
    this.pageNumber = 0;
    this.renderGames();
  }

  sortMatches() {
    const value = this.gameColumns().find(([key]) => key === this.sortKey)[2];
    const sign = this.sortUp ? 1 : -1;
    this.matches.sort((a, b) => {
      const x = value(a), y = value(b);
      return (x < y ? -1 : x > y ? 1 : a.n - b.n) * sign;
    });
  }

  // Lists the games that match `filters` ({bot, fault, game, text}).
  showGames(filters) {
    this.botFilter.value = filters.bot || "";
    this.faultFilter.value = filters.fault || "";
    this.gameFilter.value = filters.game && this.data.sections.length > 1 ? filters.game : "";
    this.searchBox.value = filters.text || "";
    this.pageNumber = 0;
    this.filterGames();
    document.getElementById("games").scrollIntoView();
  }

  matchesFilters(g, f) {
    const seats = f.bot ? g.bots.map((b, s) => (b === f.bot ? s : -1)).filter((s) => s >= 0) : [];
    if (f.bot && !seats.length) return false;
    if (f.result) {
      const firsts = g.places.filter((p) => p === 1).length;
      const placed = f.bot ? seats.map((s) => g.places[s]) : g.places;
      if (f.result === "won" && !placed.some((p) => p === 1)) return false;
      if (f.result === "lost" && placed.some((p) => p === 1)) return false;
      if (f.result === "tie" && firsts < 2) return false;
    }
    if (f.fault === "any" && !g.faults.length) return false;
    if (f.fault === "none" && g.faults.length) return false;
    if (f.fault && f.fault !== "any" && f.fault !== "none" && !g.faults.some((x) => x[1] === f.fault)) return false;
    if (f.min !== null && g.steps < f.min) return false;
    if (f.max !== null && g.steps > f.max) return false;
    if (f.game && (this.data.sections[g.s] || {}).game !== f.game) return false;
    if (f.words.length) {
      const text = [g.id, (this.data.sections[g.s] || {}).game, `round:${g.round}`, g.end, g.bots.map((b) => `bot:${b} ${b}`).join(" "),
        g.faults.length ? "fault " + g.faults.map((x) => x[1]).join(" ") : "", this.data.replay_errors[g.id] ? "error" : ""].join(" ").toLowerCase();
      if (!f.words.every((w) => text.includes(w))) return false;
    }
    return true;
  }

  filterGames() {
    const number = (input) => (input.value === "" ? null : Number(input.value));
    const f = { bot: this.botFilter.value, result: this.resultFilter.value, fault: this.faultFilter.value, game: this.gameFilter.value,
      min: number(this.minSteps), max: number(this.maxSteps), words: this.searchBox.value.toLowerCase().split(/\s+/).filter(Boolean) };
    this.matches = this.rows.filter((g) => this.matchesFilters(g, f));
    this.sortMatches();
    this.renderGames();
  }

  gameRow(g) {
    const players = partnersOf(g.teams) ? teamsOf(g.teams).map(([t, seats], k) => el("span", { class: "team" + (g.places[seats[0]] === 1 ? " win" : "") },
      k ? " \u00b7 " : "", `team ${t}: `, seats.map((s, j) => [j ? " & " : "", this.swatch(g.bots[s]), g.bots[s]]),
      ` ${g.team_scores && g.team_scores[t] !== undefined ? g.team_scores[t] : ""} (#${g.places[seats[0]]})`))
      : g.bots.map((b, s) => el("span", { class: g.places[s] === 1 ? "win" : "" }, s ? ", " : "", this.swatch(b), `${b} ${g.scores[s] !== undefined ? g.scores[s] : ""} (#${g.places[s]})`));
    const faults = g.faults.map((f) => el("span", { class: "tag fault", title: `seat ${f[0]} (${g.bots[f[0]]}) at step ${f[2]}` }, `${g.bots[f[0]]}: ${f[1]}`));
    const error = this.data.replay_errors[g.id];
    const cells = { n: g.n + 1, id: g.id, round: g.round, players, end: g.end, faults, steps: g.steps,
      seconds: g.seconds >= 0 ? g.seconds.toFixed(1) : "", game: (this.data.sections[g.s] || {}).game };
    return el("tr", { "data-game": g.id }, this.gameColumns().map(([key]) =>
      el("td", { class: ["id", "players", "end", "faults", "game"].includes(key) ? `left ${key}` : key }, cells[key])),
    el("td", { class: "left" }, this.data.replays.available ? el("a", { href: `#game/${encodeURIComponent(g.id)}`, class: "replay-link" }, "replay") : "",
      error ? el("span", { class: "bad small", title: error }, " (does not replay)") : ""));
  }

  renderGames() {
    const pages = Math.max(1, Math.ceil(this.matches.length / GAMES_PER_PAGE));
    this.pageNumber = Math.max(0, Math.min(this.pageNumber, pages - 1));
    const from = this.pageNumber * GAMES_PER_PAGE;
    this.gamesBody.textContent = "";
    this.gamesBody.append(...this.matches.slice(from, from + GAMES_PER_PAGE).map((g) => this.gameRow(g)));
    this.gamesCount.textContent = `${this.matches.length} of ${this.data.games_count} games`;
    this.pageLabel.textContent = `page ${this.pageNumber + 1} of ${pages}`;
    this.pager.querySelector(".prev").disabled = this.pageNumber === 0;
    this.pager.querySelector(".next").disabled = this.pageNumber >= pages - 1;
  }

  // ---- replays: loaded from replays/K.js when a game is opened

  async loadReplay(id) {
    await this.ready;
    const row = this.rowById.get(id);
    if (!row) throw new Error(`No game ${id} in this report.`);
    if (!this.data.replays.available) throw new Error("This report was written without replays (--no-replays).");
    const per = this.data.replays.per_file;
    const list = await loadReportFile("replays", Math.floor(row.n / per));
    const blob = list[row.n % per];
    if (!blob) throw new Error(`replays/${Math.floor(row.n / per)}.js does not hold game ${id}.`);
    return decodeCompressedJson(blob);
  }

  // ---- routing: #game/ID[/step/N] opens a replay, anything else the report

  async route() {
    const m = /^#game\/([^/]+)(?:\/step\/(\d+))?$/.exec(location.hash);
    if (this.viewer) { this.viewer.destroy(); this.viewer = null; }
    if (!m) {
      this.viewerBox.style.display = "none";
      this.page.style.display = "";
      if (this.scrollBack !== undefined) { window.scrollTo(0, this.scrollBack); this.scrollBack = undefined; }
      return;
    }
    const hash = location.hash;
    const id = decodeURIComponent(m[1]);
    if (this.page.style.display !== "none") this.scrollBack = window.scrollY;
    this.page.style.display = "none";
    this.viewerBox.style.display = "";
    this.viewerBox.textContent = "";
    const back = el("a", { href: "#" }, "\u2190 report");
    const status = el("div", { class: "muted loading" }, `Loading the replay of game ${id}\u2026`);
    this.viewerBox.appendChild(el("div", { class: "page" }, back, status));
    let data;
    try {
      data = await this.loadReplay(id);
    } catch (err) {
      if (location.hash !== hash) return;
      status.className = "error";
      status.textContent = `Cannot open the replay of game ${id}: ${err.message}`;
      return;
    }
    if (location.hash !== hash) return;
    this.viewerBox.textContent = "";
    const row = this.rowById.get(id);
    this.viewer = new Viewer(this.viewerBox, data, {
      onBack: () => { location.hash = ""; },
      step: m[2] !== undefined ? Number(m[2]) : undefined,
      loadReplay: (other) => this.loadReplay(other),
      duplicates: row.group ? this.groups.get(row.group).filter((other) => other !== id) : [],
      // The address follows the step without opening the game again.
      onStep: (n) => history.replaceState(null, "", `#game/${m[1]}/step/${n}`),
    });
    window.scrollTo(0, 0);
  }
}

window.report = new Report(document.getElementById("app"), embeddedJson("report-data"));
