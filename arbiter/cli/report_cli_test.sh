#!/usr/bin/env bash
# `arbiter report` and `arbiter standings` as an organiser types them: a
# tournament writes DIR/report/ and a second run of it (nothing to play)
# rewrites no replay file; records of two games are refused, naming both
# and --split, and split into sections with it; a page's name and a folder
# of other files are refused with what to give instead.
#   report_cli_test.sh ARBITER
set -euo pipefail
arbiter=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

for game in zetema pontoon; do
  {
    printf 'name = "%s"\ngame = "%s"\nseed = 1\ndeals_per_pairing = 2\n' \
      "$game" "$game"
    for bot in ann bob; do
      printf '[[bots]]\nname = "%s"\ncommand = "builtin:random"\n' "$bot"
    done
  } >"$game.toml"
  timeout 120 "$arbiter" tournament "$game.toml" --out "$game" \
    >"$game.out" 2>"$game.err" || fail "$game: $(cat "$game.err")"
  [[ -f $game/report/index.html && -f $game/report/replays/0.js &&
     -f $game/report/games/0.js ]] || fail "$game: no report folder"
done
grep -q "report: zetema/report/index.html" zetema.err || fail "$(cat zetema.err)"

# Run again: every game is already played; the report is written again
# without replaying a game.
before=$(stat -c %Y.%N zetema/report/replays/0.js)
sleep 1.1
timeout 120 "$arbiter" tournament zetema.toml --out zetema >/dev/null 2>again.err ||
  fail "again: $(cat again.err)"
[[ $(stat -c %Y.%N zetema/report/replays/0.js) == "$before" ]] ||
  fail "the second run rewrote replays/0.js"
timeout 60 "$arbiter" report zetema -o zetema/report >again.out 2>&1 ||
  fail "report again: $(cat again.out)"
grep -q "0 replay files written, 1 unchanged" again.out || fail "$(cat again.out)"

# Two games: refused, both named, --split offered; nothing written.
status=0
timeout 60 "$arbiter" report zetema pontoon -o mixed >mixed.out 2>&1 || status=$?
[[ $status == 1 ]] || fail "mixed games: exit $status: $(cat mixed.out)"
grep -q "the records are of 2 games: zetema (2 games, the first at zetema/games.jsonl.zst:1), pontoon (2 games" mixed.out ||
  fail "$(cat mixed.out)"
grep -q -- "--split" mixed.out || fail "no --split in: $(cat mixed.out)"
[[ ! -e mixed ]] || fail "a refused report left a folder"
timeout 60 "$arbiter" report zetema pontoon -o mixed --split >mixed.out 2>&1 ||
  fail "--split: $(cat mixed.out)"
grep -q "4 games of zetema, pontoon" mixed.out || fail "$(cat mixed.out)"
grep -q '"score_unit":"chips"' mixed/index.html || fail "no chips section"

status=0
timeout 60 "$arbiter" standings zetema/games.jsonl.zst pontoon/games.jsonl.zst \
  >standings.out 2>&1 || status=$?
[[ $status == 1 ]] || fail "standings of mixed games: exit $status"
grep -q "zetema (2 games" standings.out && grep -q -- "--split" standings.out ||
  fail "$(cat standings.out)"
timeout 60 "$arbiter" standings zetema/games.jsonl.zst pontoon/games.jsonl.zst \
  --split --out split >standings.out 2>&1 || fail "$(cat standings.out)"
grep -q "^== zetema: 2 games ==" standings.out &&
  grep -q "^== pontoon: 2 games ==" standings.out || fail "$(cat standings.out)"
for game in zetema pontoon; do
  [[ -s split/$game/standings.csv && -s split/$game/ratings.json ]] ||
    fail "no split/$game files"
  [[ $(grep -c ',ann,\|,bob,' "split/$game/standings.csv") == 2 ]] ||
    fail "split/$game/standings.csv: $(cat "split/$game/standings.csv")"
done

# What reports were before: a page. The folder to give instead.
status=0
timeout 60 "$arbiter" report zetema -o old.html >old.out 2>&1 || status=$?
[[ $status == 2 ]] || fail "-o old.html: exit $status"
grep -q "a report is a folder now.*-o old$" old.out || fail "$(cat old.out)"
mkdir other && touch other/notes.txt
status=0
timeout 60 "$arbiter" report zetema -o other >other.out 2>&1 || status=$?
[[ $status == 2 ]] || fail "-o other: exit $status"
grep -q "not a report folder" other.out || fail "$(cat other.out)"
[[ $(ls other) == notes.txt ]] || fail "wrote into other/"
echo PASS
