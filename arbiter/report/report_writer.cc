#include "arbiter/report/report_writer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fstream>
#include <future>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "arbiter/common/atomic_file.h"
#include "arbiter/records/duplicates.h"
#include "arbiter/records/game_record.h"
#include "arbiter/records/record_file.h"
#include "arbiter/records/record_lines.h"
#include "arbiter/records/record_view.h"
#include "arbiter/report/bot_logs.h"
#include "arbiter/report/html_page.h"
#include "arbiter/report/record_standings.h"

namespace arbiter::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Bumped when the replays' data changes, so that an earlier report's
// replay files are made again.
constexpr int kReplayFormat = 1;

bool IsRecordFile(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.ends_with(".jsonl") || name.ends_with(".jsonl.zst");
}

void AddUnique(std::vector<fs::path>& list, fs::path p) {
  p = p.lexically_normal();
  if (std::find(list.begin(), list.end(), p) == list.end()) list.push_back(p);
}

std::string ReadWhole(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Writes `text` unless the file already holds it (a resume leaves the
// files of unchanged games alone).
std::expected<bool, std::string> WriteIfChanged(const fs::path& p,
                                                const std::string& text) {
  std::error_code ec;
  if (fs::file_size(p, ec) == text.size() && !ec && ReadWhole(p) == text) {
    return false;
  }
  if (auto ok = WriteFileAtomically(p, text); !ok) {
    return std::unexpected(ok.error());
  }
  return true;
}

// Fingerprints of the records held at once while looking for copies (48
// bytes each): more are sorted in runs on disk, so that the memory of the
// survey does not grow with the games.
constexpr size_t kFingerprintsInMemory = size_t{1} << 17;

// What the first pass over the records finds: the games (sections), their
// bots and rounds, the copies to skip, the tournaments.
struct Survey {
  std::vector<GameKind> kinds;
  std::vector<std::vector<std::string>> bots;      // per section
  std::vector<std::map<int64_t, int64_t>> rounds;  // per section: games
  std::map<std::string, int> section_of;           // by game
  std::vector<std::string> tournaments;
  std::vector<std::string> notes;
  int64_t games = 0;
  // The copies (records of a game id already read, with the same text),
  // in reading order, for the second pass to skip.
  std::unique_ptr<records::CopyFinder> copies;
};

// Counts a record of a game id in `survey`; returns its (section, round)
// cell, by which a copy found later is taken off the counts.
uint32_t Count(const records::RecordView& view, const std::string& where,
               Survey& survey, std::vector<std::pair<int, int64_t>>& cells,
               std::map<std::pair<int, int64_t>, uint32_t>& cell_of) {
  const std::string game = GameOf(view);
  auto [it, added] =
      survey.section_of.try_emplace(game, int(survey.kinds.size()));
  if (added) {
    survey.kinds.push_back({game, where, 0});
    survey.bots.emplace_back();
    survey.rounds.emplace_back();
  }
  const int section = it->second;
  ++survey.rounds[section][view.round];
  ++survey.kinds[section].games;
  ++survey.games;
  auto& bots = survey.bots[section];
  for (const auto& seat : view.seats) {
    if (std::find(bots.begin(), bots.end(), seat.bot_name) == bots.end()) {
      bots.emplace_back(seat.bot_name);
    }
  }
  const std::string tournament(view.tournament_id);
  auto& ts = survey.tournaments;
  if (!tournament.empty() &&
      std::find(ts.begin(), ts.end(), tournament) == ts.end()) {
    ts.push_back(tournament);
  }
  const auto [cell, fresh] =
      cell_of.try_emplace({section, view.round}, uint32_t(cells.size()));
  if (fresh) cells.emplace_back(section, view.round);
  return cell->second;
}

// The game id of the record at `place` (to name a conflict).
std::string IdAt(const std::vector<fs::path>& files,
                 const records::RecordPlace& place) {
  std::string id;
  records::RecordScanner scanner;
  const std::vector<fs::path> file = {files[place.file]};
  std::vector<std::string> unused;
  (void)records::ForEachLine(
      file, &unused,
      [&](uint32_t, const records::RecordReader& reader,
          std::string_view text) -> std::expected<void, std::string> {
        if (reader.line() != place.line) return {};
        if (auto got = scanner.GameId(text)) id = std::string(*got);
        return std::unexpected("found");
      });
  return id;
}

std::expected<Survey, std::string> SurveyRecords(
    const std::vector<fs::path>& files) {
  Survey survey;
  std::error_code ec;
  fs::path temp = fs::temp_directory_path(ec);
  if (ec) temp = "/tmp";
  survey.copies =
      std::make_unique<records::CopyFinder>(kFingerprintsInMemory, temp);
  std::vector<std::pair<int, int64_t>> cells;  // (section, round)
  std::map<std::pair<int, int64_t>, uint32_t> cell_of;
  records::RecordScanner scanner;
  records::RecordView view;
  auto read = records::ForEachLine(
      files, &survey.notes,
      [&](uint32_t f, const records::RecordReader& reader,
          std::string_view line) -> std::expected<void, std::string> {
        if (auto ok = scanner.Scan(line, &view); !ok || view.game_id.empty()) {
          survey.notes.push_back(
              reader.Where() + ": skipped, " +
              (ok ? std::string("no game_id") : ok.error().message));
          return {};
        }
        const uint32_t cell =
            Count(view, reader.Where(), survey, cells, cell_of);
        return survey.copies->Add(view.game_id, line, {f, reader.line()}, cell);
      });
  if (!read) return std::unexpected(read.error());
  // A copy is counted once: taken off the counts of its section and round.
  auto conflicts =
      survey.copies->Finish(1, [&](const records::CopyFinder::Repeat& copy) {
        const auto [section, round] = cells[copy.tag];
        --survey.kinds[section].games;
        --survey.games;
        if (--survey.rounds[section][round] == 0) {
          survey.rounds[section].erase(round);
        }
      });
  if (!conflicts) return std::unexpected(conflicts.error());
  if (!conflicts->empty()) {
    const auto& c = conflicts->front();
    return std::unexpected(fmt::format(
        "{}:{}: game {} appears again as a different record (first in {} "
        "line {})",
        files[c.place.file].string(), c.place.line, IdAt(files, c.place),
        files[c.first.file].string(), c.first.line));
  }
  return survey;
}

uint64_t HashLogs(const GameLogs* logs) {
  if (logs == nullptr) return 0;
  std::string text;
  for (const auto& [seat, log] : *logs) {
    text += fmt::format("{}\x1f{}\x1f{}\x1f", seat, log.source, log.dropped);
    for (const auto& l : log.lines) text += l + "\n";
  }
  return records::Hash64(text);
}

// One replay file: its games' record lines and bot logs.
struct ReplayJob {
  int64_t file = 0;
  std::vector<std::string> lines;
  std::vector<const GameLogs*> logs;
  std::vector<std::string> ids;
  std::vector<int> sections;
  uint64_t hash = 0;
};

// What a replay file holds, as the manifest keeps it.
struct ReplayFileInfo {
  std::string hash;                           // of its inputs
  std::map<std::string, std::string> errors;  // game id -> why
  std::vector<std::string> units;             // per game: score_unit
  std::vector<int> sections;                  // per game
};

json ToJson(const ReplayFileInfo& info) {
  return {{"hash", info.hash},
          {"errors", info.errors},
          {"units", info.units},
          {"sections", info.sections}};
}

std::optional<ReplayFileInfo> InfoOf(const json& j) {
  if (!j.is_object()) return std::nullopt;
  try {
    return ReplayFileInfo{
        .hash = j.at("hash").get<std::string>(),
        .errors = j.at("errors").get<std::map<std::string, std::string>>(),
        .units = j.at("units").get<std::vector<std::string>>(),
        .sections = j.at("sections").get<std::vector<int>>()};
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

std::string ReplayFileName(int64_t k) { return fmt::format("{}.js", k); }

// Replays the job's games and writes their file.
std::expected<ReplayFileInfo, std::string> MakeReplayFile(
    const ReplayJob& job, const ReplayDataOptions& options,
    const fs::path& path) {
  ReplayFileInfo info{.hash = fmt::format("{:016x}", job.hash),
                      .sections = job.sections};
  std::string text = fmt::format("reportReplays({},[", job.file);
  for (size_t i = 0; i < job.lines.size(); ++i) {
    ReplayText data;
    // The replay recomputes the events through the game: not built.
    if (auto record = records::RecordFromJson(job.lines[i],
                                              {.skip = records::kEventFields});
        record) {
      data = ReplayDataText(*record, job.logs[i], options);
    } else {
      data.error = record.error().message;
      data.json = json({{"id", job.ids[i]}, {"error", data.error}})
                      .dump(-1, ' ', false, json::error_handler_t::replace);
    }
    if (!data.error.empty()) info.errors[job.ids[i]] = data.error;
    info.units.push_back(data.score_unit);
    // Base64 holds no quote or backslash: it stands in a string as it is.
    text += (i ? ",\"" : "\"") + CompressText(data.json) + "\"";
  }
  text += "]);\n";
  if (auto ok = WriteFileAtomically(path, text); !ok) {
    return std::unexpected(ok.error());
  }
  return info;
}

}  // namespace

std::expected<void, std::string> CheckReportFolder(const fs::path& out) {
  if (out.extension() == ".html") {
    return std::unexpected(fmt::format(
        "{}: a report is a folder now (index.html and the replays beside "
        "it): give a folder, e.g. -o {}",
        out.string(), (out.parent_path() / out.stem()).string()));
  }
  std::error_code ec;
  if (!fs::exists(out, ec)) return {};
  if (!fs::is_directory(out, ec)) {
    return std::unexpected(out.string() + ": exists and is not a folder");
  }
  if (fs::exists(out / "manifest.json", ec) || fs::is_empty(out, ec)) {
    return {};
  }
  return std::unexpected(
      out.string() +
      ": not empty and not a report folder (it has no manifest.json): give "
      "a new or empty folder");
}

namespace {

// Removes OUT/DIR/K.js for K >= count (files of a longer earlier report).
void RemoveFilesFrom(const fs::path& dir, int64_t count) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    int64_t k = -1;
    if (std::sscanf(name.c_str(), "%ld.js", &k) == 1 && k >= count &&
        name == ReplayFileName(k)) {
      fs::remove(e.path(), ec);
    }
  }
}

// Writes the replay files, each on a thread of its own (up to `threads` at
// once), reusing what the manifest says is unchanged.
class ReplayWriter {
 public:
  ReplayWriter(fs::path dir, const ReportOptions& options, json manifest)
      : dir_(std::move(dir)),
        options_(options.replay),
        threads_(options.threads > 0
                     ? options.threads
                     : std::max(1u, std::thread::hardware_concurrency())),
        earlier_(std::move(manifest)) {}

  void Add(std::string_view line, const std::string& id, int section,
           const GameLogs* logs) {
    job_.lines.emplace_back(line);
    job_.ids.push_back(id);
    job_.sections.push_back(section);
    job_.logs.push_back(logs);
    job_.hash = records::Hash64(fmt::format(
        "{:x}/{:x}/{:x}", job_.hash, records::Hash64(line), HashLogs(logs)));
    if (job_.lines.size() == size_t(kReplaysPerFile)) Flush();
  }

  // The files' infos, in order; the error names a file not written.
  std::expected<std::vector<ReplayFileInfo>, std::string> Finish() {
    if (!job_.lines.empty()) Flush();
    while (!pending_.empty()) {
      if (auto ok = Collect(); !ok) error_ = ok.error();
    }
    if (!error_.empty()) return std::unexpected(error_);
    return std::move(infos_);
  }
  int64_t written() const { return written_; }
  int64_t kept() const { return kept_; }

 private:
  void Flush() {
    ReplayJob job = std::move(job_);
    job_ = ReplayJob{.file = job.file + 1};
    const fs::path path = dir_ / ReplayFileName(job.file);
    const json& before =
        earlier_.is_array() && size_t(job.file) < earlier_.size()
            ? earlier_[job.file]
            : json();
    auto info = InfoOf(before);
    std::error_code ec;
    if (info && info->hash == fmt::format("{:016x}", job.hash) &&
        fs::exists(path, ec)) {
      ++kept_;
      infos_.push_back(std::move(*info));
      return;
    }
    infos_.emplace_back();
    while (pending_.size() >= size_t(threads_)) {
      if (auto ok = Collect(); !ok) error_ = ok.error();
    }
    pending_.push_back(
        {infos_.size() - 1,
         std::async(std::launch::async,
                    [job = std::move(job), path, options = options_] {
                      return MakeReplayFile(job, options, path);
                    })});
  }

  std::expected<void, std::string> Collect() {
    auto [slot, future] = std::move(pending_.front());
    pending_.pop_front();
    auto info = future.get();
    if (!info) return std::unexpected(info.error());
    ++written_;
    infos_[slot] = std::move(*info);
    return {};
  }

  fs::path dir_;
  ReplayDataOptions options_;
  int threads_;
  json earlier_;
  ReplayJob job_;
  std::vector<ReplayFileInfo> infos_;
  std::deque<std::pair<size_t,
                       std::future<std::expected<ReplayFileInfo, std::string>>>>
      pending_;
  std::string error_;
  int64_t written_ = 0, kept_ = 0;
};

// The game list, kRowsPerListFile rows a file.
class ListWriter {
 public:
  explicit ListWriter(fs::path dir) : dir_(std::move(dir)) {}
  std::expected<void, std::string> Add(const json& row) {
    text_ += (rows_ % kRowsPerListFile ? "," : "") +
             row.dump(-1, ' ', false, json::error_handler_t::replace);
    if (++rows_ % kRowsPerListFile == 0) return Flush();
    return {};
  }
  std::expected<int64_t, std::string> Finish() {
    if (rows_ % kRowsPerListFile != 0) {
      if (auto ok = Flush(); !ok) return std::unexpected(ok.error());
    }
    return files_;
  }

 private:
  std::expected<void, std::string> Flush() {
    const std::string text =
        fmt::format("reportGames({},[{}]);\n", files_, text_);
    text_.clear();
    auto written = WriteIfChanged(dir_ / ReplayFileName(files_++), text);
    if (!written) return std::unexpected(written.error());
    return {};
  }
  fs::path dir_;
  std::string text_;
  int64_t rows_ = 0, files_ = 0;
};

std::string TitleOf(const ReportOptions& options, const Survey& survey,
                    const ReportSources& sources) {
  if (!options.title.empty()) return options.title;
  std::string title;
  const auto& list = survey.tournaments;
  for (size_t i = 0; i < list.size() && i < 5; ++i) {
    title += (i ? ", " : "") + list[i];
  }
  if (list.size() > 5) title += fmt::format(" and {} more", list.size() - 5);
  if (!title.empty()) return title;
  for (const auto& f : sources.records) {
    title += (title.empty() ? "" : ", ") + f.filename().string();
  }
  return title.empty() ? "Report" : title;
}

json ReadManifest(const fs::path& out, const ReportOptions& options) {
  std::error_code ec;
  if (!fs::exists(out / "manifest.json", ec)) return json();
  json manifest = json::parse(ReadWhole(out / "manifest.json"), nullptr, false);
  const json expected = {{"format", kReplayFormat},
                         {"legal_actions", options.replay.legal_actions}};
  if (!manifest.is_object() || manifest.value("replay", json()) != expected) {
    return json();
  }
  return manifest.value("replays", json());
}

}  // namespace

std::expected<ReportSources, std::string> FindSources(
    const std::vector<std::string>& args) {
  ReportSources sources;
  if (args.empty()) return std::unexpected("no record file or directory");
  for (const std::string& arg : args) {
    std::error_code ec;
    const fs::path path(arg);
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::directory_iterator(path, ec)) {
        if (e.is_regular_file() && IsRecordFile(e.path())) {
          found.push_back(e.path());
        }
      }
      if (found.empty()) {
        return std::unexpected(
            arg + ": no record files (*.jsonl, *.jsonl.zst) in this directory");
      }
      std::sort(found.begin(), found.end());
      for (auto& f : found) {
        AddUnique(sources.records, f);
        AddUnique(sources.log_dirs, f.string() + ".logs");
      }
      AddUnique(sources.log_dirs, path / "logs");
    } else if (fs::exists(path, ec)) {
      AddUnique(sources.records, path);
      AddUnique(sources.log_dirs, arg + ".logs");
      AddUnique(sources.log_dirs,
                (path.has_parent_path() ? path.parent_path() : ".") / "logs");
    } else {
      return std::unexpected(arg + ": no such file or directory");
    }
  }
  return sources;
}

