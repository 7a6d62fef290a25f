package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.v1.ActionReply;
import arbiter.v1.ErrorCode;
import arbiter.v1.Hello;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SDK against a fake arbiter over TCP and a unix socket. */
class ClientTest {
  /** One Zetema game of one decision, then SHUTDOWN. */
  static final FakeArbiter.Script ONE_GAME =
      (n, message, to) -> {
        if (n == 0) {
          to.onNext(Messages.welcome(1));
          to.onNext(Messages.zetemaStart("g1"));
          to.onNext(Messages.request(Messages.zetemaRequest("g1", -1)));  // 2^64 - 1
        } else {
          to.onNext(Messages.end("g1", 1));
          to.onNext(Messages.shutdown());
          to.onCompleted();
        }
      };

  static int play(FakeArbiter arbiter, Bot bot, Bot.Callback callback) throws Exception {
    return bot.play(new String[] {"--address", arbiter.address, "--token=t0k"}, Map.of(), callback);
  }

  void playsOneGame(FakeArbiter arbiter) throws Exception {
    List<Decision> seen = new ArrayList<>();
    List<GameInfo> ended = new ArrayList<>();
    Bot bot = Bot.named("tester").version("2.5").games(Games.ALL).onGameEnd(ended::add);
    int games =
        play(arbiter, bot, d -> {
          seen.add(d);
          return d.zetemaActions().get(1);  // a legal action: sent by its index
        });
    assertEquals(1, games);
    Hello hello = arbiter.received.get(0).getHello();
    assertEquals("t0k", hello.getToken());
    assertEquals("tester", hello.getBotName());
    assertEquals("2.5", hello.getBotVersion());
    assertEquals(1, hello.getProtocolVersion());
    assertEquals(Games.ALL, hello.getGamesList());
    assertTrue(hello.getEventsInRequest());
    ActionReply reply = arbiter.received.get(1).getActionReply();
    assertEquals("18446744073709551615", Long.toUnsignedString(reply.getRequestId()));
    assertEquals(1, reply.getIndex());
    Decision d = seen.get(0);
    assertEquals(Decision.Kind.ZETEMA, d.kind());
    assertEquals(List.of("9H", "KS"), d.zetema().getHandList());
    assertEquals(List.of("discard 9H", "discard KS"), d.legalText());
    assertEquals(900, d.timeLeftMs());
    assertEquals(1, d.game().seat());
    assertEquals(List.of(3), d.game().partners());
    assertEquals("parlett", ((zetema.v1.Ruleset) d.game().ruleset()).getBase());
    assertEquals("9H", ((zetema.v1.Event) d.game().history().get(0)).getCard());
    assertEquals(1, ended.get(0).result().getWinner());
  }

