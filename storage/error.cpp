#include "storage/error.hpp"

#include <sqlite3.h>

namespace umpire::storage {

const char* to_string(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::io: return "io";
        case ErrorKind::disk_full: return "disk_full";
        case ErrorKind::busy: return "busy";
        case ErrorKind::corrupt: return "corrupt";
        case ErrorKind::cannot_open: return "cannot_open";
        case ErrorKind::read_only: return "read_only";
        case ErrorKind::gone: return "gone";
        case ErrorKind::outcome_unknown: return "outcome_unknown";
        case ErrorKind::not_umpire: return "not_umpire";
        case ErrorKind::too_new: return "too_new";
        case ErrorKind::not_found: return "not_found";
        case ErrorKind::conflict: return "conflict";
        case ErrorKind::invalid_input: return "invalid_input";
        case ErrorKind::internal: return "internal";
    }
    return "internal";
}

std::string engine_code(const StorageError& e) {
    if (e.sqlite_code() != 0) return "SQLite code " + std::to_string(e.sqlite_code());
    if (!e.sqlstate().empty()) return "SQLSTATE " + e.sqlstate();
    return "no engine code";
}

ErrorKind kind_of_sqlite_code(int code) {
    switch (code & 0xff) {
        case SQLITE_IOERR: return ErrorKind::io;
        case SQLITE_FULL: return ErrorKind::disk_full;
        case SQLITE_BUSY:
        case SQLITE_LOCKED: return ErrorKind::busy;
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB: return ErrorKind::corrupt;
        case SQLITE_CANTOPEN: return ErrorKind::cannot_open;
        case SQLITE_READONLY:
        case SQLITE_PERM: return ErrorKind::read_only;
        case SQLITE_CONSTRAINT: return ErrorKind::conflict;
        default: return ErrorKind::internal;
    }
}

}  // namespace umpire::storage
