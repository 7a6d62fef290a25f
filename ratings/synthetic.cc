#include "ratings/synthetic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>

namespace ratings {

std::string SyntheticName(int player) { return fmt::format("P{}", player); }

Game DrawGame(const SyntheticOptions& o, std::span<const int> bots,
              std::mt19937_64& rng) {
  const int teams = o.seats / o.team_size;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Game game;
  // Seat s belongs to team s % teams.
  std::vector<double> strength(teams, 0.0);
  game.seats.resize(o.seats);
  for (int s = 0; s < o.seats; ++s) {
    const int team = s % teams;
    const int bot = o.copies ? bots[team] : bots[s];
    game.seats[s].player = SyntheticName(bot);
    game.seats[s].team = o.team_size > 1 ? team : -1;
    game.seats[s].moved_first = s == 0;
    if (o.copies ? s < teams : true) strength[team] += o.ratings[bot];
  }
  strength[0] += o.first_seat_advantage;
  std::vector<int> place(teams);
  const double scale = std::numbers::ln10 / 400;
  if (teams == 2 && o.draw_rate > 0) {
    const double p = 1 / (1 + std::exp(-(strength[0] - strength[1]) * scale));
    const double draw = 2 * o.draw_rate * p * (1 - p);
    const double u = uniform(rng);
    if (u < draw) {
      place = {1, 1};
    } else {
      const bool first_wins = u - draw < p - draw / 2;
      place = first_wins ? std::vector<int>{1, 2} : std::vector<int>{2, 1};
    }
  } else {
    // Plackett-Luce by the Gumbel trick: sorting strength + Gumbel noise
    // picks each place with probability proportional to exp(strength).
    std::vector<double> key(teams);
    for (int t = 0; t < teams; ++t) {
      key[t] = strength[t] * scale - std::log(-std::log(uniform(rng)));
    }
    std::vector<int> order(teams);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return key[a] > key[b]; });
    for (int r = 0; r < teams; ++r) place[order[r]] = r + 1;
  }
  for (int s = 0; s < o.seats; ++s) game.seats[s].place = place[s % teams];
  return game;
}

std::vector<Game> DrawGames(const SyntheticOptions& o) {
  assert(o.seats % o.team_size == 0);
  const int teams = o.seats / o.team_size;
  const int bots_per_game = o.copies ? teams : o.seats;
  const int n = static_cast<int>(o.ratings.size());
  const int regular = n - o.sparse;
  assert(regular >= bots_per_game);
  std::mt19937_64 rng(o.seed);
  // Distinct bots among the regular ones, drawn by rejection.
  auto draw = [&](std::vector<int>* bots, int from) {
    for (size_t i = from; i < bots->size(); ++i) {
      int b;
      do {
        b = std::uniform_int_distribution<int>(0, regular - 1)(rng);
      } while (std::find(bots->begin(), bots->begin() + i, b) !=
               bots->begin() + i);
      (*bots)[i] = b;
    }
  };
  std::vector<Game> games;
  std::vector<int> bots(bots_per_game);
  for (int g = 0; g < o.games; ++g) {
    draw(&bots, 0);
    games.push_back(DrawGame(o, bots, rng));
  }
  for (int s = regular; s < n; ++s) {
    const int k =
        std::uniform_int_distribution<int>(o.sparse_min, o.sparse_max)(rng);
    for (int g = 0; g < k; ++g) {
      bots[0] = s;
      draw(&bots, 1);
      // The sparse player takes a random seat.
      std::swap(
          bots[0],
          bots[std::uniform_int_distribution<int>(0, bots_per_game - 1)(rng)]);
      games.push_back(DrawGame(o, bots, rng));
    }
  }
  for (size_t g = 0; g < games.size(); ++g) {
    games[g].id = fmt::format("g{}", g);
    if (o.duplicate_size > 0) {
      games[g].duplicate_group = fmt::format("d{}", g / o.duplicate_size);
    }
  }
  return games;
}

}  // namespace ratings
