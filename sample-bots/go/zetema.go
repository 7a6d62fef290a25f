package main

import (
	"math"

	zetemav1 "github.com/zetema/arbiter/sdk/go/gen/zetema/v1"
	"github.com/zetema/arbiter/sdk/go/zetemabot"
)

// Zetema, as sample-bots/greedy plays it: the legal action worth the most
// points now (the arbiter says what each scores); otherwise the discard
// least likely to give an opponent a zetema, keeping cards that may score.

const cardsPerRank = 5

// Parlett's zetema points by rank, for a ruleset that carries none.
var defaultZetema = []int32{15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50}

func chooseZetema(d *zetemabot.Decision) int {
	obs := d.Zetema().GetObservation()
	legal := d.Zetema().GetLegalActions()
	values := d.Game.GetZetema().GetRuleset().GetPoints().GetZetema()
	if len(values) != 13 {
		values = defaultZetema
	}
	risk := func(a *zetemav1.LegalAction) float64 {
		text := a.GetAction().GetDiscard().GetCard()
		if text == "" {
			text = a.GetAction().GetMeld().GetDiscard()
		}
		if text == "" {
			return 0
		}
		return danger(card(text), obs, values)
	}
	best, bestPoints := -1, int32(0)
	for i, a := range legal {
		p := a.GetPoints()
		if p > bestPoints || p == bestPoints && p > 0 && risk(a) < risk(legal[best]) {
			best, bestPoints = i, p
		}
	}
	if best >= 0 {
		return best
	}
	bestRisk, bestKeep := math.Inf(1), math.MaxInt
	best = 0
	for i, a := range legal {
		text := a.GetAction().GetDiscard().GetCard()
		if text == "" {
			continue
		}
		r, k := risk(a), keepValue(card(text), obs)
		if r < bestRisk || r == bestRisk && k < bestKeep {
			best, bestRisk, bestKeep = i, r, k
		}
	}
	return best
}

func countRank(cs []zetemabot.Card, rank zetemabot.Rank) int {
	n := 0
	for _, c := range cs {
		if c.Rank == rank {
			n++
		}
	}
	return n
}

// danger is the expected zetema points that discarding c hands to the
// opponents, less what it hands to partners.
func danger(c zetemabot.Card, obs *zetemav1.Observation, values []int32) float64 {
	waste, piles, hand := cards(obs.GetWaste()), cards(obs.GetPiles()), cards(obs.GetHand())
	if countRank(waste, c.Rank) > 0 {
		return 0 // a card of the rank is gone: no zetema this deal
	}
	onPile := countRank(piles, c.Rank) + 1
	mine := countRank(hand, c.Rank) - 1
	missing := cardsPerRank - onPile - mine
	if mine > 0 || missing <= 0 {
		return 0 // nobody completes it without a card of ours
	}
	sizes := obs.GetHandSizes()
	teamOf := obs.GetTeamOf()
	team := func(s int) int32 {
		if len(teamOf) == len(sizes) {
			return teamOf[s]
		}
		return int32(s)
	}
	me := int(obs.GetSeat())
	known := obs.GetKnown()
	unseen := 65 - len(hand) - len(piles) - len(waste)
	var unknownOpp, unknownPartner, byOpp, byPartner int
	for s := range sizes {
		var shown []zetemabot.Card
		if s < len(known) {
			shown = cards(known[s].GetCards())
		}
		unseen -= len(shown)
		if s == me {
			continue
		}
		unknown := max(int(sizes[s])-len(shown), 0)
		if team(s) == team(me) {
			unknownPartner += unknown
			byPartner += countRank(shown, c.Rank)
		} else {
			unknownOpp += unknown
			byOpp += countRank(shown, c.Rank)
		}
	}
	if unseen <= 0 {
		return 0
	}
	free := float64(max(missing-byOpp-byPartner, 0))
	var pOpp, pPartner float64
	if byPartner == 0 {
		pOpp = math.Pow(float64(unknownOpp)/float64(unseen), free)
	}
	if byOpp == 0 && unknownPartner > 0 {
		pPartner = math.Pow(float64(unknownPartner)/float64(unseen), free)
	}
	return float64(values[c.Rank]) * (pOpp - pPartner)
}

// keepValue is how much a card may be worth keeping: others of its rank,
// a marriage partner within reach, neighbours for a sequence.
func keepValue(c zetemabot.Card, obs *zetemav1.Observation) int {
	hand := cards(obs.GetHand())
	value := 2 * (countRank(hand, c.Rank) - 1)
	if c.Rank == zetemabot.Queen || c.Rank == zetemabot.King {
		other := zetemabot.Queen + zetemabot.King - c.Rank
		for _, o := range append(hand, cards(obs.GetPiles())...) {
			if o.Rank == other && o.Suit == c.Suit {
				value += 3
				break
			}
		}
	}
	for _, o := range hand {
		if o.Rank == c.Rank+1 || o.Rank == c.Rank-1 {
			value++
		}
	}
	return value
}
