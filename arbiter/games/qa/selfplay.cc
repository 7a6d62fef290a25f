#include "arbiter/games/qa/selfplay.h"

#include "arbiter/common/splitmix.h"

namespace game::qa {
namespace {

constexpr auto Mix = arbiter::SplitMix64Of;

void PlayOne(const Game& g, const Setup& setup, SelfplaySummary* s) {
  auto state = *g.NewState(setup);
  uint64_t rng = setup.seed;
  while (!state->IsTerminal()) {
    rng = Mix(rng);
    state->Apply(int(rng % uint64_t(state->NumLegalActions())));
    ++s->decisions;
  }
  const Outcome o = state->GetOutcome();
  ++s->games;
  s->hands += o.hands_played;
  if (o.end_reason == v1::END_REASON_MAX_HANDS) ++s->max_hand_games;
  const auto tallies = state->Tallies();
  if (s->tallies.empty()) {
    s->tallies = tallies;
  } else {
    for (size_t i = 0; i < tallies.size(); ++i) {
      s->tallies[i].value += tallies[i].value;
    }
  }
}

}  // namespace

std::expected<std::vector<SelfplayRow>, std::string> Selfplay(
    const GameType& type, const SelfplayRequest& request) {
  std::vector<std::string> presets;
  if (request.preset.empty()) {
    for (auto name : type.Presets()) presets.emplace_back(name);
  } else {
    presets.push_back(request.preset);
  }
  std::vector<SelfplayRow> rows;
  for (size_t p = 0; p < presets.size(); ++p) {
    auto g = type.Load(presets[p]);
    if (!g) return std::unexpected(presets[p] + ": " + g.error());
    for (int players = type.MinSeats(); players <= type.MaxSeats(); ++players) {
      if (request.players != 0 && request.players != players) continue;
      SelfplayRow row{presets[p], players, {}};
      for (int i = 0; i < request.games; ++i) {
        const uint64_t seed =
            Mix(request.seed ^ Mix(p * 64 + uint64_t(players)) ^ Mix(i + 1));
        PlayOne(**g, {.num_seats = players, .seed = seed}, &row.summary);
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

}  // namespace game::qa
