#include "arbiter/tournament/formats/knockout.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "arbiter/common/plural.h"
#include "arbiter/tournament/formats/knockout_bracket.h"
#include "arbiter/tournament/formats/registry.h"
#include "arbiter/tournament/standings.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;
using nlohmann::json;

struct Settings {
  Elimination elimination = Elimination::kSingle;
  int deal_sets = 2;
  int max_extra_sets = 3;
};

std::expected<Settings, std::string> ReadSettings(
    const TournamentConfig& config) {
  Settings settings;
  auto elimination =
      OptionChoice(config, "elimination", 0, {"single", "double"});
  if (!elimination) return Error(elimination.error());
  settings.elimination = Elimination(*elimination);
  auto sets = OptionInt(config, "deal_sets_per_tie", 2, 1, 1000);
  if (!sets) return Error(sets.error());
  settings.deal_sets = int(*sets);
  auto extra = OptionInt(config, "max_extra_sets", 3, 0, 1000);
  if (!extra) return Error(extra.error());
  settings.max_extra_sets = int(*extra);
  return settings;
}

std::expected<void, std::string> CheckKnockout(
    TournamentConfig* config, std::span<const std::string> given) {
  for (std::string_view key : {"rounds", "deals_per_pairing"}) {
    if (std::find(given.begin(), given.end(), key) != given.end()) {
      return Error(
          fmt::format("{}: not used with format = \"knockout\" (a tie plays "
                      "deal_sets_per_tie deal sets)",
                      key));
    }
  }
  if (std::find(given.begin(), given.end(), "duplicate") != given.end() &&
      !config->duplicate) {
    return Error(
        "duplicate: must be true with format = \"knockout\" (a tie plays "
        "every seating of each deal)");
  }
  config->duplicate = true;
  if (auto settings = ReadSettings(*config); !settings) {
    return Error(settings.error());
  }
  auto seeding = OptionChoice(*config, "seeding", 0, {"config", "ratings"});
  if (!seeding) return Error(seeding.error());
  const bool file = config->format_options.contains("ratings_file");
  if (*seeding == 1 && !file) {
    return Error("ratings_file: missing (needed by seeding = \"ratings\")");
  }
  if (*seeding == 0 && file) {
    return Error("ratings_file: only used with seeding = \"ratings\"");
  }
  if (auto seeds = KnockoutSeeds(*config); !seeds) {
    return Error(seeds.error());
  }
  return {};
}

// Ratings by bot name from the JSON of `ratings --json`.
std::expected<std::map<std::string, double>, std::string> ReadRatings(
    const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Error(
        fmt::format("ratings_file: {}: cannot read the file", path.string()));
  }
  std::ostringstream text;
  text << in.rdbuf();
  const json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object() || !doc.contains("players") ||
      !doc["players"].is_array()) {
    return Error(fmt::format(
        "ratings_file: {}: not the JSON of `ratings --json` (no \"players\" "
        "array)",
        path.string()));
  }
  std::map<std::string, double> ratings;
  for (const json& player : doc["players"]) {
    if (!player.is_object() || !player.contains("name") ||
        !player["name"].is_string() || !player.contains("rating") ||
        !player["rating"].is_number()) {
      return Error(
          fmt::format("ratings_file: {}: a player without a name and a rating",
                      path.string()));
    }
    ratings.emplace(player["name"].get<std::string>(),
                    player["rating"].get<double>());
  }
  return ratings;
}

// The points of each side of a tie's game: (high's, low's).
std::pair<double, double> TiePoints(const records::RecordSummary& summary,
                                    const std::vector<std::string>& names,
                                    int high_bot, int low_bot) {
  std::pair<double, double> points{0, 0};
  auto bot_points = BotPoints(summary, names);
  if (!bot_points) return points;  // checked against the schedule already
  for (auto [bot, p] : *bot_points) {
    if (bot == high_bot) points.first += p;
    if (bot == low_bot) points.second += p;
  }
  return points;
}

