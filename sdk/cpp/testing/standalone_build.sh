#!/bin/bash
# Builds the example bot (sdk/cpp/example) as a bot author would, outside the
# main project, in a fresh temporary directory.
#
#   standalone_build.sh quick   configure with add_subdirectory and compile
#                               the bot's own source (generated headers and
#                               include paths), ~15 s
#   standalone_build.sh full    build everything, `cmake --install` the SDK,
#                               then build the example again with
#                               find_package(ZetemaBotSdk) and run --help, ~1 min
set -euo pipefail
mode=${1:-quick}
sdk_dir=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zetema-sdk-build-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

step() { echo "== $*"; }
run() {  # runs a command, showing its output only when it fails
  if ! "$@" >"$tmp/log" 2>&1; then
    cat "$tmp/log"
    echo "FAILED: $*" >&2
    exit 1
  fi
}

step "configure the example with add_subdirectory"
run cmake -S "$sdk_dir/example" -B "$tmp/sub" -G Ninja -DCMAKE_BUILD_TYPE=Debug
if [[ $mode == quick ]]; then
  step "compile the example's source"
  run ninja -C "$tmp/sub" -j2 CMakeFiles/my_bot.dir/my_bot.cc.o
  echo "ok"
  exit 0
fi
[[ $mode == full ]] || { echo "usage: $0 quick|full" >&2; exit 2; }
step "build the example and the SDK"
run ninja -C "$tmp/sub" -j2
run "$tmp/sub/my_bot" --help
step "install the SDK"
run cmake --install "$tmp/sub" --prefix "$tmp/prefix"
step "build the example with find_package"
run cmake -S "$sdk_dir/example" -B "$tmp/pkg" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DUSE_INSTALLED_SDK=ON -DCMAKE_PREFIX_PATH="$tmp/prefix"
run ninja -C "$tmp/pkg" -j2
step "run it"
set +e
ZETEMA_ARBITER_ADDRESS=unix://$tmp/none.sock ZETEMA_TOKEN=t \
  "$tmp/pkg/my_bot" --connect-timeout-ms 100 2>"$tmp/err"
status=$?
set -e
# No arbiter there: the bot must say so and exit 3.
if [[ $status != 3 ]] || ! grep -q "cannot connect" "$tmp/err"; then
  echo "expected a connect error and exit status 3, got $status:" >&2
  cat "$tmp/err" >&2
  exit 1
fi
echo "ok"
