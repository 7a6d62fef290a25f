// The replay viewer: one game's data (replay_data.h) drawn position by
// position. Nothing here knows a game: seats, zones, counters and events
// come from the game's table view and event texts.
//
// Position p is the state after p steps. Keys: Left/Right step, Home/End
// jump to the ends; the slider does the same.

// An event line that says what it scored ("for 30", "+30", "30 points").
const SCORING_TEXT = /\bfor \d+\b|(^|\s)[+]\d+\b|\b\d+ points?\b/;

class Viewer {
  constructor(container, data, options) {
    this.data = data;
    this.options = options || {};
    this.numSeats = data.seats.length;
    this.positions = data.views.length;
    this.viewer = "all";
    this.position = 0;
    this.container = container;
    this.onKey = (event) => this.handleKey(event);
    this.build();
    this.go(this.options.position !== undefined ? this.options.position : 0);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.container.textContent = "";
  }

  // What the scores count, when a seat counter is the score ("chips").
  scoreUnit() {
    const u = this.data.score_unit;
    return u && u !== "score" && u !== "points" ? u : "score";
  }

  // Whether the chosen viewer may see what seat `s` chooses from: its legal
  // actions name the cards it holds.
  seesChoicesOf(s) {
    return this.viewer === "all" || this.viewer === s;
  }

  seatName(s) {
    const seat = this.data.seats[s];
    return seat ? `seat ${s} \u00b7 ${seat.bot}` : `seat ${s}`;
  }

  // ---- building the page once

  build() {
    const d = this.data;
    const root = el("div", { class: "viewer" });
    const result = d.result || {};
    const players = d.seats.map((seat, s) => el("span", { class: "tag" },
      el("span", { class: "swatch", style: `background:${colorOf(s)}` }),
      `${s}: ${seat.bot}`, result.scores && result.scores[s] !== undefined ? ` ${result.scores[s]} (#${result.places[s]})` : ""));
    root.appendChild(el("div", { class: "top" },
      this.options.onBack ? el("a", { href: "#", onclick: (e) => { e.preventDefault(); this.options.onBack(); } }, "\u2190 report") : null,
      el("h1", {}, `Game ${d.id}`),
      el("span", { class: "muted" }, [d.game, d.ruleset, d.tournament ? `${d.tournament} round ${d.round}` : null,
        result.end ? `ended: ${result.end}` : null, result.hands ? `${result.hands} hands` : null].filter(Boolean).join(" \u00b7 ")),
      el("span", {}, players)));
    // Partners: each team's seats, its score and place.
    if (d.partnerships) {
      const teams = teamsOf(d.seats.map((seat) => seat.team));
      root.appendChild(el("div", { class: "teams small" }, teams.map(([t, seats], k) => el("span", { class: "tag team-line", "data-team": t },
        `team ${t}: `, seats.map((s, j) => `${j ? " & " : ""}${d.seats[s].bot} (seat ${s})`).join(""),
        result.team_scores && result.team_scores[t] !== undefined ? ` \u00b7 ${result.team_scores[t]} (#${result.places[seats[0]]})` : ""))));
    }
    if (d.error) root.appendChild(el("div", { class: "error" }, `This record does not replay to its end: ${d.error}`));
    root.appendChild(this.buildControls());
    this.faultBanner = el("div", { class: "fault-banner", style: "display:none" });
    root.appendChild(this.faultBanner);
    const main = el("div", { class: "main" });
    this.seatsBox = el("div", { class: "seats" });
    this.tableBox = el("div", { class: "table-zones" });
    main.appendChild(this.seatsBox);
    main.appendChild(this.tableBox);
    main.appendChild(this.buildCharts());
    const side = el("div", { class: "side" });
    this.stepBox = el("div", { class: "box step-info" });
    this.legalBox = el("div", { class: "box" });
    this.logBox = el("div", { class: "log" });
    side.appendChild(this.stepBox);
    side.appendChild(this.legalBox);
    side.appendChild(el("div", { class: "box" }, el("h3", {}, "Moves and events"), this.logBox));
    const logs = this.buildBotLogs();
    if (logs) side.appendChild(logs);
    root.appendChild(el("div", { class: "layout" }, main, side));
    this.container.textContent = "";
    this.container.appendChild(root);
    this.buildLog();
  }

