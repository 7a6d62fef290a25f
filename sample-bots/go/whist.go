package main

import (
	"slices"

	scotchwhistv1 "github.com/zetema/arbiter/sdk/go/gen/scotch_whist/v1"
	"github.com/zetema/arbiter/sdk/go/zetemabot"
)

// Scotch Whist, as sample-bots/scotch_whist plays it, around the ten of
// trumps (10 points to whoever captures it) and the jack (11, the highest
// card). Leading: trumps from the top while holding the jack or the ace and
// the ten is out; the ten when nothing higher is out; else a sure winner or
// the lowest plain card. Following: a point card to a partner sure to win;
// else the cheapest card sure to win; else the strongest winner when the
// trick holds points; else the card worth least.

type whist struct {
	trump  zetemabot.Suit
	others []zetemabot.Card // cards in other seats' hands
}

var packRanks = []zetemabot.Rank{zetemabot.Ace, 5, 6, 7, 8, zetemabot.Ten, zetemabot.Jack, zetemabot.Queen, zetemabot.King}

func (w whist) points(c zetemabot.Card) int {
	if c.Suit != w.trump {
		return 0
	}
	return zetemabot.ItemPoints[c.Rank]
}

// cost orders cards by how much giving one away hurts: points, then trumps
// over plain cards, then strength.
func (w whist) cost(c zetemabot.Card) int {
	trump := 0
	if c.Suit == w.trump {
		trump = 1
	}
	return w.points(c)*100 + trump*10 + zetemabot.Strength(c, w.trump)
}

// sureWinner says whether c, played now, wins the trick whatever the
// others hold.
func (w whist) sureWinner(c zetemabot.Card, trick []zetemabot.Card, last bool) bool {
	played := append(slices.Clone(trick), c)
	if zetemabot.WinnerIndex(played, w.trump) != len(trick) {
		return false
	}
	if last {
		return true
	}
	for _, o := range w.others {
		if zetemabot.Beats(o, c, played[0], w.trump) {
			return false
		}
	}
	return true
}

func argBest(cs []zetemabot.Card, better func(a, b zetemabot.Card) bool) zetemabot.Card {
	best := cs[0]
	for _, c := range cs[1:] {
		if better(c, best) {
			best = c
		}
	}
	return best
}

func chooseWhist(d *scotchwhistv1.Decision) int {
	obs := d.GetObservation()
	var hand []zetemabot.Card
	for _, a := range d.GetLegalActions() {
		hand = append(hand, card(a.GetAction().GetPlay().GetCard()))
	}
	trump, _ := zetemabot.ParseSuit(obs.GetTrumpSuit())
	w := whist{trump: trump}
	gone := map[zetemabot.Card]bool{}
	for _, c := range cards(obs.GetHand()) {
		gone[c] = true
	}
	for _, t := range append(obs.GetTricks(), obs.GetTrick()) {
		for _, c := range cards(t.GetCards()) {
			gone[c] = true
		}
	}
	for suit := zetemabot.Suit(0); suit < 4; suit++ {
		for _, r := range packRanks {
			c := zetemabot.Card{Rank: r, Suit: suit}
			odd := obs.GetNumPlayers() == 5 || obs.GetNumPlayers() == 7
			if !gone[c] && !(odd && c == zetemabot.Card{Rank: 5, Suit: zetemabot.Clubs}) {
				w.others = append(w.others, c)
			}
		}
	}
	pick := func(c zetemabot.Card) int { return slices.Index(hand, c) }
	return pick(w.choose(obs, hand))
}

func (w whist) choose(obs *scotchwhistv1.Observation, hand []zetemabot.Card) zetemabot.Card {
	trump := w.trump
	trick := cards(obs.GetTrick().GetCards())
	n := int(obs.GetNumPlayers())
	last := len(trick) == n-1
	ten := zetemabot.Card{Rank: zetemabot.Ten, Suit: trump}
	jack := zetemabot.Card{Rank: zetemabot.Jack, Suit: trump}
	ace := zetemabot.Card{Rank: zetemabot.Ace, Suit: trump}
	tenOut := slices.Contains(w.others, ten)
	stronger := func(a, b zetemabot.Card) bool { return zetemabot.Strength(a, trump) > zetemabot.Strength(b, trump) }
	cheaper := func(a, b zetemabot.Card) bool { return w.cost(a) < w.cost(b) }
	if len(trick) == 0 {
		var trumps, plain, sure []zetemabot.Card
		for _, c := range hand {
			if c.Suit == trump {
				trumps = append(trumps, c)
				continue
			}
			plain = append(plain, c)
			top := true
			for _, o := range w.others {
				if o.Suit == c.Suit && stronger(o, c) {
					top = false
				}
			}
			if top {
				sure = append(sure, c)
			}
		}
		hasJack := slices.Contains(hand, jack)
		if tenOut && (hasJack || slices.Contains(hand, ace) && !slices.Contains(w.others, jack)) {
			return argBest(trumps, stronger)
		}
		if slices.Contains(hand, ten) && w.sureWinner(ten, nil, false) {
			return ten
		}
		if len(sure) > 0 {
			return argBest(sure, stronger)
		}
		if len(plain) > 0 {
			return argBest(plain, cheaper)
		}
		return argBest(hand, cheaper)
	}
	win := zetemabot.WinnerIndex(trick, trump)
	best := trick[win]
	winner := (int(obs.GetTrick().GetLeader()) + win) % n
	teamOf := obs.GetTeamOf()
	seat := int(obs.GetSeat())
	partner := winner != seat && len(teamOf) == n && teamOf[winner] == teamOf[seat]
	if partner && !last {
		for _, o := range w.others {
			if zetemabot.Beats(o, best, trick[0], trump) {
				partner = false
			}
		}
	}
	if partner {
		return argBest(hand, func(a, b zetemabot.Card) bool {
			return w.points(a) > w.points(b) || w.points(a) == w.points(b) && stronger(b, a)
		})
	}
	var sure, winners []zetemabot.Card
	value := 0
	for _, c := range trick {
		value += w.points(c)
	}
	for _, c := range hand {
		if w.sureWinner(c, trick, last) {
			sure = append(sure, c)
		}
		if c != ten && zetemabot.Beats(c, best, trick[0], trump) {
			winners = append(winners, c)
		}
	}
	if len(sure) > 0 {
		return argBest(sure, cheaper)
	}
	if len(winners) > 0 && value > 0 {
		return argBest(winners, stronger)
	}
	return argBest(hand, cheaper)
}
