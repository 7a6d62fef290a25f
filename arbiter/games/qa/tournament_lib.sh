# Shared by the games' qa/tournament_test.sh scripts: sourced after they set
#   arbiter (the `arbiter` command), python (may be empty) and game (its name).
# Makes and enters the work directory ($work; KEEP_WORK=DIR keeps it).
work="${KEEP_WORK:-$(mktemp -d)}"; mkdir -p "$work"
# Sandboxed bots run as users of their own: they read their files here.
chmod 755 "$work"
[[ -n "${KEEP_WORK:-}" ]] || trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

# Runs a tournament, checks its record count, verifies every record, checks
# that no game recorded a fault and that the run printed its ratings.
check() {
  local config="$1" out="$2" games="$3"
  "$arbiter" tournament "$config" --out "$out" >"$out.log" 2>"$out.err" ||
    fail "$config: $(cat "$out.err")"
  # Records are compressed by default.
  local records="$out/games.jsonl.zst" n
  zstd -dcq "$records" >"$out.records" || fail "$config: no $records"
  n="$(wc -l <"$out.records")"
  [[ "$n" == "$games" ]] || fail "$config: $n records, expected $games"
  grep -q "\"game\":\"$game\"" "$out.records" ||
    fail "$config: the records do not name $game"
  if grep -q '"faults":\[{' "$out.records"; then
    fail "$config: a game recorded a fault: $(grep -o '"faults":\[{[^]]*' \
      "$out.records" | head -1)"
  fi
  "$arbiter" replay "$records" --verify >"$out.verify" 2>&1 ||
    fail "$config: a record does not verify: $(tail -5 "$out.verify")"
  grep -qi "rating\|elo" "$out.log" || fail "$config: no ratings printed"
  echo "$config: $n games, every record verified"
}

bots() {  # bots N COMMAND [PREFIX]: N [[bots]] tables
  for i in $(seq 1 "$1"); do
    printf '[[bots]]\nname = "%s%s"\ncommand = "%s"\n' "${3:-b}" "$i" "$2"
  done
}

# random_bots N PREFIX: N [[bots]] tables of Python bots (through the SDK's
# game loop) that answer with a random index, seeded by their number.
random_bots() {
  cat >random_index.py <<PY
import random, sys
import zetema_bot
rng = random.Random(int(sys.argv[1]))
zetema_bot.run(lambda obs, legal: rng.randrange(len(legal)),
               name="py-random", games=["$game"])
PY
  for i in $(seq 1 "$1"); do
    printf '[[bots]]\nname = "%s%s"\ncommand = "%s %s/random_index.py %s"\n' \
      "$2" "$i" "$python" "$work" "$i"
  done
}
