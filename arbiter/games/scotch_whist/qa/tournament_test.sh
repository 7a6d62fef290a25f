#!/usr/bin/env bash
# Scotch Whist tournaments end to end through the `arbiter` command: a
# round-robin of builtin:random bots at 4 seats with partnerships, and a
# Swiss at 3 seats under a ruleset file (max_hands = 4); each ends with ratings, and every record verifies.
# With PYTHON (a Python with zetema_bot installed) and RANDOM_BOT it also runs
# the sample tournament of sample-bots/scotch_whist.toml (the Python whist
# bot against two C++ random bots, duplicate deals) the same way.
#   tournament_test.sh ARBITER SOURCE_DIR [PYTHON RANDOM_BOT]
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
python="${3:-}"
random_bot="${4:-}"
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

# The Python bot plays once the SDK's game loop knows Scotch Whist (its game
# modules, zetema_bot.games.MODULES, list it).
sdk_plays_whist() {
  "$python" -c 'import sys, zetema_bot.games as g
sys.exit(0 if "scotch_whist" in g.MODULES else 1)' 2>/dev/null
}
if [[ -n "$python" && -n "$random_bot" ]] && ! sdk_plays_whist; then
  echo "sample tournament skipped: the Python SDK's game loop does not play" \
       "scotch_whist yet"
elif [[ -n "$python" && -n "$random_bot" ]]; then
  # sample-bots/scotch_whist.toml with this build's paths.
  sed -e "s|build/sample-bots/random/random_bot|$random_bot|" \
      -e "s|\.venv/bin/python sample-bots/|$python $src/sample-bots/|" \
      -e "s|^deals_per_pairing = .*|deals_per_pairing = 2|" \
      "$src/sample-bots/scotch_whist.toml" >sample.toml
  grep -q "$random_bot" sample.toml || fail "sample.toml: random bot path not set"
  # One table of three, three seat rotations of each of the 2 deals.
  check sample.toml sample "$(( 3 * 2 ))"
fi
