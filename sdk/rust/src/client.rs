//! The connection to the arbiter and the game loop behind one callback.
//!
//! The address and the one-time token come from `--address`/`--token` or,
//! failing those, from ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN (which a
//! spawning arbiter sets). One stream carries any number of games; `play`
//! returns when the arbiter says SHUTDOWN or closes the stream between games.
use std::collections::HashMap;
use std::time::{Duration, Instant};

use hyper_util::rt::TokioIo;
use tokio::net::UnixStream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::{Channel, Endpoint, Uri};

use crate::decision::{Answer, Decision, GameInfo};
use crate::proto::arbiter::v1::arbiter_client::ArbiterClient;
use crate::proto::arbiter::v1::{
    arbiter_message, bot_message, game_end, ActionReply, ArbiterMessage, BotMessage, ErrorCode, GameEnd, GameEvent,
    Hello, Welcome,
};
use crate::Error;

pub const ADDRESS_ENV: &str = "ZETEMA_ARBITER_ADDRESS";
pub const TOKEN_ENV: &str = "ZETEMA_TOKEN";
/// The protocol version this SDK speaks (Hello.protocol_version).
pub const PROTOCOL_VERSION: u32 = 1;
/// Every game this SDK has typed messages for, by the names of Hello.games.
pub const ALL_GAMES: [&str; 3] = ["zetema", "pontoon", "scotch_whist"];

/// The address and token from the flags, else the environment, and the other
/// arguments (for the bot's own use).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConnectionArgs {
    pub address: String,
    pub token: String,
    pub rest: Vec<String>,
}

/// Reads `--address A`, `--address=A`, `--token T`, `--token=T` from `args`
/// (the program's arguments, without its name), and what is missing from
/// `env` (a lookup such as `|k| std::env::var(k).ok()`); flags win.
pub fn connection_args<I, S>(args: I, env: impl Fn(&str) -> Option<String>) -> Result<ConnectionArgs, Error>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut out = ConnectionArgs::default();
    let (mut address, mut token) = (None, None);
    let mut args = args.into_iter().map(Into::into);
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag.to_owned(), Some(value.to_owned())),
            None => (arg.clone(), None),
        };
        let slot = match flag.as_str() {
            "--address" => &mut address,
            "--token" => &mut token,
            _ => {
                out.rest.push(arg);
                continue;
            }
        };
        *slot = Some(match inline.or_else(|| args.next()) {
            Some(value) => value,
            None => return Err(Error::Configuration(format!("{flag} needs a value"))),
        });
    }
    out.address = address.filter(|a| !a.is_empty()).or_else(|| env(ADDRESS_ENV)).unwrap_or_default();
    out.token = token.or_else(|| env(TOKEN_ENV)).unwrap_or_default();
    Ok(out)
}

type Hook<T> = Box<dyn FnMut(&T)>;

/// A bot: its name, version and games, and where to connect.
///
/// ```no_run
/// zetema_bot::Bot::new("first").version("1.0").run(|_decision| 0);
/// ```
pub struct Bot {
    name: String,
    version: String,
    games: Vec<String>,
    address: Option<String>,
    token: Option<String>,
    args: Option<Vec<String>>,
    connect_timeout: Duration,
    on_game_start: Option<Hook<GameInfo>>,
    on_game_end: Option<Hook<GameInfo>>,
}

impl Bot {
    /// A bot of this name (every record keeps it), version "0", declaring no
    /// game (which means Zetema only).
    pub fn new(name: impl Into<String>) -> Bot {
        Bot {
            name: name.into(),
            version: "0".into(),
            games: vec![],
            address: None,
            token: None,
            args: None,
            connect_timeout: Duration::from_secs(10),
            on_game_start: None,
            on_game_end: None,
        }
    }

    pub fn version(mut self, version: impl Into<String>) -> Bot {
        self.version = version.into();
        self
    }

    /// The games this bot plays ("zetema", "pontoon", "scotch_whist", or a
    /// text-only game's name; `ALL_GAMES` for the three typed ones).
    pub fn games<S: AsRef<str>>(mut self, games: &[S]) -> Bot {
        self.games = games.iter().map(|g| g.as_ref().to_owned()).collect();
        self
    }

