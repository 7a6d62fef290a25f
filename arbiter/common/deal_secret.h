// The secret behind the deals (docs/records.md, "The secret"): bots must not
// predict cards, so a game's deal seed is a keyed hash (SipHash-2-4) of the
// run's seed and the game's place in the schedule, under a 128-bit key that
// only the arbiter reads. The key lives in a file of mode 0600 beside the
// records (a tournament's DIR/secret, `arbiter play`'s OUT.secret), in the
// output directory that bots cannot reach; each record keeps its own deal
// seed, so replay and verify need no key. Whoever has the key and the seed
// can play the same deals again, and shards of one league share them by
// using one file (`arbiter secret new FILE`, then `--secret FILE`).
//
// The file is a small TOML text:
//   key = "32 hex digits"
//   seed = 1234        # optional: the tournament seed that goes with it
#ifndef ARBITER_COMMON_DEAL_SECRET_H_
#define ARBITER_COMMON_DEAL_SECRET_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "arbiter/common/siphash.h"

namespace arbiter {

struct DealSecret {
  SipKey key{};
  std::optional<uint64_t> seed;
  friend bool operator==(const DealSecret&, const DealSecret&) = default;
};

// 128 bits from the kernel's random generator.
std::expected<SipKey, std::string> RandomKey();
// A seed drawn at random for a run given none: below 2^53, so that every
// language and JSON tool reads it back exactly.
std::expected<uint64_t, std::string> RandomSeed();

// Reads a secret file. Refused when other users may read it (the error says
// to chmod 600) or when it is not a secret file; errors start with the path.
std::expected<DealSecret, std::string> ReadDealSecret(
    const std::filesystem::path& path);
// Creates the file with mode 0600 and fsyncs it; never overwrites one.
std::expected<void, std::string> WriteDealSecret(
    const std::filesystem::path& path, const DealSecret& secret);

// The deal seed of the game at `coordinates` (e.g. round, table, deal) of a
// run with seed `seed`.
uint64_t DealSeedOf(const SipKey& key, uint64_t seed,
                    std::span<const uint64_t> coordinates);
// Eight hex digits naming the run (key, seed): the prefix of its game ids, so
// that the ids of different runs differ. It reveals nothing of the key.
std::string RunTag(const SipKey& key, uint64_t seed);
// The id a bot is told for the game whose record id is `game_id`: "g" and
// 16 hex digits of a keyed hash of the record id. Nothing in it is shared by
// two games (the seatings of one duplicate deal included), and without the
// key nobody can tell which record, deal or seating it names.
std::string BotGameId(const SipKey& key, std::string_view game_id);

// The secret and seed of one run, resolved from what the organiser gave.
struct RunSecret {
  SipKey key{};
  uint64_t seed = 0;
  bool seed_drawn = false;     // drawn at random now: print it
  bool created = false;        // `own` was written by this call
  std::filesystem::path file;  // where the key is kept
};

struct RunSecretOptions {
  // Where the run keeps its secret (DIR/secret, OUT.secret).
  std::filesystem::path own;
  // A secret file to use instead (--secret): copied to `own` when absent
  // there; `own` must hold the same key otherwise.
  std::filesystem::path given;
  std::optional<uint64_t> seed;  // --seed, or the config's `seed`
  // Whether the seed belongs with the key (a tournament, whose resume must
  // find it again) or is chosen per run (`arbiter play`).
  bool keep_seed = true;
};

// `own` (or `given`) provides the key, or a fresh one is written to `own`.
// The seed is `options.seed`, else (keep_seed) the one kept in `own`, else
// the one in `given`, else drawn. A seed that disagrees with the one kept in
// `own` (the run's records were made with it) is refused, naming both.
std::expected<RunSecret, std::string> ResolveRunSecret(
    const RunSecretOptions& options);

}  // namespace arbiter

#endif  // ARBITER_COMMON_DEAL_SECRET_H_
