#!/usr/bin/env bash
# Every usage error of the project's commands exits 2 with one short message
# naming the option (or key, or path) and what it accepts; no command ever
# aborts, prints `terminate called` or echoes a long number back. Paths that
# are missing, directories, or files where a directory is wanted are tried
# against every command that takes them.
#   usage_test.sh ARBITER RATINGS
set -uo pipefail
arbiter="$(realpath "$1")"
ratings="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect STATUS NEEDLE CMD...: the command exits STATUS; for an error, its
# stderr starts with the command's name, holds NEEDLE, is short, and shows
# no crash and no long number.
expect() {
  local want="$1" needle="$2"
  shift 2
  local status=0
  timeout 60 "$@" >out.txt 2>err.txt || status=$?
  local what="'$*'"
  [[ "$status" == "$want" ]] || { fail "$what: exit $status, not $want: $(cat err.txt)"; return; }
  if [[ "$want" != 0 ]]; then
    grep -q -- "$needle" err.txt || fail "$what: no '$needle' in: $(cat err.txt)"
    local name; name="$(basename "$1")"
    head -1 err.txt | grep -q "^$name" || fail "$what: message does not start with '$name': $(head -1 err.txt)"
    [[ "$(wc -l <err.txt)" -le 3 ]] || fail "$what: long message: $(cat err.txt)"
  else
    grep -q -- "$needle" out.txt || fail "$what: no '$needle' in: $(cat out.txt)"
  fi
  if grep -Eq 'terminate called|what\(\)|[0-9]{25}|Aborted' err.txt; then
    fail "$what: $(cat err.txt)"
  fi
}

long=$(printf '9%.0s' $(seq 300))
mkdir dir
touch file.jsonl
printf 'x\n' >notes.txt
cat >t.toml <<'TOML'
name = "t"
[[bots]]
name = "a"
command = "builtin:random"
[[bots]]
name = "b"
command = "builtin:random"
TOML
sed 's/^name = "t"$/name = "t"\n[time_control]\nmove_ms = 2147483648/' t.toml >wrap.toml
printf 'name = "caf\xc3\xa9"\n' | cat - t.toml | sed '2d' >utf8.toml

# The command itself.
expect 0 "^arbiter [0-9]" "$arbiter" --version
expect 0 "Subcommands:" "$arbiter" --help
expect 2 "a command is required: one of" "$arbiter"
expect 2 "'nosuch' is not a command" "$arbiter" nosuch
expect 2 "nosuch" "$arbiter" --nosuch
# --help shows every default.
"$arbiter" tournament --help | grep -q -- "--concurrency INT:0..4096=0" ||
  fail "tournament --help shows no default"
"$arbiter" play --help | grep -q -- "--games INT:POSITIVE=1 " ||
  fail "play --help shows no default"

# tournament
expect 2 "config: no such file: 'missing.toml'" "$arbiter" tournament missing.toml
expect 2 "config: 'dir' is a directory" "$arbiter" tournament dir
expect 2 "--concurrency: must be an integer from 0 to 4096, got '-1'" \
  "$arbiter" tournament t.toml --concurrency -1
expect 2 "--concurrency: must be an integer from 0 to 4096" \
  "$arbiter" tournament t.toml --concurrency "$long"
expect 2 "--shard: must be I/N with 0 <= I < N" \
  "$arbiter" tournament t.toml --shard 5/2
expect 2 "--shard: must be I/N" "$arbiter" tournament t.toml --shard "$long/1"
expect 2 "--out file.jsonl: cannot create the folder" \
  "$arbiter" tournament t.toml --out file.jsonl
expect 2 "--out file.jsonl/sub: cannot create the folder" \
  "$arbiter" tournament t.toml --out file.jsonl/sub
expect 2 "time_control.move_ms: must be 0..86400000, got 2147483648" \
  "$arbiter" tournament wrap.toml
expect 2 "not an ASCII character" "$arbiter" tournament utf8.toml
expect 2 "line 1" "$arbiter" tournament notes.txt
expect 0 "dry run" "$arbiter" tournament t.toml --dry-run --out dry
[[ ! -e dry ]] || fail "--dry-run created its output directory"
# A config takes the names the options take (--fault-policy default).
sed 's/^name = "t"$/name = "t"\nfault_policy = "default"/' t.toml >policy.toml
expect 0 "dry run" "$arbiter" tournament policy.toml --dry-run --out dry
sed 's/^name = "t"$/name = "t"\nfault_policy = "strike"/' t.toml >badpolicy.toml
expect 2 'fault_policy: must be one of "forfeit", "default_action", "default", got "strike"' \
  "$arbiter" tournament badpolicy.toml

