// Standing instructions as a force holds them (rules/standing_instructions_value.hpp): read out
// once when set, they answer as the JSON they were given says: booleans, names, and the contact
// choices kept in order, each once, without names no window offers. What is neither a yes or no
// nor a name answers nothing (the request takes its default).
#include <gtest/gtest.h>

#include "rules/standing_instructions.hpp"

namespace umpire::rules {
namespace {

DecisionRequest request(const std::string& kind, std::vector<Answer> options,
                        Answer default_answer = {}) {
    DecisionRequest r;
    r.id = "1.day.1." + kind + ".f1";
    r.player = "p1";
    r.force = "f1";
    r.kind = kind;
    r.options = answer_list(std::move(options));
    r.default_answer = std::move(default_answer);
    return r;
}

const std::vector<Answer> kWindow{"rest", "engage", "evade", "avoid", "delay"};

TEST(StandingInstructions, ReadsOutMembersAndKeepsTheJsonShared) {
    const StandingInstructions s(Json{{"contact", {"delay", "engage"}}, {"rearguard", true},
                                      {"pursuit", false}, {"cards", "auto"}});
    EXPECT_TRUE(s.is_object());
    using M = StandingInstructions::Member;
    using H = StandingInstructions::Held;
    EXPECT_EQ(s.held(M::rearguard), H::yes);
    EXPECT_EQ(s.held(M::pursuit), H::no);
    EXPECT_EQ(s.held(M::cards), H::other);
    EXPECT_EQ(s.held(M::losses), H::absent);
    EXPECT_EQ(s.member(M::losses), nullptr);
    EXPECT_EQ(s.text(M::cards), "auto");
    EXPECT_EQ(s.text(M::rearguard), std::nullopt);
    ASSERT_EQ(s.choices().size(), 2u);
    EXPECT_EQ(s.choices()[0], StandingInstructions::Choice::delay);
    const StandingInstructions copy = s;  // one JSON value for both, members still into it
    EXPECT_EQ(&copy.get(), &s.get());
    EXPECT_EQ(copy.member(M::cards), s.member(M::cards));
    EXPECT_FALSE(StandingInstructions().is_object());
    EXPECT_TRUE(StandingInstructions()->is_null());
}

TEST(StandingInstructions, AnswerAsTheirJsonSays) {
    const StandingInstructions s(Json{{"contact", {"evade_if_larger", "delay", "engage"}},
                                      {"separate_engagements", true}, {"pursuit", "always"},
                                      {"maneuver", true}, {"losses", "proportional"}});
    auto window = request("contact_window", kWindow);
    // Not larger: evade_if_larger passes, delay is the first offered.
    window.sizes = DecisionRequest::Sizes{10, 8};
    EXPECT_EQ(standing_answer(window, s), Answer("delay"));
    window.sizes = DecisionRequest::Sizes{10, 12};
    EXPECT_EQ(standing_answer(window, s), Answer("evade"));
    window.options = answer_list({"engage"});
    EXPECT_EQ(standing_answer(window, s), Answer("engage"));
    EXPECT_EQ(standing_answer(request("separate_engagements", {}), s), Answer("separate"));
    EXPECT_EQ(standing_answer(request("pursuit", {}), s), Answer("always"));  // as given
    EXPECT_EQ(standing_answer(request("rearguard", {}), s), std::nullopt);
    EXPECT_EQ(standing_answer(request("maneuver_move", {}, Numbers{{2, 3}}), s),
              Answer(Numbers{{2, 3}}));
    EXPECT_EQ(standing_answer(request("loss_allocation", {}), s), Answer("proportional"));
    EXPECT_EQ(standing_answer(request("battle_report", {}), s), std::nullopt);
    EXPECT_EQ(standing_answer(request("rearguard", {}), StandingInstructions(Json("x"))),
              std::nullopt);  // not an object: no instructions
}

TEST(StandingInstructions, ContactChoicesKeepTheFirstOfEachKnownOne) {
    // Nine choices: repeats are kept once, so the offered one last still answers.
    Json many = Json::array();
    for (int i = 0; i < 8; ++i) many.push_back("rest");
    many.push_back("delay");
    const StandingInstructions nine(Json{{"contact", many}});
    ASSERT_EQ(nine.choices().size(), 2u);
    const auto window = request("contact_window", {"delay"});
    EXPECT_EQ(standing_answer(window, nine), Answer("delay"));
    // An unknown choice, or one that is not a name, is passed over like one not offered.
    const StandingInstructions unknown(Json{{"contact", {"charge", 1, "delay"}}});
    EXPECT_EQ(unknown.choices().size(), 1u);
    EXPECT_EQ(standing_answer(window, unknown), Answer("delay"));
    // A flag that must be true or false and is not says nothing.
    const StandingInstructions text(Json{{"separate_engagements", "yes"}});
    EXPECT_EQ(standing_answer(request("separate_engagements", {}), text), std::nullopt);
}

}  // namespace
}  // namespace umpire::rules
