//! A fake arbiter: an in-process tonic server that plays a script. It reads
//! the Hello, sends the script's messages in order and, after each
//! DecisionRequest, waits for the bot's next message; then ends the stream
//! as the script says. It records every message the bot sent.
#![allow(dead_code)] // each test file uses part of it
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use tokio_stream::{wrappers::ReceiverStream, Stream, StreamExt};
use tonic::{Request, Response, Status, Streaming};
use zetema_bot::proto::arbiter::v1::arbiter_server::{Arbiter, ArbiterServer};
use zetema_bot::proto::arbiter::v1::{
    arbiter_message, bot_message, decision_request, game_event, game_start, ActionReply, ArbiterMessage, BotMessage,
    DecisionRequest, Error as ErrorMessage, ErrorCode, GameEnd, GameEvent, GameStart, Hello, TextEvents, Welcome,
};

/// How the fake ends the stream after its script.
#[derive(Clone)]
pub enum End {
    /// Error{SHUTDOWN}, then status OK.
    Shutdown,
    /// No message, status OK.
    Close,
    /// A non-OK status.
    Status(tonic::Code),
}

#[derive(Clone)]
struct Fake {
    script: Vec<ArbiterMessage>,
    end: End,
    received: Arc<Mutex<Vec<BotMessage>>>,
}

type Out = Pin<Box<dyn Stream<Item = Result<ArbiterMessage, Status>> + Send>>;

#[tonic::async_trait]
impl Arbiter for Fake {
    type PlayStream = Out;

    async fn play(&self, request: Request<Streaming<BotMessage>>) -> Result<Response<Out>, Status> {
        let mut inbound = request.into_inner();
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        let fake = self.clone();
        tokio::spawn(async move {
            take(&mut inbound, &fake.received).await; // the Hello
            for message in fake.script {
                let decision = matches!(message.message, Some(arbiter_message::Message::DecisionRequest(_)));
                if tx.send(Ok(message)).await.is_err() {
                    return;
                }
                if decision {
                    take(&mut inbound, &fake.received).await;
                }
            }
            match fake.end {
                End::Shutdown => {
                    let _ = tx.send(Ok(error(ErrorCode::Shutdown, "done"))).await;
                }
                End::Close => {}
                End::Status(code) => {
                    let _ = tx.send(Err(Status::new(code, "the fake broke the stream"))).await;
                }
            }
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }
}

async fn take(inbound: &mut Streaming<BotMessage>, received: &Mutex<Vec<BotMessage>>) {
    if let Some(Ok(message)) = inbound.next().await {
        received.lock().unwrap().push(message);
    }
}

/// A running fake: its address and what the bot sent.
pub struct Server {
    pub address: String,
    pub received: Arc<Mutex<Vec<BotMessage>>>,
    _dir: Option<TempDir>,
}

impl Server {
    pub fn hello(&self) -> Hello {
        match &self.received.lock().unwrap()[0].message {
            Some(bot_message::Message::Hello(hello)) => hello.clone(),
            other => panic!("the first message was no Hello: {other:?}"),
        }
    }

    /// The bot's replies, in order.
    pub fn replies(&self) -> Vec<ActionReply> {
        let received = self.received.lock().unwrap();
        received[1..]
            .iter()
            .map(|m| match &m.message {
                Some(bot_message::Message::ActionReply(r)) => r.clone(),
                other => panic!("a message after the Hello was no ActionReply: {other:?}"),
            })
            .collect()
    }
}

/// An example of this crate (the bots of docs/sdk-rust.md), which `cargo
/// test` builds beside the tests.
pub fn example(name: &str) -> std::path::PathBuf {
    let deps = std::env::current_exe().unwrap().parent().unwrap().to_path_buf();
    deps.parent().unwrap().join("examples").join(name)
}

/// A folder removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("zetema-rust-{tag}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts a fake on 127.0.0.1 (TCP) or a unix socket, in a thread of its own.
pub fn serve(script: Vec<ArbiterMessage>, end: End, unix: bool) -> Server {
    let received = Arc::new(Mutex::new(Vec::new()));
    let fake = Fake { script, end, received: received.clone() };
    let dir = unix.then(|| TempDir::new("fake"));
    let socket = dir.as_ref().map(|d| d.0.join("arbiter.sock"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let server = tonic::transport::Server::builder().add_service(ArbiterServer::new(fake));
            match socket {
                Some(path) => {
                    let listener = tokio::net::UnixListener::bind(&path).unwrap();
                    tx.send(format!("unix://{}", path.display())).unwrap();
                    let incoming = tokio_stream::wrappers::UnixListenerStream::new(listener);
                    server.serve_with_incoming(incoming).await.unwrap();
                }
                None => {
                    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                    tx.send(listener.local_addr().unwrap().to_string()).unwrap();
                    let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener);
                    server.serve_with_incoming(incoming).await.unwrap();
                }
            }
        });
    });
    let address = rx.recv().unwrap();
    Server { address, received, _dir: dir }
}

pub fn message(m: arbiter_message::Message) -> ArbiterMessage {
    ArbiterMessage { message: Some(m) }
}

pub fn welcome() -> ArbiterMessage {
    message(arbiter_message::Message::Welcome(Welcome {
        protocol_version: 1,
        arbiter_version: "fake".into(),
        player_name: "p".into(),
    }))
}

pub fn error(code: ErrorCode, text: &str) -> ArbiterMessage {
    message(arbiter_message::Message::Error(ErrorMessage { code: code as i32, message: text.into() }))
}

pub fn game_start(id: &str, game: &str, start: Option<game_start::GameStart>) -> ArbiterMessage {
    message(arbiter_message::Message::GameStart(GameStart {
        game_id: id.into(),
        seat: 1,
        num_players: 3,
        teams: vec![0, 1, 0],
        game: game.into(),
        game_start: start,
        ..Default::default()
    }))
}

pub fn request(id: u64, game_id: &str, decision: decision_request::Decision) -> ArbiterMessage {
    message(arbiter_message::Message::DecisionRequest(DecisionRequest {
        request_id: id,
        time_left_ms: 1000,
        game_id: game_id.into(),
        decision: Some(decision),
        ..Default::default()
    }))
}

pub fn text_events(game_id: &str, lines: &[&str]) -> GameEvent {
    GameEvent {
        game_id: game_id.into(),
        events: Some(game_event::Events::Text(TextEvents { lines: lines.iter().map(|l| l.to_string()).collect() })),
    }
}

pub fn game_end(id: &str, winner: i32) -> ArbiterMessage {
    message(arbiter_message::Message::GameEnd(GameEnd {
        game_id: id.into(),
        outcome: Some(zetema_bot::GameResult { winner, scores: vec![1, 2, 3], ..Default::default() }),
        result: None,
    }))
}
