// The scenario format: reading, checking against a ruleset, writing, the round trip, loading
// files with their ruleset, and the table of bad files under tests/data/scenarios/bad/.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "documents/ruleset_load.hpp"
#include "documents/scenario_io.hpp"

namespace umpire::rules {
namespace {

namespace fs = std::filesystem;

const std::string kRulesetDir = std::string(UMPIRE_SOURCE_DIR) + "/rulesets";
const std::string kRulesetFile = kRulesetDir + "/valormr-1.json";

// Every part of the format, with forces out of id order, a gap in a row, two rows sharing an r,
// two letters for one terrain, and a force carrying all its optional state.
constexpr const char* kDemo = R"({
  "format": "umpire-scenario/1",
  "id": "test-demo",
  "name": "Test demo",
  "description": "Every part of the format.",
  "ruleset": {"name": "valormr", "version": "1"},
  "calendar": {"start_date": "1205-06-01", "day": 3, "period": "night"},
  "map": {
    "legend": {"c": "clear", "f": "forest", "h": "hill", "s": "swamp", "m": "mountain",
               "w": "water", "C": "clear"},
    "rows": [
      {"r": 0, "q": 0, "terrain": "ccffh"},
      {"r": 1, "q": -1, "terrain": "cc.ff"},
      {"r": 1, "q": 4, "terrain": "mw"},
      {"r": 2, "q": -1, "terrain": "sCchm"}
    ],
    "roads": [[[0, 0], [1, 0], [2, 0]]],
    "tracks": [[[0, 1], [0, 2]]],
    "rivers": [[[2, 1], [3, 1]]],
    "dwellings": [{"hex": [1, 0], "kind": "village", "name": "Eldholm"},
                  {"hex": [0, 2], "kind": "castle"}]
  },
  "sides": [{"id": "north", "name": "The North", "home_hexes": [[0, 0], [1, 0]]},
            {"id": "south", "name": "The South"}],
  "players": [{"id": "p1", "name": "Ann", "side": "north"},
              {"id": "p2", "name": "Bo", "side": "south"}],
  "forces": [
    {"id": "zora", "name": "Zora's host", "player": "p2", "hex": [4, 1],
     "general": {"name": "Zora", "leadership": 2}, "camp": false,
     "order_state": "unformed", "cavalry_readiness": "tired", "saved_points": 4,
     "forced_march_blocked": true, "stationary_half_periods": 2,
     "regiments": [{"id": "z1", "morale": 8,
                    "companies": [{"type": "troll", "figures": 3}]}]},
    {"id": "hadewych", "name": "Hadewych's army", "player": "p1", "hex": [2, 0],
     "general": {"name": "Hadewych", "leadership": 1}, "camp": true,
     "regiments": [{"id": "h1", "name": "Spears", "morale": 6,
                    "companies": [{"type": "spearmen", "figures": 24},
                                  {"type": "hero", "figures": 1, "name": "Sigrun"}]},
                   {"id": "h2", "name": "Horse", "morale": 7,
                    "companies": [{"type": "knights", "figures": 12}]}]}
  ]
})";

Json parse(const std::string& text) { return Json::parse(text); }

CampaignState read_ok(const Json& doc) {
    Problems problems;
    auto state = read_scenario(doc, problems);
    EXPECT_TRUE(problems.empty()) << problems.to_text();
    if (!state) throw std::runtime_error("scenario did not read");
    return *state;
}

