#pragma once
// Can the database take writes now? The server asks at start (and refuses to start when not)
// and on every /healthz and /readyz (docs/operations.md, "Monitoring").
#include <optional>

#include "storage/error.hpp"
#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

// Why `connection` cannot take a write now, nullopt when it can: its file removed or replaced
// (`gone`), opened read-only or refusing a write transaction (`read_only`), or failing (`io`…).
// Cheap enough for every health probe: one stat and BEGIN IMMEDIATE; ROLLBACK, which waits for
// no lock (a write lock held by someone else is `busy`, and busy is not a problem).
std::optional<StorageError> write_problem(Connection& connection);

// Throws write_problem's error, with what to do about a read-only file.
void require_writable(Connection& connection);

}  // namespace umpire::storage
