// Table-driven rules cases (DESIGN habit 3): each file under tests/cases/ gives a state before,
// orders and scripted dice, and the events and state expected after. See tests/cases/README.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "documents/dice_script.hpp"
#include "documents/orders_json.hpp"
#include "case_scenario.hpp"
#include "documents/scenario_io.hpp"
#include "event_schemas.hpp"
#include "json_match.hpp"
#include "shipped_ruleset.hpp"
#include "umpire/rules/decision_json.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::rules {
namespace {

namespace fs = std::filesystem;
using testing::case_scenario;
using testing::json_mismatch;
using testing::kCasesDir;
using testing::read_json;

std::vector<fs::path> case_files() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(kCasesDir))
        if (entry.is_regular_file() && entry.path().extension() == ".json" &&
            entry.path().parent_path().filename() != "base")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class RuleCase : public ::testing::TestWithParam<fs::path> {};

TEST_P(RuleCase, Reproduces) {
    const Json c = read_json(GetParam());
    SCOPED_TRACE(c.value("name", GetParam().string()));
    ASSERT_TRUE(c.contains("expect_events") || c.contains("expect_state") ||
                c.contains("expect_pending"))
        << "a case must expect something";
    const Ruleset& ruleset = valormr();

    Problems problems;
    const Json scenario = case_scenario(c.at("scenario"));
    auto state = read_scenario(scenario, problems);
    if (state) check_scenario_against_ruleset(*state, ruleset, problems, &scenario);
    ASSERT_TRUE(problems.empty()) << problems.to_text();

    // "periods": one entry of orders per period resolved; "orders" alone means one period.
    Json periods = c.contains("periods") ? c["periods"]
                                         : Json::array({Json{{"orders", c.value("orders", Json::array())}}});
    std::vector<ScriptedRoll> rolls;
    if (c.contains("dice")) {
        auto read = read_scripted_rolls(c["dice"], "$.dice", problems);
        ASSERT_TRUE(read) << problems.to_text();
        rolls = *read;
    }
    // Scripted rolls first; with "then_seed" the rolls after them come from a seeded source, for
    // cases that check movement and leave the contact procedure's many rolls to chance.
    ScriptedDice scripted(rolls);
    struct ThenSeeded : DiceSource {
        ScriptedDice& first;
        std::optional<SeededDice> rest;
        ThenSeeded(ScriptedDice& f, std::optional<std::uint64_t> seed) : first(f) {
            if (seed) rest.emplace(*seed);
        }
        int roll(int sides, const std::string& purpose) override {
            if (first.remaining() == 0 && rest) return rest->roll(sides, purpose);
            return first.roll(sides, purpose);
        }
    };
    std::optional<std::uint64_t> then_seed;
    if (c.contains("then_seed")) then_seed = c["then_seed"].get<std::uint64_t>();
    ThenSeeded dice(scripted, then_seed);

    std::vector<Json> events;
    std::vector<DecisionRequest> pending;
    for (std::size_t i = 0; i < periods.size(); ++i) {
        Json doc{{"periods", {{{"day", state->calendar.day},
                               {"period", to_string(state->calendar.period)},
                               {"orders", periods[i].value("orders", Json::array())}}}}};
        auto orders = read_orders(doc, problems);
        ASSERT_TRUE(orders) << problems.to_text();
        PeriodInputs inputs{orders->front(), {}, periods[i].value("settle_missing", true)};
        // A named copy: items() of a temporary would dangle inside the loop.
        const Json answers = periods[i].value("answers", Json::object());
        for (auto& [id, answer] : answers.items()) inputs.answers[id] = answer_from_json(answer);
        PeriodOutcome out = resolve_period(*state, ruleset, inputs, dice);
        for (const auto& e : out.events) events.push_back(e.json());
        if (!out.complete) {
            // A period waiting for answers: the case checks what is asked ("expect_pending").
            ASSERT_EQ(i + 1, periods.size()) << "only the last period may wait for answers";
            pending = out.pending;
            break;
        }
        *state = std::move(out.state);
    }
    EXPECT_EQ(scripted.remaining(), 0u) << "scripted dice left unused";

    std::string all;
    for (const auto& e : events) all += e.dump() + "\n";

    // Expected events appear in this order (other events may come between).
    std::size_t at = 0;
    for (const Json& expected : c.value("expect_events", Json::array())) {
        while (at < events.size() && !testing::json_matches(expected, events[at])) ++at;
        ASSERT_LT(at, events.size()) << "expected event not found in order: " << expected.dump()
                                     << "\nevents:\n" << all;
        ++at;
    }
    // Every event is one the catalogue declares, with the fields and types it declares.
    for (const auto& e : events) EXPECT_EQ(testing::event_mismatch(e), "");
    for (const Json& unwanted : c.value("absent_events", Json::array()))
        for (const auto& e : events)
            EXPECT_FALSE(testing::json_matches(unwanted, e))
                << "unexpected event " << e.dump() << " matches " << unwanted.dump();

    // The open decision requests, in order, when the last period waits for answers.
    const Json expect_pending = c.value("expect_pending", Json::array());
    ASSERT_EQ(pending.size(), expect_pending.size()) << "pending decisions:\n" << [&] {
        std::string text;
        for (const auto& r : pending) text += to_json(r).dump() + "\n";
        return text;
    }();
    for (std::size_t k = 0; k < pending.size(); ++k)
        EXPECT_EQ(json_mismatch(expect_pending[k], to_json(pending[k]), "$.pending"), "");
    // Each context is what its kind's schema declares, and reads back as it went out.
    for (const auto& r : pending) {
        const Json sent = to_json(r);
        EXPECT_EQ(testing::decision_context_mismatch(sent), "");
        const auto back = context_from_json(r.kind, sent["context"]);
        EXPECT_FALSE(std::holds_alternative<StoredContext>(back)) << to_string(r.kind);
        EXPECT_EQ(context_json(back), sent["context"]);
    }

    // Expected state, forces keyed by id.
    const Json after = write_scenario(*state);
    const Json expect_state = c.value("expect_state", Json::object());
    for (auto it = expect_state.begin(); it != expect_state.end(); ++it) {
        if (it.key() != "forces") {
            EXPECT_EQ(json_mismatch(it.value(), after[it.key()], "$." + it.key()), "");
            continue;
        }
        for (auto f = it.value().begin(); f != it.value().end(); ++f) {
            auto found = std::find_if(after["forces"].begin(), after["forces"].end(),
                                      [&](const Json& x) { return x["id"] == f.key(); });
            ASSERT_NE(found, after["forces"].end()) << "no force " << f.key();
            EXPECT_EQ(json_mismatch(f.value(), *found, "$.forces." + f.key()), "")
                << "events:\n" << all;
        }
    }
}

std::string case_name(const ::testing::TestParamInfo<fs::path>& info) {
    std::string name = fs::relative(info.param, kCasesDir).replace_extension().string();
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Cases, RuleCase, ::testing::ValuesIn(case_files()), case_name);

}  // namespace
}  // namespace umpire::rules
