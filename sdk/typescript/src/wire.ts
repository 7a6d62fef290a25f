/**
 * The protocol's messages on the wire, coded with protobufjs (its decoders
 * and encoders are generated from the .proto files at load) into the shape
 * proto.ts describes: camelCase fields, every field present, enums by name,
 * uint64 as decimal strings, a oneof's member name in its own field.
 *
 * A decision request comes once a decision, and its observation is most of
 * it: the request is read here field by field and its observation decoded
 * only when first read, and an answer by index is written by hand. Every
 * other message, and a request in a form this reader does not expect (an
 * unknown field, a message field twice), is coded whole. wire.test checks
 * both against proto-loader's coding.
 */
import { join } from "node:path";
import Long from "long";
import * as protobuf from "protobufjs";
import { ProtocolError } from "./errors";
import type { ArbiterMessage, BotMessage, DecisionRequest } from "./messages";
import { LOAD_OPTIONS, protoDir } from "./proto";

// uint64 fields decode to Long (whole), also in a bundle that cannot
// require("long") at run time.
(protobuf.util as { Long: unknown }).Long = Long;
protobuf.configure();

const CONVERSION: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  defaults: LOAD_OPTIONS.defaults,
  oneofs: LOAD_OPTIONS.oneofs,
};

/** A decision's message (zetema.v1.Decision, ...): field 1 its
 * observation, field 2 its legal actions. */
interface DecisionType {
  member: string;
  observation: protobuf.Type;
  legalAction: protobuf.Type;
}

interface Types {
  arbiterMessage: protobuf.Type;
  botMessage: protobuf.Type;
  gameEvent: protobuf.Type;
  /** DecisionRequest's oneof `decision`, by field number: a typed game's
   * DecisionType, else the member's name and whole message type. */
  decisions: Map<number, DecisionType | { member: string; type: protobuf.Type }>;
}

let types: Types | undefined;

/** Every message type under `namespace`. */
function typesIn(namespace: protobuf.NamespaceBase): protobuf.Type[] {
  return namespace.nestedArray.flatMap((nested) => [
    ...(nested instanceof protobuf.Type ? [nested] : []),
    ...(nested instanceof protobuf.Namespace || nested instanceof protobuf.Type ? typesIn(nested) : []),
  ]);
}

/** Loads the protocol and generates every message's coder: a stream calls
 * this before its Hello, so that none of it falls in a decision's time. */
export function load(): Types {
  if (types !== undefined) return types;
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(protoDir(), target);
  root.loadSync(join("arbiter", "v1", "arbiter.proto"), { keepCase: false });
  root.resolveAll();
  for (const type of typesIn(root)) type.setup();
  const request = root.lookupType("arbiter.v1.DecisionRequest");
  const decisions: Types["decisions"] = new Map();
  for (const field of request.oneofs.decision.fieldsArray) {
    const type = field.resolvedType as protobuf.Type;
    const observation = type.fieldsById[1]?.resolvedType;
    const legal = type.fieldsById[2];
    const typed = observation instanceof protobuf.Type && legal?.repeated && legal.resolvedType instanceof protobuf.Type;
    decisions.set(
      field.id,
      typed ? { member: field.name, observation, legalAction: legal.resolvedType as protobuf.Type } : { member: field.name, type },
    );
  }
  types = {
    arbiterMessage: root.lookupType("arbiter.v1.ArbiterMessage"),
    botMessage: root.lookupType("arbiter.v1.BotMessage"),
    gameEvent: root.lookupType("arbiter.v1.GameEvent"),
    decisions,
  };
  return types;
}

/** The message of `type` in the next `length` bytes of `r` (all that is
 * left without a length), as a plain object. */
function plain<T>(type: protobuf.Type, r: protobuf.Reader, length?: number): T {
  return type.toObject(type.decode(r, length), CONVERSION) as T;
}

const LENGTH_DELIMITED = 2;
const DECISION_REQUEST = 4; // ArbiterMessage.decision_request

/** An ArbiterMessage from its bytes; throws on bytes that are none. */
export function decodeArbiterMessage(bytes: Uint8Array): ArbiterMessage {
  const t = load();
  const r = protobuf.Reader.create(bytes);
  if (bytes.length > 0 && r.uint32() === ((DECISION_REQUEST << 3) | LENGTH_DELIMITED)) {
    const end = r.uint32() + r.pos;
    const request = end === r.len ? readDecisionRequest(t, r) : undefined;
    if (request !== undefined) return { decisionRequest: request, message: "decisionRequest" };
  }
  return plain(t.arbiterMessage, protobuf.Reader.create(bytes));
}

