//! `Bot::run` in a bot process (the examples of docs/sdk-rust.md): exit 0
//! after SHUTDOWN; one line and the status of each refusal.
mod common;

use std::process::{Command, Output};

use common::*;
use zetema_bot::proto::arbiter::v1::ErrorCode;

fn run(args: &[&str]) -> Output {
    let bot = example("every_game");
    Command::new(&bot)
        .args(args)
        .env_remove(zetema_bot::ADDRESS_ENV)
        .env_remove(zetema_bot::TOKEN_ENV)
        .output()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", bot.display()))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn exits_0_after_shutdown() {
    let decision = zetema_bot::proto::arbiter::v1::decision_request::Decision::Text(
        zetema_bot::proto::arbiter::v1::TextDecision { observation: String::new(), legal_actions: vec!["a".into()] },
    );
    let server = serve(
        vec![welcome(), game_start("g", "x", None), request(7, "g", decision), game_end("g", 0)],
        End::Shutdown,
        false,
    );
    let output = run(&["--address", &server.address, "--token", "t"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(server.replies()[0].request_id, 7);
    assert_eq!(server.hello().games, ["zetema", "pontoon", "scotch_whist"]);
}

#[test]
fn each_error_prints_one_line_and_exits_with_its_status() {
    for (code, status, start) in [
        (ErrorCode::BadToken, 6, "every-game: error: the arbiter did not accept the token"),
        (ErrorCode::VersionMismatch, 5, "every-game: error: protocol version mismatch"),
        (
            ErrorCode::GameNotDeclared,
            7,
            "every-game: error: the arbiter refused this bot for a game it does not declare",
        ),
        (ErrorCode::MalformedMessage, 4, "every-game: error: the arbiter refused the connection"),
    ] {
        let server = serve(vec![error(code, "no")], End::Status(tonic::Code::Unauthenticated), false);
        let output = run(&[&format!("--address={}", server.address), "--token=t"]);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(status), "{text}");
        assert!(text.starts_with(start) && text.lines().count() == 1, "{text}");
    }
    let output = run(&["--token", "t"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().collect::<Vec<_>>(), [
        "every-game: error: no arbiter address: pass --address HOST:PORT (or unix:///path) or set ZETEMA_ARBITER_ADDRESS"
    ]);
    let output = run(&["--address", "127.0.0.1:1", "--token"]);
    assert_eq!((output.status.code(), stderr(&output).trim()), (Some(2), "every-game: error: --token needs a value"));
}
