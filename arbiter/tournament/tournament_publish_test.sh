#!/usr/bin/env bash
# What an organiser publishes, end to end through the `arbiter` command:
# bot commands relative to the config file, --dry-run, Swiss pairings each
# round, the standings files, `arbiter standings`, and a bot that never
# starts (reported with its log, exit status 3). About 5 s.
#   tournament_publish_test.sh ARBITER TEST_BOT
set -euo pipefail
arbiter="$(realpath "$1")"
test_bot="$(realpath "$2")"
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# A config in its own folder, its bots given relative to it (no cwd), and
# the arbiter run from elsewhere.
mkdir -p league/bots elsewhere
ln -s "$test_bot" league/bots/test_bot
cat >league/never.sh <<'SH'
#!/bin/sh
echo "never: cannot load my model" >&2
exit 1
SH
chmod +x league/never.sh
cat >league/swiss.toml <<'TOML'
name = "swiss"
seed = 5
format = "swiss"
rounds = 3
deals_per_pairing = 2
concurrency = 2
[[bots]]
name = "a"
command = "bots/test_bot --seed=1"
[[bots]]
name = "b"
command = "./bots/test_bot --seed=2"
[[bots]]
name = "c"
command = "bots/test_bot --seed=3"
TOML
cd elsewhere

# --dry-run: the size and games per bot, nothing played or written.
"$arbiter" tournament ../league/swiss.toml --out dry --dry-run >dry.out ||
  fail "dry run: $(cat dry.out)"
grep -q "swiss, 2 seats, 3 rounds: 6 games (2 a round, 1 bye a round)" \
  dry.out || fail "dry run: $(cat dry.out)"
grep -q "^Games per bot (with no bye; each bye is 2 games fewer)$" dry.out &&
  grep -Eq "^  a +6$" dry.out || fail "dry run games per bot: $(cat dry.out)"
[[ ! -e dry ]] || fail "--dry-run created its output directory"

# A Swiss of relative commands: pairings before every round, the files.
"$arbiter" tournament ../league/swiss.toml --out swiss >swiss.out \
  2>swiss.err || fail "swiss: $(cat swiss.err)"
for r in 1 2 3; do
  grep -q "^Round $r pairings$" swiss.out || fail "no pairings of round $r"
done
[[ "$(grep -c '^  bye: ' swiss.out)" == 3 ]] || fail "byes: $(cat swiss.out)"
grep -Eq '^  table 1: [abc] v [abc]$' swiss.out || fail "$(cat swiss.out)"
for f in games.jsonl.zst standings.csv standings.json crosstable.csv \
         ratings.json; do
  [[ -s "swiss/$f" ]] || fail "swiss/$f missing"
done
head -1 swiss/standings.csv | grep -qx "place,bot,games,points,score,faults" ||
  fail "standings.csv: $(cat swiss/standings.csv)"
[[ "$(wc -l <swiss/standings.csv)" == 4 ]] || fail "standings.csv rows"
python3 - swiss/standings.json swiss/ratings.json <<'PY' || fail "json files"
import json, sys
standings = json.load(open(sys.argv[1]))
assert standings["games"] == 6, standings
assert "tie_rule" in standings and len(standings["standings"]) == 3
ratings = json.load(open(sys.argv[2]))
assert ratings["games"] == 6, ratings
PY

# `arbiter standings` of the records: the same table, and the same files.
"$arbiter" standings swiss/games.jsonl.zst --out pub >pub.out 2>pub.err ||
  fail "standings: $(cat pub.err)"
grep -q "^6 games from 1 files" pub.out || fail "$(cat pub.out)"
sed -n '/^Standings$/,/^$/p' swiss.out >a.txt
sed -n '/^Standings$/,/^$/p' pub.out >b.txt
[[ -s a.txt ]] && cmp -s a.txt b.txt || fail "standings differ"
for f in standings.csv standings.json crosstable.csv; do
  cmp -s "swiss/$f" "pub/$f" || fail "pub/$f differs from the tournament's"
done
grep -q "^Ratings$" pub.out || fail "no ratings: $(cat pub.out)"

# A bot that never starts: the tournament plays on, then names the bot and
# its log on stderr and exits 3.
cat >../league/broken.toml <<'TOML'
name = "broken"
seed = 6
deals_per_pairing = 2
[[bots]]
name = "a"
command = "bots/test_bot --seed=1"
[[bots]]
name = "never"
command = "./never.sh"
[[bots]]
name = "b"
command = "bots/test_bot --seed=2"
TOML
status=0
"$arbiter" tournament ../league/broken.toml --out broken >broken.out \
  2>broken.err || status=$?
[[ "$status" == 3 ]] || fail "exit status $status: $(cat broken.err)"
grep -q "NOT CLEAN: bot 'never' never started in 4 of its 4 games" \
  broken.err || fail "not reported: $(cat broken.err)"
log="$(sed -n 's/^  Its log: \(.*\)$/\1/p' broken.err | cut -d, -f1)"
[[ "$log" == broken/logs/never.1.log ]] || fail "log path '$log'"
grep -q "cannot load my model" "$log" || fail "log: $(cat "$log")"
grep -q "finished, but not clean: exit status 3" broken.err || fail "$(cat broken.err)"
[[ "$(zstd -dcq broken/games.jsonl.zst | wc -l)" == 6 ]] || fail "games: $(cat broken.err)"
[[ -s broken/standings.csv ]] || fail "no standings.csv"
echo ok
