"""A bot's processes over a run, with the arbiter's test bot
(arbiter/server/test_bot.cc) in the default sandbox:

- only the run can stop the run: once a bot has started, whatever a later
  process of it does at startup (a Hello refused for the game, a wrong
  token or version, never connecting, exiting) is that game's startup
  fault, saying what the arbiter saw; `play`, `tournament` and `match` go
  on to the end;
- a slow answer costs one decision's fault: the process that timed out is
  restarted before its next game, whose record says why, and no later game
  pays for it;
- failures look like failures: `play` exits 3 (not clean) when a bot never
  started in some game, naming the bot and the games; a tournament resumed
  with a changed config exits 2.

A bot that changes once restarted keeps a marker in a directory its
sandbox may write (test_bot --marker=FILE --then=MODE).
"""

import json
import os
import subprocess

import pytest

import harness

STARTUP = "FAULT_REASON_STARTUP"
CRASH = "FAULT_REASON_CRASH"
TIMEOUT = "FAULT_REASON_TIMEOUT"


def bot_command(*args):
    return " ".join([str(harness.test_bot_path()), *args])


def changing_bot(state, then):
    """Plays its first game, exits after it, and every later process of it
    runs --mode=`then`."""
    return bot_command("--mode=leave", "--after=1",
                    "--marker=%s" % (state / ("changes-" + then)),
                    "--then=" + then)


def slow_once_bot(state, delay_ms):
    """Answers its third decision after `delay_ms`, once in the whole run;
    every other answer, of any process of it, comes at once."""
    return bot_command("--mode=slow-once", "--after=3",
                    "--delay-ms=%d" % delay_ms,
                    "--marker=%s" % (state / "slow"), "--then=random")


def faults(record):
    return [(f["seat"], f["reason"], f["detail"])
            for f in record["result"].get("faults", [])]


def seat_of(record, name):
    (seat,) = [s["seat"] for s in record["seats"] if s["bot_name"] == name]
    return seat


def bot_faults(records, name):
    """(game index, reason, detail) of every fault of bot `name`."""
    return [(i, reason, detail) for i, r in enumerate(records)
            for seat, reason, detail in faults(r)
            if r["seats"][seat]["bot_name"] == name]


# then-mode: what the fault of a game it never started in must say.
LATER = {
    "wrong-game": "the arbiter refused its Hello: does not play zetema: its "
                  "Hello declares 'pontoon' (Hello.games) "
                  "(ERROR_CODE_GAME_NOT_DECLARED)",
    "bad-token": "the arbiter refused its Hello: unknown token "
                 "(ERROR_CODE_BAD_TOKEN)",
    "bad-version": "the arbiter refused its Hello: the bot speaks protocol "
                   "version 99; this arbiter speaks version 1 "
                   "(ERROR_CODE_VERSION_MISMATCH)",
    "silent": "the bot did not connect in time",
    "exit": "the bot exited before connecting (exit status 4)",
}


@pytest.mark.parametrize("then", sorted(LATER))
def test_play_goes_on_whatever_a_restarted_bot_does(tmp_path, then):
    run = harness.play(tmp_path, [("good", bot_command()),
                                  ("hostile", changing_bot(
                                      tmp_path / "state", then))],
                       games=5, extra=["--startup-ms", "3000"])
    left = harness.sandbox_leftovers(run.arbiter_pid)
    context = "stderr:\n%s\nrecords:\n%s" % (
        run.stderr[-3000:], [faults(r) for r in run.records])
    assert not left, harness.describe(left)
    assert run.returncode == 3, context
    assert len(run.records) == 5, context
    status, output = harness.verify(run)
    assert status == 0, output
    found = bot_faults(run.records, "hostile")
    assert bot_faults(run.records, "good") == [], context
    # Game 1 played well; it left after it (a crash in game 2); every later
    # process misbehaved at startup: startup faults, the run going on.
    assert [(i, r) for i, r, _ in found] == \
        [(1, CRASH), (2, STARTUP), (3, STARTUP), (4, STARTUP)], context
    for _, _, detail in found[1:]:
        assert LATER[then] in detail, context
    # The restart after the crash is told by the next game's record.
    third = run.records[2]
    assert third["seats"][seat_of(third, "hostile")]["restart_reason"] \
        .startswith("after game %s: FAULT_REASON_CRASH: " %
                    run.records[1]["game_id"]), third["seats"]
    # Not clean: which bot, in which games, and why.
    ids = ", ".join(r["game_id"] for r in run.records[2:])
    assert ("NOT CLEAN: bot 'hostile' never started in 3 of its 5 games "
            "(each one lost by a startup fault): %s." % ids) in run.stderr
    assert "First: " + found[1][2] in run.stderr
    assert "finished, but not clean: exit status 3" in run.stderr


