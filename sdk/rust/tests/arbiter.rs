//! The SDK against the real arbiter, with the bots of docs/sdk-rust.md (the
//! crate's examples, which tests/docs.rs checks are the page's). `arbiter
//! play` spawns them with the sandbox on; every record verifies and holds no
//! fault. The arbiter is $ZETEMA_ARBITER, else the repository's build-test/
//! or build/ one; without one these tests are skipped with one line.
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{example, TempDir};

fn arbiter() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        std::env::var_os("ZETEMA_ARBITER").filter(|a| !a.is_empty()).map(PathBuf::from),
        Some(repo.join("build-test/arbiter/cli/arbiter")),
        Some(repo.join("build/arbiter/cli/arbiter")),
    ];
    let found = candidates.into_iter().flatten().find(|p| p.is_file());
    if found.is_none() {
        // One line for both tests, past the test harness's capture (which
        // takes only the print macros' output).
        static SKIP: std::sync::Once = std::sync::Once::new();
        SKIP.call_once(|| {
            let line =
                "skipped: no arbiter built (build-test/arbiter/cli/arbiter): the real-arbiter tests are skipped\n";
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
        });
    }
    found
}

fn arbiter_run(arbiter: &Path, args: &[String]) -> (Option<i32>, String) {
    let output = Command::new(arbiter).args(args).output().unwrap();
    (
        output.status.code(),
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)),
    )
}

/// Plays 2 games of `game` at `players` seats with `bots`; checks the records.
fn play_and_verify(arbiter: &Path, game: &str, players: u32, bots: &[String], names: &[&str]) {
    let dir = TempDir::new("arbiter");
    let out = dir.0.join("games.jsonl").display().to_string();
    let mut args: Vec<String> =
        ["play", "--game", game, "--players", &players.to_string(), "--games", "2", "--seed", "7"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    for bot in bots {
        args.extend(["--bot".to_owned(), bot.clone()]);
    }
    args.extend(["--out".to_owned(), out.clone()]);
    let (status, text) = arbiter_run(arbiter, &args);
    assert_eq!(status, Some(0), "{text}");
    let records = std::fs::read_to_string(&out).unwrap();
    assert_eq!(records.lines().count(), 2, "{records}");
    for record in records.lines() {
        assert!(record.contains(&format!("\"game\":\"{game}\"")), "{record}");
        assert!(!record.contains("FAULT_REASON_"), "a fault: {record}");
        for name in names {
            assert!(record.contains(&format!("\"{name}\"")), "{name} in {record}");
        }
    }
    let (status, text) = arbiter_run(arbiter, &["replay".into(), out, "--verify".into()]);
    assert_eq!(status, Some(0), "{text}");
}

#[test]
fn the_docs_bots_play_every_game_and_every_record_verifies() {
    let Some(arbiter) = arbiter() else { return };
    let every = format!("every={}", example("every_game").display());
    for (game, players) in [("zetema", 3), ("pontoon", 3), ("scotch_whist", 2)] {
        play_and_verify(&arbiter, game, players, std::slice::from_ref(&every), &["every-game"]);
    }
    let mine = format!("mine={}", example("first_bot").display());
    play_and_verify(&arbiter, "zetema", 2, &[mine, every], &["my-bot", "every-game"]);
}

#[test]
fn a_bot_that_does_not_declare_the_game_is_refused() {
    let Some(arbiter) = arbiter() else { return };
    let dir = TempDir::new("refused");
    let out = dir.0.join("games.jsonl");
    let args: Vec<String> = ["play", "--game", "pontoon", "--games", "1", "--bot"]
        .iter()
        .map(|s| s.to_string())
        .chain([
            format!("mine={}", example("first_bot").display()),
            "--bot".into(),
            format!("b={}", example("every_game").display()),
        ])
        .chain(["--out".to_owned(), out.display().to_string()])
        .collect();
    let (status, text) = arbiter_run(&arbiter, &args);
    assert_eq!(status, Some(2), "{text}");
    assert!(text.contains("'mine'") && text.contains("does not play pontoon"), "{text}");
    assert!(std::fs::read_to_string(&out).unwrap_or_default().is_empty(), "no game recorded");
}
