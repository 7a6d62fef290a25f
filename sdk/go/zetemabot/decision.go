package zetemabot

import (
	"strings"
	"time"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
	pontoonv1 "github.com/zetema/arbiter/sdk/go/gen/pontoon/v1"
	scotchwhistv1 "github.com/zetema/arbiter/sdk/go/gen/scotch_whist/v1"
	zetemav1 "github.com/zetema/arbiter/sdk/go/gen/zetema/v1"
)

// The games' names, as GameStart.game and Hello.games say them.
const (
	Zetema      = "zetema"
	Pontoon     = "pontoon"
	ScotchWhist = "scotch_whist"
)

// AllGames lists every game this SDK has typed messages for. A game the
// arbiter describes in text only (e.g. "high_card") may be declared by name
// too.
var AllGames = []string{Zetema, Pontoon, ScotchWhist}

// History is every public event of one game so far, in engine order (a
// seat's own draws carry the card): the game's own Event messages, or one
// line each for a game without typed events. Only the game's field is set.
type History struct {
	Zetema      []*zetemav1.Event
	Pontoon     []*pontoonv1.Event
	ScotchWhist []*scotchwhistv1.Event
	Text        []string
}

func (h *History) add(e *arbiterv1.GameEvent) {
	h.Zetema = append(h.Zetema, e.GetZetema().GetEvents()...)
	h.Pontoon = append(h.Pontoon, e.GetPontoon().GetEvents()...)
	h.ScotchWhist = append(h.ScotchWhist, e.GetScotchWhist().GetEvents()...)
	h.Text = append(h.Text, e.GetText().GetLines()...)
}

// Decision is one decision the arbiter asks of the bot, in any game. It is
// valid during the callback only.
type Decision struct {
	Game    *arbiterv1.GameStart       // the game's start: seat, players, ruleset
	Request *arbiterv1.DecisionRequest // the raw request
	History *History                   // the game's public events so far
}

// Name is the game's name ("zetema", "pontoon", ...).
func (d *Decision) Name() string { return d.Game.GetGame() }

// Zetema is the observation and legal actions of a Zetema decision (nil in
// another game).
func (d *Decision) Zetema() *zetemav1.Decision { return d.Request.GetZetema() }

// Pontoon is the observation and legal actions of a Pontoon decision.
func (d *Decision) Pontoon() *pontoonv1.Decision { return d.Request.GetPontoon() }

// ScotchWhist is the observation and legal actions of a Scotch Whist
// decision.
func (d *Decision) ScotchWhist() *scotchwhistv1.Decision {
	return d.Request.GetScotchWhist()
}

// Text is the decision of a game without typed messages: the observation
// as text and every legal action in the game's notation.
func (d *Decision) Text() *arbiterv1.TextDecision { return d.Request.GetText() }

// Size is how many legal actions there are; an Index below it answers in
// every game, even one this SDK has no messages for.
func (d *Decision) Size() int { return int(d.Request.GetNumLegalActions()) }

// ActionText is legal action i in the game's text notation ("" for a game
// this SDK has no messages for).
func (d *Decision) ActionText(i int) string {
	switch {
	case d.Zetema() != nil:
		return d.Zetema().GetLegalActions()[i].GetText()
	case d.Pontoon() != nil:
		return d.Pontoon().GetLegalActions()[i].GetText()
	case d.ScotchWhist() != nil:
		return d.ScotchWhist().GetLegalActions()[i].GetText()
	case d.Text() != nil:
		return d.Text().GetLegalActions()[i]
	}
	return ""
}

// Points is what legal action i scores for this seat as it is played, as
// the arbiter computed it (0 for an action that scores nothing by itself).
func (d *Decision) Points(i int) int {
	if p := d.Request.GetLegalActionPoints(); i < len(p) {
		return int(p[i])
	}
	return 0
}

// TimeLeft is what this decision may take, as the arbiter measures it.
func (d *Decision) TimeLeft() time.Duration {
	return time.Duration(d.Request.GetTimeLeftMs()) * time.Millisecond
}

// Find gives the index of the legal action that is the same action as
// text (Zetema: the same cards in any order; other games: the same words,
// cards in any spelling ParseCard reads), or false.
func (d *Decision) Find(text string) (int, bool) {
	if z := d.Zetema(); z != nil {
		want, err := ParseAction(text)
		if err != nil {
			return 0, false
		}
		for i, a := range z.GetLegalActions() {
			if SameAction(a.GetAction(), want) {
				return i, true
			}
		}
		return 0, false
	}
	want := normalize(text)
	for i := 0; i < d.Size(); i++ {
		if normalize(d.ActionText(i)) == want {
			return i, true
		}
	}
	return 0, false
}

func normalize(text string) string {
	words := strings.Fields(strings.ToLower(text))
	for i, w := range words {
		words[i] = strings.ToLower(canonical(w))
	}
	return strings.Join(words, " ")
}

// Answer is what the callback returns: Index (the usual answer, valid in
// every game), Text, or one of the typed actions.
type Answer struct {
	set     func(*arbiterv1.ActionReply)
	isIndex bool
	index   int // an Index's, checked against the decision
}

// Index answers with legal action i.
func Index(i int) Answer {
	return Answer{isIndex: true, index: i, set: func(r *arbiterv1.ActionReply) {
		r.Answer = &arbiterv1.ActionReply_Index{Index: uint32(i)}
	}}
}

// Text answers with an action in the game's text notation ("discard 9H",
// "twist", "play TH"), sent as it is: the arbiter judges it.
func Text(action string) Answer {
	return Answer{set: func(r *arbiterv1.ActionReply) {
		r.Answer = &arbiterv1.ActionReply_Text{Text: action}
	}}
}

// ZetemaAnswer answers a Zetema decision with a structured action.
func ZetemaAnswer(a *zetemav1.Action) Answer {
	return Answer{set: func(r *arbiterv1.ActionReply) {
		r.Answer = &arbiterv1.ActionReply_Action{Action: a}
	}}
}

// PontoonAnswer answers a Pontoon decision with a structured action.
func PontoonAnswer(a *pontoonv1.Action) Answer {
	return Answer{set: func(r *arbiterv1.ActionReply) {
		r.Answer = &arbiterv1.ActionReply_Pontoon{Pontoon: a}
	}}
}

// ScotchWhistAnswer answers a Scotch Whist decision with a structured
// action.
func ScotchWhistAnswer(a *scotchwhistv1.Action) Answer {
	return Answer{set: func(r *arbiterv1.ActionReply) {
		r.Answer = &arbiterv1.ActionReply_ScotchWhist{ScotchWhist: a}
	}}
}
