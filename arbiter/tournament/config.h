// A tournament's configuration file (TOML), parsed and validated once.
//
// Every key is documented, with a full example, in docs/tournaments.md.
// Errors name the key ("bots[2].command: missing", "seats: must be 2..64, got
// 70"); unknown keys are refused so that a typo never goes unnoticed. What
// depends on the game (its seat range, its rulesets) is checked when the game
// is loaded (ruleset_link.h).
#ifndef ARBITER_TOURNAMENT_CONFIG_H_
#define ARBITER_TOURNAMENT_CONFIG_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "arbiter/match/policy.h"
#include "arbiter/sandbox/limits.h"

namespace arbiter::tournament {

// How a table with partnerships (4 or 6 seats) is filled: by one bot per team
// (its copies take every seat of the team), or by one bot per seat, partners
// being other bots.
enum class PartnershipFill { kTeam, kIndividual };
using arbiter::FaultPolicy;
using arbiter::kMaxTimeMs;
using arbiter::TimeControl;

inline constexpr int kMaxConcurrency = 4096;

// The value of a key a format adds to the config (formats/registry.h).
using FormatOption = std::variant<bool, int64_t, std::string>;

struct BotConfig {
  std::string name;
  std::string command;
  // Where the command runs, and what a relative command or argument is
  // relative to: the config file's directory unless the file says otherwise
  // (empty when parsed without a directory: the arbiter's own).
  std::string cwd;
  std::vector<std::pair<std::string, std::string>> env;  // in file order
  // The tournament's [sandbox] with the bot's own [bots.sandbox] over it.
  sandbox::Limits sandbox;
  friend bool operator==(const BotConfig&, const BotConfig&) = default;
};

struct TournamentConfig {
  std::string name = "tournament";
  // The schedule's seed; with the secret of the output directory, also the
  // deals'. None: the directory's, or drawn at random (RunTournament).
  std::optional<uint64_t> seed;
  // A registered format's name (formats/registry.h).
  std::string format = "round-robin";
  int rounds = 1;
  int seats = 2;
  int deals_per_pairing = 1;
  bool duplicate = false;
  PartnershipFill partnership_fill = PartnershipFill::kTeam;
  std::string game;  // a registered game's name; "": the default game
  // A preset name of the game, or a ruleset file path (tried against
  // `base_dir` first); "": the game's default preset.
  std::string ruleset;
  std::filesystem::path base_dir;  // the config file's directory
  int concurrency = 0;             // 0: the number of cores
  // Each game slot, with its bots, on a CPU of its own (placement.h).
  bool affinity = true;
  TimeControl time_control;
  FaultPolicy fault_policy = FaultPolicy::kForfeit;
  // New record files are zstd-compressed (games.jsonl.zst, a twentieth of
  // games.jsonl's size); false writes plain JSON lines.
  bool compress_records = true;
  std::string gauntlet_bot;  // only for format = "gauntlet"
  // The keys of the format's own (FormatEntry::keys) that the file gave,
  // as the format's check left them.
  std::map<std::string, FormatOption, std::less<>> format_options;
  sandbox::Mode sandbox_mode = sandbox::Mode::kFull;
  std::vector<BotConfig> bots;

  // Index of the bot called `name`, or -1.
  int BotIndex(std::string_view name) const;
  friend bool operator==(const TournamentConfig&,
                         const TournamentConfig&) = default;
};

// Parses the text of a configuration file. Relative paths (a ruleset file,
// a bot's cwd) are resolved against `base_dir` when it is not empty, and a
// bot with no cwd runs in `base_dir`, so that its command is relative to the
// config file too.
std::expected<TournamentConfig, std::string> ParseTournamentConfig(
    std::string_view toml_text, const std::filesystem::path& base_dir = {});

// Reads and parses a file; errors start with the file's path.
std::expected<TournamentConfig, std::string> LoadTournamentConfig(
    const std::filesystem::path& path);

// A format's own key: its value, `fallback` when the file did not give it,
// or an error naming the key ("elimination: must be a string, got an
// integer"; "deal_sets_per_tie: must be 1..1000, got 0").
std::expected<std::string, std::string> OptionString(
    const TournamentConfig& config, std::string_view key, std::string fallback);
std::expected<int64_t, std::string> OptionInt(const TournamentConfig& config,
                                              std::string_view key,
                                              int64_t fallback, int64_t min,
                                              int64_t max);
// ...that must be one of `names`: its index.
std::expected<int, std::string> OptionChoice(
    const TournamentConfig& config, std::string_view key, int fallback,
    std::initializer_list<std::string_view> names);

std::string_view ToString(PartnershipFill fill);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_CONFIG_H_
