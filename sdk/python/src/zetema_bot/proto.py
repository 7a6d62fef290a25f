"""The generated protocol modules (made at build time from proto/).

    from zetema_bot.proto import arbiter_pb2, arbiter_pb2_grpc, zetema_pb2
    from zetema_bot.proto import pontoon_pb2       # one module per game
"""

try:
    from zetema_bot._proto.arbiter.v1 import (arbiter_pb2, arbiter_pb2_grpc,
                                              record_pb2)
    from zetema_bot._proto.zetema.v1 import zetema_pb2
    from zetema_bot._proto.pontoon.v1 import pontoon_pb2
    from zetema_bot._proto.scotch_whist.v1 import scotch_whist_pb2
except ImportError as e:  # a source checkout, not an installed package
    raise ImportError(
        "zetema_bot's generated protocol stubs are missing (%s): install the "
        "package with `pip install ./sdk/python` rather than importing it "
        "from the source tree" % e) from e

PROTOCOL_VERSION = arbiter_pb2.PROTOCOL_VERSION_CURRENT

__all__ = ["arbiter_pb2", "arbiter_pb2_grpc", "record_pb2", "zetema_pb2",
           "pontoon_pb2", "scotch_whist_pb2", "PROTOCOL_VERSION"]