  buildControls() {
    const last = this.positions - 1;
    this.slider = el("input", { type: "range", min: 0, max: last, value: 0, "aria-label": "position",
      oninput: () => this.go(Number(this.slider.value)) });
    this.positionLabel = el("span", { class: "position" });
    const faults = (this.data.faults || []).slice().sort((a, b) => a.step - b.step);
    const firstFault = faults.length ? this.faultPosition(faults[0]) : null;
    const viewers = [["all", "Everyone"], ["public", "Public"]];
    for (let s = 0; s < this.numSeats; s++) viewers.push([s, this.seatName(s)]);
    this.viewerButtons = viewers.map(([v, label]) => el("button", { "data-viewer": v, onclick: () => this.setViewer(v) }, label));
    return el("div", { class: "controls" },
      el("button", { title: "first (Home)", onclick: () => this.go(0) }, "|\u25c0"),
      el("button", { title: "back (Left)", onclick: () => this.go(this.position - 1) }, "\u25c0"),
      el("button", { title: "forward (Right)", onclick: () => this.go(this.position + 1) }, "\u25b6"),
      el("button", { title: "last (End)", onclick: () => this.go(last) }, "\u25b6|"),
      this.slider, this.positionLabel,
      el("button", { class: "first-fault", disabled: firstFault === null, onclick: () => this.go(firstFault),
        title: faults.length ? `${faults[0].reason} at step ${faults[0].step}` : "no fault in this game" }, "First fault"),
      el("span", { class: "small muted" }, "view:"), this.viewerButtons,
      el("span", { class: "small muted" }, el("kbd", {}, "\u2190"), " ", el("kbd", {}, "\u2192"), " ", el("kbd", {}, "Home"), " ", el("kbd", {}, "End")));
  }

  // The position where a fault shows: after the step it struck (a default
  // action), or at the decision that was never answered.
  faultPosition(fault) {
    if (fault.step < 0) return 0;
    return Math.min(this.positions - 1, fault.step < this.data.steps.length ? fault.step + 1 : fault.step);
  }

  buildCharts() {
    const d = this.data;
    const last = this.positions - 1;
    const series = [];
    for (let s = 0; s < this.numSeats; s++) {
      series.push({ name: this.seatName(s), color: colorOf(s), dots: false,
        points: d.scores.map((sc, p) => [p, sc[s] || 0]) });
    }
    this.scoreChart = lineChart({ width: 520, height: 220, series, xDomain: [0, Math.max(1, last)], integerX: true,
      xLabel: "step", yLabel: this.scoreUnit(), onPick: (x) => this.go(Math.round(x)) });
    const bars = d.steps.map((step, i) => ({ x: i, y: step.us / 1000, color: colorOf(step.seat),
      title: `step ${i}: ${this.seatName(step.seat)} ${step.action}: ${formatMs(step.us)}` }));
    const marks = (d.faults || []).map((f) => ({ x: Math.min(f.step < 0 ? 0 : f.step, Math.max(0, d.steps.length - 1)),
      title: `fault: ${this.seatName(f.seat)} ${f.reason} at step ${f.step}` }));
    this.timeChart = barChart({ width: 520, height: 220, bars, marks, count: Math.max(1, d.steps.length),
      xLabel: "step", yLabel: "decision ms", onPick: (x) => this.go(Math.min(last, Math.max(0, x) + 1)) });
    return el("div", { class: "charts-row" },
      el("div", { class: "box" }, el("h3", {}, "Scores"), this.scoreChart),
      el("div", { class: "box" }, el("h3", {}, "Decision time per step"), this.timeChart));
  }

  buildBotLogs() {
    const logs = this.data.logs || {};
    const seats = Object.keys(logs);
    if (!seats.length) return null;
    const box = el("div", { class: "box bot-logs" }, el("h3", {}, "Bot output during this game"));
    for (const s of seats) {
      const log = logs[s];
      box.appendChild(el("div", { class: "small" }, `${this.seatName(Number(s))}: ${log.lines.length} lines`,
        log.dropped ? ` (${log.dropped} more in the log)` : "",
        el("span", { class: "muted", title: log.source }, ` \u00b7 ${log.source.split("/").pop()}`)));
      box.appendChild(el("pre", { class: "botlog" }, log.lines.join("\n")));
    }
    return box;
  }

  eventText(index) {
    const e = this.data.events[index];
    if (typeof e === "number") return this.data.texts[e];
    const v = this.viewer === "all" ? 0 : this.viewer === "public" ? 1 : 2 + this.viewer;
    return this.data.texts[e[v]];
  }

  scoreDelta(p) {
    const s = this.data.scores;
    if (p <= 0 || p >= s.length) return null;
    return s[p].map((v, i) => v - (s[p - 1][i] || 0));
  }

