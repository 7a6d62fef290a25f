package zetemabot

// Helpers for the arithmetic of Pontoon and Scotch Whist (rules in
// docs/rules/pontoon.md and docs/rules/scotch_whist.md).

// CardValue is a card's Pontoon value: an ace 1 (see HandTotal), court
// cards and tens 10.
func CardValue(c Card) int { return min(int(c.Rank)+1, 10) }

// HandTotal is a Pontoon hand's total: the highest count not over 21, an
// ace counting 11 where that stays under 22; if none, the lowest count.
// Unknown cards (nil: face down, another seat's) count nothing.
func HandTotal(cards []*Card) int {
	low, soft := handCount(cards)
	if soft {
		return low + 10
	}
	return low
}

// IsSoft says whether an ace counts 11 in HandTotal.
func IsSoft(cards []*Card) bool {
	_, soft := handCount(cards)
	return soft
}

func handCount(cards []*Card) (low int, soft bool) {
	ace := false
	for _, c := range cards {
		if c != nil {
			low += CardValue(*c)
			ace = ace || c.Rank == Ace
		}
	}
	return low, ace && low+10 <= 21
}

// Scotch Whist's order within a suit, low first: 6 7 8 9 T J Q K A, and in
// trumps 6 7 8 9 T Q K A J (the jack of trumps is the highest card).
var (
	plainOrder = []Rank{5, 6, 7, 8, Ten, Jack, Queen, King, Ace}
	trumpOrder = []Rank{5, 6, 7, 8, Ten, Queen, King, Ace, Jack}
)

// ItemPoints are the Scotch Whist points of capturing a trump by rank.
var ItemPoints = map[Rank]int{Ten: 10, Ace: 4, King: 3, Queen: 2, Jack: 11}

// Strength is a Scotch Whist card's order within its suit, 0 (the 6) to 8
// (the ace; in trumps the jack).
func Strength(c Card, trump Suit) int {
	order := plainOrder
	if c.Suit == trump {
		order = trumpOrder
	}
	for i, r := range order {
		if r == c.Rank {
			return i
		}
	}
	return -1
}

// Beats says whether card, played to a trick led with led whose winning
// card so far is best, takes it over.
func Beats(card, best, led Card, trump Suit) bool {
	if card.Suit == trump {
		return best.Suit != trump || Strength(card, trump) > Strength(best, trump)
	}
	return best.Suit != trump && card.Suit == best.Suit && card.Suit == led.Suit &&
		Strength(card, trump) > Strength(best, trump)
}

// WinnerIndex is the position, in the order played, of the card that wins
// (so far) a trick of at least one card.
func WinnerIndex(trick []Card, trump Suit) int {
	best := 0
	for i := 1; i < len(trick); i++ {
		if Beats(trick[i], trick[best], trick[0], trump) {
			best = i
		}
	}
	return best
}