namespace {

// The second pass: every game into its section, the list and (with
// replays) its replay file; the copies the survey found are skipped and
// noted. Returns the number of games.
std::expected<int64_t, std::string> ReadGames(
    const ReportSources& sources, Survey& survey, const BotLogs& logs,
    const ReportOptions& options, std::vector<SectionBuilder>& sections,
    ListWriter& list, ReplayWriter& replays, std::vector<std::string>& notes,
    ReportResult& result) {
  records::RecordScanner scanner({.steps = true});
  records::RecordView view;
  int64_t n = 0;
  records::CopyFinder::Repeat copy;
  auto next_copy = [&] { return survey.copies->NextCopy(&copy); };
  auto more_copies = next_copy();
  std::vector<std::string> unused;  // the survey noted the problems
  auto read = records::ForEachLine(
      sources.records, &unused,
      [&](uint32_t f, const records::RecordReader& reader,
          std::string_view line) -> std::expected<void, std::string> {
        if (!more_copies) return std::unexpected(more_copies.error());
        if (*more_copies && copy.place.file == f &&
            copy.place.line == reader.line()) {
          notes.push_back(
              fmt::format("{}: game {} appears again (a copy): counted once",
                          reader.Where(), scanner.GameId(line).value_or("")));
          result.warnings.push_back(notes.back());
          more_copies = next_copy();
          return {};
        }
        // Records the scan refuses were noted by the first pass.
        if (!scanner.Scan(line, &view) || view.game_id.empty()) return {};
        const int s = survey.section_of.at(GameOf(view));
        if (auto ok = sections[s].Add(view, reader.Where()); !ok) {
          notes.push_back(ok.error() + ": left out");
          result.warnings.push_back(notes.back());
          return {};
        }
        if (auto ok = list.Add(GameRow(view, n++, s)); !ok) return ok;
        const std::string id(view.game_id);
        const GameLogs* game_logs = logs.Find(id);
        result.log_games += game_logs != nullptr;
        if (options.replays) replays.Add(line, id, s, game_logs);
        return {};
      });
  if (!read) return std::unexpected(read.error());
  return n;
}

// index.html's data: the sections' summaries, with their units (from the
// replays), and the replays' errors.
json SummaryData(const std::string& title, int64_t games, int64_t list_files,
                 const ReportOptions& options,
                 const std::vector<ReplayFileInfo>& infos,
                 std::vector<SectionBuilder>& sections,
                 std::vector<std::string>& notes, ReportResult& result) {
  std::vector<std::set<std::string>> units(sections.size());
  json errors = json::object();
  for (const ReplayFileInfo& info : infos) {
    for (size_t i = 0; i < info.units.size() && i < info.sections.size(); ++i) {
      units[info.sections[i]].insert(info.units[i]);
    }
    for (const auto& [id, why] : info.errors) errors[id] = why;
  }
  json data = {
      {"format", 2},
      {"title", title},
      {"games_count", games},
      {"sections", json::array()},
      {"list", {{"files", list_files}, {"per_file", kRowsPerListFile}}},
      {"replays",
       {{"available", options.replays}, {"per_file", kReplaysPerFile}}},
      {"replay_errors", errors}};
  for (size_t s = 0; s < sections.size(); ++s) {
    json section = sections[s].Finish(&notes);
    // What the game points count, when every replayed game says the same.
    if (units[s].size() == 1) section["score_unit"] = *units[s].begin();
    for (const auto& [bot, d] : section["decisions"]["bots"].items()) {
      result.decisions += d["count"].get<int64_t>();
      result.timeouts += d["timeouts"].get<int64_t>();
      result.other_faults += d["other_faults"].get<int64_t>();
    }
    data["sections"].push_back(std::move(section));
    result.sections.push_back(sections[s].game());
  }
  data["notes"] = notes;
  if (!options.format_results.is_null()) {
    data["format_results"] = options.format_results;
  }
  return data;
}

// The survey of `sources`, refused when there is nothing to report or
// games that do not add up.
std::expected<Survey, std::string> SurveyToReport(
    const ReportSources& sources, const ReportOptions& options) {
  auto survey = SurveyRecords(sources.records);
  if (!survey) return std::unexpected(survey.error());
  if (survey->games == 0) {
    std::string files;
    for (const auto& f : sources.records) {
      files += (files.empty() ? "" : ", ") + f.string();
    }
    return std::unexpected(files + ": no games to report");
  }
  if (auto ok = CheckOneGame(survey->kinds, options.split); !ok) {
    return std::unexpected(ok.error());
  }
  return survey;
}

}  // namespace

