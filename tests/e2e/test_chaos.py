"""The arbiter's test bot in chaos mode (arbiter/server/test_bot.cc, the
misbehaving bot of scripts/soak), sandboxed: at random decisions it
crashes, stalls, answers late, sends garbage or an illegal action or
disconnects, and at random game ends it exits. Faults of several kinds are
recorded, every one charged to its seat, none to the honest bot; the run
ends clean (no startup fault), verifies, and leaves nothing running.
"""

import collections
import subprocess

import harness


def chaos_bot(*args):
    return " ".join([str(harness.test_bot_path()), "--mode=chaos",
                     "--seed=5", *args])


def test_chaos_faults_of_several_kinds_are_all_its_own(tmp_path):
    run = harness.play(tmp_path, [("honest", str(harness.random_bot_path())),
                                  ("chaos", chaos_bot(
                                      "--chaos-rate=0.05",
                                      "--chaos-kinds=crash,stall,slow,garbage,"
                                      "illegal,disconnect,exit:1"))],
                       games=16, move_ms=300)
    context = "stderr:\n%s\nrecords:\n%s" % (
        run.stderr[-3000:],
        [r["result"].get("faults") for r in run.records])
    assert run.returncode == 0, context
    assert len(run.records) == 16, context
    status, output = harness.verify(run)
    assert status == 0, output
    reasons = collections.Counter()
    for record in run.records:
        for fault in record["result"].get("faults", []):
            assert record["seats"][fault["seat"]]["bot_name"] == "chaos", \
                context
            reasons[fault["reason"]] += 1
    # About a quarter of its decisions misbehave, and it exits after every
    # game whose end it lives to see (few do: a crash or a disconnect ends
    # the process first, so an exit at half of them was sometimes never
    # drawn in 16 games): nearly every game ends by its fault, and 16 games
    # see at least three of the five kinds (crash, timeout, malformed,
    # illegal, disconnect).
    assert len(reasons) >= 3, reasons
    assert sum(reasons.values()) >= 8, reasons
    assert "test_bot: chaos: exit after game" in run.log("chaos")
    left = harness.sandbox_leftovers(run.arbiter_pid)
    assert not left, harness.describe(left)


def test_chaos_refuses_an_unknown_kind_or_rate():
    for flag, said in [("--chaos-kinds=crash,bogus", "unknown kind 'bogus'"),
                       ("--chaos-rate=1.5",
                        "the probability of 'crash' is not in 0..1"),
                       ("--chaos-kinds=exit:-1",
                        "the probability of 'exit' is not in 0..1"),
                       ("--chaos-kinds=stall:often",
                        "the probability of 'stall' is not in 0..1")]:
        done = subprocess.run(
            [str(harness.test_bot_path()), "--mode=chaos", flag,
             "--address=unix:/nonexistent"],
            capture_output=True, text=True, timeout=30)
        assert done.returncode == 2, done.stderr
        assert said in done.stderr
