// End to end on 127.0.0.1: a scripted GM and two players (accounts "hadewych" playing anna and
// "ingegerd" playing ingrid) play the demo's first period through a contact and a
// disengagement, every decision over the wire, one player reconnecting mid-decision. The
// campaign is then verified from its SQLite file.
#include <fstream>
#include <set>

#include "json_schema.hpp"

#include "server_fixture.hpp"
#include "storage/engine_call.hpp"
#include "storage/replay.hpp"
#include "storage/sqlite_store.hpp"
#include "umpire/rules/stream_dice.hpp"

namespace umpire::testing {
namespace {

const std::set<std::string> kUnplayed{"bertram", "erik", "sven"};

Json orders_of(const std::string& force, const Json& path) {
    return Json::array({{{"force", force}, {"path", path}}});
}

bool sees(const Json& event, const std::string& player) {
    const Json audience = event.value("audience", Json("all"));
    if (audience == "all") return true;
    return std::find(audience.begin(), audience.end(), player) != audience.end();
}

struct Player {
    std::unique_ptr<TestClient> client;
    std::string player;
    std::string answer_before_contact;  // the scripted answer at the before-contact window
    std::string token = {};
    std::set<std::string> announced = {};  // decision ids received on the current connection
    std::set<std::string> answered = {};
    std::optional<Json> resolved = std::nullopt;
};

TEST(EndToEnd, GmAndTwoPlayersPlayTheDemoThroughAContactAndADisengagement) {
    TempDir dir;
    const auto config = test_config(dir);
    {
        RunningServer server(config, {{"gm", "gm-secret"}, {"hadewych", "h-secret"},
                                      {"ingegerd", "i-secret"}});
        TestClient gm(server.port());
        ASSERT_EQ(gm.hello_login("gm", "gm-secret")["type"], "logged_in");
        auto created = gm.request({{"type", "create_campaign"}, {"scenario", "valormr-demo"},
                                   {"campaign", "raid"}});
        ASSERT_EQ(created["type"], "campaign_created") << created.dump();
        auto invite = [&](const std::string& player) {
            auto r = gm.request({{"type", "gm"}, {"campaign", "raid"}, {"command", "invite"},
                                 {"role", "player"}, {"player", player}});
            EXPECT_EQ(r["type"], "gm_done") << r.dump();
            return r["code"].get<std::string>();
        };
        const std::string code_anna = invite("anna"), code_ingrid = invite("ingrid");
        auto deadline = gm.request({{"type", "gm"}, {"campaign", "raid"}, {"command", "set_deadline"},
                                    {"deadline", {{"kind", "duration"}, {"minutes", 1440}}},
                                    {"reason", "a day of real time per period"}});
        ASSERT_EQ(deadline["type"], "gm_done") << deadline.dump();
        ASSERT_EQ(gm.request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");

        Player anna{std::make_unique<TestClient>(server.port()), "anna", "engage"};
        Player ingrid{std::make_unique<TestClient>(server.port()), "ingrid", "avoid"};
        for (auto* p : {&anna, &ingrid}) {
            const bool is_anna = p == &anna;
            auto login = p->client->hello_login(is_anna ? "hadewych" : "ingegerd",
                                                is_anna ? "h-secret" : "i-secret");
            p->token = login["token"];
            auto joined = p->client->request({{"type", "redeem_invite"},
                                              {"code", is_anna ? code_anna : code_ingrid}});
            ASSERT_EQ(joined["player"], p->player) << joined.dump();
            auto snapshot = p->client->request({{"type", "join"}, {"campaign", "raid"}});
            ASSERT_EQ(snapshot["type"], "snapshot");
            const Json& world = snapshot["view"]["world"];
            ASSERT_EQ(world["forces"].size(), 1u);  // own force only
            EXPECT_FALSE(snapshot["view"]["period"]["deadline"].is_null());
        }

        // Orders: a draft, then submitted orders with receipts, then confirmation.
        auto receipt = anna.client->request(
            {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0}, {"state", "draft"},
             {"orders", orders_of("hadewych", Json::parse("[[3,3]]"))}});
        ASSERT_EQ(receipt["state"], "draft") << receipt.dump();
        receipt = anna.client->request(
            {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0},
             {"orders", orders_of("hadewych", Json::parse("[[3,3],[4,3],[5,3]]"))}});
        ASSERT_EQ(receipt["state"], "submitted");
        EXPECT_EQ(receipt["receipt"].get<std::string>().size(), 64u);
        receipt = ingrid.client->request(
            {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0},
             {"orders", orders_of("ingegerd", Json::parse("[[6,2],[5,2],[4,2]]"))}});
        ASSERT_EQ(receipt["type"], "receipt") << receipt.dump();
        ASSERT_EQ(anna.client->request({{"type", "confirm_orders"}, {"campaign", "raid"},
                                        {"period_index", 0}})["state"], "confirmed");
        // The last confirmation starts the resolution: it stops at the first window.
        ASSERT_EQ(ingrid.client->request({{"type", "confirm_orders"}, {"campaign", "raid"},
                                          {"period_index", 0}})["state"], "confirmed");

