// Standing instructions as a force holds them (rules/standing_instructions_value.hpp): read out
// once when set, they answer as the JSON they were given says, whatever its shape: booleans,
// other values, contact choices kept as codes or (too many, or unknown) read from the JSON.
#include <gtest/gtest.h>

#include "rules/standing_instructions.hpp"

namespace umpire::rules {
namespace {

DecisionRequest request(const std::string& kind, Json options, Json default_answer = Json()) {
    DecisionRequest r;
    r.id = "1.day.1." + kind + ".f1";
    r.player = "p1";
    r.force = "f1";
    r.kind = kind;
    r.options = std::move(options);
    r.default_answer = std::move(default_answer);
    return r;
}

const Json kWindow = Json::array({"rest", "engage", "evade", "avoid", "delay"});

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
    EXPECT_EQ(*s.member(M::cards), "auto");
    ASSERT_EQ(s.choice_count(), 2u);
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
    EXPECT_EQ(standing_answer(window, s), Json("delay"));
    window.sizes = DecisionRequest::Sizes{10, 12};
    EXPECT_EQ(standing_answer(window, s), Json("evade"));
    window.options = Json::array({"engage"});
    EXPECT_EQ(standing_answer(window, s), Json("engage"));
    EXPECT_EQ(standing_answer(request("separate_engagements", Json()), s), Json("separate"));
    EXPECT_EQ(standing_answer(request("pursuit", Json()), s), Json("always"));  // as given
    EXPECT_EQ(standing_answer(request("rearguard", Json()), s), std::nullopt);
    EXPECT_EQ(standing_answer(request("maneuver_move", Json(), Json::array({2, 3})), s),
              Json::array({2, 3}));
    EXPECT_EQ(standing_answer(request("loss_allocation", Json()), s), Json("proportional"));
    EXPECT_EQ(standing_answer(request("battle_report", Json()), s), std::nullopt);
    EXPECT_EQ(standing_answer(request("rearguard", Json()), StandingInstructions(Json("x"))),
              std::nullopt);  // not an object: no instructions
}

TEST(StandingInstructions, ContactChoicesTooManyOrUnknownAreReadFromTheJson) {
    // Nine choices (more than are kept as codes), the offered one last.
    Json many = Json::array();
    for (int i = 0; i < 8; ++i) many.push_back("rest");
    many.push_back("delay");
    const StandingInstructions nine(Json{{"contact", many}});
    EXPECT_EQ(nine.choices(), nullptr);
    const auto window = request("contact_window", Json::array({"delay"}));
    EXPECT_EQ(standing_answer(window, nine), Json("delay"));
    // An unknown choice is passed over like one not offered.
    const StandingInstructions unknown(Json{{"contact", {"charge", "delay"}}});
    EXPECT_EQ(unknown.choices(), nullptr);
    EXPECT_EQ(standing_answer(window, unknown), Json("delay"));
    // A choice that is not text fails as reading it as text always did.
    const StandingInstructions number(Json{{"contact", {1}}});
    EXPECT_THROW(standing_answer(window, number), Json::type_error);
    // So does a flag that must be true or false and is not.
    const StandingInstructions text(Json{{"separate_engagements", "yes"}});
    EXPECT_THROW(standing_answer(request("separate_engagements", Json()), text),
                 Json::type_error);
}

}  // namespace
}  // namespace umpire::rules
