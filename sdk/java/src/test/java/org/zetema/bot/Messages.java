package org.zetema.bot;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.DecisionRequest;
import arbiter.v1.ErrorCode;
import arbiter.v1.GameEnd;
import arbiter.v1.GameEvent;
import arbiter.v1.GameStart;
import arbiter.v1.Result;
import arbiter.v1.TextDecision;
import arbiter.v1.Welcome;

/** The arbiter's messages for the tests' scripts. */
final class Messages {
  private Messages() {}

  static ArbiterMessage welcome(int version) {
    return ArbiterMessage.newBuilder()
        .setWelcome(Welcome.newBuilder().setProtocolVersion(version).setArbiterVersion("test"))
        .build();
  }

  static ArbiterMessage error(ErrorCode code, String message) {
    return ArbiterMessage.newBuilder()
        .setError(arbiter.v1.Error.newBuilder().setCode(code).setMessage(message))
        .build();
  }

  static ArbiterMessage shutdown() {
    return error(ErrorCode.ERROR_CODE_SHUTDOWN, "bye");
  }

  static ArbiterMessage zetemaStart(String id) {
    return ArbiterMessage.newBuilder()
        .setGameStart(
            GameStart.newBuilder()
                .setGameId(id)
                .setSeat(1)
                .setNumPlayers(4)
                .addAllTeams(java.util.List.of(0, 1, 0, 1))
                .setGame("zetema")
                .setZetema(
                    zetema.v1.GameStart.newBuilder()
                        .setRuleset(zetema.v1.Ruleset.newBuilder().setBase("parlett"))
                        .setFirstDealer(3)))
        .build();
  }

  static zetema.v1.Action discard(String card) {
    return zetema.v1.Action.newBuilder()
        .setDiscard(zetema.v1.Discard.newBuilder().setCard(card))
        .build();
  }

  static zetema.v1.LegalAction legalDiscard(String card) {
    return zetema.v1.LegalAction.newBuilder()
        .setAction(discard(card))
        .setText("discard " + card)
        .build();
  }

  /** A Zetema decision with two discards, and one draw event before it. */
  static DecisionRequest zetemaRequest(String id, long requestId) {
    return DecisionRequest.newBuilder()
        .setRequestId(requestId)
        .setGameId(id)
        .setTimeLeftMs(900)
        .setNumLegalActions(2)
        .setEvents(
            GameEvent.newBuilder()
                .setGameId(id)
                .setZetema(
                    zetema.v1.Events.newBuilder()
                        .addEvents(
                            zetema.v1.Event.newBuilder()
                                .setType(zetema.v1.EventType.EVENT_TYPE_DRAW)
                                .setSeat(1)
                                .setCard("9H"))))
        .setZetema(
            zetema.v1.Decision.newBuilder()
                .setObservation(zetema.v1.Observation.newBuilder().setSeat(1).addHand("9H").addHand("KS"))
                .addLegalActions(legalDiscard("9H"))
                .addLegalActions(legalDiscard("KS")))
        .build();
  }

  static DecisionRequest textRequest(String id, long requestId) {
    return DecisionRequest.newBuilder()
        .setRequestId(requestId)
        .setGameId(id)
        .setText(
            TextDecision.newBuilder()
                .setObservation("you hold 7")
                .addLegalActions("low")
                .addLegalActions("high"))
        .build();
  }

  static ArbiterMessage request(DecisionRequest request) {
    return ArbiterMessage.newBuilder().setDecisionRequest(request).build();
  }

  static ArbiterMessage end(String id, int winner) {
    return ArbiterMessage.newBuilder()
        .setGameEnd(GameEnd.newBuilder().setGameId(id).setOutcome(Result.newBuilder().setWinner(winner)))
        .build();
  }
}