/** DecisionRequest's scalar fields by number (uint32 unless named below). */
const SCALARS: Record<number, string> = { 2: "timeLeftMs", 3: "moveLimitMs", 4: "bankMs", 6: "numLegalActions" };
const REQUEST_ID = 1, GAME_ID = 5, POINTS = 7, EVENTS = 8;

/** The DecisionRequest in the rest of `r`, read field by field, or
 * undefined for one this reader leaves to protobufjs. */
function readDecisionRequest(t: Types, r: protobuf.Reader): DecisionRequest | undefined {
  const points: number[] = [];
  const out: Record<string, unknown> = {
    requestId: "0", timeLeftMs: 0, moveLimitMs: 0, bankMs: 0, gameId: "", numLegalActions: 0,
    legalActionPoints: points, events: null,
  };
  let events = false;
  while (r.pos < r.len) {
    const tag = r.uint32();
    const id = tag >>> 3, wire = tag & 7;
    const decision = t.decisions.get(id);
    if (id === REQUEST_ID && wire === 0) {
      const id = r.uint64() as unknown as Long;
      out.requestId = id.high === 0 ? String(id.low >>> 0) : id.toString();
    } else if (SCALARS[id] !== undefined && wire === 0) {
      out[SCALARS[id]] = r.uint32();
    } else if (id === GAME_ID && wire === LENGTH_DELIMITED) {
      out.gameId = r.string();
    } else if (id === POINTS && wire === LENGTH_DELIMITED) {
      for (const end = r.uint32() + r.pos; r.pos < end; ) points.push(r.int32());
    } else if (id === POINTS && wire === 0) {
      points.push(r.int32());
    } else if (id === EVENTS && wire === LENGTH_DELIMITED && !events) {
      events = true;
      out.events = plain(t.gameEvent, r, r.uint32());
    } else if (decision !== undefined && wire === LENGTH_DELIMITED && out.decision === undefined) {
      const value = "type" in decision ? plain(decision.type, r, r.uint32()) : readDecision(decision, r, r.uint32() + r.pos);
      if (value === undefined) return undefined;
      out[decision.member] = value;
      out.decision = decision.member;
    } else {
      return undefined;
    }
  }
  return out as unknown as DecisionRequest;
}

/** A game's Decision (in `r` up to `end`) with its legal actions decoded
 * and its observation decoded at the first read (a ProtocolError if it is
 * unreadable). */
function readDecision(type: DecisionType, r: protobuf.Reader, end: number): object | undefined {
  const legalActions: unknown[] = [];
  let observation: { start: number; length: number } | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === ((1 << 3) | LENGTH_DELIMITED) && observation === undefined) {
      observation = { length: r.uint32(), start: r.pos };
      r.skip(observation.length);
    } else if (tag === ((2 << 3) | LENGTH_DELIMITED)) {
      legalActions.push(plain(type.legalAction, r, r.uint32()));
    } else {
      return undefined;
    }
  }
  if (r.pos !== end) throw new RangeError(`a zetema.v1.Decision overruns its length`);
  const decision = { legalActions };
  const buffer = r.buf;
  Object.defineProperty(decision, "observation", {
    enumerable: true,
    configurable: true,
    get() {
      let value: unknown = null;
      try {
        if (observation !== undefined) {
          const at = protobuf.Reader.create(buffer);
          at.pos = observation.start;
          value = plain(type.observation, at, observation.length);
        }
      } catch (e) {
        throw new ProtocolError(`the arbiter sent an unreadable ${type.observation.fullName.slice(1)}: ${(e as Error).message}`);
      }
      Object.defineProperty(decision, "observation", { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
  return decision;
}

/** A BotMessage's bytes. */
export function encodeBotMessage(message: BotMessage): Uint8Array {
  const reply = message.actionReply;
  const id = reply?.requestId;
  const index = reply?.index;
  if (
    message.hello === undefined && typeof id === "string" && /^\d{1,20}$/.test(id) && typeof index === "number" &&
    Number.isInteger(index) && index >= 0 && index <= 0xffffffff && Object.keys(reply!).length === 2
  ) {
    // BotMessage.action_reply (2) { request_id (1), index (2) }
    const w = protobuf.Writer.create();
    w.uint32((2 << 3) | LENGTH_DELIMITED).fork().uint32(1 << 3).uint64(id.length < 16 ? Number(id) : Long.fromString(id, true));
    return w.uint32(2 << 3).uint32(index).ldelim().finish();
  }
  const t = load();
  return t.botMessage.encode(t.botMessage.fromObject(message)).finish();
}
