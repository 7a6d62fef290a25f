// Package zetemabot is the Go SDK for bots of the Zetema arbiter: it
// connects to the arbiter, says Hello with the bot's one-time token, plays
// every game the arbiter sends on that stream, and asks one callback for
// each decision of every game the bot declares.
//
//	func main() {
//		zetemabot.Main(zetemabot.Bot{Name: "first", Version: "1.0"},
//			func(d *zetemabot.Decision) zetemabot.Answer { return zetemabot.Index(0) })
//	}
//
// The protocol is docs/protocol.md; this package is docs/sdk-go.md.
package zetemabot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
)

// ProtocolVersion is the protocol version this SDK speaks.
const ProtocolVersion = uint32(arbiterv1.ProtocolVersion_PROTOCOL_VERSION_CURRENT)

// flowWindow is the stream's and the connection's flow-control window:
// far above any message of the protocol, so that the arbiter never waits
// for a window update.
const flowWindow = 1 << 20

// The environment variables a spawning arbiter sets.
const (
	AddressEnv = "ZETEMA_ARBITER_ADDRESS"
	TokenEnv   = "ZETEMA_TOKEN"
)

// Callback chooses the answer to one decision of any game the bot plays.
// It must answer within d.TimeLeft().
type Callback func(d *Decision) Answer

// Bot says who the bot is. Games lists the games it plays ("zetema",
// "pontoon", "scotch_whist", or a text-only game by name); empty means
// Zetema only, and the arbiter refuses a bot for any game it does not
// declare.
type Bot struct {
	Name    string
	Version string
	Games   []string
	Hooks   Hooks
}

// Hooks are optional calls on the way; any may be nil.
type Hooks struct {
	OnWelcome   func(*arbiterv1.Welcome)
	OnGameStart func(*arbiterv1.GameStart)
	// OnEvents gets each batch of a game's public events before they join
	// the history.
	OnEvents func(game *arbiterv1.GameStart, events *arbiterv1.GameEvent)
	// OnGameEnd gets every game's result (GameEnd.outcome, or for an
	// arbiter of before it existed GameEnd.zetema, read as the same
	// fields).
	OnGameEnd func(game *arbiterv1.GameStart, result *arbiterv1.Result)
}

// Options say where the arbiter is.
type Options struct {
	Address        string        // a gRPC target: unix:///path or HOST:PORT
	Token          string        // good for one connection
	ConnectTimeout time.Duration // default 10 s
	Args           []string      // the arguments ParseOptions left for the bot
}

// ErrorKind sorts the errors that end a session; each has an exit status.
type ErrorKind int

// The kinds of error and the exit status Main gives each (the Python and
// C++ SDKs' statuses).
const (
	UsageError      ErrorKind = 2 // no address or token, a bad flag
	ConnectError    ErrorKind = 3 // the arbiter cannot be reached, or the stream broke
	ProtocolError   ErrorKind = 4 // the arbiter refused the stream or sent nonsense
	VersionMismatch ErrorKind = 5 // the arbiter speaks another protocol version
	BadToken        ErrorKind = 6 // the token is unknown or already used
	GameNotDeclared ErrorKind = 7 // the bot is to play a game it did not declare
	CallbackError   ErrorKind = 1 // the callback or a hook panicked
)

func (k ErrorKind) String() string {
	return map[ErrorKind]string{
		UsageError: "usage", ConnectError: "connect", ProtocolError: "protocol",
		VersionMismatch: "version mismatch", BadToken: "bad token",
		GameNotDeclared: "game not declared", CallbackError: "callback",
	}[k]
}

// Error is what ends a session that did not end normally.
type Error struct {
	Kind    ErrorKind
	Message string
}

func (e *Error) Error() string { return e.Kind.String() + " error: " + e.Message }

func fail(kind ErrorKind, format string, args ...any) *Error {
	return &Error{kind, fmt.Sprintf(format, args...)}
}

