package main

import (
	pontoonv1 "github.com/zetema/arbiter/sdk/go/gen/pontoon/v1"
	"github.com/zetema/arbiter/sdk/go/zetemabot"
)

// Pontoon, as sample-bots/pontoon plays it: it counts the cards the next
// draw may be (the unseen part of the pack, then the known bottom), bets
// high on an ace or a ten, splits aces and eights, buys on 9 to 11 when no
// card can bust the hand, twists while the chance of going bust is under a
// threshold that falls as the total rises, and as banker draws to 17 and
// beyond while most punters standing show more.

// The largest chance of going bust on the next card worth a twist, by hard
// total; a four-card hand risks more, for the five-card trick.
var twistThreshold = map[int]float64{12: 0.6, 13: 0.5, 14: 0.45, 15: 0.35, 16: 0.25, 17: 0.1}

const fourCardBonus = 0.2

func known(texts []string) []*zetemabot.Card {
	out, err := zetemabot.ParseKnownCards(texts)
	if err != nil {
		panic(err)
	}
	return out
}

// nextCards are the cards the next draw may be, as this seat counts them.
func nextCards(obs *pontoonv1.Observation) []zetemabot.Card {
	under := known(obs.GetUnderPack())
	if int(obs.GetPackSize())-len(under) <= 0 && len(under) > 0 && under[0] != nil {
		return []zetemabot.Card{*under[0]}
	}
	seen := map[zetemabot.Card]bool{}
	for _, c := range under {
		if c != nil {
			seen[*c] = true
		}
	}
	for _, s := range obs.GetSeats() {
		for _, h := range s.GetHands() {
			for _, c := range known(h.GetCards()) {
				if c != nil {
					seen[*c] = true
				}
			}
		}
	}
	var unseen, all []zetemabot.Card
	for suit := zetemabot.Suit(0); suit < 4; suit++ {
		for rank := zetemabot.Rank(0); rank < 13; rank++ {
			c := zetemabot.Card{Rank: rank, Suit: suit}
			all = append(all, c)
			if !seen[c] {
				unseen = append(unseen, c)
			}
		}
	}
	if len(unseen) == 0 {
		return all
	}
	return unseen
}

func bustChance(hand []*zetemabot.Card, candidates []zetemabot.Card) float64 {
	low := 0
	for _, c := range hand {
		if c != nil {
			low += zetemabot.CardValue(*c)
		}
	}
	busts := 0
	for _, c := range candidates {
		if low+zetemabot.CardValue(c) > 21 {
			busts++
		}
	}
	return float64(busts) / float64(len(candidates))
}

func wantsTwist(hand []*zetemabot.Card, chance float64) bool {
	total := zetemabot.HandTotal(hand)
	if total <= 11 {
		return true
	}
	if zetemabot.IsSoft(hand) {
		return total <= 17
	}
	threshold := twistThreshold[total]
	if len(hand) == 4 {
		threshold += fourCardBonus
	}
	return chance < threshold
}

// first gives the index of the first legal action of a kind, or -1.
func first(legal []*pontoonv1.LegalAction, kind pontoonv1.ActionType) int {
	for i, a := range legal {
		if a.GetAction().GetType() == kind {
			return i
		}
	}
	return -1
}

func all(legal []*pontoonv1.LegalAction, kind pontoonv1.ActionType) []int {
	var out []int
	for i, a := range legal {
		if a.GetAction().GetType() == kind {
			out = append(out, i)
		}
	}
	return out
}

func choosePontoon(d *pontoonv1.Decision) int {
	obs, legal := d.GetObservation(), d.GetLegalActions()
	seats := obs.GetSeats()
	hands := func(seat int32) []*pontoonv1.Hand {
		if int(seat) < len(seats) {
			return seats[seat].GetHands()
		}
		return nil
	}
	mine := hands(obs.GetSeat())
	var hand []*zetemabot.Card
	if i := int(obs.GetCurrentHand()); i >= 0 && i < len(mine) {
		hand = known(mine[i].GetCards())
	} else if len(mine) > 0 {
		hand = known(mine[0].GetCards())
	}
	twist := first(legal, pontoonv1.ActionType_ACTION_TYPE_TWIST)
	stick := first(legal, pontoonv1.ActionType_ACTION_TYPE_STICK)
	if bets := all(legal, pontoonv1.ActionType_ACTION_TYPE_BET); len(bets) > 0 {
		if len(hand) > 0 && hand[0] != nil && (zetemabot.CardValue(*hand[0]) == 1 || zetemabot.CardValue(*hand[0]) == 10) {
			return bets[len(bets)-1]
		}
		tens := 0
		next := nextCards(obs)
		for _, c := range next {
			if zetemabot.CardValue(c) == 10 {
				tens++
			}
		}
		if float64(tens)/float64(len(next)) > 0.36 {
			return bets[len(bets)/2]
		}
		return bets[0]
	}
	if obs.GetSeat() == obs.GetBanker() {
		return chooseBanker(obs, hand, twist, stick)
	}
	if split := first(legal, pontoonv1.ActionType_ACTION_TYPE_SPLIT); split >= 0 && hand[0] != nil &&
		(hand[0].Rank == zetemabot.Ace || hand[0].Rank == 7) {
		return split
	}
	chance := bustChance(hand, nextCards(obs))
	total := zetemabot.HandTotal(hand)
	if buys := all(legal, pontoonv1.ActionType_ACTION_TYPE_BUY); len(buys) > 0 && total >= 9 && total <= 11 && chance == 0 {
		return buys[len(buys)-1]
	}
	if twist >= 0 && (stick < 0 || wantsTwist(hand, chance)) {
		return twist
	}
	return max(stick, 0)
}

func chooseBanker(obs *pontoonv1.Observation, hand []*zetemabot.Card, twist, stick int) int {
	if twist < 0 || stick < 0 {
		return 0
	}
	total := zetemabot.HandTotal(hand)
	if total < 17 {
		return twist
	}
	beaten, standing := 0, 0
	for seat, state := range obs.GetSeats() {
		if int32(seat) == obs.GetBanker() {
			continue
		}
		for _, h := range state.GetHands() {
			if h.GetStatus() == pontoonv1.HandStatus_HAND_STATUS_BUST {
				continue
			}
			standing++
			if zetemabot.HandTotal(known(h.GetCards())) > total || len(h.GetCards()) >= 5 {
				beaten++
			}
		}
	}
	if total < 21 && standing > 0 && beaten*2 > standing && bustChance(hand, nextCards(obs)) < 0.5 {
		return twist
	}
	return stick
}
