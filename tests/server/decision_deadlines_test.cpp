// Decisions with deadlines of their own (issue 30, asynchronous play) on the real server: with
// the campaign setting decision_hours, a contact's windows are each given that long. Nobody
// answers; each window lapses in turn at its own deadline, standing instructions or defaults
// answer it, and the period completes long before its own deadline. A lapsed request cannot be
// answered; its player is told. Settings are checked: a misspelt or out-of-range setting is an
// error and changes nothing.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "http_campaign.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

class DecisionDeadlines : public HttpCampaign {
protected:
    std::string settings() {
        std::string text;
        server.on_io_thread(
            [&] { text = server.hub().find_room("raid")->campaign().record().settings; });
        return text;
    }
    // Every pending request any seat can see, by id.
    std::map<std::string, Json> waiting() {
        std::map<std::string, Json> out;
        for (const char* who : {"gm", "anna", "ingrid"}) {
            const Json reply = send(who, {{"type", "get_decisions"}});  // kept: iterated below
            for (const auto& r : reply["decisions"]) out[r["id"]] = r;
        }
        return out;
    }
};

TEST_F(DecisionDeadlines, SettingsAreCheckedAndABadOneChangesNothing) {
    const std::string before = settings();
    for (const Json& bad : {Json{{"decision_hours", 0}}, Json{{"decision_hours", 721}},
                            Json{{"decision_hours", "12"}}, Json{{"decison_hours", 12}},
                            Json{{"observers", "everyone"}}}) {
        const Json reply = gm({{"command", "edit"}, {"changes", {{"settings", bad}}}});
        EXPECT_EQ(reply["type"], "error") << bad.dump();
        EXPECT_EQ(reply["code"], "invalid_argument") << reply.dump();
        EXPECT_EQ(settings(), before) << bad.dump();
    }
    ASSERT_EQ(
        gm({{"command", "edit"}, {"changes", {{"settings", {{"decision_hours", 12}}}}}})["type"],
        "gm_done");
    EXPECT_EQ(Json::parse(settings())["decision_hours"], 12);
    // null sets a setting back to its default.
    ASSERT_EQ(gm({{"command", "edit"},
                  {"changes", {{"settings", {{"decision_hours", nullptr}}}}}})["type"],
              "gm_done");
    EXPECT_FALSE(Json::parse(settings()).contains("decision_hours"));
}

TEST_F(DecisionDeadlines, EachWindowLapsesAtItsOwnDeadlineAndThePeriodGoesOn) {
    ASSERT_EQ(send("anna", {{"type", "set_webhook"}, {"url", "http://127.0.0.1:9/hook"}})["type"],
              "webhook_set");
    ASSERT_EQ(
        gm({{"command", "edit"}, {"changes", {{"settings", {{"decision_hours", 1}}}}}})["type"],
        "gm_done");
    ASSERT_EQ(gm({{"command", "set_deadline"},
                  {"deadline", {{"kind", "duration"}, {"minutes", 48 * 60}}}})["type"],
              "gm_done");
    const std::string period_deadline =
        send("anna", {{"type", "join"}})["view"]["period"]["deadline"];
    march_into_contact();
    auto open = waiting();
    ASSERT_FALSE(open.empty()) << "the march reached no contact";

    // Each request carries its own deadline, an hour after it was asked: before the period's.
    std::string first_id;
    for (const auto& [id, r] : open) {
        ASSERT_TRUE(r.contains("deadline")) << r.dump();
        EXPECT_LT(r["deadline"].get<std::string>(), period_deadline) << id;
    }
    // Whose it is: the GM answers for unplayed players (answer_for is not an answer).
    std::string first_owner;
    for (const auto& [id, r] : open)
        if (first_owner.empty() && (r["player"] == "anna" || r["player"] == "ingrid")) {
            first_owner = r["player"];
            first_id = id;
        }
    ASSERT_FALSE(first_owner.empty());

    // Nobody answers. Each hour the open window lapses and the period moves to the next one.
    int rounds = 0;
    while (period() == 0 && rounds < 30) {
        open = waiting();
        offset_ms += 61LL * 60 * 1000;
        ++rounds;
        for (int i = 0; i < 100; ++i) {  // until the window moved on (or the period ended)
            if (period() != 0) break;
            const auto now_open = waiting();
            bool moved = true;
            for (const auto& [id, r] : open) moved = moved && !now_open.count(id);
            if (moved) break;
            std::this_thread::sleep_for(milliseconds(50));
        }
        if (rounds == 1 && period() == 0) {
            // The first window lapsed and the period waits at the next: too late to answer.
            const Json late = send(
                first_owner, {{"type", "answer"}, {"decision", first_id}, {"answer", "engage"}});
            EXPECT_EQ(late["code"], "conflict") << late.dump();
            EXPECT_NE(late.value("message", "").find("ran out"), std::string::npos) << late.dump();
        }
    }
    ASSERT_EQ(period(), 1) << "the period did not complete through lapsed windows";
    EXPECT_LT(rounds * 61, 48 * 60) << "the period's own deadline did it, not the lapses";
    EXPECT_GE(rounds, 2) << "a contact asks more than one window";

    // What answered them is in the report: never the player.
    const Json report = send("anna", {{"type", "get_report"}, {"period_index", 0}});
    int answered_for_anna = 0;
    for (const auto& e : report["events"])
        if (e["type"] == "decision") {
            EXPECT_NE(e["by"], "player") << e.dump();
            ++answered_for_anna;
        }
    EXPECT_GT(answered_for_anna, 0) << report.dump();

    // anna was told of her lapsed requests.
    int told = 0;
    const auto kept = notifications();
    for (const auto& [key, payload] : kept.at("anna"))
        if (key.rfind("lapsed:0:", 0) == 0) {
            EXPECT_EQ(payload["type"], "decision_lapsed");
            ++told;
        }
    EXPECT_GT(told, 0);
}

// The wall clock moving in steps (an NTP correction, a test's clock): a request lapses at its
// deadline, not a minute before, and a step back does not lapse it either.
TEST_F(DecisionDeadlines, ARequestLapsesAtItsTimeNotBefore) {
    ASSERT_EQ(gm({{"command", "edit"}, {"changes", {{"settings", {{"decision_hours", 1}}}}}})["type"],
              "gm_done");
    march_into_contact();
    const auto open = waiting();
    ASSERT_FALSE(open.empty());
    const auto still_open = [&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        return waiting() == open;
    };
    offset_ms += 59LL * 60 * 1000;
    EXPECT_TRUE(still_open()) << "lapsed a minute early";
    offset_ms -= 3LL * 60 * 60 * 1000;  // the clock steps back three hours
    EXPECT_TRUE(still_open()) << "lapsed when the clock stepped back";
    offset_ms += (3LL * 60 + 2) * 60 * 1000;  // and on again, past the hour
    bool moved = false;
    for (int i = 0; i < 100 && !moved; ++i) {
        moved = period() != 0 || waiting() != open;
        if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_TRUE(moved) << "the requests did not lapse at their deadline";
}

}  // namespace
}  // namespace umpire::testing
