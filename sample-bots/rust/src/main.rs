//! The Rust starter bot: plays Zetema, Pontoon and Scotch Whist with the
//! Python sample bots' heuristics (greedy.rs, pontoon.rs, whist.rs).
//!
//!   sample-bots/rust/rust-starter                      # spawned by the arbiter
//!   sample-bots/rust/rust-starter --address HOST:PORT --token T
mod greedy;
mod pontoon;
mod whist;

use zetema_bot::proto::arbiter::v1::game_start::GameStart;
use zetema_bot::{Bot, Observation, ALL_GAMES};

fn main() {
    Bot::new("rust-starter").version("1.0").games(&ALL_GAMES).run(|decision| {
        let start = decision.game.and_then(|g| g.start.game_start.as_ref());
        match decision.observation {
            Observation::Zetema(d) => {
                let ruleset = match start {
                    Some(GameStart::Zetema(s)) => s.ruleset.as_ref(),
                    _ => None,
                };
                greedy::choose(d, ruleset)
            }
            Observation::Pontoon(d) => pontoon::choose(d),
            Observation::ScotchWhist(d) => whist::choose(d),
            Observation::Text(_) => 0, // a game known by its text only: the first legal action
        }
    });
}
