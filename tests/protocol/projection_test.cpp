// The projection (R-11.1): what each viewer sees of the demo campaign after a resolved period,
// and the non-interference property: changing only what player P may not know leaves every
// byte P is sent unchanged.
#include <gtest/gtest.h>

#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "documents/scenario_io.hpp"
#include "protocol/projection.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::protocol {
namespace {

const std::string kDemo = std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json";
const std::string kOrders = std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo-orders.json";

struct Resolved {
    rules::CampaignState before;
    rules::CampaignState after;
    std::vector<Json> events;
};

// The demo's first period with its orders, seed 7, decisions settled by default.
const Resolved& demo_period() {
    static const Resolved resolved = [] {
        rules::Problems problems;
        auto loaded = rules::load_scenario_file(kDemo, {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"},
                                                problems);
        if (!loaded) throw std::runtime_error(problems.to_text());
        auto doc = rules::read_json_file(kOrders, problems);
        auto orders = rules::read_orders(*doc, problems);
        if (!orders) throw std::runtime_error(problems.to_text());
        Resolved r;
        r.before = loaded->state;
        rules::SeededDice dice(7);
        rules::PeriodInputs inputs{orders->front(), {}, true};
        auto outcome = rules::resolve_period(loaded->state, loaded->ruleset, inputs, dice);
        r.after = outcome.state;
        r.events = rules::events_json(outcome.events);
        return r;
    }();
    return resolved;
}

// Every byte player `p` would be sent: its snapshot and its event stream.
std::string bytes_for(const Viewer& v, const rules::CampaignState& s, const std::vector<Json>& events) {
    return view_for(v, s, {}).dump() + "\n" + events_for(v, events, {}).dump();
}

TEST(Projection, PlayerSeesOwnForcesExactlyAlliesByPositionEnemiesNot) {
    const auto& r = demo_period();
    const Json view = view_for(Viewer::of_player("anna"), r.after, {});
    ASSERT_EQ(view["forces"].size(), 1u);
    EXPECT_EQ(view["forces"][0]["id"], "hadewych");
    EXPECT_TRUE(view["forces"][0].contains("regiments"));
    ASSERT_EQ(view["allies"].size(), 1u);
    EXPECT_EQ(view["allies"][0]["id"], "anselm");
    EXPECT_FALSE(view["allies"][0].contains("regiments"));
    EXPECT_FALSE(view.contains("history"));
    // Enemy regiments appear only as what anna's own commanders learned (R-11.1): a battle
    // tells each side the regiments it fought.
    Json known_only = view;
    known_only.erase("knowledge");
    const std::string text = known_only.dump();
    for (const char* enemy_detail : {"\"in1\"", "\"ae1\"", "\"sk1\"", "\"th1\""})
        EXPECT_EQ(text.find(enemy_detail), std::string::npos) << enemy_detail;
    Json facts = Json::array();
    if (auto it = r.after.knowledge.find("anna"); it != r.after.knowledge.end())
        for (const auto& f : it->second) facts.push_back(f.about);
    ASSERT_EQ(view["knowledge"].size(), facts.size());
    for (std::size_t i = 0; i < facts.size(); ++i)
        EXPECT_EQ(view["knowledge"][i]["about"], facts[i]);
}

TEST(Projection, GmSeesEverythingObserverThePublicBoard) {
    const auto& r = demo_period();
    const Json gm = view_for(Viewer::gm(), r.after, {});
    EXPECT_EQ(gm["forces"].size(), r.after.forces.size());
    const Json obs = view_for(Viewer::observer(), r.after, {});
    EXPECT_EQ(obs["forces"], Json::array());
    EXPECT_EQ(obs["allies"], Json::array());
    EXPECT_EQ(obs["knowledge"], Json::array());
    EXPECT_FALSE(obs.contains("history"));
    EXPECT_TRUE(obs.contains("map"));
    for (const auto& e : events_for(Viewer::observer(), r.events, {}))
        EXPECT_EQ(e["audience"], "all");
    Visibility open;
    open.observers = Visibility::Observers::everything;
    EXPECT_EQ(view_for(Viewer::observer(), r.after, open)["forces"].size(), r.after.forces.size());
    EXPECT_EQ(events_for(Viewer::observer(), r.events, open).size(), r.events.size());
}

// Issue 28, defect 6: every viewer gets the same members (forces, allies, knowledge), empty
// where it may see nothing, so a client never finds one missing; the map-only observer's are
// empty whatever the state holds.
TEST(Projection, EveryViewHasTheSameShape) {
    const auto& r = demo_period();
    Visibility open;
    open.observers = Visibility::Observers::everything;
    rules::CampaignState bare = r.before;  // no knowledge and no history yet
    bare.knowledge.clear();
    const rules::CampaignState* states[] = {&r.before, &r.after, &bare};
    for (const rules::CampaignState* state : states)
        for (const auto& [viewer, vis] :
             std::vector<std::pair<Viewer, Visibility>>{{Viewer::gm(), {}},
                                                         {Viewer::of_player("anna"), {}},
                                                         {Viewer::of_player("ingrid"), {}},
                                                         {Viewer::observer(), {}},
                                                         {Viewer::observer(), open}}) {
            const Json view = view_for(viewer, *state, vis);
            SCOPED_TRACE(std::string(role_name(viewer.role)) + " " + viewer.player);
            for (const char* key : {"role", "name", "calendar", "map", "sides", "players"})
                EXPECT_TRUE(view.contains(key)) << key;
            ASSERT_TRUE(view.contains("forces"));
            EXPECT_TRUE(view["forces"].is_array());
            ASSERT_TRUE(view.contains("allies"));
            EXPECT_TRUE(view["allies"].is_array());
            ASSERT_TRUE(view.contains("knowledge"));
            // A player's own facts, or every player's facts by player for an all-seeing view.
            if (viewer.is_gm() || vis.observers == Visibility::Observers::everything)
                EXPECT_TRUE(view["knowledge"].is_object());
            else
                EXPECT_TRUE(view["knowledge"].is_array());
        }
    // Switching the setting back takes every piece away again.
    const Json all = view_for(Viewer::observer(), r.after, open);
    const Json map_only = view_for(Viewer::observer(), r.after, {});
    EXPECT_FALSE(all["forces"].empty());
    EXPECT_TRUE(map_only["forces"].empty());
    const Json back = Json(all).patch(Json::diff(all, map_only));
    EXPECT_EQ(back, map_only);
}

TEST(Projection, EventsByAudience) {
    const auto& r = demo_period();
    const Json anna = events_for(Viewer::of_player("anna"), r.events, {});
    EXPECT_LT(anna.size(), r.events.size());
    for (const auto& e : anna)
        EXPECT_TRUE(e["audience"] == "all" ||
                    std::find(e["audience"].begin(), e["audience"].end(), "anna") !=
                        e["audience"].end())
            << e.dump();
    EXPECT_EQ(events_for(Viewer::gm(), r.events, {}).size(), r.events.size());
}

// Issue 28, defect 3: a disengagement's dice go to every participant, the disengager's
// strength and the split of its losses only to its owner (protocol/event_visibility.cpp).
TEST(Projection, PrivateFieldsReachOnlyTheirOwnerAndTheGm) {
    const Json disengagement = Json::parse(R"({"type": "disengagement", "force": "hadewych",
        "die": 4, "total": 5, "loss_percent": 35, "assault_figures": 40, "figures_lost": 14,
        "displaced": true, "audience": ["anna", "ingrid"], "private_to": ["anna"]})");
    const Json losses = Json::parse(R"({"type": "losses", "force": "hadewych", "regiment": "r1",
        "figures": 14, "by_company": [7, 7], "audience": ["anna", "ingrid"],
        "private_to": ["anna"]})");
    for (const Json& event : {disengagement, losses}) {
        const auto owner = event_for(Viewer::of_player("anna"), event, {});
        ASSERT_TRUE(owner);
        Json expected = event;
        expected.erase("private_to");
        EXPECT_EQ(*owner, expected);
        const auto opponent = event_for(Viewer::of_player("ingrid"), event, {});
        ASSERT_TRUE(opponent);
        for (const char* secret : {"assault_figures", "figures_lost", "by_company", "private_to"})
            EXPECT_FALSE(opponent->contains(secret)) << secret << " in " << opponent->dump();
        EXPECT_EQ(opponent->at("force"), "hadewych");
        EXPECT_EQ(event_for(Viewer::gm(), event, {}), event);
        EXPECT_FALSE(event_for(Viewer::of_player("olaf"), event, {}));
    }
    EXPECT_EQ(event_for(Viewer::of_player("ingrid"), disengagement, {})->at("loss_percent"), 35);
    EXPECT_FALSE(event_for(Viewer::of_player("ingrid"), losses, {})->contains("figures"));
}

