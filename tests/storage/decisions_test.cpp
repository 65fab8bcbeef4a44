// Decisions through storage, on real database files: a resolution stops at a window and
// commits its requests, answers commit as they arrive and are checked, the next resolution
// replays with every answer, a restart (or a crash) mid-period loses nothing, --settle
// completes, verify replays with the answers, and a rollback keeps answers as history.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <map>
#include <set>

#include "storage/period_codec.hpp"
#include "storage/replay.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

class Decisions : public EngineTest {};

using rules::Json;

const std::string kErik = "1.afternoon.aeskrvald.engagements.aeskrvald";
const std::string kAnna = "1.afternoon.aeskrvald.engagements.hadewych";
const std::string kIngrid = "1.afternoon.aeskrvald.engagements.ingegerd";

std::set<std::string> ids_of(const std::vector<DecisionRecord>& decisions) {
    std::set<std::string> out;
    for (const auto& d : decisions) out.insert(d.decision_id);
    return out;
}

// The `decision` event of `id` in a resolved period's events.
Json decision_event(const rules::EventList& events, const std::string& id) {
    for (const auto& e : rules::events_json(events))
        if (e["type"] == "decision" && e["id"] == id) return e;
    return Json();
}

ErrorKind refusal(const std::function<void()>& call, const std::string& words = "") {
    try {
        call();
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        return e.kind();
    }
    ADD_FAILURE() << "not refused";
    return ErrorKind::internal;
}

TEST_P(Decisions, ResolutionStopsAtTheFirstWindowAndCommitsItsRequests) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    const auto waiting = start_period(campaign);
    ASSERT_FALSE(waiting.complete);
    EXPECT_EQ(ids_of(waiting.pending), (std::set<std::string>{kErik, kAnna, kIngrid}));
    std::set<std::string> players;
    for (const auto& d : waiting.pending) {
        players.insert(d.player);
        EXPECT_EQ(d.kind, "separate_engagements");
        EXPECT_EQ(d.state, "pending");
        EXPECT_EQ(Json::parse(d.request)["id"], d.decision_id);
    }
    EXPECT_EQ(players, (std::set<std::string>{"erik", "anna", "ingrid"}));
    // Nothing of the period is committed or revealed while it waits.
    EXPECT_TRUE(waiting.seed.empty());
    EXPECT_TRUE(waiting.events.empty());
    EXPECT_EQ(campaign.period_index(), 0);
    EXPECT_TRUE(store.periods("demo").empty());
    EXPECT_EQ(campaign.pending_decisions().size(), 3u);
    ASSERT_EQ(campaign.pending_decisions("anna").size(), 1u);
    EXPECT_EQ(campaign.pending_decisions("anna")[0].decision_id, kAnna);

    // Resolving again without answers asks the same, and stores nothing twice.
    const auto again = campaign.resolve_period(false);
    EXPECT_EQ(ids_of(again.pending), ids_of(waiting.pending));
    EXPECT_EQ(store.decisions("demo").size(), 3u);

    // The questions depend on the orders: they are closed now.
    EXPECT_EQ(refusal([&] { campaign.submit_orders("anna", {}); }, "orders are closed"),
              ErrorKind::conflict);
    EXPECT_EQ(refusal([&] { campaign.confirm_orders("bertram"); }, "orders are closed"),
              ErrorKind::conflict);
}

TEST_P(Decisions, OneAnswerStillWaitsAllAnswersMoveToTheNextWindow) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    start_period(campaign);
    campaign.answer_decision("anna", kAnna, "separate");
    auto waiting = campaign.resolve_period(false);
    ASSERT_FALSE(waiting.complete);
    EXPECT_EQ(ids_of(waiting.pending), (std::set<std::string>{kErik, kIngrid}));

    campaign.answer_decision("erik", kErik, "one_battle");
    campaign.answer_decision("ingrid", kIngrid, "one_battle");
    waiting = campaign.resolve_period(false);
    ASSERT_FALSE(waiting.complete);
    ASSERT_FALSE(waiting.pending.empty());
    for (const auto& d : waiting.pending)
        EXPECT_FALSE(d.decision_id == kErik || d.decision_id == kAnna || d.decision_id == kIngrid);
    // The first window's answers are kept, the second window's requests are stored after them.
    const auto stored = store.decisions("demo");
    ASSERT_EQ(stored.size(), 3 + waiting.pending.size());
    for (int i = 0; i < 3; ++i) EXPECT_EQ(stored[i].state, "answered");
    EXPECT_EQ(stored[1].answer, std::optional<std::string>(R"("separate")"));
    EXPECT_EQ(store.periods("demo").size(), 0u);
}

