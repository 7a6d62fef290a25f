#include "arbiter/report/html_page.h"

#include <libdeflate.h>

#include <cassert>
#include <memory>

#include "arbiter/report/web_assets.h"

namespace arbiter::report {
namespace {

// The scripts every page holds, in order; the page's own comes last.
constexpr std::string_view kCommonScripts[] = {
    "common.js", "charts.js", "cards.js", "viewer.js", "swiss_table.js"};

std::string Escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Head(std::string_view title) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n<title>";
  out += Escape(title);
  out += "</title>\n<style>\n";
  out += WebAsset("style.css");
  out += "</style>\n</head>\n";
  return out;
}

std::string Scripts(std::string_view page_script) {
  std::string out = "<script>\n\"use strict\";\n";
  for (std::string_view name : kCommonScripts) {
    out += WebAsset(name);
    out += "\n";
  }
  out += WebAsset(page_script);
  out += "</script>\n";
  return out;
}

std::string Body(std::string_view page) {
  return "<body data-page=\"" + std::string(page) +
         "\">\n<noscript>This page needs JavaScript.</noscript>\n"
         "<div id=\"app\"></div>\n";
}

}  // namespace

std::string ScriptJson(const nlohmann::json& value) {
  const std::string text =
      value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    // These only appear inside strings, where "\u003c" is "<": the same
    // JSON, with no character that could open or close an element ("<!--",
    // "<script", "</script") or end a line of a script (U+2028, U+2029).
    switch (text[i]) {
      case '<':
        out += "\\u003c";
        continue;
      case '>':
        out += "\\u003e";
        continue;
      case '&':
        out += "\\u0026";
        continue;
    }
    if (text.compare(i, 3, "\xe2\x80\xa8") == 0 ||
        text.compare(i, 3, "\xe2\x80\xa9") == 0) {
      out += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string Base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const uint32_t v = uint8_t(bytes[i]) << 16 | uint8_t(bytes[i + 1]) << 8 |
                       uint8_t(bytes[i + 2]);
    out += kDigits[v >> 18];
    out += kDigits[(v >> 12) & 63];
    out += kDigits[(v >> 6) & 63];
    out += kDigits[v & 63];
  }
  if (i < bytes.size()) {
    const bool two = i + 1 < bytes.size();
    const uint32_t v =
        uint8_t(bytes[i]) << 16 | (two ? uint8_t(bytes[i + 1]) << 8 : 0);
    out += kDigits[v >> 18];
    out += kDigits[(v >> 12) & 63];
    out += two ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string Gzip(std::string_view text) {
  // libdeflate, not zlib: at its level 1 a replay's JSON is compressed in
  // about a third of zlib level 4's time, to 2% more bytes (zlib's level 1
  // is twice as slow and 23% bigger; docs/report.md, "Size and speed").
  // One compressor per thread: making one costs more than a small replay.
  struct Free {
    void operator()(libdeflate_compressor* c) const {
      libdeflate_free_compressor(c);
    }
  };
  thread_local const std::unique_ptr<libdeflate_compressor, Free> compressor(
      libdeflate_alloc_compressor(1));
  assert(compressor && "libdeflate_alloc_compressor failed");
  std::string out(libdeflate_gzip_compress_bound(compressor.get(), text.size()),
                  '\0');
  const size_t size = libdeflate_gzip_compress(
      compressor.get(), text.data(), text.size(), out.data(), out.size());
  assert(size > 0 && "libdeflate_gzip_compress into its bound failed");
  out.resize(size);
  return out;
}

std::string CompressJson(const nlohmann::json& value) {
  return CompressText(
      value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string CompressText(std::string_view json_text) {
  return Base64(Gzip(json_text));
}

std::string ReplayPage(const nlohmann::json& replay) {
  std::string title = "Game " + replay.value("id", std::string());
  std::string out = Head(title) + Body("replay");
  out += "<script type=\"application/json\" id=\"replay-data\">";
  out += ScriptJson(replay);
  out += "</script>\n";
  out += Scripts("replay_page.js");
  out += "</body>\n</html>\n";
  return out;
}

std::string ReportPage(const nlohmann::json& data) {
  std::string out =
      Head(data.value("title", std::string("Report"))) + Body("report");
  out += "<script type=\"application/json\" id=\"report-data\">";
  out += ScriptJson(data);
  out += "</script>\n";
  out += Scripts("report.js");
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace arbiter::report
