# check_go GO_MOD: true when `go` is on PATH and at least the version GO_MOD
# asks for; else prints one line naming what is missing and returns 1.
# Never a toolchain downloaded by the go command: the installed one or none.
export GOTOOLCHAIN=local

check_go() {
  local want have
  want=$(sed -n 's/^go \([0-9.]*\).*/\1/p' "$1")
  if ! command -v go >/dev/null; then
    echo "SKIPPED: Go $want or later is not installed (go is not on PATH)" >&2
    return 1
  fi
  have=$(go env GOVERSION | sed 's/^go//')
  if [[ $(printf '%s\n%s\n' "$want" "$have" | sort -V | head -1) != "$want" ]]; then
    echo "SKIPPED: Go $want or later is needed, $(command -v go) is $have" >&2
    return 1
  fi
}
