// `arbiter replay FILE`: the games of a record file, one line each (players,
// scores, places, how the game ended, faults), filtered by bot and result;
// `--verify` replays every record; `--game ID [--seat N]` shows one game
// step by step; `--json` gives the same as JSON lines for tools; `--game ID
// --html -o game.html` writes the game's viewer page instead.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <expected>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/atomic_file.h"
#include "arbiter/common/plural.h"
#include "arbiter/common/printable.h"
#include "arbiter/records/duplicates.h"
#include "arbiter/records/game_record.h"
#include "arbiter/replay/replay.h"
#include "arbiter/report/bot_logs.h"
#include "arbiter/report/game_list.h"
#include "arbiter/report/html_page.h"
#include "arbiter/report/replay_data.h"
#include "arbiter/report/report_writer.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter {
namespace {

struct ReplayOptions {
  std::string file;
  bool verify = false;
  std::string game;
  int seat = -1;
  bool json = false;
  bool html = false;
  std::string out;            // with html
  report::GameFilter filter;  // of the list of games
};

struct FileReport {
  int records = 0;
  int torn = 0;       // records cut short by a kill: skipped, not an error
  int malformed = 0;  // text that is no record
};

// Calls each(record, reader) for every record of the file, streaming, then
// reports the pieces that are not records on stderr. nullopt when the file
// cannot be read (the error is printed).
template <typename F>
std::optional<FileReport> ForEachRecord(const std::string& file, F&& each) {
  auto reader = records::GameRecordReader::Open(file);
  if (!reader) {
    std::fprintf(stderr, "arbiter replay: %s\n", reader.error().c_str());
    return std::nullopt;
  }
  FileReport report;
  arbiter::v1::GameRecord record;
  for (;;) {
    auto more = reader->Next(&record);
    if (!more) {
      std::fprintf(stderr, "arbiter replay: %s\n", more.error().c_str());
      return std::nullopt;
    }
    if (!*more) break;
    ++report.records;
    if (!each(record, *reader)) break;
  }
  for (const auto& p : reader->problems()) {
    const bool torn = p.kind == records::Problem::Kind::kTorn;
    ++(torn ? report.torn : report.malformed);
    std::fprintf(stderr, "%s: %s\n", torn ? "warning" : "error",
                 p.ToString().c_str());
  }
  return report;
}

// Adds the record's id to `ids`. A repeated id is said on stderr, with the
// line where it first stood and `then` after: always for a different record,
// with `say_copies` also for a copy of the first.
records::DuplicateIds::Seen AddId(const arbiter::v1::GameRecord& r,
                                  const records::GameRecordReader& reader,
                                  bool say_copies, const char* then,
                                  records::DuplicateIds* ids) {
  const auto seen =
      ids->Add(r.game_id(), r.SerializeAsString(), {0, reader.line()});
  const bool conflict = seen.seen == records::DuplicateIds::Seen::kConflict;
  if (conflict ||
      (say_copies && seen.seen != records::DuplicateIds::Seen::kNew)) {
    std::fprintf(stderr, "%s: game %s appears again (first at line %lld)%s%s\n",
                 reader.Where().c_str(), TerminalSafe(r.game_id()).c_str(),
                 (long long)seen.first->line,
                 conflict ? ", as a different record" : "", then);
  }
  return seen.seen;
}

// A report of several lines on stderr, each line escaped: the lines quote
// the record's fields, which may hold anything.
void PrintLines(std::string_view text) {
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::fprintf(stderr, "%s\n", TerminalSafe(text.substr(0, end)).c_str());
    text.remove_prefix(std::min(end + 1, text.size()));
  }
}

int Verify(const ReplayOptions& o) {
  int bad = 0, repeated = 0;
  records::DuplicateIds ids;
  auto report =
      ForEachRecord(o.file, [&](const arbiter::v1::GameRecord& r,
                                const records::GameRecordReader& reader) {
        const auto diffs = VerifyRecord(r);
        for (const auto& d : diffs) PrintLines(d);
        bad += !diffs.empty();
        repeated += AddId(r, reader, /*say_copies=*/true, "", &ids) !=
                    records::DuplicateIds::Seen::kNew;
        return true;
      });
  if (!report) return 2;
  std::printf("%s, %d ok, %d with differences",
              Count(report->records, "record").c_str(), report->records - bad,
              bad);
  if (repeated) {
    std::printf(", %s", Count(repeated, "repeated game id").c_str());
  }
  if (report->malformed) std::printf(", %d malformed", report->malformed);
  if (report->torn) std::printf(", %d torn (skipped)", report->torn);
  std::printf("\n");
  return bad || repeated || report->malformed ? 1 : 0;
}

// A list of the games, to pick one from. A copy of a record is listed
// once; a different record under an id already seen is refused, as merge
// and ratings refuse it.
int ListGames(const ReplayOptions& o) {
  records::DuplicateIds ids;
  int conflicts = 0;
  auto scanned =
      ForEachRecord(o.file, [&](const arbiter::v1::GameRecord& r,
                                const records::GameRecordReader& reader) {
        const auto seen =
            AddId(r, reader, /*say_copies=*/false, ": not listed", &ids);
        conflicts += seen == records::DuplicateIds::Seen::kConflict;
        if (seen == records::DuplicateIds::Seen::kNew &&
            report::Listed(o.filter, r)) {
          const std::string line =
              o.json ? report::GameLineJson(r).dump() : report::GameLine(r);
          std::printf("%s\n", line.c_str());
        }
        return true;
      });
  if (!scanned) return 2;
  return conflicts ? 1 : 0;
}

