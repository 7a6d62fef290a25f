#include "arbiter/tournament/config.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <span>
#include <sstream>

#include "arbiter/tournament/formats/registry.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

Error Fail(std::string_view key, std::string_view message) {
  return Error(fmt::format("{}: {}", key, message));
}

std::string TypeName(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    default:
      return "a date or time";
  }
}

// Refuses every key of `table` that is not in `known`.
std::expected<void, std::string> CheckKeys(
    const toml::table& table, std::string_view prefix,
    std::span<const std::string_view> known) {
  for (const auto& [key, node] : table) {
    if (std::find(known.begin(), known.end(), key.str()) == known.end()) {
      return Fail(fmt::format("{}{}", prefix, key.str()), "unknown key");
    }
  }
  return {};
}
std::expected<void, std::string> CheckKeys(
    const toml::table& table, std::string_view prefix,
    std::initializer_list<std::string_view> known) {
  return CheckKeys(table, prefix, std::span(known.begin(), known.size()));
}

// "\"team\", \"individual\"".
std::string QuotedList(std::initializer_list<std::string_view> names) {
  std::string list;
  for (std::string_view name : names) {
    list += fmt::format("{}\"{}\"", list.empty() ? "" : ", ", name);
  }
  return list;
}

std::expected<std::string, std::string> GetString(const toml::table& table,
                                                  std::string_view key,
                                                  std::string_view path,
                                                  std::string fallback) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return fallback;
  if (!node->is_string()) {
    return Fail(path, "must be a string, got " + TypeName(*node));
  }
  return std::string(*node->as_string());
}

std::expected<int64_t, std::string> GetInt(const toml::table& table,
                                           std::string_view key,
                                           std::string_view path,
                                           int64_t fallback, int64_t min,
                                           int64_t max) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return fallback;
  if (!node->is_integer()) {
    return Fail(path, "must be an integer, got " + TypeName(*node));
  }
  const int64_t value = node->as_integer()->get();
  if (value < min || value > max) {
    return Fail(path,
                max == INT64_MAX
                    ? fmt::format("must be at least {}, got {}", min, value)
                    : fmt::format("must be {}..{}, got {}", min, max, value));
  }
  return value;
}

std::expected<bool, std::string> GetBool(const toml::table& table,
                                         std::string_view key,
                                         std::string_view path, bool fallback) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return fallback;
  if (!node->is_boolean()) {
    return Fail(path, "must be true or false, got " + TypeName(*node));
  }
  return node->as_boolean()->get();
}

// Reads a string key that must be one of `names`; returns its index.
std::expected<int, std::string> GetChoice(
    const toml::table& table, std::string_view key, int fallback,
    std::initializer_list<std::string_view> names) {
  auto text = GetString(table, key, key, "");
  if (!text) return std::unexpected(text.error());
  if (!table.contains(key)) return fallback;
  const auto it = std::find(names.begin(), names.end(), *text);
  if (it != names.end()) return int(it - names.begin());
  return Fail(key, fmt::format("must be one of {}, got \"{}\"",
                               QuotedList(names), *text));
}

std::string Resolve(const std::filesystem::path& base_dir,
                    const std::string& path) {
  if (base_dir.empty() || path.empty() ||
      std::filesystem::path(path).is_absolute()) {
    return path;
  }
  return (base_dir / path).lexically_normal().string();
}

