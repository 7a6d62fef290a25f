// Maximum-cardinality matching in a general graph (Edmonds' blossoms), on an
// implicit graph given by a predicate, grown from an initial matching. Swiss
// pairing uses it to avoid every rematch that can be avoided.
#ifndef ARBITER_TOURNAMENT_MATCHING_H_
#define ARBITER_TOURNAMENT_MATCHING_H_

#include <functional>
#include <vector>

namespace arbiter::tournament {

// `mate[v]` is v's partner or -1; it must be a valid matching of allowed
// edges on entry, and is a maximum matching on return. `allowed(a, b)` must
// be symmetric and false for a == b. O(V^3) in the worst case, but a good
// initial matching leaves only a few augmentations to do.
void MaximumMatching(int num_vertices,
                     const std::function<bool(int, int)>& allowed,
                     std::vector<int>& mate);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_MATCHING_H_
