package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    String out = dir.resolve("games.jsonl").toString();
    Run played = arbiter("play", "--game", game, "--players", "" + players, "--games", "2", "--seed", "7",
        "--bot", "java=" + FIXTURE, "--out", out);
    assertEquals(0, played.status(), played.out());
    List<String> records = Files.readAllLines(Path.of(out));
    assertEquals(2, records.size());
    for (String record : records) {
      assertTrue(record.contains("\"game\":\"" + game + "\""), record);
      assertFalse(record.contains("\"faults\":[{"), record);
      assertEquals(players, record.split("\"hello_bot_name\":\"fixture\"", -1).length - 1, record);
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
