"""The documented tournaments run exactly as written from a fresh checkout:
the example config of docs/tournaments.md is sample-bots/league.toml, and the
commands printed there and in the README's "Tournaments" section run, as
printed, from the root of a fresh copy of the repository whose `build` is
this build and whose `.venv` is this virtualenv."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import harness


def sh_blocks(page):
    text = (harness.REPO / page).read_text()
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def block_with(page, needle):
    (block,) = [b for b in sh_blocks(page) if needle in b]
    return block


def fresh_checkout(dest):
    """The repository's files as a clone has them, plus `build` and `.venv`
    linked to the ones this test runs with."""
    try:
        listing = subprocess.run(
            ["git", "-C", str(harness.REPO), "ls-files", "-z", "--cached",
             "--others", "--exclude-standard"],
            capture_output=True, check=True, timeout=60).stdout.decode()
        files = [f for f in listing.split("\0") if f]
    except (OSError, subprocess.SubprocessError):
        files = []
    if not files:  # not a git checkout: everything but build products
        for path in harness.REPO.rglob("*"):
            rel = path.relative_to(harness.REPO)
            top = rel.parts[0]
            if top.startswith("build") or top in (".venv", "out", ".git"):
                continue
            if path.is_file() or path.is_symlink():
                files.append(str(rel))
    for name in files:
        top = pathlib.PurePath(name).parts[0]
        if top.startswith("build") or top in (".venv", "out"):
            continue  # a developer's untracked build link, say
        src = harness.REPO / name
        if not (src.is_file() or src.is_symlink()):
            continue  # listed but deleted in the working tree
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target, follow_symlinks=False)
    build = harness.arbiter_path().parents[2]
    assert (build / "sample-bots/random/random_bot").exists(), build
    (dest / "build").symlink_to(build)
    venv = pathlib.Path(sys.prefix)
    (dest / ".venv").symlink_to(venv)
    assert (dest / ".venv/bin/python").exists()


def run_block(checkout, block):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(["bash", "-euo", "pipefail", "-c", block],
                          cwd=checkout, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    dest = tmp_path_factory.mktemp("checkout")
    fresh_checkout(dest)
    return dest


def test_the_example_is_the_file_in_the_repository():
    page = (harness.REPO / "docs/tournaments.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", page, re.S)
    league = (harness.REPO / "sample-bots/league.toml").read_text()
    assert league in blocks


def test_docs_league_runs_as_written(checkout):
    block = block_with("docs/tournaments.md",
                       "tournament sample-bots/league.toml --out")
    run = run_block(checkout, block)
    assert run.returncode == 0, run.stdout + run.stderr
    out = checkout / "out/league"
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == 24
    # --dry-run said so, before anything was played.
    assert "swiss, 4 seats, 2 rounds: 24 games" in run.stdout
    assert run.stdout.count("Round 1 pairings") == 1
    assert "Round 2 pairings" in run.stdout
    for name in ["standings.csv", "standings.json", "crosstable.csv",
                 "ratings.json"]:
        assert (out / name).stat().st_size > 0, name
    # The Swiss ends with its own table, at tables of four partners.
    assert "Swiss standings (Swiss score, then Buchholz" in run.stdout
    swiss = json.loads((out / "swiss.json").read_text())
    assert len(swiss["standings"]) == 4 and len(swiss["rounds"]) == 2
    csv = (out / "standings.csv").read_text().splitlines()
    assert csv[0] == "place,bot,games,points,score,faults"
    assert len(csv) == 5
    # No bot failed to start or to play: every game ended normally.
    assert "NOT CLEAN" not in run.stderr
    for line in lines:
        assert json.loads(line)["result"].get("faults", []) == [], line
    # `arbiter standings` printed the same standings from the records.
    standings = run.stdout.split("Standings\n")
    assert len(standings) == 3, run.stdout
    assert standings[1].split("\n\n")[0] == standings[2].split("\n\n")[0]


def test_readme_tournaments_run_as_written(checkout):
    block = block_with("README.md", "arbiter merge")
    run = run_block(checkout, block)
    assert run.returncode == 0, run.stdout + run.stderr
    merged = (checkout / "out/sample.jsonl").read_text().splitlines()
    assert len(merged) == 48
    assert "48 games from 1 files" in run.stdout


def test_readme_ratings_run_as_written(checkout):
    # After test_readme_tournaments_run_as_written, whose merged file it rates.
    block = block_with("README.md", "build/ratings/ratings")
    run = run_block(checkout, block)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "48 games, 3 players" in run.stdout, run.stdout
    assert "90 games, 3 players" in run.stdout, run.stdout
