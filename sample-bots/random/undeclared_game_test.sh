#!/bin/bash
# A bot is refused for a game its Hello does not declare, before any game is
# played: `arbiter play` (spawned and remote bots) and `arbiter tournament`
# (a fresh run and a resumed one) stop with a non-zero status and a message
# naming the bot and the game, record nothing for it, never abort, and a
# resumed run keeps what it had.
# The random bot's --games flag makes a bot that declares other games only.
#
#   undeclared_game_test.sh ARBITER RANDOM_BOT
set -euo pipefail
arbiter=$(realpath "$1")
bot=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-undeclared-game-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

fail() { echo "FAIL: $*" >&2; exit 1; }

# refused STATUS ERR BOT GAME: the run failed with a clear reason.
refused() {
  local status=$1 err=$2 name=$3 game=$4
  ((status != 0)) || fail "$err: the run succeeded"
  ((status < 128)) || fail "$err: the arbiter died (status $status)"
  if grep -q "terminate called\|Aborted\|Assertion" "$err"; then
    cat "$err" >&2
    fail "$err: the arbiter aborted"
  fi
  grep -q "bot '$name': does not play $game" "$err" ||
    { cat "$err" >&2; fail "$err: the message does not name bot '$name' and $game"; }
}

# `arbiter play`: a bot that declares Pontoon only, for Scotch Whist.
status=0
timeout 120 "$arbiter" play --game scotch_whist --bot "a=$bot" \
  --bot "p=$bot --games pontoon" --games 3 --seed 1 --out play.jsonl \
  >play.out 2>play.err || status=$?
refused "$status" play.err p scotch_whist
grep -q "its Hello declares 'pontoon'" play.err ||
  { cat play.err >&2; fail "play: the message does not say what it declares"; }
grep -q "arbiter play: the game cannot be played: bot 'p'" play.err ||
  { cat play.err >&2; fail "play: not its message of a game that cannot be played"; }
[[ ! -s play.jsonl ]] || fail "play: a game was recorded"

# A bot that declares no game plays Zetema only (bots written before games
# were declared): refused for Pontoon, welcome at Zetema.
status=0
timeout 120 "$arbiter" play --game pontoon --bot "a=$bot" \
  --bot "old=$bot --games=" --games 1 --seed 1 --out old.jsonl \
  >old.out 2>old.err || status=$?
refused "$status" old.err old pontoon
grep -q "declares no game, which means zetema only" old.err ||
  { cat old.err >&2; fail "the message does not say what no game means"; }
timeout 120 "$arbiter" play --game zetema --bot "a=$bot" \
  --bot "old=$bot --games=" --games 1 --seed 1 --out zetema.jsonl \
  >zetema.out 2>zetema.err ||
  { cat zetema.err >&2; fail "a bot that declares no game cannot play zetema"; }
[[ $(wc -l <zetema.jsonl) == 1 ]] || fail "zetema: no record"

# A bot that connects by itself (NAME=@) is refused the same way.
timeout 120 "$arbiter" play --game pontoon --bot "a=$bot" --bot "far=@" \
  --connect-ms 60000 --games 1 --seed 1 --out remote.jsonl \
  >remote.out 2>remote.err &
play_pid=$!
for _ in $(seq 600); do
  grep -q "ZETEMA_TOKEN=" remote.err && break
  sleep 0.1
done
line=$(grep -m1 "ZETEMA_TOKEN=" remote.err) ||
  { kill "$play_pid"; fail "remote: no token printed"; }
address=${line#*connect to }
address=${address%% with *}
ZETEMA_ARBITER_ADDRESS=$address ZETEMA_TOKEN=${line##*ZETEMA_TOKEN=} \
  timeout 60 "$bot" --games zetema >far.out 2>far.err || true
status=0
wait "$play_pid" || status=$?
refused "$status" remote.err far pontoon
grep -q "refused this bot" far.err ||
  { cat far.err >&2; fail "remote: the bot was not told why"; }
[[ ! -s remote.jsonl ]] || fail "remote: a game was recorded"

# A tournament: the whole field is checked before the first game.
config() {  # config FILE GAMES_OF_R3
  cat >"$1" <<TOML
name = "declared"
game = "pontoon"
seed = 5
seats = 2
concurrency = 2

[[bots]]
name = "r1"
command = "$bot --seed 1"

[[bots]]
name = "r2"
command = "$bot --seed 2"

[[bots]]
name = "r3"
command = "$bot --seed 3 --games $2"
TOML
}
config bad.toml zetema,scotch_whist
status=0
timeout 120 "$arbiter" tournament bad.toml --out fresh >fresh.out \
  2>fresh.err || status=$?
refused "$status" fresh.err r3 pontoon
[[ ! -s fresh/games.jsonl.zst ]] || fail "tournament: a game was recorded"

# A finished run, then the same run with r3 declaring other games: refused,
# and the records are as they were.
config good.toml pontoon
timeout 300 "$arbiter" tournament good.toml --out run --no-report >run.out \
  2>run.err || { cat run.err >&2; fail "the tournament of declared bots"; }
cp run/games.jsonl.zst kept.jsonl.zst
[[ -s kept.jsonl.zst ]] || fail "the tournament recorded nothing"
status=0
timeout 120 "$arbiter" tournament bad.toml --out run >resumed.out \
  2>resumed.err || status=$?
refused "$status" resumed.err r3 pontoon
cmp -s kept.jsonl.zst run/games.jsonl.zst || fail "the refused run changed the records"
echo "ok: refused in play and in tournaments (fresh and resumed), nothing lost"
