"""Runs `arbiter play` with real bot processes and reads what it leaves:
records, bot logs, and any process still alive afterwards.

The arbiter binary comes from $ZETEMA_ARBITER (CTest sets it), else from
build/arbiter/cli/arbiter; the C++ random bot from $ZETEMA_RANDOM_BOT, else
build/sample-bots/random/random_bot; the arbiter's test bot from
$ZETEMA_TEST_BOT, else build/arbiter/server/arbiter_test_bot. Processes are
found by pid, process group and an environment marker unique to the run,
never by name.
"""

import dataclasses
import json
import os
import pathlib
import shlex
import subprocess
import sys
import time
import uuid

REPO = pathlib.Path(__file__).resolve().parents[2]
BOTS = REPO / "tests" / "e2e" / "bots"
HOSTILE = REPO / "tests" / "e2e" / "hostile"
GREEDY = REPO / "sample-bots" / "greedy" / "bot.py"
MARKER_ENV = "ZETEMA_E2E_RUN"


def _built(env_name, relative):
    path = os.environ.get(env_name) or str(REPO / "build" / relative)
    return pathlib.Path(path).resolve()


def arbiter_path():
    return _built("ZETEMA_ARBITER", "arbiter/cli/arbiter")


def random_bot_path():
    return _built("ZETEMA_RANDOM_BOT", "sample-bots/random/random_bot")


def test_bot_path():
    """arbiter_test_bot (arbiter/server/test_bot.cc): misbehaves as told."""
    return _built("ZETEMA_TEST_BOT", "arbiter/server/arbiter_test_bot")


def python_bot(script, *args):
    """The command line of a Python bot run by this interpreter."""
    return shlex.join([sys.executable, str(script), *map(str, args)])


@dataclasses.dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    records: list
    out: pathlib.Path
    seconds: float
    pid_records: list  # (pid, pgid, start time, pid namespace) per bot
    marker: str
    arbiter_pid: int = 0

    def log(self, bot_name):
        path = pathlib.Path(str(self.out) + ".logs") / (bot_name + ".log")
        return path.read_text(errors="replace") if path.exists() else ""


def sandbox_args(*writable):
    """What the e2e bots need from their sandbox: the repository (bots import
    botlib and the greedy sample bot from it) and the test's own directories
    (pid records, state)."""
    args = ["--read-only", str(REPO / "sample-bots"),
            "--read-only", str(BOTS), "--read-only", str(HOSTILE)]
    for directory in writable:
        args += ["--writable", str(directory)]
    return args


class Started:
    """An `arbiter play` started by start(); finish() waits for it."""

    def __init__(self, popen, out, pids, marker, began):
        self.popen, self.out, self.pids = popen, out, pids
        self.marker, self.began = marker, began
        self.stdout_path = out.parent / "arbiter.stdout"
        self.stderr_path = out.parent / "arbiter.stderr"

    def cpu_ticks(self):
        """The arbiter's own user + system CPU time, in clock ticks (its
        threads', not its children's)."""
        st = _stat_fields(self.popen.pid)
        return int(st[11]) + int(st[12]) if st else 0


def start(tmp_path, bots, *, players=None, games=2, seed=1, move_ms=1000,
          extra=(), env_extra=None):
    """Starts `arbiter play` with bots = [(name, command), ...], sandboxed
    (the default) unless `extra` says otherwise."""
    # Sandboxed bots run as users of their own: what they need to read
    # must be readable by others (pytest makes its directories 0700).
    os.chmod(tmp_path, 0o755)
    out = tmp_path / "games.jsonl"
    pids = tmp_path / "pids"
    state = tmp_path / "state"
    pids.mkdir(exist_ok=True)
    state.mkdir(exist_ok=True)
    marker = uuid.uuid4().hex
    env = dict(os.environ, ZETEMA_E2E_PIDS=str(pids),
               ZETEMA_E2E_STATE=str(state), PYTHONDONTWRITEBYTECODE="1")
    env[MARKER_ENV] = marker
    env.update(env_extra or {})
    argv = [str(arbiter_path()), "play", "--games", str(games), "--seed",
            str(seed), "--move-ms", str(move_ms), "--out", str(out)]
    for name, command in bots:
        argv += ["--bot", "%s=%s" % (name, command)]
    if players:
        argv += ["--players", str(players)]
    argv += sandbox_args(pids, state)
    argv += list(extra)
    began = time.monotonic()
    started = Started(None, out, pids, marker, began)
    popen = subprocess.Popen(argv, env=env, cwd=tmp_path,
                             stdout=open(started.stdout_path, "w"),
                             stderr=open(started.stderr_path, "w"))
    started.popen = popen
    return started


def finish(started, timeout=240):
    """Waits for a started arbiter (killing it after `timeout`) and reads
    what it left."""
    try:
        returncode = started.popen.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        started.popen.kill()
        returncode = started.popen.wait()
    seconds = time.monotonic() - started.began
    records = [json.loads(line) for line in record_lines(started.out)]
    pid_records = []
    for f in started.pids.iterdir():
        pid, pgid, begun, namespace = f.read_text().split()
        pid_records.append((int(pid), int(pgid), begun, int(namespace)))
    return Run(returncode, started.stdout_path.read_text(),
               started.stderr_path.read_text(), records, started.out,
               seconds, pid_records, started.marker, started.popen.pid)


