#!/usr/bin/env bash
# `npm test` of a TypeScript package of this repository, for CTest: installs
# the npm dependencies when their lock files changed, then builds and tests.
#   sdk/typescript/scripts/npm_test.sh DIR [ARBITER]
# DIR: sdk/typescript or sample-bots/typescript; ARBITER: the `arbiter`
# command for the SDK's real-arbiter tests. Exits 77 (a skip for CTest)
# where node or npm is missing.
set -euo pipefail
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped: the TypeScript tests need node and npm (scripts/setup installs them)"
  exit 77
fi
repo=$(cd "$(dirname "$0")/../../.." && pwd)
"$repo/sdk/typescript/scripts/install.sh"
ZETEMA_ARBITER=${2:-} npm --prefix "$repo/$1" test
