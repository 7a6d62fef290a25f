"""Misbehaving bot: answers with text that is no action (malformed message)."""
import botlib

botlib.record_pid()
misbehave = botlib.first_time("unreadable_text")


def choose(observation, legal):
    global misbehave
    if misbehave:
        misbehave = False
        return "pass the salt, please"
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="unreadable_text", version="e2e")
