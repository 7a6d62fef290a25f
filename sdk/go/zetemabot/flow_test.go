package zetemabot

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"net"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/protobuf/proto"

	arbiterv1 "github.com/zetema/arbiter/sdk/go/gen/arbiter/v1"
)

// rawArbiter speaks HTTP/2 frames to the bot itself, to see the frames a
// gRPC server never shows: the bot's settings and pings.
type rawArbiter struct {
	t      *testing.T
	framer *http2.Framer
	stream uint32
	window uint32 // the bot's SETTINGS_INITIAL_WINDOW_SIZE, 0 if unset
	pings  int    // PING frames the bot sent (acks not counted)
}

// next reads frames until the bot's next DATA frame (a message it sent),
// answering its settings and counting its pings on the way.
func (a *rawArbiter) next() {
	a.t.Helper()
	for {
		frame, err := a.framer.ReadFrame()
		if err != nil {
			a.t.Fatalf("reading the bot's frames: %v", err)
		}
		switch f := frame.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				if v, ok := f.Value(http2.SettingInitialWindowSize); ok {
					a.window = v
				}
				a.framer.WriteSettingsAck()
			}
		case *http2.HeadersFrame:
			a.stream = f.StreamID
		case *http2.PingFrame:
			if !f.IsAck() {
				a.pings++
				a.framer.WritePing(true, f.Data)
			}
		case *http2.DataFrame:
			if len(f.Data()) > 0 {
				return
			}
		}
	}
}

// send writes one gRPC message (its 5-byte prefix, then the message).
func (a *rawArbiter) send(m *arbiterv1.ArbiterMessage) {
	body, err := proto.Marshal(m)
	if err != nil {
		a.t.Fatal(err)
	}
	frame := binary.BigEndian.AppendUint32([]byte{0}, uint32(len(body)))
	if err := a.framer.WriteData(a.stream, false, append(frame, body...)); err != nil {
		a.t.Fatal(err)
	}
}

// Each decision costs one frame each way and nothing more: the bot's fixed
// flow-control window keeps grpc-go's bandwidth estimator off, which would
// otherwise ping the arbiter on every request it reads and wake both sides
// again for the ack.
func TestNoPingPerDecision(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arbiter.sock")
	listener, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	ended := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, err := Play(ctx, Options{Address: "unix://" + path, Token: "secret", ConnectTimeout: 5 * time.Second},
			Bot{Name: "flow"}, func(*Decision) Answer { return Index(0) })
		ended <- err
	}()
	conn, err := listener.Accept()
	if err != nil {
		t.Fatal(err)
	}
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.ReadFull(conn, make([]byte, len(http2.ClientPreface))); err != nil {
		t.Fatal(err)
	}
	a := &rawArbiter{t: t, framer: http2.NewFramer(conn, conn)}
	a.framer.WriteSettings()
	a.next() // the Hello
	var headers bytes.Buffer
	encoder := hpack.NewEncoder(&headers)
	encoder.WriteField(hpack.HeaderField{Name: ":status", Value: "200"})
	encoder.WriteField(hpack.HeaderField{Name: "content-type", Value: "application/grpc"})
	a.framer.WriteHeaders(http2.HeadersFrameParam{StreamID: a.stream, BlockFragment: headers.Bytes(), EndHeaders: true})
	a.send(&arbiterv1.ArbiterMessage{Message: &arbiterv1.ArbiterMessage_Welcome{
		Welcome: &arbiterv1.Welcome{ProtocolVersion: ProtocolVersion}}})
	a.send(start("z", Zetema))
	const decisions = 5
	for id := uint64(1); id <= decisions; id++ {
		a.send(decide(zetemaRequest(id)))
		a.next() // the answer
	}
	if a.window != flowWindow {
		t.Errorf("the bot's initial window is %d, not the fixed %d", a.window, flowWindow)
	}
	if a.pings != 0 {
		t.Errorf("the bot sent %d pings over %d decisions, not none", a.pings, decisions)
	}
	conn.Close()
	if err := <-ended; err == nil {
		t.Error("a stream cut mid-game ended the bot without an error")
	}
}
