package org.zetema.bot;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Channels to the arbiter: HOST:PORT over TCP, unix:///path over a unix socket. */
final class Channels {
  static final String UNIX = "unix://";
  // Far above any message of the protocol: the arbiter never waits for a
  // window update.
  static final int FLOW_WINDOW = 1 << 20;
  // Netty warns on stderr, some with a stack trace, that a sandbox shows it
  // no network interface or hardware address and that a unix socket has no
  // SO_KEEPALIVE (which grpc sets on every transport): noise in a bot's log.
  // Netty's loggers inherit this level; it is kept here so that it stays set.
  private static final Logger NETTY_LOG = Logger.getLogger("io.grpc.netty.shaded.io.netty");

  static {
    NETTY_LOG.setLevel(Level.SEVERE);
  }

  /** A ready channel and the event loop it owns (unix sockets only). */
  record Opened(ManagedChannel channel, EventLoopGroup group) implements AutoCloseable {
    @Override
    public void close() {
      channel.shutdownNow();
      if (group != null) group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  private Channels() {}

  static Opened open(String address, int timeoutMs) throws ZetemaException {
    NettyChannelBuilder builder;
    EventLoopGroup group = null;
    if (address.startsWith("unix:")) {
      String path = address.startsWith(UNIX) ? address.substring(UNIX.length()) : address.substring(5);
      if (path.isEmpty()) {
        throw new ZetemaException.ConfigurationError(
            "the address " + address + " names no socket: write unix:///path/to/socket");
      }
      if (!Epoll.isAvailable()) {
        throw new ZetemaException.ConfigurationError(
            "unix socket addresses need netty's epoll transport (linux x86_64), which does not"
                + " load here: " + Epoll.unavailabilityCause());
      }
      group = new EpollEventLoopGroup(1, new DefaultThreadFactory("zetema-bot", true));
      builder =
          NettyChannelBuilder.forAddress(new DomainSocketAddress(path))
              .eventLoopGroup(group)
              .channelType(EpollDomainSocketChannel.class);
    } else {
      builder = NettyChannelBuilder.forTarget(address);
    }
    // A bot talks to its arbiter directly, never through an HTTP proxy; the
    // SDK's callback runs on the transport's thread (no hand-over per message).
    // A fixed flow-control window turns off grpc's bandwidth estimator, which
    // otherwise pings the arbiter as decision requests come in.
    ManagedChannel channel =
        builder
            .usePlaintext()
            .proxyDetector(target -> null)
            .directExecutor()
            .flowControlWindow(FLOW_WINDOW)
            .build();
    Opened opened = new Opened(channel, group);
    try {
      awaitReady(channel, timeoutMs);
    } catch (ZetemaException | RuntimeException e) {
      opened.close();
      throw e instanceof ZetemaException
          ? (ZetemaException) e
          : new ZetemaException.ConfigurationError("bad arbiter address " + address + ": " + e.getMessage());
    }
    return opened;
  }

  private static void awaitReady(ManagedChannel channel, int timeoutMs) throws ZetemaException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    ConnectivityState state = channel.getState(true);
    while (state != ConnectivityState.READY) {
      long left = deadline - System.nanoTime();
      CountDownLatch changed = new CountDownLatch(1);
      channel.notifyWhenStateChanged(state, changed::countDown);
      try {
        if (left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
          throw new ZetemaException.ConnectionFailed(
              "cannot reach the arbiter at " + channel.authority() + " within "
                  + Math.round(timeoutMs / 1000.0) + " s");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ZetemaException.ConnectionFailed("interrupted while connecting to the arbiter");
      }
      state = channel.getState(true);
    }
  }
}
