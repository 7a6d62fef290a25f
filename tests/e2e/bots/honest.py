"""A well-behaved opponent: the greedy sample bot, recording its pid."""
import botlib

botlib.record_pid()
botlib.play_well("honest")
