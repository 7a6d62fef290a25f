"""The hostile catalogue (tests/e2e/hostile/): bots that attack the other
bots, the arbiter and the machine, against the real arbiter with its
sandbox on (the default). Each case asserts what the attack achieved
(nothing it should not) and that the honest bots played on unharmed: no
fault charged to them, every record verifies, no process left behind.

Every hostile action is bounded (small limits, at most a few hundred
processes or connections, a few seconds), so that the catalogue is safe on
a shared 2-core machine.
"""

import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import time
import uuid

import pytest

import harness

MEMORY_LIMIT = "FAULT_REASON_MEMORY_LIMIT"
PROCESS_LIMIT = "FAULT_REASON_PROCESS_LIMIT"


def bot(name):
    return harness.python_bot(harness.HOSTILE / (name + ".py"))


def honest():
    return harness.python_bot(harness.BOTS / "honest.py")


def findings(run, name):
    """The HOSTILE report lines of bot `name`, as dicts."""
    out = []
    for line in run.log(name).splitlines():
        if line.startswith("HOSTILE "):
            out.append(json.loads(line[len("HOSTILE "):]))
    return out


def faults(record):
    return [(f["seat"], f["reason"]) for f in
            record["result"].get("faults", [])]


def seat_of(record, name):
    (seat,) = [s["seat"] for s in record["seats"] if s["bot_name"] == name]
    return seat


def check_clean(run, games):
    """The run ended well, every record verifies, nothing is left."""
    left = harness.leftovers(run)
    harness.kill_leftovers(left)
    assert run.returncode == 0, run.stderr[-3000:]
    assert len(run.records) == games, run.stderr[-3000:]
    assert not left, "left behind: %s" % harness.describe(left)
    status, output = harness.verify(run)
    assert status == 0, output


def test_token_thief_finds_no_token_and_acts_for_nobody(tmp_path):
    # The thief starts first and watches for the victims' tokens.
    run = harness.play(tmp_path, [("thief", bot("token_thief")),
                                  ("victim", honest()),
                                  ("victim2", honest())], games=6,
                       move_ms=8000)
    check_clean(run, 6)
    (report,) = findings(run, "thief")
    assert report["found"] is False, report
    assert report["outcome"] == "no foreign token found", report
    assert report["visible"] <= 6, report  # its own sandbox only
    for record in run.records:
        assert faults(record) == [], faults(record)


def test_token_thief_without_sandbox_is_refused_by_peer_check(tmp_path):
    """With --sandbox=none a bot can read another's token (same user, no
    pid namespace); the seat's own socket and the peer check still keep it
    from acting for that seat."""
    run = harness.play(tmp_path, [("thief", bot("token_thief")),
                                  ("victim", honest())], games=6,
                       move_ms=8000, extra=["--sandbox", "none"])
    check_clean(run, 6)
    (report,) = findings(run, "thief")
    assert report["found"] is True, report
    assert report["outcome"].startswith("stolen token refused"), report
    for record in run.records:
        assert faults(record) == [], faults(record)


def test_signal_sender_reaches_no_other_process(tmp_path):
    run = harness.play(tmp_path, [("sender", bot("signal_sender")),
                                  ("victim", honest())], games=2)
    check_clean(run, 2)
    (report,) = findings(run, "sender")
    assert report["sandboxed"] is True, report
    # It sees its sandbox's init and itself, and stops nothing else.
    assert report["stopped"] == [], report
    for record in run.records:
        assert faults(record) == [], faults(record)


def test_snoop_sees_no_process_record_log_or_network(tmp_path):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    listener.settimeout(0.1)
    port = listener.getsockname()[1]
    started = harness.start(tmp_path, [("snoop", bot("snoop")),
                                       ("victim", honest())], games=3,
                            env_extra={"ZETEMA_E2E_PORT": str(port),
                                       "ZETEMA_E2E_RUN_DIR": str(tmp_path)})
    run = harness.finish(started)
    accepted = 0
    try:
        while True:
            listener.accept()[0].close()
            accepted += 1
    except OSError:
        pass
    listener.close()
    check_clean(run, 3)
    reports = findings(run, "snoop")
    assert reports, run.log("snoop")
    for report in reports:  # one per process of the bot
        assert len(report["pids"]) <= 4, report
        assert report["mem_of_init"] is False, report
        assert report["environ_of_init"] is False, report
        # The records and logs of the run lie in the arbiter's working
        # directory, which is not the bot's own folder: it sees none of
        # them (nor would it an empty file and directory if it could).
        assert report["records_bytes"] == 0, report
        assert report["secret_bytes"] == 0, report
        assert report["forge"].startswith("refused"), report
        assert report["logs"] == [] or "No such file" in report["logs"], \
            report
        assert report["shadow"] is False, report
        assert report["tcp"].startswith("refused"), report
        # The host's other directories are not there at all.
        assert not {"home", "var", "boot", "srv", "mnt", "opt", "sys"} & set(
            report["root_dir"]), report
    assert accepted == 0
    # Its forged line reached no record (check_clean: 3 records, verified).
    assert all(r["game_id"] != "forged-g9" for r in run.records)


