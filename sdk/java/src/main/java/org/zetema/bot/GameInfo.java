package org.zetema.bot;

import arbiter.v1.GameStart;
import arbiter.v1.Player;
import arbiter.v1.Result;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;

/** One game from its GameStart to its GameEnd. */
public final class GameInfo {
  private final GameStart start;
  private final List<Object> history = new ArrayList<>();
  private Result result;

  GameInfo(GameStart start) {
    this.start = start;
  }

  /** The GameStart message as the arbiter sent it. */
  public GameStart start() {
    return start;
  }

  public String gameId() {
    return start.getGameId();
  }

  /** The game's name: "zetema", "pontoon", "scotch_whist", "high_card", ... */
  public String game() {
    return start.getGame().isEmpty() ? Games.ZETEMA : start.getGame();
  }

  /** This bot's seat. */
  public int seat() {
    return start.getSeat();
  }

  public int numPlayers() {
    return start.getNumPlayers();
  }

  public List<Player> players() {
    return start.getPlayersList();
  }

  /** The other seats of this bot's team. */
  public List<Integer> partners() {
    List<Integer> partners = new ArrayList<>();
    List<Integer> teams = start.getTeamsList();
    for (int s = 0; s < teams.size(); s++) {
      if (s != seat() && seat() < teams.size() && teams.get(s).equals(teams.get(seat()))) {
        partners.add(s);
      }
    }
    return partners;
  }

  /** The game's Ruleset message (every knob), or null for a text-only game. */
  public Message ruleset() {
    switch (start.getGameStartCase()) {
      case ZETEMA:
        return start.getZetema().getRuleset();
      case PONTOON:
        return start.getPontoon().getRuleset();
      case SCOTCH_WHIST:
        return start.getScotchWhist().getRuleset();
      default:
        return null;
    }
  }

  /**
   * Every event received so far, in engine order: the game's own Event
   * messages (zetema.v1.Event, ...), or lines of text for a text-only game.
   */
  public List<Object> history() {
    return history;
  }

  /** The Result once the game has ended, else null. */
  public Result result() {
    return result;
  }

  void end(Result result) {
    this.result = result;
  }
}
