// every_game: plays Zetema, Pontoon, Scotch Whist and any text game.
use zetema_bot::{cards, Answer, Bot, Observation, ALL_GAMES};

fn main() {
    Bot::new("every-game").games(&ALL_GAMES).run(|decision| -> Answer {
        match decision.observation {
            // Each game's Decision: its observation and typed legal actions.
            Observation::Zetema(d) => d.legal_actions.iter().position(|a| a.points > 0).unwrap_or(0).into(),
            Observation::Pontoon(d) => {
                let obs = d.observation.clone().unwrap_or_default();
                let seat = obs.seats.get(obs.seat as usize).cloned().unwrap_or_default();
                let hand = seat.hands.get(obs.current_hand as usize).map(|h| cards::cards_of(&h.cards));
                let want = if cards::pontoon::hand_total(&hand.unwrap_or_default()) < 16 { "twist" } else { "stick" };
                d.legal_actions.iter().position(|a| a.text == want).unwrap_or(0).into()
            }
            Observation::ScotchWhist(d) => d.legal_actions[0].text.clone().into(), // text, judged by the arbiter
            Observation::Text(_) => 0.into(), // a game known by its text only: the first legal action
        }
    });
}
