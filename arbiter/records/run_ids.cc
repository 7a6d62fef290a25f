#include "arbiter/records/run_ids.h"

#include "arbiter/records/record_file.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records {

std::string RunGameId(std::string_view tag, std::string_view place) {
  std::string id(tag);
  id += '-';
  id += place;
  return id;
}

std::expected<std::optional<std::string>, std::string> FindRunInFile(
    const std::filesystem::path& path, std::string_view tag) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  auto reader = RecordReader::Open(path);
  if (!reader) return std::unexpected(reader.error());
  const std::string prefix = RunGameId(tag, "");
  RecordScanner scanner;
  std::string_view text;
  for (;;) {
    auto more = reader->Next(&text);
    if (!more) return std::unexpected(more.error());
    if (!*more) return std::nullopt;
    auto id = scanner.GameId(text);
    if (id && id->starts_with(prefix)) return std::string(*id);
  }
}

}  // namespace arbiter::records
