package zetemabot

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
)

// fakeArbiter is an in-process arbiter on a Unix socket: each stream runs
// the test's script, which reads the bot's messages and writes its own.
type fakeArbiter struct {
	arbiterv1.UnimplementedArbiterServer
	script  func(*fakeStream) error
	address string
	mu      sync.Mutex
	got     []*arbiterv1.BotMessage // every message the bot sent
}

type fakeStream struct {
	arbiterv1.Arbiter_PlayServer
	t    *testing.T
	fake *fakeArbiter
}

func startFake(t *testing.T, script func(*fakeStream) error) *fakeArbiter {
	t.Helper()
	f := &fakeArbiter{script: script}
	path := filepath.Join(t.TempDir(), "arbiter.sock")
	listener, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	server := grpc.NewServer()
	arbiterv1.RegisterArbiterServer(server, f)
	go server.Serve(listener)
	t.Cleanup(server.Stop)
	f.address = "unix://" + path
	return f
}

func (f *fakeArbiter) Play(stream arbiterv1.Arbiter_PlayServer) error {
	return f.script(&fakeStream{stream, nil, f})
}

func (f *fakeArbiter) messages() []*arbiterv1.BotMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*arbiterv1.BotMessage(nil), f.got...)
}

// read gets the bot's next message.
func (s *fakeStream) read() (*arbiterv1.BotMessage, error) {
	m, err := s.Recv()
	if err == nil {
		s.fake.mu.Lock()
		s.fake.got = append(s.fake.got, m)
		s.fake.mu.Unlock()
	}
	return m, err
}

func (s *fakeStream) write(m *arbiterv1.ArbiterMessage) error { return s.Send(m) }

// welcome reads the Hello and welcomes the bot.
func (s *fakeStream) welcome() error {
	m, err := s.read()
	if err != nil {
		return err
	}
	if m.GetHello() == nil {
		return errors.New("no hello")
	}
	return s.write(&arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_Welcome{
		Welcome: &arbiterv1.Welcome{ProtocolVersion: 1, ArbiterVersion: "fake", PlayerName: "bot"}}})
}

func errorMessage(code arbiterv1.ErrorCode, text string) *arbiterv1.ArbiterMessage {
	return &arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_Error{
		Error: &arbiterv1.Error{Code: code, Message: text}}}
}

// play runs a bot against the fake with a short timeout.
func (f *fakeArbiter) play(t *testing.T, bot Bot, choose Callback) (int, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return Play(ctx, Options{Address: f.address, Token: "secret", ConnectTimeout: 5 * time.Second}, bot, choose)
}
