//! Scotch Whist: the usual heuristics of Catch the Ten, around the ten of
//! trumps (10 points to whoever captures it) and the jack of trumps (11, and
//! the highest card). The Python sample bot's (sample-bots/scotch_whist):
//! - leading: with the jack or ace of trumps while the ten is out, lead
//!   trumps from the top; lead the ten only when no higher trump is out;
//!   else a card sure to win, else the lowest plain card;
//! - following: give a point card to a partner sure to win; win the trick
//!   with the cheapest sure winner; else throw the card worth least.
use zetema_bot::cards::scotch_whist::{beats, item_points, strength, winner_index};
use zetema_bot::cards::{known_cards, Card, ACE, JACK, SUITS, TEN};
use zetema_bot::scotch_whist::{action::Kind, Decision, Observation};

const RANKS_IN_PACK: [u8; 9] = [ACE, 5, 6, 7, 8, TEN, JACK, 11, 12]; // A 6 7 8 9 T J Q K

/// Cards in other seats' hands: neither in this hand nor played.
fn unseen(obs: &Observation, hand: &[Card]) -> Vec<Card> {
    let played: Vec<Card> = obs.tricks.iter().chain(&obs.trick).flat_map(|t| known_cards(&t.cards)).collect();
    let no_six_of_clubs = obs.num_players == 5 || obs.num_players == 7;
    (0..4)
        .flat_map(|s| RANKS_IN_PACK.map(|r| Card::new(r, s)))
        .filter(|&c| !(no_six_of_clubs && c == Card::new(5, 3)))
        .filter(|c| !played.contains(c) && !hand.contains(c))
        .collect()
}

/// What capturing this card scores on its own (trump ten and honours).
fn points(card: Card, trump: u8) -> u32 {
    if card.suit == trump {
        item_points(card.rank)
    } else {
        0
    }
}

/// How much giving the card away or spending it hurts: points, then trumps
/// over plain cards, then strength.
fn cost(card: Card, trump: u8) -> (u32, bool, i32) {
    (points(card, trump), card.suit == trump, strength(card, trump))
}

/// Whether `card`, played now, wins the trick whatever the others hold.
fn sure_winner(card: Card, trick: &[Card], others: &[Card], trump: u8, last: bool) -> bool {
    let cards: Vec<Card> = trick.iter().copied().chain([card]).collect();
    if winner_index(&cards, trump) != trick.len() {
        return false;
    }
    last || !others.iter().any(|&o| beats(o, card, cards[0], trump))
}

fn min_by<K: PartialOrd>(cards: &[Card], key: impl Fn(Card) -> K) -> Card {
    cards.iter().copied().reduce(|m, c| if key(c) < key(m) { c } else { m }).expect("a card")
}

fn max_by<K: PartialOrd>(cards: &[Card], key: impl Fn(Card) -> K) -> Card {
    cards.iter().copied().reduce(|m, c| if key(m) < key(c) { c } else { m }).expect("a card")
}

fn play_card(decision: &Decision, i: usize) -> Option<Card> {
    match decision.legal_actions[i].action.as_ref()?.kind.as_ref()? {
        Kind::Play(p) => p.card.parse().ok(),
    }
}

