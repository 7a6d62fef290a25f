#include "arbiter/common/deal_secret.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>
#include <vector>

namespace arbiter {
namespace {

using Error = std::unexpected<std::string>;

// Domain separation: each use of the key hashes its own first word.
constexpr uint64_t kDealDomain = 0x6465616c;  // "deal"
constexpr uint64_t kTagDomain = 0x746167;     // "tag"
constexpr std::string_view kBotIdDomain = "bot-game-id/";

std::expected<void, std::string> FillRandom(void* out, size_t size) {
  auto* p = static_cast<uint8_t*>(out);
  while (size > 0) {
    const ssize_t n = ::getrandom(p, size, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return Error(
          fmt::format("cannot draw random bytes: {}", std::strerror(errno)));
    }
    p += n;
    size -= size_t(n);
  }
  return {};
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

std::expected<SipKey, std::string> ParseKey(std::string_view hex) {
  if (hex.size() != 32) return Error("key: expected 32 hex digits");
  SipKey key{};
  for (int half = 0; half < 2; ++half) {
    const char* begin = hex.data() + 16 * half;
    const auto [end, ec] = std::from_chars(begin, begin + 16, key[half], 16);
    if (ec != std::errc() || end != begin + 16) {
      return Error("key: expected 32 hex digits");
    }
  }
  return key;
}

std::expected<DealSecret, std::string> ParseSecret(std::string_view text) {
  DealSecret secret;
  bool have_key = false;
  int number = 0;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    ++number;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    line = Trim(line);
    if (line.empty()) continue;
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      return Error(fmt::format("line {}: expected key = value", number));
    }
    const std::string_view name = Trim(line.substr(0, eq));
    std::string_view value = Trim(line.substr(eq + 1));
    if (name == "key") {
      if (value.size() < 2 || value.front() != '"' || value.back() != '"') {
        return Error(
            fmt::format("line {}: key: expected a quoted string", number));
      }
      auto key = ParseKey(value.substr(1, value.size() - 2));
      if (!key) return Error(fmt::format("line {}: {}", number, key.error()));
      secret.key = *key;
      have_key = true;
    } else if (name == "seed") {
      uint64_t seed = 0;
      const auto [end, ec] =
          std::from_chars(value.data(), value.data() + value.size(), seed);
      if (ec != std::errc() || end != value.data() + value.size()) {
        return Error(fmt::format(
            "line {}: seed: expected an integer from 0 to 2^64-1", number));
      }
      secret.seed = seed;
    } else {
      return Error(fmt::format("line {}: unknown key \"{}\"", number, name));
    }
  }
  if (!have_key) return Error("no key");
  return secret;
}

}  // namespace

std::expected<SipKey, std::string> RandomKey() {
  SipKey key{};
  if (auto ok = FillRandom(key.data(), sizeof key); !ok) {
    return Error(ok.error());
  }
  return key;
}

std::expected<uint64_t, std::string> RandomSeed() {
  uint64_t seed = 0;
  if (auto ok = FillRandom(&seed, sizeof seed); !ok) return Error(ok.error());
  return seed >> 11;
}

std::expected<DealSecret, std::string> ReadDealSecret(
    const std::filesystem::path& path) {
  const std::string name = path.string();
  const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Error(
        fmt::format("{}: cannot open: {}", name, std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error(fmt::format("{}: not a regular file", name));
  }
  if ((st.st_mode & 077) != 0) {
    ::close(fd);
    return Error(fmt::format(
        "{}: other users may read this secret (mode {:04o}); run chmod 600 {}",
        name, st.st_mode & 07777, name));
  }
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string error = std::strerror(errno);
      ::close(fd);
      return Error(fmt::format("{}: cannot read: {}", name, error));
    }
    if (n == 0) break;
    text.append(buffer, size_t(n));
    if (text.size() > 65536) {
      ::close(fd);
      return Error(fmt::format("{}: too large for a secret file", name));
    }
  }
  ::close(fd);
  auto secret = ParseSecret(text);
  if (!secret) {
    return Error(
        fmt::format("{}: not a secret file: {}", name, secret.error()));
  }
  return secret;
}

