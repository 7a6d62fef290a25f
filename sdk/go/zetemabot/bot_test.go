package zetemabot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
	pontoonv1 "github.com/zetema/arbiter/sdk/go/gen/pontoon/v1"
	scotchwhistv1 "github.com/zetema/arbiter/sdk/go/gen/scotch_whist/v1"
	zetemav1 "github.com/zetema/arbiter/sdk/go/gen/zetema/v1"
)

func start(id, name string) *arbiterv1.ArbiterMessage {
	return &arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_GameStart{
		GameStart: &arbiterv1.GameStart{GameId: id, Game: name, NumPlayers: 2}}}
}

func request(id uint64, game string, n int, events *arbiterv1.GameEvent) *arbiterv1.DecisionRequest {
	return &arbiterv1.DecisionRequest{RequestId: id, GameId: game, NumLegalActions: uint32(n),
		TimeLeftMs: 1000, Events: events}
}

func decide(r *arbiterv1.DecisionRequest) *arbiterv1.ArbiterMessage {
	return &arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_DecisionRequest{DecisionRequest: r}}
}

func end(id string, outcome *arbiterv1.Result) *arbiterv1.ArbiterMessage {
	return &arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_GameEnd{
		GameEnd: &arbiterv1.GameEnd{GameId: id, Outcome: outcome}}}
}

func zetemaRequest(id uint64) *arbiterv1.DecisionRequest {
	r := request(id, "z", 2, &arbiterv1.GameEvent{GameId: "z", Events: &arbiterv1.GameEvent_Zetema{
		Zetema: &zetemav1.Events{Events: []*zetemav1.Event{{Type: zetemav1.EventType_EVENT_TYPE_DEAL, Text: "deal"}}}}})
	r.LegalActionPoints = []int32{0, 20}
	r.Decision = &arbiterv1.DecisionRequest_Zetema{Zetema: &zetemav1.Decision{
		Observation: &zetemav1.Observation{Hand: []string{"4S", "5H", "6D", "7C", "8S", "9H", "KD"}},
		LegalActions: []*zetemav1.LegalAction{
			{Action: DiscardAction(Card{3, Spades}), Text: "discard 4S"},
			{Action: MeldAction([]Card{{3, 0}, {4, 1}, {5, 2}, {6, 3}, {7, 0}, {8, 1}}, &Card{8, 1}),
				Text: "meld 4S 5H 6D 7C 8S 9H discard 9H", Points: 20},
		}}}
	return r
}

