#include "arbiter/server/peer.h"

#include <sys/socket.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace arbiter {
namespace {

pid_t ParentOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string state;
  pid_t ppid = 0;
  fields >> state >> ppid;
  return ppid;
}

}  // namespace

ino_t PidNamespaceOf(pid_t pid) {
  struct stat st;
  const std::string path = "/proc/" + std::to_string(pid) + "/ns/pid";
  return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

PeerCredentials ReadPeerCredentials(int fd) {
  PeerCredentials peer;
  ucred cred{};
  socklen_t len = sizeof cred;
  if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 ||
      cred.pid <= 0) {
    return peer;
  }
  peer.known = true;
  peer.pid = cred.pid;
  peer.uid = cred.uid;
  peer.gid = cred.gid;
  peer.pid_namespace = PidNamespaceOf(cred.pid);
  for (pid_t p = ParentOf(cred.pid); p > 1 && peer.ancestors.size() < 64;
       p = ParentOf(p)) {
    peer.ancestors.push_back(p);
  }
  return peer;
}

std::string CheckPeer(const PeerRule& rule, const PeerCredentials& peer) {
  if (!rule.uid && rule.pid_namespace == 0 && rule.ancestor == 0) return "";
  if (!peer.known) return "the connecting process is unknown";
  if (rule.uid && peer.uid != *rule.uid) {
    return "the connecting process runs as uid " + std::to_string(peer.uid) +
           ", not the seat's " + std::to_string(*rule.uid);
  }
  if (rule.pid_namespace != 0 && peer.pid_namespace != rule.pid_namespace) {
    return "the connecting process (pid " + std::to_string(peer.pid) +
           ") is not in the seat's sandbox";
  }
  if (rule.ancestor != 0 && peer.pid != rule.ancestor &&
      std::find(peer.ancestors.begin(), peer.ancestors.end(), rule.ancestor) ==
          peer.ancestors.end()) {
    return "the connecting process (pid " + std::to_string(peer.pid) +
           ") was not started by the seat's bot";
  }
  return "";
}

}  // namespace arbiter
