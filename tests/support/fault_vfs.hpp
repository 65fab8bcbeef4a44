#pragma once
// A test-only SQLite VFS, registered as "umpire-fault", that forwards to the default VFS and can
// make the Nth write or sync from now on fail with a chosen result code (SQLITE_IOERR_WRITE,
// SQLITE_IOERR_FSYNC, SQLITE_FULL…). Open a store with ConnectionOptions::vfs = kFaultVfs.
namespace umpire::storage::testing {

inline constexpr const char* kFaultVfs = "umpire-fault";

// Registers the VFS (once; later calls do nothing).
void register_fault_vfs();

// The `nth` write or sync from now fails with `code`; with `sticky`, every later one too, until
// disarm_fault() (a disk that stays full).
void arm_fault(int nth, int code, bool sticky = false);
// The `nth` sync from now fails with SQLITE_IOERR_FSYNC, after its writes went through (writes
// are not counted): a failed fsync, the frames in the file all the same.
void arm_sync_fault(int nth);
void disarm_fault();
// Whether the armed fault was hit since arm_fault.
bool fault_fired();

// The crash-point sweep (tests/durability/crash_points_test.cpp): from arm_kill(n) on, writes and
// syncs are counted, and the n-th ends the process at once, before it reaches the file, with
// _exit(kKilledStatus): what a SIGKILL at that point leaves. arm_kill(0) only counts.
inline constexpr int kKilledStatus = 86;
void arm_kill(int nth);
int writes_seen();

}  // namespace umpire::storage::testing
