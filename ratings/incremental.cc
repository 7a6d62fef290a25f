#include "ratings/incremental.h"

namespace ratings {

struct IncrementalRatings::State {
  Options options;
  int64_t games = 0;
  std::vector<Estimate> estimates;
};

IncrementalRatings::IncrementalRatings(Options options)
    : state_(std::make_unique<State>()) {
  state_->options = std::move(options);
}
IncrementalRatings::~IncrementalRatings() = default;
IncrementalRatings::IncrementalRatings(IncrementalRatings&&) noexcept = default;
IncrementalRatings& IncrementalRatings::operator=(
    IncrementalRatings&&) noexcept = default;

std::expected<void, std::string> IncrementalRatings::Add(const Game& game) {
  return std::unexpected("game " + game.id + ": not implemented yet");
}

int64_t IncrementalRatings::games() const { return state_->games; }

std::expected<void, std::string> IncrementalRatings::Refit() {
  return std::unexpected("no games");
}

const std::vector<IncrementalRatings::Estimate>& IncrementalRatings::estimates()
    const {
  return state_->estimates;
}

}  // namespace ratings