    /// Overrides the flags and the environment.
    pub fn address(mut self, address: impl Into<String>) -> Bot {
        self.address = Some(address.into());
        self
    }

    pub fn token(mut self, token: impl Into<String>) -> Bot {
        self.token = Some(token.into());
        self
    }

    /// The arguments to read `--address` and `--token` from (default: the program's).
    pub fn args<S: Into<String>>(mut self, args: impl IntoIterator<Item = S>) -> Bot {
        self.args = Some(args.into_iter().map(Into::into).collect());
        self
    }

    /// How long to wait for the arbiter (default 10 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Bot {
        self.connect_timeout = timeout;
        self
    }

    /// Called with each game as its GameStart arrives.
    pub fn on_game_start(mut self, hook: impl FnMut(&GameInfo) + 'static) -> Bot {
        self.on_game_start = Some(Box::new(hook));
        self
    }

    /// Called with each game (its `result` set) as its GameEnd arrives.
    pub fn on_game_end(mut self, hook: impl FnMut(&GameInfo) + 'static) -> Bot {
        self.on_game_end = Some(Box::new(hook));
        self
    }

    /// Connects, says Hello and plays every game the arbiter sends through
    /// `callback`; returns the number of games that ended.
    pub fn play<A: Into<Answer>>(self, callback: impl FnMut(&Decision) -> A) -> Result<u32, Error> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| Error::Connection(format!("cannot start the I/O runtime: {e}")))?;
        runtime.block_on(self.play_async(callback))
    }

    /// `play`, for a bot's main: on an error prints one line (`NAME: error:
    /// ...`) to stderr and exits with its status (`Error::exit_code`); exits
    /// with 0 after the arbiter's SHUTDOWN.
    pub fn run<A: Into<Answer>>(self, callback: impl FnMut(&Decision) -> A) -> ! {
        let name = self.name.clone();
        match self.play(callback) {
            Ok(_) => std::process::exit(0),
            Err(e) => {
                eprintln!("{name}: error: {e}");
                std::process::exit(e.exit_code())
            }
        }
    }

    fn target(&self) -> Result<(String, String), Error> {
        let args = match &self.args {
            Some(args) => args.clone(),
            None => std::env::args().skip(1).collect(),
        };
        let found = connection_args(args, |k| std::env::var(k).ok())?;
        let address = self.address.clone().filter(|a| !a.is_empty()).unwrap_or(found.address);
        let token = self.token.clone().unwrap_or(found.token);
        if address.is_empty() {
            return Err(Error::Configuration(format!(
                "no arbiter address: pass --address HOST:PORT (or unix:///path) or set {ADDRESS_ENV}"
            )));
        }
        if token.is_empty() {
            return Err(Error::Configuration(format!(
                "no token: pass --token TOKEN or set {TOKEN_ENV} (the arbiter prints or passes one token per bot)"
            )));
        }
        if let Some(bad) = self.games.iter().find(|g| g.is_empty() || g.trim() != g.as_str()) {
            return Err(Error::Configuration(format!("games wants game names such as \"pontoon\", got {bad:?}")));
        }
        Ok((address, token))
    }

    async fn play_async<A: Into<Answer>>(mut self, mut callback: impl FnMut(&Decision) -> A) -> Result<u32, Error> {
        let (address, token) = self.target()?;
        let channel = connect(&address, self.connect_timeout).await?;
        let (tx, rx) = tokio::sync::mpsc::channel::<BotMessage>(4);
        let hello = Hello {
            token,
            bot_name: self.name.clone(),
            bot_version: self.version.clone(),
            protocol_version: PROTOCOL_VERSION,
            games: self.games.clone(),
            events_in_request: true,
        };
        let send = |message| BotMessage { message: Some(message) };
        tx.send(send(bot_message::Message::Hello(hello))).await.expect("the stream's receiver lives");
        let broke =
            |e: tonic::Status| Error::Connection(format!("the stream to {address} broke before a Welcome: {e}"));
        let mut inbound = ArbiterClient::new(channel).play(ReceiverStream::new(rx)).await.map_err(broke)?.into_inner();
        let mut state = Loop { welcomed: false, games: HashMap::new(), finished: 0 };
        loop {
            let message = match inbound.message().await {
                Ok(Some(ArbiterMessage { message: Some(m) })) => m,
                Ok(Some(ArbiterMessage { message: None })) => continue, // a newer arbiter's message
                Ok(None) => return state.closed(),
                Err(status) => return state.broken(&address, &status),
            };
            match self.take(&mut state, message, &mut callback)? {
                Step::Next => {}
                Step::Done => return Ok(state.finished),
                Step::Reply(reply) => {
                    if tx.send(send(bot_message::Message::ActionReply(reply))).await.is_err() {
                        return Err(Error::Connection(format!("the stream to {address} closed while sending a reply")));
                    }
                }
            }
        }
    }

    /// Takes one message from the arbiter.
    fn take<A: Into<Answer>>(
        &mut self,
        state: &mut Loop,
        message: arbiter_message::Message,
        callback: &mut impl FnMut(&Decision) -> A,
    ) -> Result<Step, Error> {
        use arbiter_message::Message as M;
        if !state.welcomed {
            return match message {
                M::Welcome(welcome) => check_welcome(&welcome).map(|()| {
                    state.welcomed = true;
                    Step::Next
                }),
                M::Error(e) => Err(self.refusal(e)),
                other => Err(Error::Protocol(format!("expected a Welcome from the arbiter, got {}", kind(&other)))),
            };
        }
        match message {
            M::Error(e) if e.code == ErrorCode::Shutdown as i32 => Ok(Step::Done),
            M::Error(e) => Err(self.refusal(e)),
            M::Welcome(_) => Err(Error::Protocol("a second Welcome on one stream".into())),
            M::GameStart(start) => {
                let game = GameInfo { start, ..GameInfo::default() };
                if let Some(hook) = &mut self.on_game_start {
                    hook(&game);
                }
                state.games.insert(game.start.game_id.clone(), game);
                Ok(Step::Next)
            }
            M::GameEvent(event) => {
                state.record(event);
                Ok(Step::Next)
            }
            M::DecisionRequest(mut request) => {
                // Events inside the request (the Hello asked for them) came before it.
                if let Some(events) = request.events.take() {
                    state.record(events);
                }
                let decision = Decision::new(&request, state.games.get(&request.game_id))?;
                let answer = callback(&decision).into();
                decision.reply(answer).map(Step::Reply)
            }
            M::GameEnd(end) => {
                let mut game = state.games.remove(&end.game_id).unwrap_or_default();
                // `outcome` is set by arbiters from 0.2 on; `zetema` by all.
                let GameEnd { outcome, result, .. } = end;
                // `zetema` is v1's zetema.v1.Result: the same fields and
                // numbers as arbiter.v1.Result, so its bytes read as one.
                game.result = outcome.or_else(|| {
                    result.and_then(|game_end::Result::Zetema(r)| {
                        use prost::Message;
                        crate::GameResult::decode(r.encode_to_vec().as_slice()).ok()
                    })
                });
                state.finished += 1;
                if let Some(hook) = &mut self.on_game_end {
                    hook(&game);
                }
                Ok(Step::Next)
            }
        }
    }

    fn refusal(&self, error: crate::proto::arbiter::v1::Error) -> Error {
        let message = error.message;
        match ErrorCode::try_from(error.code) {
            Ok(ErrorCode::VersionMismatch) => Error::VersionMismatch(format!(
                "protocol version mismatch: this SDK speaks version {PROTOCOL_VERSION}; the arbiter says: {message}"
            )),
            Ok(ErrorCode::BadToken) => Error::BadToken(format!(
                "the arbiter did not accept the token ({message}); a token is good for one connection only"
            )),
            Ok(ErrorCode::GameNotDeclared) => Error::GameNotDeclared(format!(
                "the arbiter refused this bot for a game it does not declare: {message}; declare every game the bot \
                 plays with Bot::games (now: {})",
                if self.games.is_empty() { "none, which means zetema only".into() } else { self.games.join(", ") }
            )),
            Ok(code) => {
                Error::Protocol(format!("the arbiter refused the connection: {}: {message}", code.as_str_name()))
            }
            Err(_) => {
                Error::Protocol(format!("the arbiter refused the connection: error code {}: {message}", error.code))
            }
        }
    }
}

