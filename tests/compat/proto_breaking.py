#!/usr/bin/env python3
"""The protocol's breaking-change check: proto/ against the released v1.

    proto_breaking.py [--protoc PROTOC] BASELINE_DIR PROTO_DIR
    proto_breaking.py --self-test [--protoc PROTOC] BASELINE_DIR PROTO_DIR

Every file of BASELINE_DIR (tests/compat/proto-v0.1: the files version 0.1
released) must still be in PROTO_DIR with the same package and options, and
every message, field (name, number, type, type name, label, json_name,
oneof, proto3 optional, options), enum and enum value, service and method
(types and streaming) it declares must still be there, unchanged. Additions
are free. This is what buf's `breaking` reports at its FILE level, so code
generated from PROTO_DIR has every name the released files had.

The one change allowed is ALLOWED_OPTIONS below: the released go_package
values were no Go import path (`zetema/v1;zetemav1`), so `go build` could
not use them; they are now full import paths in the Go SDK's module, with
the same Go package names.

The check also keeps zetema.v1's released result types (EndReason,
FaultReason, Fault, Result, which GameEnd.zetema carries) equal to their
game-independent copies in arbiter.v1: the arbiter sends the same bytes in
both.

--self-test also breaks copies of PROTO_DIR on purpose, one change each, and
fails unless the check reports every one (and passes PROTO_DIR itself).
Exit status: 0 unchanged, 1 a breaking change (one line each), 2 usage or
a file protoc cannot read.
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from google.protobuf import descriptor_pb2

GO_MODULE = "github.com/zetema/arbiter/sdk/go/gen"

# (file, option): (released value, the only value allowed instead).
ALLOWED_OPTIONS = {
    ("arbiter/v1/arbiter.proto", "go_package"):
        ("arbiter/v1;arbiterv1", GO_MODULE + "/arbiter/v1;arbiterv1"),
    ("zetema/v1/zetema.proto", "go_package"):
        ("zetema/v1;zetemav1", GO_MODULE + "/zetema/v1;zetemav1"),
    ("zetema/v1/record.proto", "go_package"):
        ("zetema/v1;zetemav1", GO_MODULE + "/zetema/v1;zetemav1"),
}

# zetema.v1 types that must equal arbiter.v1's of the same name.
MIRRORED = ["EndReason", "FaultReason", "Fault", "Result"]

FD = descriptor_pb2.FieldDescriptorProto


def load(protoc, root):
    """{file name: FileDescriptorProto} for every .proto under root."""
    root = pathlib.Path(root)
    files = sorted(str(p.relative_to(root)) for p in root.rglob("*.proto"))
    if not files:
        sys.exit("proto_breaking: no .proto file under %s" % root)
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "set.pb"
        run = subprocess.run(
            [protoc, "-I", str(root), "--include_imports",
             "--descriptor_set_out=%s" % out] + files,
            capture_output=True, text=True)
        if run.returncode != 0:
            print("proto_breaking: protoc cannot read %s:\n%s" %
                  (root, run.stderr.strip()), file=sys.stderr)
            sys.exit(2)
        fds = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    return {f.name: f for f in fds.file}


def options(msg):
    return {f.name: v for f, v in msg.ListFields()}


def field_summary(message, field):
    oneof = ""
    if field.HasField("oneof_index"):
        oneof = message.oneof_decl[field.oneof_index].name
    return {
        "name": field.name,
        "type": FD.Type.Name(field.type),
        "type_name": field.type_name,
        "label": FD.Label.Name(field.label),
        "json_name": field.json_name,
        "oneof": oneof,
        "proto3_optional": field.proto3_optional,
        "options": field.options.SerializeToString(deterministic=True),
    }


def compare_enum(where, old, new, errors):
    values = {v.name: v.number for v in new.value}
    for v in old.value:
        if v.name not in values:
            errors.append("%s: enum value %s (%d) was deleted or renamed" %
                          (where, v.name, v.number))
        elif values[v.name] != v.number:
            errors.append("%s: enum value %s changed number from %d to %d" %
                          (where, v.name, v.number, values[v.name]))


def compare_message(where, old, new, errors):
    fields = {f.number: f for f in new.field}
    for f in old.field:
        here = "%s.%s (field %d)" % (where, f.name, f.number)
        if f.number not in fields:
            errors.append("%s was deleted" % here)
            continue
        a, b = field_summary(old, f), field_summary(new, fields[f.number])
        for key in a:
            if a[key] != b[key]:
                errors.append("%s changed its %s from %r to %r" %
                              (here, key, a[key], b[key]))
    if old.options != new.options:
        errors.append("%s changed its message options" % where)
    compare_children(where, old.nested_type, new.nested_type,
                     old.enum_type, new.enum_type, errors)


def compare_children(where, old_msgs, new_msgs, old_enums, new_enums, errors):
    msgs = {m.name: m for m in new_msgs}
    for m in old_msgs:
        if m.name not in msgs:
            errors.append("%s.%s: message deleted or renamed" % (where, m.name))
        else:
            compare_message("%s.%s" % (where, m.name), m, msgs[m.name], errors)
    enums = {e.name: e for e in new_enums}
    for e in old_enums:
        if e.name not in enums:
            errors.append("%s.%s: enum deleted or renamed" % (where, e.name))
        else:
            compare_enum("%s.%s" % (where, e.name), e, enums[e.name], errors)


def compare_file(old, new, errors):
    name = old.name
    if old.package != new.package or old.syntax != new.syntax:
        errors.append("%s: package or syntax changed from %s (%s) to %s (%s)" %
                      (name, old.package, old.syntax or "proto2", new.package,
                       new.syntax or "proto2"))
    a, b = options(old.options), options(new.options)
    for key in sorted(set(a) | set(b)):
        if a.get(key) == b.get(key):
            continue
        allowed = ALLOWED_OPTIONS.get((name, key))
        if allowed == (a.get(key), b.get(key)):
            continue
        errors.append("%s: option %s changed from %r to %r" %
                      (name, key, a.get(key), b.get(key)))
    compare_children(name + ": " + old.package, old.message_type,
                     new.message_type, old.enum_type, new.enum_type, errors)
    services = {s.name: s for s in new.service}
    for s in old.service:
        if s.name not in services:
            errors.append("%s: service %s deleted or renamed" % (name, s.name))
            continue
        methods = {m.name: m for m in services[s.name].method}
        for m in s.method:
            n = methods.get(m.name)
            here = "%s: rpc %s.%s" % (name, s.name, m.name)
            if n is None:
                errors.append("%s deleted or renamed" % here)
            elif (m.input_type, m.output_type, m.client_streaming,
                  m.server_streaming, m.options) != (
                      n.input_type, n.output_type, n.client_streaming,
                      n.server_streaming, n.options):
                errors.append("%s changed its types, streaming or options" %
                              here)


def find(files, package, name):
    for f in files.values():
        if f.package != package:
            continue
        for item in list(f.message_type) + list(f.enum_type):
            if item.name == name:
                return item
    return None


def compare_mirrors(files, errors):
    """zetema.v1's result types equal arbiter.v1's, field by field."""
    for name in MIRRORED:
        ours, theirs = find(files, "zetema.v1", name), find(files, "arbiter.v1", name)
        if ours is None or theirs is None:
            errors.append("zetema.v1.%s or arbiter.v1.%s is missing" %
                          (name, name))
        elif isinstance(ours, descriptor_pb2.EnumDescriptorProto):
            if [(v.name, v.number) for v in ours.value] != [
                    (v.name, v.number) for v in theirs.value]:
                errors.append("zetema.v1.%s has other values than "
                              "arbiter.v1.%s: keep them equal" % (name, name))
        else:
            def shape(message, package):
                return [(s["name"], f.number, s["type"], s["label"],
                         s["json_name"],
                         s["type_name"].replace("." + package + ".", "."))
                        for f in message.field
                        for s in [field_summary(message, f)]]
            if shape(ours, "zetema.v1") != shape(theirs, "arbiter.v1"):
                errors.append("zetema.v1.%s has other fields than "
                              "arbiter.v1.%s: keep them equal" % (name, name))


def check(protoc, baseline_dir, proto_dir):
    old, new = load(protoc, baseline_dir), load(protoc, proto_dir)
    errors = []
    for name in sorted(n for n in old if not n.startswith("google/")):
        if name not in new:
            errors.append("%s: file deleted or moved" % name)
        else:
            compare_file(old[name], new[name], errors)
    compare_mirrors(new, errors)
    return errors


# One deliberate break each: (file, pattern, replacement, text the report
# must contain).
BREAKS = [
    ("arbiter/v1/arbiter.proto", r"zetema\.v1\.Result zetema = 10;",
     "Result zetema = 10;", "GameEnd.zetema (field 10) changed its type_name"),
    ("zetema/v1/zetema.proto", r"int32 hands_played = 6;",
     "int32 hands = 6;", "Result.hands_played (field 6) changed its name"),
    ("zetema/v1/zetema.proto", r"int32 winner = 2;", "int32 winner = 9;",
     "Result.winner (field 2) was deleted"),
    ("zetema/v1/zetema.proto", r"string card = 1;", "bytes card = 1;",
     "Discard.card (field 1) changed its type"),
    ("zetema/v1/zetema.proto", r"FAULT_REASON_TIMEOUT = 1;",
     "FAULT_REASON_TIME_OUT = 1;", "enum value FAULT_REASON_TIMEOUT (1)"),
    ("arbiter/v1/arbiter.proto", r"rpc Play\(stream BotMessage\)",
     "rpc Play(BotMessage)", "rpc Arbiter.Play changed"),
    ("arbiter/v1/arbiter.proto", r"  uint32 protocol_version = 4;",
     "  repeated uint32 protocol_version = 4;",
     "Hello.protocol_version (field 4) changed its label"),
    ("arbiter/v1/arbiter.proto", r"string bot_name = 2;\n",
     "string bot_name = 2 [json_name = \"botName2\"];\n",
     "changed its json_name"),
    ("zetema/v1/zetema.proto", r'zetemav1";', 'zetema";',
     "option go_package changed"),
    ("zetema/v1/zetema.proto", r"option java_multiple_files = true;",
     "option java_multiple_files = false;", "option java_multiple_files"),
    ("zetema/v1/record.proto", r"repeated Step steps = 10;",
     "repeated Deal steps = 10;",
     "GameRecord.steps (field 10) changed its type_name"),
    ("zetema/v1/record.proto", r"(\n  string duplicate_group = 15;)",
     "", "GameRecord.duplicate_group (field 15) was deleted"),
    ("arbiter/v1/arbiter.proto", r"FAULT_REASON_PROCESS_LIMIT = 8;",
     "FAULT_REASON_PROCESS_LIMIT = 8;\n  FAULT_REASON_NEW = 9;",
     "zetema.v1.FaultReason has other values than arbiter.v1.FaultReason"),
]


def self_test(protoc, baseline_dir, proto_dir):
    failures = check(protoc, baseline_dir, proto_dir)
    if failures:
        print("self-test: %s itself fails the check" % proto_dir)
        return failures
    problems = []
    for file, pattern, replacement, expected in BREAKS:
        with tempfile.TemporaryDirectory() as tmp:
            copy = pathlib.Path(tmp) / "proto"
            shutil.copytree(proto_dir, copy)
            path = copy / file
            text, count = re.subn(pattern, replacement, path.read_text(),
                                  count=1)
            if count != 1:
                problems.append("self-test: %r not found in %s" %
                                (pattern, file))
                continue
            path.write_text(text)
            report = check(protoc, baseline_dir, copy)
            if not any(expected in line for line in report):
                problems.append("self-test: breaking %s (%s) was not reported "
                                "as %r; got: %s" % (file, replacement,
                                                    expected, report))
            else:
                print("self-test: caught %s: %s" % (
                    file, next(l for l in report if expected in l)))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--protoc", default="protoc")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("baseline")
    parser.add_argument("proto")
    args = parser.parse_args()
    run = self_test if args.self_test else check
    problems = run(args.protoc, args.baseline, args.proto)
    for line in problems:
        print(line)
    if problems:
        print("proto_breaking: %d breaking change(s) of %s against %s" %
              (len(problems), args.proto, args.baseline))
        return 1
    if args.self_test:
        print("proto_breaking: every deliberate break of %s was reported" %
              args.proto)
    else:
        print("proto_breaking: %s keeps every name, number and type of %s" %
              (args.proto, args.baseline))
    return 0


if __name__ == "__main__":
    sys.exit(main())
