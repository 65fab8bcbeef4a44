#pragma once
// What `umpire resolve` and `umpire play` read before resolving: the scenario with its ruleset,
// the orders, answers to decisions, and a way to make the same dice afresh for every replay.
#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_io.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/orders.hpp"

namespace umpire::cli {

struct RunOptions {
    std::string scenario;
    std::string orders;
    std::string decisions;
    std::string dice;
    std::optional<std::uint64_t> seed;
    int periods = 1;
    std::string state_out;
    std::vector<std::string> ruleset_dirs;
    std::string format = "jsonl";
};

// Registers the options both commands share.
void add_run_options(CLI::App& cmd, RunOptions& options);

struct RunInputs {
    rules::LoadedScenario scenario;
    std::vector<rules::PeriodOrders> orders;
    std::map<std::string, rules::Json> answers;  // decision id -> answer
    // A fresh dice source for one run of a period's resolution: the same rolls every time for
    // that period — seeded from the campaign seed and the period (so a saved state resumes
    // with the same dice), or the scripted rolls after those of the periods already done.
    std::function<std::unique_ptr<rules::DiceSource>(const rules::Calendar&)> fresh_dice;
    std::function<void()> period_done;  // a period completed: the script moves on past it
    rules::Json dice_source;            // the "dice_source" event
    std::string dice_file;
};

// Loads everything; a file with problems ends the command with exit code 2.
RunInputs load_run_inputs(const RunOptions& options);
rules::PeriodOrders orders_for(const RunInputs& inputs, const rules::Calendar& calendar);
void print_event(const rules::Json& event, const std::string& format);
void write_state(const rules::CampaignState& state, const std::string& file);

}  // namespace umpire::cli
