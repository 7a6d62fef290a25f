#!/usr/bin/env bash
# Makes the publishable crate: copies the repository's proto/ into
# sdk/rust/proto/ (what build.rs reads where ../../proto is absent, as in
# a published crate), checks the copy, and runs `cargo package`, whose
# verification builds the crate from the packaged files alone.
#   sdk/rust/scripts/package.sh [cargo package options]
# Builds in build-test/rust, like the tests; the .crate lands in
# build-test/rust/package/.
set -euo pipefail
crate=$(cd "$(dirname "$0")/.." && pwd)
source "$crate/scripts/cargo_env.sh" "$crate/../../build-test" "packaging the Rust SDK"
rm -rf "$crate/proto"
mkdir -p "$crate/proto"
(cd "$crate/../../proto" && find . -name '*.proto' -exec cp --parents {} "$crate/proto/" \;)
cargo test --manifest-path "$crate/Cargo.toml" --test proto_copy
cargo package --manifest-path "$crate/Cargo.toml" --allow-dirty "$@"
