package org.zetema.bot;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Exception;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Play call on a plain socket: gRPC's wire protocol (HTTP/2, RFC 9113)
 * for the one bidirectional stream a bot has, read and written by the bot's
 * own thread: one read and one write a decision.
 *
 * <p>grpc-java's channel hands every message through Netty's event loop,
 * its HTTP/2 codec and gRPC's call layers; in a JVM running C1 code that
 * alone took 1.6 times the bare round trip (docs/sdk-java.md, "Speed").
 * A bot has one call and nothing else to do while it waits for the next
 * message, so it reads the socket itself. Header blocks are decoded with
 * Netty's HPACK decoder (inside grpc-netty-shaded); the bot's own headers
 * are literals that need no table.
 *
 * <pre>{@code
 * PlayStream stream = PlayStream.open("unix:///tmp/arbiter.sock", 10_000);
 * stream.send(botMessage);
 * ArbiterMessage m = stream.next();  // null once the call ended with status OK
 * stream.close(false);
 * }</pre>
 */
final class PlayStream implements AutoCloseable {
  /** What the arbiter may send unacknowledged: far above any message. */
  static final int FLOW_WINDOW = 1 << 20;

  static final int DATA = 0, HEADERS = 1, RST_STREAM = 3, SETTINGS = 4, PING = 6, GOAWAY = 7,
      WINDOW_UPDATE = 8, CONTINUATION = 9;
  static final int END_STREAM = 0x1, ACK = 0x1, END_HEADERS = 0x4, PADDED = 0x8, PRIORITY = 0x20;
  static final int SETTINGS_ENABLE_PUSH = 2, SETTINGS_INITIAL_WINDOW_SIZE = 4, SETTINGS_MAX_FRAME_SIZE = 5;
  private static final int STREAM = 1;  // the call's stream, the only one
  private static final int MAX_MESSAGE = 4 << 20;  // as grpc-java's default receive limit
  private static final int MAX_FRAME = 16384;  // what this end accepts (HTTP/2's default)
  private static final int MAX_HEADERS = 1 << 16;  // a header block, CONTINUATIONs included
  private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  /** gRPC status names by number, for error messages. */
  private static final String[] STATUS_NAMES = {
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
    "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
    "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"
  };

  /** The call ended without status OK: {@code code} is a gRPC status name. */
  static final class StreamError extends Exception {
    final String code;
    final String details;

    StreamError(String code, String details) {
      super(code + ": " + details);
      this.code = code;
      this.details = details;
    }
  }

  private final SocketChannel socket;
  private final ByteBuffer in = ByteBuffer.allocate(4 * (9 + MAX_FRAME)).flip();  // bytes read, not yet a frame
  private final ByteArrayOutputStream headerBlock = new ByteArrayOutputStream();
  private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(false, MAX_HEADERS);
  private byte[] data = new byte[1 << 12];  // the stream's data, not yet a whole message
  private int dataLength;
  private boolean headersEndStream;  // whether the header block being read ends the stream
  private long unacknowledged;  // data received since the last window update
  private long sendWindow = 65535, streamWindow = 65535;  // the arbiter's windows for this end
  private int initialWindow = 65535, maxFrame = 16384;  // the arbiter's settings
  private boolean ended;
  private StreamError status;  // null when the call ended with status OK

  private PlayStream(SocketChannel socket, String authority) throws IOException {
    this.socket = socket;
    ByteBuffer settings = ByteBuffer.allocate(12);
    settings.putShort((short) SETTINGS_ENABLE_PUSH).putInt(0);
    settings.putShort((short) SETTINGS_INITIAL_WINDOW_SIZE).putInt(FLOW_WINDOW);
    ByteBuffer update = ByteBuffer.allocate(4).putInt(FLOW_WINDOW - 65535);
    byte[] headers =
        Hpack.literals(
            ":method", "POST", ":scheme", "http", ":path", "/" + Protocol.SERVICE + "/Play",
            ":authority", authority, "content-type", "application/grpc", "te", "trailers",
            "user-agent", "zetema-bot-java");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(PREFACE);
    out.writeBytes(frame(SETTINGS, 0, 0, settings.array(), 0, 12));
    out.writeBytes(frame(WINDOW_UPDATE, 0, 0, update.array(), 0, 4));
    out.writeBytes(frame(HEADERS, END_HEADERS, STREAM, headers, 0, headers.length));
    write(out.toByteArray());
  }

