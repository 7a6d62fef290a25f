/**
 * The Play call on node:http2: gRPC's wire protocol (a 5-byte prefix before
 * each message, the status in the trailers) for the one bidirectional
 * stream a bot has, without grpc-js between.
 *
 * grpc-js passes every message through its filter stack, promises and a
 * Readable/Writable pair; with them a decision's round trip took 4 times
 * the bare one even in a warm process, with node:http2 alone under 2
 * (docs/sdk-typescript.md, "Speed"). The messages are coded by wire.ts,
 * into the shape grpc-js's proto-loader definition gives them.
 *
 *     const stream = await Stream.open("unix:///tmp/arbiter.sock", 10_000);
 *     stream.send(botMessage);
 *     for await (const message of stream) ...   // ends at status OK
 *     stream.close();
 */
import * as grpc from "@grpc/grpc-js";
import * as http2 from "node:http2";
import * as net from "node:net";
import { ConfigurationError, ConnectionFailed } from "./errors";
import type { ArbiterMessage, BotMessage } from "./messages";
import { decodeArbiterMessage, encodeBotMessage, load } from "./wire";

/** The most a message may take, as grpc-js's default receive limit. */
const MAX_MESSAGE = 4 << 20;

/** The call's path: arbiter.v1.Arbiter's method Play. */
export const PLAY_PATH = "/arbiter.v1.Arbiter/Play";

/** The call ended without status OK: `code` is a gRPC status name
 * ("UNAVAILABLE"), `details` what the arbiter or the connection said. */
export class StreamError extends Error {
  constructor(
    readonly code: string,
    readonly details: string,
  ) {
    super(`${code}: ${details}`);
  }
}

/** Where a gRPC target points: unix:///abs/path, unix:path, HOST:PORT,
 * [IPv6]:PORT, or either of the last two after dns:///, ipv4: or ipv6:. */
export function parseAddress(address: string): { path?: string; host?: string; port?: number; authority: string } {
  if (address.startsWith("unix:")) {
    const path = address.startsWith("unix://") ? address.slice("unix://".length) : address.slice("unix:".length);
    if (path !== "") return { path, authority: "localhost" };
  } else {
    const hostPort = address.replace(/^(dns:\/\/\/|ipv4:|ipv6:)/, "");
    const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:/[\]]+)):(\d{1,5})$/.exec(hostPort);
    if (m !== null && Number(m[3]) < 65536) return { host: m[1] ?? m[2], port: Number(m[3]), authority: hostPort };
  }
  throw new ConfigurationError(`cannot read the arbiter address "${address}": want unix:///path/to.sock or HOST:PORT`);
}

/** A socket connected to the arbiter, trying again until the deadline (the
 * arbiter may still be starting). */
function connectSocket(address: string, timeoutMs: number): Promise<net.Socket> {
  const where = parseAddress(address);
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = where.path !== undefined ? net.connect({ path: where.path }) : net.connect({ host: where.host!, port: where.port! });
      socket.once("connect", () => {
        socket.removeAllListeners("error");
        socket.setNoDelay(true);
        resolve(socket);
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() >= deadline) {
          reject(new ConnectionFailed(`cannot reach the arbiter at ${address} within ${Math.round(timeoutMs / 1000)} s`));
        } else {
          setTimeout(attempt, Math.min(50, Math.max(deadline - Date.now(), 0)));
        }
      });
    };
    attempt();
  });
}

function statusName(code: number): string {
  return grpc.status[code] ?? `status ${code}`;
}

/** One Play call: send() BotMessages, iterate the ArbiterMessages. */
export class Stream implements AsyncIterable<ArbiterMessage> {
  private data: Buffer = Buffer.alloc(0);
  private readonly inbox: ArbiterMessage[] = [];
  private waiting: { resolve: (r: IteratorResult<ArbiterMessage>) => void; reject: (e: Error) => void } | undefined;
  /** Set once the call ended: null for status OK. */
  private ending: StreamError | null | undefined;
  private status: { code: number; details: string } | undefined;

  private constructor(
    private readonly session: http2.ClientHttp2Session,
    private readonly call: http2.ClientHttp2Stream,
  ) {
    call.on("response", (headers) => this.onHeaders(headers));
    call.on("trailers", (headers) => this.onHeaders(headers));
    call.on("data", (chunk: Buffer) => this.onData(chunk));
    call.on("error", (e: Error) => this.end(new StreamError("UNAVAILABLE", e.message)));
    // The arbiter's side ends with its trailers ('end'); the stream closes
    // ('close') only once both sides did, or at a reset.
    call.on("end", () => this.onEnd());
    call.on("close", () => this.onEnd());
    session.on("error", (e: Error) => this.end(new StreamError("UNAVAILABLE", e.message)));
    session.on("close", () => this.end(new StreamError("UNAVAILABLE", "the connection closed")));
  }

