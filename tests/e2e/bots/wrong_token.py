"""Misbehaving bot: connects with a token the arbiter never issued (startup
fault: the arbiter refuses it with BAD_TOKEN and the SDK exits non-zero)."""
import botlib

botlib.record_pid()
token = None
if botlib.first_time("wrong_token"):
    token = "0123456789abcdef-not-a-token"
botlib.zetema_bot.run(botlib.greedy.choose, name="wrong_token", version="e2e",
                      token=token)