  /**
   * Connects to a gRPC target (unix:///abs/path, unix:path, HOST:PORT, [IPv6]:PORT, the last two
   * also after dns:///, ipv4: or ipv6:), trying again until the deadline (the arbiter may still be
   * starting), and starts the call.
   */
  static PlayStream open(String address, int timeoutMs) throws ZetemaException {
    Target target = Target.parse(address);
    long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    while (true) {
      SocketChannel socket = null;
      try {
        socket = target.connect((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        return new PlayStream(socket, target.authority);
      } catch (IOException | RuntimeException e) {
        closeQuietly(socket);
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new ZetemaException.ConnectionFailed(
              "cannot reach the arbiter at " + address + " within " + Math.round(timeoutMs / 1000.0) + " s");
        }
        try {
          Thread.sleep(Math.min(50, Math.max(1, left / 1_000_000)));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new ZetemaException.ConnectionFailed("interrupted while connecting to the arbiter");
        }
      }
    }
  }

  /** Where a gRPC target points. */
  record Target(String unixPath, String host, int port, String authority) {
    private static final Pattern HOST_PORT = Pattern.compile("(?:\\[([0-9A-Fa-f:.]+)\\]|([^:/\\[\\]]+)):(\\d{1,5})");

    static Target parse(String address) throws ZetemaException.ConfigurationError {
      if (address.startsWith("unix:")) {
        String path = address.startsWith("unix://") ? address.substring(7) : address.substring(5);
        if (!path.isEmpty()) return new Target(path, null, 0, "localhost");
      } else {
        String hostPort = address.replaceFirst("^(dns:///|ipv4:|ipv6:)", "");
        Matcher m = HOST_PORT.matcher(hostPort);
        if (m.matches() && Integer.parseInt(m.group(3)) < 65536) {
          return new Target(null, m.group(1) != null ? m.group(1) : m.group(2), Integer.parseInt(m.group(3)), hostPort);
        }
      }
      throw new ZetemaException.ConfigurationError(
          "cannot read the arbiter address \"" + address + "\": want unix:///path/to.sock or HOST:PORT");
    }

    SocketChannel connect(int timeoutMs) throws IOException {
      if (unixPath != null) {
        SocketChannel socket = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
          socket.connect(UnixDomainSocketAddress.of(unixPath));
        } catch (IOException | RuntimeException e) {
          socket.close();
          throw e;
        }
        return socket;
      }
      SocketChannel socket = SocketChannel.open();
      try {
        socket.socket().connect(new InetSocketAddress(host, port), timeoutMs);
        socket.socket().setTcpNoDelay(true);
      } catch (IOException | RuntimeException e) {
        socket.close();
        throw e;
      }
      return socket;
    }
  }

  /** Sends one message (waiting, reading, while the arbiter's window is full). */
  void send(BotMessage message) {
    int size = message.getSerializedSize();
    byte[] payload = new byte[5 + size];
    ByteBuffer.wrap(payload, 1, 4).putInt(size);
    try {
      message.writeTo(com.google.protobuf.CodedOutputStream.newInstance(payload, 5, size));
    } catch (IOException e) {
      throw new IllegalStateException("a BotMessage that does not serialize", e);
    }
    for (int at = 0; at < payload.length && !ended; ) {
      if (Math.min(sendWindow, streamWindow) <= 0) {
        readFrames();
        continue;
      }
      int n = (int) Math.min(Math.min(payload.length - at, maxFrame), Math.min(sendWindow, streamWindow));
      write(frame(DATA, 0, STREAM, payload, at, n));
      sendWindow -= n;
      streamWindow -= n;
      at += n;
    }
  }

