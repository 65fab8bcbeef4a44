// Kill -9 at seeded random points: a child commits orders and periods in a loop and is
// SIGKILLed again and again. After each kill the file passes PRAGMA integrity_check, every
// period is all or nothing, nothing the child reported committed is lost, and the campaign
// reopens and goes on.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "storage/replay.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

struct ChildReport {
    int last_committed = -1;
    std::set<std::string> receipts;
};

// Starts the writer, kills it after `delay`, and returns the complete lines it printed.
ChildReport run_and_kill(const std::string& db, std::chrono::milliseconds delay) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        ::close(out[0]);
        ::close(out[1]);
        ::execl(UMPIRE_CRASH_WRITER, UMPIRE_CRASH_WRITER, db.c_str(), kDemo.c_str(), "100000",
                static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(out[1]);
    std::this_thread::sleep_for(delay);
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    std::string text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) text.append(buffer, n);
    ::close(out[0]);
    EXPECT_TRUE(WIFSIGNALED(status) || WEXITSTATUS(status) == 0) << "writer failed: " << status;

    ChildReport report;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (lines.eof()) break;  // cut off by the kill
        if (line.rfind("committed ", 0) == 0) report.last_committed = std::stoi(line.substr(10));
        if (line.rfind("receipt ", 0) == 0) report.receipts.insert(line.substr(8));
    }
    return report;
}

int count(Connection& db, const std::string& sql) { return static_cast<int>(db.query_int(sql)); }

// Returns the number of live periods.
int check_all_or_nothing(const std::string& path) {
    SqliteCampaignStore store(path);  // recovers the WAL left by the killed writer
    Connection& db = store.connection();
    EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
    EXPECT_EQ(count(db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // Every period row has its snapshots and exactly its events (one line each in its log).
    EXPECT_EQ(count(db,
                    "SELECT count(*) FROM periods p WHERE (state_before = '' AND before_attempt "
                    "IS NULL) OR state_after = '' OR seed = '' OR event_count != "
                    "length(event_log) - length(replace(event_log, char(10), ''))"),
              0);
    for (const auto& p : store.periods("crash")) store.load_period("crash", {p.index, p.attempt});
    if (!store.find_campaign("crash")) return 0;
    const int live = count(db, "SELECT count(*) FROM periods");
    // The open period is the one after the last committed: no gap, no double.
    EXPECT_EQ(store.open_period("crash")->index, live);
    return live;
}

TEST(Crash, SigkillAtRandomPointsNeverLosesOrHalfWritesACommit) {
    TempDir dir;
    const std::string db = dir.file("crash.db");
    std::mt19937 random(20250301);  // seeded: the same kill points every run
    const auto started = std::chrono::steady_clock::now();
    int committed = 0;
    std::set<std::string> receipts;
    int kills = 0;
    // At least 30 kills, and on until the writer has committed a few periods between them: on a
    // slow machine (a sanitized build under a parallel test run) the later kills wait longer,
    // the longest wait doubling every ten kills. Bounded in count and time either way.
    const auto more = [&] {
        const bool in_time = std::chrono::steady_clock::now() - started < std::chrono::seconds(90);
        return kills < 30 || (committed <= 5 && kills < 90 && in_time);
    };
    for (; more(); ++kills) {
        const int longest = kills < 30 ? 150 : 150 << std::min(5, 1 + (kills - 30) / 10);
        const int delay = std::uniform_int_distribution<int>(1, longest)(random);
        const auto report = run_and_kill(db, std::chrono::milliseconds(delay));
        receipts.insert(report.receipts.begin(), report.receipts.end());
        const int live = check_all_or_nothing(db);
        ASSERT_GE(live, report.last_committed + 1) << "a reported commit was lost at kill " << kills;
        ASSERT_GE(live, committed) << "periods went missing at kill " << kills;
        committed = live;
    }
    std::cout << "[ crash    ] " << kills << " kills, " << committed << " periods and "
              << receipts.size() << " receipts committed, none lost\n";
    EXPECT_GE(kills, 30);
    EXPECT_GT(committed, 5) << "the writer hardly ran; the test proves little";

    SqliteCampaignStore store(db);
    std::set<std::string> stored;
    for (const auto& r : store.receipts("crash")) stored.insert(r.receipt);
    for (const auto& r : receipts) EXPECT_TRUE(stored.count(r)) << "receipt lost: " << r;
    auto campaign = Campaign::open(store, "crash");
    EXPECT_EQ(campaign.period_index(), committed);
    campaign.resolve_period(true);
    const auto verified = verify_campaign(store, "crash");
    EXPECT_TRUE(verified.ok()) << verified.mismatches.front();
    EXPECT_EQ(verified.periods_checked, committed + 1);
}

}  // namespace
}  // namespace umpire::storage::testing