TEST_P(Decisions, WrongPlayersAndAnswersThatAreNotAllowedAreRefusedAndChangeNothing) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    start_period(campaign);
    const std::string before = decisions_text(store, "demo");

    // Another player's request and an unknown id get the same answer: nothing to probe.
    const std::string not_yours = "has no decision";
    EXPECT_EQ(refusal([&] { campaign.answer_decision("erik", kAnna, "separate"); }, not_yours),
              ErrorKind::invalid_input);
    EXPECT_EQ(refusal([&] { campaign.answer_decision("bertram", kAnna, "separate"); }, not_yours),
              ErrorKind::invalid_input);
    EXPECT_EQ(refusal([&] { campaign.answer_decision("anna", "1.day.9.x.y", "separate"); },
                      not_yours),
              ErrorKind::invalid_input);
    EXPECT_EQ(refusal([&] { campaign.answer_decision("nobody", kAnna, "separate"); },
                      "has no player"),
              ErrorKind::invalid_input);
    for (const Json& bad : {Json("fight!"), Json(true), Json::object(), Json::array({"separate"})})
        EXPECT_EQ(refusal([&] { campaign.answer_decision("anna", kAnna, bad); },
                          "is not an allowed answer"),
                  ErrorKind::invalid_input);
    EXPECT_EQ(decisions_text(store, "demo"), before);

    // Answers are final.
    campaign.answer_decision("anna", kAnna, "one_battle");
    const std::string answered = decisions_text(store, "demo");
    EXPECT_EQ(refusal([&] { campaign.answer_decision("anna", kAnna, "separate"); },
                      "already answered"),
              ErrorKind::conflict);
    EXPECT_EQ(decisions_text(store, "demo"), answered);
}

TEST_P(Decisions, AReopenedDatabaseGoesOnMidPeriod) {
    {
        auto store_owner = open_store("c");
        auto& store = *store_owner;
        auto campaign = create_demo(store);
        start_period(campaign);
        campaign.answer_decision("anna", kAnna, "separate");
    }
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = Campaign::open(store, "demo");
    EXPECT_EQ(ids_of(campaign.pending_decisions()), (std::set<std::string>{kErik, kIngrid}));
    answer_all(campaign, campaign.pending_decisions());
    ResolvedPeriod period = campaign.resolve_period(false);
    for (int windows = 0; !period.complete && windows < 100; ++windows) {
        answer_all(campaign, period.pending);
        // Every window crosses a restart: the campaign is read back from the file.
        campaign = Campaign::open(store, "demo");
        period = campaign.resolve_period(false);
    }
    ASSERT_TRUE(period.complete);
    const Json anna = decision_event(period.events, kAnna);
    EXPECT_EQ(anna["answer"], "separate");
    EXPECT_EQ(anna["by"], "player");
    for (const auto& e : rules::events_json(period.events)) {
        if (e["type"] == "decision") {
            EXPECT_EQ(e["by"], "player") << e.dump();
        }
    }
    const auto stored = store.load_period("demo", {0, 0});
    EXPECT_FALSE(stored.settled);
    EXPECT_EQ(Json::parse(stored.answers)[kAnna], "separate");
    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
}

