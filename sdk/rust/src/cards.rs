//! Cards in the rules' notation: rank letter then suit letter ("AS", "TH",
//! "7C"; "10H" is read as "TH"). Ranks are 0..12 for A 2 3 4 5 6 7 8 9 T J
//! Q K (ace low), suits 0..3 for S H D C. Both copies of an imperial card are
//! the same `Card`.
use std::fmt;
use std::str::FromStr;

pub const RANKS: &str = "A23456789TJQK";
pub const SUITS: &str = "SHDC";
pub const ACE: u8 = 0;
pub const TEN: u8 = 9;
pub const JACK: u8 = 10;
pub const QUEEN: u8 = 11;
pub const KING: u8 = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub rank: u8,
    pub suit: u8,
}

/// Text that is no card; the message names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError(pub String);

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CardError {}

impl Card {
    /// The card of this rank (0..12) and suit (0..3); panics outside them.
    pub fn new(rank: u8, suit: u8) -> Card {
        assert!(rank < 13 && suit < 4, "a card has a rank 0..12 and a suit 0..3, got {rank}, {suit}");
        Card { rank, suit }
    }

    pub fn rank_char(self) -> char {
        RANKS.as_bytes()[self.rank as usize] as char
    }

    pub fn suit_char(self) -> char {
        SUITS.as_bytes()[self.suit as usize] as char
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit_char())
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// "TH", "10h", "as": case does not matter.
    fn from_str(text: &str) -> Result<Card, CardError> {
        let bad = || CardError(format!("bad card {text:?}: want a rank of A23456789TJQK (or 10) and a suit of SHDC"));
        let upper = text.trim().to_ascii_uppercase();
        let (rank, suit) = match upper.strip_prefix("10") {
            Some(suit) => ("T", suit),
            None if upper.len() == 2 && upper.is_char_boundary(1) => upper.split_at(1),
            None => return Err(bad()),
        };
        let rank = RANKS.find(rank).filter(|_| rank.len() == 1).ok_or_else(bad)?;
        let suit = SUITS.find(suit).filter(|_| suit.len() == 1).ok_or_else(bad)?;
        Ok(Card::new(rank as u8, suit as u8))
    }
}

/// One card.
pub fn parse_card(text: &str) -> Result<Card, CardError> {
    text.parse()
}

/// Cards separated by spaces or commas: "AS 4H, KS".
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).map(parse_card).collect()
}

/// The cards of a message's string list; a card the seat cannot see (an
/// empty or unreadable string) is `None`.
pub fn cards_of<S: AsRef<str>>(cards: &[S]) -> Vec<Option<Card>> {
    cards.iter().map(|c| c.as_ref().parse().ok()).collect()
}

/// The readable cards of a message's string list (hidden ones left out).
pub fn known_cards<S: AsRef<str>>(cards: &[S]) -> Vec<Card> {
    cards.iter().filter_map(|c| c.as_ref().parse().ok()).collect()
}

/// "AS 4H KS".
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

/// Pontoon's card arithmetic; an unknown card (`None`) counts nothing.
pub mod pontoon {
    use super::{Card, ACE};

    /// An ace counts 1 here (see `hand_total`), court cards and tens 10.
    pub fn card_value(card: Card) -> u32 {
        (card.rank as u32 + 1).min(10)
    }

    fn low_total(cards: &[Option<Card>]) -> u32 {
        cards.iter().flatten().map(|&c| card_value(c)).sum()
    }

    /// True when an ace counts 11 in `hand_total`.
    pub fn is_soft(cards: &[Option<Card>]) -> bool {
        cards.iter().flatten().any(|c| c.rank == ACE) && low_total(cards) + 10 <= 21
    }

    /// The highest count not over 21 (an ace 11 where that stays under 22), else the lowest.
    pub fn hand_total(cards: &[Option<Card>]) -> u32 {
        low_total(cards) + if is_soft(cards) { 10 } else { 0 }
    }

    pub fn is_bust(cards: &[Option<Card>]) -> bool {
        low_total(cards) > 21
    }

    /// Two cards: an ace and a ten-valued card.
    pub fn is_pontoon(cards: &[Option<Card>]) -> bool {
        cards.len() == 2 && is_soft(cards) && hand_total(cards) == 21
    }
}

/// Scotch Whist's trick arithmetic (`trump`: the trump suit, 0..3).
pub mod scotch_whist {
    use super::{Card, ACE, JACK, KING, QUEEN, TEN};

    const PLAIN_ORDER: [u8; 9] = [5, 6, 7, 8, TEN, JACK, QUEEN, KING, ACE]; // 6 .. A
    const TRUMP_ORDER: [u8; 9] = [5, 6, 7, 8, TEN, QUEEN, KING, ACE, JACK]; // 6 .. A J

    /// What capturing the card scores when it is a trump: the ten 10, the
    /// jack 11, ace 4, king 3, queen 2.
    pub fn item_points(rank: u8) -> u32 {
        match rank {
            TEN => 10,
            JACK => 11,
            ACE => 4,
            KING => 3,
            QUEEN => 2,
            _ => 0,
        }
    }

    /// The card's order within its suit, 0 (the 6) to 8 (the ace; in trumps
    /// the jack); -1 for a card the pack does not hold.
    pub fn strength(card: Card, trump: u8) -> i32 {
        let order = if card.suit == trump { &TRUMP_ORDER } else { &PLAIN_ORDER };
        order.iter().position(|&r| r == card.rank).map_or(-1, |p| p as i32)
    }

    /// Whether `card`, played to a trick led with `led` whose winning card so
    /// far is `best`, takes it over.
    pub fn beats(card: Card, best: Card, led: Card, trump: u8) -> bool {
        if card.suit == trump {
            return best.suit != trump || strength(card, trump) > strength(best, trump);
        }
        best.suit != trump
            && card.suit == best.suit
            && best.suit == led.suit
            && strength(card, trump) > strength(best, trump)
    }

    /// The position (in the order played) of the card that wins the trick so
    /// far; panics on an empty trick.
    pub fn winner_index(cards: &[Card], trump: u8) -> usize {
        (1..cards.len()).fold(0, |best, i| if beats(cards[i], cards[best], cards[0], trump) { i } else { best })
    }
}
