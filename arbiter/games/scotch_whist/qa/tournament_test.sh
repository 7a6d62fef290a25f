#!/usr/bin/env bash
# Scotch Whist tournaments end to end through the `arbiter` command: a
# round-robin of builtin:random bots at 4 seats with partnerships, and a
# Swiss at 3 seats under a ruleset file (max_hands = 4); each ends with ratings, and every record verifies.
# With PYTHON (a Python with zetema_bot installed) it also runs a Swiss of the
# Python whist bot (sample-bots/scotch_whist) against Python bots answering
# at random, and with RANDOM_BOT too the sample tournament of
# sample-bots/scotch_whist.toml (the whist bot against two C++ random bots,
# duplicate deals) the same way.
#   tournament_test.sh ARBITER SOURCE_DIR [PYTHON RANDOM_BOT]
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
python="${3:-}"
random_bot="${4:-}"
game=scotch_whist
source "$src/arbiter/games/qa/tournament_lib.sh"

cat >rr.toml <<'TOML'
name = "whist-rr"
game = "scotch_whist"
ruleset = "partnerships"
seed = 5
format = "round-robin"
seats = 4
deals_per_pairing = 3
concurrency = 2
TOML
bots 5 builtin:random r >>rr.toml
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
TOML
bots 6 builtin:random r >>swiss.toml
# Two tables of three per round.
check swiss.toml swiss "$(( 3 * 2 ))"

if [[ -n "$python" ]]; then
  # The Python whist bot through the SDK's game loop, against Python bots
  # that answer with a random index: two tables of three per round.
  cat >python.toml <<TOML
name = "whist-python"
game = "scotch_whist"
ruleset = "short.toml"
seed = 7
format = "swiss"
rounds = 2
seats = 3
[[bots]]
name = "whist"
command = "$python $src/sample-bots/scotch_whist/bot.py"
[[bots]]
name = "whist-b"
command = "$python $src/sample-bots/scotch_whist/bot.py"
TOML
  random_bots 4 r >>python.toml
  check python.toml python "$(( 2 * 2 ))"
fi

if [[ -n "$python" && -n "$random_bot" ]]; then
  # sample-bots/scotch_whist.toml with this build's paths.
  sed -e "s|\.\./build/sample-bots/random/random_bot|$random_bot|" \
      -e "s|\.\./\.venv/bin/python scotch_whist/|$python $src/sample-bots/scotch_whist/|" \
      -e "s|^deals_per_pairing = .*|deals_per_pairing = 2|" \
      "$src/sample-bots/scotch_whist.toml" >sample.toml
  grep -q "$random_bot" sample.toml || fail "sample.toml: random bot path not set"
  grep -q "$src/sample-bots/scotch_whist/bot.py" sample.toml ||
    fail "sample.toml: whist bot path not set"
  # One table of three, three seat rotations of each of the 2 deals.
  check sample.toml sample "$(( 3 * 2 ))"
fi
