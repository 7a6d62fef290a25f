//! Write a bot for the Zetema arbiter in Rust: `Bot` connects to the
//! arbiter, says Hello with the bot's one-time token and plays every game the
//! arbiter sends through one callback, for Zetema, Pontoon and Scotch Whist
//! (typed) and any other game by its text. See docs/sdk-rust.md.
//!
//! ```no_run
//! use zetema_bot::{Bot, Observation};
//!
//! Bot::new("first").version("1.0").games(&zetema_bot::ALL_GAMES).run(|decision| {
//!     match decision.observation {
//!         Observation::Zetema(d) => d.legal_actions.iter().position(|a| a.points > 0).unwrap_or(0),
//!         _ => 0, // the first legal action
//!     }
//! });
//! ```
pub mod cards;
mod client;
mod decision;
mod error;

/// The protocol's messages, generated from the repository's `proto/` files.
pub mod proto {
    pub mod arbiter {
        pub mod v1 {
            tonic::include_proto!("arbiter.v1");
        }
    }
    pub mod zetema {
        pub mod v1 {
            tonic::include_proto!("zetema.v1");
        }
    }
    pub mod pontoon {
        pub mod v1 {
            tonic::include_proto!("pontoon.v1");
        }
    }
    pub mod scotch_whist {
        pub mod v1 {
            tonic::include_proto!("scotch_whist.v1");
        }
    }
}

pub use client::{connection_args, Bot, ConnectionArgs, ADDRESS_ENV, ALL_GAMES, PROTOCOL_VERSION, TOKEN_ENV};
pub use decision::{Answer, Decision, GameInfo, Observation};
pub use error::Error;
/// A game's result (end reason, winner, scores, places, faults). The one
/// place this crate names the message's proto package, which may move.
pub use proto::arbiter::v1::Result as GameResult;
pub use proto::{pontoon::v1 as pontoon, scotch_whist::v1 as scotch_whist, zetema::v1 as zetema};
