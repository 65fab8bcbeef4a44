#include "fault_vfs.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace umpire::storage::testing {

namespace {

struct FaultFile {
    sqlite3_file base;
    sqlite3_file* real;  // the default VFS's file, allocated right after this struct
};

sqlite3_vfs* g_real = nullptr;
sqlite3_vfs g_vfs;
sqlite3_io_methods g_methods;

std::atomic<int> g_countdown{0};
std::atomic<int> g_code{SQLITE_IOERR};
std::atomic<bool> g_sticky{false};
std::atomic<bool> g_fired{false};
std::atomic<bool> g_syncs_only{false};

std::atomic<int> g_kill_at{0};
std::atomic<int> g_seen{0};

// One write or sync: whether it is the one that fails.
bool failing() {
    if (const int n = ++g_seen; g_kill_at > 0 && n == g_kill_at) ::_exit(kKilledStatus);
    if (g_fired && g_sticky) return true;
    int left = g_countdown.load();
    while (left > 0 && !g_countdown.compare_exchange_weak(left, left - 1)) {
    }
    if (left == 1) {
        g_fired = true;
        return true;
    }
    return false;
}

sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<FaultFile*>(f)->real; }

int x_close(sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); }
int x_read(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset) {
    return real(f)->pMethods->xRead(real(f), buffer, amount, offset);
}
int x_write(sqlite3_file* f, const void* buffer, int amount, sqlite3_int64 offset) {
    if (!g_syncs_only && failing()) return g_code;
    return real(f)->pMethods->xWrite(real(f), buffer, amount, offset);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) {
    return real(f)->pMethods->xTruncate(real(f), size);
}
int x_sync(sqlite3_file* f, int flags) {
    if (failing()) return g_code == SQLITE_IOERR_WRITE ? SQLITE_IOERR_FSYNC : g_code.load();
    return real(f)->pMethods->xSync(real(f), flags);
}
int x_file_size(sqlite3_file* f, sqlite3_int64* size) {
    return real(f)->pMethods->xFileSize(real(f), size);
}
int x_lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
int x_unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
int x_check_reserved(sqlite3_file* f, int* out) {
    return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
int x_file_control(sqlite3_file* f, int op, void* arg) {
    return real(f)->pMethods->xFileControl(real(f), op, arg);
}
int x_sector_size(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int x_device(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int x_shm_map(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
    return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
    return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
void x_shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int x_shm_unmap(sqlite3_file* f, int remove) {
    return real(f)->pMethods->xShmUnmap(real(f), remove);
}

int x_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* file, int flags, int* out_flags) {
    auto* f = reinterpret_cast<FaultFile*>(file);
    f->real = reinterpret_cast<sqlite3_file*>(f + 1);
    const int rc = g_real->xOpen(g_real, name, f->real, flags, out_flags);
    // SQLite calls xClose only when pMethods is set, so leave it null on failure.
    f->base.pMethods = (rc == SQLITE_OK && f->real->pMethods) ? &g_methods : nullptr;
    return rc;
}
int x_delete(sqlite3_vfs*, const char* name, int sync) {
    return g_real->xDelete(g_real, name, sync);
}
int x_access(sqlite3_vfs*, const char* name, int flags, int* out) {
    return g_real->xAccess(g_real, name, flags, out);
}
int x_full_pathname(sqlite3_vfs*, const char* name, int size, char* out) {
    return g_real->xFullPathname(g_real, name, size, out);
}
int x_randomness(sqlite3_vfs*, int size, char* out) {
    return g_real->xRandomness(g_real, size, out);
}
int x_sleep(sqlite3_vfs*, int micros) { return g_real->xSleep(g_real, micros); }
int x_current_time(sqlite3_vfs*, double* out) { return g_real->xCurrentTime(g_real, out); }
int x_last_error(sqlite3_vfs*, int size, char* out) {
    return g_real->xGetLastError(g_real, size, out);
}
int x_current_time64(sqlite3_vfs*, sqlite3_int64* out) {
    return g_real->xCurrentTimeInt64(g_real, out);
}

}  // namespace

void register_fault_vfs() {
    if (g_real) return;
    g_real = sqlite3_vfs_find(nullptr);
    std::memset(&g_methods, 0, sizeof g_methods);
    g_methods.iVersion = 2;  // WAL needs the shared-memory methods; no memory mapping
    g_methods.xClose = x_close;
    g_methods.xRead = x_read;
    g_methods.xWrite = x_write;
    g_methods.xTruncate = x_truncate;
    g_methods.xSync = x_sync;
    g_methods.xFileSize = x_file_size;
    g_methods.xLock = x_lock;
    g_methods.xUnlock = x_unlock;
    g_methods.xCheckReservedLock = x_check_reserved;
    g_methods.xFileControl = x_file_control;
    g_methods.xSectorSize = x_sector_size;
    g_methods.xDeviceCharacteristics = x_device;
    g_methods.xShmMap = x_shm_map;
    g_methods.xShmLock = x_shm_lock;
    g_methods.xShmBarrier = x_shm_barrier;
    g_methods.xShmUnmap = x_shm_unmap;

    std::memset(&g_vfs, 0, sizeof g_vfs);
    g_vfs.iVersion = 2;
    g_vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + g_real->szOsFile;
    g_vfs.mxPathname = g_real->mxPathname;
    g_vfs.zName = kFaultVfs;
    g_vfs.xOpen = x_open;
    g_vfs.xDelete = x_delete;
    g_vfs.xAccess = x_access;
    g_vfs.xFullPathname = x_full_pathname;
    g_vfs.xRandomness = x_randomness;
    g_vfs.xSleep = x_sleep;
    g_vfs.xCurrentTime = x_current_time;
    g_vfs.xGetLastError = x_last_error;
    g_vfs.xCurrentTimeInt64 = x_current_time64;
    sqlite3_vfs_register(&g_vfs, 0);
}

void arm_fault(int nth, int code, bool sticky) {
    g_syncs_only = false;
    g_fired = false;
    g_code = code;
    g_sticky = sticky;
    g_countdown = nth;
}

void arm_sync_fault(int nth) {
    arm_fault(nth, SQLITE_IOERR_FSYNC);
    g_syncs_only = true;
}

void disarm_fault() {
    g_countdown = 0;
    g_sticky = false;
    g_syncs_only = false;
}

bool fault_fired() { return g_fired; }

void arm_kill(int nth) {
    g_seen = 0;
    g_kill_at = nth;
}

int writes_seen() { return g_seen; }

}  // namespace umpire::storage::testing