def test_fork_bomb_with_setsid_escapes_is_capped_and_killed(tmp_path):
    run = harness.play(tmp_path, [("bomber", bot("fork_bomb")),
                                  ("victim", honest())], games=2,
                       extra=["--processes", "32"])
    check_clean(run, 2)
    # Escapees did start (each records its pid), and none is left.
    escapees = [r for r in run.pid_records if r[0] != r[1]]
    assert escapees, run.pid_records
    first, then = run.records
    assert faults(first) == [(seat_of(first, "bomber"), PROCESS_LIMIT)]
    assert first["result"]["forfeit_seat"] == seat_of(first, "bomber")
    # Restarted afresh: the second game is clean.
    assert faults(then) == []


def test_memory_hog_is_killed_at_its_limit_and_charged(tmp_path):
    run = harness.play(tmp_path, [("hog", bot("memory_hog")),
                                  ("victim", honest())], games=2,
                       move_ms=5000, extra=["--memory-mb", "256"])
    check_clean(run, 2)
    assert "allocating up to 3 GiB" in run.log("hog")
    assert findings(run, "hog") == []  # never got that far
    first, then = run.records
    assert faults(first) == [(seat_of(first, "hog"), MEMORY_LIMIT)]
    detail = first["result"]["faults"][0]["detail"]
    assert "memory limit" in detail, detail
    assert faults(then) == []
    # `arbiter play` counts it in its summary.
    assert "memory" in run.stdout


def test_disk_filler_is_stopped_everywhere(tmp_path):
    before = sum(f.stat().st_size for f in tmp_path.rglob("*") if f.is_file())
    run = harness.play(tmp_path, [("filler", bot("disk_filler")),
                                  ("victim", honest())], games=2,
                       extra=["--tmp-mb", "16"])
    check_clean(run, 2)
    reports = findings(run, "filler")
    assert reports, run.log("filler")
    for report in reports:
        written = report["written"]
        for private in ("/tmp/fill", "/dev/shm/fill"):
            size, error = written[private]
            assert error == "ENOSPC" and size <= 16 << 20, report
        for shared in ("fill", "/usr/fill", "/run/arbiter/fill"):
            size, error = written[shared]
            assert size == 0 and error in ("EROFS", "EACCES"), report
    for record in run.records:
        assert faults(record) == [], faults(record)
    after = sum(f.stat().st_size for f in tmp_path.rglob("*") if f.is_file())
    assert after - before < 4 << 20  # records and logs only


def test_connection_flood_costs_the_arbiter_nothing(tmp_path):
    started = harness.start(tmp_path, [("flood", bot("connection_flood")),
                                       ("victim", honest())], games=2,
                            move_ms=5000)
    # The arbiter's CPU time, sampled while it runs.
    samples = []
    while started.popen.poll() is None:
        samples.append((time.monotonic(), started.cpu_ticks()))
        time.sleep(0.05)
    run = harness.finish(started)
    check_clean(run, 2)
    (report,) = findings(run, "flood")
    assert report["raw"] >= 150 and report["streams"] == 20, report
    for record in run.records:
        assert faults(record) == [], faults(record)
    # While the flooding bot thinks (2 s), its 200 silent connections and
    # 20 silent streams are open and nothing else happens: the arbiter
    # should sleep.
    window = (tmp_path / "state" / "flood.window").read_text().split()
    begin, end = float(window[0]) + 0.2, float(window[1]) - 0.1
    inside = [t for when, t in samples if begin <= when <= end]
    assert len(inside) >= 10, (window, samples[:5])
    ticks = inside[-1] - inside[0]
    seconds = (len(inside) - 1) * 0.05
    # Clock ticks of 10 ms; a core spinning would give ~100 per second.
    assert ticks <= 2 + 10 * seconds, (ticks, seconds)