  // The log: each step, then the events it caused, once per viewer; go()
  // only shows and highlights lines.
  buildLog() {
    const d = this.data;
    this.logBox.textContent = "";
    this.logRows = [];
    const addRow = (pos, text, cls) => {
      const row = el("div", { class: cls || "", "data-pos": pos, onclick: () => this.go(pos) }, text);
      this.logRows.push([pos, row]);
      this.logBox.appendChild(row);
    };
    const faultAt = new Map((d.faults || []).map((f) => [f.step, f]));
    for (let p = 0; p < this.positions; p++) {
      if (p > 0) {
        const step = d.steps[p - 1];
        const delta = this.scoreDelta(p);
        const points = delta && delta[step.seat] ? ` ${signed(delta[step.seat])}` : "";
        const fault = faultAt.get(p - 1);
        addRow(p, `#${p - 1} ${this.seatName(step.seat)}: ${step.action}${points}${step.strike ? " (played by the arbiter)" : ""}`,
          "step" + (fault ? " fault" : "") + (points ? " scoring" : ""));
      }
      const from = p > 0 ? d.event_counts[p - 1] : 0;
      const scoring = this.scoreDelta(p) && this.scoreDelta(p).some((v) => v !== 0);
      for (let e = from; e < d.event_counts[p]; e++) {
        const text = this.eventText(e);
        addRow(p, text, scoring && SCORING_TEXT.test(text) ? "scoring" : "");
      }
    }
    for (const f of d.faults || []) {
      if (f.step >= d.steps.length || f.step < 0) {
        addRow(this.faultPosition(f), `fault: ${this.seatName(f.seat)} ${f.reason}: ${f.detail}`, "fault");
      }
    }
    if (this.lastShown !== undefined) this.updateLog();
  }

  setViewer(v) {
    this.viewer = v;
    this.buildLog();
    this.render();
  }