std::expected<ReportResult, std::string> WriteReport(
    const ReportSources& sources, const ReportOptions& options,
    const fs::path& out) {
  if (auto ok = CheckReportFolder(out); !ok) return std::unexpected(ok.error());
  auto survey = SurveyToReport(sources, options);
  if (!survey) return std::unexpected(survey.error());
  ReportResult result;
  std::vector<std::string> notes = survey->notes;
  result.warnings = notes;
  const BotLogs logs = BotLogs::Read(sources.log_dirs, {}, &result.warnings);
  for (const char* sub : {"games", "replays"}) {
    std::error_code ec;
    fs::create_directories(out / sub, ec);
    if (ec) {
      return std::unexpected(fmt::format("{}: cannot create: {}",
                                         (out / sub).string(), ec.message()));
    }
  }
  std::vector<SectionBuilder> sections;
  for (size_t s = 0; s < survey->kinds.size(); ++s) {
    sections.emplace_back(survey->kinds[s].game, survey->bots[s],
                          survey->rounds[s], options.bootstrap);
  }
  ListWriter list(out / "games");
  ReplayWriter replays(out / "replays", options, ReadManifest(out, options));
  auto games = ReadGames(sources, *survey, logs, options, sections, list,
                         replays, notes, result);
  if (!games) return std::unexpected(games.error());
  auto list_files = list.Finish();
  if (!list_files) return std::unexpected(list_files.error());
  auto infos = replays.Finish();
  if (!infos) return std::unexpected(infos.error());
  RemoveFilesFrom(out / "games", *list_files);
  RemoveFilesFrom(out / "replays", int64_t(infos->size()));

  const std::string html = ReportPage(
      SummaryData(TitleOf(options, *survey, sources), *games, *list_files,
                  options, *infos, sections, notes, result));
  json manifest_files = json::array();
  for (const ReplayFileInfo& info : *infos) {
    manifest_files.push_back(ToJson(info));
  }
  const json manifest = {{"replay",
                          {{"format", kReplayFormat},
                           {"legal_actions", options.replay.legal_actions}}},
                         {"replays", manifest_files}};
  // index.html last: a reader never finds a page without its files.
  for (auto [name, text] : {std::pair{"manifest.json", manifest.dump(1) + "\n"},
                            std::pair{"index.html", html}}) {
    if (auto ok = WriteIfChanged(out / name, text); !ok) {
      return std::unexpected(ok.error());
    }
  }
  result.index_bytes = html.size();
  result.games = *games;
  result.replays = options.replays ? *games : 0;
  result.replay_files_written = replays.written();
  result.replay_files_kept = replays.kept();
  return result;
}

}  // namespace arbiter::report
