#!/usr/bin/env bash
# Record files end to end through the `arbiter` command (docs/records.md):
# game ids that cannot collide, secret deals (no deal predictable from game
# ids; the same seed and secret play the same deals again), repeated ids
# flagged by `replay --verify` and refused by `merge` when the records
# differ, an idempotent merge, torn last records skipped everywhere,
# compressed records in every tool, a forged record refused by resume, and
# kill -9 of the arbiter then resume with nothing lost or duplicated.
#   records_cli_test.sh ARBITER TEST_BOT
set -euo pipefail
arbiter="$(realpath "$1")"
test_bot="$(realpath "$2")"
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

# Record lines of a file, either encoding.
lines() {
  if [[ "$(head -c 4 "$1" | od -An -tx1 | tr -d ' ')" == 28b52ffd ]]; then
    zstd -dcq "$1" 2>/dev/null || true  # a torn last frame ends the stream
  else
    cat "$1"
  fi
}
# "game_id seed deck-of-hand-1" per whole record.
deals() {
  lines "$1" | python3 -c '
import json, sys
for line in sys.stdin:
    try:
        r = json.loads(line)
    except ValueError:
        continue
    print(r["game_id"], r["seed"], r["deals"][0]["deck"])'
}
play() {  # play OUT ARGS...
  local out=$1
  shift
  "$arbiter" play --bot "a=$test_bot" --bot "b=$test_bot --mode=text" \
    --ruleset hunt --out "$out" "$@"
}

# 1. Two runs appended to one file: other ids, and the seed drawn is said.
play g.jsonl --games 2 >/dev/null 2>run1.err || fail "play 1: $(cat run1.err)"
play g.jsonl --games 2 >/dev/null 2>run2.err || fail "play 2: $(cat run2.err)"
grep -q "drawn at random" run1.err || fail "no seed printed: $(cat run1.err)"
[[ "$(deals g.jsonl | cut -d' ' -f1 | sort -u | wc -l)" == 4 ]] ||
  fail "ids collide: $(deals g.jsonl | cut -d' ' -f1)"
[[ "$(deals g.jsonl | cut -d' ' -f1 | cut -d- -f1 | sort -u | wc -l)" == 2 ]] ||
  fail "one tag per run"
ls -l g.jsonl.secret | grep -q '^-rw-------' || fail "secret not mode 0600"

# 2. The same seed and secret again into the same file: refused, nothing
# written; into another file: the same games.
play g.jsonl --games 2 --seed 5 >/dev/null 2>&1 || fail "play --seed 5"
status=0
play g.jsonl --games 2 --seed 5 >/dev/null 2>again.err || status=$?
[[ "$status" == 2 ]] || fail "a run whose ids exist: status $status"
grep -q "already holds the games of a run with seed 5" again.err ||
  fail "$(cat again.err)"
[[ "$(lines g.jsonl | wc -l)" == 6 ]] || fail "the refused run wrote"
play again.jsonl --games 2 --seed 5 --secret g.jsonl.secret >/dev/null 2>&1 ||
  fail "a replayed run"
deals again.jsonl >again.deals
[[ "$(grep -cFf again.deals <(deals g.jsonl))" == 2 ]] ||
  fail "not the same games"

# 3. No deal from a game id: ids hold neither seed; the same --seed under
# another secret deals other cards.
deals g.jsonl | while read -r id seed deck; do
  [[ "$id" != *"$seed"* ]] || fail "$id holds its deal seed"
done
mkdir other && play other/g.jsonl --games 2 --seed 5 >/dev/null 2>&1 ||
  fail "play in other/"
cut -d' ' -f3- again.deals | sort >a.decks
deals other/g.jsonl | cut -d' ' -f3- | sort >b.decks
[[ -z "$(comm -12 a.decks b.decks)" ]] || fail "another secret, same deals"

# 4. replay --verify: every record holds; a game id seen twice fails.
"$arbiter" replay g.jsonl --verify >verify.out 2>&1 || fail "$(cat verify.out)"
cat g.jsonl g.jsonl >twice.jsonl
status=0
"$arbiter" replay twice.jsonl --verify >twice.out 2>&1 || status=$?
[[ "$status" == 1 ]] || fail "verify of repeated ids: status $status"
grep -q "twice.jsonl:7: game .* appears again (first at line 1)" twice.out ||
  fail "$(cat twice.out)"

