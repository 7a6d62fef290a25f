"""A Swiss of the sample bots, sandboxed, ends with its Swiss table: on
stdout, in swiss.json / swiss.csv / swiss_rounds.csv, in the report, in
`arbiter standings` and from `--tables-only`; a run killed with SIGKILL and
resumed ends with the same table as a run never killed (the bots play every
deal the same way, and both runs deal from one secret)."""

import csv
import json
import os
import signal
import subprocess
import sys
import time

import harness

ROUNDS = 3
BOTS = 5  # at tables of two: a bye every round


def write_config(path):
    greedy = harness.REPO / "sample-bots" / "greedy"
    bots = [("greedy", f"{sys.executable} bot.py", greedy)]
    for seed in range(1, BOTS):
        bots.append((f"random-{seed}",
                     f"{harness.random_bot_path()} --seed {seed}", None))
    lines = [
        'name = "swiss-e2e"', "seed = 7", 'format = "swiss"',
        f"rounds = {ROUNDS}", "seats = 2", "deals_per_pairing = 1",
        "compress_records = false",
        "duplicate = true", 'ruleset = "parlett"', "concurrency = 2",
        'fault_policy = "forfeit"', "", "[time_control]", "move_ms = 5000",
        "bank_ms = 20000", "grace_ms = 50", "",
        '[sandbox]', 'mode = "full"', ""]
    for name, command, cwd in bots:
        lines += ["[[bots]]", f'name = "{name}"', f"command = {json.dumps(command)}"]
        if cwd is not None:
            lines.append(f"cwd = {json.dumps(str(cwd))}")
        lines.append("")
    path.write_text("\n".join(lines))


def tournament(config, out, secret, *more):
    return subprocess.Popen(
        [str(harness.arbiter_path()), "tournament", str(config), "--out",
         str(out), "--secret", str(secret), *map(str, more)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)


def finish(popen, timeout=400):
    try:
        stdout, stderr = popen.communicate(timeout=timeout)
    finally:
        kill_group(popen)
    return popen.returncode, stdout, stderr


def kill_group(popen):
    """Whatever of the run's session is left (by its process group id)."""
    try:
        os.killpg(popen.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def check_table(out, stdout):
    table = json.loads((out / "swiss.json").read_text())
    rows = table["standings"]
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    assert len(rows) == BOTS
    # One bye a round, each worth a point; a table of two shares 1 point.
    assert sum(r["byes"] for r in rows) == ROUNDS
    games_per_table = 2 * 1  # duplicate: both seatings of one deal
    tables = BOTS // 2
    assert abs(sum(r["score"] for r in rows) - ROUNDS * (tables + 1)) < 1e-9
    # Bots with a bye played fewer games, and a line says why.
    for r in rows:
        assert r["games"] == (ROUNDS - r["byes"]) * games_per_table, r
    assert any(n.startswith("Games differ") for n in table["notes"])
    # The rounds hold every bot once: at a table or with the bye, as the
    # records have them.
    records = [json.loads(line) for line in
               (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == ROUNDS * tables * games_per_table
    for rnd in table["rounds"]:
        seated = {b["bot"] for t in rnd["tables"] for b in t["bots"]}
        assert len(seated) + len(rnd["byes"]) == BOTS
        played = {s["bot_name"] for rec in records
                  if rec["round"] == rnd["round"] for s in rec["seats"]}
        assert played == seated, rnd
    # Stdout: the rounds, then the Swiss standings with their tie-breaks.
    assert "Rounds (each bot: its table" in stdout
    assert stdout.count("  bye ") == ROUNDS
    assert ("Swiss standings (Swiss score, then Buchholz, Buchholz cut-1, "
            "Sonneborn-Berger, direct encounter)") in stdout
    assert "Buchholz   cut-1       S-B      DE  tie broken by" in stdout
    assert "Games differ" in stdout
    # The CSV files.
    with open(out / "swiss.csv", newline="") as f:
        csv_rows = list(csv.DictReader(f))
    assert [r["bot"] for r in csv_rows] == [r["bot"] for r in rows]
    with open(out / "swiss_rounds.csv", newline="") as f:
        assert len(list(csv.DictReader(f))) == ROUNDS * BOTS
    # The report shows it.
    assert '"format_results"' in (out / "report" / "index.html").read_text()
    return table


def test_swiss_table_and_the_same_after_kill_9_and_resume(tmp_path):
    config = tmp_path / "swiss.toml"
    write_config(config)
    secret = tmp_path / "secret"
    subprocess.run([str(harness.arbiter_path()), "secret", "new",
                    str(secret)], check=True, capture_output=True, timeout=60)

    clean_out = tmp_path / "clean"
    code, stdout, stderr = finish(tournament(config, clean_out, secret))
    assert code == 0, stderr[-3000:]
    clean = check_table(clean_out, stdout)

    # `arbiter standings` on the run's records shows the run's table.
    shown = subprocess.run(
        [str(harness.arbiter_path()), "standings",
         str(clean_out / "games.jsonl")],
        capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert f"The Swiss table of {clean_out / 'swiss.json'}" in shown.stdout
    assert "Swiss standings (" in shown.stdout

    # When the ratings order two bots otherwise than the table (here a
    # table edited upside down), one line under each says why.
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "games.jsonl").write_text(
        (clean_out / "games.jsonl").read_text())
    upside_down = dict(clean)
    upside_down["standings"] = [dict(r, place=BOTS - i) for i, r in
                                enumerate(reversed(clean["standings"]))]
    (edited / "swiss.json").write_text(json.dumps(upside_down))
    shown = subprocess.run(
        [str(harness.arbiter_path()), "standings",
         str(edited / "games.jsonl")],
        capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    ratings, table = shown.stdout.split("The Swiss table of")
    note = "The Swiss standings and the ratings order bots differently: "
    assert ratings.count(note) == 1 and table.count(note) == 1, shown.stdout
    assert "the ratings weigh every game by the strength" in table

    # --tables-only (for rounds played one at a time, as on a cluster) with
    # every record as --prior plays nothing and writes the same table.
    final = tmp_path / "final"
    code, stdout, stderr = finish(tournament(
        config, final, secret, "--tables-only", "--prior",
        clean_out / "games.jsonl"))
    assert code == 0, stderr[-3000:]
    assert "(no game played)" in stdout
    assert json.loads((final / "swiss.json").read_text()) == clean
    assert not (final / "logs").exists()

    # Killed in round 2, then resumed.
    out = tmp_path / "killed"
    popen = tournament(config, out, secret)
    records = out / "games.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and popen.poll() is None:
        if records.exists() and records.read_text().count("\n") >= 5:
            break
        time.sleep(0.05)
    assert popen.poll() is None, "the run ended before it was killed"
    os.kill(popen.pid, signal.SIGKILL)
    finish(popen)
    assert not (out / "swiss.json").exists()
    code, stdout, stderr = finish(tournament(config, out, secret))
    assert code == 0, stderr[-3000:]
    resumed = check_table(out, stdout)
    assert resumed == clean