// A [sandbox] table's limits over `limits` (keys it does not name keep
// their value); `mode` is read only when not null (the tournament's table).
std::expected<void, std::string> ParseSandbox(
    const toml::node& node, const std::string& path,
    const std::filesystem::path& base_dir, sandbox::Limits* limits,
    sandbox::Mode* mode) {
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    return Fail(path, "must be a table, got " + TypeName(node));
  }
  const std::string prefix = path + ".";
  auto keys = mode ? CheckKeys(*table, prefix,
                               {"mode", "memory_mb", "processes", "tmp_mb",
                                "cpu_weight", "writable", "read_only"})
                   : CheckKeys(*table, prefix,
                               {"memory_mb", "processes", "tmp_mb",
                                "cpu_weight", "writable", "read_only"});
  if (!keys) return keys;
  if (mode != nullptr && table->contains("mode")) {
    auto text = GetString(*table, "mode", prefix + "mode", "");
    if (!text) return std::unexpected(text.error());
    auto parsed = sandbox::ParseMode(*text);
    if (!parsed) return Fail(prefix + "mode", parsed.error());
    *mode = *parsed;
  }
  auto memory = GetInt(*table, "memory_mb", prefix + "memory_mb",
                       int64_t(limits->memory_bytes >> 20), 0, 1 << 22);
  if (!memory) return std::unexpected(memory.error());
  if (*memory != 0 && *memory < 16) {
    return Fail(prefix + "memory_mb", "must be 0 (no limit) or at least 16");
  }
  limits->memory_bytes = uint64_t(*memory) << 20;
  auto processes = GetInt(*table, "processes", prefix + "processes",
                          limits->processes, 0, 1 << 22);
  if (!processes) return std::unexpected(processes.error());
  if (*processes != 0 && *processes < 4) {
    return Fail(prefix + "processes", "must be 0 (no limit) or at least 4");
  }
  limits->processes = *processes;
  auto tmp = GetInt(*table, "tmp_mb", prefix + "tmp_mb",
                    int64_t(limits->tmp_bytes >> 20), 1, 1 << 20);
  if (!tmp) return std::unexpected(tmp.error());
  limits->tmp_bytes = uint64_t(*tmp) << 20;
  auto weight = GetInt(*table, "cpu_weight", prefix + "cpu_weight",
                       limits->cpu_weight, 0, 10000);
  if (!weight) return std::unexpected(weight.error());
  limits->cpu_weight = int(*weight);
  for (auto [key, field] : {std::pair{"writable", &limits->writable},
                            std::pair{"read_only", &limits->read_only}}) {
    const toml::node* list = table->get(key);
    if (list == nullptr) continue;
    const toml::array* array = list->as_array();
    if (array == nullptr) {
      return Fail(prefix + key,
                  "must be an array of paths, got " + TypeName(*list));
    }
    field->clear();
    for (size_t i = 0; i < array->size(); ++i) {
      const toml::node& item = *array->get(i);
      if (!item.is_string() || item.as_string()->get().empty()) {
        return Fail(fmt::format("{}{}[{}]", prefix, key, i),
                    "must be a path (a non-empty string)");
      }
      // Absolute, so that the bot's sandbox binds it where it is.
      std::error_code ec;
      std::string resolved =
          std::filesystem::absolute(
              Resolve(base_dir, std::string(*item.as_string())), ec)
              .lexically_normal()
              .string();
      if (resolved.size() > 1 && resolved.back() == '/') resolved.pop_back();
      field->push_back(std::move(resolved));
    }
  }
  return {};
}

std::expected<BotConfig, std::string> ParseBot(
    const toml::node& node, int index, const std::filesystem::path& base_dir,
    const sandbox::Limits& sandbox_defaults) {
  const std::string path = fmt::format("bots[{}]", index);
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    return Fail(path, "must be a table ([[bots]]), got " + TypeName(node));
  }
  if (auto ok = CheckKeys(*table, path + ".",
                          {"name", "command", "cwd", "env", "sandbox"});
      !ok) {
    return std::unexpected(ok.error());
  }
  BotConfig bot;
  for (auto [key, field] :
       {std::pair{"name", &bot.name}, std::pair{"command", &bot.command},
        std::pair{"cwd", &bot.cwd}}) {
    auto value = GetString(*table, key, path + "." + key, "");
    if (!value) return std::unexpected(value.error());
    *field = *value;
  }
  if (!table->contains("name")) return Fail(path + ".name", "missing");
  if (bot.name.find_first_not_of(" \t") == std::string::npos) {
    return Fail(path + ".name", "must not be empty");
  }
  if (!table->contains("command")) return Fail(path + ".command", "missing");
  if (bot.command.find_first_not_of(" \t") == std::string::npos) {
    return Fail(path + ".command", "must not be empty");
  }
  bot.cwd = table->contains("cwd") ? Resolve(base_dir, bot.cwd)
                                   : base_dir.lexically_normal().string();
  // Absolute, so that the command means the same once the bot runs there.
  std::error_code ec;
  if (!bot.cwd.empty()) {
    const auto absolute = std::filesystem::absolute(bot.cwd, ec);
    if (!ec) bot.cwd = absolute.lexically_normal().string();
  }
  bot.sandbox = sandbox_defaults;
  if (const toml::node* box = table->get("sandbox")) {
    if (auto ok = ParseSandbox(*box, path + ".sandbox", base_dir, &bot.sandbox,
                               nullptr);
        !ok) {
      return std::unexpected(ok.error());
    }
  }
  if (const toml::node* env = table->get("env")) {
    const toml::table* vars = env->as_table();
    if (vars == nullptr) {
      return Fail(path + ".env", "must be a table, got " + TypeName(*env));
    }
    for (const auto& [key, value] : *vars) {
      if (!value.is_string()) {
        return Fail(fmt::format("{}.env.{}", path, key.str()),
                    "must be a string, got " + TypeName(value));
      }
      bot.env.emplace_back(std::string(key.str()),
                           std::string(*value.as_string()));
    }
  }
  return bot;
}