def test_kill_9_of_the_arbiter_leaves_nothing_and_the_next_run_cleans(
        tmp_path):
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    env = {"TMPDIR": str(private_tmp)}
    started = harness.start(tmp_path, [("daemon", bot("daemon")),
                                       ("victim", honest())], games=500,
                            env_extra=env)
    # Wait for a game or two (and the daemons) to exist.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if started.out.exists() and started.out.read_text().count("\n") >= 2:
            break
        time.sleep(0.1)
    arbiter_pid = started.popen.pid
    run_dirs = [p for p in private_tmp.iterdir() if p.name.startswith(
        "arbiter-")]
    assert run_dirs, list(private_tmp.iterdir())  # sockets, /etc copy
    os.kill(arbiter_pid, signal.SIGKILL)
    run = harness.finish(started)
    assert run.returncode == -signal.SIGKILL
    # Nothing the arbiter started survives it, daemons included.
    assert len(run.pid_records) >= 3, run.pid_records  # bots and a daemon
    left = harness.leftovers(run, wait_s=5.0)
    harness.kill_leftovers(left)
    assert not left, "left behind: %s" % harness.describe(left)
    # Its directories and control groups stay until the next run...
    assert all(d.exists() for d in run_dirs)
    groups = list(pathlib.Path("/sys/fs/cgroup").glob(
        "*/**/arbiter-%d-*" % arbiter_pid))
    # ...which removes them.
    again_dir = tmp_path / "again"
    again_dir.mkdir()
    again = harness.play(again_dir, [("a", honest()), ("b", honest())],
                         games=1, env_extra=env)
    assert again.returncode == 0, again.stderr[-2000:]
    for d in run_dirs:
        assert not d.exists(), d
    for group in groups:
        assert not group.exists(), group
    # Every record the killed run finished is whole and verifies.
    status, output = harness.verify(run)
    assert status == 0, output


def lock_colluders(tmp_path, extra=()):
    """Two lock colluders as partners (seats 0 and 2 of 4) and two honest
    bots, one game: (run, {seat: digests sent}, [(seat, read)...])."""
    run = harness.play(tmp_path, [("col_a", bot("lock_colluder")),
                                  ("honest_b", honest()),
                                  ("col_c", bot("lock_colluder")),
                                  ("honest_d", honest())], games=1,
                       move_ms=5000, extra=list(extra))
    check_clean(run, 1)
    (record,) = run.records
    seats = {seat_of(record, "col_a"), seat_of(record, "col_c")}
    assert seats in ({0, 2}, {1, 3}), seats  # partners
    sent, reads = {}, []
    for name in ("col_a", "col_c"):
        for report in findings(run, name):
            sent.setdefault(report["seat"], set()).add(report["sent"])
            reads.append((report["seat"], report["read"]))
    assert set(sent) == seats, sent
    return run, sent, reads


def test_lock_colluders_pass_nothing_through_a_shared_file(tmp_path):
    run, sent, reads = lock_colluders(tmp_path)
    assert len(reads) >= 4, reads
    # No lock of any kind reached the partner: nothing read, at any turn.
    assert all(read == {} for _, read in reads), reads
    for record in run.records:
        assert faults(record) == [], faults(record)


def test_lock_colluders_without_sandbox_do_pass_their_hands(tmp_path):
    """The control: the same bots without the sandbox read every digest
    their partner sent, by every kind of lock."""
    _, sent, reads = lock_colluders(tmp_path, ["--sandbox", "none"])
    got = {}
    for seat, read in reads:
        partner = (seat + 2) % 4
        for method, by_seat in read.items():
            if str(partner) in by_seat:
                digest = by_seat[str(partner)]
                assert digest in sent[partner], (method, digest, sent)
                got.setdefault(method, 0)
                got[method] += 1
    assert set(got) == {"posix", "posix_high_bits", "ofd", "ofd_high_bits"}, \
        got