  @Test
  void playsAGameOverTcp() throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(ONE_GAME)) {
      playsOneGame(arbiter);
    }
  }

  @Test
  void playsAGameOverAUnixSocket(@TempDir Path dir) throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.unix(ONE_GAME, dir.resolve("arbiter.sock"))) {
      assertTrue(arbiter.address.startsWith("unix:///"));
      playsOneGame(arbiter);
    }
  }

  /** A channel of the bot's own goes through grpc-java's stack, to the same game loop. */
  @Test
  void playsOnAGrpcChannelOfTheCallers() throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(ONE_GAME)) {
      io.grpc.ManagedChannel channel =
          io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder.forTarget(arbiter.address)
              .usePlaintext()
              .directExecutor()
              .build();
      try {
        assertEquals(1, Bot.named("own").play(channel, "t0k", d -> 1));
        assertEquals("t0k", arbiter.received.get(0).getHello().getToken());
        assertEquals(1, arbiter.received.get(1).getActionReply().getIndex());
      } finally {
        channel.shutdownNow();
      }
    }
  }

  @Test
  void readsTheEnvironmentWhenNoFlagIsGiven() throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(ONE_GAME)) {
      Map<String, String> env = Map.of(Bot.ADDRESS_ENV, arbiter.address, Bot.TOKEN_ENV, "env-token");
      assertEquals(1, Bot.named("env").play(new String[] {"--mine"}, env, d -> 0));
      assertEquals("env-token", arbiter.received.get(0).getHello().getToken());
      assertEquals(List.of(), arbiter.received.get(0).getHello().getGamesList());
    }
  }

  @Test
  void flagsOverrideTheEnvironmentAndTheRestIsKept() throws Exception {
    Bot.Connection c =
        Bot.connection(
            new String[] {"--level", "3", "--address=h:1", "--token", "t", "--tokens"},
            Map.of(Bot.ADDRESS_ENV, "env:2", Bot.TOKEN_ENV, "e"));
    assertEquals(new Bot.Connection("h:1", "t", List.of("--level", "3", "--tokens")), c);
  }

  static ZetemaException refused(FakeArbiter.Script script, Bot bot) throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(script)) {
      return assertThrows(ZetemaException.class, () -> play(arbiter, bot, d -> 0));
    }
  }

  static FakeArbiter.Script answer(arbiter.v1.ArbiterMessage... messages) {
    return (n, message, to) -> {
      for (var m : messages) to.onNext(m);
      to.onCompleted();
    };
  }

  @Test
  void refusalsHaveTheirExitStatus() throws Exception {
    ZetemaException e = refused(answer(Messages.error(ErrorCode.ERROR_CODE_BAD_TOKEN, "used")), Bot.named("b"));
    assertEquals(6, e.exitCode());
    assertTrue(e.getMessage().contains("did not accept the token (used)"), e.getMessage());
    e = refused(answer(Messages.error(ErrorCode.ERROR_CODE_VERSION_MISMATCH, "speaks 2")), Bot.named("b"));
    assertEquals(5, e.exitCode());
    e = refused(answer(Messages.welcome(2)), Bot.named("b"));
    assertEquals(5, e.exitCode());
    assertTrue(e.getMessage().contains("the arbiter version 2"), e.getMessage());
    e = refused(answer(Messages.error(ErrorCode.ERROR_CODE_GAME_NOT_DECLARED, "plays pontoon")), Bot.named("b").games("zetema"));
    assertEquals(7, e.exitCode());
    assertTrue(e.getMessage().contains("plays pontoon") && e.getMessage().contains("(now: zetema)"), e.getMessage());
    e = refused(answer(Messages.error(ErrorCode.ERROR_CODE_EXPECTED_HELLO, "what")), Bot.named("b"));
    assertEquals(4, e.exitCode());
    e = refused(answer(Messages.zetemaStart("g")), Bot.named("b"));
    assertEquals(4, e.exitCode());
    assertTrue(e.getMessage().contains("expected a Welcome"), e.getMessage());
    e = refused(answer(), Bot.named("b"));
    assertEquals(4, e.exitCode());
    assertTrue(e.getMessage().contains("without a Welcome"), e.getMessage());
  }

  @Test
  void aStreamClosedMidGameIsAConnectionError() throws Exception {
    ZetemaException e = refused(answer(Messages.welcome(1), Messages.zetemaStart("g9")), Bot.named("b"));
    assertEquals(3, e.exitCode());
    assertTrue(e.getMessage().contains("in the middle of game g9"), e.getMessage());
  }

  @Test
  void aStreamClosedBetweenGamesEndsPlay() throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(answer(Messages.welcome(1)))) {
      assertEquals(0, play(arbiter, Bot.named("b"), d -> 0));
    }
  }

  @Test
  void configurationErrors() {
    Bot bot = Bot.named("b");
    var e = assertThrows(ZetemaException.class, () -> bot.play(new String[0], Map.of(), d -> 0));
    assertEquals(2, e.exitCode());
    assertTrue(e.getMessage().contains(Bot.ADDRESS_ENV), e.getMessage());
    e = assertThrows(ZetemaException.class, () -> bot.play(new String[] {"--address", "h:1"}, Map.of(), d -> 0));
    assertEquals(2, e.exitCode());
    assertTrue(e.getMessage().contains(Bot.TOKEN_ENV), e.getMessage());
    e = assertThrows(ZetemaException.class, () -> bot.play(new String[] {"--token"}, Map.of(), d -> 0));
    assertEquals("--token needs a value", e.getMessage());
    e = assertThrows(ZetemaException.class,
        () -> Bot.named("b").games("zetema", " pontoon").play(new String[] {"--address=h:1", "--token=t"}, Map.of(), d -> 0));
    assertEquals(2, e.exitCode());
    e = assertThrows(ZetemaException.class, () -> bot.play(new String[] {"--address=unix://", "--token=t"}, Map.of(), d -> 0));
    assertEquals(2, e.exitCode());
  }

  @Test
  void anUnreachableArbiterIsAConnectionError(@TempDir Path dir) {
    Bot bot = Bot.named("b").connectTimeoutMs(300);
    String address = "unix://" + dir.resolve("nobody.sock");
    var e = assertThrows(ZetemaException.class, () -> bot.play(new String[] {"--address", address, "--token=t"}, Map.of(), d -> 0));
    assertEquals(3, e.exitCode());
    assertTrue(e.getMessage().contains("cannot reach the arbiter"), e.getMessage());
  }

  @Test
  void theCallbacksErrorEndsPlayAndCancelsTheStream() throws Exception {
    try (FakeArbiter arbiter = FakeArbiter.tcp(ONE_GAME)) {
      var e = assertThrows(IllegalStateException.class,
          () -> play(arbiter, Bot.named("b"), d -> { throw new IllegalStateException("mine"); }));
      assertEquals("mine", e.getMessage());
      assertTrue(arbiter.awaitEnd());
      assertTrue(arbiter.cancelled);
      assertEquals(1, arbiter.received.size());  // no reply was sent
    }
  }

  @Test
  void aTextGameIsPlayedByItsText() throws Exception {
    FakeArbiter.Script script = (n, message, to) -> {
      if (n == 0) {
        to.onNext(Messages.welcome(1));
        to.onNext(Messages.request(Messages.textRequest("h", 3)));
      } else {
        to.onNext(Messages.shutdown());
      }
    };
    try (FakeArbiter arbiter = FakeArbiter.tcp(script)) {
      List<String> seen = new ArrayList<>();
      play(arbiter, Bot.named("b").games("high_card"), d -> {
        seen.add(d.kind() + " " + d.text() + " " + d.legalText());
        return "high";
      });
      assertEquals(List.of("TEXT you hold 7 [low, high]"), seen);
      assertEquals("high", arbiter.received.get(1).getActionReply().getText());
    }
  }

  @Test
  void runExitsWithTheErrorsStatusAndOneLine() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
            FixtureBot.class.getName(), "--address", "127.0.0.1:1")
        .redirectErrorStream(true)
        .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(2, p.waitFor());
    assertEquals("fixture: error: no token: pass --token TOKEN or set ZETEMA_TOKEN (the arbiter prints or"
        + " passes one token per bot)\n", out);
    assertInstanceOf(Process.class, p);
  }
}
