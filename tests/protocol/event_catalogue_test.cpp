// The event catalogue (protocol/events.json) against what uses it: every event type the rules
// write is declared, every declared type has its schema, private fields are declared fields,
// and the projection strips exactly the declared private fields. The generated files' drift is
// checked by protocol.event_types_generated (scripts/gen_event_types.py --check).
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

// Event types named as literals where the rules record events: add("type", ...), and
// add(rout ? "rout_move" : "retreat_move", ...).
std::set<std::string> types_written_by_the_rules() {
    std::set<std::string> types;
    const std::regex add(R"(\badd\(\s*\"([a-z_]+)\")");
    const std::regex choice(R"(\badd\(\s*\w+\s*\?\s*\"([a-z_]+)\"\s*:\s*\"([a-z_]+)\")");
    for (const auto& entry : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "rules")) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator m(source.begin(), source.end(), add), end; m != end; ++m)
            types.insert((*m)[1]);
        for (std::sregex_iterator m(source.begin(), source.end(), choice), end; m != end; ++m) {
            types.insert((*m)[1]);
            types.insert((*m)[2]);
        }
    }
    return types;
}

TEST(EventCatalogue, DeclaresEveryTypeTheRulesWrite) {
    const auto declared = catalogue_types();
    const auto written = types_written_by_the_rules();
    EXPECT_GT(written.size(), 50u) << "the scan of rules/*.cpp found too few event types";
    for (const auto& type : written) EXPECT_TRUE(declared.count(type)) << type << " is not declared";
    for (const auto& type : declared) EXPECT_TRUE(written.count(type)) << type << " is declared but never written";
    EXPECT_TRUE(written.count("retreat_move") && written.count("rout_move"));
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