def run_arbiter(tmp_path, args, timeout=300):
    """`arbiter ARGS --out OUT` (sandbox on, the default), as a harness.Run:
    records, the per-process logs in OUT/logs."""
    os.chmod(tmp_path, 0o755)
    out = tmp_path / "out"
    marker = uuid.uuid4().hex
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env[harness.MARKER_ENV] = marker
    began = time.monotonic()
    popen = subprocess.Popen([str(harness.arbiter_path()), *args, "--out",
                              str(out)], env=env, cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        stdout, stderr = popen.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        popen.kill()
        stdout, stderr = popen.communicate()
    path = out / "games.jsonl.zst"  # compressed: the default
    records = [json.loads(line) for line in harness.record_lines(path)]
    return harness.Run(popen.returncode, stdout, stderr, records,
                       path, time.monotonic() - began, [],
                       marker, popen.pid)


def process_reports(out):
    """Per bot process (log file): its HOSTILE reports, each with the
    record id and seat of the game it was made in (the arbiter's marker
    before it in the log)."""
    by_process = {}
    for log in sorted((out / "logs").glob("*.log")):
        game, reports = None, []
        for line in log.read_text(errors="replace").splitlines():
            mark = re.match(r"^\[arbiter\] game (\S+) seat (\d+)$", line)
            if mark:
                game = (mark.group(1), int(mark.group(2)))
            elif line.startswith("HOSTILE "):
                report = json.loads(line[len("HOSTILE "):])
                report["record_id"], report["record_seat"] = game
                reports.append(report)
        by_process[log.name] = reports
    return by_process


def check_remembers_nothing(run, games, names):
    """A run of remembering bots, `games` games of 2 seats, every deal
    played from both: no process played two seatings of a deal, none can
    name the cards another seat was dealt, and the ids it was told are
    opaque."""
    check_clean(run, games)
    group_of = {r["game_id"]: r["duplicate_group"] for r in run.records}
    assert len(set(group_of.values())) == games // 2
    for record in run.records:
        assert faults(record) == [], faults(record)
    processes = process_reports(run.out.parent)
    reports = [r for rs in processes.values() for r in rs]
    # Every seat of every game reported its first hand of hand 1 at least.
    seen = {(r["record_id"], r["record_seat"]) for r in reports}
    assert len(seen) == 2 * games, sorted(seen)
    # The real hands of each deal, from every seat of every seating.
    deal_hands = {}
    for r in reports:
        key = (group_of[r["record_id"]], r["hand_number"])
        deal_hands.setdefault(key, set()).add(tuple(r["hand"]))
    ids = {}
    for name, rs in processes.items():
        # No process played two seatings of one deal.
        played = {}
        for r in rs:
            played.setdefault(group_of[r["record_id"]], set()).add(
                r["record_id"])
        assert all(len(g) == 1 for g in played.values()), (name, played)
        for r in rs:
            others = deal_hands[(group_of[r["record_id"]],
                                 r["hand_number"])] - {tuple(r["hand"])}
            # It cannot name the other seat's cards: it never held them,
            # and its guess is not them.
            assert not others & {tuple(h) for h in r["remembered"]}, r
            assert r["guess"] is None or tuple(r["guess"]) not in others, r
            # Nothing survived in files from another process.
            assert r["from_files"] == 0, r
            ids.setdefault(r["id"], set()).add(r["record_id"])
    # The ids the bots were told: one per game, none a record's id or a
    # part of one, none naming a deal or a seating.
    assert len(ids) == games and all(len(g) == 1 for g in ids.values()), ids
    for told, (record_id,) in ((k, tuple(v)) for k, v in ids.items()):
        assert re.fullmatch(r"g[0-9a-f]{16}", told), told
        assert told not in record_id and record_id.split("-")[0] not in told
    # Several processes per bot: at least one per seating of a deal.
    for name in names:
        assert len([p for p in processes if p.startswith(name + ".")]) >= 2


def test_remembering_bot_learns_nothing_of_a_duplicate_deals_other_hands(
        tmp_path):
    # Three remembering bots, every deal from both seats, two games at once.
    text = ('name = "remember"\nseed = 3\nseats = 2\ndeals_per_pairing = 3\n'
            'duplicate = true\nconcurrency = 2\n'
            '[time_control]\nmove_ms = 5000\n[sandbox]\nread_only = %s\n'
            % json.dumps([str(harness.REPO / "sample-bots"),
                          str(harness.BOTS), str(harness.HOSTILE)]))
    for name in ("ann", "ben", "cal"):
        text += ('[[bots]]\nname = "%s"\ncommand = %s\n'
                 % (name, json.dumps(bot("remember") + " " + name)))
    (tmp_path / "t.toml").write_text(text)
    run = run_arbiter(tmp_path, ["tournament", str(tmp_path / "t.toml")])
    # 3 pairings x 3 deals x 2 seatings
    check_remembers_nothing(run, 18, ("ann", "ben", "cal"))


def test_remembering_bot_learns_nothing_in_an_ab_match(tmp_path):
    # A and B play each deal set's two games; two games at once.
    def remember(name):
        # The directories it imports from, as arguments: bound read-only.
        return "%s=%s %s %s %s %s" % (
            name, bot("remember"), name, harness.REPO / "sample-bots",
            harness.BOTS, harness.HOSTILE)
    run = run_arbiter(tmp_path, ["match", remember("ann"), remember("ben"),
                                 "--games", "8", "--seed", "3",
                                 "--move-ms", "5000", "--concurrency", "2"])
    check_remembers_nothing(run, 8, ("ann", "ben"))


def test_catalogue_is_complete():
    """Every bot in hostile/ is exercised here and registered in
    CMakeLists.txt, and says in its docstring what it does."""
    names = {p.stem for p in harness.HOSTILE.glob("*.py")} - {"hostile"}
    text = pathlib.Path(__file__).read_text()
    cmake = (pathlib.Path(__file__).parent / "CMakeLists.txt").read_text()
    for name in names:
        assert 'bot("%s")' % name in text, name
        first = (harness.HOSTILE / (name + ".py")).read_text().splitlines()[0]
        assert first.startswith('"""Hostile bot: '), name
    listed = cmake.split("set(hostile_cases", 1)[1].split(")", 1)[0].split()
    tests = {n[len("test_"):] for n in globals()
             if n.startswith("test_") and n != "test_catalogue_is_complete"}
    assert set(listed) == tests, (listed, tests)
