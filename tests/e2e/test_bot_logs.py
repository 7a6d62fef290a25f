"""Bot logs in the report: a real tournament and a real `arbiter play` of
bots that write to stderr. Every game's replay in the report shows its own
bots' lines, from the right seat and step, and no other game's; a bot line
that looks like the arbiter's marker of another game moves nothing."""
import base64
import gzip
import json
import re
import subprocess

from harness import BOTS, arbiter_path, python_bot

CHATTY = BOTS / "chatty.py"
LINE = re.compile(r"^(\w+): game (\S+) seat (\d+) request \d+: "
                  r"\d+ legal actions$")


def replays(report):
    """Every game's replay data, from a report folder's replays/K.js
    (each calls reportReplays(K, [base64 of gzip of JSON, ...]))."""
    blobs = []
    files = sorted((report / "replays").glob("*.js"), key=lambda p: int(p.stem))
    for path in files:
        text = path.read_text()
        assert text.startswith(f"reportReplays({path.stem},"), path
        blobs += json.loads(text[text.index(",") + 1:text.rindex(")")])
    assert blobs, "no replays in " + str(report)
    return [json.loads(gzip.decompress(base64.b64decode(b))) for b in blobs]


def check_logs(games, opaque_ids=False):
    """Each game's logs hold its own bots' lines. With `opaque_ids`
    (tournaments), a bot names a game by the id it was told, one per game,
    never the record's."""
    told = {}
    for game in games:
        gid = game["id"]
        logs = game["logs"]
        assert sorted(logs) == [str(s) for s in range(len(game["seats"]))], (
            gid, logs)
        for seat, log in logs.items():
            bot = game["seats"][int(seat)]["bot"]
            mine, forged_ids = [], set()
            for line, step in zip(log["lines"], log["steps"]):
                m = LINE.match(line)
                if m:
                    # The bot's own line, in its own game and seat, at a
                    # step the seat was asked for.
                    name, its_id, its_seat = m.groups()
                    assert (name, its_seat) == (bot, seat), (gid, line)
                    assert game["steps"][step]["seat"] == int(seat), (
                        gid, step, line)
                    if opaque_ids:
                        assert its_id != gid, line
                        assert told.setdefault(its_id, gid) == gid, line
                    else:
                        assert its_id == gid, (gid, seat, line)
                    mine.append(line)
                else:
                    forged = re.match(r"^\[bot\] \[arbiter\] game forged-(\S+)"
                                      r" seat 0$", line)
                    assert forged, (gid, seat, line)
                    forged_ids.add(forged.group(1))
            # Every decision it was asked for, despite its forged marker
            # (which would have moved the rest to a game "forged-...").
            asked = sum(1 for s in game["steps"]
                        if s["seat"] == int(seat) and not s.get("strike"))
            assert len(mine) == asked, (gid, seat, len(mine), asked)
            # Its forged marker names the game as it was told it.
            assert forged_ids == {LINE.match(line).group(2)
                                  for line in mine}, forged_ids
            assert log["dropped"] == 0


def test_tournament_report_shows_each_games_own_bot_lines(tmp_path):
    config = tmp_path / "chat.toml"
    text = ('name = "chat"\nseed = 5\ndeals_per_pairing = 4\n'
            'concurrency = 2\n[sandbox]\nmode = "none"\n')
    for name in ("ann", "ben", "cal"):
        text += ('[[bots]]\nname = "%s"\ncommand = %s\n'
                 % (name, json.dumps(python_bot(CHATTY, name))))
    config.write_text(text)
    out = tmp_path / "out"
    subprocess.run([str(arbiter_path()), "tournament", str(config),
                    "--out", str(out)], check=True, timeout=300,
                   capture_output=True)
    games = replays(out / "report")
    assert len(games) == 12  # 3 pairings, 4 deals each
    check_logs(games, opaque_ids=True)
    # Several processes of one bot (concurrency 2) each wrote its own log.
    assert len(list((out / "logs").glob("ann.*.log"))) >= 1


def test_play_report_shows_each_games_own_bot_lines(tmp_path):
    out = tmp_path / "games.jsonl"
    subprocess.run([str(arbiter_path()), "play", "--games", "3",
                    "--sandbox", "none", "--out", str(out),
                    "--bot", "ann=" + python_bot(CHATTY, "ann"),
                    "--bot", "ben=" + python_bot(CHATTY, "ben")],
                   check=True, timeout=300, capture_output=True)
    report = tmp_path / "report"
    subprocess.run([str(arbiter_path()), "report", str(out), "-o",
                    str(report)], check=True, timeout=120,
                   capture_output=True)
    games = replays(report)
    assert len(games) == 3
    check_logs(games)