class Knockout : public TournamentFormat {
 public:
  Knockout(const TournamentConfig& config, const TeamLayout& layout,
           const SipKey& key, Settings settings, std::vector<int> seeds,
           Bracket bracket)
      : config_(config),
        layout_(layout),
        key_(key),
        settings_(settings),
        seeds_(std::move(seeds)),
        bracket_(std::move(bracket)),
        seatings_(GamesPerDealSet()) {
    config_.deals_per_pairing = 1;
    config_.rounds = 1;
    for (const auto& bot : config.bots) names_.push_back(bot.name);
  }

  std::expected<std::optional<Batch>, std::string> Next() override {
    std::vector<int> more;  // ties that need deal sets: +id all, -id one
    std::set<int> seen;
    for (bool decided = true; decided;) {
      decided = false;  // a decision may make another tie ready
      for (const Tie& tie : bracket_.Ready()) {
        if (!seen.insert(tie.id).second) continue;
        auto step = Step(tie);
        if (!step) return Error(step.error());
        decided |= *step == 0;
        if (*step != 0) more.push_back(*step);
      }
    }
    if (more.empty()) {
      if (bracket_.Done()) return std::nullopt;
      return Error("knockout: no tie is ready and the bracket is not done");
    }
    Batch batch;
    for (int id : more) {
      const State& state = states_[std::abs(id)];
      const int first = id > 0 ? 1 : int(state.score.high_points.size());
      for (int set = first; set <= int(state.score.high_points.size()); ++set) {
        AddDealSet(state.tie, set, &batch.games);
      }
    }
    SealGames(batch.games, key_, config_.seed.value_or(0));
    return batch;
  }

  std::expected<void, std::string> Record(
      const ScheduledGame& game,
      const records::RecordSummary* summary) override {
    auto it = states_.find(game.round);  // a tie's games carry its id
    if (it == states_.end() || game.deal < 1 ||
        game.deal > int(it->second.score.high_points.size())) {
      return Error(fmt::format("game {}: no deal set of a tie", game.game_id));
    }
    if (summary == nullptr) return {};  // unreadable record: scores nothing
    State& state = it->second;
    const auto [high, low] = TiePoints(*summary, names_, seeds_[state.tie.high],
                                       seeds_[state.tie.low]);
    state.score.high_points[game.deal - 1] += high;
    state.score.low_points[game.deal - 1] += low;
    return {};
  }

  bool Adaptive() const override { return true; }

  int Total() const override {
    int started = 0, sets = 0;
    for (const auto& [id, state] : states_) {
      ++started;
      sets += int(state.score.high_points.size());
    }
    return (sets + (bracket_.TotalTies() - started) * settings_.deal_sets) *
           seatings_;
  }

  Plan MakePlan() const override;

  std::expected<void, std::string> CheckSplit(
      const RunSplit& split) const override {
    return RefuseSplit(split, "a knockout",
                       "a knockout's ties are drawn from the results of the "
                       "ties before them");
  }

  std::string ResultText() const override;
  std::string ResultJson() const override;

 private:
  // A ready tie: 0 once decided now, else the deal sets it needs (+id: its
  // first ones, -id: one sudden-death set).
  std::expected<int, std::string> Step(const Tie& tie) {
    State& state = states_[tie.id];
    const int played = int(state.score.high_points.size());
    if (played == 0) {
      state.tie = tie;
      state.score.high_points.assign(size_t(settings_.deal_sets), 0);
      state.score.low_points.assign(size_t(settings_.deal_sets), 0);
      return tie.id;
    }
    if (auto outcome =
            DecideTie(state.tie, state.score, played - settings_.deal_sets,
                      settings_.max_extra_sets)) {
      state.rule = outcome->rule;
      if (auto ok = bracket_.Decide(tie.id, outcome->winner); !ok) {
        return Error(ok.error());
      }
      state.tie.winner = outcome->winner;
      return 0;
    }
    state.score.high_points.push_back(0);
    state.score.low_points.push_back(0);
    return -tie.id;
  }

  struct State {
    Tie tie;
    TieScore score;    // deal sets given so far, their points as they come
    std::string rule;  // how it was decided
  };

  int GamesPerDealSet() const {
    Round round{.number = 1, .tables = {{0, 1}}};
    TournamentConfig one = config_;
    one.deals_per_pairing = 1;
    return int(ExpandRound(one, layout_, round, 0).size());
  }

