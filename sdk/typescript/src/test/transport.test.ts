/** The SDK's own stream (transport.ts) against grpc-js's server: addresses,
 * messages larger than HTTP/2's first window both ways, a connection that
 * closes without a status. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import * as net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ConfigurationError, ConnectionFailed, play } from "../index";
import type { Options } from "../index";
import { parseAddress } from "../transport";
import { decide, FakeArbiter, shutdown, welcome } from "./fakeArbiter";

const opts = (address: string, more: Partial<Options> = {}): Options => ({
  name: "tester", address, token: "t", argv: [], env: {}, games: ["high_card"], ...more,
});

test("every address form gRPC names, and a clear error for any other", async () => {
  assert.deepEqual(parseAddress("unix:///tmp/a.sock"), { path: "/tmp/a.sock", authority: "localhost" });
  assert.deepEqual(parseAddress("unix:rel/a.sock"), { path: "rel/a.sock", authority: "localhost" });
  assert.deepEqual(parseAddress("127.0.0.1:5"), { host: "127.0.0.1", port: 5, authority: "127.0.0.1:5" });
  assert.deepEqual(parseAddress("[::1]:7"), { host: "::1", port: 7, authority: "[::1]:7" });
  assert.deepEqual(parseAddress("dns:///example.org:9"), { host: "example.org", port: 9, authority: "example.org:9" });
  for (const bad of ["unix:", "unix://", "localhost", "host:port", ":5", "h:99999", "http://h:5", "::1:5"]) {
    await assert.rejects(play(() => 0, opts(bad, { connectTimeoutMs: 200 })),
      (e: Error) => e instanceof ConfigurationError && /cannot read the arbiter address .*HOST:PORT/.test(e.message), bad);
  }
});

test("messages larger than HTTP/2's first window (64 KiB) and frame (16 KiB), both ways", async () => {
  const big = "x".repeat(300_000);
  let reply: unknown;
  const seen: string[] = [];
  const arbiter = await FakeArbiter.start(async (s) => {
    await welcome(s);
    s.send({ gameStart: { gameId: "h", seat: 0, numPlayers: 2, game: "high_card" } });
    reply = await decide(s, { requestId: "3", gameId: "h", numLegalActions: 1, text: { observation: big, legalActions: ["keep"] } });
    s.send({ gameEnd: { gameId: "h", outcome: { winner: 1 } } });
    shutdown(s);
  });
  try {
    await play((observation) => {
      seen.push((observation as { text: string }).text);
      return big.slice(0, 200_000);
    }, opts(arbiter.address));
  } finally {
    await arbiter.stop();
  }
  assert.deepEqual(seen, [big]);
  assert.equal((reply as { text: string }).text, big.slice(0, 200_000));
});

test("a connection closed without a status is a ConnectionFailed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bare-listener-"));
  const path = join(dir, "bare.sock");
  // Reads the bot's first bytes and hangs up.
  const listener = net.createServer((socket) => socket.once("data", () => socket.destroy()));
  await new Promise<void>((resolve) => listener.listen(path, resolve));
  try {
    await assert.rejects(play(() => 0, opts(`unix://${path}`)),
      (e: Error) => e instanceof ConnectionFailed && /broke before welcoming this bot: UNAVAILABLE/.test(e.message));
  } finally {
    await new Promise((resolve) => listener.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});
