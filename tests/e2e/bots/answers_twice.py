"""Misbehaving bot: sends every answer twice; the duplicate must be ignored
(no fault), never credited to the next request."""
import botlib

botlib.record_pid()
stream = botlib.RawStream()
stream.hello("answers_twice")
for request in stream.decisions():
    index = botlib.greedy_index(request)
    botlib.log_move("answers_twice", request.zetema.legal_actions[index].text)
    stream.send(botlib.reply(request, index=index))
    # The duplicate names another action: crediting it would show.
    stream.send(botlib.reply(request, index=0))
botlib.sleep_forever()
