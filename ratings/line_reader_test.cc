#include "ratings/line_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace ratings {
namespace {

std::vector<std::string> All(LineReader& reader) {
  std::vector<std::string> lines;
  std::string_view line;
  for (;;) {
    auto more = reader.Next(&line);
    EXPECT_TRUE(more) << more.error();
    if (!more || !*more) break;
    lines.emplace_back(line);
  }
  return lines;
}

TEST(LineReaderTest, SplitsLinesOfAnyEnding) {
  auto reader =
      LineReader::FromString(std::string("a\r\n\nb\nlast\0x", 12), "mem");
  EXPECT_THAT(All(reader),
              ::testing::ElementsAre("a", "", "b", std::string("last\0x", 6)));
  EXPECT_EQ(reader.line_number(), 4);
  EXPECT_EQ(reader.name(), "mem");
}

TEST(LineReaderTest, ReadsLongLinesAcrossChunks) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("ratings_lines_" + std::to_string(::getpid()));
  const std::string long_line(3 << 20, 'x');  // three chunks
  {
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 3; ++i)
      out << "short " << i << "\n" << long_line << "\n";
  }
  auto reader = LineReader::Open(path.string());
  ASSERT_TRUE(reader) << reader.error();
  const auto lines = All(*reader);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[2], "short 1");
  EXPECT_EQ(lines[5], long_line);
  std::filesystem::remove(path);
}

TEST(LineReaderTest, NamesAFileItCannotOpen) {
  const auto reader = LineReader::Open("/nonexistent/games.jsonl");
  ASSERT_FALSE(reader);
  EXPECT_THAT(reader.error(),
              ::testing::HasSubstr("/nonexistent/games.jsonl: cannot open"));
}

TEST(LineReaderTest, ADirectoryIsAReadError) {
  auto reader =
      LineReader::Open(std::filesystem::temp_directory_path().string());
  ASSERT_TRUE(reader);
  std::string_view line;
  const auto more = reader->Next(&line);
  ASSERT_FALSE(more);
  EXPECT_THAT(more.error(), ::testing::HasSubstr("read error"));
}

}  // namespace
}  // namespace ratings
