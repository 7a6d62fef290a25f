//! Pontoon: counts the cards that went under the pack to judge the next card
//! (the heuristics of the Python sample bot, sample-bots/pontoon):
//! - bet the most on an ace or a ten-valued first card, the least otherwise,
//!   in between when the cards left are rich in tens;
//! - split aces and eights; buy the most on 9 to 11 when no card can bust;
//! - twist while the chance of going bust is under a threshold that falls as
//!   the total rises (always under 12, never from 18, soft hands to 17, more
//!   boldly with four cards, for the five-card trick);
//! - the banker draws to 17, and beyond while most punters standing show more.
use zetema_bot::cards::pontoon::{card_value, hand_total, is_soft};
use zetema_bot::cards::{cards_of, Card, ACE};
use zetema_bot::pontoon::{ActionType, Decision, Hand, HandStatus, LegalAction, Observation};

/// The cards the next draw may be: the unseen part of the pack while it
/// lasts, then the known bottom, in order.
pub fn next_cards(obs: &Observation) -> Vec<Card> {
    let under = cards_of(&obs.under_pack);
    let unknown_pack = obs.pack_size - obs.under_pack.len() as i32;
    if unknown_pack <= 0 {
        if let Some(Some(first)) = under.first() {
            return vec![*first];
        }
    }
    let hands = obs.seats.iter().flat_map(|s| &s.hands);
    let mut seen: Vec<Card> = hands.flat_map(|h| cards_of(&h.cards)).chain(under).flatten().collect();
    seen.sort_unstable();
    let pack: Vec<Card> = (0..52).map(|i| Card::new(i % 13, i / 13)).collect();
    let unseen: Vec<Card> = pack.iter().copied().filter(|c| seen.binary_search(c).is_err()).collect();
    if unseen.is_empty() {
        pack
    } else {
        unseen
    }
}

/// The chance that one more card from `candidates` busts the hand.
pub fn bust_chance(cards: &[Option<Card>], candidates: &[Card]) -> f64 {
    let low: u32 = cards.iter().flatten().map(|&c| card_value(c)).sum();
    candidates.iter().filter(|&&c| low + card_value(c) > 21).count() as f64 / candidates.len().max(1) as f64
}

fn ten_share(candidates: &[Card]) -> f64 {
    candidates.iter().filter(|&&c| card_value(c) == 10).count() as f64 / candidates.len().max(1) as f64
}

