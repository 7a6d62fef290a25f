"""A hash of the SDK's sources and the protocol, recorded at build time.

The test suite compares the installed package's fingerprint with the source
tree's so that a stale install fails with a clear message instead of testing
old code. Standard library only: setup.py loads this file directly.
"""

import hashlib
import pathlib

# The protocol files the SDK is generated from (setup.py reads this list).
PROTO_FILES = ("zetema/v1/zetema.proto",
               "pontoon/v1/pontoon.proto",
               "scotch_whist/v1/scotch_whist.proto",
               "arbiter/v1/record.proto", "arbiter/v1/arbiter.proto")


def source_fingerprint(package_dir, proto_dir):
    package_dir = pathlib.Path(package_dir)
    proto_dir = pathlib.Path(proto_dir)
    digest = hashlib.sha256()
    files = sorted(p for p in package_dir.rglob("*.py")
                   if "_proto" not in p.relative_to(package_dir).parts
                   and p.name != "_build_info.py")
    for path in files:
        digest.update(path.relative_to(package_dir).as_posix().encode())
        digest.update(b"\0" + path.read_bytes() + b"\0")
    for name in PROTO_FILES:
        digest.update(name.encode() + b"\0" + (proto_dir / name).read_bytes())
    return digest.hexdigest()
