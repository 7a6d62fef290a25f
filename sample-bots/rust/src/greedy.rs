//! Zetema: the legal action worth the most points now (the arbiter says what
//! each scores); otherwise the discard least likely to hand an opponent a
//! zetema (the fifth card of a rank pile), keeping pairs, neighbours and
//! marriage halves. The heuristics of the Python greedy bot (sample-bots/greedy).
use zetema_bot::cards::{known_cards, Card, KING, QUEEN};
use zetema_bot::zetema::{action::Kind, Decision, LegalAction, Observation, Ruleset};

const CARDS_PER_RANK: i32 = 5; // every rank has exactly five cards
const DECK_SIZE: i32 = 65;
// Parlett's zetema points by rank, for a game without a ruleset.
const DEFAULT_ZETEMA: [i32; 13] = [15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50];

/// The observation's cards, parsed once.
struct View<'a> {
    obs: &'a Observation,
    hand: Vec<Card>,
    piles: Vec<Card>,
    waste: Vec<Card>,
    known: Vec<Vec<Card>>,
    points: [i32; 13],
}

impl<'a> View<'a> {
    fn new(obs: &'a Observation, ruleset: Option<&Ruleset>) -> View<'a> {
        let table = ruleset.and_then(|r| r.points.as_ref()).map(|p| p.zetema.as_slice()).unwrap_or_default();
        View {
            obs,
            hand: known_cards(&obs.hand),
            piles: known_cards(&obs.piles),
            waste: known_cards(&obs.waste),
            known: obs.known.iter().map(|k| known_cards(&k.cards)).collect(),
            points: table.try_into().unwrap_or(DEFAULT_ZETEMA),
        }
    }

    fn count(cards: &[Card], rank: u8) -> i32 {
        cards.iter().filter(|c| c.rank == rank).count() as i32
    }

    /// Expected zetema points that discarding `card` hands to opponents,
    /// minus what it hands to partners.
    fn danger(&self, card: Card) -> f64 {
        let rank = card.rank;
        if Self::count(&self.waste, rank) > 0 {
            return 0.0; // no zetema of this rank this deal
        }
        let on_pile = Self::count(&self.piles, rank) + 1;
        let mine = Self::count(&self.hand, rank) - 1;
        let missing = CARDS_PER_RANK - on_pile - mine;
        if mine > 0 || missing <= 0 {
            return 0.0; // nobody completes it without a card of ours
        }
        let obs = self.obs;
        let seats = 0..obs.hand_sizes.len();
        let team = |s: usize| obs.team_of.get(s).copied().unwrap_or(s as i32);
        let me = obs.seat as usize;
        let opponents: Vec<usize> = seats.clone().filter(|&s| team(s) != team(me)).collect();
        let partners: Vec<usize> = seats.filter(|&s| s != me && team(s) == team(me)).collect();
        let known = |s: usize| self.known.get(s).map(Vec::as_slice).unwrap_or_default();
        let known_cards: i32 = self.known.iter().map(|k| k.len() as i32).sum();
        let unseen = DECK_SIZE - (self.hand.len() + self.piles.len() + self.waste.len()) as i32 - known_cards;
        let unknown_in = |group: &[usize]| -> i32 {
            group.iter().map(|&s| (obs.hand_sizes[s] - known(s).len() as i32).max(0)).sum()
        };
        let share = |group: &[usize]| if unseen > 0 { unknown_in(group) as f64 / unseen as f64 } else { 0.0 };
        let by_opponents: i32 = opponents.iter().map(|&s| Self::count(known(s), rank)).sum();
        let by_partners: i32 = partners.iter().map(|&s| Self::count(known(s), rank)).sum();
        let free = (missing - by_opponents - by_partners).max(0);
        // Every missing card must be on one side for that side to complete it.
        let p_opponents = if by_partners == 0 { share(&opponents).powi(free) } else { 0.0 };
        let p_partners = if by_opponents == 0 && !partners.is_empty() { share(&partners).powi(free) } else { 0.0 };
        self.points[rank as usize] as f64 * (p_opponents - p_partners)
    }

    /// How much the card may be worth keeping (ties between safe discards).
    fn keep_value(&self, card: Card) -> i32 {
        let mut value = 2 * (Self::count(&self.hand, card.rank) - 1);
        if card.rank == QUEEN || card.rank == KING {
            let other = QUEEN + KING - card.rank; // its partner is reachable
            let reachable = self.hand.iter().chain(&self.piles).any(|c| c.rank == other && c.suit == card.suit);
            value += if reachable { 3 } else { 0 };
        }
        value + self.hand.iter().filter(|c| c.rank.abs_diff(card.rank) == 1).count() as i32
    }
}

/// The card an action discards, if any (a meld may end with one).
pub fn discard_of(legal: &LegalAction) -> Option<Card> {
    match legal.action.as_ref()?.kind.as_ref()? {
        Kind::Discard(d) => d.card.parse().ok(),
        Kind::Meld(m) => m.discard.parse().ok(),
        Kind::Marry(_) => None,
    }
}

fn is_discard(legal: &LegalAction) -> bool {
    matches!(legal.action.as_ref().and_then(|a| a.kind.as_ref()), Some(Kind::Discard(_)))
}

/// The earliest index with the smallest key.
fn min_by(indices: impl Iterator<Item = usize>, key: impl Fn(usize) -> (f64, i32)) -> Option<usize> {
    indices.fold(None, |best: Option<usize>, i| match best {
        Some(b) if key(b).partial_cmp(&key(i)) != Some(std::cmp::Ordering::Greater) => Some(b),
        _ => Some(i),
    })
}

pub fn choose(decision: &Decision, ruleset: Option<&Ruleset>) -> usize {
    let Some(obs) = decision.observation.as_ref() else { return 0 };
    let view = View::new(obs, ruleset);
    let legal = &decision.legal_actions;
    let risk = |i: usize| discard_of(&legal[i]).map_or(0.0, |c| view.danger(c));
    let best = legal.iter().map(|a| a.points).max().unwrap_or(0);
    if best > 0 {
        return min_by((0..legal.len()).filter(|&i| legal[i].points == best), |i| (risk(i), 0)).unwrap_or(0);
    }
    let keep = |i: usize| discard_of(&legal[i]).map_or(0, |c| view.keep_value(c));
    min_by((0..legal.len()).filter(|&i| is_discard(&legal[i])), |i| (risk(i), keep(i))).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zetema_bot::zetema::{Action, CardList, Discard};

    fn discard(card: &str, points: i32) -> LegalAction {
        let kind = Kind::Discard(Discard { card: card.into() });
        LegalAction { action: Some(Action { kind: Some(kind) }), text: format!("discard {card}"), points }
    }

    fn decision(hand: &[&str], piles: &[&str], legal: Vec<LegalAction>) -> Decision {
        let strings = |cards: &[&str]| cards.iter().map(|c| c.to_string()).collect();
        let observation = Observation {
            seat: 0,
            hand: strings(hand),
            piles: strings(piles),
            hand_sizes: vec![hand.len() as i32, 7],
            team_of: vec![0, 1],
            known: vec![CardList::default(), CardList::default()],
            num_players: 2,
            ..Default::default()
        };
        Decision { observation: Some(observation), legal_actions: legal }
    }

    #[test]
    fn takes_the_most_points() {
        let d = decision(&["9H", "KS"], &[], vec![discard("9H", 0), discard("KS", 20)]);
        assert_eq!(choose(&d, None), 1);
    }

    #[test]
    fn does_not_hand_a_zetema_to_the_opponent() {
        // Three kings on the pile: a fourth one leaves the fifth to the opponent.
        let d = decision(&["KH", "5D"], &["KS", "KC", "KD"], vec![discard("KH", 0), discard("5D", 0)]);
        assert_eq!(choose(&d, None), 1);
    }

    #[test]
    fn keeps_pairs_among_safe_discards() {
        let mut d = decision(&["5D", "5S", "9C"], &[], vec![discard("5D", 0), discard("9C", 0)]);
        d.observation.as_mut().unwrap().waste = vec!["9S".into()]; // no zetema of nines this deal
        assert_eq!(choose(&d, None), 1);
    }
}
