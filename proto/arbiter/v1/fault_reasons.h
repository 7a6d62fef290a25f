// The reasons a seat faults (arbiter.v1.FaultReason, arbiter.proto beside
// this file) and the words every reader shows for them: replay, the report,
// standings, ratings and check-bot all name a reason from this one table.
// Records keep the enum's name ("FAULT_REASON_ILLEGAL_ACTION"); people read
// its words ("illegal action"). The table needs no generated code (ratings
// read records without it); fault_reasons_test.cc holds it to the enum of
// the .proto files, so a reason added there and not here fails the test.
#ifndef PROTO_ARBITER_V1_FAULT_REASONS_H_
#define PROTO_ARBITER_V1_FAULT_REASONS_H_

#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <string_view>

namespace arbiter {

struct FaultReasonEntry {
  int number;                  // the enum value
  std::string_view enum_name;  // as records hold it
  std::string_view words;      // as people read it
};

// In the enum's order, every value of it.
inline constexpr std::array<FaultReasonEntry, 9> kFaultReasons = {{
    {0, "FAULT_REASON_UNSPECIFIED", "unspecified"},
    {1, "FAULT_REASON_TIMEOUT", "timeout"},
    {2, "FAULT_REASON_ILLEGAL_ACTION", "illegal action"},
    {3, "FAULT_REASON_MALFORMED_MESSAGE", "malformed message"},
    {4, "FAULT_REASON_CRASH", "crash"},
    {5, "FAULT_REASON_DISCONNECT", "disconnect"},
    {6, "FAULT_REASON_STARTUP", "startup"},
    {7, "FAULT_REASON_MEMORY_LIMIT", "memory limit"},
    {8, "FAULT_REASON_PROCESS_LIMIT", "process limit"},
}};

inline constexpr std::string_view kFaultReasonPrefix = "FAULT_REASON_";

// The words of reason `number`: "illegal action"; "reason 42" for a number
// the table does not know (a newer arbiter's reason).
inline std::string FaultReasonName(int number) {
  for (const FaultReasonEntry& e : kFaultReasons) {
    if (e.number == number) return std::string(e.words);
  }
  return "reason " + std::to_string(number);
}

// The words of a reason as a record's JSON holds it: the enum's name
// ("FAULT_REASON_ILLEGAL_ACTION") or its number ("2"); "" is unspecified. A
// name the table does not know is read the same way: "FAULT_REASON_NEW_ONE"
// -> "new one".
inline std::string FaultReasonName(std::string_view reason) {
  int number = 0;
  const char* end = reason.data() + reason.size();
  if (auto [p, ec] = std::from_chars(reason.data(), end, number);
      ec == std::errc() && p == end) {
    return FaultReasonName(number);
  }
  if (!reason.empty() && (std::isdigit(static_cast<unsigned char>(reason[0])) ||
                          reason[0] == '-')) {
    return "reason " + std::string(reason);  // a number out of int's range
  }
  if (reason.starts_with(kFaultReasonPrefix)) {
    reason.remove_prefix(kFaultReasonPrefix.size());
  }
  std::string words(reason);
  for (char& c : words) {
    c = c == '_' ? ' ' : static_cast<char>(std::tolower(c));
  }
  return words.empty() ? "unspecified" : words;
}

// Where a fault happened, as people read Fault.step: "at step 12", or
// "outside any decision" for -1 (a startup fault, a bot that left between
// games, a limit found reached after its last decision).
inline std::string FaultStepText(int step) {
  return step < 0 ? "outside any decision" : "at step " + std::to_string(step);
}

}  // namespace arbiter

#endif  // PROTO_ARBITER_V1_FAULT_REASONS_H_
