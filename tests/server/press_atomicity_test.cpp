// A press message and its webhook and e-mail copies are one commit: with the Nth write or sync
// of the database failing, send_press either keeps the message and every reader's notification
// and answers press_sent, or leaves the file exactly as it was, answers `unavailable` and pushes
// nothing. Before, the message was committed first and the notifications after it, so a crash
// between them kept the message and lost the e-mail players' copies. And a delivery the full
// disk cannot record waits before it goes again: it was sent in a loop.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "fault_harness.hpp"

namespace umpire::testing {
namespace {

namespace st = storage::testing;

const Json kToAll{
    {"type", "send_press"}, {"campaign", "raid"}, {"to", {"all"}}, {"text", "Parley?"}};

// The rows of the press and of the notifications it makes. A notification's delivery (attempts,
// delivered_at) is a later commit of its own, so only what send_press writes is compared.
std::string press_and_notifications(const std::string& path) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    std::string out;
    for (const char* sql : {"SELECT no, sender, recipients, body FROM press ORDER BY no",
                            "SELECT account_id, key, payload, created_at FROM notifications "
                            "ORDER BY account_id, key"}) {
        sqlite3_stmt* s = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &s, nullptr), SQLITE_OK) << sql;
        while (sqlite3_step(s) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(s); ++c)
                out += std::string(" ") + reinterpret_cast<const char*>(sqlite3_column_text(s, c));
            out += "\n";
        }
        sqlite3_finalize(s);
        out += "--\n";
    }
    sqlite3_close(db);
    return out;
}

class PressUnderFaults : public ::testing::Test {
protected:
    static void SetUpTestSuite() { st::register_fault_vfs(); }
    void TearDown() override { st::disarm_fault(); }

    struct Running {
        std::unique_ptr<HubHarness> h;
        std::shared_ptr<FakePeer> anna, ingrid;
        std::string db;
    };
    // A server on a copy of the prepared database, anna and ingrid joined.
    Running start_on_copy(const TempDir& dir) {
        Running r;
        r.h = hub_on_faulty_copy(prepared, dir);
        r.anna = r.h->peer("anna");
        r.ingrid = r.h->peer("ingrid");
        for (const auto& p : {r.anna, r.ingrid})
            EXPECT_EQ(r.h->send(p, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        r.db = r.h->services.config.database;
        return r;
    }

    void SetUp() override {
        {
            HubHarness h(prepared);
            for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
            demo_campaign(*h.hub);
            // The GM and ingrid read press by webhook (or e-mail); anna writes.
            for (const char* who : {"gm", "ingrid"}) {
                const Json set = h.send(h.peer(who), {{"type", "set_webhook"},
                                                      {"campaign", "raid"},
                                                      {"url", "http://127.0.0.1:9/hook"}});
                ASSERT_EQ(set["type"], "webhook_set") << set.dump();
            }
        }  // closed: the copy holds everything
        TempDir dir;
        Running r = start_on_copy(dir);
        const Json reply = r.h->send(r.anna, kToAll);
        ASSERT_EQ(reply["type"], "press_sent") << reply.dump();
        expected = press_and_notifications(r.db);
        // Both readers are told: the case below would prove nothing without them.
        ASSERT_EQ(r.h->webhooks.posts.size(), 2u);
    }

    TempDir prepared;
    std::string expected;  // the message and its notifications, without faults
};

TEST_F(PressUnderFaults, KeepsTheMessageAndItsNotificationsOrNeither) {
    const struct {
        int code;
        bool sticky;
    } faults[] = {{SQLITE_IOERR_WRITE, false}, {SQLITE_IOERR_FSYNC, false}, {SQLITE_FULL, true}};
    int failed = 0, sent = 0, unknown = 0;
    for (const auto& fault : faults) {
        for (int n = 1; n <= 200; ++n) {
            TempDir dir;
            Running r = start_on_copy(dir);
            const std::string before = content_of(r.db);
            st::arm_fault(n, fault.code, fault.sticky);
            const Json reply = r.h->send(r.anna, kToAll);
            const bool fired = st::fault_fired();
            st::disarm_fault();
            if (reply["type"] == "press_sent") {
                ++sent;
                EXPECT_EQ(press_and_notifications(r.db), expected)
                    << "press_sent, fault " << fault.code << " at write " << n;
                // A delivery the full disk cannot record waits before it goes again (the clock
                // here stands still): each reader is sent it once, not in a loop.
                EXPECT_LE(r.h->webhooks.posts.size(), 2u)
                    << "fault " << fault.code << " at write " << n;
            } else if (said_outcome_unknown(reply)) {
                // A fault in the COMMIT: the message may be kept all the same (issue 53). The
                // reply says the outcome is unknown, nobody was sent it, nothing more is written.
                ++unknown;
                EXPECT_TRUE(r.ingrid->of_type("press").empty());
                EXPECT_TRUE(r.h->webhooks.posts.empty());
                expect_stopped(*r.h, r.anna, kToAll, r.db, before);
            } else {
                ++failed;
                EXPECT_EQ(reply["code"], "unavailable") << reply.dump();
                EXPECT_EQ(content_of(r.db), before)
                    << "an error reply, yet the file changed: fault " << fault.code << " at write "
                    << n;
                // Nobody was told of what was not kept.
                EXPECT_TRUE(r.ingrid->of_type("press").empty());
                EXPECT_TRUE(r.h->webhooks.posts.empty());
                // The room carries on: the same message now goes as it does without faults.
                EXPECT_EQ(r.h->send(r.anna, kToAll)["type"], "press_sent");
                EXPECT_EQ(press_and_notifications(r.db), expected)
                    << "resent after fault " << fault.code << " at write " << n;
            }
            if (!fired) break;  // send_press needs fewer than n writes: every one was tried
        }
    }
    EXPECT_GT(failed + unknown, 0) << "no fault ever hit send_press";
    EXPECT_GT(unknown, 0) << "no fault ever hit the commit itself";
    EXPECT_GT(sent, 0);
}

}  // namespace
}  // namespace umpire::testing
