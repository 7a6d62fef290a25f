package zetemabot

import (
	"fmt"
	"strings"
)

// Rank is a card's rank, 0..12 for A 2 3 4 5 6 7 8 9 T J Q K (an ace is
// low in this numbering; each game says how it ranks).
type Rank int

// Suit is a card's suit, 0..3 for S H D C.
type Suit int

// The ranks and suits by name.
const (
	Ace   Rank = 0
	Ten   Rank = 9
	Jack  Rank = 10
	Queen Rank = 11
	King  Rank = 12

	Spades   Suit = 0
	Hearts   Suit = 1
	Diamonds Suit = 2
	Clubs    Suit = 3
)

const (
	rankChars = "A23456789TJQK"
	suitChars = "SHDC"
)

// Suit symbols, black and white forms, in Suit order.
var suitSymbols = [4][2]string{{"♠", "♤"}, {"♥", "♡"}, {"♦", "♢"}, {"♣", "♧"}}

// Card is a playing card. Cards travel in the protocol as strings in the
// rules' notation: rank letter then suit letter ("AS", "TH", "7C").
type Card struct {
	Rank Rank
	Suit Suit
}

// String gives the card's two-letter form, e.g. "TH".
func (c Card) String() string {
	return string([]byte{rankChars[c.Rank], suitChars[c.Suit]})
}

// ParseCard reads a card: "TH", "10h", "Q♠". Errors name the text.
func ParseCard(text string) (Card, error) {
	bad := func(why string) (Card, error) {
		return Card{}, fmt.Errorf("bad card %q: %s", text, why)
	}
	if text == "" {
		return bad("empty")
	}
	var card Card
	rest := ""
	if strings.HasPrefix(text, "10") {
		card.Rank, rest = Ten, text[2:]
	} else {
		r := strings.IndexByte(rankChars, upper(text[0]))
		if r < 0 {
			return bad("the rank must be one of A 2 3 4 5 6 7 8 9 T J Q K (or 10)")
		}
		card.Rank, rest = Rank(r), text[1:]
	}
	if rest == "" {
		return bad("missing the suit (S H D C)")
	}
	if len(rest) == 1 {
		s := strings.IndexByte(suitChars, upper(rest[0]))
		if s < 0 {
			return bad("the suit must be one of S H D C")
		}
		card.Suit = Suit(s)
		return card, nil
	}
	for s, symbols := range suitSymbols {
		if rest == symbols[0] || rest == symbols[1] {
			card.Suit = Suit(s)
			return card, nil
		}
	}
	return bad("the suit must be one of S H D C (or a suit symbol)")
}

// ParseSuit reads a suit letter ("S", "h") or symbol.
func ParseSuit(text string) (Suit, error) {
	c, err := ParseCard("A" + text)
	if err != nil {
		return 0, fmt.Errorf("bad suit %q: must be one of S H D C", text)
	}
	return c.Suit, nil
}

// ParseCards reads cards separated by spaces or commas, or one card per
// string (the protocol's repeated card fields). An empty string in a list
// (a card hidden from this seat) is an error: see ParseKnownCards.
func ParseCards(texts ...string) ([]Card, error) {
	cards := make([]Card, 0, len(texts))
	for _, text := range texts {
		if text != "" && !strings.ContainsFunc(text, isSeparator) {
			// One card, the protocol's form: no list of words to allocate.
			c, err := ParseCard(text)
			if err != nil {
				return nil, err
			}
			cards = append(cards, c)
			continue
		}
		for _, word := range strings.FieldsFunc(text, isSeparator) {
			c, err := ParseCard(word)
			if err != nil {
				return nil, err
			}
			cards = append(cards, c)
		}
	}
	return cards, nil
}

// ParseKnownCards reads one card per string, "" (a card hidden from this
// seat) giving nil: the form of Pontoon's hands and pack bottom.
func ParseKnownCards(texts []string) ([]*Card, error) {
	cards := make([]*Card, len(texts))
	for i, text := range texts {
		if text == "" {
			continue
		}
		c, err := ParseCard(text)
		if err != nil {
			return nil, err
		}
		cards[i] = &c
	}
	return cards, nil
}

// FormatCards prints cards in their two-letter form, separated by spaces.
func FormatCards(cards []Card) string {
	words := make([]string, len(cards))
	for i, c := range cards {
		words[i] = c.String()
	}
	return strings.Join(words, " ")
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func isSeparator(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ','
}
