package org.zetema.bot;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import arbiter.v1.DecisionRequest;
import arbiter.v1.ErrorCode;
import arbiter.v1.GameEnd;
import arbiter.v1.GameEvent;
import arbiter.v1.Hello;
import arbiter.v1.Welcome;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * One stream: the Hello, then every message of the arbiter in turn, the
 * callback included. On the SDK's own stream (PlayStream) the bot's thread
 * reads the messages and answers them; on a grpc-java channel of the
 * caller's, the transport's thread does (the channel should have a direct
 * executor), and play() waits for the outcome.
 */
final class Session {
  private final Bot bot;
  private final Bot.Callback callback;
  private final String address;
  private final CompletableFuture<Integer> outcome = new CompletableFuture<>();
  private final Map<String, GameInfo> games = new LinkedHashMap<>();
  private Consumer<BotMessage> out;
  private boolean welcomed;
  private int finished;

  Session(Bot bot, Bot.Callback callback, String address) {
    this.bot = bot;
    this.callback = callback;
    this.address = address;
  }

  /** Plays on the SDK's own stream, on this thread. */
  int run(PlayStream stream, Hello hello) throws Exception {
    Warmup.once();  // before the Hello: a check may give the first decision 50 ms
    out = stream::send;
    boolean cancel = true;
    try {
      out.accept(BotMessage.newBuilder().setHello(hello).build());
      while (!outcome.isDone()) {
        ArbiterMessage message;
        try {
          message = stream.next();
        } catch (PlayStream.StreamError e) {
          onError(e.code, e.details);
          break;
        }
        if (message == null) onCompleted();
        else onNext(message);
      }
      int games = result();
      cancel = false;
      return games;
    } finally {
      stream.close(cancel);
    }
  }

  /** Plays on a grpc-java channel; messages come on the channel's threads. */
  int run(ManagedChannel channel, Hello hello) throws Exception {
    Warmup.once();
    StreamObserver<BotMessage> call =
        ClientCalls.asyncBidiStreamingCall(
            channel.newCall(Protocol.PLAY, CallOptions.DEFAULT),
            new StreamObserver<ArbiterMessage>() {
              @Override
              public void onNext(ArbiterMessage message) {
                Session.this.onNext(message);
              }

              @Override
              public void onError(Throwable t) {
                Status status = Status.fromThrowable(t);
                Session.this.onError(
                    status.getCode().name(), status.getDescription() == null ? "" : status.getDescription());
              }

              @Override
              public void onCompleted() {
                Session.this.onCompleted();
              }
            });
    synchronized (this) {
      out = call::onNext;
      call.onNext(BotMessage.newBuilder().setHello(hello).build());
    }
    try {
      return result();
    } finally {
      synchronized (this) {
        if (!outcome.isDone() || outcome.isCompletedExceptionally()) {
          call.onError(Status.CANCELLED.withDescription("the bot stopped").asRuntimeException());
        } else {
          call.onCompleted();
        }
      }
    }
  }

  private int result() throws Exception {
    try {
      return outcome.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    }
  }

  synchronized void onNext(ArbiterMessage message) {
    if (outcome.isDone()) return;
    try {
      handle(message);
    } catch (Throwable e) {
      outcome.completeExceptionally(e);
    }
  }

  synchronized void onError(String code, String details) {
    if (welcomed && games.isEmpty()) {
      outcome.complete(finished);
      return;
    }
    String where = welcomed ? "in the middle of game " + String.join(", ", games.keySet()) : "before welcoming this bot";
    outcome.completeExceptionally(
        new ZetemaException.ConnectionFailed(
            "the stream to " + address + " broke " + where + ": " + code + (details.isEmpty() ? "" : " " + details)));
  }

  synchronized void onCompleted() {
    if (!welcomed) {
      outcome.completeExceptionally(
          new ZetemaException.ProtocolError("the arbiter closed the stream without a Welcome"));
    } else if (!games.isEmpty()) {
      outcome.completeExceptionally(
          new ZetemaException.ConnectionFailed(
              "the arbiter closed the stream in the middle of game " + String.join(", ", games.keySet())));
    } else {
      outcome.complete(finished);
    }
  }

