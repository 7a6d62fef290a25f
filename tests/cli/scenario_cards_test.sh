#!/usr/bin/env bash
# Every scenario key that holds cards takes the forms `deck` takes: a string
# of cards ("AS 2S 3S") or a list of strings (["AS", "2S 3S"]); keys with
# cards per seat or per hand take a list of those. Another form is refused
# (exit 2) naming the key and the form it takes. Scenarios of the suite are
# rewritten into the other forms and must still pass, or fail where they
# were made wrong.
#   scenario_cards_test.sh ARBITER SOURCE_DIR
set -uo pipefail
arbiter="$(realpath "$1")"
games="$(realpath "$2")/arbiter/games"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# run STATUS NEEDLE FILE: `arbiter rules run -q FILE` exits STATUS and, when
# NEEDLE is given, says it on stderr.
run() {
  local want="$1" needle="$2" file="$3" status=0
  timeout 60 "$arbiter" rules run -q "$file" >"$work/out" 2>"$work/err" ||
    status=$?
  [[ "$status" == "$want" ]] ||
    { fail "$file: exit $status, not $want: $(cat "$work/err")"; return; }
  [[ -z "$needle" ]] || grep -qF -- "$needle" "$work/err" ||
    fail "$file: no '$needle' in: $(cat "$work/err")"
}

# Pontoon: pack_order as one string of cards, as deck is written.
pontoon="$games/pontoon/scenarios/play/bust_cards_under_in_order.toml"
order=$(sed -n 's/^pack_order = \[\(.*\)\]$/\1/p' "$pontoon" | tr -d '",')
[[ -n "$order" ]] || fail "no pack_order in $pontoon"
sed "s/^pack_order = .*/pack_order = \"$order\"/" "$pontoon" >"$work/p_text.toml"
run 0 "" "$work/p_text.toml"
# The order is compared: the first two cards swapped fail the expectation.
swapped=$(awk '{ t = $1; $1 = $2; $2 = t; print }' <<<"$order")
sed "s/^pack_order = .*/pack_order = \"$swapped\"/" "$pontoon" >"$work/p_swap.toml"
run 1 "expect.pack_order: expected" "$work/p_swap.toml"
# deck as a list of strings of cards.
deck=$(sed -n 's/^deck = "\(.*\)"$/\1/p' "$pontoon")
list=$(awk '{ for (i = 1; i <= NF; i += 2) printf "%s\"%s %s\"", (i > 1 ? ", " : ""), $i, $(i + 1) }' <<<"$deck")
sed "s/^deck = .*/deck = [$list]/" "$work/p_text.toml" >"$work/p_list.toml"
run 0 "" "$work/p_list.toml"
# Other forms: refused, naming the key and the form.
sed "s/^pack_order = .*/pack_order = 5/" "$pontoon" >"$work/p_bad.toml"
run 2 "expect.pack_order: must be cards, as deck takes them: a string" \
  "$work/p_bad.toml"
sed "s/^pack_order = .*/pack_order = [\"AS\", 2]/" "$pontoon" >"$work/p_bad2.toml"
run 2 "expect.pack_order[1]: must be a string of cards" "$work/p_bad2.toml"
sed "s/^deck = .*/deck = 5/" "$pontoon" >"$work/p_bad3.toml"
run 2 "deck: must be cards, as deck takes them" "$work/p_bad3.toml"
sed "s/^deck = .*/decks = \"$deck\"/" "$pontoon" >"$work/p_bad4.toml"
run 2 "decks: must be a list with the cards of each hand" "$work/p_bad4.toml"

# High Card: hands per seat, each as a list of cards; trick as a list.
high="$games/high_card/scenarios/two_tricks.toml"
sed 's/^hands = .*/hands = [[], ["2H"]]/; s/^trick = .*/trick = ["2S"]/' \
  "$high" >"$work/h_list.toml"
run 0 "" "$work/h_list.toml"
sed 's/^hands = .*/hands = "2H"/' "$high" >"$work/h_bad.toml"
run 2 "expect.hands: must be a list with the cards of each seat" \
  "$work/h_bad.toml"

# Scotch Whist: captured per seat as lists, the trick as a string.
whist="$games/scotch_whist/scenarios/trick/jack_of_trumps_is_highest.toml"
sed 's/^captured = .*/captured = [["8C", "9C", "JC", "AC"], [], "", []]/' \
  "$whist" >"$work/w_list.toml"
run 0 "" "$work/w_list.toml"

# Zetema: a pile as a list of cards.
zetema=$(grep -rlF 'piles = { "K" = "KD KC" }' "$games/zetema/scenarios" | head -1)
[[ -n "$zetema" ]] || fail "no Zetema scenario with the pile KD KC"
sed 's/^piles = { "K" = "KD KC" }/piles = { "K" = ["KD", "KC"] }/' \
  "$zetema" >"$work/z_list.toml"
grep -qF '["KD", "KC"]' "$work/z_list.toml" || fail "no list pile in $zetema"
run 0 "" "$work/z_list.toml"
sed 's/^piles = { "K" = "KD KC" }/piles = { "K" = ["KD"] }/' \
  "$zetema" >"$work/z_short.toml"
run 1 "expect.piles" "$work/z_short.toml"

[[ "$failures" == 0 ]] || { echo "$failures failures" >&2; exit 1; }
echo ok
