// A test helper run inside real sandboxes (sandbox_e2e_test.cc): makes the
// system calls a hostile bot would and prints what each did, one line per
// finding. It links nothing of the arbiter, so that it runs wherever a
// sandbox can see it.
//
//   seccomp_probe args CASE...   CASE = SYSCALL:ARG:VALUE; prints "CASE
//                                OUT OUT OUT OUT": the call with VALUE in
//                                argument ARG, then with high bits set
//   seccomp_probe i386 | x32     a getpid of another ABI; prints "survived"
//   seccomp_probe serve FILE TAG holds every kind of lock on FILE and the
//                                IPC objects named TAG; prints "ready",
//                                waits for SIGTERM (60 s at most), cleans up
//   seccomp_probe look FILE TAG  prints "NAME seen|unseen" for each
//   seccomp_probe evict FILE     asks the kernel to drop FILE's cached
//                                pages (posix_fadvise, with high bits too;
//                                madvise(MADV_PAGEOUT))
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace {

constexpr uint64_t kHighBits[] = {0, uint64_t(1) << 32, 0xffffffff00000000ull,
                                  uint64_t(1) << 63};

// The POSIX or OFD lock of the byte at `start` that another process holds
// (F_UNLCK: none).
short LockHeld(const char* path, int cmd, off_t start) {
  const int fd = ::open(path, O_RDONLY);
  struct flock lk = {};
  lk.l_type = F_WRLCK;
  lk.l_whence = SEEK_SET;
  lk.l_start = start;
  lk.l_len = 1;
  if (fd < 0 || ::fcntl(fd, cmd, &lk) != 0) lk.l_type = F_UNLCK;
  if (fd >= 0) ::close(fd);
  return lk.l_type;
}

// Whether a lock on the start of `path` is held once the caller took it,
// seen from a child (a POSIX lock is not reported to its own process).
bool LockedForOthers(const char* path) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(LockHeld(path, F_OFD_GETLK, 0) != F_UNLCK);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 1;
}

std::string Outcome(long ret) {
  if (ret >= 0) return "ok";
  const char* name = strerrorname_np(errno);
  return name ? name : std::to_string(errno);
}

// One call of `name` with `value` in argument `arg` (the others chosen so
// that the call can succeed), on `file` where it takes one.
std::string Call(const std::string& name, int arg, uint64_t value,
                 const char* file) {
  static const std::map<std::string, long> kNumbers = {
      {"socket", SYS_socket},  {"socketpair", SYS_socketpair},
      {"clone", SYS_clone},    {"ioctl", SYS_ioctl},
      {"fcntl", SYS_fcntl},    {"fadvise64", SYS_fadvise64},
      {"preadv2", SYS_preadv2}};
  const auto nr = kNumbers.find(name);
  if (nr == kNumbers.end()) return "unknown-syscall";
  const int fd = ::open(name == "ioctl" ? "/dev/null" : file, O_RDWR);
  struct flock lk = {};
  lk.l_type = F_RDLCK;
  lk.l_whence = SEEK_SET;
  lk.l_len = 1;
  int pair[2];
  char byte;
  struct iovec iov = {&byte, 1};
  uint64_t a[6] = {};
  if (name == "socket" || name == "socketpair") {
    a[0] = AF_UNIX;
    a[1] = SOCK_DGRAM;
    a[3] = uint64_t(pair);
  } else if (name == "clone") {
    a[0] = SIGCHLD;
  } else if (name == "ioctl") {
    a[0] = uint64_t(fd);
    a[2] = uint64_t(&byte);
  } else {  // fcntl, fadvise64, preadv2
    a[0] = uint64_t(fd);
    a[1] = name == "preadv2" ? uint64_t(&iov) : 0;
    a[2] = name == "fcntl" ? uint64_t(&lk) : 1;
  }
  a[arg] = value;
  const long ret = ::syscall(nr->second, a[0], a[1], a[2], a[3], a[4], a[5]);
  if (name == "clone" && ret == 0) ::_exit(0);
  std::string out = Outcome(ret);
  if (name == "clone" && ret > 0) ::waitpid(pid_t(ret), nullptr, __WALL);
  if ((name == "socket" || name == "socketpair") && ret >= 0) {
    if (name == "socket") ::close(int(ret));
    if (name == "socketpair") ::close(pair[0]), ::close(pair[1]);
  }
  if (name == "fcntl" && LockedForOthers(file)) out += "+locked";
  ::close(fd);  // releases what a lock that got through held
  return out;
}

int Args(int argc, char** argv) {
  char file[] = "/tmp/seccomp_probe.XXXXXX";
  const int fd = ::mkstemp(file);
  if (fd < 0 || ::write(fd, "probe", 5) != 5) return 2;
  for (int i = 0; i < argc; ++i) {
    char name[32];
    int arg = 0;
    unsigned long long value = 0;
    if (std::sscanf(argv[i], "%31[a-z0-9_]:%d:%llu", name, &arg, &value) != 3 ||
        arg < 0 || arg > 5) {
      std::printf("%s bad-case\n", argv[i]);
      continue;
    }
    std::string line = argv[i];
    for (uint64_t high : kHighBits) {
      line += " " + Call(name, arg, value | high, file);
    }
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  }
  ::unlink(file);
  return 0;
}

