// The tournament report (report_data.h): standings with rating intervals,
// crosstable, rating history, faults, decision times, scores, and every
// game, each opening its replay (#game/ID). Replays are decompressed only
// when opened, so the page opens fast whatever the number of games.

class Report {
  constructor(container, data) {
    this.data = data;
    this.container = container;
    this.botIndex = new Map(data.bots.map((b, i) => [b, i]));
    this.gameIndex = new Map(data.games.map((g, i) => [g.id, i]));
    this.viewer = null;
    this.page = el("div", { class: "page" });
    this.viewerBox = el("div", { class: "replay" });
    container.appendChild(this.page);
    container.appendChild(this.viewerBox);
    this.build();
    window.addEventListener("hashchange", () => this.route());
    this.route();
  }

  // What a game's score counts ("chips"), from the replays; "game points"
  // when unknown or when it is just a score.
  scoreUnit() {
    const u = this.data.score_unit;
    return u && u !== "score" && u !== "points" ? u : "game points";
  }

  botColor(name) {
    return colorOf(this.botIndex.has(name) ? this.botIndex.get(name) : 0);
  }

  swatch(name) {
    return el("span", { class: "swatch", style: `background:${this.botColor(name)}` });
  }

  build() {
    const d = this.data;
    const games = d.games;
    const faults = games.reduce((n, g) => n + g.faults.length, 0);
    const kinds = [...new Set(games.map((g) => g.game))].join(", ");
    const rounds = new Set(games.map((g) => g.round)).size;
    const days = games.map((g) => g.started_at).filter(Boolean).sort();
    this.page.appendChild(el("h1", {}, d.title));
    this.page.appendChild(el("div", { class: "muted summary" },
      `${games.length} games \u00b7 ${d.bots.length} bots \u00b7 ${kinds} \u00b7 ${rounds} round${rounds === 1 ? "" : "s"} \u00b7 ${faults} fault${faults === 1 ? "" : "s"}`,
      days.length ? ` \u00b7 ${days[0].slice(0, 16).replace("T", " ")} \u2013 ${days[days.length - 1].slice(0, 16).replace("T", " ")} UTC` : ""));
    const swiss = d.format_results && d.format_results.format === "swiss";
    const sections = [...(swiss ? [["swiss", "Swiss standings"]] : []), ["standings", "Standings"], ["crosstable", "Crosstable"], ["history", "Ratings over time"],
      ["faults", "Faults"], ["timing", "Decision times"], ["scores", "Scores"], ["games", "Games"]];
    this.page.appendChild(el("nav", { class: "sections" }, sections.map(([id, label]) =>
      el("a", { href: `#${id}`, onclick: (e) => { e.preventDefault(); document.getElementById(id).scrollIntoView(); } }, label))));
    if (d.notes && d.notes.length) {
      this.page.appendChild(el("div", { class: "notes" }, el("b", {}, `${d.notes.length} note${d.notes.length === 1 ? "" : "s"} on the records`),
        d.notes.map((n) => el("div", {}, n))));
    }
    if (swiss) this.section("swiss", "Swiss standings", swissTable(d.format_results));
    this.section("standings", "Standings", this.standings());
    this.section("crosstable", "Crosstable", this.crosstable());
    this.section("history", "Ratings over time", this.history());
    this.section("faults", "Faults by bot and reason", this.faults());
    this.section("timing", "Decision times", this.timing());
    this.section("scores", "Score distributions", this.scores());
    this.section("games", "Games", this.gamesList());
  }

  section(id, title, ...content) {
    this.page.appendChild(el("section", { id }, el("h2", {}, title), content));
  }

