#include "proto/arbiter/v1/fault_reasons.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "arbiter/v1/arbiter.pb.h"
#include "zetema/v1/zetema.pb.h"

namespace arbiter {
namespace {

// The table holds every value of `reasons`, in its order, by its name.
void ExpectTableIs(const google::protobuf::EnumDescriptor& reasons) {
  ASSERT_EQ(size_t(reasons.value_count()), kFaultReasons.size())
      << reasons.full_name() << " and kFaultReasons differ in length";
  for (int i = 0; i < reasons.value_count(); ++i) {
    const google::protobuf::EnumValueDescriptor& value = *reasons.value(i);
    EXPECT_EQ(value.number(), kFaultReasons[i].number) << value.name();
    EXPECT_EQ(value.name(), kFaultReasons[i].enum_name);
  }
}

TEST(FaultReasons, TableHoldsEveryReasonOfTheProtocol) {
  ExpectTableIs(*v1::FaultReason_descriptor());
  // zetema.v1 keeps the reasons as released (version 0.1), equal to
  // arbiter.v1's.
  ExpectTableIs(*zetema::v1::FaultReason_descriptor());
}

TEST(FaultReasons, WordsAreTheEnumNameInLowerCase) {
  for (const FaultReasonEntry& e : kFaultReasons) {
    ASSERT_TRUE(e.enum_name.starts_with(kFaultReasonPrefix)) << e.enum_name;
    std::string words(e.enum_name.substr(kFaultReasonPrefix.size()));
    for (char& c : words) c = c == '_' ? ' ' : char(std::tolower(c));
    EXPECT_EQ(e.words, words);
  }
}

TEST(FaultReasons, NameOfANumber) {
  EXPECT_EQ(FaultReasonName(v1::FAULT_REASON_ILLEGAL_ACTION), "illegal action");
  EXPECT_EQ(FaultReasonName(v1::FAULT_REASON_UNSPECIFIED), "unspecified");
  EXPECT_EQ(FaultReasonName(42), "reason 42");
  EXPECT_EQ(FaultReasonName(-1), "reason -1");
}

TEST(FaultReasons, NameOfARecordsText) {
  EXPECT_EQ(FaultReasonName("FAULT_REASON_MALFORMED_MESSAGE"),
            "malformed message");
  EXPECT_EQ(FaultReasonName("7"), "memory limit");
  EXPECT_EQ(FaultReasonName("42"), "reason 42");
  EXPECT_EQ(FaultReasonName("99999999999999999999"),
            "reason 99999999999999999999");
  EXPECT_EQ(FaultReasonName(""), "unspecified");
  EXPECT_EQ(FaultReasonName("FAULT_REASON_NEW_ONE"), "new one");
}

TEST(FaultReasons, StepText) {
  EXPECT_EQ(FaultStepText(0), "at step 0");
  EXPECT_EQ(FaultStepText(12), "at step 12");
  // Fault.step is -1 when the fault belongs to no decision.
  EXPECT_EQ(FaultStepText(-1), "outside any decision");
}

}  // namespace
}  // namespace arbiter
