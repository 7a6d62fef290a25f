package zetemabot

import (
	"strings"
	"testing"
)

func TestCards(t *testing.T) {
	for text, want := range map[string]string{"TH": "TH", "10h": "TH", "q♠": "QS", "A♧": "AC", "7d": "7D"} {
		c, err := ParseCard(text)
		if err != nil || c.String() != want {
			t.Errorf("ParseCard(%q) = %v, %v; want %s", text, c, err, want)
		}
	}
	for text, says := range map[string]string{"": "empty", "9X": "the suit must be one of S H D C",
		"1S": "the rank must be", "K": "missing the suit", "KS!": "suit symbol"} {
		if _, err := ParseCard(text); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseCard(%q): %v, want an error saying %q", text, err, says)
		}
	}
	cards, err := ParseCards("4S, 5h", "KD")
	if err != nil || FormatCards(cards) != "4S 5H KD" {
		t.Errorf("ParseCards: %v %v", cards, err)
	}
	// The protocol's form, one card a string: read in place, the result the
	// only allocation; a bad one is named.
	hand := []string{"4S", "5h", "10D", "Q♠"}
	cards, err = ParseCards(hand...)
	if err != nil || FormatCards(cards) != "4S 5H TD QS" {
		t.Errorf("ParseCards: %v %v", cards, err)
	}
	if n := testing.AllocsPerRun(100, func() { ParseCards(hand...) }); n != 1 {
		t.Errorf("ParseCards of one card a string allocates %v times, not once", n)
	}
	if _, err := ParseCards("QS", "9X"); err == nil || !strings.Contains(err.Error(), `"9X"`) {
		t.Errorf("ParseCards with 9X: %v", err)
	}
	known, err := ParseKnownCards([]string{"AS", ""})
	if err != nil || known[0].Rank != Ace || known[1] != nil {
		t.Errorf("ParseKnownCards: %v %v", known, err)
	}
}

func TestZetemaActions(t *testing.T) {
	for _, text := range []string{"discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H",
		"meld 5S 5H 5D 5C 5S", "marry KS QS, KS* QS"} {
		a, err := ParseAction(text)
		if err != nil || FormatAction(a) != text {
			t.Errorf("%q reads back as %q (%v)", text, FormatAction(a), err)
		}
	}
	a, _ := ParseAction("MELD 9h 8s 7c 6d 5h 4s discard 9h")
	b, _ := ParseAction("meld 4S 5H 6D 7C 8S 9H discard 9H")
	c, _ := ParseAction("meld 4S 5H 6D 7C 8S 9H discard 8S")
	m1, _ := ParseAction("marry QS KS*")
	m2, _ := ParseAction("marry KS* QS")
	m3, _ := ParseAction("marry KS QS*")
	if !SameAction(a, b) || SameAction(b, c) || !SameAction(m1, m2) || SameAction(m2, m3) {
		t.Error("SameAction compares cards, places and the discard, in any order")
	}
	for text, says := range map[string]string{"": "empty", "pass": `expected discard, meld or marry, not "pass"`,
		"discard 9H 8S": "one card", "meld 4S discard": "one card must follow",
		"marry KS QH": "not a king and a queen of one suit", "marry KS QS KH QH": "expected ','",
		"discard 9X": "(word 2)"} {
		if _, err := ParseAction(text); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseAction(%q): %v, want an error saying %q", text, err, says)
		}
	}
}

func TestGameArithmetic(t *testing.T) {
	hand := func(texts ...string) []*Card { c, _ := ParseKnownCards(texts); return c }
	if HandTotal(hand("AS", "KH")) != 21 || !IsSoft(hand("AS", "6H")) || HandTotal(hand("AS", "6H", "9C")) != 16 ||
		HandTotal(hand("TS", "")) != 10 {
		t.Error("pontoon totals")
	}
	trick, _ := ParseCards("9H AH 6S JH")
	if WinnerIndex(trick, Spades) != 2 || WinnerIndex(trick, Clubs) != 1 {
		t.Error("a trump wins; else the highest of the suit led")
	}
	if Strength(Card{Jack, Hearts}, Hearts) != 8 || Strength(Card{Ace, Hearts}, Spades) != 8 {
		t.Error("the jack of trumps and a plain ace are the highest")
	}
}
