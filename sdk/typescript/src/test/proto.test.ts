/** The package's proto/ is the repository's proto/, file for file and byte for byte. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { protoDir, protocol } from "../index";

function protoFiles(root: string): Map<string, string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".proto"))
    .map((e) => join(e.parentPath ?? e.path, e.name));
  return new Map(files.map((f) => [relative(root, f), readFileSync(f, "utf8")]));
}

test("the bundled .proto files equal the repository's proto/", () => {
  const bundled = protoFiles(protoDir());
  const repository = protoFiles(join(__dirname, "..", "..", "..", "..", "proto"));
  assert.ok(repository.has(join("arbiter", "v1", "arbiter.proto")));
  assert.deepEqual([...bundled.keys()].sort(), [...repository.keys()].sort());
  for (const [name, text] of repository) assert.equal(bundled.get(name), text, `${name} differs from proto/${name}`);
  assert.equal(protoDir(), join(__dirname, "..", "..", "proto"));
});

test("the protocol loads the service and every game's messages", () => {
  const p = protocol();
  assert.deepEqual(Object.keys(p.arbiter.v1.Arbiter.service), ["Play"]);
  for (const pkg of [p.zetema.v1, p.pontoon.v1, p.scotch_whist.v1]) assert.ok("Action" in pkg && "Observation" in pkg);
});
