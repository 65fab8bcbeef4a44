#include "store_engines.hpp"

#include "storage/postgres/pg_store.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage::testing {

void EngineTest::SetUp() {
    if (engine() == Engine::postgresql && umpire::testing::pg_test_url().empty())
        GTEST_SKIP() << "no PostgreSQL to test on: the CTest fixture pg_cluster starts one "
                        "(scripts/pg-throwaway) when PostgreSQL is installed";
}

std::unique_ptr<SqlCampaignStore> EngineTest::open_store(const std::string& name) {
    if (engine() == Engine::sqlite)
        return std::make_unique<SqliteCampaignStore>(dir.file(name + ".db"));
    return std::make_unique<PgCampaignStore>(postgres_url(name));
}

std::string EngineTest::postgres_url(const std::string& name) {
    auto& database = databases_[name];
    if (!database) database = std::make_unique<umpire::testing::PgTestDatabase>("umpire_" + name);
    return database->url();
}

void ServerTablesTest::SetUp() {
    EngineTest::SetUp();
    if (IsSkipped()) return;
    store = open_store("s");
    server = std::make_unique<ServerStore>(store->database());
    create_demo(*store, "demo");
}

std::string engine_name(const ::testing::TestParamInfo<Engine>& info) {
    return info.param == Engine::sqlite ? "sqlite" : "postgresql";
}

}  // namespace umpire::storage::testing

namespace umpire::storage {
void PrintTo(Engine engine, std::ostream* out) {
    *out << (engine == Engine::sqlite ? "sqlite" : "postgresql");
}
}  // namespace umpire::storage
