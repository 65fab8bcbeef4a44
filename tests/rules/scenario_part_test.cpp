// a viewer's part of a campaign state (rules::write_scenario_part, what protocol::view_for
// sends a player) holds the board, the forces it names and one player's facts: another force,
// another player's facts and the history are never written into it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "documents/scenario_io.hpp"
#include "documents/scenario_view_write.hpp"

namespace umpire::rules {
namespace {

CampaignState two_player_state() {
    // The bad-date case with its date put right: two players, a force each.
    std::ifstream in(std::string(UMPIRE_TEST_DATA_DIR) + "/data/scenarios/bad/bad-date.json");
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    text.replace(text.find("1205-02-30"), 10, "1205-02-10");
    Problems problems;
    auto state = read_scenario(Json::parse(text), problems);
    if (!state) throw std::runtime_error(problems.to_text());
    state->knowledge["p1"].push_back(
        {"brun", shape::ScoutCapturedFact{.sent_by = "brun", .captured_by = "alba"},
         "scout 1.day.brun", 0});
    state->knowledge["p2"].push_back({"alba",
                                      shape::BattleFact{.regiment = "alba-1",
                                                        .figures = 21,
                                                        .elements = 7,
                                                        .figures_lost = 3,
                                                        .outcome = "won"},
                                      "battle 1.morning.alba", 0});
    state->contact_history.push_back({"alba", "brun", 0});
    return *state;
}

TEST(ScenarioPart, HoldsTheBoardAndOnlyWhatItNames) {
    const CampaignState state = two_player_state();
    const Json full = write_scenario(state);
    const Json part = write_scenario_part(
        state, {.forces = [](const Force& f) { return f.player == "p1"; }, .knowledge_of = "p1"});

    ASSERT_EQ(part["forces"].size(), 1u);
    EXPECT_EQ(part["forces"][0], full["forces"][0]);  // alba, whole
    ASSERT_EQ(part["knowledge"].size(), 1u);
    EXPECT_EQ(part["knowledge"][0], full["knowledge"]["p1"][0]);
    for (const char* key :
         {"name", "description", "ruleset", "calendar", "map", "sides", "players"})
        EXPECT_EQ(part[key], full[key]) << key;
    for (const char* key : {"format", "id", "history"}) EXPECT_FALSE(part.contains(key)) << key;
    // Nothing of the other force or the other player's facts, anywhere in the text.
    const std::string text = part.dump();
    for (const char* secret : {"brun-1", "Riders", "battle 1.morning.alba", "figures_lost"})
        EXPECT_EQ(text.find(secret), std::string::npos) << secret;
}

TEST(ScenarioPart, WithNothingNamedIsTheBoardAlone) {
    const CampaignState state = two_player_state();
    const Json part = write_scenario_part(state, {});
    EXPECT_EQ(part["forces"], Json::array());
    EXPECT_EQ(part["knowledge"], Json::array());
    EXPECT_EQ(part.dump().find("alba-1"), std::string::npos);
}

}  // namespace
}  // namespace umpire::rules