  // The games of deal set `set` (1-based) of `tie`: ids "k{tie}-d{set}-s{r}".
  void AddDealSet(const Tie& tie, int set, std::vector<ScheduledGame>* out) {
    const Round round{.number = tie.id,
                      .tables = {{seeds_[tie.high], seeds_[tie.low]}}};
    for (ScheduledGame& game : ExpandRound(config_, layout_, round, index_)) {
      game.deal = set;
      game.game_id = fmt::format("k{}-d{}-s{}", tie.id, set, game.rotation);
      game.duplicate_group = fmt::format("k{}-d{}", tie.id, set);
      ++index_;
      out->push_back(std::move(game));
    }
  }

  std::string Name(int entrant) const {
    return entrant < 0 ? "?" : names_[seeds_[entrant]];
  }
  static std::string Sum(const std::vector<double>& points) {
    double total = 0;
    for (double p : points) total += p;
    return fmt::format("{:g}", total);
  }
  // Ties an entrant plays at most: every tie won, or (double elimination)
  // the first lost and every other won; other ties go to the better seed.
  int MostTies(int entrant) const;

  TournamentConfig config_;
  const TeamLayout layout_;
  const SipKey key_;
  const Settings settings_;
  const std::vector<int> seeds_;  // bot index of each seed
  Bracket bracket_;
  const int seatings_;  // games of a deal set
  std::vector<std::string> names_;
  std::map<int, State> states_;  // by tie id, once started
  int index_ = 0;                // of the next game
};

int Knockout::MostTies(int entrant) const {
  int most = 0;
  for (int lose_first = 0; lose_first < 2; ++lose_first) {
    auto bracket = Bracket::Make(int(seeds_.size()), settings_.elimination);
    int ties = 0;
    while (bracket && !bracket->Done()) {
      for (const Tie& tie : bracket->Ready()) {
        const bool in = tie.high == entrant || tie.low == entrant;
        const int other = tie.high == entrant ? tie.low : tie.high;
        const bool lose = in && lose_first == 1 && ties == 0;
        ties += in ? 1 : 0;
        (void)bracket->Decide(tie.id, !in ? tie.high : lose ? other : entrant);
      }
    }
    most = std::max(most, ties);
  }
  return most;
}

Plan Knockout::MakePlan() const {
  std::set<std::pair<char, int>> rounds;
  for (const Tie& tie : bracket_.Ties()) rounds.insert({tie.side, tie.round});
  Plan plan{.rounds = int(rounds.size()), .games = Total()};
  plan.games_per_bot.assign(config_.bots.size(), 0);
  for (int e = 0; e < int(seeds_.size()); ++e) {
    plan.games_per_bot[seeds_[e]] =
        MostTies(e) * settings_.deal_sets * seatings_;
  }
  plan.detail = fmt::format(
      " at most ({} of {}, {} a deal set; sudden-death sets add to it)",
      Count(bracket_.TotalTies(), "tie"),
      Count(settings_.deal_sets, "deal set"), Count(seatings_, "game"));
  plan.per_bot_heading = "Games per bot (at most: the bot goes furthest)";
  return plan;
}

std::string Knockout::ResultText() const {
  std::string out = fmt::format(
      "Bracket ({} elimination, {} a tie)\n",
      settings_.elimination == Elimination::kSingle ? "single" : "double",
      Count(settings_.deal_sets, "deal set"));
  for (const Tie& tie : bracket_.Ties()) {
    const auto it = states_.find(tie.id);
    if (it == states_.end()) continue;
    const State& s = it->second;
    out += fmt::format("  tie {} ({} round {}): {} v {}  {}-{}  -> {} ({})\n",
                       tie.id, tie.side, tie.round, Name(tie.high),
                       Name(tie.low), Sum(s.score.high_points),
                       Sum(s.score.low_points), Name(tie.winner), s.rule);
  }
  out += "\nPlacings\n";
  int place = 1;
  for (const auto& group : bracket_.Placings()) {
    std::string bots;
    for (int e : group) bots += (bots.empty() ? "" : ", ") + Name(e);
    const int last = place + int(group.size()) - 1;
    out += last == place ? fmt::format("  {}. {}\n", place, bots)
                         : fmt::format("  {}-{}. {}\n", place, last, bots);
    place = last + 1;
  }
  return out;
}

