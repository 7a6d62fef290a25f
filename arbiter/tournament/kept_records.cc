#include "arbiter/tournament/kept_records.h"

#include <fmt/format.h>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_file.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

}  // namespace

std::expected<std::filesystem::path, std::string> RecordsPath(
    const std::filesystem::path& dir, bool compress) {
  const auto plain = dir / kRecordsFile;
  const auto zstd = dir / kCompressedRecordsFile;
  std::error_code ec;
  const bool has_plain = std::filesystem::exists(plain, ec);
  const bool has_zstd = std::filesystem::exists(zstd, ec);
  if (has_plain && has_zstd) {
    return Error(fmt::format(
        "{} holds both {} and {}: one tournament writes one of them (merge "
        "them with `arbiter merge` into another directory)",
        dir.string(), kRecordsFile, kCompressedRecordsFile));
  }
  if (has_plain) return plain;
  if (has_zstd) return zstd;
  return compress ? zstd : plain;
}

std::expected<RunSecret, std::string> OpenRunSecret(
    const std::filesystem::path& dir, const std::filesystem::path& records,
    const std::filesystem::path& given, std::optional<uint64_t> seed) {
  const auto own = dir / kSecretFile;
  std::error_code ec;
  const bool has_secret = std::filesystem::exists(own, ec);
  const auto size = std::filesystem::file_size(records, ec);
  const bool has_records = !ec && size > 0;
  if (given.empty() && !has_secret && has_records) {
    return Error(fmt::format(
        "{} holds records but {} is missing: they were made by an older "
        "arbiter, or their secret was lost, so they cannot be checked; use "
        "another --out, or give their secret with --secret",
        records.string(), own.string()));
  }
  return ResolveRunSecret(
      {.own = own, .given = given, .seed = seed, .keep_seed = true});
}

std::expected<RunSecret, std::string> ReadRunSecret(
    const std::filesystem::path& dir, const std::filesystem::path& given,
    std::optional<uint64_t> seed) {
  const std::filesystem::path file = given.empty() ? dir / kSecretFile : given;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    return Error(fmt::format(
        "{}: no such file: give the secret the games were dealt from with "
        "--secret FILE",
        file.string()));
  }
  auto read = ReadDealSecret(file);
  if (!read) return Error(read.error());
  if (!seed) seed = read->seed;
  if (!seed) {
    return Error(fmt::format(
        "{} holds no seed: give the seed the games were dealt with (the "
        "config's seed)",
        file.string()));
  }
  return RunSecret{.key = read->key, .seed = *seed, .file = file};
}

namespace {

std::expected<void, std::string> ReadFile(const std::filesystem::path& path,
                                          uint32_t file,
                                          records::DuplicateIds& ids,
                                          std::vector<std::string>& names,
                                          KeptRecords& kept) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto reader = records::RecordReader::Open(path);
  if (!reader) return Error(reader.error());
  names.push_back(path.string());
  records::RecordScanner scanner;
  records::RecordView view;
  std::string_view text;
  size_t problems = 0;
  for (;;) {
    auto more = reader->Next(&text);
    if (!more) return Error(more.error());
    for (; problems < reader->problems().size(); ++problems) {
      kept.warnings.push_back(reader->problems()[problems].ToString() +
                              "; its game is played again");
    }
    if (!*more) return {};
    const std::string where = reader->Where();
    auto scanned = scanner.Scan(text, &view);
    if (!scanned || view.game_id.empty()) {
      kept.warnings.push_back(
          fmt::format("{}: skipped, {}{}", where,
                      scanned ? "no game_id" : scanned.error().message,
                      scanned ? "" : "; its game is played again"));
      continue;
    }
    const std::string id(view.game_id);
    const auto seen = ids.Add(id, text, {file, reader->line()});
    const std::string first =
        !seen.first ? std::string("an earlier line")
        : seen.first->file == file
            ? fmt::format("line {}", seen.first->line)
            : fmt::format("{}:{}", names[seen.first->file], seen.first->line);
    if (seen.seen == records::DuplicateIds::Seen::kConflict) {
      return Error(fmt::format(
          "{}: game {} is already recorded at {} with a different record: one "
          "of them was not made by this tournament (forged?); refusing to go "
          "on until one is removed (`arbiter repair` keeps the one the "
          "schedule confirms)",
          where, id, first));
    }
    if (seen.seen == records::DuplicateIds::Seen::kCopy) {
      kept.warnings.push_back(
          fmt::format("{}: skipped, a copy of {}", where, first));
      continue;
    }
    auto summary = records::RecordSummary::Of(view);
    kept.ids.push_back(id);
    kept.by_id.emplace(id, KeptRecord{where, std::move(summary)});
  }
}

}  // namespace

std::expected<KeptRecords, std::string> ReadKeptRecords(
    const std::vector<std::filesystem::path>& paths) {
  KeptRecords kept;
  records::DuplicateIds ids;
  std::vector<std::string> names;
  for (const auto& path : paths) {
    if (auto ok = ReadFile(path, uint32_t(names.size()), ids, names, kept);
        !ok) {
      return Error(ok.error());
    }
  }
  return kept;
}

std::expected<void, std::string> CheckAgainstSchedule(
    const ScheduledGame& game, const records::RecordSummary& summary,
    const TournamentConfig& config, std::string_view where) {
  if (summary.bots.size() != game.seat_bots.size()) {
    return Error(fmt::format("{}: game {}: the record has {} seats, not {}",
                             where, game.game_id, summary.bots.size(),
                             game.seat_bots.size()));
  }
  for (size_t s = 0; s < summary.bots.size(); ++s) {
    const std::string& expected = config.bots[game.seat_bots[s]].name;
    if (summary.bots[s] != expected) {
      return Error(fmt::format(
          "{}: game {}: seats[{}] is \"{}\" in the record but \"{}\" in the "
          "schedule (was the config changed since the records were made?)",
          where, game.game_id, s, summary.bots[s], expected));
    }
  }
  if (summary.seed != game.deal_seed) {
    return Error(fmt::format(
        "{}: game {}: the record's deal seed is not the schedule's: this "
        "tournament did not make this record (forged, or made with another "
        "secret); remove it to go on",
        where, game.game_id));
  }
  return {};
}

}  // namespace arbiter::tournament
