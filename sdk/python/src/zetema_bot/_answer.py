"""The part of set_answer (games.py) that every typed game shares."""


def set_typed_answer(choice, legal, reply, action_type, message_type, field,
                     to_proto) -> bool:
    """Fills `reply` for a callback's answer that is an `action_type` value
    (sent by its index when it is in `legal`, else as the game's message in
    ActionReply's `field`) or a `message_type` message; False otherwise."""
    if isinstance(choice, action_type):
        if (choice.index is not None and 0 <= choice.index < len(legal)
                and legal[choice.index] == choice):
            reply.index = choice.index
        elif choice in legal:
            reply.index = legal.index(choice)
        else:
            getattr(reply, field).CopyFrom(to_proto(choice))
        return True
    if isinstance(choice, message_type):
        getattr(reply, field).CopyFrom(choice)
        return True
    return False
