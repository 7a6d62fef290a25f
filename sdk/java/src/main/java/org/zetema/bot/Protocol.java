package org.zetema.bot;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import io.grpc.MethodDescriptor;
import io.grpc.protobuf.ProtoUtils;

/**
 * The protocol's one gRPC method, {@code arbiter.v1.Arbiter/Play}, written by
 * hand: a bidirectional stream of BotMessage and ArbiterMessage. This saves
 * the grpc-java code generator (a second compiler to install and keep in step
 * with grpc-java) for one descriptor.
 *
 * <p>The protocol's messages are the classes protoc generates from proto/:
 * packages {@code arbiter.v1}, {@code zetema.v1}, {@code pontoon.v1} and
 * {@code scotch_whist.v1} (the proto packages; the files set no
 * {@code java_package}).
 */
public final class Protocol {
  /** The protocol version this SDK speaks (Hello.protocol_version). */
  public static final int VERSION = 1;

  public static final String SERVICE = "arbiter.v1.Arbiter";

  public static final MethodDescriptor<BotMessage, ArbiterMessage> PLAY =
      MethodDescriptor.<BotMessage, ArbiterMessage>newBuilder()
          .setType(MethodDescriptor.MethodType.BIDI_STREAMING)
          .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, "Play"))
          .setRequestMarshaller(ProtoUtils.marshaller(BotMessage.getDefaultInstance()))
          .setResponseMarshaller(ProtoUtils.marshaller(ArbiterMessage.getDefaultInstance()))
          .build();

  private Protocol() {}
}