// The channels: POSIX locks, OFD locks (each plain and with high bits in
// the command, one byte each), flock, an abstract socket, a System V
// message queue, a POSIX message queue, a file in /dev/shm.
struct Names {
  std::string abstract, mqueue, shm;
  key_t key;
};

Names NamesOf(const std::string& tag) {
  return {"arbiter-probe-" + tag, "/arbiter-probe-" + tag,
          "/dev/shm/arbiter-probe-" + tag,
          key_t(0x5eed0000 + std::stoi(tag) % 0xffff)};
}

sockaddr_un AbstractAddress(const std::string& name, socklen_t* len) {
  sockaddr_un a = {};
  a.sun_family = AF_UNIX;
  std::memcpy(a.sun_path + 1, name.data(), name.size());
  *len = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  return a;
}

int Serve(const char* file, const std::string& tag) {
  sigset_t term;
  sigemptyset(&term);
  sigaddset(&term, SIGTERM);
  sigprocmask(SIG_BLOCK, &term, nullptr);
  const Names n = NamesOf(tag);
  const int fd = ::open(file, O_RDONLY);
  const int cmds[] = {F_SETLK, F_SETLK, F_OFD_SETLK, F_OFD_SETLK};
  for (int i = 0; i < 4; ++i) {
    struct flock lk = {};
    lk.l_type = F_RDLCK;
    lk.l_whence = SEEK_SET;
    lk.l_start = i;
    lk.l_len = 1;
    const uint64_t cmd = uint64_t(cmds[i]) | (i % 2 ? kHighBits[1] : 0);
    ::syscall(SYS_fcntl, fd, cmd, &lk);
  }
  const int flock_fd = ::open(file, O_RDONLY);
  ::flock(flock_fd, LOCK_SH);
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  socklen_t len;
  const sockaddr_un a = AbstractAddress(n.abstract, &len);
  ::bind(s, reinterpret_cast<const sockaddr*>(&a), len);
  ::listen(s, 4);
  const int q = ::msgget(n.key, IPC_CREAT | 0666);
  const mqd_t mq = ::mq_open(n.mqueue.c_str(), O_CREAT | O_RDWR, 0666, nullptr);
  ::close(::open(n.shm.c_str(), O_CREAT | O_WRONLY, 0666));
  std::printf("ready\n");
  std::fflush(stdout);
  const timespec limit = {60, 0};
  ::sigtimedwait(&term, nullptr, &limit);
  if (q >= 0) ::msgctl(q, IPC_RMID, nullptr);
  if (mq != mqd_t(-1)) ::mq_unlink(n.mqueue.c_str());
  ::unlink(n.shm.c_str());
  return 0;
}

int Look(const char* file, const std::string& tag) {
  const Names n = NamesOf(tag);
  auto say = [](const char* what, bool seen) {
    std::printf("%s %s\n", what, seen ? "seen" : "unseen");
  };
  say("posix-lock", LockHeld(file, F_GETLK, 0) != F_UNLCK);
  say("posix-lock-high-bits", LockHeld(file, F_GETLK, 1) != F_UNLCK);
  say("ofd-lock", LockHeld(file, F_OFD_GETLK, 2) != F_UNLCK);
  say("ofd-lock-high-bits", LockHeld(file, F_OFD_GETLK, 3) != F_UNLCK);
  const int fd = ::open(file, O_RDONLY);
  say("flock", ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK);
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  socklen_t len;
  const sockaddr_un a = AbstractAddress(n.abstract, &len);
  say("abstract-socket",
      ::connect(s, reinterpret_cast<const sockaddr*>(&a), len) == 0);
  say("sysv-queue", ::msgget(n.key, 0) >= 0);
  say("posix-queue", ::mq_open(n.mqueue.c_str(), O_RDONLY) != mqd_t(-1));
  say("dev-shm", ::access(n.shm.c_str(), F_OK) == 0);
  return 0;
}

int Evict(const char* file) {
  const int fd = ::open(file, O_RDONLY);
  if (fd < 0) return 2;
  for (uint64_t high : kHighBits) {
    std::printf("fadvise %s\n", Outcome(::syscall(SYS_fadvise64, fd, 0, 0,
                                                  POSIX_FADV_DONTNEED | high))
                                    .c_str());
  }
  // The kernel pages out a shared file's pages only for a process that
  // could write the file.
  struct stat st;
  ::fstat(fd, &st);
  void* m = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
  std::printf("pageout %s\n",
              Outcome(::madvise(m, size_t(st.st_size), MADV_PAGEOUT)).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "args") return Args(argc - 2, argv + 2);
#if defined(__x86_64__)
  if (mode == "i386") {
    long ret = 20;  // getpid
    asm volatile("int $0x80"
                 : "+a"(ret)
                 :
                 : "memory", "r8", "r9", "r10", "r11");
    std::printf("survived %ld\n", ret);
    return 0;
  }
  if (mode == "x32") {
    std::printf("survived %s\n",
                Outcome(::syscall(0x40000000 | SYS_getpid)).c_str());
    return 0;
  }
#endif
  if (mode == "serve" && argc == 4) return Serve(argv[2], argv[3]);
  if (mode == "look" && argc == 4) return Look(argv[2], argv[3]);
  if (mode == "evict" && argc == 3) return Evict(argv[2]);
  std::fprintf(stderr, "usage: see seccomp_probe.cc\n");
  return 2;
}
