#pragma once
// Can the database take writes now? The server asks at start (and refuses to start when not)
// and on every /healthz and /readyz (docs/operations.md, "Monitoring").
#include <optional>

#include "storage/error.hpp"
#include "storage/database.hpp"

namespace umpire::storage {

// Why `database` cannot take a write now, nullopt when it can (Database::write_problem: a SQLite
// file removed, replaced or read-only; a PostgreSQL server unreachable or a read-only standby).
// Cheap enough for every health probe.
inline std::optional<StorageError> write_problem(Database& database) {
    if (!database.stopped().empty())  // after a commit whose outcome is unknown: for good
        return StorageError(ErrorKind::outcome_unknown,
                            database.path() + ": stopped after a commit whose outcome is "
                                              "unknown (" + database.stopped() + ")");
    return database.write_problem();
}

// Throws write_problem's error, with what to do about a read-only file.
void require_writable(Database& database);

}  // namespace umpire::storage
