"""Misbehaving bot: says hello with protocol version 2 (startup fault: the
arbiter answers VERSION_MISMATCH and the SDK exits 5 with a clear line)."""
import botlib

botlib.record_pid()
version = 2 if botlib.first_time("wrong_version") else 1
botlib.zetema_bot.run(botlib.greedy.choose, name="wrong_version",
                      version="e2e", protocol_version=version)
