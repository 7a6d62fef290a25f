//! Cards and the games' card arithmetic.
use zetema_bot::cards::{self, pontoon, scotch_whist, Card, ACE, JACK, KING, TEN};

#[test]
fn cards_parse_and_print() {
    assert_eq!(cards::parse_card("10h").unwrap(), Card::new(TEN, 1));
    assert_eq!(cards::parse_card("KS").unwrap(), Card::new(KING, 0));
    assert_eq!(Card::new(TEN, 1).to_string(), "TH");
    assert_eq!(cards::format_cards(&cards::parse_cards("as, 4h KC").unwrap()), "AS 4H KC");
    for bad in ["", "9X", "1S", "KSS", "10", "é5"] {
        let e = cards::parse_card(bad).unwrap_err();
        assert!(e.to_string().starts_with(&format!("bad card {bad:?}")), "{e}");
    }
    assert_eq!(cards::cards_of(&["AS", ""]), [Some(Card::new(ACE, 0)), None]);
    assert_eq!(cards::known_cards(&["AS", "", "2D"]).len(), 2);
}

fn hand(text: &str) -> Vec<Option<Card>> {
    cards::parse_cards(text).unwrap().into_iter().map(Some).collect()
}

#[test]
fn pontoon_totals() {
    assert_eq!(pontoon::hand_total(&hand("AS 6D")), 17);
    assert!(pontoon::is_soft(&hand("AS 6D")));
    assert_eq!(pontoon::hand_total(&hand("AS 6D 9C")), 16);
    assert!(!pontoon::is_soft(&hand("AS 6D 9C")));
    assert!(pontoon::is_pontoon(&hand("AS KD")));
    assert!(!pontoon::is_pontoon(&hand("AS 5D 5C")));
    assert!(pontoon::is_bust(&hand("KS QD 2C")));
    let mut hidden = hand("KS");
    hidden.push(None);
    assert_eq!(pontoon::hand_total(&hidden), 10, "a hidden card counts nothing");
}

#[test]
fn whist_tricks() {
    let trump = 1; // hearts
    let trick = cards::parse_cards("AS KS 6H").unwrap();
    assert_eq!(scotch_whist::winner_index(&trick, trump), 2, "the trump wins");
    let trick = cards::parse_cards("9S AS KD").unwrap();
    assert_eq!(scotch_whist::winner_index(&trick, trump), 1, "the ace is high, another suit never wins");
    assert!(
        scotch_whist::strength(Card::new(JACK, trump), trump) > scotch_whist::strength(Card::new(ACE, trump), trump)
    );
    assert!(scotch_whist::strength(Card::new(ACE, 0), trump) > scotch_whist::strength(Card::new(KING, 0), trump));
    assert_eq!(scotch_whist::item_points(JACK), 11);
}
