#include "arbiter/match/decision.h"

#include <atomic>

namespace arbiter {

std::expected<int, DecisionFault> CheckAnswer(const v1::ActionReply& reply,
                                              const game::State& state) {
  auto fault = [](v1::FaultReason reason, std::string detail) {
    return std::unexpected(
        DecisionFault{.reason = reason, .detail = std::move(detail)});
  };
  std::expected<int, game::Refusal> parsed;
  switch (reply.answer_case()) {
    case v1::ActionReply::kIndex:
      if (reply.index() >= uint32_t(state.NumLegalActions())) {
        return fault(
            v1::FAULT_REASON_ILLEGAL_ACTION,
            "index " + std::to_string(reply.index()) + " is out of range: " +
                std::to_string(state.NumLegalActions()) + " legal actions");
      }
      return int(reply.index());
    case v1::ActionReply::kText:
      parsed = state.ParseText(reply.text());
      break;
    case v1::ActionReply::ANSWER_NOT_SET:
      return fault(v1::FAULT_REASON_MALFORMED_MESSAGE,
                   "the reply has no index, action or text");
    default:  // a game's typed action
      parsed = state.ParseTyped(reply);
      break;
  }
  if (parsed) return *parsed;
  return fault(parsed.error().kind == game::Refusal::kMalformed
                   ? v1::FAULT_REASON_MALFORMED_MESSAGE
                   : v1::FAULT_REASON_ILLEGAL_ACTION,
               parsed.error().detail);
}

v1::ArbiterMessage MakeDecisionRequest(uint64_t id, const game::State& state,
                                       const SeatClock& clock,
                                       const std::string& game_id) {
  v1::ArbiterMessage m;
  FillDecisionRequest(id, state, clock, game_id, &m);
  return m;
}

void FillDecisionRequest(uint64_t id, const game::State& state,
                         const SeatClock& clock, const std::string& game_id,
                         v1::ArbiterMessage* out) {
  auto* r = out->mutable_decision_request();
  r->set_request_id(id);
  r->set_game_id(game_id);
  r->set_time_left_ms(uint32_t(clock.Allowed().count() / 1000));
  r->set_bank_ms(uint32_t(clock.bank().count() / 1000));
  r->set_move_limit_ms(
      uint32_t((clock.Allowed() - clock.bank()).count() / 1000));
  state.FillDecision(r);
  for (int i = 0; i < state.NumLegalActions(); ++i) {
    r->add_legal_action_points(state.LegalActionPoints(i));
  }
}

DecisionFault ClosedStreamFault(const ProcessEnded& process_ended,
                                const std::string& when) {
  if (!process_ended) {
    return {.reason = v1::FAULT_REASON_DISCONNECT,
            .detail = "the stream of a bot that runs elsewhere closed " + when};
  }
  if (auto how = process_ended()) {
    return {.reason = v1::FAULT_REASON_CRASH,
            .detail = "the bot's process ended " + when + ": " + *how};
  }
  return {.reason = v1::FAULT_REASON_DISCONNECT,
          .detail =
              "the bot's stream closed " + when + " while its process ran on"};
}

uint64_t NextRequestId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1);
}

std::expected<Decision, DecisionFault> AskForDecision(
    BotChannel& channel, const game::State& state, SeatClock& clock,
    const std::string& game_id, const ProcessEnded& process_ended,
    v1::ArbiterMessage* events, google::protobuf::Arena& arena) {
  const uint64_t id = NextRequestId();
  auto& request =
      *google::protobuf::Arena::CreateMessage<v1::ArbiterMessage>(&arena);
  FillDecisionRequest(id, state, clock, game_id, &request);
  if (events != nullptr && channel.events_in_request()) {
    request.mutable_decision_request()->mutable_events()->Swap(
        events->mutable_game_event());
  } else if (events != nullptr) {
    // A stream that closed meanwhile fails the request's Send below too.
    channel.Send(*events);
  }
  const auto start = Clock::now();
  const auto deadline = start + clock.HardLimit();
  auto elapsed_us = [&] {
    return uint32_t(std::chrono::duration_cast<std::chrono::microseconds>(
                        Clock::now() - start)
                        .count());
  };
  auto fault = [&](arbiter::v1::FaultReason reason, std::string detail) {
    return std::unexpected(DecisionFault{.reason = reason,
                                         .detail = std::move(detail),
                                         .decision_us = elapsed_us(),
                                         .request_id = id});
  };
  auto closed = [&] {
    DecisionFault f = ClosedStreamFault(process_ended, "during the game");
    return fault(f.reason, std::move(f.detail));
  };
  if (!channel.Send(request)) return closed();
  while (true) {
    auto message = channel.Receive(deadline);
    if (!message) {
      if (message.error() == ReceiveError::kClosed) return closed();
      if (message.error() == ReceiveError::kMalformed) {
        const std::string why = channel.MalformedDetail();
        return fault(
            arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE,
            "the bot sent " +
                (why.empty() ? std::string("an unreadable message") : why));
      }
      return fault(arbiter::v1::FAULT_REASON_TIMEOUT,
                   "no answer within " +
                       std::to_string(clock.HardLimit().count() / 1000) +
                       " ms (limit plus grace)");
    }
    if (!message->has_action_reply()) {
      return fault(arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE,
                   "expected an ActionReply, got another message");
    }
    const auto& reply = message->action_reply();
    // Answers to earlier requests (late, or duplicates) are never credited.
    if (reply.request_id() != 0 && reply.request_id() < id) continue;
    if (reply.request_id() != id) {
      return fault(arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE,
                   "answer to unknown request id " +
                       std::to_string(reply.request_id()) + " (expected " +
                       std::to_string(id) + ")");
    }
    const uint32_t used_us = elapsed_us();
    if (!clock.Charge(std::chrono::microseconds(used_us))) {
      return fault(arbiter::v1::FAULT_REASON_TIMEOUT,
                   "answered after " + std::to_string(used_us / 1000) +
                       " ms, beyond the limit plus grace");
    }
    auto action = CheckAnswer(reply, state);
    if (!action) {
      action.error().decision_us = used_us;
      action.error().request_id = id;
      return std::unexpected(action.error());
    }
    return Decision{
        .action = *action, .decision_us = used_us, .request_id = id};
  }
}

}  // namespace arbiter