std::string read_text_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void write_text_file(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

// A ruleset built in code, so checks can be tested whatever the shipped file says.
Ruleset code_ruleset() {
    Ruleset ruleset;
    ruleset.name = "valormr";
    ruleset.version = "1";
    ruleset.hash = std::string(64, 'a');
    for (const char* name : {"clear", "forest", "hill", "swamp", "mountain", "water"}) {
        TerrainType terrain;
        terrain.name = name;
        terrain.passable = std::string(name) != "water";
        terrain.cost = 6;
        ruleset.terrain[name] = terrain;
    }
    for (const char* name : {"spearmen", "hero", "knights", "troll"}) {
        TroopType type;
        type.name = name;
        ruleset.troop_types[name] = type;
    }
    return ruleset;
}

bool has_problem(const Problems& problems, const std::string& path, const std::string& fragment) {
    return std::any_of(problems.list().begin(), problems.list().end(), [&](const Problem& p) {
        return p.path == path && p.message.find(fragment) != std::string::npos;
    });
}

// --- Reading -----------------------------------------------------------------------------------

// R-1.1: the map is a grid of hexes in axial coordinates, each with one terrain and optional
// features (roads, tracks, rivers between hexes, dwellings).
TEST(ScenarioRead, ReadsEveryPart) {
    const CampaignState state = read_ok(parse(kDemo));
    EXPECT_EQ(state.id, "test-demo");
    EXPECT_EQ(state.description, "Every part of the format.");
    EXPECT_EQ(state.ruleset.name, "valormr");
    EXPECT_EQ(state.ruleset.version, "1");
    EXPECT_EQ(state.ruleset.hash, "");
    EXPECT_EQ(state.calendar.start_date, "1205-06-01");
    EXPECT_EQ(state.calendar.day, 3);
    EXPECT_EQ(state.calendar.period, PeriodKind::night);

    // 5 + 4 (a gap at q = 1) + 2 + 5 hexes; char i of a row is hex (q + i, r).
    EXPECT_EQ(state.map.hexes.size(), 16u);
    EXPECT_EQ(state.map.at({-1, 1})->terrain, "clear");
    EXPECT_FALSE(state.map.contains({1, 1}));
    EXPECT_EQ(state.map.at({5, 1})->terrain, "water");
    EXPECT_EQ(state.map.at({0, 2})->terrain, "clear");  // 'C' names clear too
    EXPECT_TRUE(state.map.road_between({2, 0}, {1, 0}));
    EXPECT_FALSE(state.map.road_between({0, 0}, {2, 0}));
    EXPECT_TRUE(state.map.track_between({0, 2}, {0, 1}));
    EXPECT_TRUE(state.map.river_between({3, 1}, {2, 1}));
    ASSERT_TRUE(state.map.at({1, 0})->dwelling.has_value());
    EXPECT_EQ(state.map.at({1, 0})->dwelling->name, "Eldholm");
    EXPECT_EQ(state.map.at({0, 2})->dwelling->kind, "castle");

    ASSERT_EQ(state.sides.size(), 2u);
    EXPECT_EQ(state.sides[0].home_hexes.size(), 2u);
    EXPECT_TRUE(state.sides[1].home_hexes.empty());
    ASSERT_EQ(state.players.size(), 2u);
    EXPECT_EQ(state.players[1].side, "south");
}

TEST(ScenarioRead, KeepsForcesSortedById) {
    const CampaignState state = read_ok(parse(kDemo));
    ASSERT_EQ(state.forces.size(), 2u);
    EXPECT_EQ(state.forces[0].id, "hadewych");
    EXPECT_EQ(state.forces[1].id, "zora");
}

TEST(ScenarioRead, ReadsForceStateAndItsDefaults) {
    const CampaignState state = read_ok(parse(kDemo));
    const Force& hadewych = *state.find_force("hadewych");
    EXPECT_EQ(hadewych.hex(), (Hex{2, 0}));
    EXPECT_EQ(hadewych.general.leadership, 1);
    EXPECT_TRUE(hadewych.has_camp);
    EXPECT_EQ(hadewych.order_state, OrderState::formed);
    EXPECT_EQ(hadewych.readiness, CavalryReadiness::fresh);
    EXPECT_EQ(hadewych.saved_points, 0);
    EXPECT_FALSE(hadewych.forced_march_blocked);
    EXPECT_EQ(hadewych.stationary_half_periods, 0);
    ASSERT_EQ(hadewych.regiments.size(), 2u);
    EXPECT_EQ(hadewych.regiments[0].id, "h1");  // regiment order is role order: kept
    EXPECT_EQ(hadewych.regiments[0].companies[1].name, "Sigrun");
    EXPECT_EQ(hadewych.figures(), 37);

    const Force& zora = *state.find_force("zora");
    EXPECT_FALSE(zora.has_camp);
    EXPECT_EQ(zora.order_state, OrderState::unformed);
    EXPECT_EQ(zora.readiness, CavalryReadiness::tired);
    EXPECT_EQ(zora.saved_points, 4);
    EXPECT_TRUE(zora.forced_march_blocked);
    EXPECT_EQ(zora.stationary_half_periods, 2);
    EXPECT_EQ(zora.regiments[0].name, "");
}

TEST(ScenarioRead, ReportsEveryProblemAtOnce) {
    Json doc = parse(kDemo);
    doc["forces"][0]["hex"] = Json::array({9, 9});
    doc["forces"][1]["general"]["leadership"] = -1;
    doc["players"][0]["side"] = "east";
    Problems problems;
    EXPECT_FALSE(read_scenario(doc, problems).has_value());
    EXPECT_EQ(problems.size(), 3u) << problems.to_text();
    EXPECT_TRUE(has_problem(problems, "$.forces[0].hex", "off the map"));
    EXPECT_TRUE(has_problem(problems, "$.forces[1].general.leadership", "between 0 and 2"));
    EXPECT_TRUE(has_problem(problems, "$.players[0].side", "unknown side \"east\""));
}

TEST(ScenarioRead, RefusesStandingInstructionsTheEngineCannotRead) {
    // R-11.3: checked where the scenario gives them, as orders are; before, "charge" was
    // carried silently and a flag of "yes" failed only when a decision read it.
    Json doc = parse(kDemo);
    doc["forces"][0]["standing_instructions"] = {{"contact", {"engage", "charge"}},
                                                 {"rearguard", "yes"}};
    Problems problems;
    EXPECT_FALSE(read_scenario(doc, problems).has_value());
    EXPECT_TRUE(has_problem(problems, "$.forces[0].standing_instructions.contact[1]",
                            "\"charge\" is not one of"))
        << problems.to_text();
    EXPECT_TRUE(has_problem(problems, "$.forces[0].standing_instructions.rearguard", ""))
        << problems.to_text();
    // Instructions it can read come back as given.
    doc["forces"][0]["standing_instructions"] = {{"contact", {"engage", "engage"}},
                                                 {"cards", "auto"}};
    const CampaignState state = read_ok(doc);
    const std::string id = doc["forces"][0]["id"];
    const Json written = write_scenario(state);  // kept: the loop reads inside it
    for (const auto& force : written["forces"])
        if (force["id"] == id)
            EXPECT_EQ(force["standing_instructions"], doc["forces"][0]["standing_instructions"]);
    ASSERT_TRUE(state.find_force(id)->standing_instructions);
}

TEST(ScenarioRead, ABrokenMapDoesNotMakeEveryHexOffTheMap) {
    Json doc = parse(kDemo);
    doc["map"]["rows"][0]["terrain"] = "ccffx";
    Problems problems;
    EXPECT_FALSE(read_scenario(doc, problems).has_value());
    EXPECT_EQ(problems.size(), 1u) << problems.to_text();
    EXPECT_TRUE(has_problem(problems, "$.map.rows[0].terrain", "letter 'x' at column 4"));
}

TEST(ScenarioRead, RejectsANonObjectDocument) {
    Problems problems;
    EXPECT_FALSE(read_scenario(Json::array(), problems).has_value());
    EXPECT_TRUE(has_problem(problems, "$", "expected an object"));
}

// --- Writing and the round trip ---------------------------------------------------------------

TEST(ScenarioRoundTrip, WriteReadWriteIsByteIdentical) {
    const Json first = write_scenario(read_ok(parse(kDemo)));
    const Json second = write_scenario(read_ok(first));
    EXPECT_EQ(first.dump(), second.dump());

    const std::string text = write_scenario_text(read_ok(parse(kDemo)));
    const std::string text_again = write_scenario_text(read_ok(parse(text)));
    EXPECT_EQ(text, text_again);
    // The text is the same document as the Json.
    EXPECT_EQ(parse(text), first);
}

TEST(ScenarioRoundTrip, WritesEveryMemberAndNormalizesRows) {
    const Json out = write_scenario(read_ok(parse(kDemo)));
    EXPECT_EQ(out["format"], "umpire-scenario/1");
    // One row per r; the lowest letter naming a terrain is used ('C' < 'c').
    EXPECT_EQ(out["map"]["rows"][1], parse(R"({"r": 1, "q": -1, "terrain": "CC.ffmw"})"));
    const Json& hadewych = out["forces"][0];
    EXPECT_EQ(hadewych["id"], "hadewych");
    EXPECT_EQ(hadewych["order_state"], "formed");
    EXPECT_EQ(hadewych["saved_points"], 0);
    EXPECT_FALSE(hadewych["regiments"][0]["companies"][0].contains("name"));
    EXPECT_EQ(hadewych["regiments"][0]["companies"][1]["name"], "Sigrun");
    EXPECT_FALSE(out["ruleset"].contains("sha256"));
}

TEST(ScenarioRoundTrip, KeepsAPinnedHash) {
    Json doc = parse(kDemo);
    doc["ruleset"]["sha256"] = std::string(64, 'b');
    const Json out = write_scenario(read_ok(doc));
    EXPECT_EQ(out["ruleset"]["sha256"], std::string(64, 'b'));
}

TEST(ScenarioRoundTrip, StateChangedInCodeStaysStable) {
    CampaignState state = read_ok(parse(kDemo));
    // What resolution or a GM tool might do: new terrain, a road with no drawn line, a force
    // appended out of order, a state the writer must still put in canonical form.
    state.map.hexes[{3, 1}].terrain = "ford";
    state.map.roads.insert(HexEdge::between({0, 1}, {0, 2}));
    Force extra = state.forces[0];
    extra.id = "aaron";
    extra.place_at({0, 1});
    extra.regiments[0].id = "a1";
    extra.regiments[1].id = "a2";
    state.forces.push_back(extra);

    const Json first = write_scenario(state);
    EXPECT_EQ(first["forces"][0]["id"], "aaron");
    EXPECT_EQ(first["map"]["legend"]["a"], "ford");
    const CampaignState back = read_ok(first);
    EXPECT_EQ(back.map.at({3, 1})->terrain, "ford");
    EXPECT_TRUE(back.map.road_between({0, 1}, {0, 2}));
    EXPECT_EQ(write_scenario(back).dump(), first.dump());
}

// The example in docs/scenario-format.md is valid, fits the shipped ruleset and round-trips.
TEST(ScenarioRoundTrip, DocumentedExample) {
    const std::string doc_text =
        read_text_file(fs::path(UMPIRE_SOURCE_DIR) / "docs" / "scenario-format.md");
    const auto start = doc_text.find("```json\n");
    ASSERT_NE(start, std::string::npos);
    const auto end = doc_text.find("```", start + 8);
    ASSERT_NE(end, std::string::npos);
    const Json example = parse(doc_text.substr(start + 8, end - start - 8));

    const CampaignState state = read_ok(example);
    Problems ruleset_problems;
    const auto ruleset = load_ruleset_file(kRulesetFile, ruleset_problems);
    ASSERT_TRUE(ruleset.has_value()) << ruleset_problems.to_text();
    Problems problems;
    check_scenario_against_ruleset(state, *ruleset, problems, &example);
    EXPECT_TRUE(problems.empty()) << problems.to_text();
    // The example is written the way the writer writes it.
    EXPECT_EQ(write_scenario_text(state), doc_text.substr(start + 8, end - start - 8));
}

// --- Checking against the ruleset --------------------------------------------------------------

TEST(ScenarioCheck, DemoFitsTheRuleset) {
    Problems problems;
    check_scenario_against_ruleset(read_ok(parse(kDemo)), code_ruleset(), problems);
    EXPECT_TRUE(problems.empty()) << problems.to_text();
}

TEST(ScenarioCheck, ReportsAnotherRuleset) {
    Json doc = parse(kDemo);
    doc["ruleset"] =
        parse(R"({"name": "other", "version": "2", "sha256": ")" + std::string(64, 'b') + "\"}");
    Problems problems;
    check_scenario_against_ruleset(read_ok(doc), code_ruleset(), problems);
    EXPECT_EQ(problems.size(), 3u) << problems.to_text();
    EXPECT_TRUE(has_problem(problems, "$.ruleset.name", "names ruleset \"other\""));
    EXPECT_TRUE(has_problem(problems, "$.ruleset.version", "names version \"2\""));
    EXPECT_TRUE(has_problem(problems, "$.ruleset.sha256", "pins sha256 bbbb"));
}

