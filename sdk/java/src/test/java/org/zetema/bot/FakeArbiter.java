package org.zetema.bot;

import arbiter.v1.ArbiterMessage;
import arbiter.v1.BotMessage;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An arbiter that plays a script: on every message of the bot it calls the
 * script with everything received so far, and the script answers. It
 * records what the bot sent and whether the bot cancelled the stream.
 */
final class FakeArbiter implements AutoCloseable {
  /** Reacts to the bot's n-th message (0: the Hello). */
  interface Script {
    void react(int n, BotMessage message, StreamObserver<ArbiterMessage> to);
  }

  final List<BotMessage> received = new CopyOnWriteArrayList<>();
  final CountDownLatch ended = new CountDownLatch(1);
  volatile boolean cancelled;
  private final Server server;
  private final EventLoopGroup group;
  final String address;

  private FakeArbiter(Script script, Path socket) throws Exception {
    ServerServiceDefinition service =
        ServerServiceDefinition.builder(Protocol.SERVICE)
            .addMethod(Protocol.PLAY, ServerCalls.asyncBidiStreamingCall(to -> observer(script, to)))
            .build();
    NettyServerBuilder builder;
    if (socket == null) {
      group = null;
      builder = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0));
    } else {
      group = new EpollEventLoopGroup(1);
      builder =
          NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
              .channelType(EpollServerDomainSocketChannel.class)
              .bossEventLoopGroup(group)
              .workerEventLoopGroup(group);
    }
    server = builder.addService(service).directExecutor().build().start();
    address =
        socket == null
            ? "127.0.0.1:" + ((InetSocketAddress) server.getListenSockets().get(0)).getPort()
            : "unix://" + socket;
  }

  static FakeArbiter tcp(Script script) throws Exception {
    return new FakeArbiter(script, null);
  }

  static FakeArbiter unix(Script script, Path socket) throws Exception {
    return new FakeArbiter(script, socket);
  }

  private StreamObserver<BotMessage> observer(Script script, StreamObserver<ArbiterMessage> to) {
    return new StreamObserver<>() {
      @Override
      public void onNext(BotMessage message) {
        received.add(message);
        script.react(received.size() - 1, message, to);
      }

      @Override
      public void onError(Throwable t) {
        cancelled = true;
        ended.countDown();
      }

      @Override
      public void onCompleted() {
        ended.countDown();
      }
    };
  }

  /** Waits until the bot has closed or cancelled its side of the stream. */
  boolean awaitEnd() throws InterruptedException {
    return ended.await(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws Exception {
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    if (group != null) group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }
}
