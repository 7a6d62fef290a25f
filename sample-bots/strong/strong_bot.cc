// The strong sample bot: determinized Monte Carlo search on the engine,
// in-process (README.md beside this file).
//
//   build/sample-bots/strong/strong_bot [--seed N] [--rounds N] [--fraction F]
//
// It plays to the time each request gives (time_left_ms), keeping a margin
// for the reply's way back and a loaded machine. With --rounds N it searches
// N sampled positions per decision instead (still stopping at the time
// limit), so that its play depends only on the seed and the game.
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/wire/convert.h"
#include "sample-bots/strong/belief.h"
#include "sample-bots/strong/observation_proto.h"
#include "sample-bots/strong/search.h"
#include "sample-bots/strong/time_budget.h"
#include "zetema_bot/bot.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Flags {
  uint64_t seed = 0;
  int rounds = 0;
  double fraction = strong::kDefaultFraction;
};

// FNV-1a: a stable hash of the game id (std::hash may differ by platform).
uint64_t HashId(std::string_view id) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : id) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

template <typename T>
bool ParseNumber(std::string_view text, T* out) {
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

// Reads --seed, --rounds and --fraction from `args`, leaving the others.
bool ParseFlags(std::vector<std::string>& args, Flags* flags) {
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    std::string name(arg.substr(0, arg.find('=')));
    if (name != "--seed" && name != "--rounds" && name != "--fraction") {
      rest.push_back(args[i]);
      continue;
    }
    std::string value;
    if (arg.find('=') != std::string_view::npos) {
      value = std::string(arg.substr(arg.find('=') + 1));
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      std::fprintf(stderr, "strong: %s needs a value\n", name.c_str());
      return false;
    }
    bool ok = false;
    if (name == "--seed") ok = ParseNumber(value, &flags->seed);
    if (name == "--rounds")
      ok = ParseNumber(value, &flags->rounds) && flags->rounds >= 0;
    if (name == "--fraction") {
      ok = ParseNumber(value, &flags->fraction) && flags->fraction > 0 &&
           flags->fraction <= 1;
    }
    if (!ok) {
      std::fprintf(stderr, "strong: %s: bad value '%s'\n", name.c_str(),
                   value.c_str());
      return false;
    }
  }
  args = std::move(rest);
  return true;
}

class Bot {
 public:
  explicit Bot(const Flags& flags) : flags_(flags) {}

  void OnGameStart(const arbiter::v1::GameStart& game) {
    game_seed_ = flags_.seed ^ HashId(game.game_id());
    decisions_ = 0;
    rounds_ = 0;
    fallbacks_ = 0;
    config_.reset();
    auto rules = arbiter::RulesetFromProto(game.zetema().ruleset());
    if (!rules) {
      std::fprintf(stderr, "strong: game %s: ruleset: %s\n",
                   game.game_id().c_str(), rules.error().c_str());
      return;
    }
    zetema::GameConfig config;
    config.rules = std::make_shared<const zetema::Ruleset>(*rules);
    config.num_players = game.num_players();
    config_ = config;
  }

  void OnGameEnd(const arbiter::v1::GameStart& game) {
    std::fprintf(stderr,
                 "strong: game %s: %d decisions, %.1f rounds each, %d "
                 "fallbacks\n",
                 game.game_id().c_str(), decisions_,
                 decisions_ ? double(rounds_) / decisions_ : 0.0, fallbacks_);
  }

  zetema_bot::Answer Choose(const zetema_bot::Decision& d) {
    const Clock::time_point start = Clock::now();
    ++decisions_;
    if (d.size() <= 1) return 0;
    const auto chosen = Search(d, start);
    if (chosen) return *chosen;
    if (fallbacks_++ == 0) {
      std::fprintf(stderr, "strong: game %s: %s; playing a simple choice\n",
                   d.game.game_id().c_str(), chosen.error().c_str());
    }
    for (int i = 0; i < d.size(); ++i) {
      if (!d.action(i).has_discard()) return i;
    }
    return 0;
  }

 private:
  std::expected<int, std::string> Search(const zetema_bot::Decision& d,
                                         Clock::time_point start) {
    if (!config_) return std::unexpected(std::string("no ruleset"));
    auto obs = strong::ObservationFromProto(d.observation);
    if (!obs) return std::unexpected(obs.error());
    auto belief = strong::BeliefFrom(*obs, *config_->rules);
    if (!belief) return std::unexpected(belief.error());
    // Candidates in the order offered, checked (and their meld type found)
    // on one sampled position: legality depends only on the seat's own hand
    // and the piles, which every sample shares.
    arbiter::SplitMix64 rng(arbiter::SplitMix64Of(game_seed_ + decisions_));
    auto probe =
        zetema::State::FromPosition(*config_, strong::Sample(*belief, rng));
    if (!probe) return std::unexpected(probe.error());
    std::vector<zetema::Action> candidates;
    for (int i = 0; i < d.size(); ++i) {
      auto action = arbiter::ActionFromProto(d.action(i));
      if (!action) return std::unexpected(action.error());
      auto legal = probe->Legalize(*action);
      if (!legal) return std::unexpected(legal.error());
      candidates.push_back(*legal);
    }
    strong::SearchLimits limits;
    limits.deadline =
        start + strong::ThinkTime(d.request.time_left_ms(),
                                  d.request.move_limit_ms(),
                                  d.request.bank_ms(), flags_.fraction);
    limits.max_rounds = flags_.rounds;
    auto result =
        strong::Search(*config_, *belief, candidates, rng.Next(), limits);
    if (!result) return std::unexpected(result.error());
    rounds_ += result->rounds;
    return result->choice;
  }

  Flags flags_;
  uint64_t game_seed_ = 0;
  int decisions_ = 0;
  int64_t rounds_ = 0;
  int fallbacks_ = 0;
  std::optional<zetema::GameConfig> config_;
};

}  // namespace

int main(int argc, char** argv) {
  const zetema_bot::BotInfo info{.name = "strong", .version = "1.0"};
  auto options = zetema_bot::ParseOptions(argc, argv);
  if (!options) {
    std::fprintf(stderr, "strong: %s\n", options.error().message.c_str());
    return zetema_bot::ExitCode(options.error().code);
  }
  Flags flags;
  if (!ParseFlags(options->args, &flags)) return 2;
  if (options->help) {
    std::fputs(
        "strong: determinized Monte Carlo search (sample-bots/strong)\n"
        "  --seed N        seed (with the game id) of every search\n"
        "  --rounds N      sampled positions per decision (0: as many as the "
        "time allows)\n"
        "  --fraction F    share of the time left to think (default 0.4)\n",
        stdout);
  }
  Bot bot(flags);
  zetema_bot::Hooks hooks;
  hooks.on_game_start = [&](const arbiter::v1::GameStart& game) {
    bot.OnGameStart(game);
  };
  hooks.on_game_end = [&](const arbiter::v1::GameStart& game,
                          const arbiter::v1::GameEnd&) { bot.OnGameEnd(game); };
  return zetema_bot::Run(
      *options, [&](const zetema_bot::Decision& d) { return bot.Choose(d); },
      info, hooks);
}
