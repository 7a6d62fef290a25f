// Reading whole game records (RecordFromJson: replay, verify, report).
// Prints one line per figure (docs/records.md):
//   records.parse_record_us           one two-player game of random bots
//                                     (about 80 KB of JSON), read by the
//                                     fast parser (json_parser.h)
//   records.parse_record_no_events_us the same without its events (about
//                                     70% of its JSON), as the report reads
//                                     it: RecordFromJson skipping
//                                     kEventFields
//   records.parse_record_protobuf_us  the same whole by protobuf's parser
//   records.parse_mb_per_s            the fast parser's speed, MB of JSON
//                                     per CPU second
// Each is the median of 5 passes over 100 records; times are CPU time of
// the process (the machine is shared).
#include <cstdio>
#include <string>
#include <vector>

#include "arbiter/records/bench/bench_util.h"
#include "arbiter/records/game_record.h"
#include "arbiter/records/json_parser.h"

namespace {

namespace rec = arbiter::records;
using rec::bench::CpuNow;
using rec::bench::Die;

// CPU seconds of one pass over `lines`.
template <typename Parse>
double Pass(const std::vector<std::string>& lines, Parse parse) {
  const double start = CpuNow();
  int steps = 0;
  for (const auto& line : lines) {
    arbiter::v1::GameRecord record;
    if (!parse(line, &record)) Die("a record did not parse");
    steps += record.steps_size();
  }
  if (steps == 0) Die("no steps read");
  return rec::bench::Since(start);
}

template <typename Parse>
double MedianPass(const std::vector<std::string>& lines, Parse parse) {
  std::vector<double> passes;
  for (int run = 0; run < 5; ++run) passes.push_back(Pass(lines, parse));
  return rec::bench::Median(passes);
}

}  // namespace

int main() {
  const std::vector<std::string> lines = rec::bench::PlayGames(100);
  double bytes = 0;
  for (const auto& line : lines) bytes += double(line.size());
  const double fast = MedianPass(lines, [](const std::string& line, auto* r) {
    return rec::ParseJsonFast(line, r);
  });
  const double no_events =
      MedianPass(lines, [](const std::string& line, auto* r) {
        auto parsed = rec::RecordFromJson(line, {.skip = rec::kEventFields});
        if (parsed) *r = std::move(*parsed);
        return parsed.has_value() && r->events_size() == 0;
      });
  const double protobuf =
      MedianPass(lines, [](const std::string& line, auto* r) {
        auto parsed = rec::RecordFromJsonByProtobuf(line);
        if (parsed) *r = std::move(*parsed);
        return parsed.has_value();
      });
  const double n = double(lines.size());
  std::printf("records.parse_record_us %.0f us\n", fast * 1e6 / n);
  std::printf("records.parse_record_no_events_us %.0f us\n",
              no_events * 1e6 / n);
  std::printf("records.parse_record_protobuf_us %.0f us\n", protobuf * 1e6 / n);
  std::printf("records.parse_mb_per_s %.0f MB/s\n", bytes / fast / 1e6);
  return 0;
}
