// R-11.1: a player's knowledge facts are typed values (rules/events/shapes.generated.hpp), written
// and read only by the generated code (rules/events/shapes_json.generated.cpp). Each kind comes
// back as it went out, its text is the very bytes nlohmann::json writes for the same object, and a
// value that does not fit its kind's shape is refused with the path of what is wrong.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "umpire/rules/shapes_json.generated.hpp"

namespace umpire::rules {
namespace {

using shape::FactValue;

std::vector<FactValue> one_of_each_kind() {
    shape::IntelligenceFact estimate{.force = "ingegerd", .score = 5, .aware = true};
    estimate.size = shape::FactSize{.estimate = 24, .accuracy_percent = 10};
    estimate.composition = shape::CompositionKnown{
        .companies = std::vector<shape::CompanyKnown>{{.type = "knights", .share_percent = 73},
                                                      {.type = "archers", .share_percent = 27}}};
    shape::IntelligenceFact exact{.force = "hadewych", .score = 6, .aware = true};
    exact.size = shape::FactSize{.exact = 40};
    exact.composition = shape::CompositionKnown{.companies = std::vector<shape::CompanyKnown>{
                                                    {.type = "hero", .figures = 1, .name = "Sigrun"},
                                                    {.type = "spearmen", .figures = 39}}};
    shape::IntelligenceFact unaware{.force = "brun", .score = 1, .aware = false};
    shape::IntelligenceFact by_class{.force = "brun", .score = 3, .aware = true};
    by_class.composition = shape::CompositionKnown{.class_ = "cavalry"};
    return {estimate,
            exact,
            unaware,
            by_class,
            shape::ScoutReportFact{.hex = {5, 1}, .size = {.estimate = 22, .accuracy_percent = 25}},
            shape::ScoutCapturedFact{.sent_by = "alba", .captured_by = "brun"},
            shape::BattleFact{.regiment = "brun-1",
                              .figures = 12,
                              .elements = 4,
                              .figures_lost = 3,
                              .outcome = "won"}};
}

TEST(KnownFacts, EveryKindComesBackAsItWentOut) {
    for (const FactValue& fact : one_of_each_kind()) {
        const std::string text = shape::json_text_of(fact);
        const Json parsed = Json::parse(text);
        EXPECT_EQ(parsed.dump(), text) << "keys sorted, compact, as nlohmann writes it";
        Problems problems;
        FactValue back;
        ASSERT_TRUE(shape::read_fact(shape::fact_kind(fact), parsed, "$", problems, back))
            << problems.to_text();
        EXPECT_EQ(back.index(), fact.index());
        EXPECT_EQ(shape::json_text_of(back), text);
    }
}

TEST(KnownFacts, WriteOnlyWhatTheFactHolds) {
    shape::IntelligenceFact unaware{.force = "brun", .score = 1, .aware = false};
    EXPECT_EQ(shape::json_text_of(FactValue(unaware)),
              R"({"aware":false,"force":"brun","score":1})");
    shape::IntelligenceFact by_class{.force = "brun", .score = 3, .aware = true};
    by_class.composition = shape::CompositionKnown{.class_ = "cavalry"};
    EXPECT_EQ(shape::json_text_of(FactValue(by_class)),
              R"({"aware":true,"composition":{"class":"cavalry"},"force":"brun","score":3})");
}

struct Refused {
    const char* kind;
    const char* value;
    const char* path;     // where the problem is reported
    const char* message;  // part of its message
};

class KnownFactRefused : public ::testing::TestWithParam<Refused> {};

TEST_P(KnownFactRefused, NamesWhatIsWrong) {
    const Refused& c = GetParam();
    Problems problems;
    FactValue out = shape::ScoutCapturedFact{.sent_by = "untouched", .captured_by = "x"};
    EXPECT_FALSE(shape::read_fact(c.kind, Json::parse(c.value), "$.v", problems, out));
    ASSERT_FALSE(problems.empty());
    bool found = false;
    for (const auto& p : problems.list())
        found = found || (p.path == c.path && p.message.find(c.message) != std::string::npos);
    EXPECT_TRUE(found) << problems.to_text();
    // Nothing is taken from a refused value.
    EXPECT_EQ(std::get<shape::ScoutCapturedFact>(out).sent_by, "untouched");
}

INSTANTIATE_TEST_SUITE_P(
    Values, KnownFactRefused,
    ::testing::Values(
        Refused{"rumour", R"({"hex":[1,1]})", "$.v", "unknown kind"},
        Refused{"scout_report", R"({"hex":[1,1]})", "$.v.size", "missing"},
        Refused{"scout_report", R"({"hex":[1,1],"size":{"estimate":"many","accuracy_percent":25}})",
                "$.v.size.estimate", "expected"},
        Refused{"scout_captured", R"({"sent_by":"a","captured_by":"b","figures":12})",
                "$.v.figures", "unknown member"},
        Refused{"contact_intel",
                R"({"force":"b","score":3,"aware":true,"composition":{"types":["x",7]}})",
                "$.v.composition.types[1]", "expected"},
        Refused{"battle", R"({"sent_by":"a","captured_by":"b"})", "$.v.regiment", "missing"},
        Refused{"contact_intel", R"([1,2])", "$.v", "expected an object"}));

}  // namespace
}  // namespace umpire::rules
