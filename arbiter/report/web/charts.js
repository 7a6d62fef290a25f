// Charts drawn as inline SVG: lines with bands, bars, histograms and
// interval bars. Small and dependency-free, so pages open offline and the
// screenshots the tests compare stay stable.

function scaleLinear(d0, d1, r0, r1) {
  const span = d1 - d0 || 1;
  const f = (x) => r0 + ((x - d0) * (r1 - r0)) / span;
  f.invert = (y) => d0 + ((y - r0) * span) / (r1 - r0 || 1);
  return f;
}

// About `count` round values covering [lo, hi].
function niceTicks(lo, hi, count) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const ticks = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    ticks.push(Math.round(t / step) * step);
  }
  return ticks;
}

function extent(values) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (v === null || v === undefined || !isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

function tickLabel(v) {
  if (Math.abs(v) >= 10000) return (v / 1000).toFixed(0) + "k";
  return Number.isInteger(v) ? String(v) : String(+v.toFixed(2));
}

// Axes and grid of a chart area; returns the group.
function drawAxes(g, x, y, xTicks, yTicks, box, opts) {
  const axes = svg("g", { class: "axis" });
  const grid = svg("g", { class: "grid" });
  for (const t of yTicks) {
    grid.appendChild(svg("line", { x1: box.left, x2: box.right, y1: y(t), y2: y(t) }));
    axes.appendChild(svg("text", { x: box.left - 4, y: y(t) + 4, "text-anchor": "end", text: (opts.yFormat || tickLabel)(t) }));
  }
  for (const t of xTicks) {
    axes.appendChild(svg("line", { x1: x(t), x2: x(t), y1: box.bottom, y2: box.bottom + 4 }));
    axes.appendChild(svg("text", { x: x(t), y: box.bottom + 15, "text-anchor": "middle", text: (opts.xFormat || tickLabel)(t) }));
  }
  axes.appendChild(svg("line", { x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom }));
  if (opts.xLabel) {
    axes.appendChild(svg("text", { x: (box.left + box.right) / 2, y: box.bottom + 30, "text-anchor": "middle", text: opts.xLabel }));
  }
  if (opts.yLabel) {
    axes.appendChild(svg("text", { x: 12, y: (box.top + box.bottom) / 2, "text-anchor": "middle",
      transform: `rotate(-90 12 ${(box.top + box.bottom) / 2})`, text: opts.yLabel }));
  }
  g.appendChild(grid);
  g.appendChild(axes);
}

// A vertical marker that follows a position (setMarker), and clicks that
// pick the nearest x (onPick).
function addMarker(root, x, box, opts) {
  const marker = svg("line", { class: "marker", y1: box.top, y2: box.bottom, stroke: "#2f6fde", "stroke-width": 1.5, visibility: "hidden" });
  root.appendChild(marker);
  root.setMarker = (value) => {
    if (value === null || value === undefined) {
      marker.setAttribute("visibility", "hidden");
      return;
    }
    marker.setAttribute("x1", x(value));
    marker.setAttribute("x2", x(value));
    marker.setAttribute("visibility", "visible");
  };
  if (opts.onPick) {
    root.style.cursor = "pointer";
    root.addEventListener("click", (event) => {
      const rect = root.getBoundingClientRect();
      const scale = opts.width / rect.width;
      opts.onPick(x.invert((event.clientX - rect.left) * scale));
    });
  }
  if (opts.marker !== undefined) root.setMarker(opts.marker);
}

// Lines, each with an optional band: series [{name, color, points: [[x,
// y]], band: [[x, lo, hi]]}]; a band bound that is null (open) runs to the
// edge of the chart.
function lineChart(opts) {
  const width = opts.width || 640, height = opts.height || 260;
  const box = { left: 52, right: width - 12, top: 10, bottom: height - (opts.xLabel ? 38 : 24) };
  const xs = [], ys = [];
  for (const s of opts.series) {
    for (const p of s.points) { xs.push(p[0]); ys.push(p[1]); }
    for (const b of s.band || []) { ys.push(b[1]); ys.push(b[2]); }
  }
  const [x0, x1] = opts.xDomain || extent(xs);
  let [y0, y1] = opts.yDomain || extent(ys);
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const pad = (y1 - y0) * 0.05;
  y0 -= pad; y1 += pad;
  const x = scaleLinear(x0, x1 === x0 ? x0 + 1 : x1, box.left, box.right);
  const y = scaleLinear(y0, y1, box.bottom, box.top);
  const root = svg("svg", { class: "chart", width, height, viewBox: `0 0 ${width} ${height}` });
  drawAxes(root, x, y, niceTicks(x0, x1, 8).filter((t) => !opts.integerX || Number.isInteger(t)), niceTicks(y0, y1, 5), box, opts);
  const clamp = (v, edge) => (v === null || v === undefined || !isFinite(v) ? edge : Math.min(y1, Math.max(y0, v)));
  for (const s of opts.series) {
    const group = svg("g", { "data-series": s.name });
    if (s.band && s.band.length) {
      const upper = s.band.map((b) => `${x(b[0])},${y(clamp(b[2], y1))}`);
      const lower = s.band.map((b) => `${x(b[0])},${y(clamp(b[1], y0))}`).reverse();
      group.appendChild(svg("polygon", { points: upper.concat(lower).join(" "), fill: s.color, "fill-opacity": 0.13, stroke: "none" }));
    }
    const path = s.points.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join("");
    group.appendChild(svg("path", { d: path, fill: "none", stroke: s.color, "stroke-width": s.width || 2,
      "stroke-linejoin": "round", "stroke-dasharray": s.dashed ? "5 3" : null }));
    if (s.points.length <= 40 && s.dots !== false) {
      for (const p of s.points) {
        group.appendChild(svg("circle", { cx: x(p[0]), cy: y(p[1]), r: 2.5, fill: s.color },
          svg("title", { text: `${s.name}: ${tickLabel(+p[1].toFixed(1))}` })));
      }
    }
    root.appendChild(group);
  }
  addMarker(root, x, box, { ...opts, width });
  return root;
}

// Bars at integer x: bars [{x, y, color, title}]; marks [{x, color,
// title}] are drawn as triangles under the axis (faults).
function barChart(opts) {
  const width = opts.width || 640, height = opts.height || 200;
  const box = { left: 52, right: width - 12, top: 10, bottom: height - (opts.xLabel ? 38 : 24) };
  const n = Math.max(1, opts.count);
  const ymax = Math.max(opts.yMin || 0, ...opts.bars.map((b) => b.y)) || 1;
  const x = scaleLinear(0, n, box.left, box.right);
  const y = scaleLinear(0, ymax * 1.05, box.bottom, box.top);
  const root = svg("svg", { class: "chart", width, height, viewBox: `0 0 ${width} ${height}` });
  drawAxes(root, x, y, niceTicks(0, n, 8).filter(Number.isInteger), niceTicks(0, ymax, 4), box, opts);
  const w = Math.max(1, (box.right - box.left) / n - (n < 80 ? 1 : 0));
  const bars = svg("g");
  for (const b of opts.bars) {
    const top = y(b.y);
    bars.appendChild(svg("rect", { x: x(b.x), y: top, width: w, height: Math.max(0, box.bottom - top), fill: b.color },
      b.title ? svg("title", { text: b.title }) : null));
  }
  root.appendChild(bars);
  for (const m of opts.marks || []) {
    const cx = x(m.x) + w / 2;
    root.appendChild(svg("path", { d: `M${cx},${box.bottom + 2}l-5,9h10z`, fill: m.color || "#c62f2f" },
      svg("title", { text: m.title || "" })));
  }
  const center = (v) => x(v) + w / 2;
  center.invert = (px) => Math.floor(x.invert(px));
  addMarker(root, center, box, { ...opts, width });
  return root;
}

// A small histogram (a row of a small-multiples table): counts over equal
// bins; `labels[i]` names bin i.
function sparkHistogram(opts) {
  const width = opts.width || 260, height = opts.height || 36;
  const n = opts.counts.length;
  const max = opts.max || Math.max(1, ...opts.counts);
  const w = width / n;
  const root = svg("svg", { class: "chart", width, height, viewBox: `0 0 ${width} ${height}` });
  root.appendChild(svg("line", { x1: 0, x2: width, y1: height - 0.5, y2: height - 0.5, stroke: "#aab1c0" }));
  opts.counts.forEach((c, i) => {
    if (!c) return;
    const h = Math.max(1, ((height - 2) * c) / max);
    root.appendChild(svg("rect", { x: i * w + 0.5, y: height - 1 - h, width: Math.max(1, w - 1), height: h, fill: opts.color },
      svg("title", { text: `${opts.labels ? opts.labels[i] : i}: ${c}` })));
  });
  return root;
}

// The axis under a column of spark histograms.
function sparkAxis(opts) {
  const width = opts.width || 260;
  const root = svg("svg", { class: "chart", width, height: 16, viewBox: `0 0 ${width} 16` });
  for (const [pos, label] of opts.ticks) {
    root.appendChild(svg("text", { x: Math.min(width - 2, Math.max(2, pos * width)), y: 12,
      "text-anchor": pos <= 0 ? "start" : pos >= 1 ? "end" : "middle", text: label }));
  }
  return root;
}

// A rating and its interval on a shared scale [lo, hi]; an open bound
// (null) is an arrow to the edge.
function intervalBar(opts) {
  const width = opts.width || 240, height = opts.height || 18;
  const x = scaleLinear(opts.domain[0], opts.domain[1], 6, width - 6);
  const root = svg("svg", { class: "chart interval", width, height, viewBox: `0 0 ${width} ${height}` });
  const mid = height / 2;
  const lower = opts.lower === null ? null : Math.max(opts.domain[0], opts.lower);
  const upper = opts.upper === null ? null : Math.min(opts.domain[1], opts.upper);
  const a = lower === null ? 1 : x(lower), b = upper === null ? width - 1 : x(upper);
  root.appendChild(svg("rect", { x: a, y: mid - 4, width: Math.max(1, b - a), height: 8, rx: 3, fill: opts.color, "fill-opacity": 0.35 }));
  if (lower === null) root.appendChild(svg("path", { d: `M0,${mid}l6,-5v10z`, fill: opts.color }));
  if (upper === null) root.appendChild(svg("path", { d: `M${width},${mid}l-6,-5v10z`, fill: opts.color }));
  if (opts.rating !== undefined && opts.rating !== null) {
    root.appendChild(svg("line", { x1: x(opts.rating), x2: x(opts.rating), y1: 1, y2: height - 1, stroke: opts.color, "stroke-width": 3 }));
  }
  if (opts.title) root.appendChild(svg("title", { text: opts.title }));
  return root;
}
