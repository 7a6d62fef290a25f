"""Misbehaving bot: answers a decision with a second Hello instead of an
ActionReply (malformed message)."""
import botlib

botlib.record_pid()
misbehave = botlib.first_time("hello_again")
stream = botlib.RawStream()
stream.hello("hello_again")
for request in stream.decisions():
    if misbehave:
        misbehave = False
        botlib.log("saying hello again")
        stream.hello("hello_again")
    else:
        stream.send(botlib.reply(request, index=botlib.greedy_index(request)))
botlib.sleep_forever()