def record_lines(path):
    """The JSON lines of a record file, compressed (.jsonl.zst, the
    tournament's default) or plain; none where the file is missing or
    empty (which zstd would refuse)."""
    path = pathlib.Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return []
    text = subprocess.run(["zstd", "-dcqf", str(path)], capture_output=True,
                          text=True, check=True, timeout=300).stdout
    return [line for line in text.splitlines() if line.strip()]


def play(tmp_path, bots, *, timeout=240, **kwargs):
    """Runs `arbiter play` to its end: start() then finish()."""
    return finish(start(tmp_path, bots, **kwargs), timeout=timeout)


def verify(run):
    """`arbiter replay FILE --verify`: (exit status, its output)."""
    done = subprocess.run([str(arbiter_path()), "replay", str(run.out),
                           "--verify"], capture_output=True, text=True,
                          timeout=300)
    return done.returncode, done.stdout + done.stderr


# ------------------------------------------------------------- processes

def _stat_fields(pid):
    """The fields of /proc/PID/stat after the command (state first)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def _stat(pid):
    """(state, pgrp, start time) of a live process, or None."""
    fields = _stat_fields(pid)
    if fields is None:
        return None
    return fields[0], int(fields[2]), fields[19]


def _all_pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def _with_marker(marker):
    needle = ("%s=%s" % (MARKER_ENV, marker)).encode()
    found = []
    for pid in _all_pids():
        try:
            with open("/proc/%d/environ" % pid, "rb") as f:
                if needle in f.read().split(b"\0"):
                    found.append(pid)
        except OSError:
            pass
    return found


def _pid_namespace(pid):
    try:
        return os.stat("/proc/%d/ns/pid" % pid).st_ino
    except OSError:
        return None


def _ours(pid, run):
    """Whether a process in one of the run's sandboxes' pid namespaces is
    the run's (a namespace's number is reused once it is gone, and other
    arbiters on the machine make sandboxes too): it runs as one of the user
    ids of this arbiter's sandboxes (a block chosen by the arbiter's pid, see
    arbiter/sandbox/sandbox.h) or carries the run's marker."""
    try:
        uid = os.stat("/proc/%d" % pid).st_uid
    except OSError:
        return False
    return uid in sandbox_uids(run.arbiter_pid) or \
        pid in _with_marker(run.marker)


def sandbox_uids(arbiter_pid):
    """The user ids of an arbiter's sandboxes: a block chosen by its pid
    (arbiter/sandbox/sandbox.h)."""
    first = (1 << 30) + (arbiter_pid % (1 << 18)) * 2048
    return range(first, first + 2048)


def sandbox_leftovers(arbiter_pid, wait_s=3.0):
    """Live processes (zombies excepted) of that arbiter's sandboxes, by
    their user ids; waits up to wait_s for stragglers to go."""
    uids = sandbox_uids(arbiter_pid)
    deadline = time.monotonic() + wait_s
    while True:
        alive = []
        for pid in _all_pids():
            st = _stat(pid)
            try:
                uid = os.stat("/proc/%d" % pid).st_uid
            except OSError:
                continue
            if st and st[0] != "Z" and uid in uids:
                alive.append(pid)
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def leftovers(run, wait_s=3.0):
    """Processes of this run still alive (zombies excepted): those in the
    pid namespaces of sandboxed bots; for bots outside a sandbox, by recorded
    pid (same start time) and process group; and by the run's environment
    marker. Waits up to wait_s for stragglers to go."""
    own = _pid_namespace(os.getpid())
    sandboxes = {ns for _, _, _, ns in run.pid_records if ns != own}
    plain = [r for r in run.pid_records if r[3] == own]
    groups = {pgid for _, pgid, _, _ in plain}
    deadline = time.monotonic() + wait_s
    while True:
        alive = set()
        for pid, _, started, _ in plain:
            st = _stat(pid)
            if st and st[0] != "Z" and st[2] == started:
                alive.add(pid)
        for pid in _all_pids():
            st = _stat(pid)
            if not st or st[0] == "Z":
                continue
            if st[1] in groups or (sandboxes and
                                   _pid_namespace(pid) in sandboxes and
                                   _ours(pid, run)):
                alive.add(pid)
        for pid in _with_marker(run.marker):
            st = _stat(pid)
            if st and st[0] != "Z":
                alive.add(pid)
        if not alive or time.monotonic() > deadline:
            return sorted(alive)
        time.sleep(0.1)


def describe(pids):
    out = []
    for pid in pids:
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                out.append("%d: %s" % (pid, f.read().replace(b"\0", b" ")
                                       .decode(errors="replace")))
        except OSError:
            out.append("%d: (gone)" % pid)
    return out


def kill_leftovers(pids):
    """Cleans up after a failed check, so one failure does not leak into
    the next test (by pid only)."""
    import signal
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