std::expected<TimeControl, std::string> ParseTimeControl(
    const toml::table& root) {
  TimeControl tc;
  const toml::node* node = root.get("time_control");
  if (node == nullptr) return tc;
  const toml::table* table = node->as_table();
  if (table == nullptr) {
    return Fail("time_control", "must be a table, got " + TypeName(*node));
  }
  const auto name = [](std::string_view key) {
    return "time_control." + std::string(key);
  };
  for (const auto& [key, node] : *table) {
    if (std::ranges::none_of(kTimeSettings, [&](const TimeSetting& setting) {
          return setting.key == key.str();
        })) {
      return Fail(name(key.str()), "unknown key");
    }
  }
  for (const TimeSetting& setting : kTimeSettings) {
    auto value = GetInt(*table, setting.key, name(setting.key),
                        tc.*setting.field, 0, kMaxTimeMs);
    if (!value) return std::unexpected(value.error());
    tc.*setting.field = *value;
  }
  if (!LeavesTime(tc)) {
    return Fail("time_control.move_ms",
                "must be positive when time_control.bank_ms is 0");
  }
  return tc;
}

// The keys that hold plain values; bots and time_control come after.
std::expected<void, std::string> ParseScalars(const toml::table& root,
                                              TournamentConfig* config) {
  auto name = GetString(root, "name", "name", config->name);
  if (!name) return std::unexpected(name.error());
  if (name->empty()) return Fail("name", "must not be empty");
  config->name = *name;
  if (root.contains("seed")) {
    auto seed = GetInt(root, "seed", "seed", 0, 0, INT64_MAX);
    if (!seed) return std::unexpected(seed.error());
    config->seed = uint64_t(*seed);
  }
  auto format = GetString(root, "format", "format", config->format);
  if (!format) return std::unexpected(format.error());
  if (FindFormat(*format) == nullptr) {
    return Fail("format", fmt::format("must be one of {}, got \"{}\"",
                                      FormatNames(), *format));
  }
  config->format = *format;
  auto fill = GetChoice(root, "partnership_fill", 0, {"team", "individual"});
  if (!fill) return std::unexpected(fill.error());
  config->partnership_fill = PartnershipFill(*fill);
  auto policy = GetString(root, "fault_policy", "fault_policy",
                          std::string(ToString(config->fault_policy)));
  if (!policy) return std::unexpected(policy.error());
  auto parsed = ParseFaultPolicy(*policy);
  if (!parsed) return Fail("fault_policy", parsed.error());
  config->fault_policy = *parsed;
  for (auto [key, field, fallback, min, max] :
       {std::tuple{"rounds", &config->rounds, 1, 1, 100000},
        std::tuple{"seats", &config->seats, 2, 2, 64},
        std::tuple{"deals_per_pairing", &config->deals_per_pairing, 1, 1,
                   100000},
        std::tuple{"concurrency", &config->concurrency, 0, 0,
                   kMaxConcurrency}}) {
    auto value = GetInt(root, key, key, fallback, min, max);
    if (!value) return std::unexpected(value.error());
    *field = int(*value);
  }
  auto duplicate = GetBool(root, "duplicate", "duplicate", false);
  if (!duplicate) return std::unexpected(duplicate.error());
  config->duplicate = *duplicate;
  auto affinity = GetBool(root, "affinity", "affinity", true);
  if (!affinity) return std::unexpected(affinity.error());
  config->affinity = *affinity;
  auto compress = GetBool(root, "compress_records", "compress_records", true);
  if (!compress) return std::unexpected(compress.error());
  config->compress_records = *compress;
  auto game = GetString(root, "game", "game", "");
  if (!game) return std::unexpected(game.error());
  config->game = *game;
  auto ruleset = GetString(root, "ruleset", "ruleset", "");
  if (!ruleset) return std::unexpected(ruleset.error());
  if (root.contains("ruleset") && ruleset->empty()) {
    return Fail("ruleset", "must not be empty");
  }
  config->ruleset = *ruleset;
  return {};
}

