// Answers (rules/knowledge/answer.hpp) as the edge reads and writes them
// (include/umpire/rules/answer_json.hpp): each form docs/decisions.md gives reads without the
// request and writes back to the same JSON; anything else is Unreadable and never allowed; a battle
// report is echoed exactly as the player wrote it, and two reports that say the same once read are
// the same answer.
#include <gtest/gtest.h>

#include "umpire/rules/answer_json.hpp"
#include "umpire/rules/decisions.hpp"

namespace umpire::rules {
namespace {

TEST(AnswerJson, EachFormReadsAndWritesBack) {
    for (const char* text :
         {"true", "false", R"("engage")", "[2,-1]", "[3,0,2]", R"({"action":"avoid","hex":[2,0]})",
          R"({"column":1,"row":2,"rotation":90})", R"({"penalty":[2,0],"recovered":[1,2]})"}) {
        const Json given = Json::parse(text);
        const Answer answer = answer_from_json(given);
        EXPECT_EQ(answer.as<Unreadable>(), nullptr) << text;
        EXPECT_EQ(answer_json(answer), given) << text;
        TextOut out;
        write_json(out, answer);
        EXPECT_EQ(out.text(), given.dump()) << text;
    }
}

TEST(AnswerJson, ReadsEachIntoItsForm) {
    EXPECT_TRUE(answer_from_json(Json(true)).yes());
    EXPECT_TRUE(answer_from_json(Json("rest")).is("rest"));
    EXPECT_EQ(answer_from_json(Json::parse(R"({"action":"avoid","hex":[2,0]})")),
              Answer(AvoidTo{{2, 0}}));
    EXPECT_EQ(answer_from_json(Json::array({3, 2})), Answer(Numbers{{3, 2}}));
    EXPECT_EQ(answer_from_json(Json::parse(R"({"column":1,"row":2,"rotation":90})")),
              Answer(CardCell{1, 2, 90}));
    // A name is never taken for a yes: a literal is a choice.
    EXPECT_TRUE(Answer("true").is("true"));
    EXPECT_FALSE(Answer("true").yes());
}

TEST(AnswerJson, AnythingElseIsUnreadableAndNeverEqual) {
    for (const char* text :
         {"null", "1", "2.5", "[2.0,0]", "[1,\"a\"]", "[3000000000]", "[18446744073709551615]",
          R"({"action":"delay","hex":[2,0]})", R"({"action":"avoid","hex":[2,0,1]})",
          R"({"column":1,"row":2,"rotation":"up"})", R"({"recovered":[1],"penalty":"none"})",
          R"({"elephants":3})"}) {
        const Answer answer = answer_from_json(Json::parse(text));
        ASSERT_NE(answer.as<Unreadable>(), nullptr) << text;
        EXPECT_FALSE(answer.as<Unreadable>()->why.empty()) << text;
        EXPECT_NE(answer, answer) << text;  // matches no option, not even itself
    }
    // An object that is none of the small forms says why it is no battle report.
    EXPECT_NE(
        answer_from_json(Json::parse(R"({"elephants":3})")).as<Unreadable>()->why.find("elephants"),
        std::string::npos);
}

TEST(AnswerJson, AReportIsEchoedAsWrittenAndComparedAsRead) {
    const Json short_form = Json::parse(
        R"({"attacker":{"losses":[{"regiment":"ra","elements":3}],"figures_off_in_good_order":0,)"
        R"("figures_routed_off":0,"camp_lost":false,"general_lost":false},)"
        R"("defender":{"losses":[],"figures_off_in_good_order":0,"figures_routed_off":0,)"
        R"("camp_lost":false,"general_lost":false},"bounds":3,"time_limit_reached":false})");
    Json long_form = short_form;
    long_form["attacker"]["losses"][0]["after_withdrawal"] = 0;
    long_form["defender"]["camp_evacuated"] = false;
    const Answer a = answer_from_json(short_form), b = answer_from_json(long_form);
    ASSERT_NE(a.as<ReportAnswer>(), nullptr);
    EXPECT_EQ(a, b);  // the same report once read
    EXPECT_EQ(a.as<ReportAnswer>()->report.attacker.losses.at(0).elements, 3);
    EXPECT_EQ(answer_json(a), short_form);  // each echoed as its player wrote it
    EXPECT_EQ(answer_json(b), long_form);
    TextOut out;
    write_json(out, a);
    EXPECT_EQ(out.text(), short_form.dump());
}

TEST(AnswerJson, OptionsAndAnswersByIdAsStorageKeepsThem) {
    const Json options = Json::parse(R"([[1,2],false])");
    const AnswerList read = answer_list_from_json(options);
    ASSERT_EQ(read->size(), 2u);
    EXPECT_EQ((*read)[0], Answer(Numbers{{1, 2}}));
    EXPECT_EQ(answer_list_json(read), options);
    EXPECT_TRUE(answer_list_from_json(Json())->empty());
    const auto answers = answers_from_json({{"a", Json("engage")}, {"b", Json(true)}});
    EXPECT_TRUE(answers.at("a").is("engage"));
    EXPECT_TRUE(answers.at("b").yes());
}

}  // namespace
}  // namespace umpire::rules
