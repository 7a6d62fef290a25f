//! The game loop against a fake arbiter (tests/common): the Hello, every
//! game through one callback, every kind of answer, every refusal, broken
//! streams, bad answers and configuration.
mod common;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use common::*;
use zetema_bot::proto::arbiter::v1::{action_reply, decision_request, game_start, ErrorCode, TextDecision};
use zetema_bot::{pontoon, scotch_whist, zetema, Answer, Bot, Error, Observation};

fn bot(server: &Server) -> Bot {
    Bot::new("tester").version("2.5").address(&server.address).token("tok").args(Vec::<String>::new())
}

fn zetema_decision(hand: &[&str]) -> decision_request::Decision {
    let discard = |c: &str| zetema::LegalAction {
        action: Some(zetema::Action { kind: Some(zetema::action::Kind::Discard(zetema::Discard { card: c.into() })) }),
        text: format!("discard {c}"),
        points: 0,
    };
    decision_request::Decision::Zetema(zetema::Decision {
        observation: Some(zetema::Observation {
            seat: 1,
            hand: hand.iter().map(|c| c.to_string()).collect(),
            ..Default::default()
        }),
        legal_actions: hand.iter().map(|c| discard(c)).collect(),
    })
}

#[test]
fn hello_then_every_game_through_one_callback() {
    let pontoon_decision = decision_request::Decision::Pontoon(pontoon::Decision {
        observation: Some(pontoon::Observation::default()),
        legal_actions: vec![
            pontoon::LegalAction { action: None, text: "twist".into() },
            pontoon::LegalAction { action: None, text: "stick".into() },
        ],
    });
    let whist_decision = decision_request::Decision::ScotchWhist(scotch_whist::Decision {
        observation: Some(scotch_whist::Observation::default()),
        legal_actions: vec![scotch_whist::LegalAction { action: None, text: "play TH".into() }],
    });
    let text_decision = decision_request::Decision::Text(TextDecision {
        observation: "you hold 7".into(),
        legal_actions: vec!["high".into(), "low".into()],
    });
    let mut with_events = request(4, "t", text_decision);
    if let Some(zetema_bot::proto::arbiter::v1::arbiter_message::Message::DecisionRequest(r)) = &mut with_events.message
    {
        r.events = Some(text_events("t", &["dealt 7"]));
    }
    let server = serve(
        vec![
            welcome(),
            game_start("z", "zetema", Some(game_start::GameStart::Zetema(Default::default()))),
            request(u64::MAX, "z", zetema_decision(&["9H", "KS"])),
            request(1, "z", zetema_decision(&["9H", "KS"])),
            request(2, "z", zetema_decision(&["9H"])),
            game_end("z", 2),
            game_start("p", "pontoon", None),
            request(3, "p", pontoon_decision),
            game_end("p", -1),
            game_start("w", "scotch_whist", None),
            request(5, "w", whist_decision),
            game_end("w", 0),
            game_start("t", "high_card", None),
            with_events,
            game_end("t", 1),
        ],
        End::Shutdown,
        false,
    );
    let ended = Rc::new(RefCell::new(Vec::new()));
    let seen = Rc::new(RefCell::new(Vec::new()));
    let started = Rc::new(RefCell::new(Vec::new()));
    let (ended2, seen2, started2) = (ended.clone(), seen.clone(), started.clone());
    let played = bot(&server)
        .games(&["zetema", "pontoon", "scotch_whist", "high_card"])
        .on_game_start(move |g| started2.borrow_mut().push(g.start.game_id.clone()))
        .on_game_end(move |g| ended2.borrow_mut().push((g.game().to_owned(), g.result.as_ref().map(|r| r.winner))))
        .play(move |d| -> Answer {
            let history = d.game.map_or(0, |g| g.history.len());
            seen2.borrow_mut().push((
                d.game_name().to_owned(),
                d.num_legal_actions(),
                history,
                d.game.map(|g| g.partners()),
            ));
            match d.observation {
                Observation::Zetema(_) if d.request.request_id == 1 => "discard KS".into(),
                Observation::Zetema(z) if d.request.request_id == 2 => zetema::Action {
                    kind: Some(zetema::action::Kind::Discard(zetema::Discard {
                        card: z.observation.as_ref().unwrap().hand[0].clone(),
                    })),
                }
                .into(),
                Observation::Pontoon(_) => {
                    pontoon::Action { r#type: pontoon::ActionType::Stick as i32, amount: 0 }.into()
                }
                Observation::Text(t) => t.legal_actions.iter().position(|a| a == "low").unwrap().into(),
                _ => 0.into(),
            }
        })
        .unwrap();
    assert_eq!(played, 4);
    let hello = server.hello();
    assert_eq!((hello.token.as_str(), hello.bot_name.as_str(), hello.bot_version.as_str()), ("tok", "tester", "2.5"));
    assert_eq!(hello.protocol_version, 1);
    assert!(hello.events_in_request);
    assert_eq!(hello.games, ["zetema", "pontoon", "scotch_whist", "high_card"]);
    let replies = server.replies();
    let ids: Vec<u64> = replies.iter().map(|r| r.request_id).collect();
    assert_eq!(ids, [u64::MAX, 1, 2, 3, 5, 4], "every reply bound to its request, the largest id kept whole");
    use action_reply::Answer as A;
    assert_eq!(replies[0].answer, Some(A::Index(0)));
    assert_eq!(replies[1].answer, Some(A::Text("discard KS".into())));
    assert!(
        matches!(&replies[2].answer, Some(A::Action(a)) if matches!(&a.kind, Some(zetema::action::Kind::Discard(d)) if d.card == "9H"))
    );
    assert_eq!(
        replies[3].answer,
        Some(A::Pontoon(pontoon::Action { r#type: pontoon::ActionType::Stick as i32, amount: 0 }))
    );
    assert_eq!(replies[4].answer, Some(A::Index(0)));
    assert_eq!(replies[5].answer, Some(A::Index(1)));
    let seen = seen.borrow();
    assert_eq!(seen[3].0, "pontoon");
    assert_eq!(
        (seen[5].0.as_str(), seen[5].1, seen[5].2),
        ("high_card", 2, 1),
        "the request's events are in the history first"
    );
    assert_eq!(seen[0].3, Some(vec![]), "seat 1 of teams [0, 1, 0] has no partner");
    assert_eq!(*started.borrow(), ["z", "p", "w", "t"]);
    let ended = ended.borrow();
    assert_eq!(ended[0], ("zetema".to_owned(), Some(2)));
    assert_eq!(ended[3], ("high_card".to_owned(), Some(1)));
}

#[test]
fn unix_socket_address() {
    let server = serve(
        vec![welcome(), game_start("g", "zetema", None), request(9, "g", zetema_decision(&["AS"])), game_end("g", 0)],
        End::Shutdown,
        true,
    );
    assert!(server.address.starts_with("unix:///"));
    assert_eq!(bot(&server).play(|_| 0).unwrap(), 1);
    assert_eq!(server.replies()[0].request_id, 9);
}

fn refused(code: ErrorCode, games: &[&str]) -> Error {
    let server = serve(vec![error(code, "the arbiter's words")], End::Status(tonic::Code::Unauthenticated), false);
    bot(&server).games(games).play(|_| 0).unwrap_err()
}

#[test]
fn every_refusal_has_its_error_and_status() {
    let e = refused(ErrorCode::VersionMismatch, &[]);
    assert_eq!(e.exit_code(), 5);
    assert!(
        e.to_string()
            .starts_with("protocol version mismatch: this SDK speaks version 1; the arbiter says: the arbiter's words"),
        "{e}"
    );
    let e = refused(ErrorCode::BadToken, &[]);
    assert_eq!(e.exit_code(), 6);
    assert!(e.to_string().contains("did not accept the token (the arbiter's words)"), "{e}");
    let e = refused(ErrorCode::GameNotDeclared, &[]);
    assert_eq!(e.exit_code(), 7);
    assert!(e.to_string().ends_with("(now: none, which means zetema only)"), "{e}");
    let e = refused(ErrorCode::GameNotDeclared, &["zetema", "pontoon"]);
    assert!(e.to_string().ends_with("(now: zetema, pontoon)"), "{e}");
    let e = refused(ErrorCode::ExpectedHello, &[]);
    assert_eq!(
        e,
        Error::Protocol("the arbiter refused the connection: ERROR_CODE_EXPECTED_HELLO: the arbiter's words".into())
    );
}

#[test]
fn a_welcome_of_another_version_is_a_mismatch() {
    let mut w = welcome();
    if let Some(zetema_bot::proto::arbiter::v1::arbiter_message::Message::Welcome(w)) = &mut w.message {
        w.protocol_version = 2;
    }
    let server = serve(vec![w], End::Shutdown, false);
    let e = bot(&server).play(|_| 0).unwrap_err();
    assert_eq!(e.exit_code(), 5, "{e}");
}

#[test]
fn a_stream_that_breaks_mid_game_is_a_connection_error() {
    let server = serve(vec![welcome(), game_start("g", "zetema", None)], End::Status(tonic::Code::Unavailable), false);
    let e = bot(&server).play(|_| 0).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert!(e.to_string().contains("in the middle of game g"), "{e}");
    let server = serve(vec![welcome(), game_start("g", "zetema", None)], End::Close, false);
    assert_eq!(bot(&server).play(|_| 0).unwrap_err().exit_code(), 3);
}

#[test]
fn a_stream_closed_between_games_ends_the_bot_well() {
    let server = serve(vec![welcome(), game_start("g", "zetema", None), game_end("g", 0)], End::Close, false);
    assert_eq!(bot(&server).play(|_| 0).unwrap(), 1);
    let server = serve(vec![welcome()], End::Status(tonic::Code::Cancelled), false);
    assert_eq!(bot(&server).play(|_| 0).unwrap(), 0);
}

#[test]
fn a_bad_answer_is_an_error_and_sends_nothing() {
    let script = || vec![welcome(), game_start("g", "zetema", None), request(1, "g", zetema_decision(&["AS", "2S"]))];
    let server = serve(script(), End::Shutdown, false);
    let e = bot(&server).play(|_| 2).unwrap_err();
    assert_eq!(e, Error::Answer("the callback returned index 2, but there are 2 legal actions".into()));
    assert_eq!(e.exit_code(), 1);
    let server = serve(script(), End::Shutdown, false);
    let e = bot(&server).play(|_| scotch_whist::Action::default()).unwrap_err();
    assert!(
        e.to_string().starts_with("the callback returned a Scotch Whist action, no answer to a zetema decision"),
        "{e}"
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(server.replies().is_empty());
}

#[test]
fn a_decision_of_an_unknown_game_is_a_protocol_error() {
    let mut unknown = request(1, "g", zetema_decision(&["AS"]));
    if let Some(zetema_bot::proto::arbiter::v1::arbiter_message::Message::DecisionRequest(r)) = &mut unknown.message {
        r.decision = None;
    }
    let server = serve(vec![welcome(), game_start("g", "zetema", None), unknown], End::Shutdown, false);
    let e = bot(&server).play(|_| 0).unwrap_err();
    assert_eq!(e.exit_code(), 4);
    assert!(e.to_string().contains("a game this SDK does not know"), "{e}");
}

#[test]
fn an_unreachable_arbiter_is_a_connection_error() {
    let dir = TempDir::new("none");
    let address = format!("unix://{}/none.sock", dir.0.display());
    let e =
        Bot::new("b").address(&address).token("t").connect_timeout(Duration::from_millis(300)).play(|_| 0).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert!(e.to_string().starts_with(&format!("cannot reach the arbiter at {address} within")), "{e}");
}

#[test]
fn configuration_errors() {
    let none = |_: &str| None;
    let e = zetema_bot::connection_args(["--token"], none).unwrap_err();
    assert_eq!(e, Error::Configuration("--token needs a value".into()));
    let env = |k: &str| Some(format!("env-{k}"));
    let found = zetema_bot::connection_args(["x", "--address=h:1", "--token", "t", "y"], env).unwrap();
    assert_eq!(
        (found.address.as_str(), found.token.as_str(), found.rest),
        ("h:1", "t", vec!["x".to_owned(), "y".to_owned()])
    );
    let found = zetema_bot::connection_args(Vec::<String>::new(), env).unwrap();
    assert_eq!((found.address.as_str(), found.token.as_str()), ("env-ZETEMA_ARBITER_ADDRESS", "env-ZETEMA_TOKEN"));
    let e = Bot::new("b").args(["--token", "t"]).address("").play(|_| 0).unwrap_err();
    if std::env::var_os(zetema_bot::ADDRESS_ENV).is_none() {
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("no arbiter address"), "{e}");
    }
    let e = Bot::new("b").address("h:1").token("").play(|_| 0).unwrap_err();
    assert!(e.to_string().starts_with("no token"), "{e}");
    let e = Bot::new("b").address("h:1").token("t").games(&[" zetema"]).play(|_| 0).unwrap_err();
    assert_eq!(e.exit_code(), 2, "{e}");
}
