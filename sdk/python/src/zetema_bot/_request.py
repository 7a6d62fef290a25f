"""The part of every game's observation that comes from the decision
request itself, whatever the game."""


def take_request(view, request, game) -> None:
    """Sets view.game (the GameInfo, or None), view.ruleset (the game's
    Ruleset message, or None), request_id, time_left_ms (the time this
    decision may take), move_limit_ms and bank_ms."""
    view.game = game
    view.ruleset = game.ruleset if game is not None else None
    view.request_id = request.request_id
    view.time_left_ms = request.time_left_ms
    view.move_limit_ms = request.move_limit_ms
    view.bank_ms = request.bank_ms
