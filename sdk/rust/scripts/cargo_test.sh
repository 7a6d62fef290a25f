#!/usr/bin/env bash
# `cargo test` of a Rust package of this repository, for CTest:
#   sdk/rust/scripts/cargo_test.sh BUILD_DIR DIR [ARBITER]
# DIR: sdk/rust or sample-bots/rust (cargo runs there, so the folder's
# .cargo/config.toml applies); ARBITER: the `arbiter` command for the SDK's
# real-arbiter tests. Builds into BUILD_DIR/rust; exits 77 (a skip for CTest)
# where cargo is missing or too old.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
source "$repo/sdk/rust/scripts/cargo_env.sh" "$1" "the Rust tests"
cd "$repo/$2"
ZETEMA_ARBITER=${3:-} cargo test --locked --quiet
