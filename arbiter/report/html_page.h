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

// The report folder's index.html (report_writer.h): the summary `data`
// inline; the game list and the replays are loaded from the files beside
// it (games/K.js, replays/K.js), a replay only when its game is opened.
std::string ReportPage(const nlohmann::json& data);

// JSON text that may stand inside a <script> element: '<', '>', '&',
// U+2028 and U+2029 are written as \u escapes (the same JSON), so that no
// text in it can close the element, open another, or start a comment.
std::string ScriptJson(const nlohmann::json& value);

// gzip, then base64 (what the page's DecompressionStream reads).
std::string CompressJson(const nlohmann::json& value);
// The same of JSON text already written.
std::string CompressText(std::string_view json_text);

// For tests: base64 of `bytes`, and the gzip stream of `text`.
std::string Base64(std::string_view bytes);
std::string Gzip(std::string_view text);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_HTML_PAGE_H_
