package org.zetema.bot;

import java.util.List;

/** The names of the games this SDK has typed messages for (Hello.games). */
public final class Games {
  public static final String ZETEMA = "zetema";
  public static final String PONTOON = "pontoon";
  public static final String SCOTCH_WHIST = "scotch_whist";
  public static final List<String> ALL = List.of(ZETEMA, PONTOON, SCOTCH_WHIST);

  private Games() {}
}