std::expected<void, std::string> WriteDealSecret(
    const std::filesystem::path& path, const DealSecret& secret) {
  const std::string name = path.string();
  std::string text =
      "# The secret of the deals (docs/records.md). Whoever reads it can\n"
      "# predict the cards of games not yet played: keep it private until\n"
      "# the run is over.\n";
  text +=
      fmt::format("key = \"{:016x}{:016x}\"\n", secret.key[0], secret.key[1]);
  if (secret.seed) text += fmt::format("seed = {}\n", *secret.seed);
  const int fd =
      ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Error(
        fmt::format("{}: cannot create: {}", name, std::strerror(errno)));
  }
  // The mode is 0600 whatever the umask.
  bool ok = ::fchmod(fd, 0600) == 0;
  std::string_view rest = text;
  while (ok && !rest.empty()) {
    const ssize_t n = ::write(fd, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) rest.remove_prefix(size_t(n));
  }
  ok = ok && ::fsync(fd) == 0;
  const std::string error = std::strerror(errno);
  ::close(fd);
  if (!ok) return Error(fmt::format("{}: cannot write: {}", name, error));
  return {};
}

uint64_t DealSeedOf(const SipKey& key, uint64_t seed,
                    std::span<const uint64_t> coordinates) {
  std::vector<uint64_t> words = {kDealDomain, seed};
  words.insert(words.end(), coordinates.begin(), coordinates.end());
  return SipHash24Words(key, words);
}

std::string RunTag(const SipKey& key, uint64_t seed) {
  const uint64_t words[] = {kTagDomain, seed};
  return fmt::format("{:08x}", SipHash24Words(key, words) >> 32);
}

std::string BotGameId(const SipKey& key, std::string_view game_id) {
  std::string text(kBotIdDomain);
  text += game_id;
  return fmt::format("g{:016x}", SipHash24(key, text));
}

std::expected<RunSecret, std::string> ResolveRunSecret(
    const RunSecretOptions& options) {
  const std::string own_name = options.own.string();
  const std::string given_name = options.given.string();
  std::error_code ec;
  std::optional<DealSecret> own, given;
  if (std::filesystem::exists(options.own, ec)) {
    auto read = ReadDealSecret(options.own);
    if (!read) return Error(read.error());
    own = *read;
  }
  if (!options.given.empty()) {
    auto read = ReadDealSecret(options.given);
    if (!read) return Error(read.error());
    given = *read;
    if (own && own->key != given->key) {
      return Error(fmt::format(
          "--secret {}: {} holds another key, so the records beside it were "
          "made with another secret (use another output, or --secret {})",
          given_name, own_name, own_name));
    }
  }
  // The seed: asked for, else the one kept with the run's key, else the
  // given file's (a default: every shard gets the same one).
  std::optional<uint64_t> seed = options.seed;
  if (!seed && options.keep_seed) {
    if (own && own->seed) {
      seed = own->seed;
    } else if (!own && given && given->seed) {
      seed = given->seed;
    }
  }
  if (options.keep_seed && own && own->seed && seed && *seed != *own->seed) {
    return Error(fmt::format(
        "seed: {} was asked for, but {} holds seed {}, the seed these records "
        "are made with",
        *seed, own_name, *own->seed));
  }
  if (options.keep_seed && own && !own->seed && !seed) {
    // An organiser's key file without a seed: drawing one now would be lost
    // on resume, as the file is never rewritten.
    return Error(fmt::format(
        "{} holds no seed: give the seed these records are made with",
        own_name));
  }
  RunSecret run;
  run.file = options.own;
  if (seed) {
    run.seed = *seed;
  } else {
    auto seed = RandomSeed();
    if (!seed) return Error(seed.error());
    run.seed = *seed;
    run.seed_drawn = true;
  }
  if (own || given) {
    run.key = own ? own->key : given->key;
  } else {
    auto key = RandomKey();
    if (!key) return Error(key.error());
    run.key = *key;
  }
  if (!own) {
    DealSecret write{.key = run.key};
    if (options.keep_seed) write.seed = run.seed;
    if (auto ok = WriteDealSecret(options.own, write); !ok) {
      return Error(ok.error());
    }
    run.created = true;
  }
  return run;
}

}  // namespace arbiter