// A writable directory outlives the processes that write it: with duplicate
// deals it would carry one seating of a deal into another (docs/security.md).
// The key named is the one that gave the bot the directory.
std::expected<void, std::string> CheckDuplicateWritable(
    const toml::table& root, const TournamentConfig& config) {
  if (!config.duplicate) return {};
  const toml::node_view bots = root["bots"];
  for (size_t i = 0; i < config.bots.size(); ++i) {
    if (config.bots[i].sandbox.writable.empty()) continue;
    const bool own = bool(bots[i]["sandbox"]["writable"]);
    return Fail(own ? fmt::format("bots[{}].sandbox.writable", i)
                    : std::string("sandbox.writable"),
                "not allowed with duplicate = true: a writable directory "
                "outlives the bot's processes, so what one seating of a deal "
                "wrote there would be read in another (each process has a "
                "/tmp of its own: sandbox.tmp_mb)");
  }
  return {};
}

// The keys of the config's format (FormatEntry::keys) into
// format_options, then the format's own check; another format's key is
// refused.
std::expected<void, std::string> ParseFormatKeys(const toml::table& root,
                                                 TournamentConfig* config) {
  const FormatEntry& chosen = *FindFormat(config->format);
  for (const FormatEntry& entry : Formats()) {
    for (std::string_view key : entry.keys) {
      const toml::node* node = root.get(key);
      if (node == nullptr) continue;
      if (&entry != &chosen) {
        return Fail(key,
                    fmt::format("only used with format = \"{}\"", entry.name));
      }
      FormatOption value;
      if (auto s = node->value<std::string>()) {
        value = *s;
      } else if (node->is_integer()) {
        value = node->as_integer()->get();
      } else if (node->is_boolean()) {
        value = node->as_boolean()->get();
      } else {
        return Fail(key, "must be a string, an integer or a boolean, got " +
                             TypeName(*node));
      }
      config->format_options.emplace(std::string(key), std::move(value));
    }
  }
  std::vector<std::string> given;
  for (const auto& [key, node] : root) given.emplace_back(key.str());
  return chosen.check(config, given);
}

// Checks that need several keys at once.
std::expected<void, std::string> CheckWhole(const toml::table& root,
                                            TournamentConfig* config) {
  const int min_bots = 2;
  if (int(config->bots.size()) < min_bots) {
    return Fail("bots", fmt::format("need at least {} bots, got {}", min_bots,
                                    config->bots.size()));
  }
  for (size_t i = 0; i < config->bots.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (config->bots[i].name == config->bots[j].name) {
        return Fail(fmt::format("bots[{}].name", i),
                    fmt::format("duplicate name \"{}\" (also bots[{}])",
                                config->bots[i].name, j));
      }
    }
  }
  if (auto ok = ParseFormatKeys(root, config); !ok) return ok;
  if (auto ok = CheckDuplicateWritable(root, *config); !ok) return ok;
  return {};
}

}  // namespace

int TournamentConfig::BotIndex(std::string_view bot_name) const {
  for (size_t i = 0; i < bots.size(); ++i) {
    if (bots[i].name == bot_name) return int(i);
  }
  return -1;
}

