package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The bot's HTTP/2 frames as a gRPC server never shows them: an arbiter that
 * speaks the frames itself over TCP, and counts the bot's pings.
 */
class FlowControlTest {
  /**
   * Each decision costs one frame each way and nothing more: the SDK
   * advertises a large fixed flow-control window and never pings (grpc-java's
   * bandwidth estimator pinged the arbiter as requests came in).
   */
  @Test
  void noPingPerDecision() throws Exception {
    try (ServerSocket listener = new ServerSocket(0)) {
      String[] args = {"--address", "127.0.0.1:" + listener.getLocalPort(), "--token", "t"};
      CompletableFuture<Integer> played =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return Bot.named("flow").play(args, Map.of(), d -> 0);
                } catch (Exception e) {
                  return -1;
                }
              });
      try (Socket socket = listener.accept()) {
        socket.setSoTimeout(20_000);
        RawArbiter arbiter = new RawArbiter(socket);
        arbiter.next();  // the Hello
        arbiter.respond();
        arbiter.send(Messages.welcome(Protocol.VERSION));
        arbiter.send(Messages.zetemaStart("z"));
        int decisions = 5;
        for (int id = 1; id <= decisions; id++) {
          arbiter.send(Messages.request(Messages.zetemaRequest("z", id)));
          arbiter.next();  // the answer
        }
        assertEquals(PlayStream.FLOW_WINDOW, arbiter.window, "the bot's initial window");
        assertEquals(0, arbiter.pings, "pings over " + decisions + " decisions");
      }
      assertEquals(-1, played.get(), "a stream cut mid-game is an error");
    }
  }
}
