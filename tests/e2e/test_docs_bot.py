"""The minimal bots printed in the README, docs/sdk-python.md and
sdk/python/README.md run as printed: copied out of the page, they play real
games; the README's C++ bot is sdk/cpp/example/my_bot.cc (built by
sdk/cpp/testing/standalone_build.sh)."""

import re

import pytest

import harness

PAGES = ["docs/sdk-python.md", "sdk/python/README.md"]


def minimal_bot(page, language="python", marker='"""my_bot.py'):
    text = (harness.REPO / page).read_text()
    blocks = re.findall(rf"```{language}\n(.*?)```", text, re.S)
    (bot,) = [b for b in blocks if marker in b]
    return bot


def test_pages_print_the_same_bot():
    assert minimal_bot(PAGES[0]) == minimal_bot(PAGES[1])


def test_readme_cpp_bot_is_the_example():
    example = (harness.REPO / "sdk/cpp/example/my_bot.cc").read_text()
    code = "".join(line for line in example.splitlines(keepends=True)
                   if not line.startswith("//"))
    assert minimal_bot("README.md", "cpp", "zetema_bot::Run") == code


@pytest.mark.parametrize("page,marker", [(PAGES[0], '"""my_bot.py'),
                                         ("README.md", "# my_bot.py")])
def test_minimal_bot_plays(tmp_path, page, marker):
    script = tmp_path / "my_bot.py"
    script.write_text(minimal_bot(page, marker=marker))
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
