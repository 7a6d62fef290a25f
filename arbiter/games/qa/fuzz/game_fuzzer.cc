// libFuzzer target for every registered game, through the game interface
// (run it with scripts/fuzz). The input chooses a game, a preset, a seat
// count and a seed, then drives the game one operation per byte:
//   0  play the legal action the next byte picks
//   1  answer with text made of the next bytes: a refusal, or an index that
//      the action's own text parses back to (then played)
//   2  answer with an ActionReply parsed from the next bytes: a refusal, or
//      an index in range (then played)
//   3  check the table view (the cards never change), a clone, and that the
//      seat to act has a legal action
// Every message the game fills is built too. At the end, the game's record
// must replay to the same game. A broken invariant aborts, which libFuzzer
// reports as a crash with the input that caused it.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "arbiter/games/qa/checks.h"
#include "arbiter/games/registry.h"

namespace game::qa {
namespace {

// Games are cut short: long games add little coverage per second.
constexpr int kMaxOperations = 3000;

[[noreturn]] void Die(const std::string& what, const State& state) {
  std::fprintf(stderr, "INVARIANT BROKEN: %s\n%s\n", what.c_str(),
               state.ToJson().dump(1).c_str());
  std::abort();
}

// A refused answer names what was wrong; an accepted one is a legal index.
void CheckAnswer(const State& s, const std::expected<int, Refusal>& answer,
                 const std::string& what) {
  if (!answer && answer.error().detail.empty()) {
    Die(what + ": a refusal that says nothing", s);
  }
  if (answer && (*answer < 0 || *answer >= s.NumLegalActions())) {
    Die(what + ": index " + std::to_string(*answer) + " is out of range", s);
  }
}

void FillEverything(const State& s) {
  v1::DecisionRequest request;
  if (!s.IsTerminal()) s.FillDecision(&request);
  for (int seat = -2; seat < s.NumSeats(); ++seat) {
    v1::GameEvent events;
    s.FillEvents(0, seat, &events);
    if (seat >= 0) (void)s.ObservationText(seat);
  }
}

void Run(FuzzedDataProvider& data) {
  const auto games = Games();
  const GameType& type = *games[data.ConsumeIntegral<uint8_t>() % games.size()];
  const auto presets = type.Presets();
  auto game = type.Load(presets[data.ConsumeIntegral<uint8_t>() % presets.size()]);
  if (!game) std::abort();  // a preset always loads
  const int seats = data.ConsumeIntegralInRange(type.MinSeats(), type.MaxSeats());
  const Setup setup{.num_seats = seats, .seed = data.ConsumeIntegral<uint64_t>()};
  auto created = (*game)->NewState(setup);
  if (!created) std::abort();  // a seat count in range always deals
  State& s = **created;
  const std::vector<std::string> cards = AllCards(s.View());
  std::vector<std::string> played;
  for (int op = 0; op < kMaxOperations && !s.IsTerminal() &&
                   data.remaining_bytes() > 0;
       ++op) {
    std::expected<int, Refusal> answer;
    switch (data.ConsumeIntegral<uint8_t>() % 4) {
      case 0:
        answer = data.ConsumeIntegral<uint8_t>() % s.NumLegalActions();
        break;
      case 1: {
        const std::string text = data.ConsumeRandomLengthString(48);
        answer = s.ParseText(text);
        CheckAnswer(s, answer, "text '" + text + "'");
        if (answer) {
          const auto back = s.ParseText(s.LegalActionText(*answer));
          if (!back || *back != *answer) {
            Die("'" + text + "' is not the action its text parses to", s);
          }
        }
        break;
      }
      case 2: {
        v1::ActionReply reply;
        const std::string bytes = data.ConsumeRandomLengthString(64);
        if (!reply.ParseFromString(bytes)) continue;
        if (reply.answer_case() == v1::ActionReply::kIndex ||
            reply.answer_case() == v1::ActionReply::kText ||
            reply.answer_case() == v1::ActionReply::ANSWER_NOT_SET) {
          continue;  // the arbiter handles these itself
        }
        answer = s.ParseTyped(reply);
        CheckAnswer(s, answer, "typed answer " + reply.ShortDebugString());
        break;
      }
      default: {
        if (AllCards(s.View()) != cards) Die("the cards changed", s);
        if (s.NumLegalActions() <= 0) Die("no legal action", s);
        if (s.Clone()->ToJson() != s.ToJson()) Die("a clone differs", s);
        FillEverything(s);
        continue;
      }
    }
    if (!answer) continue;
    played.push_back(s.LegalActionText(*answer));
    s.Apply(*answer);
  }
  FillEverything(s);
  (void)s.GetOutcome();
  // The record replays to the same game.
  v1::GameRecord record;
  record.set_num_players(seats);
  record.set_seed(setup.seed);
  s.FillRecord(&record);
  auto again = type.FromRecord(record);
  if (!again) Die("the record's ruleset does not load: " + again.error(), s);
  auto replay = (*again)->NewState(SetupFromRecord(record));
  if (!replay) Die("the record does not deal: " + replay.error(), s);
  for (const auto& text : played) {
    if (!(*replay)->ApplyText(text)) Die("the record does not replay", s);
  }
  if ((*replay)->ToJson() != s.ToJson()) Die("the replay differs", s);
}

}  // namespace
}  // namespace game::qa

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  game::qa::Run(data);
  return 0;
}
