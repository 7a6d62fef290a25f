#include "arbiter/server/hello_text.h"

#include "arbiter/common/printable.h"

namespace arbiter {
namespace {

// Keeps `*text` printable within `cap`; adds what was changed to `note`.
void Keep(const char* field, size_t cap, std::string* text, std::string* note) {
  Printable kept = KeepPrintable(*text, cap);
  if (!kept.cut && !kept.replaced) return;
  std::string what = std::string(field) + ": ";
  if (kept.cut) {
    what += std::to_string(text->size()) + " bytes cut to " +
            std::to_string(kept.text.size());
  }
  if (kept.replaced) {
    what += std::string(kept.cut ? ", " : "") +
            "control characters or invalid UTF-8 replaced by U+FFFD";
  }
  *note += (note->empty() ? "" : "; ") + what;
  *text = std::move(kept.text);
}

}  // namespace

std::string KeepHelloTexts(v1::Hello* hello) {
  hello->clear_token();
  hello->clear_games();
  std::string note;
  Keep("bot_name", kMaxBotNameBytes, hello->mutable_bot_name(), &note);
  Keep("bot_version", kMaxBotVersionBytes, hello->mutable_bot_version(), &note);
  return note;
}

}  // namespace arbiter
