#!/usr/bin/env bash
# End to end: a Swiss tournament of 12 builtin bots at 4-seat tables with
# individual-fill partnerships (partners are other bots, the case whose
# intervals used to come out as NaN) prints a rating table whose every
# interval holds its estimate; `ratings --json` on its records agrees, and
# gives the same ratings from the records compressed.
#   tournament_ratings_test.sh ARBITER RATINGS
set -euo pipefail
arbiter="$(realpath "$1")"
ratings="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

# 54 games (with seeds 4, 5 and 6 the old fit printed NaN bounds, and
# some of thousands of Elo), then 216 in duplicate sets.
for run in "4 false" "5 false" "6 false" "8 true"; do
  read -r seed duplicate <<<"$run"
  {
    printf 'name = "indiv"\nseed = %d\nformat = "swiss"\nrounds = 6\n' "$seed"
    printf 'seats = 4\ndeals_per_pairing = 3\nduplicate = %s\n' "$duplicate"
    printf 'partnership_fill = "individual"\nconcurrency = 2\n'
    for i in $(seq -w 1 12); do
      printf '[[bots]]\nname = "b%s"\ncommand = "builtin:random"\n' "$i"
    done
  } >t.toml
  timeout 120 "$arbiter" tournament t.toml --out "out$seed" >table.txt 2>err.txt ||
    fail "the tournament failed: $(cat err.txt)"
  grep -qi nan table.txt && fail "NaN in the table: $(cat table.txt)"
  # The rating rows: rank, name, rating, [lower, upper] (open ends as
  # "(-inf" and "+inf)").
  python3 - table.txt <<'PY'
import math, re, sys
text = open(sys.argv[1]).read()
table = text.split("\nRatings\n", 1)[1]
row = re.compile(r"^\s*\d+\s+(\S+)\s+(-?\d+\.\d+)\s+([\[(])(\S+), (\S+?)([\])])")
rows = [m for m in map(row.match, table.splitlines()) if m]
if len(rows) != 12:
    sys.exit(f"expected 12 rating rows, got {len(rows)}:\n{table}")
for m in rows:
    name, rating = m.group(1), float(m.group(2))
    lower = -math.inf if m.group(4) == "-inf" else float(m.group(4))
    upper = math.inf if m.group(5) == "+inf" else float(m.group(5))
    if not lower <= rating <= upper:
        sys.exit(f"{name}: {rating} outside [{lower}, {upper}]\n{table}")
    if math.isinf(lower) and math.isinf(upper):
        sys.exit(f"{name}: an interval open both ways\n{table}")
PY
  "$ratings" --json --bootstrap 300 "out$seed/games.jsonl.zst" >r.json ||
    fail "ratings failed"
  python3 - r.json <<'PY'
import json, math, sys
report = json.load(open(sys.argv[1]))
assert report["model"] == "bradley-terry", report["model"]
assert len(report["players"]) == 12
for p in report["players"]:
    lower = -math.inf if p["lower"] is None else p["lower"]
    upper = math.inf if p["upper"] is None else p["upper"]
    if not (lower <= p["rating"] <= upper) or math.isnan(p["rating"]):
        sys.exit(f"{p['name']}: {p['rating']} outside [{lower}, {upper}]")
PY
done

# The same records as JSON lines (`compress_records = false`, or `zstd -d`
# of the tournament's): the same ratings.
zstd -dq out8/games.jsonl.zst -o games.jsonl || fail "zstd -d"
"$ratings" --json --bootstrap 100 games.jsonl >plain.json ||
  fail "ratings of .jsonl"
"$ratings" --json --bootstrap 100 out8/games.jsonl.zst >zst.json ||
  fail "ratings of .jsonl.zst"
cmp -s plain.json zst.json || fail "other ratings from .jsonl.zst"
echo "ok"
