#!/usr/bin/env bash
# `cargo test` of a Rust package of this repository, for CTest:
#   sdk/rust/scripts/cargo_test.sh BUILD_DIR DIR [CARGO_TEST_ARGS...]
# DIR: sdk/rust or sample-bots/rust (cargo runs there, so the folder's
# .cargo/config.toml applies). The SDK's real-arbiter tests take the arbiter
# from $ZETEMA_ARBITER. Builds into BUILD_DIR/rust; exits 77 (a skip for
# CTest) where cargo is missing or too old.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
source "$repo/sdk/rust/scripts/cargo_env.sh" "$1" "the Rust tests"
cd "$repo/$2"
shift 2
cargo test --locked --quiet "$@"
