"""Build hook: generates the gRPC/protobuf stubs from the repository's proto/.

The stubs are never committed: every build runs grpc_tools.protoc (a build
requirement, see pyproject.toml) on ../../proto, rewrites the generated
absolute imports (`from zetema.v1 import ...`) into the package
(`from zetema_bot._proto.zetema.v1 import ...`) so that nothing is installed
at the top level, and pins grpcio/protobuf to at least the versions the
generated code checks for at import time.

ZETEMA_PROTO_DIR overrides where the .proto files are looked for.
"""

import importlib.util
import os
import pathlib
import re
import shutil
import sys
import tempfile

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
GEN_PACKAGE = "zetema_bot._proto"


def fingerprint_module():
    spec = importlib.util.spec_from_file_location(
        "_zetema_fingerprint", HERE / "src" / "zetema_bot" / "_fingerprint.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FINGERPRINT = fingerprint_module()
PROTO_FILES = FINGERPRINT.PROTO_FILES


def find_proto_dir():
    candidates = []
    if os.environ.get("ZETEMA_PROTO_DIR"):
        candidates.append(pathlib.Path(os.environ["ZETEMA_PROTO_DIR"]))
    candidates += [HERE.parent.parent / "proto", HERE / "proto"]
    for c in candidates:
        if all((c / f).is_file() for f in PROTO_FILES):
            return c.resolve()
    sys.exit(
        "zetema-bot: cannot find the protocol files (%s) in any of: %s. "
        "Install from the repository (`pip install ./sdk/python`) or set "
        "ZETEMA_PROTO_DIR." % (", ".join(PROTO_FILES),
                               ", ".join(str(c) for c in candidates)))


def generate(out_dir):
    """Writes the stubs under out_dir/zetema_bot/_proto; returns the
    protobuf version the generated code was made for."""
    from grpc_tools import protoc
    import grpc_tools

    proto_dir = find_proto_dir()
    target = pathlib.Path(out_dir) / "zetema_bot" / "_proto"
    target.mkdir(parents=True, exist_ok=True)
    well_known = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    args = ["grpc_tools.protoc", "-I%s" % proto_dir, "-I%s" % well_known,
            "--python_out=%s" % target, "--pyi_out=%s" % target,
            "--grpc_python_out=%s" % target]
    args += [str(proto_dir / f) for f in PROTO_FILES]
    if protoc.main(args) != 0:
        sys.exit("zetema-bot: grpc_tools.protoc failed on %s" % proto_dir)

    protobuf_version = None
    imports = re.compile(r"^(from|import) (arbiter|zetema|pontoon|scotch_whist)\.v1\b", re.M)
    for path in target.rglob("*"):
        if path.suffix not in (".py", ".pyi"):
            continue
        text = path.read_text()
        text = imports.sub(
            lambda m: "%s %s.%s.v1" % (m.group(1), GEN_PACKAGE, m.group(2)),
            text)
        path.write_text(text)
        found = re.search(r"Protobuf Python Version: (\d+)\.(\d+)\.(\d+)", text)
        if found:
            protobuf_version = tuple(int(x) for x in found.groups())
    for d in [target] + [p for p in target.rglob("*") if p.is_dir()]:
        (d / "__init__.py").touch()
    return protobuf_version


def runtime_requirements():
    from grpc_tools import grpc_version

    with tempfile.TemporaryDirectory() as tmp:
        pb = generate(tmp)
    # hpack: the header coding of the SDK's own HTTP/2 stream (_transport.py).
    requirements = ["grpcio>=%s" % grpc_version.VERSION, "hpack>=4,<5"]
    if pb:
        requirements.append("protobuf>=%d.%d.%d,<%d" % (pb + (pb[0] + 1,)))
    else:
        requirements.append("protobuf>=4.21")
    return requirements


class BuildWithStubs(build_py):
    def run(self):
        # pip builds in the source tree: start from an empty build/lib so a
        # module deleted from src/ does not linger in the next wheel.
        shutil.rmtree(pathlib.Path(self.build_lib) / "zetema_bot",
                      ignore_errors=True)
        super().run()
        generate(self.build_lib)
        info = pathlib.Path(self.build_lib) / "zetema_bot" / "_build_info.py"
        fp = FINGERPRINT.source_fingerprint(
            HERE / "src" / "zetema_bot", find_proto_dir())
        info.write_text("# Written by setup.py at build time.\n"
                        "SOURCE_FINGERPRINT = %r\n" % fp)


setup(install_requires=runtime_requirements(),
      cmdclass={"build_py": BuildWithStubs})
