package org.zetema.bot;

import static org.zetema.bot.PlayStream.ACK;
import static org.zetema.bot.PlayStream.DATA;
import static org.zetema.bot.PlayStream.END_HEADERS;
import static org.zetema.bot.PlayStream.HEADERS;
import static org.zetema.bot.PlayStream.PING;
import static org.zetema.bot.PlayStream.SETTINGS;
import static org.zetema.bot.PlayStream.SETTINGS_INITIAL_WINDOW_SIZE;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The arbiter's end of a raw HTTP/2 connection, for tests of what a gRPC
 * server never shows: it writes frames itself and keeps what the bot sent.
 * Header blocks are HPACK-coded by Netty's encoder (Huffman and the dynamic
 * table, as a real server codes them).
 */
final class RawArbiter {
  /** One frame as read. */
  record Frame(int type, int flags, int stream, byte[] payload) {}

  final DataInputStream in;
  final OutputStream out;
  final List<Frame> frames = new ArrayList<>();  // every frame the bot sent, pings and acks too
  private final DefaultHttp2HeadersEncoder hpack = new DefaultHttp2HeadersEncoder();
  int stream;
  int window;  // the bot's SETTINGS_INITIAL_WINDOW_SIZE, 0 if unset
  int pings;  // PING frames the bot sent (acks not counted)
  private byte[] data = new byte[0];  // the bot's DATA not yet read as messages

  /** Reads the client preface and sends {@code settings} (id, value pairs). */
  RawArbiter(Socket socket, int... settings) throws IOException {
    in = new DataInputStream(socket.getInputStream());
    out = socket.getOutputStream();
    in.readFully(new byte[24]);  // the client preface
    ByteBuffer payload = ByteBuffer.allocate(6 * (settings.length / 2));
    for (int i = 0; i + 1 < settings.length; i += 2) payload.putShort((short) settings[i]).putInt(settings[i + 1]);
    write(SETTINGS, 0, 0, payload.array());
  }

  void write(int type, int flags, int streamId, byte[] payload) throws IOException {
    out.write(PlayStream.frame(type, flags, streamId, payload, 0, payload.length));
    out.flush();
  }

  /** Reads one frame, answering settings and pings. */
  Frame read() throws IOException {
    int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
    int type = in.readUnsignedByte(), flags = in.readUnsignedByte(), streamId = in.readInt();
    byte[] payload = new byte[length];
    in.readFully(payload);
    Frame frame = new Frame(type, flags, streamId, payload);
    frames.add(frame);
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
    } else if (type == DATA) {
      data = ByteBuffer.allocate(data.length + payload.length).put(data).put(payload).array();
    }
    return frame;
  }

  /** Reads frames until the bot's next whole message. */
  BotMessage next() throws IOException {
    while (data.length < 5 || data.length < 5 + ByteBuffer.wrap(data, 1, 4).getInt()) read();
    int size = ByteBuffer.wrap(data, 1, 4).getInt();
    BotMessage message = BotMessage.parseFrom(ByteBuffer.wrap(data, 5, size));
    data = java.util.Arrays.copyOfRange(data, 5 + size, data.length);
    return message;
  }

  /** A header block of these (name, value) pairs. */
  byte[] headerBlock(String... namesAndValues) throws Exception {
    DefaultHttp2Headers headers = new DefaultHttp2Headers(false);
    for (int i = 0; i + 1 < namesAndValues.length; i += 2) headers.add(namesAndValues[i], namesAndValues[i + 1]);
    ByteBuf block = Unpooled.buffer();
    hpack.encodeHeaders(stream, headers, block);
    byte[] bytes = new byte[block.readableBytes()];
    block.readBytes(bytes);
    return bytes;
  }

  /** The response's headers: :status 200, content-type application/grpc. */
  void respond() throws Exception {
    write(HEADERS, END_HEADERS, stream, headerBlock(":status", "200", "content-type", "application/grpc"));
  }

  /** A gRPC message, prefix and body, as a DATA payload. */
  static byte[] message(ArbiterMessage message) {
    byte[] body = message.toByteArray();
    return ByteBuffer.allocate(5 + body.length).put((byte) 0).putInt(body.length).put(body).array();
  }

  void send(ArbiterMessage message) throws IOException {
    write(DATA, 0, stream, message(message));
  }
}
