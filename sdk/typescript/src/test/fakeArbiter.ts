/** A scripted arbiter for the SDK's tests: an in-process grpc-js server of
 * the real service, on a Unix socket (or TCP), that runs one script per
 * stream and keeps what the bot sent. */
import * as grpc from "@grpc/grpc-js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArbiterMessage } from "../gen/arbiter/v1/ArbiterMessage";
import type { BotMessage__Output } from "../gen/arbiter/v1/BotMessage";
import { protocol } from "../proto";

export type Script = (session: Session) => Promise<void>;

/** One stream, as the script sees it. */
export class Session {
  private readonly queue: (BotMessage__Output | null)[] = [];
  private waiting: ((m: BotMessage__Output | null) => void) | undefined;

  constructor(readonly call: grpc.ServerDuplexStream<BotMessage__Output, ArbiterMessage>) {
    call.on("data", (m: BotMessage__Output) => this.push(m));
    call.on("end", () => this.push(null));
    call.on("error", () => this.push(null));
    call.on("cancelled", () => this.push(null));
  }

  private push(m: BotMessage__Output | null): void {
    const w = this.waiting;
    this.waiting = undefined;
    if (w) w(m);
    else this.queue.push(m);
  }

  /** The bot's next message; null when its side of the stream ended. */
  next(timeoutMs = 5000): Promise<BotMessage__Output | null> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift()!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the bot sent nothing in time")), timeoutMs);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
  }

  send(message: ArbiterMessage): void {
    this.call.write(message);
  }

  /** Ends the call with status OK. */
  end(): void {
    this.call.end();
  }

  /** Ends the call with a non-OK status. */
  fail(code: grpc.status, details: string): void {
    this.call.emit("error", { code, details, metadata: new grpc.Metadata() });
  }
}

export class FakeArbiter {
  private constructor(
    readonly sessions: Session[],
    private readonly server: grpc.Server,
    readonly address: string,
    private readonly dir: string,
  ) {}

  /** Serves `script` on every stream; on a Unix socket unless tcp. */
  static async start(script: Script, tcp = false): Promise<FakeArbiter> {
    const server = new grpc.Server();
    const dir = mkdtempSync(join(tmpdir(), "fake-arbiter-"));
    const sessions: Session[] = [];
    server.addService(protocol().arbiter.v1.Arbiter.service, {
      Play: (call: grpc.ServerDuplexStream<BotMessage__Output, ArbiterMessage>) => {
        const session = new Session(call);
        sessions.push(session);
        script(session).catch((e) => session.fail(grpc.status.INTERNAL, `script: ${e}`));
      },
    });
    const target = tcp ? "127.0.0.1:0" : `unix://${join(dir, "arbiter.sock")}`;
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(target, grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    return new FakeArbiter(sessions, server, tcp ? `127.0.0.1:${port}` : target, dir);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.tryShutdown(() => {
        rmSync(this.dir, { recursive: true, force: true });
        resolve();
      });
      setTimeout(() => this.server.forceShutdown(), 1000).unref();
    });
  }
}

/** Expects a Hello and answers Welcome; returns the Hello. */
export async function welcome(s: Session) {
  const hello = await s.next();
  if (hello?.message !== "hello") throw new Error(`expected a Hello, got ${JSON.stringify(hello)}`);
  s.send({ welcome: { protocolVersion: 1, arbiterVersion: "fake", playerName: hello.hello!.botName } });
  return hello.hello!;
}

export const shutdown = (s: Session) => {
  s.send({ error: { code: "ERROR_CODE_SHUTDOWN", message: "done" } });
  s.end();
};

/** Sends a decision request; returns the reply the bot sent. */
export async function decide(s: Session, request: NonNullable<ArbiterMessage["decisionRequest"]>) {
  s.send({ decisionRequest: request });
  const reply = await s.next();
  if (reply?.message !== "actionReply") throw new Error(`expected an ActionReply, got ${JSON.stringify(reply)}`);
  return reply.actionReply!;
}
