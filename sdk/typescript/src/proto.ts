/**
 * The protocol, loaded at run time from the .proto files that ship with this
 * package (proto/, copied from the repository's proto/ at build time) or,
 * in a bundle, from the proto/ folder beside the bundled file.
 *
 * Messages are plain objects with camelCase fields (proto-loader's
 * defaults), enums as their names ("ERROR_CODE_SHUTDOWN"), every field set
 * (defaults filled in), a oneof's member name in the oneof's own field
 * (`message.message === "welcome"`), and uint64 fields (`requestId`) as
 * decimal strings, so that no id above 2^53 loses a digit.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import type { ProtoGrpcType } from "./gen/arbiter";
import type { ArbiterMessage__Output } from "./gen/arbiter/v1/ArbiterMessage";
import type { BotMessage } from "./gen/arbiter/v1/BotMessage";

export const PROTOCOL_VERSION = 1;
const ENTRY = join("arbiter", "v1", "arbiter.proto");

export const LOAD_OPTIONS: protoLoader.Options = {
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** The folder holding arbiter/v1/arbiter.proto and the files it imports:
 * proto/ beside this file (a bundle) or beside its folder (the package). */
export function protoDir(): string {
  const candidates = [join(__dirname, "proto"), join(__dirname, "..", "proto")];
  const found = candidates.find((dir) => existsSync(join(dir, ENTRY)));
  if (found === undefined) {
    throw new Error(
      `zetema-bot: the protocol's .proto files are missing: looked for ${ENTRY} in ` +
        candidates.join(" and ") +
        " (a bundled bot needs the package's proto/ folder copied beside it)",
    );
  }
  return found;
}

let definition: protoLoader.PackageDefinition | undefined;
let loaded: ProtoGrpcType | undefined;

function packageDefinition(): protoLoader.PackageDefinition {
  definition ??= protoLoader.loadSync(ENTRY, { ...LOAD_OPTIONS, includeDirs: [protoDir()] });
  return definition;
}

/** The loaded protocol: message types and the Arbiter service, by package. */
export function protocol(): ProtoGrpcType {
  loaded ??= grpc.loadPackageDefinition(packageDefinition()) as unknown as ProtoGrpcType;
  return loaded;
}

/** The Play method: its path and its messages' coding, the messages shaped
 * as described above (wire.test checks the SDK's own coding, wire.ts, against them). */
export function playMethod(): protoLoader.MethodDefinition<BotMessage, ArbiterMessage__Output> {
  const service = packageDefinition()["arbiter.v1.Arbiter"] as protoLoader.ServiceDefinition;
  return service.Play as protoLoader.MethodDefinition<BotMessage, ArbiterMessage__Output>;
}
