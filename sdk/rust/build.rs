//! Generates the protocol's messages and the Arbiter client (and server, for
//! the tests' fake arbiter) from the `.proto` files with tonic-build and
//! Debian's `protoc` (found through $PROTOC or PATH).
//!
//! Inside the repository the files come from its `proto/` (`../../proto`),
//! the one source of truth. A published crate has no such folder: it carries
//! a copy in `proto/` beside this file, made by `scripts/package.sh` (the
//! test `tests/proto_copy.rs` checks that the copy equals `proto/`).
use std::path::{Path, PathBuf};

const FILES: [&str; 4] = [
    "arbiter/v1/arbiter.proto",
    "zetema/v1/zetema.proto",
    "pontoon/v1/pontoon.proto",
    "scotch_whist/v1/scotch_whist.proto",
];

fn proto_root() -> PathBuf {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let candidates = [crate_dir.join("../../proto"), crate_dir.join("proto")];
    for root in &candidates {
        if root.join(FILES[0]).is_file() {
            return root.clone();
        }
    }
    panic!(
        "zetema-bot: no .proto files in {} or {}: build inside the repository, \
         or bundle them with sdk/rust/scripts/package.sh",
        candidates[0].display(),
        candidates[1].display()
    );
}

fn main() {
    let root = proto_root();
    let files: Vec<PathBuf> = FILES.iter().map(|f| root.join(f)).collect();
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    println!("cargo:rerun-if-env-changed=PROTOC");
    if std::env::var_os("PROTOC").is_none() && !on_path("protoc") {
        panic!("zetema-bot: protoc not found: install it (Debian: protobuf-compiler) or set PROTOC");
    }
    tonic_build::configure()
        .build_transport(false)
        .compile_protos(&files, &[root])
        .unwrap_or_else(|e| panic!("zetema-bot: cannot compile the .proto files: {e}"));
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).any(|dir| Path::new(&dir).join(program).is_file()))
        .unwrap_or(false)
}