def test_a_bot_that_never_declared_the_game_still_refuses_the_run(tmp_path):
    run = harness.play(tmp_path, [("good", bot_command()),
                                  ("other", bot_command("--mode=wrong-game"))])
    assert run.returncode == 2, run.stderr
    assert run.records == []
    assert ("bot 'other': does not play zetema: its Hello declares "
            "'pontoon' (Hello.games)") in run.stderr
    assert not harness.sandbox_leftovers(run.arbiter_pid)


def test_a_bot_that_never_started_fails_play_saying_why(tmp_path):
    run = harness.play(tmp_path, [("good", bot_command()),
                                  ("lost", bot_command("--mode=bad-token"))],
                       games=2)
    assert run.returncode == 3, run.stderr
    assert len(run.records) == 2
    # The records are whole: replay verifies them; the run was not clean.
    status, output = harness.verify(run)
    assert status == 0, output
    for _, reason, detail in bot_faults(run.records, "lost"):
        assert reason == STARTUP
        assert detail == ("the bot exited before connecting (exit status 0); "
                          "the arbiter refused its Hello: unknown token "
                          "(ERROR_CODE_BAD_TOKEN)")
    assert len(bot_faults(run.records, "lost")) == 2
    assert "NOT CLEAN: bot 'lost' never started in 2 of its 2 games" \
        in run.stderr
    for record in run.records:
        assert record["game_id"] in run.stderr


def tournament(tmp_path, bots, *extra_lines, rounds=4, duplicate=False,
               sandbox="full"):
    """Runs `arbiter tournament` (two bots, `rounds` deals, one game at a
    time) in tmp_path/out; (completed process, records). Sandboxed bots may
    write tmp_path/state; with duplicate deals no writable directory is
    allowed, so unsandboxed bots write it by its absolute path."""
    os.chmod(tmp_path, 0o755)
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    lines = ['name = "lifecycle"', "seed = 7",
             "deals_per_pairing = %d" % rounds, "concurrency = 1",
             "duplicate = %s" % ("true" if duplicate else "false"),
             "time_control.move_ms = 1000", *extra_lines,
             "[sandbox]", 'mode = "%s"' % sandbox]
    if sandbox != "none":
        lines.append('writable = ["%s"]' % state)
    for name, command in bots:
        lines += ["[[bots]]", 'name = "%s"' % name,
                  "command = %s" % json.dumps(command)]
    config = tmp_path / "t.toml"
    config.write_text("\n".join(lines) + "\n")
    done = subprocess.run([str(harness.arbiter_path()), "tournament",
                           str(config), "--out", str(tmp_path / "out"),
                           "--no-report"],
                          capture_output=True, text=True, timeout=300)
    records = [json.loads(line) for line in harness.record_lines(
        tmp_path / "out" / "games.jsonl.zst")]
    return done, records


def test_tournament_goes_on_whatever_a_restarted_bot_does(tmp_path):
    done, records = tournament(
        tmp_path, [("good", bot_command()),
                   ("hostile", changing_bot(tmp_path / "state",
                                            "wrong-game"))])
    context = done.stderr[-3000:]
    assert done.returncode == 3, context  # done, but not clean
    assert len(records) == 4, context
    found = bot_faults(records, "hostile")
    assert [(i, r) for i, r, _ in found] == \
        [(1, CRASH), (2, STARTUP), (3, STARTUP)], context
    assert LATER["wrong-game"] in found[1][2]
    assert "NOT CLEAN: bot 'hostile' never started in 2 of its 4 games" \
        in done.stderr


