package main

import (
	"testing"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
	pontoonv1 "github.com/zetema/arbiter/sdk/go/gen/pontoon/v1"
	scotchwhistv1 "github.com/zetema/arbiter/sdk/go/gen/scotch_whist/v1"
	zetemav1 "github.com/zetema/arbiter/sdk/go/gen/zetema/v1"
	"github.com/zetema/arbiter/sdk/go/zetemabot"
)

func zetemaDecision(obs *zetemav1.Observation, legal ...*zetemav1.LegalAction) *zetemabot.Decision {
	return &zetemabot.Decision{Game: &arbiterv1.GameStart{Game: "zetema"},
		Request: &arbiterv1.DecisionRequest{Decision: &arbiterv1.DecisionRequest_Zetema{
			Zetema: &zetemav1.Decision{Observation: obs, LegalActions: legal}}}}
}

func discard(text string) *zetemav1.LegalAction {
	return &zetemav1.LegalAction{Action: zetemabot.DiscardAction(card(text)), Text: "discard " + text}
}

func TestZetemaTakesPointsElseTheSafestDiscard(t *testing.T) {
	obs := &zetemav1.Observation{Seat: 0, Hand: []string{"9H", "4S", "4C"}, HandSizes: []int32{3, 7},
		TeamOf: []int32{0, 1}, Piles: []string{"9S", "9D", "9C"}}
	meld := &zetemav1.LegalAction{Action: zetemabot.MeldAction(nil, nil), Points: 20}
	if got := chooseZetema(zetemaDecision(obs, discard("9H"), meld)); got != 1 {
		t.Errorf("chose %d, not the meld that scores", got)
	}
	// The fourth 9 on its pile would leave the opponent one card from a
	// zetema; a 4, one of a pair in hand, gives nothing away.
	if got := chooseZetema(zetemaDecision(obs, discard("9H"), discard("4S"))); got != 1 {
		t.Errorf("chose %d, the dangerous discard", got)
	}
}

func TestZetemaKeepsPairsMarriagesAndNeighbours(t *testing.T) {
	// A card of every rank in the hand is in the waste: no discard is
	// dangerous, so the one least worth keeping goes.
	hand := []string{"KS", "QS", "4D", "5H", "9C", "9D", "7C"}
	obs := &zetemav1.Observation{Seat: 0, Hand: hand, HandSizes: []int32{7, 7}, TeamOf: []int32{0, 1},
		Waste: []string{"KH", "QH", "4C", "5C", "9H", "7D"}}
	var legal []*zetemav1.LegalAction
	for _, c := range hand {
		legal = append(legal, discard(c))
	}
	if got := chooseZetema(zetemaDecision(obs, legal...)); hand[got] != "7C" {
		t.Errorf("discarded %s, not the seven, which has no pair, partner or neighbour", hand[got])
	}
}

func TestPontoonTwistsLowAndSticksHigh(t *testing.T) {
	legal := []*pontoonv1.LegalAction{
		{Action: zetemabot.PontoonAction(pontoonv1.ActionType_ACTION_TYPE_TWIST, 0)},
		{Action: zetemabot.PontoonAction(pontoonv1.ActionType_ACTION_TYPE_STICK, 0)}}
	decision := func(cards ...string) *pontoonv1.Decision {
		hand := &pontoonv1.Hand{Cards: cards}
		return &pontoonv1.Decision{LegalActions: legal, Observation: &pontoonv1.Observation{
			Seat: 1, Banker: 0, PackSize: 40,
			Seats: []*pontoonv1.SeatState{{}, {Hands: []*pontoonv1.Hand{hand}}}}}
	}
	if choosePontoon(decision("5S", "4H")) != 0 || choosePontoon(decision("TS", "QH")) != 1 {
		t.Error("twist on 9, stick on 20")
	}
}

func TestWhistLeadsTrumpsFromTheTopToCatchTheTen(t *testing.T) {
	hand := []string{"JH", "6H", "7S"}
	var legal []*scotchwhistv1.LegalAction
	for _, c := range hand {
		legal = append(legal, &scotchwhistv1.LegalAction{Action: zetemabot.PlayAction(card(c))})
	}
	d := &scotchwhistv1.Decision{LegalActions: legal, Observation: &scotchwhistv1.Observation{
		Seat: 0, NumPlayers: 2, Hand: hand, TrumpSuit: "H", Trick: &scotchwhistv1.Trick{}}}
	if got := chooseWhist(d); got != 0 {
		t.Errorf("led %s, not the jack of trumps", hand[got])
	}
}