# merge
expect 2 "missing.jsonl: no such file" "$arbiter" merge missing.jsonl
expect 2 "dir: is a directory, not a file" "$arbiter" merge dir
expect 2 "-o dir: is a directory" "$arbiter" merge file.jsonl -o dir
expect 2 "-o file.jsonl: the file exists" "$arbiter" merge file.jsonl -o file.jsonl
expect 2 "-o file.jsonl/x: .*Not a directory" \
  "$arbiter" merge file.jsonl -o file.jsonl/x

# repair
expect 2 "config: no such file: 'missing.toml'" "$arbiter" repair missing.toml
expect 2 "--out nodir: no such directory" "$arbiter" repair t.toml --out nodir
expect 2 "--out file.jsonl: no such directory" \
  "$arbiter" repair t.toml --out file.jsonl
expect 2 "--out dir: no records file (games.jsonl.zst or games.jsonl)" \
  "$arbiter" repair t.toml --out dir

# standings
expect 2 "missing.jsonl: no such file" "$arbiter" standings missing.jsonl
expect 2 "dir: not a regular file" "$arbiter" standings dir
expect 1 "no game record" "$arbiter" standings file.jsonl
expect 2 "--out file.jsonl: cannot create the directory" \
  "$arbiter" standings file.jsonl --out file.jsonl

# play, replay, selfplay, rules, match: their options.
expect 2 "--games: must be an integer greater than 0, got '0'" \
  "$arbiter" play --bot a=true --games 0
expect 2 "--games: must be an integer greater than 0" \
  "$arbiter" play --bot a=true --games "$long"
expect 2 "--move-ms: must be an integer from 0 to 86400000, got '-1'" \
  "$arbiter" play --bot a=true --move-ms -1
expect 2 "--fault-policy: must be one of forfeit" \
  "$arbiter" play --bot a=true --fault-policy x
# Time settings: the names, defaults and ranges of tournament configs.
expect 2 "--move-ms: must be an integer from 0 to 86400000, got '2147483648'" \
  "$arbiter" play --bot a=true --move-ms 2147483648
expect 2 "--grace-ms: must be an integer from 0 to 86400000" \
  "$arbiter" play --bot a=true --grace-ms "$long"
expect 2 "--move-ms: must be greater than 0 when --bank-ms is 0" \
  "$arbiter" play --bot a=true --bot b=true --move-ms 0
expect 2 "--move-ms: must be an integer from 0 to 86400000, got '2147483648'" \
  "$arbiter" match a b --move-ms 2147483648
"$arbiter" play --help | grep -q -- "--grace-ms INT:0..86400000=10" ||
  fail "play --help: --grace-ms is not 0..86400000, default 10"
"$arbiter" match --help | grep -q -- "--fault-policy TEXT:{forfeit,default_action,default}=forfeit" ||
  fail "match --help: --fault-policy values differ from play's"
for command in play match tournament check-bot; do
  "$arbiter" "$command" --help | grep -q -- "--sandbox TEXT:{full,reduced,none}" ||
    fail "$command --help: --sandbox values are not full, reduced, none"
done
expect 2 "--sandbox: must be one of full, reduced, none, got 'partial'" \
  "$arbiter" play --bot a=true --sandbox partial
# play's --players is also --seats, as in match and tournament configs.
expect 2 "must be an integer from 0 to 64, got '99'" \
  "$arbiter" play --bot a=true --seats 99
expect 2 "--memory-mb: must be an integer from 0 to 4194304" \
  "$arbiter" play --bot a=true --memory-mb 99999999999999
expect 2 "--log-limit: must be an integer from 0 to" \
  "$arbiter" play --bot a=true --log-limit "$long"
expect 2 "--startup-ms: must be an integer from 1 to 86400000" \
  "$arbiter" play --bot a=true --startup-ms 0
