// Cards drawn as cards, from the card notation every game shares (rank
// letter then suit letter: AS, TH, 7C; "10H" too): the rank in the corner,
// the suit symbol large, red or black. Anything else a zone holds is drawn
// as a plain chip with its text, so a game with other tokens still shows.

const SUITS = {
  S: { symbol: "\u2660", color: "black", name: "spades" },
  H: { symbol: "\u2665", color: "red", name: "hearts" },
  D: { symbol: "\u2666", color: "red", name: "diamonds" },
  C: { symbol: "\u2663", color: "black", name: "clubs" },
};

const RANK_NAMES = { A: "A", K: "K", Q: "Q", J: "J", T: "10" };

function parseCard(text) {
  const m = /^(10|[2-9TJQKA])([SHDC])(\*?)$/i.exec(text);
  if (!m) return null;
  const rank = m[1].toUpperCase();
  return { rank: RANK_NAMES[rank] || rank, suit: SUITS[m[2].toUpperCase()], mark: m[3] };
}

// One card: face "up" or "down"; `secret` marks a face-up card that no
// seat could see (a stock shown to the omniscient viewer).
function cardElement(text, options) {
  const o = options || {};
  const classes = ["card"];
  if (o.small) classes.push("small");
  if (o.fresh) classes.push("fresh");
  if (o.face === "down") {
    classes.push("back");
    return el("span", { class: classes.join(" "), title: "face down" });
  }
  if (o.secret) classes.push("secret");
  const card = parseCard(text);
  if (!card) {
    classes.push("text");
    return el("span", { class: classes.join(" "), title: text }, text);
  }
  classes.push(card.suit.color);
  return el("span", { class: classes.join(" "), title: text + (o.secret ? " (seen by no seat)" : ""), "data-card": text },
    el("span", { class: "rank" }, card.rank, el("small", {}, card.suit.symbol)),
    el("span", { class: "pip" }, card.suit.symbol));
}

// Which cards of a zone a viewer sees. viewer: "all" (everything),
// "public" (cards every seat sees), or a seat number.
function cardVisible(mask, viewer, allSeats) {
  if (viewer === "all") return true;
  if (viewer === "public") return ((mask & allSeats) >>> 0) === allSeats;
  return ((mask >>> viewer) & 1) === 1;
}

// A zone's cards: [name, owner, "cards", seen] from the replay data, drawn
// for `viewer`. Long runs of face-down cards become one stack with a
// count; long face-up zones overlap.
function zoneElement(zone, viewer, options) {
  const o = options || {};
  const [name, , text, seen] = zone;
  const cards = text ? text.split(" ") : [];
  const allSeats = o.numSeats >= 32 ? 0xffffffff : ((1 << o.numSeats) >>> 0) - 1;
  const maskOf = (i) => (Array.isArray(seen) ? seen[i] : seen) >>> 0;
  const small = cards.length > 14 || o.small;
  const body = el("div", { class: "cards" + (cards.length > 20 ? " fan" : "") });
  const visible = cards.map((_, i) => cardVisible(maskOf(i), viewer, allSeats));
  const hidden = visible.filter((v) => !v).length;
  if (cards.length > 8 && hidden === cards.length) {
    body.appendChild(el("span", { class: "stack" }, cardElement("", { face: "down", small }),
      el("span", { class: "count" }, `${cards.length} cards`)));
  } else {
    cards.forEach((c, i) => {
      const secret = viewer === "all" && ((maskOf(i) & allSeats) >>> 0) === 0;
      body.appendChild(cardElement(c, { face: visible[i] ? "up" : "down", small, secret, fresh: o.fresh && o.fresh.has(c) }));
    });
  }
  if (!cards.length) body.appendChild(el("span", { class: "muted small" }, "empty"));
  return el("div", { class: "zone", "data-zone": name },
    el("div", { class: "zname" }, name, cards.length ? ` \u00b7 ${cards.length}` : ""), body);
}
