#pragma once
// Moving a whole Umpire database from one engine to the other (issue 33: from a SQLite file to
// PostgreSQL, when a group outgrows one server; docs/operations.md). Every table of the schema,
// every row, byte for byte: campaigns with their history and sealed seeds, accounts with their
// password hashes, sessions, invites, webhooks, notifications and deadlines. Both databases hold
// the same schema (SQLite at its latest version, PostgreSQL's pg_schema.hpp).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "storage/database.hpp"

namespace umpire::storage {

struct TableCopied {
    std::string table;
    std::int64_t rows = 0;
};

// Copies everything of `from` into `to`: one read transaction on `from` (a consistent moment,
// even with a server still writing: stop it first, or its later writes stay behind) and one
// write transaction on `to`, so an interrupted copy leaves `to` as it was. `to` must hold no
// campaign and no account (conflict otherwise: nothing is merged). `progress` hears each table.
std::vector<TableCopied> copy_database(Database& from, Database& to,
                                       const std::function<void(const TableCopied&)>& progress = {});

}  // namespace umpire::storage
