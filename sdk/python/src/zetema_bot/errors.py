"""The errors the SDK raises; each message says what went wrong and where."""


class ZetemaError(Exception):
    """Base class of every error the SDK raises."""

    exit_code = 1


class ConfigurationError(ZetemaError):
    """No arbiter address or token (neither flag nor environment)."""

    exit_code = 2


class ConnectionFailed(ZetemaError):
    """The arbiter could not be reached, or the stream broke."""

    exit_code = 3


class ProtocolError(ZetemaError):
    """The arbiter refused a message, or sent one that makes no sense."""

    exit_code = 4


class VersionMismatch(ProtocolError):
    """The arbiter speaks another protocol version than this SDK."""

    exit_code = 5


class BadToken(ProtocolError):
    """The arbiter did not accept the token (unknown or already used)."""

    exit_code = 6


class GameNotDeclared(ProtocolError):
    """The arbiter plays a game this bot did not declare (run's `games`)."""

    exit_code = 7
