// The server's database at start and in /healthz, without the network (issue 29): the
// one-writer lock, --create-db, the writable check, the health report and the error a client
// gets once the file is gone. tests/server/one_writer_process_test.py runs the same as processes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

#include "server/errors.hpp"
#include "server/health.hpp"
#include "server/server_database.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

server::ServerConfig config_in(const TempDir& dir, bool create) {
    server::ServerConfig c = test_config(dir);
    c.create_database = create;
    return c;
}

std::string start_error(const server::ServerConfig& config) {
    try {
        server::ServerDatabase database(config);
    } catch (const std::exception& e) {
        return e.what();
    }
    ADD_FAILURE() << "the server's database opened";
    return "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(ServerDatabase, AMissingFileIsMadeOnlyWithCreateDb) {
    TempDir dir;
    const auto config = config_in(dir, false);
    const auto why = start_error(config);
    EXPECT_TRUE(contains(why, "no database at " + config.database)) << why;
    EXPECT_TRUE(contains(why, "--create-db")) << why;
    EXPECT_FALSE(fs::exists(config.database));
    EXPECT_FALSE(fs::exists(config.database + ".lock")) << "a refused start left a lock file";
    server::ServerDatabase made(config_in(dir, true));
    EXPECT_TRUE(fs::exists(config.database));
}

TEST(ServerDatabase, AnEmptyFileIsRefusedWithoutCreateDb) {
    TempDir dir;
    const auto config = config_in(dir, false);
    std::ofstream(config.database).close();
    const auto why = start_error(config);
    EXPECT_TRUE(contains(why, "empty (0 bytes)")) << why;
    EXPECT_TRUE(contains(why, "--create-db")) << why;
    EXPECT_EQ(fs::file_size(config.database), 0u);
    server::ServerDatabase made(config_in(dir, true));  // asked: it becomes the new database
    EXPECT_GT(fs::file_size(config.database), 0u);
}

TEST(ServerDatabase, ASecondServerOnTheFileIsRefusedNamingTheLockAndThePid) {
    TempDir dir;
    const auto config = config_in(dir, true);
    server::ServerDatabase first(config);
    const auto why = start_error(config);
    EXPECT_TRUE(contains(why, config.database + ".lock")) << why;
    EXPECT_TRUE(contains(why, "pid " + std::to_string(::getpid()))) << why;
    EXPECT_TRUE(contains(why, "one server per database")) << why;
}

TEST(Health, OkWhileTheDatabaseTakesWrites) {
    TempDir dir;
    server::ServerDatabase database(config_in(dir, true));
    server::HealthCheck health;
    const auto report = health.check(database.stores().campaigns->database());
    EXPECT_EQ(report.status, 200);
    EXPECT_EQ(report.body, R"({"status":"ok"})");
}

TEST(Health, AReadOnlyDatabaseIs503WithItsReason) {
    // A read-only connection stands for a file the server's user may not write (as root no
    // file mode forbids a write; the process test checks the refused start as another user).
    TempDir dir;
    const auto config = config_in(dir, true);
    { server::ServerDatabase made(config); }
    storage::ConnectionOptions ro;
    ro.read_only = true;
    storage::Connection connection(config.database, ro);
    server::HealthCheck health;
    const auto report = health.check(connection);
    EXPECT_EQ(report.status, 503);
    const auto body = Json::parse(report.body);
    EXPECT_EQ(body["status"], "unavailable");
    EXPECT_EQ(body["reason"], "database_read_only");
    EXPECT_FALSE(contains(report.body, config.database)) << "the public body names the file";
}

TEST(Health, ARemovedDatabaseIs503AndEveryCommandUnavailable) {
    TempDir dir;
    const auto config = config_in(dir, true);
    server::ServerDatabase database(config);
    auto& connection = database.stores().campaigns->database();
    ASSERT_EQ(::unlink(config.database.c_str()), 0);
    server::HealthCheck health;
    const auto report = health.check(connection);
    EXPECT_EQ(report.status, 503);
    EXPECT_EQ(Json::parse(report.body)["reason"], "database_gone");
    try {
        database.stores().server->account_by_name("anna");
        ADD_FAILURE() << "read the orphaned file";
    } catch (const storage::StorageError& e) {
        const auto reply = server::to_protocol_error(e, protocol::ErrorCode::invalid_argument,
                                                     config.database);
        EXPECT_EQ(reply.code(), protocol::ErrorCode::unavailable);
        EXPECT_TRUE(contains(reply.what(), "removed or replaced")) << reply.what();
        EXPECT_FALSE(contains(reply.what(), config.database)) << reply.what();
    }
    EXPECT_FALSE(fs::exists(config.database));
}

// Issue 53, item 11: whenever storage fails — on either engine, whatever its words — the client
// is told `unavailable`, never `internal` (a bug) or "no such campaign". Only a broken invariant
// is `internal`; refusals of the input keep their own codes. An unknown outcome does not say
// "nothing was changed".
TEST(StorageErrors, EveryStorageFailureIsUnavailable) {
    using storage::ErrorKind;
    for (const ErrorKind kind : {ErrorKind::io, ErrorKind::disk_full, ErrorKind::busy,
                                 ErrorKind::corrupt, ErrorKind::cannot_open, ErrorKind::read_only,
                                 ErrorKind::gone, ErrorKind::outcome_unknown}) {
        const auto reply = server::to_protocol_error(
            storage::StorageError(kind, "/srv/umpire/server.db: it failed"),
            protocol::ErrorCode::invalid_argument, "/srv/umpire/server.db");
        EXPECT_EQ(reply.code(), protocol::ErrorCode::unavailable) << storage::to_string(kind);
        EXPECT_FALSE(contains(reply.what(), "/srv/umpire")) << reply.what();
        EXPECT_EQ(contains(reply.what(), "nothing was changed"),
                  kind != ErrorKind::outcome_unknown && kind != ErrorKind::gone)
            << reply.what();
    }
    EXPECT_EQ(server::to_protocol_error(storage::StorageError(ErrorKind::internal, "a bug"),
                                        protocol::ErrorCode::invalid_argument)
                  .code(),
              protocol::ErrorCode::internal);
    // The log names the engine's own code: SQLite's, or PostgreSQL's SQLSTATE (it said "SQLite
    // code 0" for every PostgreSQL error).
    const storage::StorageError pg(ErrorKind::io, "no answer", std::string("08006"));
    EXPECT_EQ(storage::engine_code(pg), "SQLSTATE 08006");
    EXPECT_EQ(server::storage_error_fields(pg)["sqlstate"], "08006");
    EXPECT_EQ(storage::engine_code(storage::StorageError(ErrorKind::io, "fsync", 1034)),
              "SQLite code 1034");
}

}  // namespace
}  // namespace umpire::testing
