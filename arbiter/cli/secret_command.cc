// `arbiter secret new FILE [--seed S]`: makes the secret of a run's deals
// (docs/records.md, "The secret"), for organisers who share one secret
// between the shards of a league (`arbiter tournament ... --secret FILE`) or
// want to choose it before the run.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "arbiter/cli/command.h"
#include "arbiter/common/deal_secret.h"

namespace arbiter {
namespace {

struct SecretArgs {
  std::string file;
  std::optional<uint64_t> seed;
};

[[noreturn]] void Fail(const std::string& message, int code) {
  std::fprintf(stderr, "arbiter secret: %s\n", message.c_str());
  throw CLI::RuntimeError(code);
}

void NewSecret(const SecretArgs& args) {
  auto key = RandomKey();
  if (!key) Fail(key.error(), 1);
  auto seed = args.seed ? std::expected<uint64_t, std::string>(*args.seed)
                        : RandomSeed();
  if (!seed) Fail(seed.error(), 1);
  if (auto ok = WriteDealSecret(args.file, {.key = *key, .seed = *seed}); !ok) {
    Fail(ok.error(), 2);
  }
  std::printf("%s: a new secret (mode 0600) with seed %llu\n",
              args.file.c_str(), (unsigned long long)*seed);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "secret", "The secret behind the deals (see docs/records.md)");
  cmd->require_subcommand(1);
  auto args = std::make_shared<SecretArgs>();
  CLI::App* make = cmd->add_subcommand(
      "new",
      "Make a secret file (never overwrites one) for --secret: whoever reads "
      "it can predict the deals, so keep it from the bots");
  make->add_option("file", args->file, "The file to create")->required();
  make->add_option("--seed", args->seed,
                   "The tournament seed kept with it (default: drawn at "
                   "random)");
  make->callback([args] { NewSecret(*args); });
});

}  // namespace
}  // namespace arbiter
