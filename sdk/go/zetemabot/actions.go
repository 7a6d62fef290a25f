package zetemabot

import (
	"fmt"
	"slices"
	"strings"

	pontoonv1 "github.com/zetema/arbiter/sdk/go/gen/pontoon/v1"
	scotchwhistv1 "github.com/zetema/arbiter/sdk/go/gen/scotch_whist/v1"
	zetemav1 "github.com/zetema/arbiter/sdk/go/gen/zetema/v1"
)

// Zetema's actions in the text notation of docs/rules/zetema.md:
// "discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H", "marry KS QS, KS* QS"
// (a card taken from a rank pile carries a trailing *).

// Marriage is one king-queen pair of a marry action.
type Marriage struct {
	King, Queen                 Card
	KingFromPile, QueenFromPile bool
}

// DiscardAction builds "discard CARD".
func DiscardAction(card Card) *zetemav1.Action {
	return &zetemav1.Action{Kind: &zetemav1.Action_Discard{
		Discard: &zetemav1.Discard{Card: card.String()}}}
}

// MeldAction builds "meld CARDS [discard CARD]"; discard may be nil.
func MeldAction(cards []Card, discard *Card) *zetemav1.Action {
	meld := &zetemav1.Meld{}
	for _, c := range cards {
		meld.Cards = append(meld.Cards, c.String())
	}
	if discard != nil {
		meld.Discard = discard.String()
	}
	return &zetemav1.Action{Kind: &zetemav1.Action_Meld{Meld: meld}}
}

// MarryAction builds "marry K Q[, K Q]...".
func MarryAction(pairs []Marriage) *zetemav1.Action {
	marry := &zetemav1.Marry{}
	for _, p := range pairs {
		marry.Marriages = append(marry.Marriages, &zetemav1.Marriage{
			King: p.King.String(), KingFromPile: p.KingFromPile,
			Queen: p.Queen.String(), QueenFromPile: p.QueenFromPile})
	}
	return &zetemav1.Action{Kind: &zetemav1.Action_Marry{Marry: marry}}
}

type token struct {
	text   string
	number int // 1-based, for error messages
}

func tokenize(text string) []token {
	var tokens []token
	for _, field := range strings.Fields(strings.ReplaceAll(text, ",", " , ")) {
		tokens = append(tokens, token{field, len(tokens) + 1})
	}
	return tokens
}

func (t token) card() (Card, error) {
	c, err := ParseCard(t.text)
	if err != nil {
		return c, fmt.Errorf("%v (word %d)", err, t.number)
	}
	return c, nil
}

func (t token) error(what string) error {
	return fmt.Errorf("%s %q (word %d)", what, t.text, t.number)
}

// ParseAction reads a Zetema action in the text notation. It checks the
// form only: whether the action is legal is the arbiter's to say.
func ParseAction(text string) (*zetemav1.Action, error) {
	tokens := tokenize(text)
	if len(tokens) == 0 {
		return nil, fmt.Errorf("empty action: expected discard, meld or marry")
	}
	args := tokens[1:]
	switch strings.ToLower(tokens[0].text) {
	case "discard":
		if len(args) != 1 {
			return nil, fmt.Errorf("discard takes one card, got %d words", len(args))
		}
		c, err := args[0].card()
		if err != nil {
			return nil, err
		}
		return DiscardAction(c), nil
	case "meld":
		return parseMeld(args)
	case "marry":
		return parseMarry(args)
	}
	return nil, tokens[0].error("expected discard, meld or marry, not")
}

func parseMeld(args []token) (*zetemav1.Action, error) {
	var cards []Card
	i := 0
	for ; i < len(args) && !strings.EqualFold(args[i].text, "discard"); i++ {
		c, err := args[i].card()
		if err != nil {
			return nil, err
		}
		cards = append(cards, c)
	}
	if len(cards) == 0 {
		return nil, fmt.Errorf("meld needs the declared cards")
	}
	if i == len(args) {
		return MeldAction(cards, nil), nil
	}
	if i+2 != len(args) {
		return nil, args[i].error("one card must follow")
	}
	discard, err := args[i+1].card()
	if err != nil {
		return nil, err
	}
	return MeldAction(cards, &discard), nil
}

