package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up before the Hello: every game's sample is a decision the SDK answers. */
class WarmupTest {
  @Test
  void everyGameHasASampleTheSdkAnswers() throws Exception {
    List<Decision.Kind> kinds = new ArrayList<>();
    for (var request : Warmup.samples()) {
      Decision d = new Decision(request, null);
      kinds.add(d.kind());
      assertEquals(request.getRequestId(), d.reply(0).getRequestId());
      assertEquals(d.numLegal(), d.legalText().size());
    }
    assertEquals(List.of(Decision.Kind.ZETEMA, Decision.Kind.PONTOON, Decision.Kind.SCOTCH_WHIST), kinds);
  }

  @Test
  void runsItsRoundsWithinItsDeadline() {
    assertEquals(3 * 4, Warmup.run(4, Long.MAX_VALUE));
    assertEquals(0, Warmup.run(4, System.nanoTime() - 1));  // a deadline passed: nothing
  }
}