fn choose_card(obs: &Observation, cards: &[Card]) -> Card {
    let trump = SUITS.find(obs.trump_suit.as_str()).map_or(4, |s| s as u8);
    let others = unseen(obs, &known_cards(&obs.hand));
    let trick = obs.trick.as_ref().map(|t| known_cards(&t.cards)).unwrap_or_default();
    let last = trick.len() as i32 == obs.num_players - 1;
    let (ten, jack, ace) = (Card::new(TEN, trump % 4), Card::new(JACK, trump % 4), Card::new(ACE, trump % 4));
    let by_strength = |c: Card| strength(c, trump);
    let plain: Vec<Card> = cards.iter().copied().filter(|c| c.suit != trump).collect();

    if trick.is_empty() {
        let trumps: Vec<Card> = cards.iter().copied().filter(|c| c.suit == trump).collect();
        if others.contains(&ten) && (cards.contains(&jack) || (cards.contains(&ace) && !others.contains(&jack))) {
            return max_by(&trumps, by_strength);
        }
        if cards.contains(&ten) && sure_winner(ten, &[], &others, trump, false) {
            return ten;
        }
        // A plain card no unseen card of its suit beats (a void seat may trump it).
        let sure: Vec<Card> = plain
            .iter()
            .copied()
            .filter(|&c| !others.iter().any(|o| o.suit == c.suit && by_strength(*o) > by_strength(c)))
            .collect();
        if !sure.is_empty() {
            return max_by(&sure, by_strength);
        }
        return min_by(if plain.is_empty() { cards } else { &plain }, |c| cost(c, trump));
    }
    let best = trick[winner_index(&trick, trump)];
    let leader = obs.trick.as_ref().map_or(0, |t| t.leader);
    let winner = (leader + winner_index(&trick, trump) as i32) % obs.num_players.max(1);
    let team = |s: i32| obs.team_of.get(s as usize).copied().unwrap_or(s);
    let partner_wins = winner != obs.seat && team(winner) == team(obs.seat);
    if partner_wins && (last || !others.iter().any(|&o| beats(o, best, trick[0], trump))) {
        return max_by(cards, |c| (points(c, trump), -strength(c, trump)));
    }
    let sure: Vec<Card> = cards.iter().copied().filter(|&c| sure_winner(c, &trick, &others, trump, last)).collect();
    if !sure.is_empty() {
        return min_by(&sure, |c| cost(c, trump));
    }
    let value: u32 = trick.iter().map(|&c| points(c, trump)).sum();
    let winners: Vec<Card> = cards.iter().copied().filter(|&c| c != ten && beats(c, best, trick[0], trump)).collect();
    if !winners.is_empty() && value > 0 {
        return max_by(&winners, by_strength); // worth a try
    }
    min_by(cards, |c| cost(c, trump))
}

pub fn choose(decision: &Decision) -> usize {
    let Some(obs) = decision.observation.as_ref() else { return 0 };
    let cards: Vec<Option<Card>> = (0..decision.legal_actions.len()).map(|i| play_card(decision, i)).collect();
    let playable: Vec<Card> = cards.iter().flatten().copied().collect();
    if playable.is_empty() {
        return 0;
    }
    let card = choose_card(obs, &playable);
    cards.iter().position(|&c| c == Some(card)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zetema_bot::scotch_whist::{Action, LegalAction, Play, Trick};

    fn decision(hand: &[&str], trick: &[&str], leader: i32) -> Decision {
        let strings = |cards: &[&str]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let observation = Observation {
            seat: 1,
            num_players: 2,
            hand: strings(hand),
            trump_suit: "H".into(),
            trick: Some(Trick { leader, cards: strings(trick), winner: -1 }),
            team_of: vec![0, 1],
            ..Default::default()
        };
        let play = |c: &str| LegalAction {
            action: Some(Action { kind: Some(Kind::Play(Play { card: c.into() })) }),
            text: format!("play {c}"),
        };
        Decision { observation: Some(observation), legal_actions: hand.iter().map(|c| play(c)).collect() }
    }

    #[test]
    fn leads_trumps_from_the_top_with_the_jack_while_the_ten_is_out() {
        assert_eq!(choose(&decision(&["6S", "JH", "7H"], &[], 1)), 1);
    }

    #[test]
    fn catches_the_ten_with_a_sure_winner() {
        // The ten of trumps led; the jack of trumps is the highest card.
        assert_eq!(choose(&decision(&["6S", "JH", "7H"], &["TH"], 0)), 1);
    }

    #[test]
    fn throws_the_cheapest_card_when_it_cannot_win() {
        assert_eq!(choose(&decision(&["KS", "6S"], &["AS"], 0)), 1);
    }
}
