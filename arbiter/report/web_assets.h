// The viewer's scripts and styles (arbiter/report/web/), compiled into the
// binary so that every page the arbiter writes holds them inline.
#ifndef ARBITER_REPORT_WEB_ASSETS_H_
#define ARBITER_REPORT_WEB_ASSETS_H_

#include <string_view>

namespace arbiter::report {

// The file `name` of arbiter/report/web ("viewer.js"); empty if unknown.
std::string_view WebAsset(std::string_view name);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_WEB_ASSETS_H_
