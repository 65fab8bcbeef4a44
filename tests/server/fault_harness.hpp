#pragma once
// For tests that fail the Nth write of the database and check that a command changed all it
// should or nothing at all (gm_atomicity_test, press_atomicity_test): a hub on a copy of a
// prepared database, through the fault VFS, and the file's committed content as text.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "fault_vfs.hpp"
#include "hub_support.hpp"

namespace umpire::testing {

// A started hub on a copy of `prepared`'s server.db in `dir`, writing through the fault VFS
// (arm it with storage::testing::arm_fault; register_fault_vfs first).
inline std::unique_ptr<HubHarness> hub_on_faulty_copy(const TempDir& prepared, const TempDir& dir) {
    std::filesystem::copy_file(prepared.path / "server.db", dir.path / "server.db");
    storage::ConnectionOptions options;
    options.vfs = storage::testing::kFaultVfs;
    options.busy_timeout_ms = 50;
    auto h = std::make_unique<HubHarness>(dir, server::TimePoint{}, options);
    h->hub->start();
    return h;
}

// The file's committed content, read by a connection of its own: each table's row count, and
// the rows themselves of `exact` tables (all of them when `exact` is empty).
inline std::string content_of(const std::string& path, const std::set<std::string>& exact = {}) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    auto rows_of = [&](const std::string& sql, const std::function<void(sqlite3_stmt*)>& row) {
        sqlite3_stmt* s = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sql;
        while (sqlite3_step(s) == SQLITE_ROW) row(s);
        sqlite3_finalize(s);
    };
    auto text = [](sqlite3_stmt* s, int c) {
        const auto* t = sqlite3_column_text(s, c);
        return t ? std::string(reinterpret_cast<const char*>(t)) : std::string("NULL");
    };
    std::vector<std::string> tables;
    rows_of("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
            [&](sqlite3_stmt* s) { tables.push_back(text(s, 0)); });
    std::string out;
    for (const auto& table : tables) {
        int count = 0;
        std::string rows;
        const bool whole = exact.empty() || exact.contains(table);
        rows_of("SELECT * FROM \"" + table + "\"", [&](sqlite3_stmt* s) {
            ++count;
            if (!whole) return;
            rows += " ";
            for (int c = 0; c < sqlite3_column_count(s); ++c) rows += " " + text(s, c);
            rows += "\n";
        });
        out += table + ": " + std::to_string(count) + " rows\n" + rows;
    }
    sqlite3_close(db);
    // An invite's id (the start of its random code's hash) is audited with it: masked.
    return std::regex_replace(out, std::regex(R"("invite":"[0-9a-f]{12}")"), R"("invite":"…")");
}

// Whether a reply says the command's outcome is unknown (its COMMIT failed after it may have
// reached the disk, issue 53): `unavailable`, and not "nothing was changed".
inline bool said_outcome_unknown(const Json& reply) {
    const std::string message = reply.value("message", "");
    return reply.value("code", "") == "unavailable" && message.starts_with("outcome unknown") &&
           message.find("nothing was changed") == std::string::npos;
}

// After an unknown outcome the hub's connection takes no more writes: `probe` is refused as
// `unavailable` with "nothing was changed", and the file stays as `before`.
inline void expect_stopped(HubHarness& h, const std::shared_ptr<FakePeer>& peer, const Json& probe,
                           const std::string& db, const std::string& before) {
    EXPECT_FALSE(h.stores.campaigns->database().stopped().empty());
    const Json again = h.send(peer, probe);
    EXPECT_EQ(again.value("code", ""), "unavailable") << again.dump();
    EXPECT_NE(again.value("message", "").find("nothing was changed"), std::string::npos)
        << again.dump();
    EXPECT_EQ(content_of(db), before) << "a stopped server wrote";
}

}  // namespace umpire::testing
