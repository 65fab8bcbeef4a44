// TEST ONLY, loaded with LD_PRELOAD into a real umpire-server: fsync and fdatasync of a file
// whose name ends in "-wal" fail with EIO while the file named by UMPIRE_FAIL_FSYNC_WHILE exists
// — a disk that fails a sync, the written frames left in the file
// (tests/server/outcome_unknown_process_test.py). Every other call goes to the C library.
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

bool failing(int fd) {
    const char* flag = std::getenv("UMPIRE_FAIL_FSYNC_WHILE");
    if (!flag || ::access(flag, F_OK) != 0) return false;
    char link[64];
    char path[4096];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = ::readlink(link, path, sizeof path - 1);
    if (n < 4) return false;
    path[n] = '\0';
    return std::strcmp(path + n - 4, "-wal") == 0;
}

using SyncCall = int (*)(int);

int call(const char* name, int fd) {
    if (failing(fd)) {
        errno = EIO;
        return -1;
    }
    auto real = reinterpret_cast<SyncCall>(::dlsym(RTLD_NEXT, name));
    return real ? real(fd) : (errno = ENOSYS, -1);
}

}  // namespace

extern "C" int fsync(int fd) { return call("fsync", fd); }
extern "C" int fdatasync(int fd) { return call("fdatasync", fd); }
