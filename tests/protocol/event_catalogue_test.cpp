// The event catalogue (protocol/events.json) against what uses it: the rules write every event as a
// typed record generated from it (rules/events/event_records.generated.hpp), every declared type
// has its schema, private fields are declared fields, and the projection strips exactly the
// declared private fields. The generated files' drift is checked by protocol.event_types_generated
// (scripts/gen_event_types.py --check).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "event_schemas.hpp"
#include "protocol/event_catalogue.hpp"
#include "protocol/event_visibility.hpp"
#include "protocol/projection.hpp"

namespace umpire::protocol {
namespace {

namespace fs = std::filesystem;

std::set<std::string> catalogue_types() {
    std::set<std::string> types;
    for (const auto& spec : event_catalogue()) types.emplace(spec.type);
    return types;
}

// The record's name of an event type: force_moved -> ForceMoved (scripts/gen_event_types.py).
std::string record_name(std::string_view type) {
    std::string name;
    bool upper = true;
    for (char c : type) {
        if (c == '_') {
            upper = true;
            continue;
        }
        name += upper ? static_cast<char>(c - 'a' + 'A') : c;
        upper = false;
    }
    return name;
}

struct RulesSources {
    std::set<std::string> records;  // event::<Record>{ written
    std::vector<std::string> plain_adds;  // log.add("type", ...) outside the records
};

RulesSources scan_rules() {
    RulesSources found;
    const std::regex record(R"(\bevent::([A-Z]\w*)\s*\{)");
    const std::regex plain_add(R"(\badd\(\s*\"([a-z_]+)\")");
    // Every rule area's sources (rules/<area>/*.cpp).
    for (const auto& entry :
         fs::recursive_directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "rules")) {
        const auto name = entry.path().filename().string();
        // events.cpp is the log itself; the generated header holds the records' own add().
        if (entry.path().extension() != ".cpp" || name == "events.cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator m(source.begin(), source.end(), record), end; m != end; ++m)
            found.records.insert((*m)[1]);
        for (std::sregex_iterator m(source.begin(), source.end(), plain_add), end; m != end; ++m)
            found.plain_adds.push_back(name + ": " + (*m)[1].str());
    }
    return found;
}

TEST(EventCatalogue, TheRulesWriteEveryEventAsATypedRecordOfTheCatalogue) {
    const auto found = scan_rules();
    EXPECT_TRUE(found.plain_adds.empty()) << "events written without their record, first: "
                                          << found.plain_adds.front();
    std::set<std::string> declared;
    for (const auto& spec : event_catalogue()) declared.insert(record_name(spec.type));
    for (const auto& name : found.records) EXPECT_TRUE(declared.count(name)) << name << " is not declared";
    // Written by the log itself, EventLog::roll (rules/events/events.cpp).
    declared.erase("DiceRoll");
    for (const auto& name : declared)
        EXPECT_TRUE(found.records.count(name)) << name << " is declared but no rule writes it";
    EXPECT_GT(found.records.size(), 50u);
}

TEST(EventCatalogue, EveryTypeHasItsSchemaAndNoSchemaIsLeftOver) {
    const auto declared = catalogue_types();
    const fs::path dir = fs::path(UMPIRE_SOURCE_DIR) / "protocol" / "schemas" / "events";
    for (const auto& type : declared) EXPECT_TRUE(fs::exists(dir / (type + ".json"))) << type;
    for (const auto& entry : fs::directory_iterator(dir))
        EXPECT_TRUE(declared.count(entry.path().stem().string())) << entry.path();
}

TEST(EventCatalogue, PrivateFieldsAreDeclaredFieldsAndTheProjectionStripsThem) {
    int with_private = 0;
    for (const auto& spec : event_catalogue()) {
        for (std::string_view p : spec.private_fields) {
            bool declared = false;
            for (const auto& f : spec.fields) declared = declared || (f.name == p && f.is_private);
            EXPECT_TRUE(declared) << spec.type << "." << p;
        }
        EXPECT_EQ(private_fields(spec.type).size(), spec.private_fields.size()) << spec.type;
        with_private += !spec.private_fields.empty();
    }
    EXPECT_EQ(with_private, 4);  // disengagement, losses, battle_losses, recovery_applied
    EXPECT_TRUE(private_fields("no_such_event").empty());
}

TEST(EventCatalogue, SchemasAreClosedAndTyped) {
    const nlohmann::json moved{{"type", "force_moved"}, {"audience", "all"}, {"force", "f"},
                               {"from", {0, 0}}, {"to", {1, 0}}, {"cost", 2}, {"spent", 2},
                               {"available", 6}, {"t", "1/3"}, {"half_period", "first"}};
    EXPECT_EQ(testing::event_mismatch(moved), "");
    auto extra = moved;
    extra["figures"] = 40;  // a field the catalogue does not declare
    EXPECT_NE(testing::event_mismatch(extra), "");
    auto wrong = moved;
    wrong["to"] = {1, 0, 3};  // not a hex
    EXPECT_NE(testing::event_mismatch(wrong), "");
    auto missing = moved;
    missing.erase("cost");
    EXPECT_NE(testing::event_mismatch(missing), "");
    EXPECT_NE(testing::event_mismatch({{"type", "secret_plan"}, {"audience", "all"}}), "");
}

}  // namespace
}  // namespace umpire::protocol
