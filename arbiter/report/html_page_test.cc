#include "arbiter/report/html_page.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include "arbiter/report/web_assets.h"

namespace arbiter::report {
namespace {

std::string Gunzip(const std::string& bytes) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

TEST(HtmlPageTest, Base64OfEveryLength) {
  EXPECT_EQ(Base64(""), "");
  EXPECT_EQ(Base64("f"), "Zg==");
  EXPECT_EQ(Base64("fo"), "Zm8=");
  EXPECT_EQ(Base64("foo"), "Zm9v");
  EXPECT_EQ(Base64("foob"), "Zm9vYg==");
  EXPECT_EQ(Base64(std::string("\xff\x00\x80", 3)), "/wCA");
}

TEST(HtmlPageTest, GzipRoundTrips) {
  const std::string text(10000, 'z');
  const std::string packed = Gzip(text);
  EXPECT_LT(packed.size(), 200u);
  EXPECT_EQ(Gunzip(packed), text);
}

TEST(HtmlPageTest, ScriptJsonCannotCloseOrOpenAnElement) {
  const nlohmann::json value = {
      {"bot", "</script><script>alert(1)</script>"},
      {"version", "<!--<script>"},
      {"log", {"<img src=x onerror=alert(2)>", "a & b \u2028 c \u2029 d"}},
      {"bad", "\xff"}};
  const std::string text = ScriptJson(value);
  EXPECT_EQ(text.find_first_of("<>&"), std::string::npos) << text;
  EXPECT_EQ(text.find("\u2028"), std::string::npos) << text;
  EXPECT_EQ(text.find("\u2029"), std::string::npos) << text;
  EXPECT_NE(text.find("\\u003c!--\\u003cscript\\u003e"), std::string::npos)
      << text;
  nlohmann::json expected = value;
  expected["bad"] = "\ufffd";  // invalid UTF-8 is replaced
  EXPECT_EQ(nlohmann::json::parse(text), expected);
}

TEST(HtmlPageTest, PagesHoldTheirScriptsAndNothingFromTheNetwork) {
  for (const char* name : {"style.css", "common.js", "charts.js", "cards.js",
                           "viewer.js", "report.js", "replay_page.js"}) {
    EXPECT_FALSE(WebAsset(name).empty()) << name;
  }
  EXPECT_TRUE(WebAsset("nothing.js").empty());
  const std::string page =
      ReplayPage({{"id", "g<1>"}, {"seats", nlohmann::json::array()}});
  EXPECT_NE(page.find("<title>Game g&lt;1&gt;</title>"), std::string::npos);
  EXPECT_NE(page.find(std::string(WebAsset("viewer.js"))), std::string::npos);
  // Nothing fetched: no script or style source, no import, no remote URL
  // (the SVG namespace URI is a name, never fetched).
  for (const char* remote : {"src=", "@import", "url(", "fetch(", "https:"}) {
    EXPECT_EQ(page.find(remote), std::string::npos) << remote;
  }
  // The report holds its summary; replays stay in the files beside it.
  const std::string report = ReportPage({{"title", "T<"}});
  EXPECT_NE(report.find("<title>T&lt;</title>"), std::string::npos);
  EXPECT_NE(report.find(R"({"title":"T\u003c"})"), std::string::npos);
  EXPECT_EQ(report.find("id=\"replay-"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::report
