"""The arbiter's own log tells the story of a run (docs/arbiter.md, "The run
log"): a sandboxed tournament whose bot is killed (kill -9 from outside)
mid-run, which is then stopped with SIGINT and resumed to the end. Its
DIR/arbiter.log holds, in order and with timestamps that never go back: each
run's header, the lock, the sandbox, the resume decision, the bot's start,
the fault of the game it was killed in, its stop and its restart with that
reason, the signal, each exit status. A refused run leaves no folder.
"""

import datetime
import os
import re
import signal
import subprocess
import time

import harness

LINE = re.compile(
    r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})Z (trace|debug|info|warning|"
    r"error|critical) (.*)$")


def read_log(path):
    """(time, level, message) of every line; every line is one."""
    entries = []
    for line in path.read_text().splitlines():
        m = LINE.match(line)
        assert m, "not a log line: %r" % line
        when = datetime.datetime.fromisoformat(m.group(1))
        entries.append((when, m.group(2), m.group(3)))
    return entries


def wait_for(path, pattern, process, seconds=120):
    """The first match of `pattern` in the log at `path`, waiting for it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists():
            m = re.search(pattern, path.read_text(), re.M)
            if m:
                return m
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    raise AssertionError("no %r in %s" % (pattern, path.read_text()))


def index_of(entries, pattern, start=0):
    for i in range(start, len(entries)):
        if re.search(pattern, entries[i][2]):
            return i
    raise AssertionError("no %r after line %d in:\n%s" % (
        pattern, start, "\n".join(e[2] for e in entries)))


def test_the_log_tells_a_killed_bot_a_stop_and_a_resume(tmp_path):
    slow = "%s --mode=slow --delay-ms=5" % harness.test_bot_path()
    config = tmp_path / "league.toml"
    config.write_text(
        'name = "league"\nconcurrency = 1\ndeals_per_pairing = 40\n'
        '[[bots]]\nname = "victim"\ncommand = "%s"\n'
        '[[bots]]\nname = "other"\ncommand = "%s"\n'
        % (slow, harness.random_bot_path()))
    out = tmp_path / "out"
    log = out / "arbiter.log"
    command = [str(harness.arbiter_path()), "tournament", str(config),
               "--out", str(out), "--no-report", "--log-level", "debug"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        # The log is flushed every second: the lines come within it.
        pid = int(wait_for(log, r"bot 'victim' started: pid (\d+)",
                           first).group(1))
        wait_for(log, r"game \S+ ended", first)
        os.kill(pid, signal.SIGKILL)
        wait_for(log, r"bot 'victim' started again", first)
        wait_for(log, r"game \S+ ended", first)
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 130, err
    total = int(re.search(r"arbiter tournament: new run: (\d+) games to "
                          r"play", err).group(1))
    assert "arbiter tournament: sandbox " in err, err
    assert "arbiter tournament: 1 game at a time" in err, err

    second = subprocess.run(command, capture_output=True, text=True,
                            timeout=600)
    assert second.returncode == 0, second.stderr
    kept = re.search(r"resuming: (\d+) of %d games recorded by earlier runs "
                     r"are kept, (\d+) to play" % total, second.stderr)
    assert kept, second.stderr
    assert int(kept.group(1)) + int(kept.group(2)) == total

    entries = read_log(log)
    times = [e[0] for e in entries]
    assert times == sorted(times), "timestamps go back"
    i = index_of(entries, r"^arbiter tournament \(version .*\): pid %d "
                 % first.pid)
    i = index_of(entries, r"^lock taken on .*games\.jsonl\.zst$", i)
    i = index_of(entries, r"^sandbox (full|reduced)", i)
    i = index_of(entries, r"^bot 'victim' started: pid %d( on CPU \d+)?, "
                 r"in /" % pid, i)
    i = index_of(entries, r"^new run: %d games to play$" % total, i)
    i = index_of(entries, r"^game \S+ started$", i)
    # Killed during a game (at a step) or, rarely, between two (seen as the
    # next one starts, outside any decision): stopped, then restarted.
    fault = index_of(
        entries, r"^game (\S+): bot 'victim' \(seat \d\): (crash|disconnect) "
        r"(at step \d+|outside any decision): ", i)
    assert entries[fault][1] == "warning"
    game = re.search(r"^game (\S+):", entries[fault][2]).group(1)
    reason = r"after game %s: FAULT_REASON_(CRASH|DISCONNECT): " % game
    i = index_of(entries, r"^bot 'victim' \(pid %d\) stopped \(.*?\): (to be "
                 r"restarted before its next game, %s|it left after its "
                 r"previous game)" % (pid, reason), i)
    i = index_of(entries, r"^bot 'victim' started again \(%s" % reason,
                 max(i, fault))
    i = index_of(entries, r"^signal 2 \(SIGINT\) received", i)
    i = index_of(entries, r"^bot '\w+' \(pid \d+\) stopped \(.*?\): the run "
                 r"is over", i)
    i = index_of(entries, r"^exit status 130$", i)
    i = index_of(entries, r"^arbiter tournament \(version .*\)", i)
    i = index_of(entries, r"^resuming: %s of %d games recorded by earlier "
                 r"runs are kept" % (kept.group(1), total), i)
    i = index_of(entries, r"^exit status 0$", i)
    assert i == len(entries) - 1


def test_a_refused_run_leaves_nothing_and_the_holder_s_log_says_so(tmp_path):
    config = tmp_path / "t.toml"
    config.write_text(
        'name = "t"\n[[bots]]\nname = "a"\ncommand = "%s"\n'
        '[[bots]]\nname = "b"\ncommand = "%s --mode=wrong-game"\n'
        % (harness.random_bot_path(), harness.test_bot_path()))
    out = tmp_path / "fresh" / "out"
    run = subprocess.run(
        [str(harness.arbiter_path()), "tournament", str(config), "--out",
         str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert "does not play zetema" in run.stderr, run.stderr
    assert not (tmp_path / "fresh").exists(), list(out.rglob("*"))