  private void handle(ArbiterMessage message) throws Exception {
    ArbiterMessage.MessageCase kind = message.getMessageCase();
    if (kind == ArbiterMessage.MessageCase.ERROR) {
      if (message.getError().getCode() == ErrorCode.ERROR_CODE_SHUTDOWN) {
        outcome.complete(finished);
        return;
      }
      throw refusal(message.getError());
    }
    if (!welcomed) {
      if (kind != ArbiterMessage.MessageCase.WELCOME) {
        throw new ZetemaException.ProtocolError("expected a Welcome from the arbiter, got a " + kind);
      }
      Welcome welcome = message.getWelcome();
      if (welcome.getProtocolVersion() != Protocol.VERSION) {
        throw new ZetemaException.VersionMismatch(
            "protocol version mismatch: this SDK speaks version " + Protocol.VERSION
                + ", the arbiter version " + Integer.toUnsignedString(welcome.getProtocolVersion()));
      }
      welcomed = true;
      return;
    }
    switch (kind) {
      case GAME_START -> {
        GameInfo game = new GameInfo(message.getGameStart());
        games.put(game.gameId(), game);
        bot.onGameStart.accept(game);
      }
      case GAME_EVENT -> takeEvents(message.getGameEvent(), games.get(message.getGameEvent().getGameId()));
      case DECISION_REQUEST -> decide(message.getDecisionRequest());
      case GAME_END -> {
        GameEnd end = message.getGameEnd();
        GameInfo game = games.remove(end.getGameId());
        finished++;
        if (game != null) {
          // `outcome` is set by arbiters from 0.2 on; `zetema` by all.
          game.end(end.hasOutcome() ? end.getOutcome() : end.hasZetema() ? fromZetema(end.getZetema()) : null);
          bot.onGameEnd.accept(game);
        }
      }
      case WELCOME -> throw new ZetemaException.ProtocolError("a second Welcome on one stream");
      default -> throw new ZetemaException.ProtocolError(
          "the arbiter sent a message this SDK does not know (" + kind + "): update the SDK");
    }
  }

  private void decide(DecisionRequest request) throws Exception {
    GameInfo game = games.get(request.getGameId());
    // Events inside the request (the Hello asked for them) came before it.
    if (request.hasEvents()) takeEvents(request.getEvents(), game);
    Decision decision = new Decision(request, game);
    Object choice = callback.choose(decision);
    out.accept(BotMessage.newBuilder().setActionReply(decision.reply(choice)).build());
  }

  private void takeEvents(GameEvent event, GameInfo game) {
    List<?> events =
        switch (event.getEventsCase()) {
          case ZETEMA -> event.getZetema().getEventsList();
          case PONTOON -> event.getPontoon().getEventsList();
          case SCOTCH_WHIST -> event.getScotchWhist().getEventsList();
          case TEXT -> event.getText().getLinesList();
          default -> List.of();
        };
    for (Object e : events) {
      if (game != null) game.history().add(e);
      bot.onEvent.accept(e, game);
    }
  }

  private ZetemaException refusal(arbiter.v1.Error error) {
    String message = error.getMessage();
    return switch (error.getCode()) {
      case ERROR_CODE_VERSION_MISMATCH -> new ZetemaException.VersionMismatch(
          "protocol version mismatch: this SDK speaks version " + Protocol.VERSION
              + "; the arbiter says: " + message);
      case ERROR_CODE_BAD_TOKEN -> new ZetemaException.BadToken(
          "the arbiter did not accept the token (" + message
              + "); a token is good for one connection only");
      case ERROR_CODE_GAME_NOT_DECLARED -> new ZetemaException.GameNotDeclared(
          "the arbiter refused this bot for a game it does not declare: " + message
              + "; declare every game the bot plays with Bot.games(...) (now: "
              + (bot.games.isEmpty() ? "none, which means zetema only" : String.join(", ", bot.games))
              + ")");
      default -> new ZetemaException.ProtocolError(
          "the arbiter refused the connection: " + error.getCode() + ": " + message);
    };
  }

  /** `GameEnd.zetema` is v1's zetema.v1.Result: the same fields and numbers as arbiter.v1.Result. */
  private static arbiter.v1.Result fromZetema(zetema.v1.Result old)
      throws ZetemaException.ProtocolError {
    try {
      return arbiter.v1.Result.parseFrom(old.toByteString());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new ZetemaException.ProtocolError("GameEnd.zetema: " + e.getMessage());
    }
  }
}