TEST(ScenarioCheck, ReportsUnknownNamesAndImpassableHexes) {
    Json doc = parse(kDemo);
    doc["map"]["legend"]["h"] = "hills";
    doc["forces"][0]["hex"] = Json::array({5, 1});  // water
    doc["forces"][0]["saved_points"] = 13;
    doc["forces"][1]["regiments"][1]["companies"][0]["type"] = "knight";
    doc["forces"][1]["regiments"][0]["morale"] = 1;
    Problems problems;
    check_scenario_against_ruleset(read_ok(doc), code_ruleset(), problems, &doc);
    EXPECT_EQ(problems.size(), 5u) << problems.to_text();
    EXPECT_TRUE(has_problem(problems, "$.map.legend.h", "unknown terrain \"hills\""));
    // Paths follow the document, where zora is first, not the sorted state.
    EXPECT_TRUE(has_problem(problems, "$.forces[0].hex", "impassable terrain \"water\""));
    EXPECT_TRUE(has_problem(problems, "$.forces[0].saved_points", "at most 12"));
    EXPECT_TRUE(has_problem(problems, "$.forces[1].regiments[1].companies[0].type",
                            "unknown troop type \"knight\""));
    EXPECT_TRUE(has_problem(problems, "$.forces[1].regiments[0].morale", "2d6 scale"));
}