fn kind(legal: &LegalAction) -> ActionType {
    legal.action.as_ref().and_then(|a| ActionType::try_from(a.r#type).ok()).unwrap_or(ActionType::Unspecified)
}

fn of_kind(legal: &[LegalAction], want: ActionType) -> Vec<usize> {
    (0..legal.len()).filter(|&i| kind(&legal[i]) == want).collect()
}

/// The hand this decision is about: the current one, else the seat's first.
fn my_hand(obs: &Observation) -> Option<&Hand> {
    let hands = &obs.seats.get(obs.seat as usize)?.hands;
    hands.get(obs.current_hand as usize).or(hands.first())
}

fn choose_bet(obs: &Observation, bets: &[usize]) -> usize {
    let first = my_hand(obs).and_then(|h| cards_of(&h.cards).first().copied().flatten());
    if first.is_some_and(|c| [1, 10].contains(&card_value(c))) {
        return bets[bets.len() - 1];
    }
    if ten_share(&next_cards(obs)) > 0.36 {
        return bets[bets.len() / 2];
    }
    bets[0]
}

/// The largest chance of going bust on the next card worth a twist, by hard
/// total (a soft hand cannot go bust on one card).
fn twist_threshold(total: u32) -> f64 {
    match total {
        12 => 0.6,
        13 => 0.5,
        14 => 0.45,
        15 => 0.35,
        16 => 0.25,
        17 => 0.1,
        _ => 0.0,
    }
}
// A fifth card that does not bust makes a five-card trick, paid double.
const FOUR_CARD_BONUS: f64 = 0.2;

pub fn wants_twist(cards: &[Option<Card>], chance: f64) -> bool {
    let total = hand_total(cards);
    if total <= 11 {
        return true;
    }
    if is_soft(cards) {
        return total <= 17;
    }
    let bonus = if cards.len() == 4 { FOUR_CARD_BONUS } else { 0.0 };
    chance < twist_threshold(total) + bonus
}

fn choose_punter(obs: &Observation, legal: &[LegalAction]) -> usize {
    let cards = my_hand(obs).map(|h| cards_of(&h.cards)).unwrap_or_default();
    let total = hand_total(&cards);
    let candidates = next_cards(obs);
    let split = of_kind(legal, ActionType::Split);
    if let (Some(&split), Some(Some(first))) = (split.first(), cards.first()) {
        if first.rank == ACE || first.rank == 7 {
            return split; // aces, eights
        }
    }
    let chance = bust_chance(&cards, &candidates);
    let buys = of_kind(legal, ActionType::Buy);
    if !buys.is_empty() && (9..=11).contains(&total) && chance == 0.0 {
        return buys[buys.len() - 1];
    }
    let twist = of_kind(legal, ActionType::Twist).first().copied();
    let stick = of_kind(legal, ActionType::Stick).first().copied();
    match (twist, stick) {
        (Some(t), None) => t,
        (Some(t), Some(_)) if wants_twist(&cards, chance) => t,
        (_, Some(s)) => s,
        _ => 0,
    }
}

fn choose_banker(obs: &Observation, legal: &[LegalAction]) -> usize {
    let twist = of_kind(legal, ActionType::Twist).first().copied();
    let stick = of_kind(legal, ActionType::Stick).first().copied();
    let banker = obs.seats.get(obs.banker as usize).and_then(|s| s.hands.first());
    let (Some(twist), Some(stick), Some(banker)) = (twist, stick, banker) else { return 0 };
    let banker_cards = cards_of(&banker.cards);
    let total = hand_total(&banker_cards);
    if total < 17 {
        return twist;
    }
    // Punters still standing, by what they show (face-down cards unknown).
    let (mut beaten, mut standing) = (0, 0);
    for (seat, state) in obs.seats.iter().enumerate() {
        if seat as i32 == obs.banker {
            continue;
        }
        for hand in state.hands.iter().filter(|h| h.status != HandStatus::Bust as i32) {
            standing += 1;
            let cards = cards_of(&hand.cards);
            if hand_total(&cards) > total || cards.len() >= 5 {
                beaten += 1;
            }
        }
    }
    if total < 21 && standing > 0 && beaten * 2 > standing && bust_chance(&banker_cards, &next_cards(obs)) < 0.5 {
        return twist;
    }
    stick
}

pub fn choose(decision: &Decision) -> usize {
    let Some(obs) = decision.observation.as_ref() else { return 0 };
    let legal = &decision.legal_actions;
    let bets = of_kind(legal, ActionType::Bet);
    if !bets.is_empty() {
        return choose_bet(obs, &bets);
    }
    if obs.seat == obs.banker {
        choose_banker(obs, legal)
    } else {
        choose_punter(obs, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zetema_bot::cards::parse_cards;
    use zetema_bot::pontoon::{Action, SeatState};

    fn action(kind: ActionType, amount: i32) -> LegalAction {
        LegalAction { action: Some(Action { r#type: kind as i32, amount }), text: String::new() }
    }

    fn punter(cards: &str, legal: Vec<LegalAction>) -> Decision {
        let hand = Hand { cards: cards.split(' ').map(String::from).collect(), ..Default::default() };
        let seats = vec![SeatState::default(), SeatState { hands: vec![hand], ..Default::default() }];
        let observation = Observation { seat: 1, banker: 0, seats, pack_size: 40, ..Default::default() };
        Decision { observation: Some(observation), legal_actions: legal }
    }

    #[test]
    fn bets_most_on_an_ace() {
        let bets = vec![action(ActionType::Bet, 1), action(ActionType::Bet, 2), action(ActionType::Bet, 3)];
        assert_eq!(choose(&punter("AS", bets.clone())), 2);
        assert_eq!(choose(&punter("4S", bets)), 0);
    }

    #[test]
    fn twists_low_and_sticks_high() {
        let legal = || vec![action(ActionType::Twist, 0), action(ActionType::Stick, 0)];
        assert_eq!(choose(&punter("5S 4D", legal())), 0);
        assert_eq!(choose(&punter("KS 9D", legal())), 1);
        assert_eq!(choose(&punter("AS 6D", legal())), 0, "a soft 17 twists");
    }

    #[test]
    fn splits_eights() {
        let legal = vec![action(ActionType::Split, 0), action(ActionType::Stick, 0), action(ActionType::Twist, 0)];
        assert_eq!(choose(&punter("8S 8D", legal)), 0);
    }

    #[test]
    fn bust_chance_counts_the_candidates() {
        let hand: Vec<Option<Card>> = parse_cards("KS 9D").unwrap().into_iter().map(Some).collect();
        let candidates = parse_cards("AS 2S 3S KH").unwrap();
        assert_eq!(bust_chance(&hand, &candidates), 0.5);
    }
}
