"""The cheating bots (tests/e2e/cheats/) against the real arbiter, sandbox
on: what a bot says about itself is capped and printable in every record,
and shown escaped on every terminal and page that shows it; the grace is
no time of a bot's own, with or without a bank.
"""

import json
import pathlib
import re
import subprocess

import pytest

import harness

CHEATS = pathlib.Path(__file__).resolve().parent / "cheats"
TIMEOUT = "FAULT_REASON_TIMEOUT"
MALFORMED = "FAULT_REASON_MALFORMED_MESSAGE"
# What a terminal acts on: C0 controls but the newline, DEL, C1 controls,
# the line and paragraph separators and the bidirectional controls.
ACTS_ON_A_TERMINAL = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e"
    "\u2066-\u2069]")
NOT_KEPT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def bot(name, *args):
    return harness.python_bot(CHEATS / (name + ".py"), *args)


def play(tmp_path, bots, extra=(), **kwargs):
    """harness.play, the cheats' folder readable in the sandbox."""
    return harness.play(tmp_path, bots,
                        extra=["--read-only", str(CHEATS), *extra], **kwargs)


def honest():
    return harness.python_bot(harness.BOTS / "honest.py")


def seat_of(record, name):
    (seat,) = [s["seat"] for s in record["seats"] if s["bot_name"] == name]
    return seat


def arbiter(*args):
    done = subprocess.run([str(harness.arbiter_path()), *map(str, args)],
                          capture_output=True, timeout=300)
    return done.returncode, (done.stdout + done.stderr).decode()


def loud_module():
    """The texts of cheats/loud_texts.py (its constants only: the module
    itself would connect as a bot)."""
    source = (CHEATS / "loud_texts.py").read_text()
    namespace = {}
    constants = source.split("import botlib  # noqa: E402")[1]
    exec(constants.split("botlib.record_pid()")[0], namespace)
    return namespace


def play_loud(tmp_path):
    """Two games of the loud bot against an honest one, the game going on
    after the loud bot's unreadable answer."""
    run = play(tmp_path, [("loud", bot("loud_texts")), ("honest", honest())],
               games=2, extra=["--fault-policy", "default_action"])
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def test_loud_texts_are_capped_in_every_record(tmp_path):
    loud = loud_module()
    run = play_loud(tmp_path)
    assert len(run.records) == 2, run.stderr[-3000:]
    for record in run.records:
        seat = record["seats"][seat_of(record, "loud")]
        assert len(seat["bot_version"].encode()) <= 128, seat
        assert len(seat["hello_bot_name"].encode()) <= 64, seat
        assert not NOT_KEPT.search(seat["bot_version"]), seat
        assert not NOT_KEPT.search(seat["hello_bot_name"]), seat
        assert seat["hello_bot_name"].startswith("\ufffd]0;pwned\ufffd"), seat
        note = seat["hello_note"]
        assert ("bot_version: %d bytes cut to %d" % (
            len(loud["VERSION"].encode()),
            len(seat["bot_version"].encode()))) in note, note
        assert "bot_name: " in note and "replaced by U+FFFD" in note, note
        other = record["seats"][seat_of(record, "honest")]
        assert "hello_note" not in other, other
    # Each record stays small: the version is not copied 3.5 MiB at a time.
    assert run.out.stat().st_size < 200_000, run.out.stat().st_size
    (fault,) = [f for r in run.records for f in r["result"].get("faults", [])]
    assert fault["reason"] == MALFORMED, fault
    assert not NOT_KEPT.search(fault["detail"]), fault
    assert len(fault["detail"].encode()) <= 515, fault
    assert "pwned" in fault["detail"], fault
    status, output = harness.verify(run)
    assert status == 0, output


def hostile_copy(run, tmp_path, name, tamper=False):
    """The run's records with `name` before every seat's bot name (which
    records hold as the organiser gave it), as a hand-edited or old file may
    hold anything; `tamper`: the last record's game id too, and its result
    changed, so that `replay --verify` reports it."""
    path = tmp_path / "edited.jsonl"
    with open(path, "w") as out:
        for i, record in enumerate(run.records):
            for seat in record["seats"]:
                seat["bot_name"] = name + seat["bot_name"]
            if tamper and i == len(run.records) - 1:
                record["game_id"] = name + record["game_id"]
                record["result"]["hands_played"] += 1
            out.write(json.dumps(record) + "\n")
    return path