// ParseOptions reads --address, --token and --connect-timeout-ms (also as
// --flag=value) from args, and the address and token from the environment
// where no flag gives them (getenv: os.Getenv). Other arguments are left
// in Options.Args for the bot's own flags.
func ParseOptions(args []string, getenv func(string) string) (Options, error) {
	o := Options{ConnectTimeout: 10 * time.Second}
	var address, token *string
	for i := 0; i < len(args); i++ {
		name, value, inline := strings.Cut(args[i], "=")
		if name != "--address" && name != "--token" && name != "--connect-timeout-ms" {
			o.Args = append(o.Args, args[i])
			continue
		}
		if !inline {
			if i+1 == len(args) {
				return o, fail(UsageError, "%s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch name {
		case "--address":
			address = &value
		case "--token":
			token = &value
		default:
			ms, err := strconv.Atoi(value)
			if err != nil || ms <= 0 {
				return o, fail(UsageError, "--connect-timeout-ms: must be a positive integer, got %q", value)
			}
			o.ConnectTimeout = time.Duration(ms) * time.Millisecond
		}
	}
	o.Address, o.Token = getenv(AddressEnv), getenv(TokenEnv)
	if address != nil {
		o.Address = *address
	}
	if token != nil {
		o.Token = *token
	}
	if o.Address == "" {
		return o, fail(UsageError, "no arbiter address: pass --address HOST:PORT (or unix:///path) or set %s", AddressEnv)
	}
	if o.Token == "" {
		return o, fail(UsageError, "no token: pass --token TOKEN or set %s (the arbiter gives one token per bot)", TokenEnv)
	}
	return o, nil
}

// Main is a bot's whole main: it reads the options from the command line
// and the environment, plays, and exits: status 0 when the arbiter is done
// with the bot, else one line "NAME: KIND error: MESSAGE" on stderr and the
// kind's status.
func Main(bot Bot, choose Callback) {
	opts, err := ParseOptions(os.Args[1:], os.Getenv)
	if err == nil {
		_, err = Play(context.Background(), opts, bot, choose)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", bot.Name, err)
		kind := ConnectError
		var e *Error
		if errors.As(err, &e) {
			kind = e.Kind
		}
		os.Exit(int(kind))
	}
	os.Exit(0)
}

// Play connects, says Hello and plays every game the arbiter sends until
// it is done with the bot (Error SHUTDOWN, or the stream closed between
// games). It returns the number of games that ended, or an *Error.
func Play(ctx context.Context, opts Options, bot Bot, choose Callback) (games int, err error) {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = 10 * time.Second
	}
	// A bot talks to its arbiter directly, never through an HTTP proxy.
	// A fixed flow-control window turns off grpc-go's bandwidth estimator,
	// which otherwise pings the arbiter on every decision request (a ping,
	// its ack and two wake-ups more per round trip).
	conn, err := grpc.NewClient(opts.Address, grpc.WithNoProxy(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithInitialWindowSize(flowWindow), grpc.WithInitialConnWindowSize(flowWindow))
	if err != nil {
		return 0, fail(UsageError, "bad arbiter address %q: %v", opts.Address, err)
	}
	defer conn.Close()
	if err := waitReady(ctx, conn, opts.ConnectTimeout); err != nil {
		return 0, fail(ConnectError, "cannot reach the arbiter at %s within %v", opts.Address, opts.ConnectTimeout)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := arbiterv1.NewArbiterClient(conn).Play(ctx)
	if err != nil {
		return 0, fail(ConnectError, "cannot open a stream to %s: %v", opts.Address, err)
	}
	s := &session{stream: stream, bot: bot, choose: choose, address: opts.Address,
		games: map[string]*game{}}
	defer func() {
		if p := recover(); p != nil {
			err = fail(CallbackError, "%v", p)
		}
	}()
	err = s.send(&arbiterv1.BotMessage{Message: &arbiterv1.BotMessage_Hello{Hello: &arbiterv1.Hello{
		Token: opts.Token, BotName: bot.Name, BotVersion: bot.Version,
		ProtocolVersion: ProtocolVersion, Games: bot.Games, EventsInRequest: true,
	}}})
	if err == nil {
		err = s.loop()
	}
	if err == nil {
		_ = stream.CloseSend()
	}
	return s.ended, err
}

func waitReady(ctx context.Context, conn *grpc.ClientConn, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	conn.Connect()
	for {
		state := conn.GetState()
		if state == connectivity.Ready {
			return nil
		}
		if !conn.WaitForStateChange(ctx, state) {
			return ctx.Err()
		}
	}
}

type game struct {
	start   *arbiterv1.GameStart
	history History
}

type session struct {
	stream   arbiterv1.Arbiter_PlayClient
	bot      Bot
	choose   Callback
	address  string
	welcomed bool
	games    map[string]*game
	ended    int
}

func (s *session) send(m *arbiterv1.BotMessage) error {
	if err := s.stream.Send(m); err != nil && err != io.EOF {
		return fail(ConnectError, "the stream to %s broke: %v", s.address, err)
	}
	return nil
}

func (s *session) loop() error {
	for {
		m, err := s.stream.Recv()
		if err != nil {
			return s.closed(err)
		}
		switch {
		case m.GetError() != nil:
			return s.refused(m.GetError())
		case !s.welcomed:
			if err := s.welcome(m); err != nil {
				return err
			}
		case m.GetWelcome() != nil:
			return fail(ProtocolError, "a second Welcome on one stream")
		case m.GetGameStart() != nil:
			start := m.GetGameStart()
			s.games[start.GetGameId()] = &game{start: start}
			if h := s.bot.Hooks.OnGameStart; h != nil {
				h(start)
			}
		case m.GetGameEvent() != nil:
			s.events(m.GetGameEvent())
		case m.GetDecisionRequest() != nil:
			if err := s.decide(m.GetDecisionRequest()); err != nil {
				return err
			}
		case m.GetGameEnd() != nil:
			s.end(m.GetGameEnd())
		}
	}
}

// closed turns the end of the stream into the session's result.
func (s *session) closed(err error) error {
	switch {
	case !s.welcomed:
		return fail(ProtocolError, "the arbiter closed the stream without a Welcome: %v", err)
	case len(s.games) > 0:
		return fail(ConnectError, "the stream to %s broke in the middle of game %s: %v",
			s.address, strings.Join(keys(s.games), ", "), err)
	}
	return nil // closed between games: the arbiter is done with the bot
}

func (s *session) refused(e *arbiterv1.Error) error {
	switch e.GetCode() {
	case arbiterv1.ErrorCode_ERROR_CODE_SHUTDOWN:
		return nil
	case arbiterv1.ErrorCode_ERROR_CODE_VERSION_MISMATCH:
		return fail(VersionMismatch, "this SDK speaks protocol version %d; the arbiter says: %s",
			ProtocolVersion, e.GetMessage())
	case arbiterv1.ErrorCode_ERROR_CODE_BAD_TOKEN:
		return fail(BadToken, "the arbiter did not accept the token (%s); a token is good for one connection only",
			e.GetMessage())
	case arbiterv1.ErrorCode_ERROR_CODE_GAME_NOT_DECLARED:
		declared := strings.Join(s.bot.Games, ", ")
		if declared == "" {
			declared = "none, which means zetema only"
		}
		return fail(GameNotDeclared, "the arbiter refused this bot for a game it does not declare: %s; "+
			"declare every game the bot plays in Bot.Games (now: %s)", e.GetMessage(), declared)
	}
	return fail(ProtocolError, "the arbiter refused the connection: %v: %s", e.GetCode(), e.GetMessage())
}

func (s *session) welcome(m *arbiterv1.ArbiterMessage) error {
	w := m.GetWelcome()
	if w == nil {
		return fail(ProtocolError, "expected a Welcome from the arbiter, got %T", m.GetMessage())
	}
	if w.GetProtocolVersion() != ProtocolVersion {
		return fail(VersionMismatch, "this SDK speaks protocol version %d, the arbiter version %d",
			ProtocolVersion, w.GetProtocolVersion())
	}
	s.welcomed = true
	if h := s.bot.Hooks.OnWelcome; h != nil {
		h(w)
	}
	return nil
}

func (s *session) events(e *arbiterv1.GameEvent) {
	g := s.games[e.GetGameId()]
	if g == nil {
		return
	}
	if h := s.bot.Hooks.OnEvents; h != nil {
		h(g.start, e)
	}
	g.history.add(e)
}

func (s *session) decide(r *arbiterv1.DecisionRequest) error {
	g := s.games[r.GetGameId()]
	if g == nil {
		return fail(ProtocolError, "a decision request for game %q, which never started", r.GetGameId())
	}
	if r.GetEvents() != nil {
		s.events(r.GetEvents())
	}
	answer := s.choose(&Decision{Game: g.start, Request: r, History: &g.history})
	if answer.set == nil {
		return fail(CallbackError, "the callback returned no answer; return Index(i), Text(...) or an action")
	}
	if answer.isIndex && (answer.index < 0 || answer.index >= int(r.GetNumLegalActions())) {
		// Sent as it is: the arbiter records the fault.
		fmt.Fprintf(os.Stderr, "%s: the callback answered index %d, but there are %d legal actions\n",
			s.bot.Name, answer.index, r.GetNumLegalActions())
	}
	reply := &arbiterv1.ActionReply{RequestId: r.GetRequestId()}
	answer.set(reply)
	return s.send(&arbiterv1.BotMessage{Message: &arbiterv1.BotMessage_ActionReply{ActionReply: reply}})
}

func (s *session) end(e *arbiterv1.GameEnd) {
	g := s.games[e.GetGameId()]
	delete(s.games, e.GetGameId())
	s.ended++
	result := e.GetOutcome()
	if result == nil && e.GetZetema() != nil {
		// zetema.v1.Result has arbiter.v1.Result's fields and numbers.
		result = &arbiterv1.Result{}
		b, _ := proto.Marshal(e.GetZetema())
		_ = proto.Unmarshal(b, result)
	}
	if h := s.bot.Hooks.OnGameEnd; h != nil && g != nil {
		h(g.start, result)
	}
}

func keys(m map[string]*game) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
