"""The sandbox's modes on a weaker machine: an arbiter that does not run as
root (here: root dropping to the `nobody` user) has no per-seat user ids
and no cgroups. `--sandbox=full` (the default) must refuse and name each
missing guarantee; `--sandbox=reduced` must play, saying what it gives up;
`--sandbox=none` plays bots as plain processes."""

import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

import harness

NOBODY = 65534


def as_nobody(argv):
    return ["setpriv", "--reuid", str(NOBODY), "--regid", str(NOBODY),
            "--clear-groups", "--"] + argv


def arbiter_play(tmp_path, mode, user_prefix=None):
    out = tmp_path / "g.jsonl"
    argv = [str(harness.arbiter_path()), "play", "--games", "1", "--out",
            str(out), "--bot", "a=%s" % harness.random_bot_path(), "--bot",
            "b=%s --seed 2" % harness.random_bot_path()]
    if mode:
        argv += ["--sandbox", mode]
    if user_prefix:
        argv = user_prefix(argv)
    return subprocess.run(argv, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path), out


needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("setpriv"),
    reason="needs root (to become another user) and setpriv")


@pytest.fixture
def shared_dir():
    """A directory the other user can reach (pytest's are under a 0700
    one)."""
    path = pathlib.Path(tempfile.mkdtemp(prefix="sandbox_modes."))
    os.chmod(path, 0o777)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@needs_root
def test_full_mode_refuses_without_root_naming_each_missing_guarantee(
        shared_dir):
    done, out = arbiter_play(shared_dir, None, as_nobody)
    assert done.returncode == 2, done.stderr
    for missing in ("per-seat user ids", "memory limit", "process limit",
                    "CPU time accounting", "--sandbox=reduced",
                    "--sandbox=none"):
        assert missing in done.stderr, done.stderr
    assert not out.exists() or out.read_text() == ""


@needs_root
def test_reduced_mode_plays_and_says_what_it_gives_up(shared_dir):
    done, out = arbiter_play(shared_dir, "reduced", as_nobody)
    assert done.returncode == 0, done.stderr
    assert "sandbox reduced" in done.stderr, done.stderr
    assert "missing: per-seat user ids" in done.stderr, done.stderr
    assert len(out.read_text().splitlines()) == 1


def test_none_mode_plays_plain_processes_and_says_so(tmp_path):
    done, out = arbiter_play(tmp_path, "none")
    assert done.returncode == 0, done.stderr
    assert "no sandbox" in done.stderr, done.stderr
    assert len(out.read_text().splitlines()) == 1