  /** The next message; null once the arbiter ended the call with status OK. */
  ArbiterMessage next() throws StreamError, ZetemaException.ProtocolError {
    while (true) {
      ArbiterMessage message = nextMessage();
      if (message != null) return message;
      if (ended) {
        if (status != null) throw status;
        return null;
      }
      readFrames();
    }
  }

  /** Ends this end of the call: half-closes it after a normal end, else cancels it. */
  void close(boolean cancel) {
    if (!ended) {
      if (cancel) {
        write(frame(RST_STREAM, 0, STREAM, new byte[] {0, 0, 0, 8}, 0, 4));  // CANCEL
      } else {
        write(frame(DATA, END_STREAM, STREAM, new byte[0], 0, 0));
      }
    }
    close();
  }

  @Override
  public void close() {
    end(new StreamError("CANCELLED", "closed by the bot"));
    closeQuietly(socket);
  }

  private static void closeQuietly(SocketChannel socket) {
    try {
      if (socket != null) socket.close();
    } catch (IOException e) {
      // nothing to keep
    }
  }

  static byte[] frame(int type, int flags, int stream, byte[] payload, int offset, int length) {
    byte[] frame = new byte[9 + length];
    ByteBuffer.wrap(frame).putInt(length << 8 | type).put((byte) flags).putInt(stream);
    System.arraycopy(payload, offset, frame, 9, length);
    return frame;
  }

