// Copies the repository's proto/ tree (every .proto file, same relative
// paths) into this package's proto/ folder, which the package ships and the
// SDK loads at run time. The copy is made at every build and never edited:
// src/test/proto.test.ts checks that it equals the repository's.
import { cpSync, existsSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const source = join(here, "..", "..", "proto");
const target = join(here, "proto");
if (!existsSync(join(source, "arbiter", "v1", "arbiter.proto"))) {
  // Built outside the repository (from a packed tarball): keep what ships.
  if (existsSync(target)) process.exit(0);
  console.error(`copy-protos: no ${source}/arbiter/v1/arbiter.proto to copy`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
cpSync(source, target, {
  recursive: true,
  // Folders and .proto files, whatever dots the folders above hold.
  filter: (path) => path.endsWith(".proto") || statSync(path).isDirectory(),
});
