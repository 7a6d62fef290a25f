// How the arbiter's gRPC waits for its sockets: the "poll" engine rather
// than gRPC's default ("epoll1"), unless GRPC_POLL_STRATEGY says otherwise.
//
// With epoll1, every socket of the process sits in one epoll set that one
// waiting thread at a time polls for all: with two games at once, one game
// thread reads the other's answers and wakes it (two wake-ups per decision,
// and each thread waits its turn to poll), and each socket is registered
// for writability too, so that a bot reading its request wakes the thread
// waiting for its answer for nothing. The poll engine polls, for the thread
// waiting on a stream's queue, that stream's socket only, and for
// writability only while a write waits for room. docs/performance.md has
// the figures.
#ifndef ARBITER_SERVER_POLL_STRATEGY_H_
#define ARBITER_SERVER_POLL_STRATEGY_H_

namespace arbiter {

// Initializes gRPC for the process with that engine, Abseil's mutex
// deadlock detector off (the first call does;
// later ones do nothing) and keeps it initialized until the process exits:
// gRPC reads the engine's name once, as it initializes. Call before any
// other gRPC object is made (Server::Start does); a gRPC already
// initialized keeps its engine. The variable is set only while gRPC reads
// it, so that processes started later (bots) inherit the environment as it
// was.
void InitGrpcPollStrategy();

}  // namespace arbiter

#endif  // ARBITER_SERVER_POLL_STRATEGY_H_