TEST_P(Decisions, AnAnswerCommittedJustBeforeACrashIsKept) {
    {
        auto store_owner = open_store("c");
        auto& store = *store_owner;
        auto campaign = create_demo(store);
        start_period(campaign);
    }
    // A child answers and is killed at once: no close, no checkpoint, no resolve.
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        try {
            auto store_owner = open_store("c");
            auto& store = *store_owner;
            auto campaign = Campaign::open(store, "demo");
            campaign.answer_decision("ingrid", kIngrid, "separate");
        } catch (...) {
            _exit(1);
        }
        raise(SIGKILL);
    }
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = Campaign::open(store, "demo");
    EXPECT_EQ(ids_of(campaign.pending_decisions()), (std::set<std::string>{kErik, kAnna}));
    const auto period = campaign.resolve_period(true);
    ASSERT_TRUE(period.complete);
    EXPECT_EQ(decision_event(period.events, kIngrid)["by"], "player");
    EXPECT_EQ(decision_event(period.events, kIngrid)["answer"], "separate");
}

TEST_P(Decisions, SettleCompletesWithInstructionsAndDefaults) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    start_period(campaign);
    campaign.answer_decision("erik", kErik, "separate");
    const auto period = campaign.resolve_period(true);
    ASSERT_TRUE(period.complete);
    EXPECT_FALSE(period.seed.empty());
    EXPECT_EQ(decision_event(period.events, kErik)["by"], "player");
    EXPECT_EQ(decision_event(period.events, kAnna)["by"], "default");
    EXPECT_EQ(campaign.period_index(), 1);
    EXPECT_TRUE(campaign.pending_decisions().empty());
    // The requests left unanswered are settled; the period keeps its answers and its flag.
    std::map<std::string, std::string> states;
    for (const auto& d : store.decisions("demo")) states[d.decision_id] = d.state;
    EXPECT_EQ(states, (std::map<std::string, std::string>{
                          {kErik, "answered"}, {kAnna, "settled"}, {kIngrid, "settled"}}));
    const auto stored = store.load_period("demo", {0, 0});
    EXPECT_TRUE(stored.settled);
    EXPECT_EQ(stored.answers, R"({")" + kErik + R"(":"separate"})");
    // Answers of a resolved period are closed; the next period takes orders again.
    EXPECT_EQ(refusal([&] { campaign.answer_decision("anna", kAnna, "separate"); }),
              ErrorKind::invalid_input);
    campaign.submit_orders("anna", {});
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

// Asynchronous play (issue 30): a request whose own deadline passed is lapsed. The period then
// resolves on without it (standing instructions or the default answer it) and waits only for
// the requests still open; the next windows lapse in turn; the period replays the same.
TEST_P(Decisions, LapsedRequestsAreSettledWhileTheOthersStillWait) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    start_period(campaign);
    campaign.answer_decision("erik", kErik, "separate");
    // An answered request does not lapse; asking twice marks nothing more.
    EXPECT_EQ(campaign.lapse_decisions({kErik, kAnna}), 1);
    EXPECT_EQ(campaign.lapse_decisions({kAnna}), 0);
    EXPECT_EQ(ids_of(campaign.pending_decisions()), (std::set<std::string>{kIngrid}));
    EXPECT_EQ(refusal([&] { campaign.answer_decision("anna", kAnna, "separate"); }, "ran out"),
              ErrorKind::conflict);

    auto period = campaign.resolve_period(false);
    ASSERT_FALSE(period.complete);
    EXPECT_EQ(ids_of(period.pending), (std::set<std::string>{kIngrid}))
        << "ingrid's request has not lapsed: the window still waits for it";
    int windows = 1;
    for (; !period.complete && windows < 100; ++windows) {
        std::vector<std::string> ids;
        for (const auto& d : period.pending) ids.push_back(d.decision_id);
        EXPECT_EQ(campaign.lapse_decisions(ids), static_cast<int>(ids.size()));
        period = campaign.resolve_period(false);
    }
    ASSERT_TRUE(period.complete);
    EXPECT_EQ(decision_event(period.events, kErik)["by"], "player");
    for (const auto& id : {kAnna, kIngrid}) {
        const std::string by = decision_event(period.events, id).value("by", "");
        EXPECT_TRUE(by == "default" || by == "standing_instruction") << id << ": " << by;
    }
    for (const auto& d : store.decisions("demo"))
        EXPECT_EQ(d.lapsed_at.has_value(), d.decision_id != kErik) << d.decision_id;
    // The period completed without waiting for the lapsed requests: it replays settled.
    EXPECT_TRUE(store.load_period("demo", {0, 0}).settled);
    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
    // Lapses belong to the open period only.
    EXPECT_EQ(
        refusal([&] { store.lapse_decisions("demo", 0, {kAnna}, "2026-01-01T00:00:00.000Z"); },
                "no longer open"),
        ErrorKind::conflict);
}