        std::set<std::string> gm_answered, gm_announced;
        std::optional<Json> gm_resolved;
        bool reconnected = false;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        int decisions_answered = 0;
        while ((!anna.resolved || !ingrid.resolved || !gm_resolved) &&
               std::chrono::steady_clock::now() < until) {
            for (auto* p : {&anna, &ingrid}) {
                while (auto m = p->client->next(20)) {
                    const std::string type = m->value("type", "");
                    if (type == "period_resolved") p->resolved = *m;
                    if (type != "decision_request") continue;
                    const Json& request = (*m)["request"];
                    const std::string id = request["id"];
                    EXPECT_EQ(request["player"], p->player);
                    EXPECT_TRUE(p->announced.insert(id).second) << "announced twice: " << id;
                    if (p == &ingrid && !reconnected) {
                        // Drop the connection mid-decision and come back with the token.
                        reconnected = true;
                        p->client = std::make_unique<TestClient>(server.port());
                        p->client->request({{"type", "hello"}, {"versions", {1}}});
                        ASSERT_EQ(p->client->request({{"type", "login"}, {"token", p->token}})["type"],
                                  "logged_in");
                        auto snapshot = p->client->request({{"type", "join"}, {"campaign", "raid"}});
                        ASSERT_EQ(snapshot["type"], "snapshot");
                        ASSERT_EQ(snapshot["view"]["decisions"].size(), 1u);
                        EXPECT_EQ(snapshot["view"]["decisions"][0]["id"], id);
                        EXPECT_EQ(p->client->wait_for("decision_request")["request"]["id"], id);
                        p->announced = {id};
                    }
                    Json answer = request["default"];
                    if (request["kind"] == "contact_window" && request["window"] == "before_contact")
                        answer = p->answer_before_contact;
                    auto r = p->client->request({{"type", "answer"}, {"campaign", "raid"},
                                                 {"decision", id}, {"answer", answer}});
                    EXPECT_EQ(r["type"], "answer_accepted") << r.dump();
                    EXPECT_TRUE(p->answered.insert(id).second);
                    ++decisions_answered;
                }
            }
            while (auto m = gm.next(20)) {
                const std::string type = m->value("type", "");
                if (type == "period_resolved") gm_resolved = *m;
                if (type != "decision_request") continue;
                const Json& request = (*m)["request"];
                EXPECT_TRUE(gm_announced.insert(request["id"]).second);
                if (!kUnplayed.count(request["player"])) continue;  // the players answer theirs
                auto r = gm.request({{"type", "gm"}, {"campaign", "raid"}, {"command", "answer_for"},
                                     {"decision", request["id"]}, {"answer", request["default"]}});
                EXPECT_EQ(r["type"], "gm_done") << r.dump();
            }
        }
        ASSERT_TRUE(anna.resolved && ingrid.resolved && gm_resolved) << "the period did not resolve";
        EXPECT_TRUE(reconnected);
        EXPECT_GE(decisions_answered, 3);

