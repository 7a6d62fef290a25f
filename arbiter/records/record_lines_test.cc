#include "arbiter/records/record_lines.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>

namespace arbiter::records {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class ForEachLineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("record_lines_test." + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& bytes) {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
  }
  std::filesystem::path dir_;
};

std::string Zstd(const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  out.resize(
      ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 1));
  return out;
}

TEST_F(ForEachLineTest, EveryLineOfEveryFileInOrderWithItsPlace) {
  const std::vector<std::string> files = {
      Write("a.jsonl", "{\"a\":1}\n\n{\"a\":2}\n"),
      Write("b.jsonl.zst", Zstd("{\"b\":1}\n") + "not zstd at all")};
  std::vector<std::string> seen, notes;
  auto ok = ForEachLine(
      files, &notes,
      [&](uint32_t file, const RecordReader& reader,
          std::string_view text) -> std::expected<void, std::string> {
        seen.push_back(std::to_string(file) + ":" +
                       std::to_string(reader.line()) + " " + std::string(text));
        return {};
      });
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_THAT(seen,
              ElementsAre("0:1 {\"a\":1}", "0:3 {\"a\":2}", "1:1 {\"b\":1}"));
  // The undecodable tail is noted, naming its file.
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_THAT(notes[0], HasSubstr("b.jsonl.zst"));
}

TEST_F(ForEachLineTest, StopsAtAnErrorOfTheCallerOrAMissingFile) {
  const std::vector<std::string> files = {Write("a.jsonl", "1\n2\n3\n")};
  int calls = 0;
  auto stopped = ForEachLine(
      files,
      [&](uint32_t, const RecordReader& reader,
          std::string_view) -> std::expected<void, std::string> {
        ++calls;
        if (reader.line() == 2) return std::unexpected("stop at 2");
        return {};
      },
      [](const Problem&) {});
  ASSERT_FALSE(stopped);
  EXPECT_EQ(stopped.error(), "stop at 2");
  EXPECT_EQ(calls, 2);
  std::vector<std::string> notes;
  auto missing = ForEachLine(
      std::vector<std::string>{(dir_ / "none.jsonl").string()}, &notes,
      [](uint32_t, const RecordReader&,
         std::string_view) -> std::expected<void, std::string> { return {}; });
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("none.jsonl"));
}

}  // namespace
}  // namespace arbiter::records