std::expected<TournamentConfig, std::string> ParseTournamentConfig(
    std::string_view toml_text, const std::filesystem::path& base_dir) {
  // toml++ 3.3 (Debian 12) can crash on some UTF-8 sequences (a known
  // toml++ bug): a config is ASCII, so refuse anything else before parsing.
  int line = 1, column = 1;
  for (const char c : toml_text) {
    if (static_cast<unsigned char>(c) >= 0x80 || c == '\0') {
      return Error(fmt::format(
          "line {}, column {}: not an ASCII character (a config is ASCII)",
          line, column));
    }
    column = c == '\n' ? 1 : column + 1;
    line += c == '\n' ? 1 : 0;
  }
  toml::table root;
  try {
    root = toml::parse(toml_text);
  } catch (const toml::parse_error& e) {
    return Error(fmt::format("line {}, column {}: {}", e.source().begin.line,
                             e.source().begin.column, e.description()));
  }
  std::vector<std::string_view> known = {"name",
                                         "game",
                                         "seed",
                                         "format",
                                         "rounds",
                                         "seats",
                                         "deals_per_pairing",
                                         "duplicate",
                                         "partnership_fill",
                                         "ruleset",
                                         "concurrency",
                                         "time_control",
                                         "fault_policy",
                                         "sandbox",
                                         "bots",
                                         "compress_records",
                                         "affinity"};
  for (const FormatEntry& entry : Formats()) {
    known.insert(known.end(), entry.keys.begin(), entry.keys.end());
  }
  if (auto ok = CheckKeys(root, "", known); !ok) {
    return std::unexpected(ok.error());
  }
  TournamentConfig config;
  if (auto ok = ParseScalars(root, &config); !ok) {
    return std::unexpected(ok.error());
  }
  config.base_dir = base_dir;
  auto tc = ParseTimeControl(root);
  if (!tc) return std::unexpected(tc.error());
  config.time_control = *tc;
  const toml::node* bots = root.get("bots");
  if (bots == nullptr) return Fail("bots", "missing (add [[bots]] tables)");
  if (!bots->is_array()) {
    return Fail("bots", "must be an array of tables ([[bots]]), got " +
                            TypeName(*bots));
  }
  sandbox::Limits sandbox_defaults;
  if (const toml::node* box = root.get("sandbox")) {
    if (auto ok = ParseSandbox(*box, "sandbox", base_dir, &sandbox_defaults,
                               &config.sandbox_mode);
        !ok) {
      return std::unexpected(ok.error());
    }
  }
  int index = 0;
  for (const toml::node& node : *bots->as_array()) {
    auto bot = ParseBot(node, index++, base_dir, sandbox_defaults);
    if (!bot) return std::unexpected(bot.error());
    config.bots.push_back(std::move(*bot));
  }
  if (auto ok = CheckWhole(root, &config); !ok) {
    return std::unexpected(ok.error());
  }
  return config;
}

std::expected<TournamentConfig, std::string> LoadTournamentConfig(
    const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(fmt::format("{}: cannot read the file", path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  // Absolute: bots run in folders of their own, and their sandboxes bind
  // paths where they are.
  std::error_code ec;
  const std::filesystem::path dir =
      std::filesystem::absolute(path, ec).lexically_normal().parent_path();
  auto config = ParseTournamentConfig(text.str(), dir);
  if (!config) {
    return Error(fmt::format("{}: {}", path.string(), config.error()));
  }
  return config;
}

namespace {

std::string OptionTypeName(const FormatOption& value) {
  return std::holds_alternative<bool>(value)      ? "a boolean"
         : std::holds_alternative<int64_t>(value) ? "an integer"
                                                  : "a string";
}

}  // namespace

std::expected<std::string, std::string> OptionString(
    const TournamentConfig& config, std::string_view key,
    std::string fallback) {
  const auto it = config.format_options.find(key);
  if (it == config.format_options.end()) return fallback;
  const auto* text = std::get_if<std::string>(&it->second);
  if (text == nullptr) {
    return Fail(key, "must be a string, got " + OptionTypeName(it->second));
  }
  return *text;
}

std::expected<int64_t, std::string> OptionInt(const TournamentConfig& config,
                                              std::string_view key,
                                              int64_t fallback, int64_t min,
                                              int64_t max) {
  const auto it = config.format_options.find(key);
  if (it == config.format_options.end()) return fallback;
  const auto* value = std::get_if<int64_t>(&it->second);
  if (value == nullptr) {
    return Fail(key, "must be an integer, got " + OptionTypeName(it->second));
  }
  if (*value < min || *value > max) {
    return Fail(key, fmt::format("must be {}..{}, got {}", min, max, *value));
  }
  return *value;
}

std::expected<int, std::string> OptionChoice(
    const TournamentConfig& config, std::string_view key, int fallback,
    std::initializer_list<std::string_view> names) {
  auto text = OptionString(config, key, "");
  if (!text) return std::unexpected(text.error());
  if (!config.format_options.contains(key)) return fallback;
  const auto it = std::find(names.begin(), names.end(), *text);
  if (it != names.end()) return int(it - names.begin());
  return Fail(key, fmt::format("must be one of {}, got \"{}\"",
                               QuotedList(names), *text));
}

std::string_view ToString(PartnershipFill fill) {
  return fill == PartnershipFill::kTeam ? "team" : "individual";
}

}  // namespace arbiter::tournament