// The game --game names (an exact id wins over an id's end), or the exit
// status when none or several do (the message is printed).
std::expected<arbiter::v1::GameRecord, int> FindGame(const ReplayOptions& o) {
  std::optional<arbiter::v1::GameRecord> game;
  std::vector<std::string> matches;
  auto scanned = ForEachRecord(o.file, [&](const arbiter::v1::GameRecord& r,
                                           const records::GameRecordReader&) {
    if (!report::NamesGame(r.game_id(), o.game)) return true;
    matches.push_back(r.game_id());
    if (r.game_id() == o.game) {
      game = r;
      matches = {r.game_id()};
      return false;
    }
    if (!game) game = r;
    return true;
  });
  if (!scanned) return std::unexpected(2);
  if (matches.size() > 1) {
    std::fprintf(
        stderr,
        "arbiter replay: --game %s: %zu games end so (%s, %s%s); give "
        "the whole id\n",
        o.game.c_str(), matches.size(), TerminalSafe(matches[0]).c_str(),
        TerminalSafe(matches[1]).c_str(), matches.size() > 2 ? ", ..." : "");
    return std::unexpected(2);
  }
  if (!game) {
    std::fprintf(stderr, "arbiter replay: no game '%s' in %s\n", o.game.c_str(),
                 o.file.c_str());
    return std::unexpected(2);
  }
  return std::move(*game);
}

// The viewer page of `game`, with its bots' log lines when kept beside the
// records (FILE.logs/ or logs/).
int WriteReplayPage(const ReplayOptions& o,
                    const arbiter::v1::GameRecord& game) {
  std::vector<std::string> warnings;
  const auto sources = report::FindSources({o.file});
  const auto logs = report::BotLogs::Read(
      sources ? sources->log_dirs : std::vector<std::filesystem::path>{}, {},
      &warnings);
  for (const auto& w : warnings)
    std::fprintf(stderr, "warning: %s\n", w.c_str());
  const std::string out = o.out.empty() ? "game.html" : o.out;
  auto data = report::ReplayData(game, logs.Find(game.game_id()));
  // The other seatings of its deal, for the viewer to show side by side.
  data["seatings"] = nlohmann::json::array();
  std::set<std::string> seen = {game.game_id()};
  if (!game.duplicate_group().empty()) {
    auto scanned = ForEachRecord(o.file, [&](const arbiter::v1::GameRecord& r,
                                             const records::GameRecordReader&) {
      if (r.duplicate_group() == game.duplicate_group() &&
          seen.insert(r.game_id()).second) {
        data["seatings"].push_back(
            report::ReplayData(r, logs.Find(r.game_id())));
      }
      return true;
    });
    if (!scanned) return 2;
  }
  if (auto ok = WriteFileAtomically(out, report::ReplayPage(data)); !ok) {
    std::fprintf(stderr, "arbiter replay: %s\n", ok.error().c_str());
    return 2;
  }
  if (data.contains("error")) {
    std::fprintf(stderr, "warning: game %s: %s\n",
                 TerminalSafe(game.game_id()).c_str(),
                 TerminalSafe(data["error"].get<std::string>()).c_str());
  }
  std::printf("%s: game %s, %d steps\n", out.c_str(),
              TerminalSafe(game.game_id()).c_str(), game.steps_size());
  return 0;
}

int RunReplay(const ReplayOptions& o) {
  if (o.verify) {
    if (const int code = Verify(o); code != 0 || o.game.empty()) return code;
  }
  if (o.html && o.game.empty()) {
    std::fprintf(stderr, "arbiter replay: --html needs --game ID\n");
    return 2;
  }
  if (o.game.empty()) return ListGames(o);
  const auto game = FindGame(o);
  if (!game) return game.error();
  if (o.html) return WriteReplayPage(o, *game);
  auto ok = o.json ? PrintGameJson(*game, o.seat, std::cout)
                   : PrintGame(*game, o.seat, std::cout);
  if (!ok) {
    std::fprintf(stderr, "arbiter replay: %s\n",
                 TerminalSafe(ok.error()).c_str());
    return 2;
  }
  return 0;
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto o = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand(
      "replay", "Verify game records, or show a game step by step");
  cmd->add_option("file", o->file,
                  "game records (JSON lines, or zstd: *.jsonl.zst)")
      ->required();
  cmd->add_flag("--verify", o->verify,
                "replay every record through the engine; fail on any "
                "difference, a game id seen twice or a malformed record");
  cmd->add_option("--game", o->game,
                  "the game to show: its id, or the id after its run's tag "
                  "(g3, r1-t2-d1-s0) when one game of the file has it");
  cmd->add_option("--seat", o->seat,
                  "show the game as this seat saw it (default: everyone)");
  cmd->add_flag("--json", o->json,
                "JSON lines: one per game listed, or one per step of --game");
  cmd->add_option("--bot", o->filter.bot,
                  "list only the games this bot played");
  auto* won = cmd->add_flag("--won", o->filter.won, "... and won (with --bot)");
  auto* lost =
      cmd->add_flag("--lost", o->filter.lost, "... and lost (with --bot)");
  won->excludes(lost);
  for (auto* flag : {won, lost}) flag->needs(cmd->get_option("--bot"));
  cmd->add_flag("--faults", o->filter.faults,
                "list only the games with a fault");
  cmd->add_flag("--html", o->html,
                "write the game's replay viewer (an HTML page) instead of "
                "printing it");
  cmd->add_option("-o,--out", o->out,
                  "with --html: the page to write (default game.html)");
  cmd->callback([o] {
    if (const int code = RunReplay(*o); code != 0)
      throw CLI::RuntimeError(code);
  });
});

}  // namespace
}  // namespace arbiter