# 5. merge: idempotent; different records under one id refused.
"$arbiter" merge g.jsonl g.jsonl -o m.jsonl 2>m.err || fail "$(cat m.err)"
[[ "$(lines m.jsonl | wc -l)" == 6 ]] || fail "merge kept copies"
"$arbiter" merge m.jsonl g.jsonl -o m2.jsonl 2>/dev/null || fail "re-merge"
cmp -s m.jsonl m2.jsonl || fail "merging again changed the records"
python3 - g.jsonl >forged.jsonl <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
r["result"]["scores"][0] += 100
print(json.dumps(r))
PY
status=0
"$arbiter" merge g.jsonl forged.jsonl -o m3.jsonl 2>m3.err || status=$?
[[ "$status" == 1 ]] || fail "merge of a conflict: status $status"
grep -q "are different records with this id" m3.err || fail "$(cat m3.err)"
[[ ! -e m3.jsonl ]] || fail "a refused merge wrote its output"
# The list of a file: a copy listed once, a conflict named and refused.
"$arbiter" replay twice.jsonl >twice.list 2>twice.err || fail "$(cat twice.err)"
[[ "$(wc -l <twice.list)" == 6 ]] || fail "copies listed: $(cat twice.list)"
cat g.jsonl forged.jsonl >conflict.jsonl
status=0
"$arbiter" replay conflict.jsonl >conflict.list 2>conflict.err || status=$?
[[ "$status" == 1 ]] || fail "list of a conflict: status $status"
grep -q "conflict.jsonl:7: game .* appears again (first at line 1), as a different record" \
  conflict.err || fail "$(cat conflict.err)"
status=0
"$arbiter" standings conflict.jsonl >conflict.st 2>&1 || status=$?
[[ "$status" == 1 ]] || fail "standings of a conflict: status $status"
grep -q "conflict.jsonl:7: game .* is also at conflict.jsonl:1 as a different record" \
  conflict.st || fail "$(cat conflict.st)"

# 6. A torn last record: reported and skipped by every tool.
head -c -40 g.jsonl >torn.jsonl
"$arbiter" replay torn.jsonl >torn.list 2>torn.err || fail "list torn"
[[ "$(wc -l <torn.list)" == 5 ]] || fail "torn: $(cat torn.list)"
grep -q "torn.jsonl:6: skipped, the record ends early" torn.err ||
  fail "$(cat torn.err)"
"$arbiter" replay torn.jsonl --verify >torn.verify 2>&1 ||
  fail "verify of a torn file: $(cat torn.verify)"
grep -q "1 torn (skipped)" torn.verify || fail "$(cat torn.verify)"
"$arbiter" merge torn.jsonl -o torn-m.jsonl 2>torn-m.err || fail "merge torn"
grep -q "1 torn" torn-m.err || fail "$(cat torn-m.err)"

# 7. Compressed records, in every tool, and by default.
play z.jsonl.zst --games 3 >/dev/null 2>&1 || fail "play to .zst"
[[ "$(zstd -dcq z.jsonl.zst | wc -l)" == 3 ]] || fail "zstdcat"
"$arbiter" replay z.jsonl.zst --verify >z.out 2>&1 || fail "$(cat z.out)"
"$arbiter" merge z.jsonl.zst g.jsonl -o zm.jsonl.zst 2>/dev/null ||
  fail "merge of .zst"
[[ "$(lines zm.jsonl.zst | wc -l)" == 9 ]] || fail "merged .zst"
zstd -dcq z.jsonl.zst >zd.jsonl
"$arbiter" standings z.jsonl.zst >zs.out 2>&1 || fail "$(cat zs.out)"
"$arbiter" standings zd.jsonl >zds.out 2>&1 || fail "$(cat zds.out)"
[[ -s zs.out ]] && cmp -s zs.out zds.out ||
  fail "standings of .zst: $(diff zs.out zds.out)"
head -c -9 z.jsonl.zst >zt.jsonl.zst
"$arbiter" replay zt.jsonl.zst --verify >zt.out 2>&1 || fail "$(cat zt.out)"
grep -q "2 records, 2 ok.*1 torn (skipped)" zt.out || fail "$(cat zt.out)"
# play's records are compressed by default: games.jsonl.zst, its secret
# and logs beside it.
mkdir default
(cd default && "$arbiter" play --bot "a=$test_bot" --bot "b=$test_bot" \
  --ruleset hunt --games 2 >/dev/null 2>&1) || fail "play without --out"