TEST(ScenarioCheck, WithoutASourcePathsFollowTheWrittenOrder) {
    Json doc = parse(kDemo);
    doc["forces"][0]["regiments"][0]["companies"][0]["type"] = "ogre";  // zora
    Problems problems;
    check_scenario_against_ruleset(read_ok(doc), code_ruleset(), problems);
    EXPECT_TRUE(has_problem(problems, "$.forces[1].regiments[0].companies[0].type", "\"ogre\""))
        << problems.to_text();
}

// --- Loading files -----------------------------------------------------------------------------

class ScenarioFile : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("umpire-scenario-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        write_text_file(dir_ / "campaign" / "demo.json", kDemo);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string scenario() const { return (dir_ / "campaign" / "demo.json").string(); }
    fs::path dir_;
};

TEST_F(ScenarioFile, FindsTheRulesetBesideTheScenarioFolder) {
    fs::create_directories(dir_ / "rulesets");
    fs::copy_file(kRulesetFile, dir_ / "rulesets" / "valormr-1.json");
    Problems problems;
    const auto loaded = load_scenario_file(scenario(), {}, problems);
    ASSERT_TRUE(loaded.has_value()) << problems.to_text();
    EXPECT_EQ(loaded->ruleset.name, "valormr");
    EXPECT_EQ(loaded->state.forces.size(), 2u);
}

