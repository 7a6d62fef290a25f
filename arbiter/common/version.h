// The arbiter's version (the CMake project's, given by the arbiter_version
// target): in Welcome and every record.
#ifndef ARBITER_COMMON_VERSION_H_
#define ARBITER_COMMON_VERSION_H_

namespace arbiter {

inline constexpr char kArbiterVersion[] = ZETEMA_ARBITER_VERSION;

}  // namespace arbiter

#endif  // ARBITER_COMMON_VERSION_H_
