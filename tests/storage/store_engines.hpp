#pragma once
// Store tests that run on both engines (issue 33): a fixture derived from EngineTest, its cases
// TEST_P, and UMPIRE_ON_EVERY_ENGINE(Suite) after them. On SQLite each store is a file in the
// test's folder; on PostgreSQL a database of the test's own on the test cluster (the CTest
// fixture pg_cluster), and the PostgreSQL cases skip, saying why, when no cluster runs.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "pg_test_database.hpp"
#include "storage/server_store.hpp"
#include "storage/sql_store.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {

class EngineTest : public ::testing::TestWithParam<Engine> {
protected:
    void SetUp() override;
    Engine engine() const { return GetParam(); }
    // A store on this test's database `name`, made on first use. Every call connects anew to
    // the same data, as reopening a file does.
    std::unique_ptr<SqlCampaignStore> open_store(const std::string& name = "c");
    // On PostgreSQL, the URL of this test's database `name` (made on first use).
    std::string postgres_url(const std::string& name = "c");

    TempDir dir;

private:
    std::map<std::string, std::unique_ptr<umpire::testing::PgTestDatabase>> databases_;
};

// A store with the demo campaign and the server's tables on it (ServerStore): the fixture of
// the server store's tests.
class ServerTablesTest : public EngineTest {
protected:
    void SetUp() override;
    std::unique_ptr<SqlCampaignStore> store;
    std::unique_ptr<ServerStore> server;
};

std::string engine_name(const ::testing::TestParamInfo<Engine>& info);

}  // namespace umpire::storage::testing

namespace umpire::storage {
// The engine as gtest prints a parameter ("sqlite", not its bytes).
void PrintTo(Engine engine, std::ostream* out);
}  // namespace umpire::storage

namespace umpire::storage::testing {

#define UMPIRE_ON_EVERY_ENGINE(Suite)                                                    \
    INSTANTIATE_TEST_SUITE_P(Engines, Suite,                                             \
                             ::testing::Values(::umpire::storage::Engine::sqlite,        \
                                               ::umpire::storage::Engine::postgresql),   \
                             ::umpire::storage::testing::engine_name)

// The cases of Suite on PostgreSQL alone (what SQLite has no counterpart of).
#define UMPIRE_ON_POSTGRESQL(Suite)                                                      \
    INSTANTIATE_TEST_SUITE_P(Engines, Suite,                                             \
                             ::testing::Values(::umpire::storage::Engine::postgresql),   \
                             ::umpire::storage::testing::engine_name)

}  // namespace umpire::storage::testing