TEST_F(ScenarioFile, FindsTheRulesetInTheScenarioFolder) {
    fs::copy_file(kRulesetFile, dir_ / "campaign" / "valormr-1.json");
    Problems problems;
    EXPECT_TRUE(load_scenario_file(scenario(), {}, problems).has_value()) << problems.to_text();
}

TEST_F(ScenarioFile, GivenFoldersComeFirst) {
    write_text_file(dir_ / "campaign" / "valormr-1.json", "{}");
    Problems problems;
    EXPECT_TRUE(load_scenario_file(scenario(), {kRulesetDir}, problems).has_value())
        << problems.to_text();
}

TEST_F(ScenarioFile, NamesTheRulesetFileInItsProblems) {
    const fs::path broken = dir_ / "rulesets" / "valormr-1.json";
    write_text_file(broken, R"({"name": "valormr"})");
    Problems problems;
    EXPECT_FALSE(load_scenario_file(scenario(), {}, problems).has_value());
    ASSERT_FALSE(problems.empty());
    const std::string prefix = broken.lexically_normal().string() + ":$";
    for (const auto& problem : problems.list())
        EXPECT_EQ(problem.path.rfind(prefix, 0), 0u) << problem.path;
}

TEST_F(ScenarioFile, ReportsAMissingRuleset) {
    Problems problems;
    EXPECT_FALSE(load_scenario_file(scenario(), {}, problems).has_value());
    EXPECT_TRUE(has_problem(problems, "$.ruleset", "no ruleset file valormr-1.json"))
        << problems.to_text();
}

