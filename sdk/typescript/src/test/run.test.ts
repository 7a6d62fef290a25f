/** run() in a bot process: exit status 0 after SHUTDOWN, one line and the
 * SDK's status on a refusal or bad configuration, the stack and 1 when the
 * callback fails. */
import * as grpc from "@grpc/grpc-js";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { decide, FakeArbiter, Script, shutdown, welcome } from "./fakeArbiter";

const BOT = join(__dirname, "fixtures", "bot.js");

/** Runs the fixture bot; resolves with its status, stderr and how long it ran. */
function runBot(env: Record<string, string>, args: string[] = []) {
  const started = Date.now();
  const child = spawn(process.execPath, [BOT, ...args], { env: { PATH: process.env.PATH ?? "", ...env } });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise<{ status: number | null; stderr: string; ms: number }>((resolve) =>
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stderr, ms: Date.now() - started });
    }),
  );
}

async function against(script: Script, args: string[] = []) {
  const arbiter = await FakeArbiter.start(script);
  try {
    return await runBot({ ZETEMA_ARBITER_ADDRESS: arbiter.address, ZETEMA_TOKEN: "t" }, args);
  } finally {
    await arbiter.stop();
  }
}

const oneTextGame = (replies: unknown[]): Script => async (s) => {
  await welcome(s);
  s.send({ gameStart: { gameId: "h", seat: 0, numPlayers: 2, game: "high_card" } });
  replies.push(await decide(s, { requestId: "1", gameId: "h", numLegalActions: 1, text: { observation: "7", legalActions: ["keep"] } }));
  s.send({ gameEnd: { gameId: "h", outcome: { winner: 0 } } });
  shutdown(s);
};

test("a bot plays, is told SHUTDOWN and exits 0 by itself, well within the arbiter's grace", async () => {
  const replies: unknown[] = [];
  const { status, stderr, ms } = await against(oneTextGame(replies), ["--games", "high_card"]);
  assert.equal(stderr, "");
  assert.equal(status, 0);
  assert.equal(replies.length, 1);
  assert.ok(ms < 10_000, `the bot took ${ms} ms`);
});

test("refusals: one line naming the bot and the reason, and the SDK's exit status", async () => {
  for (const [code, status, line] of [
    ["ERROR_CODE_BAD_TOKEN", 6, /^fixture: error: the arbiter did not accept the token \(used\); a token is good for one connection only\n$/],
    ["ERROR_CODE_GAME_NOT_DECLARED", 7, /^fixture: error: the arbiter refused this bot for a game it does not declare: used; .*\(now: zetema\)\n$/],
    ["ERROR_CODE_VERSION_MISMATCH", 5, /^fixture: error: protocol version mismatch: this SDK speaks version 1; the arbiter says: used\n$/],
  ] as const) {
    const refuse: Script = async (s) => {
      await s.next();
      s.send({ error: { code, message: "used" } });
      s.fail(grpc.status.PERMISSION_DENIED, "refused");
    };
    const result = await against(refuse, ["--games", "zetema"]);
    assert.equal(result.status, status, result.stderr);
    assert.match(result.stderr, line);
  }
});

test("no address: exit 2 naming the variable", async () => {
  const none = await runBot({});
  assert.equal(none.status, 2);
  assert.match(none.stderr, /^fixture: error: no arbiter address: .* or set ZETEMA_ARBITER_ADDRESS\n$/);
});

test("a failing callback: its stack printed, exit 1, no answer sent", async () => {
  const replies: unknown[] = [];
  const script: Script = async (s) => {
    await welcome(s);
    s.send({ gameStart: { gameId: "h", seat: 0, numPlayers: 2, game: "high_card" } });
    s.send({ decisionRequest: { requestId: "1", gameId: "h", numLegalActions: 1, text: { observation: "7", legalActions: ["keep"] } } });
    replies.push(await s.next());
  };
  const result = await against(script, ["--games", "high_card", "--throw"]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /^fixture: error: Error: the fixture's callback fails on purpose\n\s+at /);
  assert.deepEqual(replies, [null]);
});
