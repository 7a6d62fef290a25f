/**
 * The SDK against the real arbiter, and the bots of docs/sdk-typescript.md
 * as printed there. `arbiter play` runs in a folder of its own and spawns
 * the bots with the sandbox on; a bot sees its script's folder, and the
 * package (its dist/ and node_modules/) is granted by `--read-only`, as an
 * organiser would for a bot that is not bundled. Every record verifies and
 * holds no fault. The arbiter is $ZETEMA_ARBITER, else the repository's
 * build-test/ or build/ one; without it those tests are skipped.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

const PACKAGE = join(__dirname, "..", "..");
const REPO = join(PACKAGE, "..", "..");
const ARBITER = [process.env.ZETEMA_ARBITER, join(REPO, "build-test", "arbiter", "cli", "arbiter"), join(REPO, "build", "arbiter", "cli", "arbiter")]
  .find((path) => path && existsSync(path));
const skip = ARBITER === undefined ? "no arbiter built (build-test/arbiter/cli/arbiter): the real-arbiter tests are skipped" : false;
const FIXTURE = `node ${join(PACKAGE, "dist", "test", "fixtures", "bot.js")}`;

/** The first ```LANG block of the docs page that calls run(). */
function docsBlock(lang: string): string {
  const text = readFileSync(join(REPO, "docs", "sdk-typescript.md"), "utf8");
  const block = [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].find((m) => m[1] === lang && m[2].includes("run("));
  assert.ok(block, `docs/sdk-typescript.md has a \`\`\`${lang} block that calls run()`);
  return block[2];
}

/** The docs' bots in dist/test/docs/: my_bot.js as printed, every_game.ts
 * type-checked and compiled against this package's types. */
const docs = (() => {
  const dir = join(PACKAGE, "dist", "test", "docs");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "my_bot.js"), docsBlock("js"));
  writeFileSync(join(dir, "every_game.ts"), docsBlock("ts"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      strict: true, target: "ES2022", module: "commonjs", types: ["node"], skipLibCheck: true, outDir: ".",
      baseUrl: ".", paths: { "zetema-bot": ["../../index.d.ts"] },
    },
    files: ["every_game.ts"],
  }));
  const tsc = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc", { paths: [PACKAGE] }), "-p", dir], { encoding: "utf8" });
  return { dir, tsc: `${tsc.stdout}${tsc.stderr}`, status: tsc.status };
})();

test("the TypeScript bot of docs/sdk-typescript.md type-checks against the package's types", () => {
  assert.equal(docs.status, 0, docs.tsc);
});

function arbiter(args: string[], cwd: string) {
  const result = spawnSync(ARBITER!, args, { cwd, encoding: "utf8", timeout: 240_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Plays `games` games of `game` at `players` seats; checks the records. */
function playAndVerify(game: string, players: number, bots: string[], names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "zetema-ts-"));
  try {
    const out = join(dir, "games.jsonl");
    const played = arbiter(["play", "--game", game, "--players", String(players), "--games", "2", "--seed", "7",
      ...bots.flatMap((b) => ["--bot", b]), "--read-only", PACKAGE, "--out", out], dir);
    assert.equal(played.status, 0, played.out);
    const records = readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    assert.equal(records.length, 2);
    for (const record of records) {
      assert.equal(record.game, game);
      assert.deepEqual(record.result.faults ?? [], [], JSON.stringify(record.result.faults));
      assert.deepEqual(record.seats.map((s: { hello_bot_name: string }) => s.hello_bot_name).sort(), names);
    }
    const verified = arbiter(["replay", out, "--verify"], dir);
    assert.equal(verified.status, 0, verified.out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the real arbiter", { skip }, () => {
  for (const [game, players] of [["zetema", 3], ["pontoon", 3], ["scotch_whist", 2]] as const) {
    test(`${game}: ${players} test bots play 2 games through arbiter play; every record verifies, no fault`, () => {
      playAndVerify(game, players, [`ts=${FIXTURE}`], Array(players).fill("fixture"));
    });
  }

  test("the docs' bots play: my_bot.js at Zetema, every_game.ts at every game", () => {
    playAndVerify("zetema", 2, [`mine=node ${docs.dir}/my_bot.js`, `ts=${FIXTURE}`], ["fixture", "my-bot"]);
    for (const game of ["zetema", "pontoon", "scotch_whist"]) {
      playAndVerify(game, 2, [`every=node ${docs.dir}/every_game.js`, `ts=${FIXTURE}`], ["every-game", "fixture"]);
    }
  });

  test("a bot that does not declare the game is refused before any game, naming both", () => {
    const dir = mkdtempSync(join(tmpdir(), "zetema-ts-"));
    try {
      const out = join(dir, "games.jsonl");
      const played = arbiter(["play", "--game", "pontoon", "--games", "1", "--bot", `ts=${FIXTURE} --games zetema`,
        "--bot", `b=${FIXTURE}`, "--read-only", PACKAGE, "--out", out], dir);
      assert.equal(played.status, 2, played.out);
      assert.match(played.out, /'ts'.*does not play pontoon/);
      assert.ok(!existsSync(out) || readFileSync(out, "utf8") === "", "no game recorded");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
