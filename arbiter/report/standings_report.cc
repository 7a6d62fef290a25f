#include "arbiter/report/standings_report.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>

#include "arbiter/common/atomic_file.h"
#include "arbiter/common/printable.h"
#include "arbiter/tournament/swiss_table_text.h"
#include "ratings/format.h"
#include "ratings/ratings.h"

namespace arbiter {

namespace {

// The bots best first by the ratings. Ratings equal but for rounding (the
// same games summed in another order, as after a resume) are a tie, which
// the format's places break: a tie is no disagreement.
std::vector<std::string> RatingsOrder(
    const ratings::Report& report,
    const std::vector<std::pair<std::string, int>>& placed) {
  constexpr double kTie = 1e-6;  // Elo; rounding differences are ~1e-10
  auto place = [&](const std::string& bot) {
    for (const auto& [name, p] : placed) {
      if (name == bot) return p;
    }
    return std::numeric_limits<int>::max();
  };
  std::vector<std::string> order;
  size_t tied_from = 0;  // where the run of tied ratings began in `order`
  for (size_t i = 0; i < report.players.size(); ++i) {
    const ratings::PlayerReport& p = report.players[i];
    const bool tied = i > 0 && report.players[i - 1].component == p.component &&
                      std::abs(report.players[i - 1].rating - p.rating) < kTie;
    if (!tied) tied_from = order.size();
    order.push_back(p.name);
    std::stable_sort(order.begin() + tied_from, order.end(),
                     [&](const std::string& a, const std::string& b) {
                       return place(a) < place(b);
                     });
  }
  return order;
}

// Sets format->note (and "ratings_note" in its JSON) when the ratings
// order two bots differently from the format's standings.
void NoteOrder(const ratings::Report& report, FormatResults* format) {
  auto json = nlohmann::json::parse(format->json, nullptr, false);
  if (!json.is_object() || !json.contains("standings") ||
      !json.contains("order")) {
    return;
  }
  std::vector<std::pair<std::string, int>> placed;
  for (const auto& row : json["standings"]) {
    placed.emplace_back(row["bot"].get<std::string>(), row["place"].get<int>());
  }
  std::vector<std::string> rated = RatingsOrder(report, placed);
  // "swiss" -> "Swiss standings".
  std::string name = json.value("format", std::string("format"));
  if (!name.empty()) name[0] = char(std::toupper((unsigned char)name[0]));
  format->note =
      tournament::OrderNote(placed, rated, name + " standings", json["order"]);
  if (format->note.empty()) return;
  json["ratings_note"] = format->note;
  format->json = json.dump(2, ' ', /*ensure_ascii=*/true);
}

}  // namespace

std::expected<void, std::string> PublishStandings(
    const tournament::Standings& standings,
    const std::vector<std::string>& records,
    const std::filesystem::path& out_dir, FormatResults* format) {
  std::printf("Standings\n%s\nCrosstable\n%s", standings.Table().c_str(),
              standings.Crosstable().c_str());
  if (const std::string faults = standings.FaultsByReason(); !faults.empty()) {
    std::printf("\nFaults\n%s", faults.c_str());
  }
  std::string ratings_json;
  if (standings.TotalGames() > 0) {
    ratings::Options options;
    options.bootstrap = 200;
    options.crosstable = false;  // the standings print their own
    auto report = ratings::RateFiles(records, options);
    if (report) {
      std::printf("\nRatings\n%s", ratings::FormatTable(*report).c_str());
      if (format != nullptr) NoteOrder(*report, format);
      if (format != nullptr && !format->note.empty()) {
        std::printf("%s\n", TerminalSafe(format->note).c_str());
      }
      ratings_json = ratings::FormatJson(*report, /*with_crosstable=*/false);
    } else {
      std::fprintf(stderr, "ratings: %s\n", report.error().c_str());
    }
  }
  std::fflush(stdout);
  if (out_dir.empty()) return {};
  if (ratings_json.empty()) ratings_json = "{}\n";
  const std::string texts[] = {standings.Csv(), standings.Json(),
                               standings.CrosstableCsv(), ratings_json};
  for (size_t i = 0; i < std::size(kReportFiles); ++i) {
    if (auto ok = WriteFileAtomically(out_dir / kReportFiles[i], texts[i]);
        !ok) {
      return ok;
    }
  }
  return {};
}

}  // namespace arbiter
