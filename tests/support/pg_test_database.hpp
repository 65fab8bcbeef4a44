#pragma once
// PostgreSQL for tests: the test cluster's URL (UMPIRE_TEST_PG_URL, else the state file of the
// CTest fixture pg_cluster, tests/support/pg_test_cluster.sh), and databases of a test's own.
#include <string>

namespace umpire::testing {

// The cluster's URL (postgresql://umpire@127.0.0.1:PORT/umpire), or "" when none runs.
std::string pg_test_url();

// The test URL with another user and database: scheme://user@host:port/database.
std::string pg_url_with(const std::string& user, const std::string& database);

// A database of the caller's own, owned by the test URL's role, dropped (with its connections)
// when this ends. `linguistic`: its default collation is ICU's root locale (not bytewise) when
// the server has ICU, so that text a store sorts without COLLATE "C" shows.
class PgTestDatabase {
public:
    explicit PgTestDatabase(const std::string& prefix, bool linguistic = false);
    ~PgTestDatabase();
    PgTestDatabase(const PgTestDatabase&) = delete;
    PgTestDatabase& operator=(const PgTestDatabase&) = delete;

    const std::string& name() const { return name_; }
    std::string url() const;
    bool linguistic() const { return linguistic_; }

private:
    std::string name_;
    bool linguistic_ = false;
};

}  // namespace umpire::testing
