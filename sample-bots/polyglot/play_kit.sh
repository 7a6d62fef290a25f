# What the starter kits' match scripts (sample-bots/{go,java,rust,
# typescript}/match.sh) share, sourced by each after its toolchain check:
#
#   source "$repo/sample-bots/polyglot/play_kit.sh" KIT "$@"
#   kit_programs          # exits 1 where the arbiter, Python or random_bot is missing
#   ...                   # build the kit's starter bot
#   kit_match "NAME=COMMAND"
#
# Sourcing sets build, out and games from the script's [BUILD_DIR] [OUT_DIR]
# [GAMES] (defaults: build, out/KIT, 6) and the programs the match needs.
# kit_match plays the bot against the sample bots in each game with the
# sandbox on, in OUT_DIR, then verifies every record (`arbiter replay
# --verify`):
#   Zetema        the bot, the Python greedy bot, the C++ random bot
#   Pontoon       the bot, the Python card counter, the C++ random bot
#   Scotch Whist  the bot, the Python whist bot
build=$(realpath -m "${2:-$repo/build}")
out=$(realpath -m "${3:-$repo/out/$1}")
games=${4:-6}
arbiter=$build/arbiter/cli/arbiter
python=$repo/.venv/bin/python
random_bot=$build/sample-bots/random/random_bot

kit_programs() {
  local f
  for f in "$arbiter" "$python" "$random_bot"; do
    [[ -x $f ]] || { echo "match.sh: $f is missing: run scripts/setup first" >&2; exit 1; }
  done
}

# GAME PLAYERS BOT...: each BOT a --bot (NAME=COMMAND), in $out.
kit_play() {
  local game=$1 players=$2
  shift 2
  rm -rf "$game.jsonl" "$game.jsonl.secret" "$game.jsonl.logs"
  "$arbiter" play --game "$game" --players "$players" --games "$games" --seed 1 \
    "${@/#/--bot=}" --out "$game.jsonl"
  "$arbiter" replay "$game.jsonl" --verify
}

kit_match() {  # NAME=COMMAND
  mkdir -p "$out"
  cd "$out"
  kit_play zetema 3 "$1" "greedy=$python $repo/sample-bots/greedy/bot.py" "random=$random_bot"
  kit_play pontoon 3 "$1" "counter=$python $repo/sample-bots/pontoon/pontoon_bot.py" "random=$random_bot"
  kit_play scotch_whist 2 "$1" "whist=$python $repo/sample-bots/scotch_whist/bot.py"
  echo "match.sh: every record verified: $out/{zetema,pontoon,scotch_whist}.jsonl"
}
