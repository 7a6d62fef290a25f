"""The minimal bot printed in docs/sdk-python.md and sdk/python/README.md
runs as printed: copied out of the page, it plays real games."""

import re

import pytest

import harness

PAGES = ["docs/sdk-python.md", "sdk/python/README.md"]


def minimal_bot(page):
    text = (harness.REPO / page).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    (bot,) = [b for b in blocks if '"""my_bot.py' in b]
    return bot


def test_pages_print_the_same_bot():
    assert minimal_bot(PAGES[0]) == minimal_bot(PAGES[1])


@pytest.mark.parametrize("page", PAGES[:1])
def test_minimal_bot_plays(tmp_path, page):
    script = tmp_path / "my_bot.py"
    script.write_text(minimal_bot(page))
    run = harness.play(tmp_path, [("mine", harness.python_bot(script)),
                                  ("greedy",
                                   harness.python_bot(harness.GREEDY))],
                       games=2, seed=3, move_ms=2000)
    assert run.returncode == 0, run.stderr + run.log("mine")
    assert len(run.records) == 2
    for record in run.records:
        assert record["result"].get("faults", []) == [], run.log("mine")
        assert record["result"]["end_reason"] == "END_REASON_TARGET"
    status, output = harness.verify(run)
    assert status == 0, output
    assert not harness.leftovers(run)
