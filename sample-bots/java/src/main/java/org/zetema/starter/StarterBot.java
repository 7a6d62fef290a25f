package org.zetema.starter;

import org.zetema.bot.Bot;
import org.zetema.bot.Games;

/**
 * The Java starter bot: plays Zetema, Pontoon and Scotch Whist with the
 * Python sample bots' heuristics (Greedy, PontoonPlayer, Whist).
 *
 *   java -jar sample-bots/java/target/bot.jar           # spawned by the arbiter
 *   java -jar sample-bots/java/target/bot.jar --address HOST:PORT --token T
 */
public final class StarterBot {
  private StarterBot() {}

  public static void main(String[] args) {
    Bot.named("java-starter").version("1.0").games(Games.ALL).run(args, d -> switch (d.kind()) {
      case ZETEMA -> Greedy.choose(d);
      case PONTOON -> PontoonPlayer.choose(d);
      case SCOTCH_WHIST -> Whist.choose(d);
      default -> 0;  // a game known by its text only: the first legal action
    });
    System.exit(0);
  }
}