std::string Knockout::ResultJson() const {
  json ties = json::array();
  for (const Tie& tie : bracket_.Ties()) {
    const auto it = states_.find(tie.id);
    if (it == states_.end()) continue;
    const State& s = it->second;
    ties.push_back({{"id", tie.id},
                    {"side", std::string(1, tie.side)},
                    {"round", tie.round},
                    {"high", Name(tie.high)},
                    {"low", Name(tie.low)},
                    {"high_points", s.score.high_points},
                    {"low_points", s.score.low_points},
                    {"winner", Name(tie.winner)},
                    {"rule", s.rule}});
  }
  json placings = json::array();
  int place = 1;
  for (const auto& group : bracket_.Placings()) {
    json bots = json::array();
    for (int e : group) bots.push_back(Name(e));
    placings.push_back({{"place", place}, {"bots", bots}});
    place += int(group.size());
  }
  json seeds = json::array();
  for (int bot : seeds_) seeds.push_back(names_[bot]);
  return json{
      {"elimination",
       settings_.elimination == Elimination::kSingle ? "single" : "double"},
      {"deal_sets_per_tie", settings_.deal_sets},
      {"seeds", seeds},
      {"ties", ties},
      {"placings", placings}}
      .dump(2, ' ', /*ensure_ascii=*/true);
}

std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeKnockout(
    const TournamentConfig& config, const TeamLayout& layout,
    const SipKey& key) {
  if (auto ok = CheckLayout(config, layout); !ok) return Error(ok.error());
  if (UnitsPerTable(config, layout) != 2) {
    return Error(fmt::format(
        "seats: a knockout tie is two bots (or two teams) at a table; {} "
        "seats seat {} with partnership_fill = \"{}\"",
        config.seats, UnitsPerTable(config, layout),
        ToString(config.partnership_fill)));
  }
  auto settings = ReadSettings(config);
  if (!settings) return Error(settings.error());
  auto seeds = KnockoutSeeds(config);
  if (!seeds) return Error(seeds.error());
  auto bracket = Bracket::Make(int(seeds->size()), settings->elimination);
  if (!bracket) return Error("bots: " + bracket.error());
  TournamentConfig duplicate = config;
  duplicate.duplicate = true;  // a tie plays every seating of each deal
  auto format =
      std::make_unique<Knockout>(duplicate, layout, key, *settings,
                                 std::move(*seeds), std::move(*bracket));
  if (format->Total() > kMaxScheduledGames) {
    return Error(fmt::format(
        "deal_sets_per_tie, bots: the knockout would have {} games, more "
        "than {}",
        format->Total(), kMaxScheduledGames));
  }
  return format;
}

}  // namespace

std::expected<std::vector<int>, std::string> KnockoutSeeds(
    const TournamentConfig& config) {
  std::vector<int> seeds(config.bots.size());
  for (size_t b = 0; b < seeds.size(); ++b) seeds[b] = int(b);
  auto file = OptionString(config, "ratings_file", "");
  if (!file) return Error(file.error());
  if (file->empty()) return seeds;
  std::filesystem::path path = *file;
  if (path.is_relative() && !config.base_dir.empty()) {
    path = config.base_dir / path;
  }
  auto ratings = ReadRatings(path);
  if (!ratings) return Error(ratings.error());
  auto rating = [&](int bot) {
    const auto it = ratings->find(config.bots[bot].name);
    return it == ratings->end() ? std::optional<double>() : it->second;
  };
  std::stable_sort(seeds.begin(), seeds.end(), [&](int a, int b) {
    const auto ra = rating(a), rb = rating(b);
    if (ra && rb) return *ra > *rb;
    return ra.has_value() && !rb.has_value();  // unrated bots last
  });
  return seeds;
}

FormatEntry KnockoutFormat() {
  return {.name = "knockout",
          .described = "a knockout",
          .keys = {"elimination", "deal_sets_per_tie", "max_extra_sets",
                   "seeding", "ratings_file"},
          .check = CheckKnockout,
          .make = MakeKnockout};
}

}  // namespace arbiter::tournament