TEST(Projection, OrderFlagsOfOwnSideOnly) {
    const auto& r = demo_period();
    std::vector<OrderFlag> flags{{"anna", "confirmed"}, {"bertram", "none"}, {"ingrid", "draft"}};
    EXPECT_EQ(order_flags_for(Viewer::of_player("anna"), r.after, flags).size(), 2u);
    EXPECT_EQ(order_flags_for(Viewer::of_player("ingrid"), r.after, flags).size(), 1u);
    EXPECT_EQ(order_flags_for(Viewer::gm(), r.after, flags).size(), 3u);
    EXPECT_TRUE(order_flags_for(Viewer::observer(), r.after, flags).empty());
    EXPECT_TRUE(decision_visible(Viewer::of_player("anna"), "anna"));
    EXPECT_FALSE(decision_visible(Viewer::of_player("anna"), "ingrid"));
    EXPECT_FALSE(decision_visible(Viewer::observer(), "anna"));
}

// Non-interference: everything anna may not know changes; her bytes do not.
TEST(Projection, NonInterferenceForAPlayer) {
    const auto& r = demo_period();
    const Viewer anna = Viewer::of_player("anna");
    const std::string before = bytes_for(anna, r.after, r.events);

    rules::CampaignState changed = r.after;
    for (auto& force : changed.forces) {
        if (changed.side_of(force) == "realm") continue;  // anna's side: she sees these
        force.regiments.front().companies.front().figures += 7;
        force.regiments.front().morale -= 1;
        force.saved_points += 1;
        force.general.name += " the Hidden";
        rules::StandingInstructions rearguard;
        rearguard.rearguard = true;
        force.standing_instructions =
            std::make_shared<const rules::StandingInstructions>(rearguard);
        // Move it to another free hex: enemies' positions are not anna's to know.
        for (const auto& [hex, tile] : changed.map.hexes)
            if (!changed.force_at(hex) && tile.terrain == "clear") {
                force.place_at(hex);
                break;
            }
    }
    // Other players' knowledge and the history only the GM sees.
    changed.knowledge["ingrid"].push_back(
        {"hadewych", rules::shape::ScoutCapturedFact{"x", "y"}, "test", 0});
    changed.knowledge["erik"].clear();
    changed.contact_history.push_back({"aeskrvald", "thorgrim", 0});
    changed.delays.push_back({"ingegerd", "hadewych", 1});

    // Events anna is not in the audience of: changed, removed and added.
    std::vector<Json> events;
    for (auto e : r.events) {
        if (!rules::in_audience(e.value("audience", Json("all")), "anna")) {
            if (e.contains("force")) e["force"] = "secret";
            e["extra"] = 42;
            events.push_back(Json{{"type", "dice_roll"}, {"audience", {"ingrid"}}, {"value", 6}});
        }
        events.push_back(e);
    }
    events.push_back(Json{{"type", "intelligence"}, {"audience", {"erik"}}, {"fact", "hidden"}});

    EXPECT_EQ(bytes_for(anna, changed, events), before);

    // And the test can see a difference: something anna knows changes her bytes.
    rules::CampaignState mine = r.after;
    mine.find_force("hadewych")->regiments.front().companies.front().figures += 1;
    EXPECT_NE(bytes_for(anna, mine, r.events), before);
    rules::CampaignState ally = r.after;
    ally.move_force(*ally.find_force("anselm"), changed.find_force("ingegerd")->hex());
    EXPECT_NE(bytes_for(anna, ally, r.events), before);
}

TEST(Projection, NonInterferenceForAnObserver) {
    const auto& r = demo_period();
    const std::string before = bytes_for(Viewer::observer(), r.after, r.events);
    rules::CampaignState changed = r.after;
    for (auto& force : changed.forces) force.regiments.front().companies.front().figures += 3;
    changed.knowledge.clear();
    std::vector<Json> events = r.events;
    events.push_back(Json{{"type", "contact"}, {"audience", {"anna", "ingrid"}}});
    EXPECT_EQ(bytes_for(Viewer::observer(), changed, events), before);
}

}  // namespace
}  // namespace umpire::protocol
