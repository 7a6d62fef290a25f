// Bundles the bot, the SDK and gRPC into dist/bot.js, and copies the SDK's
// .proto files beside it (dist/proto/), which the SDK loads at run time:
// dist/ is all the bot needs, wherever it is copied (node dist/bot.js).
// The bot's own tests go to dist/test/.
import { cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";

const sdk = dirname(createRequire(import.meta.url).resolve("zetema-bot/package.json"));
const options = { bundle: true, platform: "node", target: "node18", logLevel: "warning" };
rmSync("dist", { recursive: true, force: true });
await build({ ...options, entryPoints: ["src/bot.ts"], outfile: "dist/bot.js" });
await build({ ...options, entryPoints: ["test/choices.test.ts"], outdir: "dist/test", external: ["node:*"] });
cpSync(join(sdk, "proto"), "dist/proto", { recursive: true });
