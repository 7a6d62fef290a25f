"""A Swiss played round by round, each round in shards (`--round R --shard
I/N`, what a Slurm league does), gets the table an unsharded run writes from
`arbiter tournament --tables-only`: from the merged records (as the league's
last job runs it) or from every shard's file as --prior. No shard writes a
table; a round not fully recorded is refused, naming the missing game."""

import filecmp
import json
import subprocess

import harness

ROUNDS = 3
SHARDS = 3
BOTS = 7  # at tables of two: a bye every round
GAMES_PER_ROUND = (BOTS // 2) * 2 * 2  # tables x deals x seatings
TABLE_FILES = ["swiss.json", "swiss.csv", "swiss_rounds.csv",
               "standings.csv", "crosstable.csv"]


def write_config(path):
    lines = ['name = "by-round"', "seed = 7", 'format = "swiss"',
             f"rounds = {ROUNDS}", "seats = 2", "deals_per_pairing = 2",
             "duplicate = true", ""]
    for b in range(BOTS):
        lines += ["[[bots]]", f'name = "b{b}"', 'command = "builtin:random"',
                  ""]
    path.write_text("\n".join(lines))


def arbiter(*args, timeout=120):
    """Runs the arbiter to its end (bounded); builtin bots start no process."""
    return subprocess.run([str(harness.arbiter_path()), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)


def check_ok(run):
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def test_a_swiss_played_round_by_round_gets_the_unsharded_table(tmp_path):
    config = tmp_path / "swiss.toml"
    write_config(config)
    # `secret new` keeps a seed of its own, which the config's seed = 7
    # overrides in every run: the table must be dealt and paired the same.
    secret = tmp_path / "swiss.secret"
    check_ok(arbiter("secret", "new", secret))

    whole = tmp_path / "whole"
    check_ok(arbiter("tournament", config, "--out", whole, "--secret", secret,
                     "--no-report"))
    assert json.loads((whole / "swiss.json").read_text())["rounds"]

    shards = []
    for r in range(1, ROUNDS + 1):
        prior = [arg for f in shards for arg in ("--prior", f)]
        done = []
        for i in range(SHARDS):
            out = tmp_path / f"r{r}" / f"s{i}"
            check_ok(arbiter("tournament", config, "--round", r, "--shard",
                             f"{i}/{SHARDS}", "--secret", secret, "--out",
                             out, "--no-report", *prior))
            # Each shard holds a part of the round: no Swiss table.
            assert not (out / "swiss.json").exists()
            done.append(out / "games.jsonl.zst")
        shards += done

    # As the league's last job: the merged records, the tables beside them.
    league = tmp_path / "league"
    league.mkdir()
    merged = league / "games.jsonl.zst"
    check_ok(arbiter("merge", *shards, "-o", merged))
    run = check_ok(arbiter("tournament", config, "--tables-only", "--secret",
                           secret, "--out", league))
    assert (f"by-round: the tables of {ROUNDS * GAMES_PER_ROUND} games "
            f"recorded in {merged} (no game played)") in run.stdout
    assert "Swiss standings (Swiss score, then Buchholz" in run.stdout
    assert "Rounds (each bot: its table" in run.stdout
    assert "Round 1 pairings" not in run.stdout
    for name in TABLE_FILES:
        assert filecmp.cmp(league / name, whole / name, shallow=False), name
    # Nothing else written: no record file of its own, no secret, no lock.
    written = {p.name for p in league.iterdir()}
    assert written == {"games.jsonl.zst", "report", "standings.json",
                       "ratings.json", *TABLE_FILES}, written
    # Its report shows the table, and so does `arbiter standings`.
    assert '"format_results"' in (league / "report" / "index.html").read_text()
    shown = check_ok(arbiter("standings", merged))
    assert f"The Swiss table of {league / 'swiss.json'}" in shown.stdout

    # By hand, without merging: every shard's file as --prior.
    apart = tmp_path / "apart"
    check_ok(arbiter("tournament", config, "--tables-only", "--secret", secret,
                     "--out", apart, "--no-report",
                     *[arg for f in shards for arg in ("--prior", f)]))
    for name in TABLE_FILES:
        assert filecmp.cmp(apart / name, whole / name, shallow=False), name
    assert not (apart / "games.jsonl.zst").exists()
    assert not (apart / "secret").exists()

    # A round not fully recorded: refused, naming the game; nothing left.
    missing = tmp_path / "missing"
    run = arbiter("tournament", config, "--tables-only", "--secret", secret,
                  "--out", missing,
                  *[arg for f in shards[:-1] for arg in ("--prior", f)])
    assert run.returncode == 2, run.stderr
    assert "arbiter tournament: --tables-only: game " in run.stderr
    assert (f"-r{ROUNDS}-" in run.stderr and f" of round {ROUNDS} is not "
            "recorded in --out's record file or the --prior files"
            in run.stderr), run.stderr
    assert not missing.exists()
    # So is a run without the secret the games were dealt from.
    run = arbiter("tournament", config, "--tables-only", "--out", missing,
                  *[arg for f in shards for arg in ("--prior", f)])
    assert run.returncode == 2, run.stderr
    assert f"{missing / 'secret'}: no such file: give the secret" in run.stderr
    assert not missing.exists()
    # And a shard or a round with it.
    run = arbiter("tournament", config, "--tables-only", "--round", "2",
                  "--secret", secret, "--out", missing)
    assert run.returncode == 2, run.stderr
    assert "no --shard or --round" in run.stderr
    assert not missing.exists()
