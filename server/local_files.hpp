#pragma once
// Where a server keeps files of its own (a deleted campaign's archive, the demo's logins): beside
// a SQLite database file, or, on PostgreSQL (a URL, no file), in the working directory.
#include <filesystem>
#include <string>

#include "storage/postgres/pg_database.hpp"

namespace umpire::server {

inline std::filesystem::path local_folder(const std::string& database) {
    if (storage::pg::is_postgres_url(database)) return std::filesystem::current_path();
    return std::filesystem::absolute(database).parent_path();
}

// The file `suffix` names beside the database ("<db>.suffix"), or "umpire.suffix" in the
// working directory on PostgreSQL.
inline std::string local_file(const std::string& database, const std::string& suffix) {
    if (storage::pg::is_postgres_url(database))
        return (std::filesystem::current_path() / ("umpire" + suffix)).string();
    return database + suffix;
}

}  // namespace umpire::server
