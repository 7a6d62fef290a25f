// Who is at the other end of a Unix socket (SO_PEERCRED), and whether that
// may be a seat's bot: its own user id, its sandbox's pid namespace, or
// (without a sandbox) a descendant of the process started for the seat.
#ifndef ARBITER_SERVER_PEER_H_
#define ARBITER_SERVER_PEER_H_

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace arbiter {

struct PeerCredentials {
  bool known = false;  // false: not a Unix socket, or the kernel said nothing
  pid_t pid = 0;
  uid_t uid = 0;
  gid_t gid = 0;
  ino_t pid_namespace = 0;
  // The peer's parent, grandparent... when it connected (at most 64).
  std::vector<pid_t> ancestors;
};

// Read right after accept(2), while the peer (most likely) still runs.
PeerCredentials ReadPeerCredentials(int fd);

// What a seat's peer must be; unset fields are not checked.
struct PeerRule {
  std::optional<uid_t> uid;
  ino_t pid_namespace = 0;
  pid_t ancestor = 0;  // the peer is this process or descends from it
};

// "" when `peer` passes `rule`; otherwise why not.
std::string CheckPeer(const PeerRule& rule, const PeerCredentials& peer);

// The inode of /proc/PID/ns/pid, or 0.
ino_t PidNamespaceOf(pid_t pid);

}  // namespace arbiter

#endif  // ARBITER_SERVER_PEER_H_