TEST_P(Decisions, VerifyReplaysWithTheAnswersAndTheSettleFlag) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    ResolvedPeriod period = start_period(campaign);
    for (int windows = 0; !period.complete && windows < 100; ++windows) {
        answer_all(campaign, period.pending);
        period = campaign.resolve_period(false);
    }
    ASSERT_TRUE(period.complete);
    const auto ruleset = parse_ruleset(*store.find_campaign("demo"));
    EXPECT_TRUE(replay_period(store.load_period("demo", {0, 0}), ruleset).empty());
    auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();

    auto text = [&] {
        std::string out;
        for (const auto& m : verify_campaign(store, "demo").mismatches) out += m + "\n";
        return out;
    };
    // Without its answers the replay waits at the first window, and the answers no longer
    // match the decisions.
    store.database().exec("UPDATE periods SET answers = '{}'");
    auto found = text();
    EXPECT_NE(found.find("period 0 attempt 0: the replay stops, waiting for answers"),
              std::string::npos)
        << found;
    EXPECT_NE(found.find("are not the answers to its decisions"), std::string::npos) << found;
    // Settled instead: the defaults replace the answers, and the events differ.
    store.database().exec("UPDATE periods SET settled = 1");
    found = text();
    EXPECT_NE(found.find("period 0 attempt 0: event"), std::string::npos) << found;
}

TEST_P(Decisions, ARollbackKeepsAnswersAsHistoryAndAsksAfresh) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    answer_all(campaign, start_period(campaign).pending);
    campaign.resolve_period(true);
    // Period 1 waits for answers when the GM rolls back to period 0.
    start_period(campaign);
    const std::size_t asked = store.decisions("demo").size();
    ASSERT_GT(asked, 3u);
    campaign.roll_back(0, "a rule was misread");
    EXPECT_TRUE(campaign.pending_decisions().empty());
    for (const auto& d : store.decisions("demo"))
        EXPECT_EQ(d.rolled_back_by, std::optional<int>(1)) << d.decision_id;
    // Orders are open again and the period asks afresh: a fresh seed, no old answers.
    const auto waiting = start_period(campaign);
    ASSERT_FALSE(waiting.complete);
    EXPECT_EQ(ids_of(waiting.pending), (std::set<std::string>{kErik, kAnna, kIngrid}));
    for (const auto& d : waiting.pending) EXPECT_GT(d.no, static_cast<int>(asked));
    const auto period = campaign.resolve_period(true);
    EXPECT_EQ(decision_event(period.events, kAnna)["by"], "default");
    EXPECT_EQ(period.attempt, 1);
    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
}

TEST_P(Decisions, AnAnswerThatArrivesWhileResolvingBlocksTheCommit) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    start_period(campaign);
    const auto open = *store.open_period("demo");
    campaign.answer_decision("anna", kAnna, "separate");
    // A resolution that read the answers before Anna's must not commit without it.
    RequestCommit commit{"demo", 0, open.seed_hash, {}, "{}", {}};
    for (const auto& o : store.orders("demo", 0)) commit.order_receipts.push_back(o.receipt);
    EXPECT_EQ(refusal([&] { store.commit_requests(commit); }, "arrived while it was resolving"),
              ErrorKind::conflict);
}

UMPIRE_ON_EVERY_ENGINE(Decisions);

}  // namespace
}  // namespace umpire::storage::testing
