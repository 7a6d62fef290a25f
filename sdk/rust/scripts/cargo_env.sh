# Sourced by the Rust scripts: finds cargo (on PATH, else rustup's
# ~/.cargo/bin, which a non-login shell or CTest may lack) and checks that it
# is recent enough for the locked crates; otherwise prints one line and exits
# 77 (a skip for CTest). Sets CARGO_TARGET_DIR, where unset, to the one target
# folder the SDK and the starter kit share: BUILD_DIR/rust.
#   source sdk/rust/scripts/cargo_env.sh BUILD_DIR WHAT
rust_min=1.85  # the newest rust-version among the locked crates: Cargo.toml's rust-version
if ! command -v cargo >/dev/null && [[ -x ${CARGO_HOME:-$HOME/.cargo}/bin/cargo ]]; then
  PATH=$PATH:${CARGO_HOME:-$HOME/.cargo}/bin
fi
if ! command -v cargo >/dev/null || ! command -v rustc >/dev/null; then
  echo "skipped: $2: no cargo (Rust $rust_min or later, from rustup)"
  exit 77
fi
rust_version=$(rustc --version | awk '{print $2}')
if [[ $(printf '%s\n%s\n' "$rust_min" "${rust_version%%-*}" | sort -V | head -1) != "$rust_min" ]]; then
  echo "skipped: $2: rustc $rust_version is older than $rust_min"
  exit 77
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$(realpath -m "$1")/rust}
