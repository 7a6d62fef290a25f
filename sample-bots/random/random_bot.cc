// The random sample bot: every decision, a uniformly random legal action,
// in every game of the arbiter (it declares them all and answers by index
// into the legal list, which every game offers).
//
//   build/sample-bots/random/random_bot [--seed N] [--games LIST]
//
// --games declares only the games named (comma-separated), for trying the
// arbiter's refusal of a bot that does not play the game it is started for.
//
// The arbiter spawns it with ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN set. Its
// choices in a game depend only on the seed and the game id, so a game can be
// replayed: each game's generator is seeded from both (seed 0 when --seed is
// not given).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "zetema_bot/bot.h"

namespace {

// FNV-1a: a stable hash of the game id (std::hash may differ by platform).
uint64_t HashId(std::string_view id) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : id) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

// "a,b,c" -> {"a", "b", "c"}.
std::vector<std::string> SplitList(std::string_view list) {
  std::vector<std::string> items;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    if (comma != 0) items.emplace_back(list.substr(0, comma));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return items;
}

}  // namespace

int main(int argc, char** argv) {
  // Every game of the arbiter: each one lists its legal actions, and an
  // index into that list is an answer in every game.
  zetema_bot::BotInfo info{
      .name = "random",
      .version = "1.0",
      .games = {"zetema", "pontoon", "scotch_whist", "high_card"}};
  auto options = zetema_bot::ParseOptions(argc, argv);
  if (!options) {
    std::fprintf(stderr, "random: %s\n", options.error().message.c_str());
    return zetema_bot::ExitCode(options.error().code);
  }

  uint64_t seed = 0;
  std::vector<std::string> rest = std::move(options->args);
  options->args.clear();
  for (size_t i = 0; i < rest.size(); ++i) {
    std::string_view arg = rest[i];
    std::string_view value;
    if (arg == "--games" || arg.starts_with("--games=")) {
      if (arg == "--games" && i + 1 == rest.size()) {
        std::fprintf(stderr, "random: --games needs a value\n");
        return 2;
      }
      info.games = SplitList(arg == "--games" ? std::string_view(rest[++i])
                                              : arg.substr(8));
      continue;
    }
    if (arg.starts_with("--seed=")) {
      value = arg.substr(7);
    } else if (arg == "--seed") {
      if (i + 1 == rest.size()) {
        std::fprintf(stderr, "random: --seed needs a value\n");
        return 2;
      }
      value = rest[++i];
    } else {
      options->args.push_back(rest[i]);  // Run reports it as unknown
      continue;
    }
    const auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), seed);
    if (ec != std::errc() || end != value.data() + value.size()) {
      std::fprintf(stderr,
                   "random: --seed wants a non-negative integer, got '%.*s'\n",
                   int(value.size()), value.data());
      return 2;
    }
  }
  if (options->help) {
    std::fputs(
        "random: plays a uniformly random legal action\n"
        "  --seed N               seed (with the game id) for each game\n"
        "  --games LIST           the games to declare, comma-separated\n"
        "                         (default: every game)\n",
        stdout);
  }

  std::mt19937_64 rng(seed);
  zetema_bot::Hooks hooks;
  hooks.on_game_start = [&](const arbiter::v1::GameStart& game) {
    rng.seed(seed ^ HashId(game.game_id()));
  };
  const auto pick = [&](const zetema_bot::Decision& d) -> zetema_bot::Answer {
    if (d.size() <= 1) return 0;  // the arbiter never offers an empty list
    return std::uniform_int_distribution<int>(0, d.size() - 1)(rng);
  };
  // Every other game, the same way: an index into its legal actions.
  hooks.other_game_decision =
      [&](const zetema_bot::GameDecision& d) -> zetema_bot::Answer {
    if (d.size() <= 1) return 0;
    return std::uniform_int_distribution<int>(0, d.size() - 1)(rng);
  };
  return zetema_bot::Run(*options, pick, info, hooks);
}
