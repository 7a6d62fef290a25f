"""The connection to the arbiter and the game loop behind one callback.

    import zetema_bot

    def choose(observation, legal_actions):
        return 0                      # an index, an Action, or "discard 9H"

    zetema_bot.run(choose, name="first", version="1.0")

A bot declares the games it plays (`games=["pontoon"]`; none means zetema
only); the callback gets each game's own observation and actions (the
game's module in zetema_bot.games), and an index answers in every game.

The arbiter address and the one-time token come from --address/--token flags
or, failing those, from ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN (which a
spawning arbiter sets). One stream carries any number of games; the loop
returns when the arbiter closes the stream between games or says SHUTDOWN.
"""

import argparse
import logging
import os
import sys
from typing import Callable, List, Optional, Sequence, Tuple

from zetema_bot.actions import Action
from zetema_bot.errors import (BadToken, ConfigurationError, ConnectionFailed,
                               GameNotDeclared, ProtocolError, VersionMismatch,
                               ZetemaError)
from zetema_bot import games as _games
from zetema_bot.game import GameInfo
from zetema_bot.zetema import Observation
from zetema_bot.proto import PROTOCOL_VERSION, arbiter_pb2
from zetema_bot._transport import Stream, StreamError

ADDRESS_ENV = "ZETEMA_ARBITER_ADDRESS"
TOKEN_ENV = "ZETEMA_TOKEN"

log = logging.getLogger("zetema_bot")

# Zetema's types shown; other games pass their own (zetema_bot.games).
Callback = Callable[[Observation, List[Action]], object]


def _from_flags_and_env(argv, env):
    env = os.environ if env is None else env
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--address")
    parser.add_argument("--token")
    args, rest = parser.parse_known_args(argv)
    address = args.address or env.get(ADDRESS_ENV, "")
    token = args.token if args.token is not None else env.get(TOKEN_ENV, "")
    return address, token, rest


def _check(address, token):
    if not address:
        raise ConfigurationError(
            "no arbiter address: pass --address HOST:PORT (or unix:///path) "
            "or set %s" % ADDRESS_ENV)
    if not token:
        raise ConfigurationError(
            "no token: pass --token TOKEN or set %s (the arbiter prints or "
            "passes one token per bot)" % TOKEN_ENV)


def connection_args(argv: Optional[Sequence[str]] = None,
                    env=None) -> Tuple[str, str, List[str]]:
    """(address, token, the other arguments) from flags, then environment.

    --address and --token override ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN;
    arguments the SDK does not know are returned for the bot's own use.
    Raises ConfigurationError when either is missing."""
    address, token, rest = _from_flags_and_env(argv, env)
    _check(address, token)
    return address, token, rest


def reply_for(choice, legal: list, request_id: int, game: str = "zetema"):
    """The ActionReply for what a callback returned: an index into `legal`,
    one of its action values (sent by index), another action of the game
    (sent structured), text in the game's notation (sent as is: the arbiter
    judges it) or the game's Action message. `game`: the game's name (its
    module in zetema_bot.games)."""
    reply = arbiter_pb2.ActionReply(request_id=request_id)
    module = _games.module_for(game) or _games.TEXT
    if isinstance(choice, bool) or choice is None:
        raise TypeError("the callback returned %r; return an index, an "
                        "Action or action text such as 'discard 9H'"
                        % (choice,))
    if isinstance(choice, int):
        if not 0 <= choice < len(legal):
            raise ValueError("the callback returned index %d, but there are "
                             "%d legal actions" % (choice, len(legal)))
        reply.index = choice
    elif isinstance(choice, str):
        reply.text = choice
    elif not module.set_answer(choice, legal, reply):
        raise TypeError("the callback returned a %s; return an index, an "
                        "Action or action text such as 'discard 9H'"
                        % type(choice).__name__)
    return reply


def _code_name(code: int) -> str:
    try:
        return arbiter_pb2.ErrorCode.Name(code)
    except ValueError:  # a code newer than these stubs
        return "error code %d" % code


def _error_for(error, declared=()) -> ZetemaError:
    text = "the arbiter refused the connection: %s: %s" % (
        _code_name(error.code), error.message)
    if error.code == arbiter_pb2.ERROR_CODE_VERSION_MISMATCH:
        return VersionMismatch(
            "protocol version mismatch: this SDK speaks version %d; the "
            "arbiter says: %s" % (PROTOCOL_VERSION, error.message))
    if error.code == arbiter_pb2.ERROR_CODE_BAD_TOKEN:
        return BadToken("the arbiter did not accept the token (%s); a token "
                        "is good for one connection only" % error.message)
    if error.code == arbiter_pb2.ERROR_CODE_GAME_NOT_DECLARED:
        return GameNotDeclared(
            "the arbiter refused this bot for a game it does not declare: "
            "%s; declare every game the bot plays in run(..., games=[...]) "
            "(now: %s)" % (error.message, ", ".join(declared) or
                           "none, which means zetema only"))
    return ProtocolError(text)