TEST_F(ScenarioFile, ReportsAnUnreadableFile) {
    Problems problems;
    EXPECT_FALSE(load_scenario_file((dir_ / "nothing.json").string(), {}, problems).has_value());
    EXPECT_TRUE(has_problem(problems, "$", "cannot read file")) << problems.to_text();
}

// --- Bad files: each <name>.json has a <name>.expect of "path: message fragment" lines
// ------------

const fs::path kBadDir = fs::path(UMPIRE_TEST_DATA_DIR) / "data" / "scenarios" / "bad";

std::vector<std::string> bad_files() {
    std::vector<std::string> out;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(kBadDir, error))
        if (entry.path().extension() == ".json") out.push_back(entry.path().stem().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Problem> expectations(const fs::path& file) {
    std::vector<Problem> out;
    std::istringstream lines(read_text_file(file));
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.find(": ");
        out.push_back(colon == std::string::npos
                          ? Problem{line, ""}
                          : Problem{line.substr(0, colon), line.substr(colon + 2)});
    }
    return out;
}

class ScenarioBadFile : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioBadFile, ReportsExactlyTheExpectedProblems) {
    const auto expected = expectations(kBadDir / (GetParam() + ".expect"));
    ASSERT_FALSE(expected.empty()) << "no " << GetParam() << ".expect";
    Problems problems;
    const auto loaded =
        load_scenario_file((kBadDir / (GetParam() + ".json")).string(), {kRulesetDir}, problems);
    EXPECT_FALSE(loaded.has_value());
    SCOPED_TRACE("problems:\n" + problems.to_text());
    for (const auto& e : expected)
        EXPECT_TRUE(has_problem(problems, e.path, e.message))
            << "expected " << e.path << ": " << e.message;
    // Each file is bad in one way only: nothing unexpected may be reported.
    for (const auto& p : problems.list()) {
        const bool wanted = std::any_of(expected.begin(), expected.end(), [&](const Problem& e) {
            return e.path == p.path && p.message.find(e.message) != std::string::npos;
        });
        EXPECT_TRUE(wanted) << "unexpected " << p.path << ": " << p.message;
    }
}

INSTANTIATE_TEST_SUITE_P(Files, ScenarioBadFile, ::testing::ValuesIn(bad_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(ScenarioBadFiles, AreThere) { EXPECT_GE(bad_files().size(), 10u); }

}  // namespace
}  // namespace umpire::rules