[[ "$(zstd -dcq default/games.jsonl.zst | wc -l)" == 2 ]] ||
  fail "play's default records: $(ls default)"
[[ -s default/games.jsonl.zst.secret && ! -e default/games.jsonl ]] ||
  fail "play's default files: $(ls default)"

# 8. A forged record under the id of a game not yet played: resume refuses
# it, naming it. Two bots, one table: games d1-s0, d1-s1, d2-s0, ... all
# with the same two seats once rotated back. Plain records: the forger
# appends a line of text.
cat >t.toml <<'TOML'
name = "forge"
seed = 11
duplicate = true
deals_per_pairing = 400
concurrency = 1
compress_records = false
[[bots]]
name = "x"
command = "builtin:random"
[[bots]]
name = "y"
command = "builtin:random"
TOML
"$arbiter" tournament t.toml --out forge >/dev/null 2>&1 &
pid=$!
for _ in $(seq 500); do [[ -s forge/games.jsonl ]] && break; sleep 0.01; done
kill -INT "$pid"
wait "$pid" || true
played="$(wc -l <forge/games.jsonl)"
[[ "$played" -lt 800 ]] || fail "the run ended before Ctrl-C"
python3 - forge/games.jsonl >>forge/games.jsonl <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())  # seats x, y: d1-s0
tag = r["game_id"].split("-")[0]
r["game_id"] = tag + "-r1-t1-d400-s0"  # the last game: not played yet
r["duplicate_group"] = tag + "-r1-t1-d400"
print(json.dumps(r))
PY
status=0
"$arbiter" tournament t.toml --out forge >/dev/null 2>forge.err || status=$?
[[ "$status" != 0 ]] || fail "a forged record was accepted"
grep -q "games.jsonl:$((played + 1)): game .*-r1-t1-d400-s0: the record's deal seed is not the schedule's" forge.err ||
  fail "$(cat forge.err)"
[[ "$(wc -l <forge/games.jsonl)" == $((played + 1)) ]] ||
  fail "games were played on top of a forged record"

# 9. kill -9 of the arbiter, bot processes and compressed records (the
# default), then resume: every game once.
cat >k.toml <<TOML
name = "killed"
seed = 4
duplicate = true
deals_per_pairing = 10
concurrency = 2
[[bots]]
name = "p"
command = "$test_bot --seed=1"
[[bots]]
name = "q"
command = "$test_bot --seed=2 --mode=text"
[[bots]]
name = "r"
command = "$test_bot --seed=3"
TOML
total=60  # 3 pairs x 10 deals x 2 seatings
"$arbiter" tournament k.toml --out k >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1000); do [[ -s k/games.jsonl.zst ]] && break; sleep 0.01; done
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
before="$(lines k/games.jsonl.zst | wc -l)"
[[ "$before" -lt "$total" ]] || fail "kill -9 came after the last game"
"$arbiter" tournament k.toml --out k >/dev/null 2>k.err || fail "$(cat k.err)"
# Listed by the arbiter: a frame torn by the kill ends `zstd -d` there.
ids="$("$arbiter" replay k/games.jsonl.zst 2>/dev/null | cut -d' ' -f1)"
[[ "$(sort <<<"$ids" | uniq | wc -l)" == "$total" ]] ||
  fail "after kill -9: $(sort <<<"$ids" | uniq | wc -l) games"
[[ "$(wc -l <<<"$ids")" == "$total" ]] || fail "a game recorded twice"
"$arbiter" replay k/games.jsonl.zst --verify >k.verify 2>&1 ||
  fail "$(cat k.verify)"

# 10. Tournaments: the same seed under another secret, other deals; the
# same secret (shards of a league) the same ones.
"$arbiter" secret new league.secret --seed 11 >/dev/null
sed 's/deals_per_pairing = 400/deals_per_pairing = 3/' t.toml >t3.toml
for d in s1 s2 s3; do
  secret=()
  [[ "$d" == s1 ]] || secret=(--secret league.secret)
  "$arbiter" tournament t3.toml "${secret[@]}" --out "$d" >/dev/null 2>&1 ||
    fail "tournament $d"
  deals "$d/games.jsonl" | cut -d' ' -f3- | sort >"$d.decks"
done
[[ -z "$(comm -12 s1.decks s2.decks)" ]] || fail "another secret, same deals"
cmp -s s2.decks s3.decks || fail "one secret, other deals"
echo "ok"
