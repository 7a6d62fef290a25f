// The replay viewer: one game's data (replay_data.h) drawn position by
// position. Nothing here knows a game: seats, zones, counters and events
// come from the game's table view and event texts.
//
// Position p is the state after p steps (0: as dealt); a link names it as
// #game/ID/step/p. Options (all optional):
//   step          the position to open at (clamped, with a note)
//   onStep(p)     called whenever the position changes after opening
//   onBack()      a "report" link that calls it
//   duplicates    ids of the other seatings of this game's deal, and
//   loadReplay(id)  (async) their replay data, to show side by side
// Keys (KEYS below, and the help on "?"): play/pause, step, trick (or turn),
// hand, start/end, speed.

// An event line that says what it scored ("for 30", "+30", "30 points").
const SCORING_TEXT = /\bfor \d+\b|(^|\s)[+]\d+\b|\b\d+ points?\b/;

// The faults of a sandbox limit, which may be seen after the last step.
const LIMIT_FAULTS = ["memory limit", "process limit"];

// Autoplay: steps per second at 1x, and the speeds offered.
const STEPS_PER_SECOND = 2;
const SPEEDS = [0.5, 1, 2, 4, 8];

// [keys, what they do], as the help overlay lists them (handleKey acts).
const KEYS = [
  [["Space", "K"], "play / pause"],
  [["\u2190", "\u2192"], "step back / forward"],
  [["[", "]"], "previous / next trick (a turn in games without tricks)"],
  [["PgUp", "PgDn"], "previous / next hand"],
  [["Home", "End"], "start / end"],
  [["-", "+"], "slower / faster"],
  [["?"], "this help (Esc closes it)"],
];

// The position of a "#game/ID/step/N" link: N, or null for another link.
function stepOfHash(hash) {
  const m = /\/step\/(\d+)$/.exec(hash || "");
  return m ? Number(m[1]) : null;
}

function stepLink(id, position) {
  return `#game/${encodeURIComponent(id)}/step/${position}`;
}

// Positions of `marks` around p: the first after it (else `last`), the last
// before it (else 0).
function nextMark(marks, p, last) {
  const m = marks.find((x) => x > p);
  return m === undefined ? last : m;
}

function previousMark(marks, p) {
  let out = 0;
  for (const x of marks) if (x < p) out = x;
  return out;
}

class Viewer {
  constructor(container, data, options) {
    this.data = data;
    this.options = options || {};
    this.numSeats = data.seats.length;
    this.positions = data.views.length;
    this.viewer = "all";
    this.position = 0;
    this.speed = 1;
    this.playing = false;
    this.timer = null;
    this.seatings = null;  // the deal's other seatings, once loaded
    this.container = container;
    this.marks = this.findMarks();
    this.onKey = (event) => this.handleKey(event);
    this.build();
    this.go(this.openingPosition());
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    this.pause();
    clearTimeout(this.stepTimer);
    this.options = {};
    document.removeEventListener("keydown", this.onKey);
    this.container.textContent = "";
  }

  // options.step, clamped to the game; an out-of-range step says so.
  openingPosition() {
    const o = this.options;
    const asked = o.step !== undefined && o.step !== null ? Number(o.step) : o.position;
    if (asked === undefined || asked === null) return 0;
    const last = this.positions - 1;
    if (!Number.isInteger(asked) || asked < 0 || asked > last) {
      this.openNote.textContent = `There is no step ${o.step !== undefined ? o.step : asked} in this game (0 to ${last}): ` +
        `opened at ${asked > last ? "its end" : "its start"}.`;
      this.openNote.style.display = "";
      return asked > last ? last : 0;
    }
    return asked;
  }