// A Zetema, a Pontoon, a Scotch Whist and a text-only game on one stream,
// through one callback: each decision's typed view, the history built from
// GameEvents and events inside requests, the answers as sent, the results.
func TestEveryGameThroughOneCallback(t *testing.T) {
	f := startFake(t, func(s *fakeStream) error {
		if err := s.welcome(); err != nil {
			return err
		}
		p := request(2, "p", 2, nil)
		p.Decision = &arbiterv1.DecisionRequest_Pontoon{Pontoon: &pontoonv1.Decision{
			Observation: &pontoonv1.Observation{Seat: 1},
			LegalActions: []*pontoonv1.LegalAction{
				{Action: PontoonAction(pontoonv1.ActionType_ACTION_TYPE_TWIST, 0), Text: "twist"},
				{Action: PontoonAction(pontoonv1.ActionType_ACTION_TYPE_STICK, 0), Text: "stick"}}}}
		w := request(3, "w", 1, nil)
		w.Decision = &arbiterv1.DecisionRequest_ScotchWhist{ScotchWhist: &scotchwhistv1.Decision{
			LegalActions: []*scotchwhistv1.LegalAction{{Action: PlayAction(Card{Ten, Hearts}), Text: "play TH"}}}}
		h := request(4, "h", 2, nil)
		h.Decision = &arbiterv1.DecisionRequest_Text{Text: &arbiterv1.TextDecision{
			Observation: "you hold 7", LegalActions: []string{"low", "high"}}}
		zetemaEnd := &arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_GameEnd{
			GameEnd: &arbiterv1.GameEnd{GameId: "z", Result: &arbiterv1.GameEnd_Zetema{
				Zetema: &zetemav1.Result{Winner: 1, Scores: []int32{5, 9}}}}}}
		for _, m := range []*arbiterv1.ArbiterMessage{
			start("z", Zetema), decide(zetemaRequest(1)), zetemaEnd,
			start("p", Pontoon), decide(p), end("p", &arbiterv1.Result{Winner: -1}),
			start("w", ScotchWhist), decide(w), end("w", &arbiterv1.Result{Winner: 0}),
			start("h", "high_card"),
			{Message: &arbiterv1.ArbiterMessage_GameEvent{GameEvent: &arbiterv1.GameEvent{
				GameId: "h", Events: &arbiterv1.GameEvent_Text{Text: &arbiterv1.TextEvents{Lines: []string{"dealt"}}}}}},
			decide(h), end("h", &arbiterv1.Result{Winner: 1}),
		} {
			if err := s.write(m); err != nil {
				return err
			}
			if m.GetDecisionRequest() != nil {
				if _, err := s.read(); err != nil {
					return err
				}
			}
		}
		return s.write(errorMessage(arbiterv1.ErrorCode_ERROR_CODE_SHUTDOWN, "done"))
	})
	var seen []string
	var winners []int32
	bot := Bot{Name: "all", Version: "2.0", Games: AllGames, Hooks: Hooks{
		OnGameEnd: func(g *arbiterv1.GameStart, r *arbiterv1.Result) {
			winners = append(winners, r.GetWinner())
		}}}
	games, err := f.play(t, bot, func(d *Decision) Answer {
		seen = append(seen, d.Name())
		switch d.Name() {
		case Zetema:
			if len(d.History.Zetema) != 1 || d.Zetema().GetObservation().GetHand()[6] != "KD" {
				t.Errorf("zetema decision: history %v", d.History.Zetema)
			}
			if d.Points(1) != 20 || d.ActionText(1) != "meld 4S 5H 6D 7C 8S 9H discard 9H" {
				t.Errorf("points %d, text %q", d.Points(1), d.ActionText(1))
			}
			i, ok := d.Find("meld 9h 8s 7c 6d 5h 4s discard 9h")
			if !ok || i != 1 {
				t.Errorf("Find: %d %v", i, ok)
			}
			return Index(i)
		case Pontoon:
			if i, ok := d.Find("STICK"); !ok || i != 1 {
				t.Errorf("Find(STICK): %d %v", i, ok)
			}
			return PontoonAnswer(d.Pontoon().GetLegalActions()[1].GetAction())
		case ScotchWhist:
			return ScotchWhistAnswer(PlayAction(Card{Ten, Hearts}))
		}
		if d.Text().GetObservation() != "you hold 7" || len(d.History.Text) != 1 || d.Size() != 2 {
			t.Errorf("text decision: %v, history %v", d.Text(), d.History.Text)
		}
		return Text(d.ActionText(1))
	})
	if err != nil || games != 4 {
		t.Fatalf("Play: %d games, %v", games, err)
	}
	if strings.Join(seen, " ") != "zetema pontoon scotch_whist high_card" {
		t.Errorf("decisions of %v", seen)
	}
	if len(winners) != 4 || winners[0] != 1 || winners[1] != -1 {
		t.Errorf("results' winners %v (the Zetema one read from GameEnd.zetema)", winners)
	}
	got := f.messages()
	hello := got[0].GetHello()
	want := &arbiterv1.Hello{Token: "secret", BotName: "all", BotVersion: "2.0", ProtocolVersion: 1,
		Games: []string{"zetema", "pontoon", "scotch_whist"}, EventsInRequest: true}
	if !proto.Equal(hello, want) {
		t.Errorf("hello %v, want %v", hello, want)
	}
	replies := []*arbiterv1.ActionReply{
		{RequestId: 1, Answer: &arbiterv1.ActionReply_Index{Index: 1}},
		{RequestId: 2, Answer: &arbiterv1.ActionReply_Pontoon{Pontoon: PontoonAction(pontoonv1.ActionType_ACTION_TYPE_STICK, 0)}},
		{RequestId: 3, Answer: &arbiterv1.ActionReply_ScotchWhist{ScotchWhist: PlayAction(Card{Ten, Hearts})}},
		{RequestId: 4, Answer: &arbiterv1.ActionReply_Text{Text: "high"}},
	}
	for i, r := range replies {
		if !proto.Equal(got[i+1].GetActionReply(), r) {
			t.Errorf("reply %d: %v, want %v", i, got[i+1], r)
		}
	}
}

func refusedWith(code arbiterv1.ErrorCode, text string) func(*fakeStream) error {
	return func(s *fakeStream) error {
		if _, err := s.read(); err != nil {
			return err
		}
		return s.write(errorMessage(code, text))
	}
}

