"""The tests run against the installed package (its protocol stubs exist only
there); refuse to test a stale install rather than old code."""

import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent / "src" / "zetema_bot"
PROTO = HERE.parent.parent.parent / "proto"


def pytest_configure(config):
    try:
        import zetema_bot
        from zetema_bot import _build_info, _fingerprint
    except ImportError as e:
        raise pytest.UsageError(
            "zetema_bot is not installed in this interpreter (%s): run "
            "`.venv/bin/pip install ./sdk/python` from the repository root" % e)
    if pathlib.Path(zetema_bot.__file__).resolve().parent == SOURCE:
        return  # imported from the tree itself (stubs generated there)
    if PROTO.is_dir() and SOURCE.is_dir():
        current = _fingerprint.source_fingerprint(SOURCE, PROTO)
        if current != _build_info.SOURCE_FINGERPRINT:
            raise pytest.UsageError(
                "the installed zetema_bot was built from other sources than "
                "%s and %s: reinstall it with `.venv/bin/pip install "
                "./sdk/python` from the repository root" % (SOURCE, PROTO))