expect 2 "--concurrency: must be an integer from 1 to 4096, got '-1'" \
  "$arbiter" match a b --games 2 --concurrency -1
# Output paths that are files, missing, or cannot be written.
bots=(--bot a=true --bot b=true --sandbox none)
expect 2 "--log-dir file.jsonl: cannot create the folder" \
  "$arbiter" play "${bots[@]}" --log-dir file.jsonl
expect 2 "--out file.jsonl/x: cannot create the folder" \
  "$arbiter" play "${bots[@]}" --out file.jsonl/x
expect 2 "--out /proc/version/x: cannot create the folder" \
  "$arbiter" play "${bots[@]}" --out /proc/version/x
expect 2 "--out: dir: is a directory" "$arbiter" play "${bots[@]}" --out dir
expect 2 "--out file.jsonl/g.jsonl: cannot create the folder" "$arbiter" play "${bots[@]}" --out file.jsonl/g.jsonl --log-dir logs
expect 2 "missing.secret: cannot open" \
  "$arbiter" play "${bots[@]}" --secret missing.secret --out p.jsonl
expect 2 "file.jsonl/x: cannot create" "$arbiter" secret new file.jsonl/x
expect 2 "--out file.jsonl" "$arbiter" match a b --games 2 --out file.jsonl
expect 2 "missing.jsonl: cannot open" "$arbiter" replay missing.jsonl
expect 2 "dir: is a directory" "$arbiter" replay dir
expect 2 "--out /proc/version/x: cannot create the folder" \
  "$arbiter" tournament t.toml --out /proc/version/x
expect 2 "--out /proc/version: cannot create the directory" \
  "$arbiter" standings file.jsonl --out /proc/version
expect 2 "--bot is required" "$arbiter" play
expect 2 "file is required" "$arbiter" replay
expect 2 "--games: must be an integer from 1 to 1000000, got '0'" \
  "$arbiter" selfplay --games 0
expect 2 "--players: zetema plays 2 to 6 seats, not 9" \
  "$arbiter" selfplay --players 9
expect 2 "FILE: no such file: 'missing.toml'" "$arbiter" rules run missing.toml
expect 2 "FILE: 'dir' is a directory" "$arbiter" rules run dir
expect 2 "no such preset" "$arbiter" rules show nosuch
expect 2 "a command is required: one of run, show" "$arbiter" rules
# match: the seat range, the presets and the teams are the game's.
expect 2 "--seats: must be 2..6 for zetema, got 9" \
  "$arbiter" match a b --games 2 --seats 9
expect 2 "--seats: must be 2..8 for pontoon, got 9" \
  "$arbiter" match a b --games 2 --game pontoon --seats 9
expect 2 "--seats: must be 2..7 for scotch_whist, got 1" \
  "$arbiter" match a b --games 2 --game scotch_whist --seats 1
expect 2 "--seats: must be an integer" \
  "$arbiter" match a b --games 2 --seats "$long"
expect 2 "--game: unknown game 'nosuch' (known: zetema" \
  "$arbiter" match a b --games 2 --game nosuch
expect 2 "--ruleset: parlett: no such preset (standard, partnerships)" \
  "$arbiter" match a b --games 2 --game scotch_whist --ruleset parlett
expect 2 "--opponent: needed at 3 seats or more" \
  "$arbiter" match a b --games 2 --game pontoon --seats 8
expect 2 "--opponent: only for 3 seats or more" \
  "$arbiter" match a b --games 2 --game pontoon --opponent c

# ratings
# A file ratings cannot read is not a usage error: exit 1.
expect 1 "missing.jsonl: cannot open file" "$ratings" missing.jsonl
expect 1 "dir: is a directory, not a record file" "$ratings" dir
expect 2 "--bootstrap: expected 0 to 100000, got -1" \
  "$ratings" file.jsonl --bootstrap -1
expect 2 "--threads: must be an integer" "$ratings" file.jsonl --threads "$long"
expect 2 "--average: must be a number, got 'x'" "$ratings" file.jsonl --average x
expect 2 "--average: expected a finite number" \
  "$ratings" file.jsonl --average 1e400
expect 2 "--seed: must be an integer from 0 to" "$ratings" file.jsonl --seed -1

[[ "$failures" == 0 ]] || { echo "$failures failures" >&2; exit 1; }
echo ok
