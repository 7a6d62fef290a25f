package org.zetema.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.v1.ArbiterMessage;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The bot's HTTP/2 frames as a gRPC server never shows them: an arbiter that
 * speaks the frames itself over TCP, and counts the bot's pings.
 */
class FlowControlTest {
  private static final int DATA = 0, HEADERS = 1, SETTINGS = 4, PING = 6;
  private static final int ACK = 1, END_HEADERS = 4;
  private static final int SETTINGS_INITIAL_WINDOW_SIZE = 4;

  /** One end of a raw HTTP/2 connection, the server's. */
  private static final class RawArbiter {
    final DataInputStream in;
    final OutputStream out;
    int stream;
    int window;  // the bot's SETTINGS_INITIAL_WINDOW_SIZE, 0 if unset
    int pings;   // PING frames the bot sent (acks not counted)

    RawArbiter(Socket socket) throws IOException {
      in = new DataInputStream(socket.getInputStream());
      out = socket.getOutputStream();
      in.readFully(new byte[24]);  // the client preface
      write(SETTINGS, 0, 0, new byte[0]);
    }

    void write(int type, int flags, int streamId, byte[] payload) throws IOException {
      ByteBuffer frame = ByteBuffer.allocate(9 + payload.length);
      frame.put((byte) (payload.length >> 16)).putShort((short) payload.length);
      frame.put((byte) type).put((byte) flags).putInt(streamId).put(payload);
      out.write(frame.array());
      out.flush();
    }

    /** Reads frames until the bot's next message, answering settings and pings. */
    void next() throws IOException {
      while (true) {
        int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
        int type = in.readUnsignedByte(), flags = in.readUnsignedByte(), streamId = in.readInt();
        byte[] payload = new byte[length];
        in.readFully(payload);
        if (type == SETTINGS && (flags & ACK) == 0) {
          ByteBuffer settings = ByteBuffer.wrap(payload);
          while (settings.remaining() >= 6) {
            int id = settings.getShort(), value = settings.getInt();
            if (id == SETTINGS_INITIAL_WINDOW_SIZE) window = value;
          }
          write(SETTINGS, ACK, 0, new byte[0]);
        } else if (type == HEADERS) {
          stream = streamId;
        } else if (type == PING && (flags & ACK) == 0) {
          pings++;
          write(PING, ACK, 0, payload);
        } else if (type == DATA && length > 0) {
          return;
        }
      }
    }

    /** The response's headers: :status 200 (static entry 8), content-type application/grpc. */
    void respond() throws IOException {
      byte[] type = "application/grpc".getBytes(StandardCharsets.US_ASCII);
      ByteBuffer block = ByteBuffer.allocate(4 + type.length);
      // content-type (entry 31) as a literal without indexing: 0x0f 0x10, then the length.
      block.put((byte) 0x88).put((byte) 0x0f).put((byte) 0x10).put((byte) type.length).put(type);
      write(HEADERS, END_HEADERS, stream, block.array());
    }

    void send(ArbiterMessage message) throws IOException {
      byte[] body = message.toByteArray();
      write(DATA, 0, stream, ByteBuffer.allocate(5 + body.length).put((byte) 0).putInt(body.length).put(body).array());
    }
  }

  /**
   * Each decision costs one frame each way and nothing more: the SDK's fixed
   * flow-control window keeps grpc's bandwidth estimator off, which would
   * otherwise ping the arbiter as requests come in.
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
        assertEquals(Channels.FLOW_WINDOW, arbiter.window, "the bot's initial window");
        assertEquals(0, arbiter.pings, "pings over " + decisions + " decisions");
      }
      assertEquals(-1, played.get(), "a stream cut mid-game is an error");
    }
  }
}
