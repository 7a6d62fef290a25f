/**
 * The TypeScript starter bot: plays Zetema, Pontoon and Scotch Whist with
 * the Python sample bots' heuristics (greedy.ts, pontoon.ts, whist.ts).
 *
 *   node sample-bots/typescript/dist/bot.js           # spawned by the arbiter
 *   node sample-bots/typescript/dist/bot.js --address HOST:PORT --token T
 */
import { run } from "zetema-bot";
import * as greedy from "./greedy";
import * as pontoon from "./pontoon";
import * as whist from "./whist";

void run(
  (observation) => {
    switch (observation.kind) {
      case "zetema":
        return greedy.choose(observation);
      case "pontoon":
        return pontoon.choose(observation);
      case "scotch_whist":
        return whist.choose(observation);
      default:
        return 0; // a game known by its text only: the first legal action
    }
  },
  { name: "ts-starter", version: "1.0", games: ["zetema", "pontoon", "scotch_whist"] },
);
