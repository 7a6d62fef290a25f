"""200 games of the C++ random bot against the Python greedy bot, across 2,
3 and 4 players: every game ends normally, every record verifies, every
recorded action reads back in the Python SDK's notation, and no process is
left behind."""

import collections

import pytest

import harness
import zetema_bot

# 70 + 65 + 65 = 200 games.
GAMES = {2: 70, 3: 65, 4: 65}


@pytest.mark.parametrize("players", sorted(GAMES))
def test_greedy_against_random(tmp_path, players):
    random_bot = harness.random_bot_path()
    if not random_bot.exists():
        pytest.fail("the C++ random bot is not built at %s (set "
                    "ZETEMA_RANDOM_BOT)" % random_bot)
    games = GAMES[players]
    run = harness.play(tmp_path, [("random", str(random_bot)),
                                  ("greedy", harness.python_bot(
                                      harness.GREEDY))],
                       players=players, games=games, seed=100 + players,
                       move_ms=2000, timeout=600)
    left = harness.leftovers(run)
    harness.kill_leftovers(left)
    assert run.returncode == 0, run.stderr[-3000:]
    assert not left, "left behind: %s" % harness.describe(left)
    assert len(run.records) == games

    status, output = harness.verify(run)
    assert status == 0, output
    assert "%d records, %d ok" % (games, games) in output, output

    ids = set()
    wins = collections.Counter()
    for record in run.records:
        result = record["result"]
        assert record["num_players"] == players
        assert result.get("faults", []) == [], record["game_id"]
        assert result["end_reason"] == "END_REASON_TARGET", record["game_id"]
        assert len(record["steps"]) > 0
        names = [s["bot_name"] for s in record["seats"]]
        assert sorted(set(names)) == ["greedy", "random"]
        wins[names[result["winner"]]] += 1
        ids.add(record["game_id"])
        for step in record["steps"]:
            # The arbiter's text and the SDK's canonical text agree.
            text = step["action"]
            assert zetema_bot.format_action(zetema_bot.parse_action(text)) \
                == text
    assert len(ids) == games
    # Greedy scores points whenever it can; it should win most games.
    assert wins["greedy"] > games // 2, dict(wins)
