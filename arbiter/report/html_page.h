// The pages the arbiter writes: one self-contained HTML file each (scripts
// and styles inline, no network), the data embedded as JSON.
#ifndef ARBITER_REPORT_HTML_PAGE_H_
#define ARBITER_REPORT_HTML_PAGE_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// The replay viewer for one game (replay_data.h).
std::string ReplayPage(const nlohmann::json& replay);

// The tournament report (report_data.h) and its games' replays: replays[i]
// is game i's replay data compressed (CompressJson), "" when it has none.
// A replay is decompressed by the page only when it is opened, so that a
// report of thousands of games opens as fast as one of a few.
std::string ReportPage(const nlohmann::json& data,
                       const std::vector<std::string>& replays);

// JSON text that may stand inside a <script> element: '<', '>', '&',
// U+2028 and U+2029 are written as \u escapes (the same JSON), so that no
// text in it can close the element, open another, or start a comment.
std::string ScriptJson(const nlohmann::json& value);

// gzip, then base64 (what the page's DecompressionStream reads).
std::string CompressJson(const nlohmann::json& value);

// For tests: base64 of `bytes`, and the gzip stream of `text`.
std::string Base64(std::string_view bytes);
std::string Gzip(std::string_view text);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_HTML_PAGE_H_
