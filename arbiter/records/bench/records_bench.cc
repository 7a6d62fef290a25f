// Benchmarks of record files. Prints one line per figure (docs/records.md):
//   records.json_bytes_per_game   a two-player game of random bots as JSON
//   records.bytes_per_game        the same game in a .jsonl.zst file
//   records.zstd_us_per_game      compressing it (CPU of one core)
//   records.json_print_us_per_game           printing it as JSON
//   records.json_print_protobuf_us_per_game  the same by protobuf's printer
//   records.scan_1m_small_s       reading and scanning 1,000,000 small
//                                 records from a .jsonl file (median of 3)
//   records.scan_1m_small_zst_s   the same from a .jsonl.zst file
//   records.merge_1m_small_s      merging two halves of them, one given twice
// Times are CPU seconds of the process (the machine is shared).
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/records/bench/bench_util.h"
#include "arbiter/records/game_record.h"
#include "arbiter/records/merge.h"
#include "arbiter/records/record_view.h"
#include "arbiter/records/record_writer.h"

namespace {

namespace rec = arbiter::records;
using rec::bench::CpuNow;
using rec::bench::Die;
using rec::bench::Median;
using rec::bench::PlayGames;
using rec::bench::Since;
struct Clock {
  using time_point = double;
  static double now() { return CpuNow(); }
};

std::string SmallRecord(int i) {
  return fmt::format(
      R"({{"game_id":"b-r1-t{}-d1-s0","game":"zetema","num_players":2,)"
      R"("seed":"{}","first_dealer":1,"first_mover":0,"seats":[)"
      R"({{"seat":0,"bot_name":"p{}","bot_version":"","team":0}},)"
      R"({{"seat":1,"bot_name":"p{}","bot_version":"","team":1}}],)"
      R"("result":{{"scores":[{},{}],"places":[{},{}],"faults":[]}},)"
      R"("tournament_id":"bench","round":1,"duplicate_group":""}})",
      i, uint64_t(i) * 2654435761u, i % 1000, (i * 7 + 1) % 1000, i % 300,
      (i * 3) % 300, 1 + i % 2, 2 - i % 2);
}

double ScanSeconds(const std::filesystem::path& path, int64_t expected) {
  const auto start = Clock::now();
  auto reader = rec::RecordReader::Open(path);
  if (!reader) Die(reader.error());
  rec::RecordScanner scanner({.steps = true});
  rec::RecordView view;
  std::string_view text;
  int64_t count = 0, places = 0;
  for (;;) {
    auto more = reader->Next(&text);
    if (!more) Die(more.error());
    if (!*more) break;
    if (auto ok = scanner.Scan(text, &view); !ok) Die(ok.error().message);
    places += view.places[0];
    ++count;
  }
  const double s = Since(start);
  if (count != expected || places == 0) Die("the scan lost records");
  return s;
}

}  // namespace

int main() {
  // Bytes per game.
  const std::vector<std::string> games = PlayGames(100);
  double json = 0, zstd = 0;
  const auto start = Clock::now();
  for (const auto& line : games) {
    json += double(line.size() + 1);
    zstd += double(rec::CompressRecord(line).size());
  }
  const double compress_s = Since(start);
  std::printf("records.json_bytes_per_game %.0f bytes\n", json / games.size());
  std::printf("records.bytes_per_game %.0f bytes\n", zstd / games.size());
  std::printf("records.zstd_us_per_game %.0f us\n",
              compress_s * 1e6 / games.size());

  // Printing a record as JSON (on the game's thread, as each game ends).
  std::vector<arbiter::v1::GameRecord> messages;
  for (const auto& line : games) {
    auto record = rec::RecordFromJson(line);
    if (!record) Die(record.error().message);
    messages.push_back(std::move(*record));
  }
  for (const bool fast : {true, false}) {
    size_t bytes = 0;
    const auto print_start = Clock::now();
    for (const auto& m : messages) {
      bytes +=
          (fast ? rec::RecordToJson(m) : rec::RecordToJsonByProtobuf(m)).size();
    }
    if (bytes == 0) Die("nothing printed");
    std::printf("records.%s_us_per_game %.0f us\n",
                fast ? "json_print" : "json_print_protobuf",
                Since(print_start) * 1e6 / messages.size());
  }

  // A million small records, scanned and merged.
  char tmpl[] = "/tmp/records_bench.XXXXXX";
  const std::filesystem::path dir = ::mkdtemp(tmpl);
  constexpr int kSmall = 1'000'000;
  for (const char* name :
       {"small.jsonl", "small.jsonl.zst", "a.jsonl", "b.jsonl"}) {
    auto w = rec::RecordWriter::Open(dir / name,
                                     {.sync_each = false, .create_new = true});
    if (!w) Die(w.error());
    const bool half = name[1] == '.';
    const int from = name[0] == 'b' ? kSmall / 2 : 0;
    const int to = half ? from + kSmall / 2 : kSmall;
    for (int i = from; i < to; ++i) {
      if (auto ok = w->Append(SmallRecord(i)); !ok) Die(ok.error());
    }
    if (auto ok = w->Sync(); !ok) Die(ok.error());
  }
  std::vector<double> plain, compressed, merged;
  for (int run = 0; run < 3; ++run) {
    plain.push_back(ScanSeconds(dir / "small.jsonl", kSmall));
    compressed.push_back(ScanSeconds(dir / "small.jsonl.zst", kSmall));
    std::filesystem::remove(dir / "m.jsonl");
    auto out = rec::RecordWriter::Open(dir / "m.jsonl", {.sync_each = false});
    if (!out) Die(out.error());
    const auto t = Clock::now();
    auto report = rec::MergeRecordFiles(
        {dir / "a.jsonl", dir / "b.jsonl", dir / "a.jsonl"}, *out,
        {.temp_dir = dir});
    merged.push_back(Since(t));
    if (!report) Die(report.error());
    if (report->written != kSmall) Die("the merge lost records");
  }
  std::filesystem::remove_all(dir);
  std::printf("records.scan_1m_small_s %.3f s\n", Median(plain));
  std::printf("records.scan_1m_small_zst_s %.3f s\n", Median(compressed));
  std::printf("records.merge_1m_small_s %.3f s\n", Median(merged));
  return 0;
}
