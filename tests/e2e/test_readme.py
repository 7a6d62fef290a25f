"""The README's examples run as written: every ```sh block of the README is
run, as printed, from the root of a fresh copy of the repository (its `build`
this build, its `.venv` this virtualenv), or is listed in NOT_RUN with the
test that covers it instead; a new block that is neither fails here."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import harness
import pytest
from test_docs_tournament import fresh_checkout

# Blocks run elsewhere, by a needle each holds.
RUN_ELSEWHERE = {
    "tournament sample-bots/league.toml --dry-run":
        "test_docs_tournament.py::test_readme_tournaments_run_as_written",
    "build/ratings/ratings":
        "test_docs_tournament.py::test_readme_ratings_run_as_written",
}
# Blocks no test runs as written, and why.
NOT_RUN = {
    "scripts/main": "the whole setup and build (scripts/test is CI itself)",
    "scripts/slurm/submit": "needs a Slurm cluster (slurm/* tests use a "
                            "stand-in one)",
    "arbiter report out/league": "needs a tournament in out/league; "
                                 "report_browser runs both commands on "
                                 "records of its own",
    "arbiter match": "a sequential test plays until it decides: minutes; "
                     "match/* tests run shorter ones",
    "arbiter league init": "`league run` plays until stopped; league_cli "
                           "runs init, add, run and status on a league of "
                           "its own",
}
RUN_HERE = ["cmake -S sdk/cpp/example", "arbiter rules show",
            "tournament sample-bots/pontoon.toml"]


def readme_blocks():
    return re.findall(r"```sh\n(.*?)```",
                      (harness.REPO / "README.md").read_text(), re.S)


def block_with(needle):
    (block,) = [b for b in readme_blocks() if needle in b]
    return block


def run_block(checkout, block):
    # The block's own SDK build goes through ccache when there is one: the
    # checkout lies in the build directory, beside the project, so that a
    # ccache base_dir above both gives the same objects from run to run.
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    if shutil.which("ccache"):
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
        env.setdefault("CMAKE_C_COMPILER_LAUNCHER", "ccache")
    return subprocess.run(["bash", "-euo", "pipefail", "-c", block],
                          cwd=checkout, env=env, capture_output=True,
                          text=True, timeout=800)


@pytest.fixture(scope="module")
def checkout():
    build = harness.arbiter_path().parents[2]
    dest = pathlib.Path(tempfile.mkdtemp(prefix="readme-", dir=build))
    dest.chmod(0o755)  # the sandboxed bots run as users of their own
    try:
        fresh_checkout(dest)
        yield dest
    finally:
        shutil.rmtree(dest, ignore_errors=True)


def test_every_block_is_run_or_listed():
    needles = list(RUN_ELSEWHERE) + list(NOT_RUN) + RUN_HERE
    for block in readme_blocks():
        held = [n for n in needles if n in block]
        assert len(held) == 1, f"README block not covered once:\n{block}"


def test_bot_author_block_runs_as_written(checkout):
    # The Python bot of the README, saved as the block expects it.
    (python_bot,) = [
        b for b in re.findall(r"```python\n(.*?)```",
                              (harness.REPO / "README.md").read_text(), re.S)
        if "# my_bot.py" in b]
    (checkout / "my_bot.py").write_text(python_bot)
    run = run_block(checkout, block_with("cmake -S sdk/cpp/example"))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    for name in ["games.jsonl", "cpp.jsonl"]:
        lines = (checkout / name).read_text().splitlines()
        assert len(lines) == 20, name
        for line in lines:  # both bots of the README played every game
            assert json.loads(line)["result"].get("faults", []) == [], line
    # replay --verify, then game 1 as seat 0 saw it.
    assert "20 records, 20 ok, 0 with differences" in run.stdout, run.stdout
    assert re.search(r"^game \S+-g1 .* as seen by seat 0$", run.stdout,
                     re.M), run.stdout
    assert re.search(r"^ +seat 0 \(mine\) hand: [2-9TJQKA][SHDC] ", run.stdout,
                     re.M), run.stdout
    assert re.search(r"^ +seat 1 \(random\) hand: (## )+##$", run.stdout,
                     re.M), run.stdout


def test_rules_block_runs_as_written(checkout):
    run = run_block(checkout, block_with("arbiter rules show"))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert 'base = "sackson"' in run.stdout
    assert "# safety limit on hands per game" in run.stdout


def test_game_tournaments_block_runs_as_written(checkout):
    """Pontoon's and Scotch Whist's sample tournaments (a table of three,
    every deal from every seat rotation) end with ratings and verify."""
    run = run_block(checkout, block_with("tournament sample-bots/pontoon.toml"))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    for out, games in [("out/pontoon", 12), ("out/whist", 18)]:
        lines = harness.record_lines(checkout / out / "games.jsonl.zst")
        assert len(lines) == games, out
        for line in lines:
            assert json.loads(line)["result"].get("faults", []) == [], line
        assert "%d records, %d ok, 0 with differences" % (games, games) in \
            run.stdout, run.stdout
    assert run.stdout.count("\nRatings\n") == 2, run.stdout