func parseMarry(args []token) (*zetemav1.Action, error) {
	var pairs []Marriage
	for i := 0; ; i += 3 {
		if i+2 > len(args) || args[i].text == "," || args[i+1].text == "," {
			return nil, fmt.Errorf(`marry needs pairs of a king and a queen, e.g. "marry KH QH, KS QS*"`)
		}
		var cards [2]Card
		var pile [2]bool
		for k := 0; k < 2; k++ {
			t := args[i+k]
			t.text, pile[k] = strings.CutSuffix(t.text, "*")
			c, err := t.card()
			if err != nil {
				return nil, err
			}
			cards[k] = c
		}
		if cards[0].Rank == Queen {
			cards[0], cards[1] = cards[1], cards[0]
			pile[0], pile[1] = pile[1], pile[0]
		}
		if cards[0].Rank != King || cards[1].Rank != Queen || cards[0].Suit != cards[1].Suit {
			return nil, fmt.Errorf("%q (words %d-%d) is not a king and a queen of one suit",
				args[i].text+" "+args[i+1].text, args[i].number, args[i+1].number)
		}
		pairs = append(pairs, Marriage{cards[0], cards[1], pile[0], pile[1]})
		if i+2 == len(args) {
			return MarryAction(pairs), nil
		}
		if args[i+2].text != "," {
			return nil, args[i+2].error("expected ',' between marriages, found")
		}
	}
}

// canonical gives a card's two-letter form, or the text itself when it is
// no card, so that malformed actions still compare.
func canonical(text string) string {
	if c, err := ParseCard(text); err == nil {
		return c.String()
	}
	return text
}

// FormatAction prints a Zetema action in the text notation, cards in the
// order the action holds them.
func FormatAction(a *zetemav1.Action) string {
	switch {
	case a.GetDiscard() != nil:
		return "discard " + canonical(a.GetDiscard().GetCard())
	case a.GetMeld() != nil:
		out := "meld"
		for _, c := range a.GetMeld().GetCards() {
			out += " " + canonical(c)
		}
		if d := a.GetMeld().GetDiscard(); d != "" {
			out += " discard " + canonical(d)
		}
		return out
	case a.GetMarry() != nil:
		var pairs []string
		for _, m := range a.GetMarry().GetMarriages() {
			pairs = append(pairs, canonical(m.GetKing())+star(m.GetKingFromPile())+" "+
				canonical(m.GetQueen())+star(m.GetQueenFromPile()))
		}
		return "marry " + strings.Join(pairs, ", ")
	}
	return ""
}

func star(fromPile bool) string {
	if fromPile {
		return "*"
	}
	return ""
}

func sortedCards(texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = canonical(t)
	}
	slices.Sort(out)
	return out
}

// SameAction says whether two Zetema actions are the same action: the same
// kind, the same cards from the same places and the same discard, in any
// order (meld_type is informative and not compared).
func SameAction(a, b *zetemav1.Action) bool {
	switch {
	case a.GetDiscard() != nil || b.GetDiscard() != nil:
		return a.GetDiscard() != nil && b.GetDiscard() != nil &&
			canonical(a.GetDiscard().GetCard()) == canonical(b.GetDiscard().GetCard())
	case a.GetMeld() != nil || b.GetMeld() != nil:
		return a.GetMeld() != nil && b.GetMeld() != nil &&
			canonical(a.GetMeld().GetDiscard()) == canonical(b.GetMeld().GetDiscard()) &&
			slices.Equal(sortedCards(a.GetMeld().GetCards()), sortedCards(b.GetMeld().GetCards()))
	case a.GetMarry() != nil || b.GetMarry() != nil:
		return a.GetMarry() != nil && b.GetMarry() != nil &&
			slices.Equal(marryCards(a.GetMarry()), marryCards(b.GetMarry()))
	}
	return true
}

func marryCards(m *zetemav1.Marry) []string {
	var out []string
	for _, p := range m.GetMarriages() {
		out = append(out, canonical(p.GetKing())+star(p.GetKingFromPile()),
			canonical(p.GetQueen())+star(p.GetQueenFromPile()))
	}
	slices.Sort(out)
	return out
}

// PontoonAction builds a Pontoon action: "bet N", "buy N", "twist",
// "stick" or "split" (amount 0 for the last three).
func PontoonAction(kind pontoonv1.ActionType, amount int) *pontoonv1.Action {
	return &pontoonv1.Action{Type: kind, Amount: int32(amount)}
}

// PlayAction builds Scotch Whist's "play CARD".
func PlayAction(card Card) *scotchwhistv1.Action {
	return &scotchwhistv1.Action{Kind: &scotchwhistv1.Action_Play{
		Play: &scotchwhistv1.Play{Card: card.String()}}}
}
