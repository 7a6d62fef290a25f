/**
 * The SDK against the real arbiter: `arbiter play` spawns the fixture bot
 * (sandbox on, the package folder as the working directory) in each game,
 * and every record verifies. The arbiter is $ZETEMA_ARBITER, else the
 * repository's build-test/ or build/ one; without it these tests are skipped.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

const PACKAGE = join(__dirname, "..", "..");
const REPO = join(PACKAGE, "..", "..");
const ARBITER = [process.env.ZETEMA_ARBITER, join(REPO, "build-test", "arbiter", "cli", "arbiter"), join(REPO, "build", "arbiter", "cli", "arbiter")]
  .find((path) => path && existsSync(path));
const skip = ARBITER === undefined ? "no arbiter built (build-test/arbiter/cli/arbiter): the real-arbiter tests are skipped" : false;

function arbiter(args: string[]) {
  const result = spawnSync(ARBITER!, args, { cwd: PACKAGE, encoding: "utf8", timeout: 240_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("the real arbiter", { skip }, () => {
  for (const [game, players] of [["zetema", 3], ["pontoon", 3], ["scotch_whist", 2]] as const) {
    test(`${game}: ${players} fixture bots play 2 games through arbiter play; every record verifies, no fault`, () => {
      const dir = mkdtempSync(join(tmpdir(), "zetema-ts-"));
      try {
        const out = join(dir, "games.jsonl");
        const played = arbiter(["play", "--game", game, "--players", String(players), "--games", "2", "--seed", "7",
          "--bot", "ts=node dist/test/fixtures/bot.js", "--out", out]);
        assert.equal(played.status, 0, played.out);
        const records = readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line));
        assert.equal(records.length, 2);
        for (const record of records) {
          assert.equal(record.game, game);
          assert.deepEqual(record.result.faults ?? [], [], JSON.stringify(record.result.faults));
          assert.deepEqual(record.seats.map((s: { hello_bot_name: string }) => s.hello_bot_name), Array(players).fill("fixture"));
        }
        const verified = arbiter(["replay", out, "--verify"]);
        assert.equal(verified.status, 0, verified.out);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  test("a bot that does not declare the game is refused before any game, naming both", () => {
    const dir = mkdtempSync(join(tmpdir(), "zetema-ts-"));
    try {
      const out = join(dir, "games.jsonl");
      const played = arbiter(["play", "--game", "pontoon", "--games", "1", "--bot", "ts=node dist/test/fixtures/bot.js --games zetema",
        "--bot", "b=node dist/test/fixtures/bot.js", "--out", out]);
      assert.equal(played.status, 2, played.out);
      assert.match(played.out, /'ts'.*does not play pontoon/);
      assert.ok(!existsSync(out) || readFileSync(out, "utf8") === "", "no game recorded");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
