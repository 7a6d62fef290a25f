package org.zetema.bot;

import arbiter.v1.ActionReply;
import arbiter.v1.DecisionRequest;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * One decision of one game: what the callback sees. {@link #kind()} says which
 * game's accessors apply: {@code zetema()} and {@code zetemaActions()} for
 * Zetema, and so on; {@link #text()} and {@link #legalText()} work for every
 * game (a game without typed messages has only those).
 */
public final class Decision {
  /** Which game's messages the decision carries. */
  public enum Kind {
    ZETEMA,
    PONTOON,
    SCOTCH_WHIST,
    TEXT
  }

  private final DecisionRequest request;
  private final GameInfo game;
  private final Kind kind;

  Decision(DecisionRequest request, GameInfo game) throws ZetemaException {
    this.request = request;
    this.game = game;
    switch (request.getDecisionCase()) {
      case ZETEMA:
        kind = Kind.ZETEMA;
        break;
      case PONTOON:
        kind = Kind.PONTOON;
        break;
      case SCOTCH_WHIST:
        kind = Kind.SCOTCH_WHIST;
        break;
      case TEXT:
        kind = Kind.TEXT;
        break;
      default:
        throw new ZetemaException.ProtocolError(
            "decision request " + Long.toUnsignedString(request.getRequestId())
                + " is for a game this SDK does not know (no decision it reads): update the SDK");
    }
    if (numLegal() == 0) {
      throw new ZetemaException.ProtocolError(
          "decision request " + Long.toUnsignedString(request.getRequestId())
              + " has no legal action");
    }
  }

  public Kind kind() {
    return kind;
  }

  /** The DecisionRequest message as the arbiter sent it. */
  public DecisionRequest request() {
    return request;
  }

  /** The game this decision belongs to (null if its GameStart never came). */
  public GameInfo game() {
    return game;
  }

  /** What this decision may take: the move limit plus what is left of the bank. */
  public int timeLeftMs() {
    return request.getTimeLeftMs();
  }

  public zetema.v1.Observation zetema() {
    return expect(Kind.ZETEMA).request.getZetema().getObservation();
  }

  public List<zetema.v1.LegalAction> zetemaActions() {
    return expect(Kind.ZETEMA).request.getZetema().getLegalActionsList();
  }

  public pontoon.v1.Observation pontoon() {
    return expect(Kind.PONTOON).request.getPontoon().getObservation();
  }

  public List<pontoon.v1.LegalAction> pontoonActions() {
    return expect(Kind.PONTOON).request.getPontoon().getLegalActionsList();
  }

  public scotch_whist.v1.Observation scotchWhist() {
    return expect(Kind.SCOTCH_WHIST).request.getScotchWhist().getObservation();
  }

  public List<scotch_whist.v1.LegalAction> scotchWhistActions() {
    return expect(Kind.SCOTCH_WHIST).request.getScotchWhist().getLegalActionsList();
  }

  /** The legal actions of any game, typed (LegalAction messages) or strings. */
  public List<?> legalActions() {
    switch (kind) {
      case ZETEMA:
        return zetemaActions();
      case PONTOON:
        return pontoonActions();
      case SCOTCH_WHIST:
        return scotchWhistActions();
      default:
        return request.getText().getLegalActionsList();
    }
  }

  public int numLegal() {
    return legalActions().size();
  }

  /** Every legal action in the game's text notation ("discard 9H", "twist"). */
  public List<String> legalText() {
    List<String> texts = new ArrayList<>();
    for (Object action : legalActions()) {
      texts.add(action instanceof String ? (String) action : textOf((Message) action));
    }
    return texts;
  }

  /** What the seat sees, as text: a text-only game's observation, else the
   * typed observation printed. */
  public String text() {
    switch (kind) {
      case ZETEMA:
        return zetema().toString();
      case PONTOON:
        return pontoon().toString();
      case SCOTCH_WHIST:
        return scotchWhist().toString();
      default:
        return request.getText().getObservation();
    }
  }

  private static String textOf(Message legal) {
    return (String) legal.getField(legal.getDescriptorForType().findFieldByName("text"));
  }

  private Decision expect(Kind wanted) {
    if (kind != wanted) {
      throw new IllegalStateException("this is a " + kind + " decision, not " + wanted);
    }
    return this;
  }

  /**
   * The ActionReply for what a callback returned: an index into the legal
   * actions (Integer), text in the game's notation (String), one of the legal
   * actions (a LegalAction message of this game), or this game's Action
   * message (sent by index when it is legal). Throws IllegalArgumentException,
   * before anything is sent, for anything else.
   */
  ActionReply reply(Object choice) {
    ActionReply.Builder reply = ActionReply.newBuilder().setRequestId(request.getRequestId());
    List<?> legal = legalActions();
    if (choice instanceof Integer) {
      int index = (Integer) choice;
      if (index < 0 || index >= legal.size()) {
        throw new IllegalArgumentException(
            "the callback returned index " + index + ", but there are " + legal.size()
                + " legal actions");
      }
      return reply.setIndex(index).build();
    }
    if (choice instanceof String) return reply.setText((String) choice).build();
    int index = legal.indexOf(choice);
    if (index >= 0) return reply.setIndex(index).build();
    for (int i = 0; i < legal.size(); i++) {
      if (legal.get(i) instanceof Message && actionOf((Message) legal.get(i)).equals(choice)) {
        return reply.setIndex(i).build();
      }
    }
    if (kind == Kind.ZETEMA && choice instanceof zetema.v1.Action) {
      return reply.setAction((zetema.v1.Action) choice).build();
    }
    if (kind == Kind.PONTOON && choice instanceof pontoon.v1.Action) {
      return reply.setPontoon((pontoon.v1.Action) choice).build();
    }
    if (kind == Kind.SCOTCH_WHIST && choice instanceof scotch_whist.v1.Action) {
      return reply.setScotchWhist((scotch_whist.v1.Action) choice).build();
    }
    String what = choice == null ? "null" : choice.getClass().getName();
    throw new IllegalArgumentException(
        "the callback returned " + what + ", no answer to a " + kind + " decision: return an"
            + " index, one of the legal actions, this game's Action or action text such as"
            + " \"discard 9H\"");
  }

  private static Object actionOf(Message legal) {
    return legal.getField(legal.getDescriptorForType().findFieldByName("action"));
  }
}