enum Step {
    Next,
    Reply(ActionReply),
    Done,
}

/// The game loop's state: whether the arbiter welcomed the bot, the games
/// under way by id, and how many ended.
struct Loop {
    welcomed: bool,
    games: HashMap<String, GameInfo>,
    finished: u32,
}

impl Loop {
    fn record(&mut self, event: GameEvent) {
        if let Some(game) = self.games.get_mut(&event.game_id) {
            game.history.push(event);
        }
    }

    fn open_games(&self) -> String {
        let mut ids: Vec<&str> = self.games.keys().map(String::as_str).collect();
        ids.sort_unstable();
        ids.join(", ")
    }

    /// The stream ended with status OK but no SHUTDOWN: fine between games.
    fn closed(&self) -> Result<u32, Error> {
        if !self.welcomed {
            return Err(Error::Protocol("the arbiter closed the stream without a Welcome".into()));
        }
        if !self.games.is_empty() {
            return Err(Error::Connection(format!(
                "the arbiter closed the stream in the middle of game {}",
                self.open_games()
            )));
        }
        Ok(self.finished)
    }

    fn broken(&self, address: &str, status: &tonic::Status) -> Result<u32, Error> {
        if self.welcomed && self.games.is_empty() {
            return Ok(self.finished);
        }
        let place = if self.welcomed {
            format!("in the middle of game {}", self.open_games())
        } else {
            "before welcoming this bot".to_owned()
        };
        Err(Error::Connection(format!(
            "the stream to {address} broke {place}: {:?} {}",
            status.code(),
            status.message()
        )))
    }
}

