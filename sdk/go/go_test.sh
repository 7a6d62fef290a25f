#!/usr/bin/env bash
# Runs the Go SDK's tests (`go test`), for CTest:
#
#   go_test.sh unit|arbiter [ARBITER RANDOM_BOT]
#
# unit: everything but the games against the real arbiter (the fake
# arbiter, the helpers, the generated code against a fresh generation),
# and the starter bot's choices (sample-bots/go);
# arbiter: TestAgainstTheRealArbiter with the given builds. Exit 77 (CTest's
# skip) with one line naming what is missing when Go is missing or older
# than go.mod asks. The protoc plugins come from .tools/bin (scripts/setup).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export PATH=$here/../../.tools/bin:$PATH
# shellcheck source=check_go.sh
source "$here/check_go.sh"
check_go "$here/go.mod" || exit 77
cd "$here"
case $1 in
unit)
  go test -count=1 -skip TestAgainstTheRealArbiter ./...
  cd ../../sample-bots/go && exec go test -count=1 ./... ;;
arbiter)
  export ZETEMA_ARBITER=$2 ZETEMA_RANDOM_BOT=$3
  exec go test -count=1 -v -run TestAgainstTheRealArbiter ./zetemabot ;;
esac
echo "go_test.sh: unit or arbiter, not '$1'" >&2
exit 2
