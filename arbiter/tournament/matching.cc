#include "arbiter/tournament/matching.h"

#include <cassert>

namespace arbiter::tournament {
namespace {

// The classic breadth-first search for an augmenting path that contracts odd
// cycles (blossoms) on the fly by relabelling their vertices' base.
class Augmenter {
 public:
  Augmenter(int n, const std::function<bool(int, int)>& allowed,
            std::vector<int>& mate)
      : n_(n),
        allowed_(allowed),
        mate_(mate),
        parent_(n),
        base_(n),
        used_(n),
        blossom_(n),
        seen_(n) {}

  // Returns true when an augmenting path from `root` was found and applied.
  bool AugmentFrom(int root) {
    const int end = FindPath(root);
    if (end < 0) return false;
    for (int v = end; v != -1;) {
      const int pv = parent_[v];
      const int next = mate_[pv];
      mate_[v] = pv;
      mate_[pv] = v;
      v = next;
    }
    return true;
  }

 private:
  int Lca(int a, int b) {
    seen_.assign(n_, false);
    for (;;) {
      a = base_[a];
      seen_[a] = true;
      if (mate_[a] == -1) break;
      a = parent_[mate_[a]];
    }
    for (;;) {
      b = base_[b];
      if (seen_[b]) return b;
      b = parent_[mate_[b]];
    }
  }

  void MarkPath(int v, int b, int child) {
    while (base_[v] != b) {
      blossom_[base_[v]] = blossom_[base_[mate_[v]]] = true;
      parent_[v] = child;
      child = mate_[v];
      v = parent_[mate_[v]];
    }
  }

  int FindPath(int root) {
    used_.assign(n_, false);
    parent_.assign(n_, -1);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    used_[root] = true;
    queue_.assign(1, root);
    for (size_t head = 0; head < queue_.size(); ++head) {
      const int v = queue_[head];
      for (int to = 0; to < n_; ++to) {
        if (base_[v] == base_[to] || mate_[v] == to || !allowed_(v, to)) {
          continue;
        }
        if (to == root || (mate_[to] != -1 && parent_[mate_[to]] != -1)) {
          const int cur = Lca(v, to);
          blossom_.assign(n_, false);
          MarkPath(v, cur, to);
          MarkPath(to, cur, v);
          for (int i = 0; i < n_; ++i) {
            if (!blossom_[base_[i]]) continue;
            base_[i] = cur;
            if (!used_[i]) {
              used_[i] = true;
              queue_.push_back(i);
            }
          }
        } else if (parent_[to] == -1) {
          parent_[to] = v;
          if (mate_[to] == -1) return to;
          used_[mate_[to]] = true;
          queue_.push_back(mate_[to]);
        }
      }
    }
    return -1;
  }

  int n_;
  const std::function<bool(int, int)>& allowed_;
  std::vector<int>& mate_;
  std::vector<int> parent_, base_, queue_;
  std::vector<bool> used_, blossom_, seen_;
};

}  // namespace

void MaximumMatching(int num_vertices,
                     const std::function<bool(int, int)>& allowed,
                     std::vector<int>& mate) {
  assert(int(mate.size()) == num_vertices);
  Augmenter augmenter(num_vertices, allowed, mate);
  // A vertex with no augmenting path now has none after later augmentations
  // either (Edmonds), so one pass suffices.
  for (int v = 0; v < num_vertices; ++v) {
    if (mate[v] == -1) augmenter.AugmentFrom(v);
  }
}

}  // namespace arbiter::tournament
