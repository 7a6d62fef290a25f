"""The Play call on a plain socket: gRPC's wire protocol (HTTP/2, RFC 9113)
for the one bidirectional stream a bot has, read and written by the bot's
own thread.

grpcio hands every message between threads (one iterates the messages to
send, another polls for those received), and those hand-offs took three
quarters of a decision's round trip (docs/sdk-python.md, "Speed"). A bot has
one call and nothing else to do while it waits for the next message, so it
reads the socket itself: one recv and one send a decision.

    stream = Stream("unix:///tmp/arbiter.sock", connect_timeout=10)
    stream.send(bot_message)
    for message in stream: ...     # arbiter.v1.ArbiterMessage values
    stream.close()

Iteration ends when the arbiter ends the call with status OK and raises
StreamError for any other end (a status, a reset, a closed connection).
"""

import socket
import struct
import time
from typing import Optional, Tuple
from urllib.parse import unquote

import hpack

from zetema_bot.errors import ConfigurationError, ConnectionFailed
from zetema_bot.proto import arbiter_pb2

# Frame types and flags (RFC 9113 section 6).
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE, \
    CONTINUATION = 0, 1, 3, 4, 6, 7, 8, 9
END_STREAM = ACK = 0x1
END_HEADERS, PADDED, PRIORITY = 0x4, 0x8, 0x20
SETTINGS_ENABLE_PUSH, SETTINGS_INITIAL_WINDOW_SIZE, SETTINGS_MAX_FRAME_SIZE = \
    2, 4, 5

_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
_FRAME = struct.Struct(">IBI")  # length << 8 | type, flags, stream id
_STREAM_ID = 1                  # the call's stream, the only one
_WINDOW = (1 << 31) - 1         # what the arbiter may send unacknowledged
_MAX_MESSAGE = 4 << 20          # as grpcio's default receive limit
_METHOD = "/%s/%s" % (
    arbiter_pb2.DESCRIPTOR.services_by_name["Arbiter"].full_name, "Play")

# The status of a stream reset with an HTTP/2 error code (gRPC's
# PROTOCOL-HTTP2.md): REFUSED_STREAM, CANCEL, ENHANCE_YOUR_CALM.
_RESET_STATUS = {7: "UNAVAILABLE", 8: "CANCELLED", 11: "RESOURCE_EXHAUSTED"}

# gRPC status codes by number, for error messages.
STATUS_NAMES = (
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
    "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
    "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED")


class StreamError(Exception):
    """The call ended without status OK: `code` (a gRPC status name such as
    "UNAVAILABLE") and `details`."""

    def __init__(self, code: str, details: str):
        super().__init__("%s: %s" % (code, details))
        self.code = code
        self.details = details


def parse_address(address: str) -> Tuple[int, object, str]:
    """(socket family, socket address, :authority) of a gRPC target:
    unix:///abs/path, unix:path, HOST:PORT, [IPv6]:PORT, or either of the
    last two after dns:///, ipv4: or ipv6:."""
    if address.startswith("unix:"):
        path = address[len("unix://"):] if address.startswith("unix://") \
            else address[len("unix:"):]
        if path:
            return socket.AF_UNIX, path, "localhost"
    else:
        hostport = address
        for scheme in ("dns:///", "ipv4:", "ipv6:"):
            if hostport.startswith(scheme):
                hostport = hostport[len(scheme):]
        host, _, port = hostport.rpartition(":")
        family = socket.AF_INET
        if host.startswith("[") and host.endswith("]"):
            host, family = host[1:-1], socket.AF_INET6
        elif ":" in host:
            host = ""  # an IPv6 address wants its brackets
        if host and "/" not in host and port.isdigit() and int(port) < 65536:
            return family, (host, int(port)), hostport
    raise ConfigurationError(
        "cannot read the arbiter address %r: want unix:///path/to.sock or "
        "HOST:PORT" % address)


def _connect(address: str, timeout: float) -> Tuple[socket.socket, str]:
    """A socket connected to the arbiter, trying again until `timeout`
    seconds have passed (the arbiter may still be starting)."""
    family, where, authority = parse_address(address)
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        try:
            if family == socket.AF_UNIX:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    sock.settimeout(max(left, 0.01))
                    sock.connect(where)
                except BaseException:
                    sock.close()
                    raise
            else:
                sock = socket.create_connection(where, max(left, 0.01))
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(None)
            return sock, authority
        except OSError:
            if left <= 0:
                raise ConnectionFailed(
                    "cannot reach the arbiter at %s within %.0f s" %
                    (address, timeout)) from None
            time.sleep(min(0.05, max(left, 0)))


