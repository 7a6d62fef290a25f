// my_bot: declares whenever it can, otherwise discards its highest card.
use zetema_bot::zetema::{action::Kind, LegalAction};
use zetema_bot::{cards::parse_card, Bot, Observation};

fn discard_rank(legal: &LegalAction) -> u8 {
    match legal.action.as_ref().and_then(|a| a.kind.as_ref()) {
        Some(Kind::Discard(d)) => parse_card(&d.card).map_or(0, |c| c.rank),
        _ => 0,
    }
}

fn main() {
    Bot::new("my-bot").version("1.0").run(|decision| {
        let Observation::Zetema(zetema) = decision.observation else { return 0 };
        let actions = &zetema.legal_actions;
        if let Some(i) = actions.iter().position(|a| !matches!(a.action.as_ref().and_then(|a| a.kind.as_ref()), Some(Kind::Discard(_)))) {
            return i; // melds and marriages score points
        }
        (0..actions.len()).max_by_key(|&i| discard_rank(&actions[i])).unwrap_or(0)
    });
}
