// Replay and verify: stored periods reproduce byte for byte, and tampering is reported.
#include <gtest/gtest.h>

#include "storage/period_codec.hpp"
#include "storage/replay.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

// The tampering SQL below in PostgreSQL's words.
std::string postgres_functions(std::string sql) {
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"instr(", "strpos("},
                                   {"char(", "chr("}})
        for (auto at = sql.find(from); at != std::string::npos; at = sql.find(from, at))
            sql.replace(at, from.size(), to);
    return sql;
}

class Replay : public EngineTest {
protected:
    void SetUp() override {
        EngineTest::SetUp();
        if (IsSkipped()) return;
        store = open_store();
        auto campaign = create_demo(*store);
        for (int i = 0; i < 4; ++i) play_period(campaign);
        campaign.roll_back(2, "a test rollback");
        play_period(campaign);
    }
    std::string report_text() {
        std::string text;
        for (const auto& m : verify_campaign(*store, "demo").mismatches) text += m + "\n";
        return text;
    }

    std::unique_ptr<SqlCampaignStore> store;
};

TEST_P(Replay, EveryStoredPeriodReproducesByteForByte) {
    const auto ruleset = parse_ruleset(*store->find_campaign("demo"));
    for (const auto& summary : store->periods("demo")) {
        const auto period = store->load_period("demo", {summary.index, summary.attempt});
        EXPECT_TRUE(replay_period(period, ruleset).empty()) << summary.index;
    }
    const auto report = verify_campaign(*store, "demo");
    EXPECT_TRUE(report.ok()) << report_text();
    EXPECT_EQ(report.periods_checked, 5);  // 4, then 2 rolled back and 1 resolved again
}

TEST_P(Replay, ATamperedEventIsReported) {
    store->database().exec(
        "UPDATE periods SET event_log = replace(event_log, '\"day\":1', '\"day\":7') "
        "WHERE period_index = 0");
    const auto text = report_text();
    EXPECT_NE(text.find("period 0 attempt 0: event 0 differs"), std::string::npos) << text;
}

TEST_P(Replay, ATamperedStateSeedOrDrawCountIsReported) {
    store->database().exec(
        "UPDATE periods SET state_after = replace(state_after, '\"saved_points\":0', "
        "'\"saved_points\":1'), draws = draws + 1 WHERE period_index = 1");
    store->database().exec(
        "UPDATE periods SET seed = '" + std::string(64, 'a') + "' WHERE period_index = 0");
    const auto text = report_text();
    EXPECT_NE(text.find("period 1 attempt 0: the replayed state-after differs"), std::string::npos)
        << text;
    EXPECT_NE(text.find("dice draws stored"), std::string::npos) << text;
    EXPECT_NE(text.find("period 0 attempt 0: the revealed seed does not match"), std::string::npos)
        << text;
    // Period 2 starts from period 1's stored state-after (kept once), so it starts from the
    // tampered state and no longer replays to its own events or state.
    EXPECT_NE(text.find("period 2 attempt 0: "), std::string::npos) << text;
}

TEST_P(Replay, AStateBeforeThatIsNotTheStateAfterBeforeIsReported) {
    // A state-before stored in full (as schema version 5 and imports of damaged archives may
    // hold), differing from where period 1 ended.
    store->database().exec(
        "UPDATE periods SET before_attempt = NULL, state_before = replace((SELECT state_after "
        "FROM periods WHERE period_index = 1), '\"saved_points\":0', '\"saved_points\":1') "
        "WHERE period_index = 2 AND attempt = 1");
    const auto text = report_text();
    EXPECT_NE(text.find("period 2 attempt 1: does not start where the period before and the GM's "
                        "edits left it"),
              std::string::npos)
        << text;
}

TEST_P(Replay, ADeletedEventMakesThePeriodCorruptNotHalfRead) {
    // The event log without its second line.
    // (SQLite's instr and char are PostgreSQL's strpos and chr.)
    const std::string sql =
        "UPDATE periods SET event_log = substr(event_log, 1, instr(event_log, char(10))) || "
        "substr(event_log, instr(event_log, char(10) || '2' || char(9)) + 1) "
        "WHERE period_index = 3";
    store->database().exec(engine() == Engine::sqlite ? sql : postgres_functions(sql));
    EXPECT_THROW(store->load_period("demo", {3, 0}), StorageError);
    const auto text = report_text();
    EXPECT_NE(text.find("records"), std::string::npos) << text;
}

TEST_P(Replay, AnEventLogCutShortIsCorrupt) {
    store->database().exec(
        "UPDATE periods SET event_log = substr(event_log, 1, length(event_log) - 2) "
        "WHERE period_index = 1");
    try {
        store->load_period("demo", {1, 0});
        FAIL() << "a cut event log was read";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::corrupt);
        EXPECT_NE(std::string(e.what()).find("is not ended"), std::string::npos) << e.what();
    }
}

TEST_P(Replay, AStateBeforeNamingAMissingAttemptIsCorrupt) {
    store->database().exec("UPDATE periods SET before_attempt = 9 WHERE period_index = 1");
    try {
        store->load_period("demo", {1, 0});
        FAIL() << "a dangling state-before was read";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::corrupt);
        EXPECT_NE(std::string(e.what()).find("attempt 9 of the period before"), std::string::npos)
            << e.what();
    }
}

TEST_P(Replay, ATamperedReceiptIsReported) {
    auto campaign = Campaign::open(*store, "demo");
    campaign.submit_orders("anna", {});
    store->database().exec("UPDATE receipts SET issued_at = '2030-01-01T00:00:00.000Z'");
    EXPECT_NE(report_text().find("does not match its stored orders"), std::string::npos);
}

UMPIRE_ON_EVERY_ENGINE(Replay);

}  // namespace
}  // namespace umpire::storage::testing