fn check_welcome(welcome: &Welcome) -> Result<(), Error> {
    if welcome.protocol_version == PROTOCOL_VERSION {
        return Ok(());
    }
    Err(Error::VersionMismatch(format!(
        "protocol version mismatch: this SDK speaks version {PROTOCOL_VERSION}, the arbiter version {}",
        welcome.protocol_version
    )))
}

fn kind(message: &arbiter_message::Message) -> &'static str {
    use arbiter_message::Message as M;
    match message {
        M::Welcome(_) => "a Welcome",
        M::GameStart(_) => "a GameStart",
        M::GameEvent(_) => "a GameEvent",
        M::DecisionRequest(_) => "a DecisionRequest",
        M::GameEnd(_) => "a GameEnd",
        M::Error(_) => "an Error",
    }
}

/// The gRPC channel to `address`: `unix:///abs/path`, `unix:path` or
/// `HOST:PORT` (tonic's own connector for TCP; a UnixStream connector for a
/// socket). Tries again until `timeout`, as the arbiter may still be
/// starting. tonic uses no HTTP proxy.
async fn connect(address: &str, timeout: Duration) -> Result<Channel, Error> {
    let bad = |e: String| Error::Configuration(format!("bad arbiter address {address:?}: {e}"));
    let socket = address.strip_prefix("unix://").or_else(|| address.strip_prefix("unix:")).map(str::to_owned);
    let endpoint = match &socket {
        // The URI of a unix socket's channel only names the HTTP/2 authority.
        Some(path) if path.is_empty() => return Err(bad("no socket path".into())),
        Some(_) => Endpoint::from_static("http://localhost"),
        None if address.contains("://") => Endpoint::from_shared(address.to_owned()).map_err(|e| bad(e.to_string()))?,
        None => Endpoint::from_shared(format!("http://{address}")).map_err(|e| bad(e.to_string()))?,
    };
    let endpoint = endpoint.connect_timeout(timeout);
    let deadline = Instant::now() + timeout;
    loop {
        let attempt = match &socket {
            Some(path) => {
                let path = path.clone();
                endpoint
                    .connect_with_connector(tower::service_fn(move |_: Uri| {
                        let path = path.clone();
                        async move { UnixStream::connect(path).await.map(TokioIo::new) }
                    }))
                    .await
            }
            None => endpoint.connect().await,
        };
        match attempt {
            Ok(channel) => return Ok(channel),
            Err(_) if Instant::now() + Duration::from_millis(100) < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => {
                return Err(Error::Connection(format!(
                    "cannot reach the arbiter at {address} within {} s: {}",
                    timeout.as_secs_f64().round(),
                    source_chain(&e)
                )))
            }
        }
    }
}

/// An error with its causes ("transport error: No such file or directory").
fn source_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    text
}
