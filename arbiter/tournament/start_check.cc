#include "arbiter/tournament/start_check.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "arbiter/match/bot_runner.h"
#include "arbiter/sandbox/command_files.h"
#include "arbiter/sandbox/sandbox.h"
#include "arbiter/server/server.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/process_runner.h"

namespace arbiter::tournament {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The lines of a log that are not blank, from its last 16 KiB.
std::vector<std::string> LastLines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  constexpr std::streamoff kWindow = 16 << 10;
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(std::max<std::streamoff>(0, size - kWindow));
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<std::string> lines;
  std::istringstream split(text.str());
  for (std::string line; std::getline(split, line);) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) {
      lines.push_back(line);
    }
  }
  return lines;
}

bool SaysError(const std::string& line) {
  std::string lower(line.size(), ' ');
  std::transform(line.begin(), line.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return lower.find("error") != std::string::npos ||
         lower.find("exception") != std::string::npos;
}

// The last kOutputLines of `lines`, after the last line before them that
// names an error (a stack trace's message is above its frames).
std::vector<std::string> Excerpt(const std::vector<std::string>& lines) {
  const size_t from =
      lines.size() > kOutputLines ? lines.size() - kOutputLines : 0;
  std::vector<std::string> out;
  for (size_t i = from; i-- > 0;) {
    if (SaysError(lines[i])) {
      out.push_back(PrintableLine(lines[i], kLineLimit));
      if (i + 1 < from) out.push_back("...");
      break;
    }
  }
  for (size_t i = from; i < lines.size(); ++i) {
    out.push_back(PrintableLine(lines[i], kLineLimit));
  }
  return out;
}

BotStart StartOnce(const TournamentConfig& config, const BotConfig& bot,
                   const std::string& game, Server& server,
                   sandbox::Sandbox* box, const fs::path& log_dir,
                   std::chrono::milliseconds timeout) {
  BotStart out{.name = bot.name};
  const BotSpec spec = SpecOf(config, bot);
  if (bot.command == kBuiltinRandom) {
    out.skipped = "built in";
    return out;
  }
  if (spec.remote()) {
    out.skipped = "connects by itself";
    return out;
  }
  auto layout = LayoutOf(spec);
  if (!layout) {
    out.checked = true;
    out.error = layout.error();
    return out;
  }
  out.folder = layout->folder;
  out.main = layout->main;
  out.folder_shown = !layout->shared;
  const fs::path log = log_dir / (bot.name + ".log");
  const auto start = Clock::now();
  {
    BotRunner runner(server, spec,
                     {.startup_timeout = timeout,
                      .log_path = log.string(),
                      .sandbox = box,
                      .game = game});
    const SeatPlayer seat = runner.Seat();
    out.checked = true;
    out.started = seat.channel != nullptr && runner.harness_error().empty();
    out.error = !runner.harness_error().empty() ? runner.harness_error()
                                                : seat.startup_detail;
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    runner.Stop();
  }
  const std::vector<std::string> lines = LastLines(log);
  out.output = Excerpt(lines);
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  if (!out.started && box != nullptr && box->mode() != sandbox::Mode::kNone) {
    const char* path = std::getenv("PATH");
    auto shown = sandbox::BotPaths(layout->argv, layout->folder,
                                   SharedDirOf(spec), path ? path : "");
    if (shown) {
      shown->insert(shown->end(), bot.sandbox.read_only.begin(),
                    bot.sandbox.read_only.end());
      shown->insert(shown->end(), bot.sandbox.writable.begin(),
                    bot.sandbox.writable.end());
      out.hidden = sandbox::HiddenPathsNamed(text, *shown, layout->folder);
    }
  }
  return out;
}

}  // namespace

std::string PrintableLine(std::string_view text, size_t max) {
  std::string out;
  for (const char c : text) {
    if (out.size() >= max) return out + "...";
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) {
      out += c;
    } else if (c == '\t') {
      out += ' ';
    } else {
      out += fmt::format("\\x{:02x}", byte);
    }
  }
  return out;
}

std::vector<std::string> SharedFolders(const std::vector<BotStart>& starts) {
  std::vector<std::string> out;
  for (const BotStart& a : starts) {
    for (const BotStart& b : starts) {
      if (&a == &b || !a.folder_shown || b.folder.empty()) continue;
      if (a.folder == b.folder && a.main != b.main && &a < &b) {
        out.push_back(fmt::format(
            "bots '{}' and '{}' share the folder {}: each sees the other's "
            "files there",
            a.name, b.name, a.folder));
      } else if (a.folder != b.folder && sandbox::IsUnder(b.folder, a.folder)) {
        out.push_back(fmt::format("bot '{}' sees the folder of bot '{}' ({})",
                                  a.name, b.name, b.folder));
      }
    }
  }
  return out;
}

std::expected<std::vector<BotStart>, std::string> StartEachBotOnce(
    const TournamentConfig& config, const std::string& game,
    std::chrono::milliseconds startup_timeout) {
  // The logs in a private directory, removed at the end: a dry run writes
  // nothing where the tournament would.
  const char* tmp = std::getenv("TMPDIR");
  std::string dir =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/arbiter-dry-run-XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) {
    return std::unexpected("cannot create a directory like " + dir);
  }
  struct Remove {
    std::string dir;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } remove{dir};
  auto box =
      sandbox::Sandbox::Start({.mode = config.sandbox_mode, .hidden = {dir}});
  if (!box) return std::unexpected(box.error());
  auto server = Server::Start({});
  if (!server) return std::unexpected(server.error());
  (*box)->AddHidden((*server)->socket_dir());
  std::vector<BotStart> starts(config.bots.size());
  {
    std::vector<std::jthread> threads;
    for (size_t i = 0; i < config.bots.size(); ++i) {
      threads.emplace_back([&, i] {
        starts[i] = StartOnce(config, config.bots[i], game, **server,
                              box->get(), dir, startup_timeout);
      });
    }
  }
  (*server)->Shutdown();
  return starts;
}

}  // namespace arbiter::tournament