        // What each saw: the contact and the disengagement, and only events meant for it.
        auto types = [](const Json& events) {
            std::set<std::string> out;
            for (const auto& e : events) out.insert(e["type"].get<std::string>());
            return out;
        };
        const Json& gm_events = (*gm_resolved)["events"];
        EXPECT_TRUE(types(gm_events).count("contact"));
        EXPECT_TRUE(types(gm_events).count("disengagement") || types(gm_events).count("avoided"))
            << gm_events.dump();
        for (auto* p : {&anna, &ingrid}) {
            const Json& events = (*p->resolved)["events"];
            EXPECT_TRUE(types(events).count("contact")) << p->player;
            EXPECT_TRUE(types(events).count("avoided") || types(events).count("disengagement"));
            EXPECT_LT(events.size(), gm_events.size());
            for (const auto& e : events) EXPECT_TRUE(sees(e, p->player)) << e.dump();
        }
        // The answers the players gave are theirs; the GM saw every request once.
        bool avoided = false;
        std::string decided;
        for (const auto& e : gm_events)
            if (e["type"] == "decision") {
                decided += e["id"].get<std::string>() + " ";
                if (e["id"] == "1.afternoon.hadewych.before.ingegerd")
                    avoided = e["answer"] == "avoid" && e["by"] == "player";
            }
        EXPECT_TRUE(avoided) << decided;

        // Dice (docs/protocol.md, "Dice"): a player is given the derived seed of each roll it
        // sees, never the period's seed, which keys what it may not learn; the GM gets the seed.
        ASSERT_TRUE(gm_resolved->contains("seed"));
        const std::string dice_key = storage::dice_key_of((*gm_resolved)["seed"]);
        // A player's streams name enemy forces by its designations (issue 53): its derived seeds
        // are those of the GM's streams.
        std::set<std::string> gm_seeds;
        for (const auto& e : (*gm_resolved)["events"])
            if (e["type"] == "dice_roll" && e.contains("stream"))
                gm_seeds.insert(rules::derived_seed_hex(dice_key, e["stream"].get<std::string>()));
        for (auto* p : {&anna, &ingrid}) {
            const Json& resolved = *p->resolved;
            EXPECT_FALSE(resolved.contains("seed")) << p->player;
            std::map<std::string, rules::DerivedStream> streams;
            int rolls = 0;
            for (const auto& e : resolved["events"]) {
                if (e["type"] != "dice_roll") continue;
                ++rolls;
                const std::string stream = e["stream"];
                const std::string derived = resolved["dice_seeds"].value(stream, "");
                EXPECT_TRUE(gm_seeds.count(derived)) << p->player << " " << stream;
                rules::DerivedSeed bytes{};
                for (std::size_t i = 0; i < bytes.size() && derived.size() == 64; ++i)
                    bytes[i] = static_cast<unsigned char>(std::stoi(derived.substr(2 * i, 2), nullptr, 16));
                auto it = streams.try_emplace(stream, bytes).first;
                EXPECT_EQ(e["value"], it->second.roll(std::stoi(e["die"].get<std::string>().substr(1))));
            }
            EXPECT_EQ(resolved["dice_seeds"].size(), streams.size()) << p->player;
            EXPECT_GT(rolls, 0) << p->player;
        }

        // E-mail style: the report over HTTP is what came over the WebSocket.
        auto [status, body] = server.api({{"type", "get_report"}, {"campaign", "raid"},
                                          {"period_index", 0}}, anna.token);
        ASSERT_EQ(status, 200) << body.dump();
        EXPECT_EQ(body["messages"][0]["events"], (*anna.resolved)["events"]);
        // The next period is open, for everyone.
        auto snapshot = anna.client->request({{"type", "join"}, {"campaign", "raid"}});
        EXPECT_EQ(snapshot["view"]["period"]["index"], 1);
        EXPECT_EQ(snapshot["view"]["world"]["calendar"]["period"], "night");

        // Every message anyone was sent matches its JSON Schema (protocol/schemas).
        for (const TestClient* c : {&gm, anna.client.get(), ingrid.client.get()})
            for (const auto& m : c->log()) {
                std::ifstream in(kSource + "/protocol/schemas/server." + m["type"].get<std::string>() + ".json");
                ASSERT_TRUE(in) << "no schema for " << m["type"];
                EXPECT_EQ(schema_mismatch(Json::parse(in), m), "") << m.dump().substr(0, 300);
            }
    }
    storage::SqliteCampaignStore store(config.database);
    const auto report = storage::verify_campaign(store, "raid");
    EXPECT_TRUE(report.ok());
    EXPECT_EQ(report.periods_checked, 1);
}

}  // namespace
}  // namespace umpire::testing