  // Where hands and tricks begin. A trick ends where a seat's "tricks"
  // counter rises, or a hand begins; a game without tricks moves by turns
  // (where the seat to act changes).
  findMarks() {
    const d = this.data, last = this.positions - 1;
    const hands = (d.hand_starts || [0]).filter((p) => p <= last);
    const tricks = (d.counter_keys || []).map((k, i) => (k[0] === "tricks" && k[1] >= 0 ? i : -1)).filter((i) => i >= 0);
    const marks = [];
    if (tricks.length) {
      const taken = (p) => tricks.reduce((sum, i) => sum + (Number((d.counters[p] || [])[i]) || 0), 0);
      for (let p = 1; p <= last; p++) {
        if (taken(p) > taken(p - 1) || hands.includes(p)) marks.push(p);
      }
    } else {
      const toAct = (p) => (p < d.steps.length ? d.steps[p].seat : -1);
      for (let p = 1; p <= last; p++) if (toAct(p) !== toAct(p - 1)) marks.push(p);
    }
    return { hands, tricks: marks, trickName: tricks.length ? "trick" : "turn" };
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
    this.openNote = el("div", { class: "open-note", style: "display:none" });
    this.faultBanner = el("div", { class: "fault-banner", style: "display:none" });
    this.causeBox = el("div", { class: "fault-cause", style: "display:none" });
    this.seatingsBox = el("div", { class: "seatings", style: "display:none" });
    this.helpBox = this.buildHelp();
    root.append(this.openNote, this.faultBanner, this.causeBox, this.seatingsBox, this.helpBox);
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
    this.outputBox = el("div", { class: "box step-output" });
    side.appendChild(this.stepBox);
    side.appendChild(this.outputBox);
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
    this.playButton = el("button", { class: "play", title: "play / pause (Space)", onclick: () => this.togglePlay() }, "\u25b6 play");
    this.speedSelect = el("select", { class: "speed", "aria-label": "speed", title: "speed (- +)",
      onchange: () => this.setSpeed(Number(this.speedSelect.value)) },
      SPEEDS.map((x) => el("option", { value: x, selected: x === this.speed }, `${x}x`)));
    const trick = this.marks.trickName;
    const duplicates = this.options.duplicates || [];
    return el("div", { class: "controls" },
      this.playButton, this.speedSelect,
      el("button", { class: "to-start", title: "start (Home)", onclick: () => this.go(0) }, "|\u25c0"),
      el("button", { class: "prev-hand", title: "previous hand (PgUp)", onclick: () => this.jumpHand(-1) }, "\u25c0\u25c0 hand"),
      el("button", { class: "prev-trick", title: `previous ${trick} ([)`, onclick: () => this.jumpTrick(-1) }, `\u25c0 ${trick}`),
      el("button", { class: "back", title: "back (Left)", onclick: () => this.go(this.position - 1) }, "\u25c0"),
      el("button", { class: "forward", title: "forward (Right)", onclick: () => this.go(this.position + 1) }, "\u25b6"),
      el("button", { class: "next-trick", title: `next ${trick} (])`, onclick: () => this.jumpTrick(1) }, `${trick} \u25b6`),
      el("button", { class: "next-hand", title: "next hand (PgDn)", onclick: () => this.jumpHand(1) }, "hand \u25b6\u25b6"),
      el("button", { class: "to-end", title: "end (End)", onclick: () => this.go(last) }, "\u25b6|"),
      this.slider, this.positionLabel,
      el("button", { class: "first-fault", disabled: firstFault === null, onclick: () => this.go(firstFault),
        title: faults.length ? `${faults[0].reason} ${this.whenOf(faults[0])}` : "no fault in this game" }, "First fault"),
      duplicates.length > 0 && this.options.loadReplay
        ? el("button", { class: "seatings-toggle", title: "every seating of this deal, side by side, at the same step",
          onclick: () => this.toggleSeatings() }, `Seatings side by side (${duplicates.length + 1})`)
        : null,
      el("span", { class: "small muted" }, "view:"), this.viewerButtons,
      el("button", { class: "help-toggle", title: "keys (?)", onclick: () => this.toggleHelp() }, "?"));
  }

  buildHelp() {
    const rows = KEYS.map(([keys, what]) => el("tr", {},
      el("td", {}, keys.map((k, i) => [i ? " " : "", el("kbd", {}, k)])), el("td", { class: "left" }, what)));
    return el("div", { class: "help-overlay", style: "display:none", onclick: (e) => { if (e.target === this.helpBox) this.toggleHelp(false); } },
      el("div", { class: "help-card" }, el("h3", {}, "Keys"), el("table", {}, el("tbody", {}, rows)),
        el("p", { class: "small muted" }, "Every step has a link: #game/ID/step/N opens the game after N steps (0: as dealt). ",
          "Bot output is shown beside the step during which it was printed."),
        el("button", { onclick: () => this.toggleHelp(false) }, "Close")));
  }

  toggleHelp(show) {
    const on = show === undefined ? this.helpBox.style.display === "none" : show;
    this.helpBox.style.display = on ? "" : "none";
  }

  // A fault the record puts at step -1 struck before the first step, but
  // for a sandbox limit seen only once the game was over.
  atEnd(fault) {
    return fault.step < 0 && LIMIT_FAULTS.includes(fault.reason);
  }

  // When a fault struck: "at step 12", "before the first step", ...
  whenOf(fault) {
    if (this.atEnd(fault)) return "after the last step";
    return fault.step < 0 ? "before the first step" : `at step ${fault.step}`;
  }

  // ---- autoplay and jumps

