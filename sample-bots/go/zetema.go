package main

import (
	"math"
	"slices"

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
	v := newZetemaView(d)
	legal := d.Zetema().GetLegalActions()
	risk := func(a *zetemav1.LegalAction) float64 {
		text := a.GetAction().GetDiscard().GetCard()
		if text == "" {
			text = a.GetAction().GetMeld().GetDiscard()
		}
		if text == "" {
			return 0
		}
		return v.danger(card(text))
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
		c := card(text)
		r, k := v.danger(c), v.keepValue(c)
		if r < bestRisk || r == bestRisk && k < bestKeep {
			best, bestRisk, bestKeep = i, r, k
		}
	}
	return best
}

// zetemaView is what the heuristic reads of one observation, parsed once
// per decision rather than once per legal action.
type zetemaView struct {
	obs                      *zetemav1.Observation
	values                   []int32
	hand, piles              []zetemabot.Card
	known                    [][]zetemabot.Card // by seat: the cards it has shown
	inHand, onPiles, inWaste [13]int            // cards by rank
	unseen                   int                // cards nobody has seen: 65 less all the above
}

func newZetemaView(d *zetemabot.Decision) *zetemaView {
	obs := d.Zetema().GetObservation()
	v := &zetemaView{obs: obs, values: d.Game.GetZetema().GetRuleset().GetPoints().GetZetema(),
		hand: cards(obs.GetHand()), piles: cards(obs.GetPiles())}
	if len(v.values) != 13 {
		v.values = defaultZetema
	}
	waste := cards(obs.GetWaste())
	for _, c := range v.hand {
		v.inHand[c.Rank]++
	}
	for _, c := range v.piles {
		v.onPiles[c.Rank]++
	}
	for _, c := range waste {
		v.inWaste[c.Rank]++
	}
	v.unseen = 65 - len(v.hand) - len(v.piles) - len(waste)
	for _, k := range obs.GetKnown() {
		v.known = append(v.known, cards(k.GetCards()))
		v.unseen -= len(k.GetCards())
	}
	return v
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
func (v *zetemaView) danger(c zetemabot.Card) float64 {
	if v.inWaste[c.Rank] > 0 {
		return 0 // a card of the rank is gone: no zetema this deal
	}
	onPile := v.onPiles[c.Rank] + 1
	mine := v.inHand[c.Rank] - 1
	missing := cardsPerRank - onPile - mine
	if mine > 0 || missing <= 0 {
		return 0 // nobody completes it without a card of ours
	}
	sizes := v.obs.GetHandSizes()
	teamOf := v.obs.GetTeamOf()
	team := func(s int) int32 {
		if len(teamOf) == len(sizes) {
			return teamOf[s]
		}
		return int32(s)
	}
	me := int(v.obs.GetSeat())
	var unknownOpp, unknownPartner, byOpp, byPartner int
	for s := range sizes {
		if s == me {
			continue
		}
		var shown []zetemabot.Card
		if s < len(v.known) {
			shown = v.known[s]
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
	if v.unseen <= 0 {
		return 0
	}
	free := float64(max(missing-byOpp-byPartner, 0))
	var pOpp, pPartner float64
	if byPartner == 0 {
		pOpp = math.Pow(float64(unknownOpp)/float64(v.unseen), free)
	}
	if byOpp == 0 && unknownPartner > 0 {
		pPartner = math.Pow(float64(unknownPartner)/float64(v.unseen), free)
	}
	return float64(v.values[c.Rank]) * (pOpp - pPartner)
}

// keepValue is how much a card may be worth keeping: others of its rank,
// a marriage partner within reach, neighbours for a sequence.
func (v *zetemaView) keepValue(c zetemabot.Card) int {
	value := 2 * (v.inHand[c.Rank] - 1)
	if c.Rank == zetemabot.Queen || c.Rank == zetemabot.King {
		other := zetemabot.Card{Rank: zetemabot.Queen + zetemabot.King - c.Rank, Suit: c.Suit}
		if slices.Contains(v.hand, other) || slices.Contains(v.piles, other) {
			value += 3
		}
	}
	if c.Rank > zetemabot.Ace {
		value += v.inHand[c.Rank-1]
	}
	if c.Rank < zetemabot.King {
		value += v.inHand[c.Rank+1]
	}
	return value
}
