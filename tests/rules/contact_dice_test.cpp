// Contact dice and intelligence: every modifier, the clamping of the contact
// table, what each row reveals (and withholds), every size-estimation roll in each column, the
// contact hour, and worked example 12.1 with scripted dice.
#include <gtest/gtest.h>

#include <array>

#include "documents/scenario_io.hpp"
#include "json_match.hpp"
#include "rules/contact/contact_dice.hpp"
#include "rules/movement/movement_costs.hpp"
#include "shipped_ruleset.hpp"
#include "tests/support/shape_json.hpp"

namespace umpire::rules {
namespace {
using testing::json_of;

using testing::json_mismatch;


ContactCommander commander(std::string force, std::string side) {
    ContactCommander c;
    c.force = std::move(force);
    c.side = std::move(side);
    c.daily_allowance = 12;
    c.regiments = 2;
    c.terrain = "hill";
    return c;
}

Json modifiers_of(const shape::Modifiers& modifiers) {
    Json out = Json::object();
    for (const auto& [name, value] : modifiers) out[name] = value;
    return out;
}

// ---- modifiers ------------------------------------------------------------------------

struct ModifierCase {
    const char* name;
    std::vector<ContactCommander> commanders;  // [0] is the one scored
    Json expected;                             // name -> value, exactly
};

class ContactModifiers : public ::testing::TestWithParam<ModifierCase> {};

TEST_P(ContactModifiers, Table) {
    const ModifierCase& c = GetParam();
    EXPECT_EQ(modifiers_of(contact_modifiers(valormr(), c.commanders, 0)), c.expected);
}

ContactCommander with(ContactCommander c, auto change) {
    change(c);
    return c;
}

std::vector<ModifierCase> modifier_cases() {
    const auto me = commander("me", "north");
    const auto foe = commander("foe", "south");
    const auto foe2 = commander("foe2", "south");
    const auto ally = commander("ally", "north");
    auto allowance = [](int points) { return [=](ContactCommander& c) { c.daily_allowance = points; }; };
    auto regiments = [](int n) { return [=](ContactCommander& c) { c.regiments = n; }; };
    auto terrain = [](const char* t) { return [=](ContactCommander& c) { c.terrain = t; }; };
    return {
        {"none", {me, foe}, Json::object()},
        {"no_opponent", {me, ally}, Json::object()},
        // more move points: strictly greater than every opponent; allies do not count.
        {"more_points", {with(me, allowance(24)), foe}, {{"more_move_points", 1}}},
        {"equal_points", {with(me, allowance(12)), foe}, Json::object()},
        {"fewer_points", {with(me, allowance(6)), foe}, Json::object()},
        {"more_than_one_not_all",
         {with(me, allowance(18)), with(foe, allowance(12)), with(foe2, allowance(18))},
         Json::object()},
        {"more_than_all",
         {with(me, allowance(18)), with(foe, allowance(12)), with(foe2, allowance(17))},
         {{"more_move_points", 1}}},
        {"faster_ally_ignored", {with(me, allowance(18)), with(ally, allowance(48)), foe},
         {{"more_move_points", 1}}},
        // smallest force: own count <= every opponent's count - 1.
        {"smaller_by_one", {with(me, regiments(1)), foe}, {{"smallest_force", 1}}},
        {"smaller_by_two", {with(me, regiments(1)), with(foe, regiments(3))},
         {{"smallest_force", 1}}},
        {"same_size", {me, foe}, Json::object()},
        {"larger", {with(me, regiments(3)), foe}, Json::object()},
        {"smaller_than_one_not_all", {with(me, regiments(1)), foe, with(foe2, regiments(1))},
         Json::object()},
        {"smaller_than_all", {with(me, regiments(1)), foe, with(foe2, regiments(4))},
         {{"smallest_force", 1}}},
        {"small_ally_ignored", {me, with(ally, regiments(1)), with(foe, regiments(3))},
         {{"smallest_force", 1}}},
        {"successful_scout", {with(me, [](ContactCommander& c) { c.scouted_opponent = true; }), foe},
         {{"successful_scout", 1}}},
        {"captured_scout",
         {with(me, [](ContactCommander& c) { c.captured_opponent_scout = true; }), foe},
         {{"captured_scout", 1}}},
        {"previous_contact", {with(me, [](ContactCommander& c) { c.previous_contact = true; }), foe},
         {{"previous_contact", 1}}},
        // all opponents in clear / mountain: every opponent's hex; own and allies' do not count.
        {"opponent_in_clear", {me, with(foe, terrain("clear"))}, {{"opponents_in_clear", 1}}},
        {"all_opponents_in_clear",
         {me, with(foe, terrain("clear")), with(foe2, terrain("clear"))},
         {{"opponents_in_clear", 1}}},
        {"one_opponent_not_in_clear",
         {me, with(foe, terrain("clear")), with(foe2, terrain("forest"))}, Json::object()},
        {"own_clear_ignored", {with(me, terrain("clear")), foe}, Json::object()},
        {"ally_clear_ignored", {me, with(ally, terrain("clear")), foe}, Json::object()},
        {"all_opponents_in_mountain",
         {me, with(foe, terrain("mountain")), with(foe2, terrain("mountain"))},
         {{"opponents_in_mountain", -1}}},
        {"one_opponent_not_in_mountain",
         {me, with(foe, terrain("mountain")), with(foe2, terrain("clear"))}, Json::object()},
        // Each applies once, however many opponents meet it.
        {"everything",
         {with(me,
               [](ContactCommander& c) {
                   c.daily_allowance = 24;
                   c.regiments = 1;
                   c.scouted_opponent = true;
                   c.captured_opponent_scout = true;
                   c.previous_contact = true;
               }),
          with(foe, terrain("clear")), with(foe2, terrain("clear"))},
         {{"more_move_points", 1},
          {"smallest_force", 1},
          {"successful_scout", 1},
          {"captured_scout", 1},
          {"previous_contact", 1},
          {"opponents_in_clear", 1}}},
    };
}

INSTANTIATE_TEST_SUITE_P(R62, ContactModifiers, ::testing::ValuesIn(modifier_cases()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ContactModifiers, ValuesComeFromTheRuleset) {
    Ruleset ruleset = valormr();
    ruleset.contact.modifiers.successful_scout = 3;
    ruleset.contact.modifiers.all_opponents_in_terrain = {{"hill", -2}};
    ruleset.contact.smallest_force_margin_regiments = 2;
    auto me = commander("me", "north");
    me.scouted_opponent = true;
    me.regiments = 1;
    auto foe = commander("foe", "south");  // on a hill, 2 regiments: not smaller by 2
    EXPECT_EQ(modifiers_of(contact_modifiers(ruleset, {me, foe}, 0)),
              (Json{{"successful_scout", 3}, {"opponents_in_hill", -2}}));
    foe.regiments = 3;
    EXPECT_EQ(modifiers_of(contact_modifiers(ruleset, {me, foe}, 0)),
              (Json{{"successful_scout", 3}, {"smallest_force", 1}, {"opponents_in_hill", -2}}));
}

// ---- rolling ---------------------------------------------------------------------------

TEST(ContactDice, RollsEachCommanderAndKeepsBothScores) {
    auto a = commander("a", "north");
    a.scouted_opponent = true;
    auto b = commander("b", "south");
    b.terrain = "mountain";  // a's opponent in the mountains: -1 for a
    EventLog log;
    ScriptedDice dice({{6, "contact die"}, {1, "contact die"}});
    const auto scores = roll_contact_dice(valormr(), {a, b}, dice, log);
    ASSERT_EQ(scores.size(), 2u);
    EXPECT_EQ(scores[0].force, "a");
    EXPECT_EQ(scores[0].die, 6);
    EXPECT_EQ(scores[0].modified, 6);  // +1 scout -1 mountain
    EXPECT_EQ(scores[1].die, 1);
    EXPECT_EQ(scores[1].modified, 1);
    EXPECT_EQ(dice.remaining(), 0u);
    ASSERT_EQ(log.events().size(), 3u);
    EXPECT_EQ(json_mismatch(Json{{"type", "dice_roll"}, {"purpose", "contact die"}, {"force", "a"},
                                 {"value", 6}},
                            events_json(log.events())[0]),
              "");
    EXPECT_EQ(json_mismatch(Json{{"type", "contact_dice"},
                                 {"scores",
                                  {{{"force", "a"},
                                    {"die", 6},
                                    {"modifiers", {{"successful_scout", 1}, {"opponents_in_mountain", -1}}},
                                    {"modified", 6},
                                    {"table_score", 6}},
                                   {{"force", "b"},
                                    {"die", 1},
                                    {"modifiers", Json::object()},
                                    {"modified", 1},
                                    {"table_score", 1}}}}},
                            events_json(log.events())[2]),
              "");
}

// ---- the contact table -----------------------------------------------------------------

TEST(ContactTable, ScoresOutsideTheTableAreClamped) {
    const std::array<std::pair<int, int>, 10> cases{
        {{-3, 1}, {0, 1}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 6}, {9, 6}}};
    for (auto [modified, expected] : cases) {
        ContactScore score;
        score.modified = modified;
        EXPECT_EQ(score.table_score(), expected) << modified;
        EXPECT_EQ(valormr().contact.row(modified).score, expected) << modified;
    }
}

// An assault regiment of 40: 24 knights, 12 archers, a named hero, a troll company of 3.
Force opponent() {
    Force f;
    f.id = "foe";
    f.regiments.push_back(Regiment{"f1",
                                   "Foes",
                                   7,
                                   {{"knights", 24, ""},
                                    {"archers", 12, ""},
                                    {"hero", 1, "Sigrun"},
                                    {"troll", 3, ""}}});
    f.regiments.push_back(Regiment{"f2", "Reserve", 7, {{"spearmen", 50, ""}}});
    return f;
}

struct TableRowCase {
    int score;
    std::vector<ScriptedRoll> dice;  // the size-estimate rolls, if any
    Json expected;                   // the whole fact, exactly
};

class ContactTableRows : public ::testing::TestWithParam<TableRowCase> {};

TEST_P(ContactTableRows, RevealExactlyTheRow) {
    const TableRowCase& c = GetParam();
    ScriptedDice dice(c.dice);
    EventLog log;
    const Json fact =
        json_of(contact_intelligence(valormr(), c.score, opponent(), dice, log, "me"));
    EXPECT_EQ(fact, c.expected) << fact.dump();
    EXPECT_EQ(dice.remaining(), 0u);
    EXPECT_EQ(log.events().size(), c.dice.size());  // only the private estimate rolls
    // Never more than the row gives: nothing below score 3, no counts or names below score 6.
    const std::string text = fact.dump();
    if (c.score < 6) {
        EXPECT_EQ(text.find("Sigrun"), std::string::npos);
        EXPECT_EQ(text.find("figures"), std::string::npos);
        EXPECT_EQ(text.find("exact"), std::string::npos);
    }
    if (c.score < 5) {
        EXPECT_EQ(text.find("companies"), std::string::npos);
    }
    if (c.score < 4) {
        EXPECT_EQ(text.find("knights"), std::string::npos);
    }
}

std::vector<TableRowCase> table_row_cases() {
    const Json none{{"force", "foe"}, {"aware", false}, {"score", 1}};
    return {
        {-1, {}, none},
        {0, {}, none},
        {1, {}, none},
        {2, {}, {{"force", "foe"}, {"aware", true}, {"score", 2}}},
        // 3: +-50% and the basic class (cavalry 24 > infantry 13 > creature 3).
        {3,
         {{3, "size estimate"}, {6, "size estimate"}},
         {{"force", "foe"},
          {"aware", true},
          {"score", 3},
          {"size", {{"estimate", 48}, {"accuracy_percent", 50}}},
          {"composition", {{"class", "cavalry"}}}}},
        // 4: +-25% and all troop types, sorted, without counts.
        {4,
         {{1, "size estimate"}, {1, "size estimate"}},
         {{"force", "foe"},
          {"aware", true},
          {"score", 4},
          {"size", {{"estimate", 30}, {"accuracy_percent", 25}}},
          {"composition", {{"types", {"archers", "hero", "knights", "troll"}}}}}},
        // 5: +-10%, types, proportions and companies, no figures and no names.
        {5,
         {{6, "size estimate"}, {6, "size estimate"}},
         {{"force", "foe"},
          {"aware", true},
          {"score", 5},
          {"size", {{"estimate", 44}, {"accuracy_percent", 10}}},
          {"composition",
           {{"companies",
             {{{"type", "knights"}, {"share_percent", 60}},
              {{"type", "archers"}, {"share_percent", 30}},
              {{"type", "hero"}, {"share_percent", 3}},  // 2.5 rounds half up
              {{"type", "troll"}, {"share_percent", 8}}}}}}}},  // 7.5 rounds half up
        // 6 (and 7, used as 6): exact, with the named figure.
        {6,
         {},
         {{"force", "foe"},
          {"aware", true},
          {"score", 6},
          {"size", {{"exact", 40}}},
          {"composition",
           {{"companies",
             {{{"type", "knights"}, {"figures", 24}},
              {{"type", "archers"}, {"figures", 12}},
              {{"type", "hero"}, {"figures", 1}, {"name", "Sigrun"}},
              {{"type", "troll"}, {"figures", 3}}}}}}}},
        {7,
         {},
         {{"force", "foe"},
          {"aware", true},
          {"score", 6},
          {"size", {{"exact", 40}}},
          {"composition",
           {{"companies",
             {{{"type", "knights"}, {"figures", 24}},
              {{"type", "archers"}, {"figures", 12}},
              {{"type", "hero"}, {"figures", 1}, {"name", "Sigrun"}},
              {{"type", "troll"}, {"figures", 3}}}}}}}},
    };
}

INSTANTIATE_TEST_SUITE_P(R63, ContactTableRows, ::testing::ValuesIn(table_row_cases()),
                         [](const auto& info) {
                             const int s = info.param.score;
                             return s < 0 ? "minus" + std::to_string(-s)
                                          : "score" + std::to_string(s);
                         });

TEST(ContactTable, BasicClassTieGoesToInfantry) {
    Force f;
    f.id = "foe";
    f.regiments.push_back(Regiment{"f1", "", 7, {{"knights", 10, ""}, {"spearmen", 10, ""}}});
    ScriptedDice dice({{3, "size estimate"}, {4, "size estimate"}});
    EventLog log;
    const Json fact = json_of(contact_intelligence(valormr(), 3, f, dice, log, "me"));
    EXPECT_EQ(fact["composition"], (Json{{"class", "infantry"}}));
    EXPECT_EQ(fact["size"]["estimate"], 20);  // 7: exact
}

TEST(ContactTable, EstimateRollsAreTheReceiversEvents) {
    ScriptedDice dice({{2, "size estimate"}, {5, "size estimate"}});
    EventLog log;
    json_of(contact_intelligence(valormr(), 4, opponent(), dice, log, "me"));
    ASSERT_EQ(log.events().size(), 2u);
    for (const auto& event : events_json(log.events()))
        EXPECT_EQ(json_mismatch(Json{{"type", "dice_roll"},
                                     {"purpose", "size estimate"},
                                     {"die", "d6"},
                                     {"force", "me"},
                                     {"opponent", "foe"}},
                                event),
                  "");
}

// ---- size estimation -------------------------------------------------------------------

// The rulebook's table, as printed: [roll - 2] -> error per column (+-50, +-25, +-10).
constexpr std::array<std::array<int, 3>, 11> kSizeTable{{{-50, -25, -10},
                                                         {-40, -20, 0},
                                                         {-30, -15, -10},
                                                         {-20, -10, -5},
                                                         {-10, -5, -5},
                                                         {0, 0, 0},
                                                         {10, 5, 5},
                                                         {20, 10, 5},
                                                         {30, 15, 10},
                                                         {40, 20, 0},
                                                         {50, 25, 10}}};
constexpr std::array<int, 3> kColumnScores{3, 4, 5};  // the contact score giving each column

class ContactSizeEstimation : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(ContactSizeEstimation, EveryRollOfEveryColumn) {
    const auto [column, roll] = GetParam();
    // 100 figures, so the estimate is 100 + the error.
    Force f;
    f.id = "foe";
    f.regiments.push_back(Regiment{"f1", "", 7, {{"spearmen", 100, ""}}});
    const int first = roll <= 7 ? 1 : roll - 6;
    ScriptedDice dice({{first, "size estimate"}, {roll - first, "size estimate"}});
    EventLog log;
    const Json fact =
        json_of(contact_intelligence(valormr(), kColumnScores[column], f, dice, log, "me"));
    const int error = kSizeTable[roll - 2][column];
    EXPECT_EQ(fact["size"]["estimate"], 100 + error);
    EXPECT_EQ(valormr().contact.size_estimation.error(fact["size"]["accuracy_percent"], roll),
              error);
}

std::vector<std::pair<int, int>> size_cases() {
    std::vector<std::pair<int, int>> out;
    for (int column = 0; column < 3; ++column)
        for (int roll = 2; roll <= 12; ++roll) out.emplace_back(column, roll);
    return out;
}

constexpr std::array<const char*, 3> kColumnNames{"pm50", "pm25", "pm10"};

INSTANTIATE_TEST_SUITE_P(R64, ContactSizeEstimation, ::testing::ValuesIn(size_cases()),
                         [](const auto& info) {
                             return std::string(kColumnNames[info.param.first]) + "_roll" +
                                    std::to_string(info.param.second);
                         });

TEST(ContactSizeEstimation, RoundsHalfUp) {
    EXPECT_EQ(apply_size_error(45, -10), 41);  // 40.5
    EXPECT_EQ(apply_size_error(15, 10), 17);   // 16.5
    EXPECT_EQ(apply_size_error(5, -50), 3);    // 2.5
    EXPECT_EQ(apply_size_error(3, 50), 5);     // 4.5
    EXPECT_EQ(apply_size_error(10, -5), 10);   // 9.5
    EXPECT_EQ(apply_size_error(25, -5), 24);   // 23.75
    EXPECT_EQ(apply_size_error(33, 20), 40);   // 39.6
    EXPECT_EQ(apply_size_error(7, 0), 7);
    EXPECT_EQ(apply_size_error(1, -50), 1);    // 0.5
    EXPECT_EQ(apply_size_error(0, 50), 0);
}

// ---- contact hour ----------------------------------------------------------------------

TEST(ContactHour, EndOfHalfPeriodMinusTheSpreadOfUnmodifiedDice) {
    auto scores = [](std::vector<std::pair<int, int>> dice) {
        std::vector<ContactScore> out;
        for (auto [die, modified] : dice) {
            ContactScore s;
            s.die = die;
            s.modified = modified;
            out.push_back(s);
        }
        return out;
    };
    EXPECT_EQ(contact_hour(valormr(), HalfPeriod::afternoon, scores({{4, 5}, {3, 4}, {5, 7}})), 10);
    EXPECT_EQ(contact_hour(valormr(), HalfPeriod::morning, scores({{2, 9}, {2, -1}})), 6);
    EXPECT_EQ(contact_hour(valormr(), HalfPeriod::evening, scores({{6, 6}, {1, 1}})), 13);
    EXPECT_EQ(contact_hour(valormr(), HalfPeriod::night, scores({{3, 3}, {1, 6}})), 22);
    EXPECT_EQ(contact_hour(valormr(), HalfPeriod::night, scores({{3, 3}})), 24);
}

// ---- Worked example 12.1 ---------------------------------------------------------------------

struct Fixture {
    CampaignState state;
    Ruleset ruleset;
};

Fixture worked_example() {
    Problems problems;
    auto loaded = load_scenario_file(
        std::string(UMPIRE_TEST_DATA_DIR) + "/data/fixtures/worked-example-12.json", {kRulesetDir},
        problems);
    if (!loaded) throw std::runtime_error(problems.to_text());
    return {loaded->state, loaded->ruleset};
}

// What looks at, read from the fixture; the scouts are the example's (Hadewych's was
// killed, Aeskrvald's succeeded) and nobody had a contact this period or the one before.
ContactCommander commander_from(const Fixture& fx, const std::string& id) {
    const Force& force = *fx.state.find_force(id);
    ContactCommander c;
    c.force = id;
    c.side = fx.state.side_of(force);
    c.daily_allowance = daily_move_points(force, fx.ruleset);
    c.regiments = static_cast<int>(force.regiments.size());
    c.terrain = fx.state.map.at(force.hex())->terrain;
    c.scouted_opponent = id == "aeskrvald";
    return c;
}

TEST(WorkedExample12_1, ContactDiceHourAndIntelligence) {
    const Fixture fx = worked_example();
    const std::vector<ContactCommander> commanders{commander_from(fx, "aeskrvald"),
                                                   commander_from(fx, "hadewych"),
                                                   commander_from(fx, "ingegerd")};
    EventLog log;
    ScriptedDice dice({{5, "contact die"}, {4, "contact die"}, {3, "contact die"}});
    const auto scores = roll_contact_dice(fx.ruleset, commanders, dice, log);

    // Aeskrvald 5 +1 (terrain) +1 (successful scout) = 7, used as 6.
    EXPECT_EQ(modifiers_of(scores[0].modifiers),
              (Json{{"successful_scout", 1}, {"opponents_in_clear", 1}}));
    EXPECT_EQ(scores[0].modified, 7);
    EXPECT_EQ(scores[0].table_score(), 6);
    // Hadewych 4 +1 (opponents in clear) = 5.
    EXPECT_EQ(modifiers_of(scores[1].modifiers), (Json{{"opponents_in_clear", 1}}));
    EXPECT_EQ(scores[1].modified, 5);
    // Ingegerd 3 +1 (opponent in clear) = 4.
    EXPECT_EQ(modifiers_of(scores[2].modifiers), (Json{{"opponents_in_clear", 1}}));
    EXPECT_EQ(scores[2].modified, 4);

    // Contact hour: 12 - (5 - 3) = 10.
    EXPECT_EQ(contact_hour(fx.ruleset, HalfPeriod::afternoon, scores), 10);

    const Force& hadewych = *fx.state.find_force("hadewych");
    const Force& ingegerd = *fx.state.find_force("ingegerd");
    const Force& aeskrvald = *fx.state.find_force("aeskrvald");
    // Hadewych (5): +-10% with proportions and organization, on both opponents.
    ScriptedDice estimates({{4, "size estimate"}, {6, "size estimate"},    // 10: +10%
                            {1, "size estimate"}, {2, "size estimate"},    // 3: exact
                            {2, "size estimate"}, {3, "size estimate"}});  // 5: -10% at +-25
    EXPECT_EQ(json_of(contact_intelligence(fx.ruleset, scores[1].table_score(), ingegerd, estimates,
                                           log, "hadewych")),
              (Json{{"force", "ingegerd"},
                    {"aware", true},
                    {"score", 5},
                    {"size", {{"estimate", 24}, {"accuracy_percent", 10}}},  // 22 x 1.1 = 24.2
                    {"composition",
                     {{"companies",
                       {{{"type", "knights"}, {"share_percent", 73}},
                        {{"type", "archers"}, {"share_percent", 27}}}}}}}));
    EXPECT_EQ(json_of(contact_intelligence(fx.ruleset, scores[1].table_score(), aeskrvald,
                                           estimates, log, "hadewych")),
              (Json{{"force", "aeskrvald"},
                    {"aware", true},
                    {"score", 5},
                    {"size", {{"estimate", 25}, {"accuracy_percent", 10}}},
                    {"composition",
                     {{"companies",
                       {{{"type", "light_horse"}, {"share_percent", 72}},
                        {{"type", "knights"}, {"share_percent", 24}},
                        {{"type", "hero"}, {"share_percent", 4}}}}}}}));
    // Ingegerd (4): +-25% with all troop types.
    EXPECT_EQ(json_of(contact_intelligence(fx.ruleset, scores[2].table_score(), hadewych, estimates,
                                           log, "ingegerd")),
              (Json{{"force", "hadewych"},
                    {"aware", true},
                    {"score", 4},
                    {"size", {{"estimate", 36}, {"accuracy_percent", 25}}},  // 40 x 0.9
                    {"composition", {{"types", {"archers", "hero", "spearmen"}}}}}));
    EXPECT_EQ(estimates.remaining(), 0u);
    // Aeskrvald (7 -> 6): exact.
    EXPECT_EQ(json_of(contact_intelligence(fx.ruleset, scores[0].table_score(), hadewych, estimates,
                                           log, "aeskrvald")),
              (Json{{"force", "hadewych"},
                    {"aware", true},
                    {"score", 6},
                    {"size", {{"exact", 40}}},
                    {"composition",
                     {{"companies",
                       {{{"type", "spearmen"}, {"figures", 30}},
                        {{"type", "archers"}, {"figures", 9}},
                        {{"type", "hero"}, {"figures", 1}, {"name", "Sigrun"}}}}}}}));
}

}  // namespace
}  // namespace umpire::rules
