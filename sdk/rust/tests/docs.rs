//! The bots of docs/sdk-rust.md are the crate's examples, as printed there
//! (the examples are built by `cargo test` and played in tests/arbiter.rs).
#[test]
fn the_docs_bots_are_the_examples() {
    let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(crate_dir.join("../../docs/sdk-rust.md")).unwrap();
    for example in ["first_bot.rs", "every_game.rs"] {
        let code = std::fs::read_to_string(crate_dir.join("examples").join(example)).unwrap();
        assert!(page.contains(&format!("```rust\n{code}```")), "docs/sdk-rust.md shows examples/{example} as it is");
    }
}
