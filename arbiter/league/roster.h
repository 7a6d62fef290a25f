// The league's roster (DIR/roster.json): every version of every bot ever
// added, active or retired, with the content hash of its build in the store
// and the command that runs it there. Versions are never removed: records
// name them, and retired bots stay in the ratings.
//
// Changes (`add`, `retire`) read, change and write the file under an
// exclusive lock on DIR/roster.lock, and write it through a temporary file
// renamed into place, so that two changes at once both land and a reader
// (`run`, between batches; `status`) sees the old roster or the new one,
// never half of one.
#ifndef ARBITER_LEAGUE_ROSTER_H_
#define ARBITER_LEAGUE_ROSTER_H_

#include <expected>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::league {

inline constexpr char kRosterFile[] = "roster.json";

struct BotVersion {
  std::string name;  // as added: "mybot"
  int version = 1;   // 1, 2, ...: each changed build of one name
  bool active = true;
  std::string hash;               // the build's content hash (store.h)
  std::vector<std::string> argv;  // run in the store's copy
  std::string source;             // the folder it was copied from
  std::string added;              // RFC 3339 UTC
  std::string retired;            // RFC 3339 UTC; "" while active

  // "mybot@3": the name every record and table gives it.
  std::string Id() const;
  friend bool operator==(const BotVersion&, const BotVersion&) = default;
};

struct Roster {
  std::vector<BotVersion> bots;  // in the order added

  // The newest version of `name`, or nullptr.
  const BotVersion* Latest(std::string_view name) const;
  // The version called `id` ("mybot@3"), or nullptr.
  const BotVersion* Find(std::string_view id) const;
  int ActiveCount() const;
  friend bool operator==(const Roster&, const Roster&) = default;
};

// A bot's name: 1 to 40 letters, digits, '_', '-' or '.', starting with a
// letter or digit (it names files and shows in pages). The error says what
// is wrong.
std::expected<void, std::string> CheckBotName(std::string_view name);

// Reads DIR/roster.json; a missing file is an empty roster. The error names
// the file and the entry that is wrong.
std::expected<Roster, std::string> LoadRoster(const std::filesystem::path& dir);

// Reads the roster under the lock, lets `change` change it (its error
// leaves the file as it was), and writes it back.
std::expected<Roster, std::string> UpdateRoster(
    const std::filesystem::path& dir,
    const std::function<std::expected<void, std::string>(Roster&)>& change);

// Adds `bot` (its name, hash, argv and source; the rest is filled in) as
// the next version of its name: NAME@1 for a new name, else one more than
// the newest. The versions of the name that were active are retired
// (replaced) unless `keep_older`. Refused, naming the version, when the
// newest version already is this build.
std::expected<BotVersion, std::string> AddVersion(
    const std::filesystem::path& dir, BotVersion bot, bool keep_older);

// Retires `who`: a version ("mybot@3") or every active version of a name
// ("mybot"). The error says when none is active, or none is called that.
std::expected<std::vector<std::string>, std::string> Retire(
    const std::filesystem::path& dir, const std::string& who);

// The roster as JSON text, and back (the error names the entry and field).
std::string RosterJson(const Roster& roster);
std::expected<Roster, std::string> ParseRoster(std::string_view text);

// Now, as RFC 3339 UTC to the second.
std::string UtcNow();

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_ROSTER_H_