def test_match_goes_on_whatever_a_restarted_bot_does(tmp_path):
    # `arbiter match` has no writable directory for its bots: the bot that
    # changes once restarted (its marker) runs unsandboxed here.
    state = tmp_path / "state"
    state.mkdir()
    done = subprocess.run(
        [str(harness.arbiter_path()), "match",
         "hostile=" + changing_bot(state, "bad-token"),
         "good=" + bot_command(),
         "--games", "6", "--seed", "3", "--out", str(tmp_path / "out"),
         "--sandbox", "none"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    records = [json.loads(line) for line in harness.record_lines(
        tmp_path / "out" / "games.jsonl.zst")]
    assert len(records) == 6
    # A/B deal sets: each bot has a process per seating of a deal, so the
    # games do not meet its processes in file order: count, not order.
    found = bot_faults(records, "hostile")
    assert sorted(r for _, r, _ in found) == [CRASH] + [STARTUP] * 4, found
    for _, reason, detail in found:
        assert reason == CRASH or LATER["bad-token"] in detail, found


def test_one_slow_answer_costs_one_fault_in_play(tmp_path):
    run = harness.play(tmp_path, [("good", bot_command()),
                                  ("slow", slow_once_bot(tmp_path / "state",
                                                         5000))],
                       games=4, move_ms=1000)
    context = "stderr:\n%s\nfaults:\n%s" % (
        run.stderr[-3000:], [faults(r) for r in run.records])
    assert run.returncode == 0, context
    assert len(run.records) == 4
    found = bot_faults(run.records, "slow")
    assert [(i, r) for i, r, _ in found] == [(0, TIMEOUT)], context
    assert bot_faults(run.records, "good") == [], context
    second = run.records[1]
    assert second["seats"][seat_of(second, "slow")]["restart_reason"] == \
        "after game %s: FAULT_REASON_TIMEOUT: %s" % (
            run.records[0]["game_id"], found[0][2])
    assert all(s["restart_reason"] == "" for r in run.records[2:]
               for s in r["seats"])


@pytest.mark.parametrize("duplicate,sandbox",
                         [(False, "full"), (True, "none")])
def test_one_slow_answer_costs_one_fault_in_a_tournament(tmp_path, duplicate,
                                                         sandbox):
    # With duplicate deals the seating after the slow answer is the mirror
    # of the one it cost. Its bot's marker (one slow answer in the whole
    # run) needs a directory every process of it can write, which the
    # sandbox refuses with duplicate deals: that case runs unsandboxed.
    done, records = tournament(
        tmp_path, [("good", bot_command()),
                   ("slow", slow_once_bot(tmp_path / "state", 5000))],
        rounds=2 if duplicate else 4, duplicate=duplicate, sandbox=sandbox)
    context = "stderr:\n%s\nfaults:\n%s" % (
        done.stderr[-3000:], [faults(r) for r in records])
    assert done.returncode == 0, context
    assert len(records) == 4
    found = bot_faults(records, "slow")
    assert [r for _, r, _ in found] == [TIMEOUT], context
    (i, _, detail), = found
    told = [(j, s["restart_reason"]) for j, r in enumerate(records)
            for s in r["seats"] if s["restart_reason"]]
    assert told == [(i + 1, "after game %s: FAULT_REASON_TIMEOUT: %s" % (
        records[i]["game_id"], detail))], told


def test_resume_with_a_changed_config_exits_2(tmp_path):
    bots = [("r%d" % i, "builtin:random") for i in range(3)]
    done, records = tournament(tmp_path, bots, rounds=1)
    assert done.returncode == 0, done.stderr
    assert len(records) == 3
    # The same directory, the bots renamed: its records are not this
    # config's.
    done, again = tournament(tmp_path, [("x" + n, c) for n, c in bots],
                             rounds=1)
    assert done.returncode == 2, done.stderr
    assert "was the config changed since the records were made?" \
        in done.stderr
    assert again == records
