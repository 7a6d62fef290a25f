// The TypeScript SDK's minimal bot for scripts/bench: answers index 0 at
// once. Needs the SDK built (npm --prefix sdk/typescript run build).
const { run } = require("../../sdk/typescript");
void run(() => 0, { name: "echo", version: "1" });