  standings() {
    const rows = this.data.standings;
    const bounds = [];
    for (const r of rows) for (const v of [r.rating, r.lower, r.upper]) if (v !== undefined && v !== null) bounds.push(v);
    let [lo, hi] = extent(bounds);
    const pad = Math.max(10, (hi - lo) * 0.08);
    lo -= pad; hi += pad;
    const ticks = niceTicks(lo, hi, 4);
    const axis = sparkAxis({ width: 240, ticks: ticks.map((t) => [(t - lo) / (hi - lo), tickLabel(t)]) });
    const ratings = this.data.ratings;
    const table = el("table", { class: "data standings" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", { class: "left" }, "bot"), el("th", {}, "games"), el("th", {}, "points"),
        el("th", {}, "score"), el("th", {}, "faults"), el("th", { class: "game-points" }, this.scoreUnit()), el("th", {}, "rating"),
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

  crosstable() {
    const d = this.data;
    const n = d.bots.length;
    const head = el("tr", {}, el("th", {}, ""), el("th", { class: "left" }, "bot"), d.bots.map((_, j) => el("th", {}, j + 1)));
    const body = d.bots.map((bot, i) => el("tr", {}, el("td", {}, i + 1), el("td", { class: "left" }, this.swatch(bot), bot),
      d.crosstable[i].map(([points, games], j) => {
        if (i === j) return el("td", { class: "cell self" }, "\u00d7");
        if (!games) return el("td", { class: "cell muted" }, "");
        const share = points / games;
        const color = `hsl(${Math.round(share * 120)}, 60%, ${88 - Math.abs(share - 0.5) * 20}%)`;
        return el("td", { class: "cell", style: `background:${color}`, title: `${bot} against ${d.bots[j]}: ${formatPoints(points)} of ${games}` },
          `${formatPoints(points)}/${games}`);
      })));
    return [el("div", { class: "scroll" }, el("table", { class: "data cross" }, el("thead", {}, head), el("tbody", {}, body))),
      el("p", { class: "small muted" }, `The row bot's points against the column bot, out of their encounters${n > 1 ? "" : ""}.`)];
  }

  history() {
    const h = this.data.history;
    if (!h || !h.points.length) return el("p", { class: "muted" }, "No rating history (no ratings).");
    const byRound = h.by === "round";
    const series = this.data.bots.map((bot) => {
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

  faults() {
    const f = this.data.faults;
    const reasons = f.reasons;
    if (!reasons.length) return el("p", { class: "muted" }, "No faults.");
    const rows = this.data.bots.filter((b) => f.counts[b]);
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
          el("td", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); this.search(`bot:${b} fault`); } }, total)),
          el("td", { class: "left" }, bar));
      })));
    return [table, el("p", { class: "small muted" }, "A total links to that bot's games with faults.")];
  }

  timing() {
    const dec = this.data.decisions;
    const bots = this.data.bots.filter((b) => dec.bots[b] && dec.bots[b].count);
    if (!bots.length) return el("p", { class: "muted" }, "No decisions recorded.");
    // Show the bins from the fastest to the slowest decision of any bot.
    let first = dec.bins.length, last = 0;
    for (const b of bots) dec.bots[b].counts.forEach((c, i) => { if (c) { first = Math.min(first, i); last = Math.max(last, i); } });
    first = Math.max(0, first - 1);
    last = Math.min(dec.bins.length - 1, last + 1);
    const label = (i) => (i === 0 ? "< 1 \u00b5s" : `${formatMs(dec.bins[i - 1])} \u2013 ${formatMs(dec.bins[i])}`);
    const labels = dec.bins.slice(first, last + 1).map((_, k) => label(first + k));
    const ticks = [];
    for (let i = first; i <= last; i++) {
      if (i > 0 && Number.isInteger(Math.log10(dec.bins[i - 1]) + 1e-9) && Math.abs(Math.log10(dec.bins[i - 1]) - Math.round(Math.log10(dec.bins[i - 1]))) < 1e-6) {
        ticks.push([(i - first) / (last - first + 1), formatMs(dec.bins[i - 1]).replace(".00", "")]);
      }
    }
    const table = el("table", { class: "data timing" },
      el("thead", {}, el("tr", {}, el("th", { class: "left" }, "bot"), el("th", {}, "decisions"), el("th", {}, "mean"), el("th", {}, "median"),
        el("th", {}, "p90"), el("th", {}, "p99"), el("th", {}, "max"), el("th", { class: "left" }, "distribution (log scale)", el("br"), sparkAxis({ width: 300, ticks })))),
      el("tbody", {}, bots.map((b) => {
        const s = dec.bots[b];
        return el("tr", { "data-bot": b }, el("td", { class: "left" }, this.swatch(b), b), el("td", {}, s.count), el("td", {}, formatMs(s.mean_us)),
          el("td", {}, formatMs(s.p50_us)), el("td", {}, formatMs(s.p90_us)), el("td", {}, formatMs(s.p99_us)), el("td", {}, formatMs(s.max_us)),
          el("td", { class: "left" }, sparkHistogram({ width: 300, height: 32, counts: s.counts.slice(first, last + 1), labels, color: this.botColor(b) })));
      })));
    return [table, el("p", { class: "small muted" }, "Decision time as the arbiter measured it: from the request sent to the answer received.")];
  }

  scores() {
    const scores = this.data.scores;
    const bots = this.data.bots.filter((b) => scores[b] && scores[b].length);
    if (!bots.length) return el("p", { class: "muted" }, "No scores.");
    const all = bots.flatMap((b) => scores[b]);
    const [lo, hi] = extent(all);
    const nbins = Math.min(30, Math.max(1, hi - lo + 1));
    const width = (hi - lo + 1) / nbins;
    const bin = (v) => Math.min(nbins - 1, Math.floor((v - lo) / width));
    const labels = Array.from({ length: nbins }, (_, i) => `${Math.ceil(lo + i * width)} \u2013 ${Math.ceil(lo + (i + 1) * width) - 1}`);
    const counts = new Map(bots.map((b) => {
      const c = new Array(nbins).fill(0);
      for (const v of scores[b]) c[bin(v)]++;
      return [b, c];
    }));
    const max = Math.max(...[...counts.values()].flat());
    const ticks = niceTicks(lo, hi, 5).map((t) => [(t - lo) / (hi - lo || 1), tickLabel(t)]);
    const median = (list) => { const s = list.slice().sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
    const table = el("table", { class: "data score-dist" },
      el("thead", {}, el("tr", {}, el("th", { class: "left" }, "bot"), el("th", {}, "seats"), el("th", {}, "mean"), el("th", {}, "median"),
        el("th", {}, "min"), el("th", {}, "max"), el("th", { class: "left" }, `${this.scoreUnit()} per seat`, el("br"), sparkAxis({ width: 300, ticks })))),
      el("tbody", {}, bots.map((b) => {
        const list = scores[b];
        const mean = list.reduce((a, v) => a + v, 0) / list.length;
        return el("tr", { "data-bot": b }, el("td", { class: "left" }, this.swatch(b), b), el("td", {}, list.length), el("td", {}, mean.toFixed(1)),
          el("td", {}, median(list)), el("td", {}, Math.min(...list)), el("td", {}, Math.max(...list)),
          el("td", { class: "left" }, sparkHistogram({ width: 300, height: 32, counts: counts.get(b), max, labels, color: this.botColor(b) })));
      })));
    return table;
  }

  // ---- the list of games

  gamesList() {
    const games = this.data.games;
    this.gameText = games.map((g) => [g.id, g.game, `round:${g.round}`, g.end, g.bots.map((b) => `bot:${b} ${b}`).join(" "),
      g.faults.length ? "fault " + g.faults.map((f) => f[1]).join(" ") : "", g.replay_error ? "error" : ""].join(" ").toLowerCase());
    this.searchBox = el("input", { class: "search", type: "search", placeholder: "Search: bot name, game id, fault, timeout, round:2 ...",
      oninput: () => this.filterGames() });
    this.gamesCount = el("span", { class: "muted small" });
    this.gamesBody = el("tbody");
    this.moreButton = el("button", { onclick: () => { this.shown += 200; this.renderGames(); } }, "Show more");
    this.shown = 200;
    const table = el("table", { class: "data games" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", { class: "left" }, "game"), el("th", {}, "round"), el("th", { class: "left" }, `players (${this.scoreUnit() === "game points" ? "score" : this.scoreUnit()}, place)`),
        el("th", { class: "left" }, "end"), el("th", { class: "left" }, "faults"), el("th", {}, "steps"), el("th", {}, "seconds"), el("th", { class: "left" }, ""))),
      this.gamesBody);
    this.filterGames();
    return [el("div", { class: "row-flex" }, this.searchBox, this.gamesCount), el("div", { class: "scroll" }, table), this.moreButton];
  }

  search(text) {
    this.searchBox.value = text;
    this.filterGames();
    document.getElementById("games").scrollIntoView();
  }

  filterGames() {
    const words = this.searchBox.value.toLowerCase().split(/\s+/).filter(Boolean);
    this.matches = [];
    this.gameText.forEach((text, i) => { if (words.every((w) => text.includes(w))) this.matches.push(i); });
    this.shown = 200;
    this.renderGames();
  }

  renderGames() {
    const games = this.data.games;
    this.gamesBody.textContent = "";
    const rows = this.matches.slice(0, this.shown).map((i) => {
      const g = games[i];
      const players = partnersOf(g.teams) ? teamsOf(g.teams).map(([t, seats], k) => el("span", { class: "team" + (g.places[seats[0]] === 1 ? " win" : "") },
        k ? " \u00b7 " : "", `team ${t}: `, seats.map((s, j) => [j ? " & " : "", this.swatch(g.bots[s]), g.bots[s]]),
        ` ${g.team_scores && g.team_scores[t] !== undefined ? g.team_scores[t] : ""} (#${g.places[seats[0]]})`))
        : g.bots.map((b, s) => el("span", { class: g.places[s] === 1 ? "win" : "" }, s ? ", " : "", this.swatch(b), `${b} ${g.scores[s] !== undefined ? g.scores[s] : ""} (#${g.places[s]})`));
      const faults = g.faults.map((f) => el("span", { class: "tag fault", title: `seat ${f[0]} (${g.bots[f[0]]}) at step ${f[2]}` }, `${g.bots[f[0]]}: ${f[1]}`));
      return el("tr", { "data-game": g.id }, el("td", {}, i + 1), el("td", { class: "left mono small" }, g.id), el("td", {}, g.round),
        el("td", { class: "left players" }, players), el("td", { class: "left" }, g.end), el("td", { class: "left" }, faults),
        el("td", {}, g.steps), el("td", {}, g.seconds >= 0 ? g.seconds.toFixed(1) : ""),
        el("td", { class: "left" }, g.replay ? el("a", { href: `#game/${encodeURIComponent(g.id)}`, class: "replay-link" }, "replay") : "",
          g.replay_error ? el("span", { class: "bad small", title: g.replay_error }, " (does not replay)") : ""));
    });
    this.gamesBody.append(...rows);
    this.gamesCount.textContent = `${this.matches.length} of ${games.length} games${this.matches.length > this.shown ? `, the first ${this.shown} shown` : ""}`;
    this.moreButton.style.display = this.matches.length > this.shown ? "" : "none";
  }

  // ---- routing: #game/ID opens a replay, anything else the report

  async route() {
    const m = /^#game\/(.+)$/.exec(location.hash);
    if (this.viewer) { this.viewer.destroy(); this.viewer = null; }
    if (!m) {
      this.viewerBox.style.display = "none";
      this.page.style.display = "";
      if (this.scrollBack !== undefined) { window.scrollTo(0, this.scrollBack); this.scrollBack = undefined; }
      return;
    }
    const id = decodeURIComponent(m[1]);
    const index = this.gameIndex.get(id);
    const blob = index === undefined ? null : document.getElementById(`replay-${index}`);
    if (this.page.style.display !== "none") this.scrollBack = window.scrollY;
    this.page.style.display = "none";
    this.viewerBox.style.display = "";
    this.viewerBox.textContent = "";
    if (!blob) {
      this.viewerBox.appendChild(el("div", { class: "page" }, el("a", { href: "#" }, "\u2190 report"),
        el("div", { class: "error" }, index === undefined ? `No game ${id} in this report.` : `The replay of game ${id} is not in this report.`)));
      return;
    }
    try {
      const data = await decodeCompressedJson(blob.textContent);
      if (location.hash !== `#game/${m[1]}`) return;
      this.viewer = new Viewer(this.viewerBox, data, { onBack: () => { location.hash = ""; } });
      window.scrollTo(0, 0);
    } catch (err) {
      this.viewerBox.appendChild(el("div", { class: "error" }, `Cannot open the replay: ${err}`));
    }
  }
}

window.report = new Report(document.getElementById("app"), embeddedJson("report-data"));
