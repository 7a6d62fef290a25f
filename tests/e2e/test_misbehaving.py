"""The catalogue of misbehaving bots (tests/e2e/bots/) against the real
arbiter: each misbehaviour gets its own recorded reason, the arbiter
survives, every record verifies, no process is left behind and the next
game proceeds.

Every case plays two games between the misbehaving bot and a good one. A
bot misbehaves only in its first process and game (see bots/botlib.py), so
the second game must end normally, except for never_answers, which stays
silent for its whole life and so must time out again.
"""

import pathlib

import pytest

import harness

TIMEOUT = "FAULT_REASON_TIMEOUT"
ILLEGAL = "FAULT_REASON_ILLEGAL_ACTION"
MALFORMED = "FAULT_REASON_MALFORMED_MESSAGE"
CRASH = "FAULT_REASON_CRASH"
DISCONNECT = "FAULT_REASON_DISCONNECT"
STARTUP = "FAULT_REASON_STARTUP"


def bot(name):
    return harness.python_bot(harness.BOTS / (name + ".py"))


# case: (reason in game 1 or None, game 2 "clean" or "same", a text (or
# texts) the fault's detail must hold, a text the bad bot's log must hold)
CASES = {
    "exits_at_start": (STARTUP, "clean", "exit status 3", ""),
    "crashes_mid_game": (CRASH, "clean", "", "crashing mid-game"),
    "never_answers": (TIMEOUT, "same", "", "never answering"),
    "answers_late": (TIMEOUT, "clean", "", "answering after"),
    "illegal_action": (ILLEGAL, "clean", "", "which it does not hold"),
    "unreadable_text": (MALFORMED, "clean", "pass", ""),
    "garbage": (MALFORMED, "clean", "", "sending garbage"),
    "hello_again": (MALFORMED, "clean", "", "saying hello again"),
    "oversized": (MALFORMED, "clean", "", "sending 8 MiB"),
    "answers_twice": (None, "clean", "", ""),
    # A refused Hello: what the arbiter told the bot, then how it ended.
    "wrong_token": (STARTUP, "clean",
                    ["exit status 6", "the arbiter refused its Hello: "
                     "unknown token (ERROR_CODE_BAD_TOKEN)"],
                    "did not accept the token"),
    "stolen_token": (STARTUP, "clean",
                     ["exit status 6", "(ERROR_CODE_BAD_TOKEN)"],
                     "did not accept the token"),
    "wrong_version": (STARTUP, "clean",
                      ["exit status 5", "the arbiter refused its Hello: the "
                       "bot speaks protocol version 2; this arbiter speaks "
                       "version 1 (ERROR_CODE_VERSION_MISMATCH)"],
                      "protocol version mismatch"),
    "closes_stream": (DISCONNECT, "clean", "", "closed the stream"),
}


def seat_of(record, name):
    (seat,) = [s["seat"] for s in record["seats"] if s["bot_name"] == name]
    return seat


def faults(record):
    return [(f["seat"], f["reason"], f.get("detail", ""))
            for f in record["result"].get("faults", [])]


@pytest.mark.parametrize("case", sorted(CASES))
def test_misbehaving_bot(tmp_path, case):
    reason, second, detail, log_text = CASES[case]
    good = ("victim", bot("token_victim")) if case == "stolen_token" else \
        ("good", bot("honest"))
    # The good bot connects first: the thief needs the victim's token.
    bots = [good, ("bad", bot(case))] if case == "stolen_token" else \
        [("bad", bot(case)), good]
    run = harness.play(tmp_path, bots, games=2, seed=11, move_ms=1000)
    left = harness.leftovers(run)
    harness.kill_leftovers(left)
    context = "arbiter stderr:\n%s\nbad bot log:\n%s" % (run.stderr[-3000:],
                                                         run.log("bad"))

    # A bot that never started in a game leaves the run not clean.
    assert run.returncode == (3 if reason == STARTUP else 0), context
    assert len(run.records) == 2, context
    assert not left, "left behind: %s" % harness.describe(left)
    status, output = harness.verify(run)
    assert status == 0, output
    assert "2 records, 2 ok" in output, output

    assert log_text in run.log("bad"), context  # it did misbehave
    first, then = run.records
    bad = seat_of(first, "bad")
    if reason is None:
        assert faults(first) == [], context
        assert first["result"]["end_reason"] == "END_REASON_TARGET"
    else:
        assert [(s, r) for s, r, _ in faults(first)] == [(bad, reason)], \
            context
        for text in [detail] if isinstance(detail, str) else detail:
            assert text in faults(first)[0][2], context
        assert first["result"]["end_reason"] == "END_REASON_FORFEIT"
        assert first["result"]["forfeit_seat"] == bad
        # The faulting seat's team is placed last.
        places = first["result"]["places"]
        assert places[bad] == max(places)
    if second == "clean":
        assert faults(then) == [], context
        assert then["result"]["end_reason"] == "END_REASON_TARGET"
    else:
        assert [(s, r) for s, r, _ in faults(then)] == \
            [(seat_of(then, "bad"), reason)], context

    moves = pathlib.Path(tmp_path / "state" / (case + ".moves"))
    if moves.exists():
        # A late or duplicate answer is never credited: every action the
        # record gives this bot is one it meant, in order.
        meant = moves.read_text().split("\n")[:-1]
        played = [s["action"] for r in run.records
                  for s in r["steps"]
                  if s["seat"] == seat_of(r, "bad") and not s.get("strike")]
        assert played == meant


def test_arbiter_reports_a_missing_bot_command(tmp_path):
    run = harness.play(tmp_path, [("a", str(tmp_path / "no-such-bot")),
                                  ("b", bot("honest"))], games=1)
    assert run.returncode != 0
    assert "no-such-bot" in run.stderr
    assert run.records == []
    assert not harness.leftovers(run)


HELPERS = {"botlib", "chatty", "honest", "notation_check", "stumbles",
           "token_victim"}


def test_catalogue_is_complete():
    """Every bot in bots/ is a case here and in CMakeLists.txt, and says in
    its first docstring line what it does."""
    names = {p.stem for p in harness.BOTS.glob("*.py")} - HELPERS
    assert names == set(CASES)
    cmake = (pathlib.Path(__file__).parent / "CMakeLists.txt").read_text()
    listed = cmake.split("set(misbehaving_cases", 1)[1].split(")", 1)[0]
    assert set(listed.split()) == set(CASES)
    for name in names:
        first = (harness.BOTS / (name + ".py")).read_text().splitlines()[0]
        assert first.startswith('"""Misbehaving bot: '), name
