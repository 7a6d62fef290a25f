#include "arbiter/report/report_writer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/game_record.h"
#include "arbiter/report/bot_logs.h"
#include "arbiter/report/html_page.h"

namespace arbiter::report {
namespace {

namespace fs = std::filesystem;

bool IsRecordFile(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.ends_with(".jsonl") || name.ends_with(".jsonl.zst");
}

void AddUnique(std::vector<fs::path>& list, fs::path p) {
  p = p.lexically_normal();
  if (std::find(list.begin(), list.end(), p) == list.end()) list.push_back(p);
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

std::expected<void, std::string> WriteFileAtomically(const fs::path& out,
                                                     const std::string& text) {
  const fs::path tmp =
      out.string() + fmt::format(".tmp{}", static_cast<long>(::getpid()));
  {
    std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
    if (!file) {
      return std::unexpected(fmt::format("{}: cannot write: {}", tmp.string(),
                                         std::strerror(errno)));
    }
    file.write(text.data(), std::streamsize(text.size()));
    file.close();
    if (!file) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return std::unexpected(tmp.string() + ": write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, out, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return std::unexpected(
        fmt::format("{}: cannot write: {}", out.string(), ec.message()));
  }
  return {};
}

std::expected<ReportResult, std::string> WriteReport(
    const ReportSources& sources, const ReportOptions& options,
    const fs::path& out) {
  ReportResult result;
  const BotLogs logs = BotLogs::Read(sources.log_dirs, {}, &result.warnings);
  ReportBuilder builder(options);
  std::string files;
  for (const auto& f : sources.records) {
    files += (files.empty() ? "" : ", ") + f.filename().string();
  }
  builder.SetDefaultTitle(files);
  records::DuplicateIds ids;
  for (size_t file = 0; file < sources.records.size(); ++file) {
    auto reader = records::GameRecordReader::Open(sources.records[file]);
    if (!reader) return std::unexpected(reader.error());
    v1::GameRecord record;
    for (;;) {
      auto more = reader->Next(&record);
      if (!more) return std::unexpected(more.error());
      if (!*more) break;
      const auto seen = ids.Add(record.game_id(), record.SerializeAsString(),
                                {uint32_t(file), reader->line()});
      if (seen.seen == records::DuplicateIds::Seen::kConflict) {
        // Places are kept (the default), so the first one is known.
        const records::RecordPlace first = seen.first.value_or(
            records::RecordPlace{uint32_t(file), reader->line()});
        return std::unexpected(fmt::format(
            "{}: game {} appears again as a different record (first in {} "
            "line {})",
            reader->Where(), record.game_id(),
            sources.records[first.file].string(), first.line));
      }
      if (seen.seen == records::DuplicateIds::Seen::kCopy) {
        const std::string note =
            fmt::format("{}: game {} appears again (a copy): counted once",
                        reader->Where(), record.game_id());
        result.warnings.push_back(note);
        builder.AddNote(note);
        continue;
      }
      const GameLogs* game_logs = logs.Find(record.game_id());
      result.log_games += game_logs != nullptr;
      builder.Add(record, reader->Where(), game_logs);
    }
    for (const auto& p : reader->problems()) {
      result.warnings.push_back(p.ToString());
      builder.AddNote(p.ToString());
    }
  }
  if (builder.games() == 0) {
    return std::unexpected(files + ": no games to report");
  }
  result.games = builder.games();
  result.replays = options.replays ? result.games : 0;
  ReportBuilder::Page page = builder.Finish();
  const std::string html = ReportPage(page.data, page.replays);
  result.bytes = html.size();
  if (auto ok = WriteFileAtomically(out, html); !ok) {
    return std::unexpected(ok.error());
  }
  return result;
}

}  // namespace arbiter::report
