package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.zetema.bot.PlayStream.ACK;
import static org.zetema.bot.PlayStream.CONTINUATION;
import static org.zetema.bot.PlayStream.DATA;
import static org.zetema.bot.PlayStream.END_HEADERS;
import static org.zetema.bot.PlayStream.END_STREAM;
import static org.zetema.bot.PlayStream.GOAWAY;
import static org.zetema.bot.PlayStream.HEADERS;
import static org.zetema.bot.PlayStream.PADDED;
import static org.zetema.bot.PlayStream.PING;
import static org.zetema.bot.PlayStream.RST_STREAM;
import static org.zetema.bot.PlayStream.SETTINGS_INITIAL_WINDOW_SIZE;
import static org.zetema.bot.PlayStream.WINDOW_UPDATE;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import arbiter.v1.Hello;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The SDK's own HTTP/2 stream against an arbiter that writes the frames itself. */
class PlayStreamTest {
  /** What a test's arbiter does with its end of the connection. */
  interface Script {
    void play(RawArbiter arbiter) throws Exception;
  }

  private CompletableFuture<Void> running;

  /** Opens a PlayStream to a raw arbiter running {@code script} on its own thread. */
  PlayStream withArbiter(ServerSocket listener, Script script, int... settings) throws Exception {
    running = CompletableFuture.runAsync(
        () -> {
          try (Socket socket = listener.accept()) {
            socket.setSoTimeout(20_000);
            script.play(new RawArbiter(socket, settings));
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    return PlayStream.open("127.0.0.1:" + listener.getLocalPort(), 5_000);
  }

  /** Waits for the arbiter's script; its failed assertions fail the test. */
  void arbiterDone() throws Exception {
    running.get(20, TimeUnit.SECONDS);
  }

  static byte[] window(int increment) {
    return ByteBuffer.allocate(4).putInt(increment).array();
  }

  @Test
  void readsEveryTargetFormAndRefusesOthers() throws Exception {
    assertEquals(new PlayStream.Target("/run/a.sock", null, 0, "localhost"), PlayStream.Target.parse("unix:///run/a.sock"));
    assertEquals("a.sock", PlayStream.Target.parse("unix:a.sock").unixPath());
    assertEquals(new PlayStream.Target(null, "h", 80, "h:80"), PlayStream.Target.parse("dns:///h:80"));
    assertEquals(new PlayStream.Target(null, "::1", 5, "[::1]:5"), PlayStream.Target.parse("ipv6:[::1]:5"));
    assertEquals("10.0.0.1", PlayStream.Target.parse("ipv4:10.0.0.1:7").host());
    for (String bad : new String[] {"unix://", "unix:", "h", "h:99999", "h:p", "::1:5", "http://h:1"}) {
      var e = assertThrows(ZetemaException.ConfigurationError.class, () -> PlayStream.Target.parse(bad), bad);
      assertTrue(e.getMessage().contains("cannot read the arbiter address \"" + bad + "\""), e.getMessage());
    }
  }

  @Test
  void grpcMessagesArePercentDecoded() {
    assertEquals("gone: 100% ✓", PlayStream.percentDecoded("gone: 100%25 %E2%9C%93"));
    assertEquals("50%x %", PlayStream.percentDecoded("50%x %"));
  }

  /**
   * A message in padded frames split anywhere, a header block continued,
   * pings answered, and the status in the trailers: its name and its
   * percent-decoded message.
   */
  @Test
  void readsFramesAsTheyComeAndEndsWithTheTrailersStatus() throws Exception {
    ArbiterMessage welcome = Messages.welcome(1);
    try (ServerSocket listener = new ServerSocket(0)) {
      PlayStream stream =
          withArbiter(
              listener,
              a -> {
                a.next();  // the Hello
                byte[] head = a.headerBlock(":status", "200", "content-type", "application/grpc");
                a.write(HEADERS, 0, a.stream, Arrays.copyOf(head, 1));
                a.write(CONTINUATION, END_HEADERS, a.stream, Arrays.copyOfRange(head, 1, head.length));
                byte[] body = RawArbiter.message(welcome);
                byte[] padded = ByteBuffer.allocate(1 + 3 + 3).put((byte) 3).put(body, 0, 3).array();
                a.write(DATA, PADDED, a.stream, padded);
                a.write(PING, 0, 0, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
                a.write(DATA, 0, a.stream, Arrays.copyOfRange(body, 3, body.length));
                a.next();  // the bot's answer: by then it acked the ping
                byte[] trailers = a.headerBlock("grpc-status", "5", "grpc-message", "no%20game%20%E2%9C%93");
                a.write(HEADERS, END_HEADERS | END_STREAM, a.stream, trailers);
                assertTrue(a.frames.stream().anyMatch(f -> f.type() == PING && f.flags() == ACK
                    && Arrays.equals(f.payload(), new byte[] {1, 2, 3, 4, 5, 6, 7, 8})));
              });
      stream.send(BotMessage.newBuilder().setHello(Hello.newBuilder().setToken("t")).build());
      assertEquals(welcome, stream.next());
      stream.send(BotMessage.newBuilder().setHello(Hello.newBuilder().setToken("u")).build());
      var e = assertThrows(PlayStream.StreamError.class, stream::next);
      assertEquals("NOT_FOUND", e.code);
      assertEquals("no game ✓", e.details);
      arbiterDone();
      stream.close(false);
    }
  }

  /**
   * A message larger than the arbiter's windows waits for its window
   * updates, in frames of at most 16 KiB; the arbiter's smaller initial
   * window, settled after the bot began, leaves the stream's window below 0.
   */
  @Test
  void sendsNoMoreThanTheArbitersWindowAndFrameSize() throws Exception {
    String token = "x".repeat(100_000);
    try (ServerSocket listener = new ServerSocket(0)) {
      PlayStream stream =
          withArbiter(
              listener,
              a -> {
                int received = 0, largest = 0;
                while (received < 65_535) {
                  RawArbiter.Frame f = a.read();
                  if (f.type() == DATA) {
                    received += f.payload().length;
                    largest = Math.max(largest, f.payload().length);
                  }
                }
                assertEquals(65_535, received);  // the connection's first window, whole
                assertEquals(16_384, largest);
                a.write(WINDOW_UPDATE, 0, 0, window(100_000));
                a.write(WINDOW_UPDATE, 0, a.stream, window(100_000));
                assertEquals(token, a.next().getHello().getToken());
                a.write(HEADERS, END_HEADERS | END_STREAM, a.stream, a.headerBlock(":status", "200", "grpc-status", "0"));
              },
              SETTINGS_INITIAL_WINDOW_SIZE, 30_000);
      stream.send(BotMessage.newBuilder().setHello(Hello.newBuilder().setToken(token)).build());
      assertNull(stream.next());  // status OK
      arbiterDone();
      stream.close(false);
    }
  }

  /** The bot gives the arbiter its window back after half of it. */
  @Test
  void updatesItsWindowAsMessagesComeIn() throws Exception {
    ArbiterMessage big = ArbiterMessage.newBuilder().setWelcome(arbiter.v1.Welcome.newBuilder()
        .setArbiterVersion("v".repeat(10_000))).build();
    int count = PlayStream.FLOW_WINDOW / 2 / 10_000 + 1;
    try (ServerSocket listener = new ServerSocket(0)) {
      CompletableFuture<Integer> updates = new CompletableFuture<>();
      PlayStream stream =
          withArbiter(
              listener,
              a -> {
                a.next();
                a.respond();
                for (int i = 0; i < count; i++) a.send(big);
                a.next();
                updates.complete((int) a.frames.stream().filter(f -> f.type() == WINDOW_UPDATE).count());
              });
      stream.send(BotMessage.getDefaultInstance());
      for (int i = 0; i < count; i++) assertEquals(big, stream.next());
      stream.send(BotMessage.getDefaultInstance());
      // One at the start (the connection's window raised to FLOW_WINDOW), then one each for the connection and the stream.
      assertEquals(3, updates.get(10, TimeUnit.SECONDS));
      arbiterDone();
      stream.close(true);
    }
  }

  @Test
  void aResetOrARefusalEndsTheCallWithItsStatus() throws Exception {
    Object[][] cases = {
      {RST_STREAM, 1, new byte[] {0, 0, 0, 8}, "CANCELLED", "the arbiter reset the stream (HTTP/2 error 8)"},
      {GOAWAY, 0, new byte[8], "UNAVAILABLE", "the arbiter refused the stream"},
    };
    for (Object[] c : cases) {
      try (ServerSocket listener = new ServerSocket(0)) {
        PlayStream stream = withArbiter(listener, a -> {
          a.next();
          a.write((int) c[0], 0, (int) c[1], (byte[]) c[2]);
        });
        stream.send(BotMessage.getDefaultInstance());
        var e = assertThrows(PlayStream.StreamError.class, stream::next);
        assertEquals(c[3] + ": " + c[4], e.getMessage());
        arbiterDone();
        stream.close(true);
      }
    }
  }

  @Test
  void aHeaderBlockWithoutEndIsRefusedPastItsLimit() throws Exception {
    try (ServerSocket listener = new ServerSocket(0)) {
      PlayStream stream = withArbiter(listener, a -> {
        a.next();
        a.write(HEADERS, 0, a.stream, new byte[16_000]);
        for (int i = 0; i < 5; i++) a.write(CONTINUATION, 0, a.stream, new byte[16_000]);
      });
      stream.send(BotMessage.getDefaultInstance());
      var e = assertThrows(PlayStream.StreamError.class, stream::next);
      assertEquals("INTERNAL: a header block above 65536 bytes", e.getMessage());
      arbiterDone();
      stream.close(true);
    }
  }

  @Test
  void aSettingOutOfRangeEndsTheCall() throws Exception {
    try (ServerSocket listener = new ServerSocket(0)) {
      PlayStream stream = withArbiter(listener, a -> a.next(), PlayStream.SETTINGS_MAX_FRAME_SIZE, 0);
      stream.send(BotMessage.getDefaultInstance());
      var e = assertThrows(PlayStream.StreamError.class, stream::next);
      assertEquals("INTERNAL: the arbiter's setting 5 is out of range: 0", e.getMessage());
      arbiterDone();
      stream.close(true);
    }
  }

  @Test
  void aClosedConnectionIsUnavailable() throws Exception {
    try (ServerSocket listener = new ServerSocket(0)) {
      PlayStream stream = withArbiter(listener, a -> a.next());
      stream.send(BotMessage.getDefaultInstance());
      var e = assertThrows(PlayStream.StreamError.class, stream::next);
      assertEquals("UNAVAILABLE", e.code);
      arbiterDone();
      stream.close(true);
    }
  }

  /** The bot's request headers are plain literals any HPACK decoder reads. */
  @Test
  void theRequestHeadersNameTheCall() throws Exception {
    try (ServerSocket listener = new ServerSocket(0)) {
      CompletableFuture<byte[]> block = new CompletableFuture<>();
      PlayStream stream = withArbiter(listener, a -> {
        RawArbiter.Frame f;
        do f = a.read(); while (f.type() != HEADERS);
        block.complete(f.payload());
      });
      byte[] expected = PlayStream.Hpack.literals(":method", "POST", ":scheme", "http", ":path",
          "/arbiter.v1.Arbiter/Play", ":authority", "127.0.0.1:" + listener.getLocalPort(),
          "content-type", "application/grpc", "te", "trailers", "user-agent", "zetema-bot-java");
      assertArrayEquals(expected, block.get(10, TimeUnit.SECONDS));
      arbiterDone();
      var headers = new io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder(false)
          .decodeHeaders(1, io.grpc.netty.shaded.io.netty.buffer.Unpooled.wrappedBuffer(expected));
      assertEquals("/arbiter.v1.Arbiter/Play", headers.path().toString());
      assertEquals("application/grpc", headers.get("content-type").toString());
      stream.close(true);
    }
  }
}