  /** Connects (waiting up to `timeoutMs` for the arbiter) and starts the call. */
  static async open(address: string, timeoutMs: number): Promise<Stream> {
    const { authority } = parseAddress(address);
    load();
    const socket = await connectSocket(address, timeoutMs);
    const session = http2.connect(`http://${authority}`, { createConnection: () => socket, settings: { enablePush: false } });
    const call = session.request(
      {
        ":method": "POST",
        ":path": PLAY_PATH,
        "content-type": "application/grpc",
        te: "trailers",
        "user-agent": "zetema-bot-typescript",
      },
      { endStream: false },
    );
    return new Stream(session, call);
  }

  send(message: BotMessage): void {
    if (this.ending !== undefined) return; // the next read reports the end
    const body = encodeBotMessage(message);
    const frame = Buffer.allocUnsafe(5 + body.length);
    frame[0] = 0;
    frame.writeUInt32BE(body.length, 1);
    frame.set(body, 5);
    this.call.write(frame);
  }

  /** Cancels the call if it is still open and closes the connection. */
  close(): void {
    this.end(new StreamError("CANCELLED", "closed by the bot"));
    if (!this.call.closed) this.call.close(http2.constants.NGHTTP2_CANCEL);
    this.session.destroy();
  }

  [Symbol.asyncIterator](): AsyncIterator<ArbiterMessage> {
    return { next: () => this.next() };
  }

  private next(): Promise<IteratorResult<ArbiterMessage>> {
    const message = this.inbox.shift();
    if (message !== undefined) return Promise.resolve({ value: message, done: false });
    if (this.ending === null) return Promise.resolve({ value: undefined, done: true });
    if (this.ending !== undefined) return Promise.reject(this.ending);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private deliver(): void {
    const waiting = this.waiting;
    if (waiting === undefined) return;
    const message = this.inbox.shift();
    if (message !== undefined) {
      this.waiting = undefined;
      waiting.resolve({ value: message, done: false });
    } else if (this.ending !== undefined) {
      this.waiting = undefined;
      if (this.ending === null) waiting.resolve({ value: undefined, done: true });
      else waiting.reject(this.ending);
    }
  }

  private end(ending: StreamError | null): void {
    if (this.ending !== undefined) return;
    this.ending = ending;
    this.deliver();
  }

  private onData(chunk: Buffer): void {
    if (this.ending !== undefined) return;
    this.data = this.data.length === 0 ? chunk : Buffer.concat([this.data, chunk]);
    while (this.data.length >= 5) {
      const size = this.data.readUInt32BE(1);
      if (this.data[0] !== 0 || size > MAX_MESSAGE) {
        const what = this.data[0] !== 0 ? "compressed" : "too large";
        return this.end(new StreamError(size > MAX_MESSAGE ? "RESOURCE_EXHAUSTED" : "INTERNAL", `a message of ${size} bytes, ${what}`));
      }
      if (this.data.length < 5 + size) break;
      const body = this.data.subarray(5, 5 + size);
      this.data = this.data.subarray(5 + size);
      try {
        this.inbox.push(decodeArbiterMessage(body));
      } catch (e) {
        return this.end(new StreamError("INTERNAL", `an unreadable message of ${size} bytes: ${(e as Error).message}`));
      }
    }
    this.deliver();
  }

  /** The response's headers and its trailers (one block in a response
   * that is trailers only). */
  private onHeaders(headers: http2.IncomingHttpHeaders): void {
    const status = headers["grpc-status"];
    if (status !== undefined) {
      const message = String(headers["grpc-message"] ?? "");
      let details = message;
      try {
        details = decodeURIComponent(message);
      } catch {
        // not percent-encoded after all: kept as it came
      }
      this.status = { code: /^\d+$/.test(String(status)) ? Number(status) : 2, details };
    } else if (headers[":status"] !== undefined && Number(headers[":status"]) !== 200) {
      this.end(new StreamError("UNKNOWN", `HTTP status ${headers[":status"]}`));
    }
  }

  private onEnd(): void {
    // Messages still in the buffer were read whole before the status came.
    if (this.status === undefined && this.session.destroyed) {
      this.end(new StreamError("UNAVAILABLE", "the connection closed"));
    } else if (this.status === undefined) {
      const code = this.call.rstCode;
      const reason = code === http2.constants.NGHTTP2_CANCEL ? "CANCELLED" : "UNAVAILABLE";
      this.end(new StreamError(reason, `the stream closed without a status (HTTP/2 error ${code ?? 0})`));
    } else if (this.status.code === 0) {
      this.end(null);
    } else {
      this.end(new StreamError(statusName(this.status.code), this.status.details));
    }
  }
}
