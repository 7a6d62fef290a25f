//! The errors the SDK returns; each message says what went wrong and where,
//! and `exit_code` is the status `Bot::run` exits with.
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// No arbiter address or token (neither flag nor environment), or a bad flag or option.
    Configuration(String),
    /// The arbiter could not be reached, or the stream broke mid-game.
    Connection(String),
    /// The arbiter refused the stream or sent something that makes no sense.
    Protocol(String),
    /// The arbiter speaks another protocol version than this SDK.
    VersionMismatch(String),
    /// The arbiter did not accept the token (unknown or already used).
    BadToken(String),
    /// The arbiter plays a game this bot did not declare (`Bot::games`).
    GameNotDeclared(String),
    /// The callback returned an answer that cannot be sent (nothing was sent).
    Answer(String),
}

impl Error {
    /// 2 configuration, 3 connection, 4 protocol, 5 version mismatch, 6 bad
    /// token, 7 game not declared, 1 a bad answer of the callback.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Answer(_) => 1,
            Error::Configuration(_) => 2,
            Error::Connection(_) => 3,
            Error::Protocol(_) => 4,
            Error::VersionMismatch(_) => 5,
            Error::BadToken(_) => 6,
            Error::GameNotDeclared(_) => 7,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Configuration(m)
            | Error::Connection(m)
            | Error::Protocol(m)
            | Error::VersionMismatch(m)
            | Error::BadToken(m)
            | Error::GameNotDeclared(m)
            | Error::Answer(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}