  /** Writes all of {@code bytes}; a failure ends the call (as a read would find). */
  private void write(byte[] bytes) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) socket.write(buffer);
    } catch (IOException e) {
      end(new StreamError("UNAVAILABLE", "cannot write to the arbiter: " + e.getMessage()));
    }
  }

  private void end(StreamError status) {
    if (!ended) {
      ended = true;
      this.status = status;
    }
  }

  private ArbiterMessage nextMessage() throws ZetemaException.ProtocolError {
    if (dataLength < 5) return null;
    int size = ByteBuffer.wrap(data, 1, 4).getInt();
    if (data[0] != 0 || size < 0 || size > MAX_MESSAGE) {
      boolean large = size < 0 || size > MAX_MESSAGE;
      end(new StreamError(large ? "RESOURCE_EXHAUSTED" : "INTERNAL",
          "a message of " + Integer.toUnsignedString(size) + " bytes" + (large ? "" : ", compressed")));
      dataLength = 0;
      return null;
    }
    if (dataLength < 5 + size) return null;
    ArbiterMessage message;
    try {
      message = ArbiterMessage.parser().parseFrom(data, 5, size);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new ZetemaException.ProtocolError("the arbiter sent an unreadable message: " + e.getMessage());
    }
    System.arraycopy(data, 5 + size, data, 0, dataLength - 5 - size);
    dataLength -= 5 + size;
    return message;
  }

  /** Reads from the socket once (blocking) and handles every whole frame. */
  private void readFrames() {
    in.compact();
    int n;
    String reason = "the arbiter closed the connection";
    try {
      n = socket.read(in);
    } catch (IOException e) {
      n = -1;
      reason = "cannot read from the arbiter: " + e.getMessage();
    }
    in.flip();
    if (n < 0) {
      end(new StreamError("UNAVAILABLE", reason));
      return;
    }
    while (!ended && in.remaining() >= 9) {
      int length = (in.get(in.position()) & 0xFF) << 16 | (in.getShort(in.position() + 1) & 0xFFFF);
      if (length > MAX_FRAME) {
        end(new StreamError("INTERNAL", "a frame of " + length + " bytes, above the " + MAX_FRAME + " allowed"));
        return;
      }
      if (in.remaining() < 9 + length) return;
      in.position(in.position() + 3);  // the length, read above
      int type = in.get() & 0xFF;
      int flags = in.get() & 0xFF;
      int stream = in.getInt() & 0x7FFFFFFF;
      byte[] payload = new byte[length];
      in.get(payload);
      frame(type, flags, stream, payload);
    }
  }

  private void frame(int type, int flags, int stream, byte[] payload) {
    switch (type) {
      case DATA -> onData(flags, stream, payload);
      case HEADERS, CONTINUATION -> onHeaders(type, flags, stream, payload);
      case SETTINGS -> {
        if ((flags & ACK) == 0) onSettings(payload);
      }
      case PING -> {
        if ((flags & ACK) == 0) write(frame(PING, ACK, 0, payload, 0, payload.length));
      }
      case WINDOW_UPDATE -> {
        if (payload.length == 4) {
          int increment = ByteBuffer.wrap(payload).getInt() & 0x7FFFFFFF;
          if (stream == 0) sendWindow += increment;
          else if (stream == STREAM) streamWindow += increment;
        }
      }
      case RST_STREAM -> {
        if (stream == STREAM) {
          int code = payload.length >= 4 ? ByteBuffer.wrap(payload).getInt() : 0;
          // gRPC's status of a reset (PROTOCOL-HTTP2.md): REFUSED_STREAM, CANCEL, ENHANCE_YOUR_CALM.
          String name = code == 7 ? "UNAVAILABLE" : code == 8 ? "CANCELLED" : code == 11 ? "RESOURCE_EXHAUSTED" : "INTERNAL";
          end(new StreamError(name, "the arbiter reset the stream (HTTP/2 error " + code + ")"));
        }
      }
      case GOAWAY -> {
        if (payload.length >= 8 && (ByteBuffer.wrap(payload).getInt() & 0x7FFFFFFF) < STREAM) {
          end(new StreamError("UNAVAILABLE", "the arbiter refused the stream"));
        }
      }
      default -> {}  // PRIORITY, PUSH_PROMISE (push is off) and unknown types are ignored
    }
  }

  /** A frame's payload without its padding; null when the padding is longer than the frame. */
  private static byte[] unpad(int flags, byte[] payload) {
    if ((flags & PADDED) == 0) return payload;
    if (payload.length == 0 || (payload[0] & 0xFF) >= payload.length) return null;
    return Arrays.copyOfRange(payload, 1, payload.length - (payload[0] & 0xFF));
  }

  private void onData(int flags, int stream, byte[] payload) {
    // Flow control counts the whole frame, padding included.
    unacknowledged += payload.length;
    if (unacknowledged >= FLOW_WINDOW / 2) {
      byte[] update = ByteBuffer.allocate(4).putInt((int) unacknowledged).array();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(frame(WINDOW_UPDATE, 0, 0, update, 0, 4));
      out.writeBytes(frame(WINDOW_UPDATE, 0, STREAM, update, 0, 4));
      write(out.toByteArray());
      unacknowledged = 0;
    }
    if (stream != STREAM || ended) return;
    byte[] body = unpad(flags, payload);
    if (body == null) {
      end(new StreamError("INTERNAL", "a frame's padding is longer than the frame"));
      return;
    }
    if (dataLength + body.length > data.length) {
      data = Arrays.copyOf(data, Math.max(dataLength + body.length, 2 * data.length));
    }
    System.arraycopy(body, 0, data, dataLength, body.length);
    dataLength += body.length;
    if ((flags & END_STREAM) != 0) end(new StreamError("INTERNAL", "the stream ended without a status"));
  }

  private void onHeaders(int type, int flags, int stream, byte[] payload) {
    if (type == HEADERS) {
      byte[] block = unpad(flags, payload);
      if (block == null) {
        end(new StreamError("INTERNAL", "a frame's padding is longer than the frame"));
        return;
      }
      payload = (flags & PRIORITY) != 0 ? Arrays.copyOfRange(block, Math.min(5, block.length), block.length) : block;
      headersEndStream = (flags & END_STREAM) != 0;
    }
    headerBlock.writeBytes(payload);
    if (headerBlock.size() > MAX_HEADERS) {
      end(new StreamError("INTERNAL", "a header block above " + MAX_HEADERS + " bytes"));
      return;
    }
    if ((flags & END_HEADERS) == 0) return;
    // Every block is decoded, so that the decoder's table stays whole.
    Http2Headers headers;
    try {
      headers = hpack.decodeHeaders(stream, Unpooled.wrappedBuffer(headerBlock.toByteArray()));
    } catch (Http2Exception e) {
      end(new StreamError("INTERNAL", "unreadable headers: " + e.getMessage()));
      return;
    } finally {
      headerBlock.reset();
    }
    if (stream != STREAM) return;
    CharSequence grpcStatus = headers.get("grpc-status");
    CharSequence httpStatus = headers.status();
    if (grpcStatus == null && httpStatus != null && !"200".contentEquals(httpStatus)) {
      end(new StreamError("UNKNOWN", "HTTP status " + httpStatus));
    } else if (grpcStatus != null || headersEndStream) {
      onStatus(grpcStatus, headers.get("grpc-message"));
    }
  }

  private void onStatus(CharSequence status, CharSequence message) {
    String text = status == null ? "" : status.toString();
    int code = text.matches("\\d{1,9}") ? Integer.parseInt(text) : 2;  // UNKNOWN
    if (code == 0) {
      end(null);
      return;
    }
    String details = status == null ? "the stream ended without a grpc-status"
        : message == null ? "" : percentDecoded(message.toString());
    end(new StreamError(code < STATUS_NAMES.length ? STATUS_NAMES[code] : "status " + code, details));
  }

  /** grpc-message is UTF-8, percent-encoded (gRPC's PROTOCOL-HTTP2.md); kept as is if it is not. */
  static String percentDecoded(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int hex = c == '%' ? hexByte(text, i + 1) : -1;
      if (hex >= 0) {
        out.write(hex);
        i += 2;
      } else {
        out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static int hexByte(String text, int at) {
    if (at + 2 > text.length()) return -1;
    int high = Character.digit(text.charAt(at), 16), low = Character.digit(text.charAt(at + 1), 16);
    return high < 0 || low < 0 ? -1 : high << 4 | low;
  }

  private void onSettings(byte[] payload) {
    ByteBuffer settings = ByteBuffer.wrap(payload);
    while (settings.remaining() >= 6) {
      int key = settings.getShort() & 0xFFFF;
      int value = settings.getInt();
      if ((key == SETTINGS_INITIAL_WINDOW_SIZE && value < 0)
          || (key == SETTINGS_MAX_FRAME_SIZE && (value < 16384 || value > 16777215))) {
        end(new StreamError("INTERNAL", "the arbiter's setting " + key + " is out of range: " + Integer.toUnsignedString(value)));
        return;
      }
      if (key == SETTINGS_INITIAL_WINDOW_SIZE) {
        // Applies to the stream's window as a change (RFC 9113, 6.9.2).
        streamWindow += (long) value - initialWindow;
        initialWindow = value;
      } else if (key == SETTINGS_MAX_FRAME_SIZE) {
        maxFrame = value;
      }
    }
    write(frame(SETTINGS, ACK, 0, new byte[0], 0, 0));
  }

  /** The bot's header blocks: literals without indexing, names and values as they are (RFC 7541, 6.2.2). */
  static final class Hpack {
    private Hpack() {}

    static byte[] literals(String... namesAndValues) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (int i = 0; i < namesAndValues.length; i += 2) {
        out.write(0x00);  // literal without indexing, a new name
        string(out, namesAndValues[i]);
        string(out, namesAndValues[i + 1]);
      }
      return out.toByteArray();
    }

    private static void string(ByteArrayOutputStream out, String text) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      integer(out, bytes.length, 7, 0x00);  // not Huffman coded
      out.writeBytes(bytes);
    }

    /** An integer with an N-bit prefix (RFC 7541, 5.1). */
    static void integer(ByteArrayOutputStream out, int value, int prefixBits, int flags) {
      int max = (1 << prefixBits) - 1;
      if (value < max) {
        out.write(flags | value);
        return;
      }
      out.write(flags | max);
      for (value -= max; value >= 0x80; value >>>= 7) out.write((value & 0x7F) | 0x80);
      out.write(value);
    }
  }
}