def _frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return _FRAME.pack(len(payload) << 8 | kind, flags, stream) + payload


def _unpad(flags: int, payload: bytes) -> Optional[bytes]:
    """A frame's payload without its padding; None when the padding is
    longer than the frame."""
    if flags & PADDED:
        if not payload or payload[0] >= len(payload):
            return None
        return payload[1:len(payload) - payload[0]]
    return payload


class Stream:
    """One Play call: send() a BotMessage; iterate the ArbiterMessages."""

    def __init__(self, address: str, connect_timeout: float):
        self.address = address
        self._sock, authority = _connect(address, connect_timeout)
        self._decoder = hpack.Decoder()
        self._in = bytearray()          # bytes read, not yet a whole frame
        self._data = bytearray()        # the stream's data, not yet a message
        self._unacknowledged = 0        # data read since the last update
        self._headers = bytearray()     # a header block until END_HEADERS
        self._headers_end = False       # whether that block ends the stream
        self._status: Optional[StreamError] = None  # set once it ended
        self._ended = False
        self._send_window = 65535       # the connection's
        self._stream_window = 65535     # the stream's
        self._initial_window = 65535    # the arbiter's SETTINGS say
        self._max_frame = 16384
        headers = hpack.Encoder().encode([
            (":method", "POST"), (":scheme", "http"), (":path", _METHOD),
            (":authority", authority), ("content-type", "application/grpc"),
            ("te", "trailers"), ("user-agent", "zetema-bot-python")])
        settings = struct.pack(">HIHI", SETTINGS_ENABLE_PUSH, 0,
                               SETTINGS_INITIAL_WINDOW_SIZE, _WINDOW)
        self._write(_PREFACE + _frame(SETTINGS, 0, 0, settings) +
                    _frame(WINDOW_UPDATE, 0, 0,
                           struct.pack(">I", _WINDOW - 65535)) +
                    _frame(HEADERS, END_HEADERS, _STREAM_ID, headers))

    def send(self, message) -> None:
        """Sends one message (waits while the arbiter's window is full)."""
        body = message.SerializeToString()
        payload = memoryview(struct.pack(">BI", 0, len(body)) + body)
        while payload and not self._ended:
            if min(self._send_window, self._stream_window) <= 0:
                self._read()
                continue
            n = min(len(payload), self._send_window, self._stream_window,
                    self._max_frame)
            self._write(_frame(DATA, 0, _STREAM_ID, bytes(payload[:n])))
            self._send_window -= n
            self._stream_window -= n
            payload = payload[n:]

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            message = self._next_message()
            if message is not None:
                return message
            if self._ended:
                if self._status is not None:
                    raise self._status
                raise StopIteration
            self._read()

    def close(self) -> None:
        """Cancels the call if it is still open and closes the socket."""
        if not self._ended:
            self._write(_frame(RST_STREAM, 0, _STREAM_ID,
                               struct.pack(">I", 8)))  # CANCEL
            self._end(StreamError("CANCELLED", "closed by the bot"))
        self._sock.close()

    def _write(self, data: bytes) -> None:
        """Writes `data`; a failure ends the call (as a read would find)."""
        try:
            self._sock.sendall(data)
        except OSError as e:
            self._end(StreamError("UNAVAILABLE", "cannot write: %s" % e))

    def _next_message(self):
        if len(self._data) < 5:
            return None
        compressed, size = struct.unpack_from(">BI", self._data)
        if compressed or size > _MAX_MESSAGE:
            self._end(StreamError(
                "RESOURCE_EXHAUSTED" if size > _MAX_MESSAGE else "INTERNAL",
                "a message of %d bytes%s" % (
                    size, ", compressed" if compressed else "")))
            self._data.clear()
            return None
        if len(self._data) < 5 + size:
            return None
        message = arbiter_pb2.ArbiterMessage.FromString(
            bytes(self._data[5:5 + size]))
        del self._data[:5 + size]
        return message

    def _end(self, status: Optional[StreamError]) -> None:
        if not self._ended:
            self._ended, self._status = True, status

    def _read(self) -> None:
        """Reads from the socket once and handles every whole frame."""
        try:
            chunk = self._sock.recv(1 << 16)
        except OSError as e:
            chunk, reason = b"", str(e)
        else:
            reason = "the arbiter closed the connection"
        if not chunk:
            self._end(StreamError("UNAVAILABLE", reason))
            return
        self._in += chunk
        start = 0
        while len(self._in) - start >= 9:
            head, flags, stream = _FRAME.unpack_from(self._in, start)
            size = head >> 8
            if len(self._in) - start < 9 + size:
                break
            payload = bytes(self._in[start + 9:start + 9 + size])
            start += 9 + size
            self._frame(head & 0xFF, flags, stream & 0x7FFFFFFF, payload)
        del self._in[:start]

    def _frame(self, kind, flags, stream, payload) -> None:
        if kind == DATA:
            self._on_data(flags, stream, payload)
        elif kind in (HEADERS, CONTINUATION):
            self._on_headers(kind, flags, payload)
        elif kind == SETTINGS and not flags & ACK:
            self._on_settings(payload)
        elif kind == PING and not flags & ACK:
            self._write(_frame(PING, ACK, 0, payload))
        elif kind == WINDOW_UPDATE and len(payload) == 4:
            increment = struct.unpack(">I", payload)[0] & 0x7FFFFFFF
            if stream == 0:
                self._send_window += increment
            elif stream == _STREAM_ID:
                self._stream_window += increment
        elif kind == RST_STREAM and stream == _STREAM_ID:
            code = struct.unpack(">I", payload[:4])[0] if payload else 0
            self._end(StreamError(_RESET_STATUS.get(code, "INTERNAL"),
                                  "the arbiter reset the stream (HTTP/2 "
                                  "error %d)" % code))
        elif kind == GOAWAY and len(payload) >= 8:
            last_stream = struct.unpack(">I", payload[:4])[0] & 0x7FFFFFFF
            if last_stream < _STREAM_ID:
                self._end(StreamError("UNAVAILABLE",
                                      "the arbiter refused the stream"))

    def _on_data(self, flags, stream, payload) -> None:
        # Flow control counts the whole frame, padding included.
        self._unacknowledged += len(payload)
        if self._unacknowledged >= _WINDOW // 2:
            update = struct.pack(">I", self._unacknowledged)
            self._write(_frame(WINDOW_UPDATE, 0, 0, update) +
                        _frame(WINDOW_UPDATE, 0, _STREAM_ID, update))
            self._unacknowledged = 0
        if stream != _STREAM_ID or self._ended:
            return
        payload = _unpad(flags, payload)
        if payload is None:
            self._end(StreamError("INTERNAL", "a frame's padding is too long"))
            return
        self._data += payload
        if flags & END_STREAM:
            self._end(StreamError("INTERNAL",
                                  "the stream ended without a status"))

    def _on_headers(self, kind, flags, payload) -> None:
        if kind == HEADERS:
            payload = _unpad(flags, payload) or b""
            if flags & PRIORITY:
                payload = payload[5:]
            self._headers_end = bool(flags & END_STREAM)
        self._headers += payload
        if not flags & END_HEADERS:
            return
        # Every block is decoded, so that the decoder's table stays whole.
        try:
            fields = dict(self._decoder.decode(bytes(self._headers)))
        except hpack.HPACKError as e:
            self._end(StreamError("INTERNAL", "unreadable headers: %s" % e))
            return
        finally:
            self._headers.clear()
        status = fields.get("grpc-status")
        if status is None and fields.get(":status", "200") != "200":
            self._end(StreamError("UNKNOWN", "HTTP status %s" %
                                  fields[":status"]))
        elif status is not None or self._headers_end:
            self._on_status(status, fields.get("grpc-message", ""))

    def _on_status(self, status, message) -> None:
        code = int(status) if status and status.isdigit() else 2  # UNKNOWN
        if code == 0:
            self._end(None)
            return
        details = unquote(message) if status is not None else \
            "the stream ended without a grpc-status"
        self._end(StreamError(
            STATUS_NAMES[code] if code < len(STATUS_NAMES) else str(code),
            details))

    def _on_settings(self, payload) -> None:
        for i in range(0, len(payload) - 5, 6):
            key, value = struct.unpack_from(">HI", payload, i)
            if key == SETTINGS_INITIAL_WINDOW_SIZE:
                # Applies to the stream's window as a change (6.9.2).
                self._stream_window += value - self._initial_window
                self._initial_window = value
            elif key == SETTINGS_MAX_FRAME_SIZE:
                self._max_frame = value
        self._write(_frame(SETTINGS, ACK, 0))
