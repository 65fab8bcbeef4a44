// An unknown outcome is said to be unknown (issue 53, item 9). A COMMIT whose fsync fails has
// written its frames all the same: after a crash SQLite's WAL recovery brings the command back.
// Before, the client was told "nothing was changed, try again", and the retry it asked for
// applied the command twice (force_advance resolved two periods). Now the reply says the outcome
// is unknown, the server takes no more writes (and exits for its supervisor: NetServer, main),
// and after the restart — here, the files as a crash leaves them, opened afresh — the command
// happened at most once, and a retry by its key or its period is not applied again.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "fault_harness.hpp"

namespace umpire::testing {
namespace {

namespace st = storage::testing;
namespace fs = std::filesystem;

Json force_advance(const std::string& key = "advance-0") {
    Json m{{"type", "gm"}, {"campaign", "raid"}, {"command", "force_advance"}, {"period", 0},
           {"reason", "everyone said go"}};
    if (!key.empty()) m["key"] = key;
    return m;
}

int open_period(HubHarness& h) { return h.hub->find_room("raid")->campaign().period_index(); }

int count_of(HubHarness& h, const std::string& kind) {
    int n = 0;
    for (const auto& a : h.stores.campaigns->gm_actions("raid")) n += a.kind == kind;
    return n;
}

int live_periods(HubHarness& h) {
    int n = 0;
    for (const auto& p : h.stores.campaigns->periods("raid")) n += !p.rolled_back_by;
    return n;
}

class UnknownOutcome : public ::testing::Test {
protected:
    static void SetUpTestSuite() { st::register_fault_vfs(); }
    void TearDown() override { st::disarm_fault(); }
    void SetUp() override {
        HubHarness h(prepared);
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
    }  // closed: the copy holds everything

    TempDir prepared;
};

TEST_F(UnknownOutcome, AFailedFsyncIsToldAsUnknownAndARetryAfterTheRestartAppliesOnce) {
    int recovered = 0, lost = 0;
    for (int n = 1; n <= 8; ++n) {
        TempDir dir;
        auto h = hub_on_faulty_copy(prepared, dir);
        const std::string db = h->services.config.database;
        auto gm = h->peer("gm");
        ASSERT_EQ(h->send(gm, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        int told = 0;  // what makes the real server exit (NetServer)
        h->stores.campaigns->database().on_outcome_unknown(
            [&](const storage::StorageError& e) {
                ++told;
                EXPECT_EQ(e.kind(), storage::ErrorKind::outcome_unknown);
            });
        const std::string before = content_of(db);
        st::arm_sync_fault(n);
        const Json reply = h->send(gm, force_advance());
        const bool fired = st::fault_fired();
        st::disarm_fault();
        if (!fired) break;  // the command syncs fewer than n times: every sync was failed
        ASSERT_TRUE(said_outcome_unknown(reply)) << "fsync " << n << ": " << reply.dump();
        EXPECT_EQ(told, 1);
        EXPECT_TRUE(gm->of_type("period_resolved").empty()) << "told of what may not be kept";
        // It takes no more writes: a GM's next command is refused and changes nothing.
        expect_stopped(*h, gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "pause"},
                                {"reason", "a moment"}},
                       db, before);

        // The crash and the restart: the files as they are on disk (no -shm: recovery reads
        // the WAL), opened by a new server.
        TempDir after;
        fs::copy_file(db, after.path / "server.db");
        if (fs::exists(db + "-wal")) fs::copy_file(db + "-wal", after.path / "server.db-wal");
        HubHarness restarted(after);
        restarted.hub->start();
        const int period = open_period(restarted);
        EXPECT_LE(period, 1) << "fsync " << n;
        EXPECT_EQ(count_of(restarted, "force_advance"), period) << "fsync " << n;
        (period == 1 ? recovered : lost)++;

        // The retry the GM may now send: by its key, it is applied once in all.
        auto gm2 = restarted.peer("gm");
        ASSERT_EQ(restarted.send(gm2, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        const Json retry = restarted.send(gm2, force_advance());
        ASSERT_EQ(retry["type"], "gm_done") << retry.dump();
        EXPECT_EQ(retry.value("repeated", false), period == 1) << retry.dump();
        // A copy without the key names a period that is gone: refused, not a second advance.
        const Json copy = restarted.send(gm2, force_advance(""));
        EXPECT_EQ(copy["code"], "period_closed") << copy.dump();
        EXPECT_EQ(open_period(restarted), 1);
        EXPECT_EQ(count_of(restarted, "force_advance"), 1);
        EXPECT_EQ(live_periods(restarted), 1) << "period 0 resolved twice";
    }
    // The case: the frames were in the WAL and recovery brought the command back.
    EXPECT_GT(recovered, 0) << "no failed fsync left the commit on disk: this shows nothing";
    RecordProperty("recovered", recovered);
    RecordProperty("lost", lost);
}

}  // namespace
}  // namespace umpire::testing
