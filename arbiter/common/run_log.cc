#include "arbiter/common/run_log.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/null_sink.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>

#include "arbiter/common/printable.h"
#include "arbiter/common/version.h"

namespace arbiter {
namespace {

constexpr char kPattern[] = "%Y-%m-%dT%H:%M:%S.%eZ %l %*";
constexpr auto kFlushEvery = std::chrono::seconds(1);

// `text` cut at `cap` bytes, on a character boundary; `*cut` says whether
// it was.
std::string_view CutAt(std::string_view text, size_t cap, bool* cut) {
  *cut = text.size() > cap;
  if (!*cut) return text;
  size_t end = cap;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return text.substr(0, end);
}

std::string Escaped(std::string_view text, size_t cap) {
  bool cut = false;
  std::string out = TerminalSafe(CutAt(text, cap, &cut));
  if (cut) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

// %*: the message, escaped and capped (see run_log.h).
class SafeMessage : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    const std::string text = Escaped(
        std::string_view(msg.payload.data(), msg.payload.size()), kMaxLogLine);
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<SafeMessage>();
  }
};

std::unique_ptr<spdlog::formatter> LineFormatter() {
  auto formatter = std::make_unique<spdlog::pattern_formatter>(
      spdlog::pattern_time_type::utc);
  formatter->add_flag<SafeMessage>('*').set_pattern(kPattern);
  return formatter;
}

// Level off: a call formats nothing.
spdlog::logger* Silent() {
  static auto* silent = [] {
    auto* log = new spdlog::logger(
        "arbiter-silent", std::make_shared<spdlog::sinks::null_sink_mt>());
    log->set_level(spdlog::level::off);
    return log;
  }();
  return silent;
}

// The open log (owned by `Owner()`), or Silent(). Loggers that were open
// are kept until the next one opens: a thread may still hold one.
std::atomic<spdlog::logger*> g_log{nullptr};
std::mutex g_open_mu;
std::shared_ptr<spdlog::logger>& Owner() {
  static auto* owner = new std::shared_ptr<spdlog::logger>();
  return *owner;
}

std::string HostName() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

// This process's arguments, quoted where a space or quote needs it.
std::string Arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string out;
  for (std::string arg; std::getline(in, arg, '\0');) {
    const bool quote =
        arg.empty() || arg.find_first_of(" \t'\"") != std::string::npos;
    out += (out.empty() ? "" : " ") + (quote ? "'" + arg + "'" : arg);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& LogLevelNames() {
  static const std::vector<std::string> names = {"trace", "debug", "info",
                                                 "warn",  "error", "off"};
  return names;
}

std::expected<spdlog::level::level_enum, std::string> ParseLogLevel(
    std::string_view name) {
  static constexpr spdlog::level::level_enum kLevels[] = {
      spdlog::level::trace, spdlog::level::debug, spdlog::level::info,
      spdlog::level::warn,  spdlog::level::err,   spdlog::level::off};
  const auto& names = LogLevelNames();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return kLevels[i];
  }
  return std::unexpected(fmt::format(
      "must be one of trace, debug, info, warn, error, off, got '{}'",
      Escaped(name, 40)));
}

std::expected<void, std::string> OpenRunLog(const std::filesystem::path& file,
                                            spdlog::level::level_enum level,
                                            std::string_view header) {
  if (level == spdlog::level::off) return {};
  // Tried first for a message that names the file and the reason.
  const int fd =
      ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    return std::unexpected(fmt::format("{}: cannot write the run log: {}",
                                       file.string(), std::strerror(errno)));
  }
  ::close(fd);
  std::shared_ptr<spdlog::logger> log;
  try {
    log = std::make_shared<spdlog::logger>(
        "arbiter",
        std::make_shared<spdlog::sinks::basic_file_sink_mt>(file.string()));
  } catch (const spdlog::spdlog_ex& e) {
    return std::unexpected(fmt::format("{}: cannot write the run log: {}",
                                       file.string(), e.what()));
  }
  log->set_formatter(LineFormatter());
  log->set_level(spdlog::level::info);
  log->flush_on(spdlog::level::warn);
  log->info("{}", header);
  log->set_level(level);
  std::lock_guard lock(g_open_mu);
  CloseRunLog();
  spdlog::register_logger(log);
  {
    // The flushing thread takes no signal: the stop signals are the
    // command's (command_line/interrupts.h), whenever it blocks them.
    sigset_t all, before;
    ::sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, &before);
    spdlog::flush_every(kFlushEvery);
    ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  }
  Owner() = log;
  g_log = log.get();
  return {};
}

void CloseRunLog() {
  spdlog::logger* log = g_log.exchange(nullptr);
  if (log == nullptr) return;
  log->flush();
  spdlog::drop(log->name());
}

void FlushRunLog() {
  if (spdlog::logger* log = g_log.load()) log->flush();
}

spdlog::logger& RunLog() {
  spdlog::logger* log = g_log.load(std::memory_order_acquire);
  return log != nullptr ? *log : *Silent();
}

std::string RunLogHeader(std::string_view command) {
  std::error_code ec;
  return fmt::format("arbiter {} (version {}): pid {} on host {}, in {}: {}",
                     command, kArbiterVersion, ::getpid(), HostName(),
                     std::filesystem::current_path(ec).string(), Arguments());
}

void NoteInExistingLog(const std::filesystem::path& file,
                       std::string_view message) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return;
  ::close(fd);
  try {
    spdlog::logger note(
        "arbiter-note",
        std::make_shared<spdlog::sinks::basic_file_sink_st>(file.string()));
    note.set_formatter(LineFormatter());
    note.warn("{}", message);
    note.flush();
  } catch (const spdlog::spdlog_ex&) {
    // Only a note: the refused run says it on stderr anyway.
  }
}

std::string LogText(std::string_view text, size_t cap) {
  return Escaped(text, cap);
}

}  // namespace arbiter
