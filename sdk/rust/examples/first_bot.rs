// my_bot: declares whenever it can, otherwise discards its highest card.
use zetema_bot::zetema::{action::Kind, LegalAction};
use zetema_bot::{cards::parse_card, Bot, Observation};

/// The rank of the card an action discards; None for a declaration.
fn discard_rank(legal: &LegalAction) -> Option<u8> {
    match legal.action.as_ref()?.kind.as_ref()? {
        Kind::Discard(d) => parse_card(&d.card).ok().map(|c| c.rank),
        _ => None,
    }
}

fn main() {
    Bot::new("my-bot").version("1.0").run(|decision| {
        let Observation::Zetema(zetema) = decision.observation else { return 0 };
        let ranks: Vec<Option<u8>> = zetema.legal_actions.iter().map(discard_rank).collect();
        match ranks.iter().position(Option::is_none) {
            Some(declaration) => declaration, // melds and marriages score points
            None => (0..ranks.len()).max_by_key(|&i| ranks[i]).unwrap_or(0),
        }
    });
}