  togglePlay() {
    if (this.playing) this.pause(); else this.play();
  }

  play() {
    if (this.position >= this.positions - 1) this.go(0);
    this.playing = true;
    this.playButton.textContent = "\u275a\u275a pause";
    this.playButton.classList.add("on");
    this.schedule();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.playing) return;
    this.playing = false;
    this.playButton.textContent = "\u25b6 play";
    this.playButton.classList.remove("on");
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.go(this.position + 1);
      if (this.position >= this.positions - 1) this.pause(); else this.schedule();
    }, 1000 / (STEPS_PER_SECOND * this.speed));
  }

  setSpeed(x) {
    this.speed = SPEEDS.includes(x) ? x : 1;
    this.speedSelect.value = String(this.speed);
    if (this.playing) this.schedule();
  }

  changeSpeed(by) {
    const i = SPEEDS.indexOf(this.speed) + by;
    this.setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i))]);
  }

  // ---- the deal's seatings side by side

  async toggleSeatings() {
    if (this.seatings) {
      this.seatings = null;
      this.seatingsBox.style.display = "none";
      this.seatingsBox.textContent = "";
      this.container.querySelector(".viewer").classList.remove("side-by-side");
      return;
    }
    this.seatingsBox.style.display = "";
    this.seatingsBox.textContent = "loading the other seatings\u2026";
    const ids = this.options.duplicates || [];
    const loaded = await Promise.all(ids.map((id) => Promise.resolve().then(() => this.options.loadReplay(id))
      .then((data) => ({ id, data }), (err) => ({ id, error: String(err) }))));
    this.seatings = [{ id: this.data.id, data: this.data }, ...loaded];
    this.container.querySelector(".viewer").classList.add("side-by-side");
    this.renderSeatings();
  }

  // One column per seating at the same position (or its last, if it
  // ended sooner): its seats' zones, the table, the step just played.
  renderSeatings() {
    const p = this.position;
    this.seatingsBox.textContent = "";
    this.seatingsBox.style.gridTemplateColumns = `repeat(${this.seatings.length}, minmax(0, 1fr))`;
    for (const { id, data, error } of this.seatings) {
      const column = el("div", { class: "seating" + (id === this.data.id ? " this" : ""), "data-game": id },
        el("div", { class: "small mono" }, id, id === this.data.id ? el("span", { class: "muted" }, " (this game)") : ""));
      this.seatingsBox.appendChild(column);
      if (!data || !data.views) {
        column.appendChild(el("div", { class: "error" }, `Cannot load this seating: ${error || "no replay"}`));
        continue;
      }
      const last = data.views.length - 1, q = Math.min(p, last);
      const zones = data.views[q].map((i) => data.zones[i]);
      const seats = data.seats.length;
      const step = q > 0 ? data.steps[q - 1] : null;
      column.appendChild(el("div", { class: "small step-line" }, q < p ? `ended after ${last} steps` : step
        ? `step ${q - 1}: seat ${step.seat} \u00b7 ${data.seats[step.seat].bot}: ${step.action}` : "as dealt"));
      for (let s = 0; s < seats; s++) {
        const score = (data.scores[q] || [])[s];
        column.appendChild(el("div", { class: "seat", "data-seat": s, style: `border-left-color:${colorOf(s)}` },
          el("div", { class: "head" }, el("span", {}, el("span", { class: "name" }, `Seat ${s}`), ` ${data.seats[s].bot}`),
            el("span", { class: "counters" }, score !== undefined ? el("b", {}, score) : "")),
          zones.filter((z) => z[1] === s).map((z) => zoneElement(z, this.viewer, { numSeats: seats, small: true }))));
      }
      column.appendChild(el("div", { class: "zones table-zones" },
        zones.filter((z) => z[1] < 0).map((z) => zoneElement(z, this.viewer, { numSeats: seats, small: true }))));
    }
  }

  jumpHand(direction) {
    const { hands } = this.marks;
    this.go(direction > 0 ? nextMark(hands, this.position, this.positions - 1) : previousMark(hands, this.position));
  }

  jumpTrick(direction) {
    const { tricks } = this.marks;
    this.go(direction > 0 ? nextMark(tricks, this.position, this.positions - 1) : previousMark(tricks, this.position));
  }

  // The position where a fault shows: after the step it struck (a default
  // action), or at the decision that was never answered.
  faultPosition(fault) {
    if (this.atEnd(fault)) return this.positions - 1;
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
    const stepOf = (f) => (this.atEnd(f) ? d.steps.length - 1 : Math.max(0, f.step));
    const marks = (d.faults || []).map((f) => ({ x: Math.max(0, Math.min(stepOf(f), d.steps.length - 1)),
      title: `fault: ${this.seatName(f.seat)} ${f.reason} ${this.whenOf(f)}` }));
    this.timeChart = barChart({ width: 520, height: 220, bars, marks, count: Math.max(1, d.steps.length),
      xLabel: "step", yLabel: "decision ms", onPick: (x) => this.go(Math.min(last, Math.max(0, x) + 1)) });
    return el("div", { class: "charts-row" },
      el("div", { class: "box" }, el("h3", {}, "Scores"), this.scoreChart),
      el("div", { class: "box" }, el("h3", {}, "Decision time per step"), this.timeChart));
  }

  // Every seat's output for the game, each line tagged with its step (a
  // click goes there); the lines of the step shown are marked by render().
  buildBotLogs() {
    const logs = this.data.logs || {};
    const seats = Object.keys(logs);
    this.logLines = [];
    if (!seats.length) return null;
    const box = el("div", { class: "box bot-logs" }, el("h3", {}, "Bot output during this game"));
    for (const s of seats) {
      const log = logs[s];
      const steps = log.steps || [];
      box.appendChild(el("div", { class: "small" }, `${this.seatName(Number(s))}: `,
        log.lines.length ? `${log.lines.length} line${log.lines.length === 1 ? "" : "s"}` : "printed nothing in this game",
        log.dropped ? ` (${log.dropped} more in the log)` : "",
        log.started ? " \u00b7 its process was started for this game" : "",
        el("span", { class: "muted", title: log.source }, ` \u00b7 ${String(log.source).split("/").pop()}`)));
      if (!log.lines.length) continue;
      const pre = el("pre", { class: "botlog" });
      log.lines.forEach((line, i) => {
        const step = steps[i] === undefined ? -1 : steps[i];
        const row = el("div", { "data-step": step, "data-label": step < 0 ? "start" : `#${step}`,
          title: step < 0 ? "before the first step" : `printed during step ${step}`,
          onclick: () => this.go(step < 0 ? 0 : step + 1) }, line);
        this.logLines.push([step, row]);
        pre.appendChild(row);
      });
      box.appendChild(pre);
    }
    return box;
  }

  // Whether a log ties its lines to steps (it has step or start marks; a
  // log written before they existed has neither).
  marked(log) {
    return log.started || (log.steps || []).some((x) => x >= 0);
  }

  // The lines each seat printed during step `step` (-1: before its first),
  // from logs that mark their steps.
  outputAt(step) {
    const out = [];
    for (const [s, log] of Object.entries(this.data.logs || {})) {
      const steps = log.steps || [];
      if (!this.marked(log)) continue;
      const lines = log.lines.filter((_, i) => steps[i] === step);
      const dropped = (log.dropped_at || {})[step] || 0;
      if (lines.length || dropped) out.push({ seat: Number(s), lines, dropped });
    }
    return out;
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
        addRow(this.faultPosition(f), `fault ${this.whenOf(f)}: ${this.seatName(f.seat)} ${f.reason}: ${f.detail}`, "fault");
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
    const t = event.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "range"))) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const last = this.positions - 1;
    const actions = {
      " ": () => this.togglePlay(), k: () => this.togglePlay(), K: () => this.togglePlay(),
      ArrowLeft: () => this.go(this.position - 1), ArrowRight: () => this.go(this.position + 1),
      "[": () => this.jumpTrick(-1), "]": () => this.jumpTrick(1),
      PageUp: () => this.jumpHand(-1), PageDown: () => this.jumpHand(1),
      Home: () => this.go(0), End: () => this.go(last),
      "-": () => this.changeSpeed(-1), "+": () => this.changeSpeed(1), "=": () => this.changeSpeed(1),
      "?": () => this.toggleHelp(), Escape: () => this.toggleHelp(false),
    };
    if (!(event.key in actions)) return;
    actions[event.key]();
    event.preventDefault();
  }

  go(p) {
    if (!isFinite(p)) return;
    const before = this.position;
    this.position = Math.max(0, Math.min(this.positions - 1, Math.round(p)));
    this.render();
    if (this.opened && this.position !== before) {
      this.openNote.style.display = "none";  // it spoke of the opening step
      this.tellStep();
    }
    this.opened = true;
  }

  // options.onStep: at once, or while playing at most 4 times a second
  // (browsers refuse a page that changes its address too often).
  tellStep() {
    if (!this.options.onStep) return;
    if (!this.playing) {
      this.options.onStep(this.position);
    } else if (!this.stepTimer) {
      this.stepTimer = setTimeout(() => {
        this.stepTimer = null;
        if (this.options.onStep) this.options.onStep(this.position);
      }, 250);
    }
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
            (roles.get(s) || []).map((r) => el("span", { class: "tag role" }, r)),
            seat.restart_reason ? el("span", { class: "tag restarted", title: `restarted before this game: ${seat.restart_reason}` }, "restarted") : null),
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
    this.renderOutput();
    this.renderFaults();
    this.updateLog();
    if (this.seatings) this.renderSeatings();
    this.scoreChart.setMarker(p);
    this.timeChart.setMarker(p > 0 ? p - 1 : null);
  }

  // What the bots printed during the step just played (at 0: before the
  // first step, their startup output among it).
  renderOutput() {
    const step = this.position - 1;
    this.outputBox.textContent = "";
    this.outputBox.appendChild(el("h3", {}, step < 0 ? "Bot output before the first step" : `Bot output during step ${step}`));
    const shown = this.outputAt(step);
    const logs = Object.values(this.data.logs || {});
    const unmarked = logs.filter((log) => !this.marked(log)).length;
    if (!shown.length) {
      this.outputBox.appendChild(el("div", { class: "small muted" }, logs.length ? "nothing printed" : "no bot output kept for this game"));
    }
    if (unmarked) {
      this.outputBox.appendChild(el("div", { class: "small muted" },
        `${unmarked === logs.length ? "The" : "Some"} bots' lines are not tied to steps (their log has no step marks): see the game's output below.`));
    }
    for (const { seat, lines, dropped } of shown) {
      this.outputBox.appendChild(el("div", { class: "small" }, this.seatName(seat),
        dropped ? el("span", { class: "muted" }, ` (${dropped} more line${dropped === 1 ? "" : "s"} in the log)`) : ""));
      this.outputBox.appendChild(el("pre", { class: "botlog step-lines", "data-seat": seat }, lines.map((l) => el("div", {}, l))));
    }
    for (const [step2, row] of this.logLines || []) row.classList.toggle("current", step2 === step);
  }

  // The faults that show here, and for one before the first step what
  // caused it: the restart and why (the previous game's fault), what the
  // bot printed as it started.
  renderFaults() {
    const d = this.data, p = this.position;
    const faults = (d.faults || []).filter((f) => this.faultPosition(f) === p);
    this.faultBanner.style.display = faults.length ? "" : "none";
    this.faultBanner.textContent = faults.map((f) => `Fault: ${this.seatName(f.seat)} ${f.reason} ${this.whenOf(f)}${f.detail ? `: ${f.detail}` : ""}`).join("; ");
    this.causeBox.textContent = "";
    const early = faults.filter((f) => f.step < 0 && !this.atEnd(f) && f.seat >= 0 && f.seat < this.numSeats);
    for (const f of early) {
      const seat = d.seats[f.seat] || {};
      const log = (d.logs || {})[f.seat];
      const startup = log ? log.lines.filter((_, i) => (log.steps || [])[i] === -1) : [];
      const why = [];
      if (seat.restart_reason) why.push(`The arbiter restarted this bot before the game, ${seat.restart_reason}.`);
      else if (/previous game/.test(f.detail || "")) why.push("It left after its previous game, before this one began.");
      if (log && log.started) why.push(`Its process was started for this game: it printed ${startup.length ? `${startup.length} line${startup.length === 1 ? "" : "s"} as it started` : "nothing as it started"}.`);
      else if (!log) why.push("No output of this bot's was kept for this game.");
      if (!why.length) why.push("Its process was not started for this game: it was already running.");
      this.causeBox.appendChild(el("div", { class: "cause", "data-seat": f.seat }, el("b", {}, `Cause (${this.seatName(f.seat)}): `), why.join(" "),
        startup.length ? el("pre", { class: "botlog" }, startup.map((l) => el("div", {}, l))) : null));
    }
    this.causeBox.style.display = early.length ? "" : "none";
  }

  renderStep() {
    const d = this.data, p = this.position;
    this.stepBox.textContent = "";
    if (p === 0) {
      this.stepBox.appendChild(el("div", {}, el("b", {}, "Start"), el("span", { class: "muted" }, " \u00b7 as dealt "),
        el("a", { class: "step-link small", href: stepLink(d.id, 0), title: "a link to this step" }, "link")));
    } else {
      const step = d.steps[p - 1];
      const delta = this.scoreDelta(p) || [];
      this.stepBox.appendChild(el("div", {}, el("b", {}, `Step ${p - 1}`), ` ${this.seatName(step.seat)} `,
        el("a", { class: "step-link small", href: stepLink(d.id, p), title: "a link to this step" }, "link")));
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
