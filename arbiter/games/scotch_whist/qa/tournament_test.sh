#!/usr/bin/env bash
# Scotch Whist tournaments end to end through the `arbiter` command: a
# round-robin of builtin:random bots at 4 seats with partnerships, and a
# Swiss at 3 seats under a ruleset file (max_hands = 4); each ends with ratings, and every record verifies.
# With PYTHON (a Python with zetema_bot installed) it also runs the sample
# tournament of sample-bots/scotch_whist.toml (the whist bot against random
# bots) the same way.
#   tournament_test.sh ARBITER SOURCE_DIR [PYTHON]
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
python="${3:-}"
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

# Runs a tournament, checks its record count, verifies every record and
# checks that the run printed its ratings.
check() {
  local config="$1" out="$2" games="$3"
  "$arbiter" tournament "$config" --out "$out" >"$out.log" 2>"$out.err" ||
    fail "$config: $(cat "$out.err")"
  local n
  n="$(wc -l <"$out/games.jsonl")"
  [[ "$n" == "$games" ]] || fail "$config: $n records, expected $games"
  grep -q '"game":"scotch_whist"' "$out/games.jsonl" ||
    fail "$config: the records do not name scotch_whist"
  "$arbiter" replay "$out/games.jsonl" --verify >"$out.verify" 2>&1 ||
    fail "$config: a record does not verify: $(tail -5 "$out.verify")"
  grep -qi "rating\|elo" "$out.log" || fail "$config: no ratings printed"
  echo "$config: $n games, every record verified"
}

cat >rr.toml <<'TOML'
name = "whist-rr"
game = "scotch_whist"
ruleset = "partnerships"
seed = 5
format = "round-robin"
seats = 4
deals_per_pairing = 3
concurrency = 2
[[bots]]
name = "r1"
command = "builtin:random"
[[bots]]
name = "r2"
command = "builtin:random"
[[bots]]
name = "r3"
command = "builtin:random"
[[bots]]
name = "r4"
command = "builtin:random"
[[bots]]
name = "r5"
command = "builtin:random"
TOML
# Partnerships fill each team with one bot: 10 pairs of bots x 3 deals.
check rr.toml rr "$(( 10 * 3 ))"

printf 'base = "standard"\nmax_hands = 4\n' >short.toml
cat >swiss.toml <<'TOML'
name = "whist-swiss"
game = "scotch_whist"
ruleset = "short.toml"
seed = 6
format = "swiss"
rounds = 3
seats = 3
[[bots]]
name = "r1"
command = "builtin:random"
[[bots]]
name = "r2"
command = "builtin:random"
[[bots]]
name = "r3"
command = "builtin:random"
[[bots]]
name = "r4"
command = "builtin:random"
[[bots]]
name = "r5"
command = "builtin:random"
[[bots]]
name = "r6"
command = "builtin:random"
TOML
# Two tables of three per round.
check swiss.toml swiss "$(( 3 * 2 ))"

if [[ -n "$python" ]]; then
  cd "$src"
  out="$work/sample"
  "$arbiter" tournament sample-bots/scotch_whist.toml --out "$out" \
    >"$out.log" 2>"$out.err" || fail "sample: $(cat "$out.err")"
  "$arbiter" replay "$out/games.jsonl" --verify >"$out.verify" 2>&1 ||
    fail "sample: a record does not verify: $(tail -5 "$out.verify")"
  echo "sample tournament: $(wc -l <"$out/games.jsonl") games, verified"
fi