// Each refusal of the Hello ends the session with its own kind (and Main's
// exit status) and a message that says why.
func TestRefusals(t *testing.T) {
	cases := []struct {
		code arbiterv1.ErrorCode
		kind ErrorKind
		says string
	}{
		{arbiterv1.ErrorCode_ERROR_CODE_VERSION_MISMATCH, VersionMismatch, "this SDK speaks protocol version 1; the arbiter says: v2 only"},
		{arbiterv1.ErrorCode_ERROR_CODE_BAD_TOKEN, BadToken, "did not accept the token"},
		{arbiterv1.ErrorCode_ERROR_CODE_GAME_NOT_DECLARED, GameNotDeclared, "declare every game the bot plays in Bot.Games (now: none, which means zetema only)"},
		{arbiterv1.ErrorCode_ERROR_CODE_EXPECTED_HELLO, ProtocolError, "ERROR_CODE_EXPECTED_HELLO"},
	}
	for _, c := range cases {
		f := startFake(t, refusedWith(c.code, "v2 only"))
		_, err := f.play(t, Bot{Name: "b"}, func(*Decision) Answer { return Index(0) })
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || !strings.Contains(e.Message, c.says) {
			t.Errorf("%v: got %v, want kind %v saying %q", c.code, err, c.kind, c.says)
		}
	}
}

func TestBrokenStreamsAndBadWelcomes(t *testing.T) {
	midGame := func(s *fakeStream) error {
		if err := s.welcome(); err != nil {
			return err
		}
		return s.write(start("g", Zetema)) // then the stream ends
	}
	between := func(s *fakeStream) error { return s.welcome() }
	noWelcome := func(s *fakeStream) error { _, err := s.read(); return err }
	twice := func(s *fakeStream) error {
		if err := s.welcome(); err != nil {
			return err
		}
		return s.write(&arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_Welcome{
			Welcome: &arbiterv1.Welcome{ProtocolVersion: 1}}})
	}
	version := func(s *fakeStream) error {
		s.read()
		return s.write(&arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_Welcome{
			Welcome: &arbiterv1.Welcome{ProtocolVersion: 2}}})
	}
	for name, c := range map[string]struct {
		script func(*fakeStream) error
		kind   ErrorKind // 0: a clean end
	}{
		"closed mid-game":       {midGame, ConnectError},
		"closed between games":  {between, 0},
		"closed before welcome": {noWelcome, ProtocolError},
		"second welcome":        {twice, ProtocolError},
		"welcome of version 2":  {version, VersionMismatch},
	} {
		f := startFake(t, c.script)
		_, err := f.play(t, Bot{Name: "b"}, func(*Decision) Answer { return Index(0) })
		var e *Error
		if c.kind == 0 && err != nil || c.kind != 0 && (!errors.As(err, &e) || e.Kind != c.kind) {
			t.Errorf("%s: got %v, want kind %v", name, err, c.kind)
		}
	}
}

func TestCallbackPanicEndsTheSession(t *testing.T) {
	f := startFake(t, func(s *fakeStream) error {
		s.welcome()
		s.write(start("z", Zetema))
		s.write(decide(zetemaRequest(1)))
		_, err := s.read()
		return err
	})
	_, err := f.play(t, Bot{Name: "b"}, func(*Decision) Answer { panic("no idea") })
	var e *Error
	if !errors.As(err, &e) || e.Kind != CallbackError || !strings.Contains(e.Message, "no idea") {
		t.Errorf("got %v", err)
	}
}

func TestNothingListening(t *testing.T) {
	_, err := Play(context.Background(), Options{Address: "unix://" + t.TempDir() + "/none.sock", Token: "t",
		ConnectTimeout: 200 * time.Millisecond}, Bot{Name: "b"}, nil)
	var e *Error
	if !errors.As(err, &e) || e.Kind != ConnectError || !strings.Contains(e.Message, "cannot reach the arbiter") {
		t.Errorf("got %v", err)
	}
}

func TestOptions(t *testing.T) {
	env := map[string]string{AddressEnv: "unix:///run/arbiter/arbiter.sock", TokenEnv: "abc"}
	o, err := ParseOptions([]string{"--seed", "3"}, func(k string) string { return env[k] })
	if err != nil || o.Address != env[AddressEnv] || o.Token != "abc" || strings.Join(o.Args, " ") != "--seed 3" {
		t.Errorf("from the environment: %+v %v", o, err)
	}
	o, err = ParseOptions([]string{"--address=127.0.0.1:5", "--token", "t2", "--connect-timeout-ms", "50"},
		func(k string) string { return env[k] })
	if err != nil || o.Address != "127.0.0.1:5" || o.Token != "t2" || o.ConnectTimeout.Milliseconds() != 50 {
		t.Errorf("flags win: %+v %v", o, err)
	}
	for _, args := range [][]string{{}, {"--token"}, {"--address", "x", "--connect-timeout-ms", "soon"}} {
		_, err := ParseOptions(args, func(string) string { return "" })
		var e *Error
		if !errors.As(err, &e) || e.Kind != UsageError {
			t.Errorf("%v: got %v, want a usage error", args, err)
		}
	}
}
