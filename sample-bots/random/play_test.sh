#!/bin/bash
# The random bot in real games: `arbiter play` spawns two copies, they play
# three games with no fault, and the same seeds replay the same actions.
#
#   play_test.sh ARBITER RANDOM_BOT
set -euo pipefail
arbiter=$1
bot=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-random-bot-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

play() {  # play OUT [--secret FILE]
  "$arbiter" play --bot "a=$bot" --bot "b=$bot --seed 7" --games 3 --seed 11 \
    --out "$@" >"$tmp/stdout" 2>"$tmp/stderr" || {
    echo "arbiter play failed:" >&2
    cat "$tmp/stdout" "$tmp/stderr" >&2
    exit 1
  }
}

play "$tmp/one.jsonl"
games=$(wc -l <"$tmp/one.jsonl")
[[ $games == 3 ]] || { echo "expected 3 game records, got $games" >&2; exit 1; }
clean=$(grep -c '"faults":\[\],"forfeit_seat":-1' "$tmp/one.jsonl" || true)
if [[ $clean != 3 ]]; then
  echo "a game recorded a fault or forfeit:" >&2
  grep -o '"result":{[^}]*}' "$tmp/one.jsonl" >&2
  exit 1
fi
# The bots print nothing when all goes well (the logs hold only the
# arbiter's lines: a process's start, and before each game).
if [[ -n $(cat "$tmp"/one.jsonl.logs/*.log 2>/dev/null |
  grep -v '^\[arbiter\] \(game \|start$\)' || true) ]]; then
  echo "the bots wrote to their logs:" >&2
  cat "$tmp"/one.jsonl.logs/*.log >&2
  exit 1
fi

# The same seed and the same secret: the same deals.
play "$tmp/two.jsonl" --secret "$tmp/one.jsonl.secret"
actions() { grep -o '"action":"[^"]*"' "$1"; }
if ! diff <(actions "$tmp/one.jsonl") <(actions "$tmp/two.jsonl") >/dev/null; then
  echo "the same seeds played different actions" >&2
  exit 1
fi
echo "ok: 3 games, no faults, replayed identically ($(actions "$tmp/one.jsonl" | wc -l) actions)"
