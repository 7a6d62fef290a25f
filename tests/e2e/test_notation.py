"""The Python SDK reads every legal action the arbiter offers exactly as the
arbiter writes it, in every preset and at every table size."""

import pytest

import harness


@pytest.mark.parametrize("ruleset", ["parlett", "sackson", "hunt", "casual"])
def test_sdk_notation_matches_the_arbiter(tmp_path, ruleset):
    random_bot = harness.random_bot_path()
    if not random_bot.exists():
        pytest.fail("the C++ random bot is not built at %s" % random_bot)
    check = harness.python_bot(harness.BOTS / "notation_check.py")
    for players in (2, 3, 4, 5, 6):
        run_dir = tmp_path / str(players)
        run_dir.mkdir()
        run = harness.play(run_dir, [("check", check),
                                     ("random", str(random_bot))],
                           players=players, games=1, seed=players,
                           move_ms=2000, extra=["--ruleset", ruleset])
        assert run.returncode == 0, run.stderr
        assert "MISMATCH" not in run.log("check"), run.log("check")
        (record,) = run.records
        assert record["result"].get("faults", []) == [], run.log("check")
        assert record["ruleset"]["base"] == ruleset
        status, output = harness.verify(run)
        assert status == 0, output
        assert not harness.leftovers(run)
