// Loading a ruleset by preset name or from a file: the one place the rules
// touch the file system, kept out of the engine library.
#ifndef ZETEMA_RULESET_FILE_H_
#define ZETEMA_RULESET_FILE_H_

#include <expected>
#include <string>
#include <string_view>

#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

// A preset name ("parlett", ...) or the path of a ruleset file; a relative
// path is tried against `base_dir` first (e.g. the folder of the file that
// names it), then as given. Errors name the file.
std::expected<Ruleset, std::string> LoadRuleset(std::string_view name_or_path,
                                                std::string_view base_dir = "");

std::expected<std::string, std::string> ReadTextFile(const std::string& path);

}  // namespace zetema

#endif  // ZETEMA_RULESET_FILE_H_
