package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK against the real arbiter: `arbiter play` spawns the test bot
 * (FixtureBot) with the sandbox on and this package's folder as its working
 * directory; every record verifies and holds no fault. The arbiter is the
 * system property zetema.arbiter (scripts/mvn_test.sh passes it), else the
 * repository's build-test/ or build/ one; without it these tests are skipped.
 */
class ArbiterTest {
  static final Path PACKAGE = Path.of("").toAbsolutePath();
  // The JDK's own java (java.home), not /usr/bin/java: the sandbox may not
  // show the /etc/alternatives link that /usr/bin/java goes through.
  static final String FIXTURE =
      Path.of(System.getProperty("java.home"), "bin", "java")
          + " -cp target/classes:target/test-classes:target/dependency/* " + FixtureBot.class.getName();
  static Path arbiter;

  @BeforeAll
  static void findArbiter() {
    List<String> candidates = new ArrayList<>();
    candidates.add(System.getProperty("zetema.arbiter", ""));
    candidates.add(PACKAGE.resolve("../../build-test/arbiter/cli/arbiter").toString());
    candidates.add(PACKAGE.resolve("../../build/arbiter/cli/arbiter").toString());
    for (String c : candidates) {
      if (!c.isEmpty() && Files.isExecutable(Path.of(c))) {
        arbiter = Path.of(c).normalize();
        return;
      }
    }
    Assumptions.abort("no arbiter built (build-test/arbiter/cli/arbiter): the real-arbiter tests are skipped");
  }

  record Run(int status, String out) {}

  static Run arbiter(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(arbiter.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).directory(PACKAGE.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(240, TimeUnit.SECONDS), "arbiter " + String.join(" ", args) + " ended");
    return new Run(p.exitValue(), new String(out));
  }

  @ParameterizedTest(name = "{0}: {1} test bots play 2 games through arbiter play; every record verifies, no fault")
  @CsvSource({"zetema, 3", "pontoon, 3", "scotch_whist, 2"})
  void playsEveryGame(String game, int players, @TempDir Path dir) throws Exception {
    List<String> bots = new ArrayList<>();
    for (int i = 0; i < players; i++) bots.add("java" + i + "=" + FIXTURE);
    playAndVerify(dir, game, players, bots, "fixture");
  }

  /** The ```java blocks of docs/sdk-java.md, in order. */
  static List<String> docsBlocks() throws Exception {
    String text = Files.readString(PACKAGE.resolve("../../docs/sdk-java.md"));
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("(?ms)^```java\n(.*?)^```$").matcher(text);
    while (m.find()) blocks.add(m.group(1));
    return blocks;
  }

  @Test
  void theBotsOfTheDocsCompileAndPlay(@TempDir Path dir) throws Exception {
    List<String> blocks = docsBlocks();
    assertEquals(2, blocks.size(), "docs/sdk-java.md has two ```java blocks");
    Path src = Files.createDirectories(PACKAGE.resolve("target/docs-bots"));
    Files.writeString(src.resolve("MyBot.java"), blocks.get(0));
    Files.writeString(src.resolve("EveryGame.java"),
        "import org.zetema.bot.*;\n\npublic class EveryGame {\n  public static void main(String[] args) {\n"
            + blocks.get(1) + "    System.exit(0);\n  }\n}\n");
    int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", src.toString(),
        "-cp", System.getProperty("java.class.path"),
        src.resolve("MyBot.java").toString(), src.resolve("EveryGame.java").toString());
    assertEquals(0, status, "the docs' bots compile");
    String java = FIXTURE.substring(0, FIXTURE.indexOf(" -cp ")) + " -cp target/docs-bots:target/classes:target/dependency/* ";
    playAndVerify(dir, "zetema", 2, List.of("mine=" + java + "MyBot", "java=" + FIXTURE), "my-bot");
    for (String game : Games.ALL) {
      playAndVerify(dir, game, 2, List.of("every=" + java + "EveryGame", "java=" + FIXTURE), "every-game");
    }
  }

  /** Plays 2 games; every record is of the game, free of faults, has the bot named and verifies. */
  static void playAndVerify(Path dir, String game, int players, List<String> bots, String name) throws Exception {
    String out = dir.resolve(name + "-" + game + ".jsonl").toString();
    List<String> args = new ArrayList<>(List.of("play", "--game", game, "--players", "" + players,
        "--games", "2", "--seed", "7", "--out", out));
    for (String bot : bots) args.addAll(List.of("--bot", bot));
    Run played = arbiter(args.toArray(new String[0]));
    assertEquals(0, played.status(), played.out());
    List<String> records = Files.readAllLines(Path.of(out));
    assertEquals(2, records.size());
    for (String record : records) {
      assertTrue(record.contains("\"game\":\"" + game + "\""), record);
      assertFalse(record.contains("\"faults\":[{"), record);
      assertTrue(record.contains("\"hello_bot_name\":\"" + name + "\""), record);
    }
    Run verified = arbiter("replay", out, "--verify");
    assertEquals(0, verified.status(), verified.out());
  }

  @Test
  void aBotThatDoesNotDeclareTheGameIsRefusedBeforeAnyGame(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("games.jsonl");
    Run played = arbiter("play", "--game", "pontoon", "--games", "1",
        "--bot", "j=" + FIXTURE + " --games zetema", "--bot", "b=" + FIXTURE, "--out", out.toString());
    assertEquals(2, played.status(), played.out());
    assertTrue(played.out().matches("(?s).*'j'.*does not play pontoon.*"), played.out());
    assertTrue(!Files.exists(out) || Files.size(out) == 0, "no game recorded");
  }
}
