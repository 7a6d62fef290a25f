//! The `.proto` files bundled for publishing (`proto/` in this crate, made by
//! scripts/package.sh) are the repository's. Inside the repository the build
//! reads `../../proto` itself, so a copy may be absent; one that exists must
//! be current, or a published crate would speak an old protocol.
use std::path::{Path, PathBuf};

fn protos(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "proto") {
                found.push((path.strip_prefix(root).unwrap().to_path_buf(), std::fs::read(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn the_bundled_protos_equal_the_repository_s() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repository = protos(&crate_dir.join("../../proto"));
    assert!(repository.len() >= 4, "the repository's proto/ has the protocol's files");
    let bundled = crate_dir.join("proto");
    if bundled.exists() {
        assert!(protos(&bundled) == repository, "sdk/rust/proto/ is stale: run sdk/rust/scripts/package.sh");
    }
}
