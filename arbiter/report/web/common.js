// Helpers shared by the report and the replay viewer: DOM builders,
// number formats, colours, and reading the data the page embeds.

// el("div", {class: "x", onclick: f}, child, "text", ...): an element.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Milliseconds from microseconds, to a sensible precision.
function formatMs(us) {
  const ms = us / 1000;
  if (ms >= 100) return ms.toFixed(0) + " ms";
  if (ms >= 10) return ms.toFixed(1) + " ms";
  return ms.toFixed(2) + " ms";
}

function formatPercent(x) {
  return (100 * x).toFixed(1) + "%";
}

function formatNumber(x, digits) {
  if (x === null || x === undefined || !isFinite(x)) return "";
  return Number(x).toFixed(digits === undefined ? 1 : digits);
}

function formatPoints(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function signed(x) {
  return (x > 0 ? "+" : "") + x;
}

// Ten distinct colours (Tableau 10), one per bot or seat.
const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                 "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

function colorOf(index) {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

// The JSON a <script type="application/json"> element holds.
function embeddedJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

// A replay stored as base64 of gzip-compressed JSON, read with the
// browser's own decompressor.
async function decodeCompressedJson(base64) {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

// Sorts `rows` (objects) by `key`, numbers descending first.
function sortRows(rows, key, ascending) {
  const sign = ascending ? 1 : -1;
  return rows.slice().sort((a, b) => {
    const x = key(a), y = key(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

// Teams from each seat's team number: [[team, [seats...]]...] in order of
// each team's first seat. Partners: some team has more than one seat.
function teamsOf(teams) {
  const byTeam = new Map();
  (teams || []).forEach((t, s) => byTeam.set(t, [...(byTeam.get(t) || []), s]));
  return [...byTeam.entries()];
}

function partnersOf(teams) {
  return teamsOf(teams).some(([, seats]) => seats.length > 1);
}
