#!/usr/bin/env bash
# Pontoon tournaments end to end through the `arbiter` command, each ending
# with ratings and every record verified (`arbiter replay --verify`):
#   - a round-robin of builtin:random bots at 3 seats with duplicate deals;
#   - a gauntlet at 4 seats under a ruleset file (traditional, 5 hands);
# with PYTHON (a Python with zetema_bot installed):
#   - a Swiss of the card-counting bot (sample-bots/pontoon) against Python
#     bots that answer with a random index, through the SDK's game loop;
#   - a Python bot that declares no game is refused, before any game;
# with PYTHON and RANDOM_BOT (the C++ random bot):
#   - sample-bots/pontoon.toml, the counting bot against two C++ random bots
#     (this build's paths), as documented in the README.
#   tournament_test.sh ARBITER SOURCE_DIR [PYTHON RANDOM_BOT]
set -euo pipefail
arbiter="$(realpath "$1")"
src="$(realpath "$2")"
python="${3:-}"
random_bot="${4:-}"
game=pontoon
source "$src/arbiter/games/qa/tournament_lib.sh"

printf 'base = "standard"\nhands = 5\n' >short.toml
cat >rr.toml <<'TOML'
name = "pontoon-rr"
game = "pontoon"
ruleset = "short.toml"
seed = 5
format = "round-robin"
seats = 3
deals_per_pairing = 1
duplicate = true
concurrency = 2
TOML
bots 4 builtin:random >>rr.toml
# 4 tables of 3 bots, each deal played from 3 seat rotations.
check rr.toml rr "$(( 4 * 3 ))"

printf 'base = "traditional"\nhands = 5\n' >trad.toml
cat >gauntlet.toml <<'TOML'
name = "pontoon-gauntlet"
game = "pontoon"
ruleset = "trad.toml"
seed = 6
format = "gauntlet"
gauntlet_bot = "b1"
seats = 4
deals_per_pairing = 2
TOML
bots 4 builtin:random >>gauntlet.toml
# One table of the gauntlet bot and the three others, 2 deals.
check gauntlet.toml gauntlet 2

if [[ -n "$python" ]]; then
  cat >swiss.toml <<TOML
name = "pontoon-swiss"
game = "pontoon"
ruleset = "short.toml"
seed = 7
format = "swiss"
rounds = 2
seats = 2
[[bots]]
name = "counter"
command = "$python $src/sample-bots/pontoon/pontoon_bot.py"
[[bots]]
name = "counter-b"
command = "$python $src/sample-bots/pontoon/pontoon_bot.py"
TOML
  random_bots 2 r >>swiss.toml
  # Two tables of two per round.
  check swiss.toml swiss "$(( 2 * 2 ))"

  # A Python bot that declares no game (Zetema only) is refused for Pontoon
  # with the reason, before any game is played.
  cat >zetema_only.py <<'PY'
import zetema_bot
zetema_bot.run(lambda obs, legal: 0, name="zetema-only")
PY
  cat >refused.toml <<TOML
name = "pontoon-refused"
game = "pontoon"
ruleset = "short.toml"
seed = 8
seats = 2
[[bots]]
name = "zetema-only"
command = "$python $work/zetema_only.py"
[[bots]]
name = "counter"
command = "$python $src/sample-bots/pontoon/pontoon_bot.py"
TOML
  if "$arbiter" tournament refused.toml --out refused >refused.log \
    2>refused.err; then
    fail "a bot that does not declare pontoon was let play it"
  fi
  grep -q "bot 'zetema-only': does not play pontoon" refused.err ||
    fail "no clear reason for the refusal: $(cat refused.err)"
  [[ ! -s refused/games.jsonl.zst ]] || fail "the refused bot's games were played"
  echo "refused.toml: a Zetema-only bot is refused for Pontoon"
fi

if [[ -n "$python" && -n "$random_bot" ]]; then
  # sample-bots/pontoon.toml with this build's paths.
  sed -e "s|\.\./build/sample-bots/random/random_bot|$random_bot|" \
      -e "s|\.\./\.venv/bin/python pontoon/|$python $src/sample-bots/pontoon/|" \
      -e "s|^deals_per_pairing = .*|deals_per_pairing = 2|" \
      "$src/sample-bots/pontoon.toml" >sample.toml
  grep -q "$random_bot" sample.toml || fail "sample.toml: random bot path not set"
  grep -q "$src/sample-bots/pontoon/pontoon_bot.py" sample.toml ||
    fail "sample.toml: counting bot path not set"
  # One table of three, three seat rotations of each of the 2 deals.
  check sample.toml sample "$(( 3 * 2 ))"
fi
