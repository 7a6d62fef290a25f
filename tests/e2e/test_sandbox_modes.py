"""The sandbox's modes on a weaker machine: an arbiter that does not run as
root (here: root dropping to the `nobody` user) has no per-seat user ids
and no cgroups. `--sandbox=full` (the default) must refuse and name each
missing guarantee; `--sandbox=reduced` must play, saying what it gives up;
`--sandbox=none` plays bots as plain processes. A remote bot (NAME=@)
still connects over TCP with its token."""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

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


def test_remote_bot_connects_over_tcp_with_its_token(tmp_path):
    """A bot that runs elsewhere (NAME=@) is no sandbox's: it connects over
    TCP with the one-time token the arbiter prints, beside a sandboxed
    bot."""
    out = tmp_path / "g.jsonl"
    arbiter = subprocess.Popen(
        [str(harness.arbiter_path()), "play", "--games", "2", "--out",
         str(out), "--listen", "127.0.0.1:0", "--connect-ms", "20000",
         "--bot", "local=%s" % harness.random_bot_path(), "--bot", "far=@"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    remote = None
    try:
        line = ""
        deadline = time.monotonic() + 30
        while "ZETEMA_TOKEN=" not in line and time.monotonic() < deadline:
            line = arbiter.stderr.readline()
        address = line.split("connect to ")[1].split(" with ")[0]
        token = line.split("ZETEMA_TOKEN=")[1].strip()
        remote = subprocess.Popen(
            [str(harness.random_bot_path())],
            env=dict(os.environ, ZETEMA_ARBITER_ADDRESS=address,
                     ZETEMA_TOKEN=token),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert arbiter.wait(timeout=120) == 0, arbiter.stderr.read()
    finally:
        for p in (arbiter, remote):
            if p and p.poll() is None:
                p.kill()
                p.wait()
    records = [json.loads(l) for l in out.read_text().splitlines()]
    assert len(records) == 2
    assert {s["bot_name"] for s in records[0]["seats"]} == {"local", "far"}
    for record in records:
        assert record["result"].get("faults", []) == []