def play(callback: Callback, name: str, version: str = "0", *,
         address: Optional[str] = None, token: Optional[str] = None,
         argv: Optional[Sequence[str]] = None,
         on_connect: Optional[Callable] = None,
         on_game_start: Optional[Callable] = None,
         on_event: Optional[Callable] = None,
         on_game_end: Optional[Callable] = None,
         connect_timeout: float = 10.0,
         protocol_version: int = PROTOCOL_VERSION,
         games: Optional[Sequence[str]] = None) -> int:
    """Connects, says hello and plays every game the arbiter sends.

    callback(observation, legal_actions) -> an index, an action or text.
    games: the games this bot plays ("zetema", "pontoon", ...; default:
    zetema only); the arbiter refuses the bot for any other.
    on_connect(welcome), on_game_start(game), on_event(event, game),
    on_game_end(result, game): optional hooks (welcome is the
    arbiter.v1.Welcome, game a GameInfo, event the game's Event message, e.g.
    zetema.v1.Event, result a arbiter.v1.Result). Returns the number of games
    that ended. Raises a ZetemaError subclass on a configuration, connection
    or protocol error; an exception from the callback or a hook propagates
    after the stream is closed."""
    declared = _declared_games(games)
    if address is None or token is None:
        flag_address, flag_token, _ = _from_flags_and_env(argv, None)
        address = address or flag_address
        token = token if token is not None else flag_token
    _check(address, token)
    stream = Stream(address, connect_timeout)
    try:
        stream.send(arbiter_pb2.BotMessage(hello=arbiter_pb2.Hello(
            token=token, bot_name=name, bot_version=str(version),
            protocol_version=protocol_version, games=declared,
            events_in_request=True)))
        return _loop(stream, callback, on_connect, on_game_start, on_event,
                     on_game_end, declared)
    finally:
        stream.close()


def _declared_games(games) -> List[str]:
    """The Hello's game list: names of games, none means zetema only."""
    if games is None:
        return []
    try:
        names = None if isinstance(games, str) else list(games)
    except TypeError:
        names = None
    if names is None or not all(
            isinstance(g, str) and g and g.strip() == g for g in names):
        raise ConfigurationError(
            "games wants a list of game names such as ['pontoon'] or %r, "
            "got %r" % (list(_games.ALL_GAMES), games))
    return names


def _take_events(game_event, game, on_event) -> None:
    """Adds a GameEvent's events to the game's history, in order."""
    module = _games.module_for(game_event.WhichOneof("events") or "") or \
        _games.TEXT
    for event in module.events_of(game_event):
        if game is not None:
            game.history.append(event)
        if on_event:
            on_event(event, game)


def _loop(stream, callback, on_connect, on_game_start, on_event,
          on_game_end, declared=()) -> int:
    welcomed = False
    games = {}
    finished = 0
    try:
        for message in stream:
            kind = message.WhichOneof("message")
            if kind == "error":
                if message.error.code == arbiter_pb2.ERROR_CODE_SHUTDOWN:
                    log.info("the arbiter is done: %s", message.error.message)
                    return finished
                raise _error_for(message.error, declared)
            if not welcomed:
                if kind != "welcome":
                    raise ProtocolError("expected a Welcome from the arbiter, "
                                        "got a %s" % kind)
                if message.welcome.protocol_version != PROTOCOL_VERSION:
                    raise VersionMismatch(
                        "protocol version mismatch: this SDK speaks version "
                        "%d, the arbiter version %d" %
                        (PROTOCOL_VERSION, message.welcome.protocol_version))
                welcomed = True
                log.info("connected to arbiter %s as %s",
                         message.welcome.arbiter_version,
                         message.welcome.player_name)
                if on_connect:
                    on_connect(message.welcome)
            elif kind == "game_start":
                game = GameInfo(message.game_start)
                games[game.game_id] = game
                if on_game_start:
                    on_game_start(game)
            elif kind == "game_event":
                _take_events(message.game_event,
                             games.get(message.game_event.game_id), on_event)
            elif kind == "decision_request":
                request = message.decision_request
                game = games.get(request.game_id)
                # Events the arbiter put inside the request (the Hello asked
                # for that) happened before it.
                if request.HasField("events"):
                    _take_events(request.events, game, on_event)
                member = request.WhichOneof("decision")
                module = _games.module_for(member or "")
                if module is None:
                    raise ProtocolError(
                        "decision request %d is for a game this SDK does not "
                        "know (%s): update the SDK" %
                        (request.request_id, member))
                legal = module.legal_actions(request)
                choice = callback(module.observation(request, game), legal)
                stream.send(arbiter_pb2.BotMessage(
                    action_reply=reply_for(choice, legal, request.request_id,
                                           module.NAME)))
            elif kind == "game_end":
                end = message.game_end
                # `outcome` is set by arbiters from 0.2 on; `zetema` by all.
                result = end.outcome if end.HasField("outcome") else end.zetema
                game = games.pop(end.game_id, None)
                finished += 1
                if game is not None:
                    game.result = result
                if on_game_end:
                    on_game_end(result, game)
            elif kind == "welcome":
                raise ProtocolError("a second Welcome on one stream")
    except StreamError as e:
        if welcomed and not games:
            log.info("the arbiter closed the stream: %s", e.code)
            return finished
        where = ("in the middle of game %s" % ", ".join(games)
                 if welcomed else "before welcoming this bot")
        raise ConnectionFailed("the stream to %s broke %s: %s %s" %
                               (stream.address, where, e.code,
                                e.details)) from None
    if not welcomed:
        raise ProtocolError("the arbiter closed the stream without a Welcome")
    if games:
        raise ConnectionFailed("the arbiter closed the stream in the middle "
                               "of game %s" % ", ".join(games))
    return finished


def run(callback: Callback, name: str, version: str = "0", **kwargs) -> int:
    """play(), for a bot's main: an SDK error is printed on one line to
    stderr and the process exits with a non-zero status (2 configuration,
    3 connection, 4 protocol, 5 version mismatch, 6 bad token, 7 a game
    the bot did not declare)."""
    try:
        return play(callback, name, version, **kwargs)
    except ZetemaError as e:
        print("%s: error: %s" % (name, e), file=sys.stderr)
        sys.exit(e.exit_code)
