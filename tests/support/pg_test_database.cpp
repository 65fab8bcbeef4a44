#include "pg_test_database.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>

#include "storage/postgres/pg_connection.hpp"

namespace umpire::testing {

namespace {

std::string url_owner() {
    const std::string url = pg_test_url();
    const auto start = url.find("://") + 3;
    return url.substr(start, url.find('@', start) - start);
}

std::atomic<int> databases_made{0};

}  // namespace

std::string pg_test_url() {
    if (const char* url = std::getenv("UMPIRE_TEST_PG_URL"); url && *url) return url;
#ifdef UMPIRE_TEST_PG_STATE
    std::ifstream state(UMPIRE_TEST_PG_STATE);
    std::string url;
    if (state >> url) return url;
#endif
    return "";
}

std::string pg_url_with(const std::string& user, const std::string& database) {
    const std::string url = pg_test_url();
    const auto start = url.find("://") + 3;
    const auto at = url.find('@', start);
    const auto slash = url.find('/', at);
    return url.substr(0, start) + user + url.substr(at, slash - at) + "/" + database;
}

PgTestDatabase::PgTestDatabase(const std::string& prefix, bool linguistic)
    : name_(prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(++databases_made)) {
    storage::pg::Connection admin(pg_url_with("postgres", "postgres"));
    const std::string owner = url_owner();
    if (linguistic) {
        try {
            // ICU's root locale sorts 'a' before 'B' and 'é' before 'z'.
            admin.exec("CREATE DATABASE " + name_ + " OWNER " + owner +
                       " TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'und'");
            linguistic_ = true;
            return;
        } catch (const storage::StorageError&) {
            // A server without ICU: the cluster's own default.
        }
    }
    admin.exec("CREATE DATABASE " + name_ + " OWNER " + owner);
}

PgTestDatabase::~PgTestDatabase() {
    try {
        storage::pg::Connection admin(pg_url_with("postgres", "postgres"));
        admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (const storage::StorageError&) {
        // The cluster is thrown away after the run.
    }
}

std::string PgTestDatabase::url() const { return pg_url_with(url_owner(), name_); }

}  // namespace umpire::testing
