#pragma once
// The PostgreSQL schema of Umpire's storage (issue 33): the tables, keys, constraints and indexes
// of the SQLite schema at its version 14 (storage/schema_v1.cpp … schema_v14.cpp): version 1 made
// SQLite's 13 at once, version 2 is SQLite's 14. Its own version, in the one-row table umpire_schema, starts at 1 and
// counts PostgreSQL schema changes; it is not the SQLite schema's user_version.
#include "storage/postgres/pg_connection.hpp"

namespace umpire::storage::pg {

// The PostgreSQL schema version this build makes and reads.
inline constexpr int kPgSchemaVersion = 2;

// Runs the steps past the database's version and records version kPgSchemaVersion, in one
// transaction that holds an advisory lock, so that servers starting at once do not race; a
// database already at this version is left alone. One whose version is newer is refused with
// StorageError(too_new) before anything changes.
void create_schema(Connection& db);

// The version umpire_schema records; 0 when the table is absent (a database Umpire never set up).
int schema_version(Connection& db);

}  // namespace umpire::storage::pg
