package org.zetema.bot;

import arbiter.v1.Hello;
import io.grpc.ManagedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A bot: its name, the games it plays and one callback for all of them.
 *
 * <pre>{@code
 * Bot.named("first").version("1.0").games(Games.ALL).run(args, decision -> 0);
 * }</pre>
 *
 * <p>The address and the one-time token come from {@code --address}/{@code
 * --token} or, failing those, from ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN
 * (which a spawning arbiter sets). One stream carries any number of games;
 * {@link #play} returns when the arbiter says SHUTDOWN or closes the stream
 * between games.
 */
public final class Bot {
  public static final String ADDRESS_ENV = "ZETEMA_ARBITER_ADDRESS";
  public static final String TOKEN_ENV = "ZETEMA_TOKEN";

  /** What the bot answers to a decision: see {@link Decision} for the answers. */
  @FunctionalInterface
  public interface Callback {
    Object choose(Decision decision) throws Exception;
  }

  final String name;
  private String version = "0";
  final List<String> games = new ArrayList<>();
  private int connectTimeoutMs = 10_000;
  Consumer<GameInfo> onGameStart = game -> {};
  BiConsumer<Object, GameInfo> onEvent = (event, game) -> {};
  Consumer<GameInfo> onGameEnd = game -> {};

  private Bot(String name) {
    this.name = name;
  }

  /** A bot of this name: every record keeps its name and version. */
  public static Bot named(String name) {
    return new Bot(name);
  }

  public Bot version(String version) {
    this.version = version;
    return this;
  }

  /**
   * The games this bot plays: "zetema", "pontoon", "scotch_whist" (see
   * {@link Games}) or a text-only game's name; none means zetema only.
   */
  public Bot games(List<String> games) {
    this.games.clear();
    this.games.addAll(games);
    return this;
  }

  public Bot games(String... games) {
    return games(List.of(games));
  }

  /** How long to wait for the arbiter (default 10 s). */
  public Bot connectTimeoutMs(int ms) {
    connectTimeoutMs = ms;
    return this;
  }

  public Bot onGameStart(Consumer<GameInfo> hook) {
    onGameStart = hook;
    return this;
  }

  /** Every event as it comes: the game's Event message, or a line of text. */
  public Bot onEvent(BiConsumer<Object, GameInfo> hook) {
    onEvent = hook;
    return this;
  }

  /** At every GameEnd: {@link GameInfo#result()} holds the result. */
  public Bot onGameEnd(Consumer<GameInfo> hook) {
    onGameEnd = hook;
    return this;
  }

  /** The address and token of the flags or the environment, and the other arguments. */
  public record Connection(String address, String token, List<String> rest) {}

  /**
   * Reads {@code --address A}, {@code --address=A}, {@code --token T} and
   * {@code --token=T}, else ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN.
   */
  public static Connection connection(String[] args, Map<String, String> env)
      throws ZetemaException {
    String address = null;
    String token = null;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String flag = arg.startsWith("--address") ? "address" : arg.startsWith("--token") ? "token" : null;
      String value;
      if (flag == null || !(arg.equals("--" + flag) || arg.startsWith("--" + flag + "="))) {
        rest.add(arg);
        continue;
      } else if (arg.contains("=")) {
        value = arg.substring(arg.indexOf('=') + 1);
      } else if (i + 1 < args.length) {
        value = args[++i];
      } else {
        throw new ZetemaException.ConfigurationError("--" + flag + " needs a value");
      }
      if (flag.equals("address")) address = value;
      else token = value;
    }
    if (address == null || address.isEmpty()) address = env.getOrDefault(ADDRESS_ENV, "");
    if (token == null) token = env.getOrDefault(TOKEN_ENV, "");
    return new Connection(address, token, rest);
  }

  private void check(Connection c) throws ZetemaException {
    if (c.address().isEmpty()) {
      throw new ZetemaException.ConfigurationError(
          "no arbiter address: pass --address HOST:PORT (or unix:///path) or set " + ADDRESS_ENV);
    }
    if (c.token().isEmpty()) {
      throw new ZetemaException.ConfigurationError(
          "no token: pass --token TOKEN or set " + TOKEN_ENV
              + " (the arbiter prints or passes one token per bot)");
    }
    for (String game : games) {
      if (game == null || game.isEmpty() || !game.strip().equals(game)) {
        throw new ZetemaException.ConfigurationError(
            "games wants game names such as \"pontoon\" or " + Games.ALL + ", got " + games);
      }
    }
  }

  Hello hello(String token) {
    return Hello.newBuilder()
        .setToken(token)
        .setBotName(name)
        .setBotVersion(version)
        .setProtocolVersion(Protocol.VERSION)
        .addAllGames(games)
        .setEventsInRequest(true)
        .build();
  }

  /**
   * Connects, says Hello and plays every game the arbiter sends. Returns the
   * number of games that ended; throws a ZetemaException on a configuration,
   * connection or protocol error, or what the callback or a hook threw (after
   * closing the stream).
   */
  public int play(String[] args, Map<String, String> env, Callback callback) throws Exception {
    Connection c = connection(args, env);
    check(c);
    PlayStream stream = PlayStream.open(c.address(), connectTimeoutMs);
    return new Session(this, callback, c.address()).run(stream, hello(c.token()));
  }

  /**
   * {@link #play} on a grpc-java channel of the caller's (in-process servers, tests), through
   * grpc-java's stack: messages are handled on the channel's threads (give it a direct executor).
   */
  public int play(ManagedChannel channel, String token, Callback callback) throws Exception {
    check(new Connection("channel", token, List.of()));
    return new Session(this, callback, channel.authority()).run(channel, hello(token));
  }

  /**
   * {@link #play} with the process's arguments and environment, for a bot's
   * main: on an SDK error prints one line ({@code NAME: error: ...}) to stderr
   * and exits with its status (2 configuration, 3 connection, 4 protocol, 5
   * version mismatch, 6 bad token, 7 a game the bot did not declare); on an
   * error of the callback prints its stack trace and exits with 1. Returns
   * the number of games played otherwise.
   */
  public int run(String[] args, Callback callback) {
    try {
      return play(args, System.getenv(), callback);
    } catch (ZetemaException e) {
      System.err.println(name + ": error: " + e.getMessage());
      System.exit(e.exitCode());
    } catch (Throwable e) {
      System.err.print(name + ": error: ");
      e.printStackTrace();
      System.exit(1);
    }
    return 0;
  }
}
