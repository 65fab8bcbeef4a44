// Standing instructions (R-11.3): held typed
// (include/umpire/rules/standing_instructions_value.hpp), read from and written to JSON at the edge
// (documents/standing_instructions_json.hpp) exactly as given, and answering decisions as
// docs/decisions.md says; instructions the engine does not know are refused where they are given,
// with their path.
#include <gtest/gtest.h>

#include "documents/standing_instructions_json.hpp"
#include "rules/knowledge/standing_instructions.hpp"

namespace umpire::rules {
namespace {

DecisionRequest request(DecisionKind kind, std::vector<Answer> options,
                        Answer default_answer = {}) {
    DecisionRequest r;
    r.id = "1.day.1." + std::string(to_string(kind)) + ".f1";
    r.player = "p1";
    r.force = "f1";
    r.kind = kind;
    r.options = answer_list(std::move(options));
    r.default_answer = std::move(default_answer);
    return r;
}

const std::vector<Answer> kWindow{"rest", "engage", "evade", "avoid", "delay"};

StandingInstructions read(const Json& value) {
    Problems problems;
    const SharedInstructions read = read_standing_instructions(value, "$", problems);
    EXPECT_TRUE(read) << problems.to_text();
    return read ? *read : StandingInstructions{};
}

TEST(StandingInstructions, ReadAndWriteBackAsGiven) {
    const Json given = Json::parse(
        R"({"contact":["rest","evade_if_larger","rest","engage"],"separate_engagements":false,)"
        R"("rearguard":true,"pursuit":true,"maneuver":false,"support":true,"relief":false,)"
        R"("reinforce":true,"cards":"auto","losses":"proportional"})");
    const StandingInstructions s = read(given);
    ASSERT_TRUE(s.contact);
    EXPECT_EQ(s.contact->size(), 4u);  // repeats kept, as given
    EXPECT_EQ(s.contact->at(1), StandingInstructions::Choice::evade_if_larger);
    EXPECT_EQ(s.rearguard, true);
    EXPECT_EQ(s.maneuver, false);
    EXPECT_TRUE(s.cards_auto);
    EXPECT_EQ(standing_instructions_json(s), given);
    // None given is an empty object, not no instructions.
    EXPECT_EQ(standing_instructions_json(read(Json::object())), Json::object());
    EXPECT_EQ(read(Json::object()), StandingInstructions{});
}

TEST(StandingInstructions, RefuseWhatTheEngineDoesNotKnowWithItsPath) {
    for (const char* text :
         {R"({"contact":["charge"]})", R"({"contact":[1]})", R"({"separate_engagements":"yes"})",
          R"({"cards":"mine"})", R"({"elephants":true})", R"(["rest"])"}) {
        Problems problems;
        EXPECT_EQ(read_standing_instructions(Json::parse(text), "$.forces[0].standing_instructions",
                                             problems),
                  nullptr)
            << text;
        ASSERT_FALSE(problems.empty()) << text;
        EXPECT_EQ(problems.list().front().path.rfind("$.forces[0].standing_instructions", 0), 0u)
            << text;
    }
}

TEST(StandingInstructions, AnswerAsTheySay) {
    const StandingInstructions s = read(Json{{"contact", {"evade_if_larger", "delay", "engage"}},
                                             {"separate_engagements", true},
                                             {"pursuit", false},
                                             {"maneuver", true},
                                             {"losses", "proportional"}});
    auto window = request(DecisionKind::contact_window, kWindow);
    // Not larger: evade_if_larger passes, delay is the first offered.
    window.sizes = DecisionRequest::Sizes{10, 8};
    EXPECT_EQ(standing_answer(window, s), Answer("delay"));
    window.sizes = DecisionRequest::Sizes{10, 12};
    EXPECT_EQ(standing_answer(window, s), Answer("evade"));
    window.options = answer_list({"engage"});
    EXPECT_EQ(standing_answer(window, s), Answer("engage"));
    window.options = answer_list({"rest"});
    EXPECT_EQ(standing_answer(window, s), std::nullopt);  // none of its choices offered
    EXPECT_EQ(standing_answer(request(DecisionKind::separate_engagements, {}), s),
              Answer("separate"));
    EXPECT_EQ(standing_answer(request(DecisionKind::pursuit, {}), s), Answer(false));
    EXPECT_EQ(standing_answer(request(DecisionKind::rearguard, {}), s), std::nullopt);
    EXPECT_EQ(standing_answer(request(DecisionKind::maneuver_move, {}, Numbers{{2, 3}}), s),
              Answer(Numbers{{2, 3}}));
    EXPECT_EQ(standing_answer(request(DecisionKind::loss_allocation, {}), s),
              Answer("proportional"));
    EXPECT_EQ(standing_answer(request(DecisionKind::card_placement, {}), s), std::nullopt);
    EXPECT_EQ(standing_answer(request(DecisionKind::battle_report, {}), s), std::nullopt);
}

}  // namespace
}  // namespace umpire::rules
