#pragma once
// The crash-point sweep's tools (crash_points_test.cpp): a child process that runs a piece of
// server work on a database through the fault VFS and is ended at its N-th write or sync, and
// the database's rows as a dump that leaves out what two clean runs do not agree on (random
// tokens, salts and seeds), so a killed run can be compared with "nothing happened" and "all of
// it happened".
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "fault_vfs.hpp"

namespace umpire::testing {

// Each table's rows (its columns as text), in rowid order.
using Rows = std::vector<std::vector<std::string>>;
using Dump = std::map<std::string, Rows>;

// The attempts the login throttle counts are committed on their own before the slow password
// work, whether or not the command then happens (login_throttle.cpp): not part of a command.
inline const std::set<std::string> kNotACommandsRows{"login_throttle"};

inline Dump dump_of(const std::string& path) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    auto rows_of = [&](const std::string& sql) {
        Rows out;
        sqlite3_stmt* s = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sql;
        while (sqlite3_step(s) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int c = 0; c < sqlite3_column_count(s); ++c) {
                const auto* t = sqlite3_column_text(s, c);
                row.push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
            }
            out.push_back(std::move(row));
        }
        sqlite3_finalize(s);
        return out;
    };
    Dump out;
    // Tables WITHOUT ROWID come in their key's order.
    for (const auto& t : rows_of("SELECT name, sql LIKE '%WITHOUT ROWID%' FROM sqlite_master "
                                 "WHERE type = 'table'")) {
        if (kNotACommandsRows.contains(t[0])) continue;
        out[t[0]] = rows_of("SELECT * FROM \"" + t[0] + "\"" + (t[1] == "1" ? "" : " ORDER BY rowid"));
    }
    sqlite3_close(db);
    return out;
}

// Table and column that two clean runs of the same work filled differently.
using Mask = std::set<std::pair<std::string, std::size_t>>;

inline Mask random_columns(const Dump& a, const Dump& b) {
    Mask mask;
    for (const auto& [table, rows] : a) {
        const auto other = b.find(table);
        EXPECT_TRUE(other != b.end() && other->second.size() == rows.size())
            << "two clean runs left different numbers of rows in " << table;
        if (other == b.end() || other->second.size() != rows.size() || rows.empty()) continue;
        // Column by column, as sorted values: rows keyed by a random value come in any order.
        for (std::size_t c = 0; c < rows.front().size(); ++c) {
            std::vector<std::string> mine, theirs;
            for (std::size_t r = 0; r < rows.size(); ++r) {
                mine.push_back(rows[r][c]);
                theirs.push_back(other->second[r][c]);
            }
            std::sort(mine.begin(), mine.end());
            std::sort(theirs.begin(), theirs.end());
            if (mine != theirs) mask.insert({table, c});
        }
    }
    return mask;
}

// The dump as text, masked columns as "*", each table's rows sorted.
inline std::map<std::string, std::string> masked(const Dump& dump, const Mask& mask) {
    std::map<std::string, std::string> out;
    for (const auto& [table, rows] : dump) {
        std::vector<std::string> lines;
        for (const auto& row : rows) {
            std::string line;
            for (std::size_t c = 0; c < row.size(); ++c)
                line += (mask.contains({table, c}) ? std::string("*") : row[c]) + "|";
            lines.push_back(std::move(line));
        }
        std::sort(lines.begin(), lines.end());
        std::string text;
        for (const auto& l : lines) text += l + "\n";
        out[table] = text;
    }
    return out;
}

// The tables in which `got` differs from `want`, with their row counts.
inline std::string differences(const std::map<std::string, std::string>& got,
                               const std::map<std::string, std::string>& want) {
    std::string out;
    auto lines = [](const std::string& t) { return std::count(t.begin(), t.end(), '\n'); };
    for (const auto& [table, text] : got)
        if (!want.contains(table) || want.at(table) != text)
            out += " " + table + " (" + std::to_string(lines(text)) + " rows, expected " +
                   std::to_string(want.contains(table) ? lines(want.at(table)) : 0) + ")";
    return out;
}

// Runs `work` in a child process with the kill armed at write `n` (0: never). Returns
// kKilledStatus when it was ended there, else the child's exit status: 0 when `work` returned
// true.
inline int run_killed_at(int n, const std::function<bool(const std::function<void()>& arm)>& work) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        int status = 2;
        try {
            status = work([n] { storage::testing::arm_kill(n); }) ? 0 : 3;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "crash-point child: %s\n", e.what());
        }
        ::_exit(status);  // no destructors: as a process that stops here
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace umpire::testing
