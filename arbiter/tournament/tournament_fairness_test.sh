#!/usr/bin/env bash
# Timing stays fair under full load: with several games at once, each seat
# its own bot process, a bot that always answers in 80% of its move limit
# never times out. As many games at once as cores (at least 2), every seat
# a test bot that answers each decision after 320 ms of a 400 ms limit
# (grace: the default 10 ms); two waves of one-hand games. Every game must
# finish, without a single fault, and every decision must really have taken
# the 320 ms (else the test proves nothing).
#   tournament_fairness_test.sh ARBITER TEST_BOT
set -euo pipefail
arbiter="$(realpath "$1")"
test_bot="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

cores="$(nproc)"
concurrency=$((cores < 2 ? 2 : cores))
games=$((2 * concurrency))  # 2 bots, one pairing: a game per deal
move_ms=400
delay_ms=$((move_ms * 8 / 10))

# One hand (about 64 decisions, some 20 s at 320 ms each): the test stays
# well under a minute, with hundreds of timed decisions.
printf 'base = "hunt"\nmax_hands = 1\n' >one_hand.toml
cat >fair.toml <<TOML
name = "fair"
seed = 5
ruleset = "one_hand.toml"
deals_per_pairing = $games
concurrency = $concurrency
[time_control]
move_ms = $move_ms
[[bots]]
name = "slow_a"
command = "$test_bot --mode=slow --after=1 --delay-ms=$delay_ms --seed=1"
[[bots]]
name = "slow_b"
command = "$test_bot --mode=slow --after=1 --delay-ms=$delay_ms --seed=2"
TOML

start=$(date +%s)
"$arbiter" tournament fair.toml --out out >out.txt 2>err.txt || {
  cat err.txt >&2
  echo "FAIL: the tournament failed" >&2
  exit 1
}
echo "$games games, $concurrency at once, in $(($(date +%s) - start)) s"

# Records are compressed by default.
zstd -dcq out/games.jsonl.zst >records.jsonl
python3 - records.jsonl "$games" "$delay_ms" "$move_ms" <<'PY'
import json, sys
path, games, delay_ms, move_ms = sys.argv[1], *map(int, sys.argv[2:])
records = [json.loads(line) for line in open(path)]
assert len(records) == games, f"{len(records)} records, expected {games}"
slowest, decisions = 0, 0
for r in records:
    gid, result = r["game_id"], r["result"]
    assert not result.get("faults"), f"{gid}: faults {result['faults']}"
    assert result.get("end_reason") not in (None, "", "END_REASON_UNSPECIFIED",
                                            "END_REASON_FORFEIT"), \
        f"{gid}: not finished: {result}"
    assert r["steps"], f"{gid}: no decisions"
    for step in r["steps"]:
        us = step["decision_us"]
        assert us >= delay_ms * 1000, f"{gid}: a decision took {us} us"
        slowest = max(slowest, us)
        decisions += 1
print(f"{decisions} decisions, none faulted; slowest {slowest / 1000:.1f} ms "
      f"of {move_ms} ms (+ grace)")
PY
echo "ok"