  handleKey(event) {
    if (event.target && (event.target.tagName === "INPUT" && event.target.type !== "range")) return;
    const keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in keys) {
      this.go(this.position + keys[event.key]);
    } else if (event.key === "Home") {
      this.go(0);
    } else if (event.key === "End") {
      this.go(this.positions - 1);
    } else {
      return;
    }
    event.preventDefault();
  }

  go(p) {
    if (!isFinite(p)) return;
    this.position = Math.max(0, Math.min(this.positions - 1, Math.round(p)));
    this.render();
  }

  // ---- drawing one position

  zonesAt(p) {
    return this.data.views[p].map((i) => this.data.zones[i]);
  }

  // Cards that arrived in each zone with the last step (multiset difference
  // against the same zone before), to outline them.
  freshCards(p) {
    const fresh = new Map();
    if (p === 0) return fresh;
    const before = new Map(this.zonesAt(p - 1).map((z) => [`${z[0]}|${z[1]}`, z[2] ? z[2].split(" ") : []]));
    for (const z of this.zonesAt(p)) {
      const old = (before.get(`${z[0]}|${z[1]}`) || []).slice();
      const set = new Set();
      for (const c of z[2] ? z[2].split(" ") : []) {
        const i = old.indexOf(c);
        if (i >= 0) old.splice(i, 1); else set.add(c);
      }
      fresh.set(`${z[0]}|${z[1]}`, set);
    }
    return fresh;
  }

  render() {
    const d = this.data, p = this.position;
    this.slider.value = p;
    this.positionLabel.textContent = `${p} / ${this.positions - 1} steps played`;
    for (const b of this.viewerButtons) b.classList.toggle("on", String(b.dataset.viewer) === String(this.viewer));
    const zones = this.zonesAt(p);
    const fresh = this.freshCards(p);
    const keys = d.counter_keys || [];
    const counters = d.counters[p] || [];
    const toAct = p < d.steps.length ? d.steps[p].seat : -1;
    // A table counter named "dealer" or "banker" names a seat: its panel
    // says so.
    const roles = new Map();
    keys.forEach((k, i) => {
      if (k[1] < 0 && (k[0] === "dealer" || k[0] === "banker") && Number.isInteger(counters[i])) {
        roles.set(counters[i], [...(roles.get(counters[i]) || []), k[0]]);
      }
    });
    this.seatsBox.textContent = "";
    for (let s = 0; s < this.numSeats; s++) {
      const seat = d.seats[s];
      const mine = keys.map((k, i) => [k, counters[i]]).filter(([k, v]) => k[1] === s && v !== null && v !== undefined);
      const panel = el("div", { class: "seat" + (s === toAct ? " to-act" : ""), "data-seat": s, style: `border-left-color:${colorOf(s)}` },
        el("div", { class: "head" },
          el("span", {}, el("span", { class: "name" }, `Seat ${s}`), ` ${seat.bot}`, seat.version ? el("span", { class: "muted small" }, ` ${seat.version}`) : null,
            d.partnerships ? el("span", { class: "tag team" }, `team ${seat.team}`) : null,
            (roles.get(s) || []).map((r) => el("span", { class: "tag role" }, r))),
          el("span", { class: "counters" }, mine.map(([k, v]) => el("span", {}, ` ${k[0]} `, el("b", {}, v))),
            s === toAct ? el("span", { class: "tag" }, "to act") : null)));
      for (const z of zones) {
        if (z[1] === s) panel.appendChild(zoneElement(z, this.viewer, { numSeats: this.numSeats, fresh: fresh.get(`${z[0]}|${z[1]}`) }));
      }
      this.seatsBox.appendChild(panel);
    }
    this.tableBox.textContent = "";
    const table = keys.map((k, i) => [k, counters[i]]).filter(([k, v]) => k[1] < 0 && v !== null && v !== undefined);
    this.tableBox.appendChild(el("div", { class: "counters" }, "Table", table.map(([k, v]) => el("span", {}, ` \u00b7 ${k[0]} `, el("b", {}, v)))));
    const box = el("div", { class: "zones" });
    for (const z of zones) {
      if (z[1] < 0) box.appendChild(zoneElement(z, this.viewer, { numSeats: this.numSeats, small: true, fresh: fresh.get(`${z[0]}|${z[1]}`) }));
    }
    this.tableBox.appendChild(box);
    this.renderStep();
    this.updateLog();
    this.scoreChart.setMarker(p);
    this.timeChart.setMarker(p > 0 ? p - 1 : null);
  }

  renderStep() {
    const d = this.data, p = this.position;
    this.stepBox.textContent = "";
    if (p === 0) {
      this.stepBox.appendChild(el("div", {}, el("b", {}, "Start"), el("span", { class: "muted" }, " \u00b7 as dealt")));
    } else {
      const step = d.steps[p - 1];
      const delta = this.scoreDelta(p) || [];
      this.stepBox.appendChild(el("div", {}, el("b", {}, `Step ${p - 1}`), ` ${this.seatName(step.seat)}`));
      this.stepBox.appendChild(el("div", {}, el("span", { class: "action" }, step.action), " ",
        delta.map((v, s) => (v ? el("span", { class: "points" + (v < 0 ? " neg" : ""), title: this.seatName(s) }, `${signed(v)}${s !== step.seat ? ` (seat ${s})` : ""}`) : null))));
      this.stepBox.appendChild(el("div", { class: "small muted" }, `decision ${formatMs(step.us)}`,
        step.cpu_us ? ` \u00b7 cpu ${formatMs(step.cpu_us)}` : "",
        this.seesChoicesOf(step.seat) ? ` \u00b7 ${step.legal.length} legal actions` : "",
        step.strike ? " \u00b7 played by the arbiter (strike)" : ""));
    }
    const scores = d.scores[p] || [];
    this.stepBox.appendChild(el("div", { class: "small scores" }, `${this.scoreUnit() === "score" ? "scores" : this.scoreUnit()}: `, scores.map((v, s) => el("span", { style: `color:${colorOf(s)}` }, `${s ? " \u00b7 " : ""}${v}`)),
      d.partnerships && d.team_scores[p] ? ` \u00b7 teams ${d.team_scores[p].join(" / ")}` : ""));
    const faults = (d.faults || []).filter((f) => this.faultPosition(f) === p);
    this.faultBanner.style.display = faults.length ? "" : "none";
    this.faultBanner.textContent = faults.map((f) => `Fault: ${this.seatName(f.seat)} ${f.reason} at step ${f.step}${f.detail ? `: ${f.detail}` : ""}`).join("; ");
    // What the seat to act chooses from, and what it chose.
    this.legalBox.textContent = "";
    if (p < d.steps.length) {
      const next = d.steps[p];
      const legal = next.legal || [];
      if (this.seesChoicesOf(next.seat)) {
        this.legalBox.appendChild(el("h3", {}, `Next: ${this.seatName(next.seat)} chooses from ${legal.length}`));
        this.legalBox.appendChild(el("div", { class: "legal" }, legal.map((t) => {
          const text = d.texts[t];
          return el("span", { class: text === next.action ? "chosen" : "" }, text);
        })));
      } else {
        this.legalBox.appendChild(el("h3", {}, `Next: ${this.seatName(next.seat)} chooses`));
        this.legalBox.appendChild(el("div", { class: "small muted" }, "what it chooses from is hidden in this view"));
      }
    } else {
      this.legalBox.appendChild(el("h3", {}, "Game over"));
      const r = d.result || {};
      this.legalBox.appendChild(el("div", { class: "small" }, `${r.end || "no result"}`,
        r.scores ? ` \u00b7 scores ${r.scores.join(" / ")} \u00b7 places ${r.places.join(" / ")}` : ""));
    }
  }

  updateLog() {
    const p = this.position;
    let current = null;
    for (const [pos, row] of this.logRows) {
      row.classList.toggle("later", pos > p);
      row.classList.toggle("current", pos === p);
      if (pos <= p) current = row;
    }
    this.lastShown = p;
    if (current) {
      const box = this.logBox;
      const top = current.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) box.scrollTop = top - box.clientHeight + 40;
    }
  }
}
