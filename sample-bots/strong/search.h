// The strong bot's search: determinized Monte Carlo with common random
// numbers.
//
// Every round samples one position from the belief (the unseen cards dealt
// at random) and a playout seed, then plays every candidate action from that
// same position with that same seed to the end of the hand, so that the
// candidates are compared on equal luck. Candidates whose paired difference
// to the best is clearly negative are dropped as rounds accumulate; the one
// with the best mean is played.
#ifndef SAMPLE_BOTS_STRONG_SEARCH_H_
#define SAMPLE_BOTS_STRONG_SEARCH_H_

#include <chrono>
#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "arbiter/games/zetema/state.h"
#include "sample-bots/strong/belief.h"

namespace strong {

struct SearchLimits {
  // Stop at this time (a round cut short is not counted).
  std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::time_point::max();
  // Stop after this many rounds; 0: no limit. With the deadline far off,
  // the result depends only on the belief, the candidates and the seed.
  int max_rounds = 0;
};

struct SearchResult {
  int choice = 0;  // index into the candidates
  int rounds = 0;  // positions sampled and fully played
  int64_t playouts = 0;
  std::vector<double> means;  // per candidate (of the rounds it played)
};

// `config` gives the ruleset and the number of players (its seed and decks
// are replaced by the samples). `candidates` are legal actions of the
// belief's seat. Errors: a belief that gives no valid position.
std::expected<SearchResult, std::string> Search(
    const zetema::GameConfig& config, const Belief& belief,
    const std::vector<zetema::Action>& candidates, uint64_t seed,
    const SearchLimits& limits);

}  // namespace strong

#endif  // SAMPLE_BOTS_STRONG_SEARCH_H_