def test_loud_texts_reach_no_terminal_unescaped(tmp_path):
    loud = loud_module()
    run = play_loud(tmp_path)
    # The bot's own texts as recorded, and names as a file may hold them.
    edited = hostile_copy(run, tmp_path, loud["NAME"], tamper=True)
    game = run.records[0]["game_id"]
    for args in (["replay", edited], ["replay", edited, "--game", game],
                 ["replay", edited, "--game", game, "--seat", "0"],
                 ["replay", edited, "--verify"], ["standings", edited]):
        status, output = arbiter(*args)
        assert status == (1 if "--verify" in args else 0), \
            (args, output[-2000:])
        assert not ACTS_ON_A_TERMINAL.search(output), (args, output[-2000:])
        assert "\\x1b]0;pwned\\x07\\x1b[2J" in output, (args, output[-2000:])
        for line in output.splitlines():
            assert not line.startswith("fault: seat 9"), (args, line)
    # The play's own lines (progress, summary) name the bots as given.
    assert not ACTS_ON_A_TERMINAL.search(run.stdout + run.stderr)


def test_loud_texts_stay_data_on_every_page(tmp_path):
    run = play_loud(tmp_path)
    loud = loud_module()
    edited = hostile_copy(run, tmp_path, loud["HTML"])
    logs = pathlib.Path(str(run.out) + ".logs")
    (tmp_path / "edited.jsonl.logs").symlink_to(logs)
    game = run.records[0]["game_id"]
    report, replay = tmp_path / "report", tmp_path / "game.html"
    status, output = arbiter("report", edited, "-o", report)
    report = report / "index.html"
    assert status == 0, output
    status, output = arbiter("replay", edited, "--game", game, "--html",
                             "-o", replay)
    assert status == 0, output
    for page, block in ((report, "report-data"), (replay, "replay-data")):
        html = page.read_text()
        assert len(html) < 2_000_000, (page, len(html))
        # No text of the bot's stands as markup anywhere in the page.
        for tag in ("<!--", "<img", "<script>window", "</script><script>",
                    "\u2028"):
            assert tag not in html, (page, tag)
        # The data block ends where the page ends it, and holds the texts.
        (data,) = re.findall(
            '<script type="application/json" id="%s">(.*?)</script>' % block,
            html, re.S)
        assert loud["HTML"] + "loud" in json.dumps(json.loads(data),
                                                   ensure_ascii=False), page
    # The browser's side: arbiter/report/browser_test.py renders such a
    # page and checks that no script of the bot's runs.


# (deadline the bot answers after, bank ms, most decisions it can make)
LATE_CASES = {
    "told_with_bank": ("told", 300, 2),
    "move_with_bank": ("move", 300, 27),
    "told_without_bank": ("told", 0, 2),
}
MOVE_MS, GRACE_MS, LATE_MS = 200, 20, 12


@pytest.mark.parametrize("case", sorted(LATE_CASES))
def test_late_at_every_move_times_out_soon(tmp_path, case):
    deadline, bank, most = LATE_CASES[case]
    run = play(
        tmp_path, [("late", bot("late_every_move", deadline, LATE_MS)),
                   ("honest", honest())], games=1, move_ms=MOVE_MS,
        extra=["--bank-ms", str(bank), "--grace-ms", str(GRACE_MS)])
    assert run.returncode == 0, run.stderr[-3000:]
    (record,) = run.records
    late = seat_of(record, "late")
    faults = record["result"].get("faults", [])
    assert [(f["seat"], f["reason"]) for f in faults] == [(late, TIMEOUT)], \
        faults
    answered = [s for s in record["steps"] if s["seat"] == late]
    assert len(answered) + 1 <= most, (len(answered), most)
    # Everything its answers took beyond the move limit came out of its
    # bank and the one grace of the game.
    over = sum(max(0, s["decision_us"] - MOVE_MS * 1000) for s in answered)
    assert over <= (bank + GRACE_MS) * 1000, over
    status, output = harness.verify(run)
    assert status == 0, output
