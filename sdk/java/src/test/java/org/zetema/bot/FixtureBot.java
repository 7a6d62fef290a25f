package org.zetema.bot;

import java.util.List;
import java.util.Random;

/**
 * The SDK tests' bot: plays every game it declares, answering in each of the
 * forms (Zetema: an Action message, Pontoon: an index, Scotch Whist: text).
 *
 *   java -cp ... org.zetema.bot.FixtureBot [--games zetema,pontoon] [--throw]
 */
public final class FixtureBot {
  public static void main(String[] args) throws Exception {
    List<String> rest = Bot.connection(args, System.getenv()).rest();
    int at = rest.indexOf("--games");
    List<String> games = at >= 0 ? List.of(rest.get(at + 1).split(",")) : Games.ALL;
    boolean fail = rest.contains("--throw");
    Random random = new Random();
    Bot.named("fixture").version("1.0").games(games).run(args, d -> {
      if (fail) throw new IllegalStateException("the fixture's callback fails on purpose");
      int pick = random.nextInt(d.numLegal());
      switch (d.kind()) {
        case ZETEMA:
          return d.zetemaActions().get(pick).getAction();
        case PONTOON:
          return pick;
        case SCOTCH_WHIST:
          return d.legalText().get(pick);
        default:
          return 0;
      }
    });
  }
}
