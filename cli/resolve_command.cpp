// `umpire resolve`: resolves periods headless and prints the events as JSON lines (or text).
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include "cli/commands.hpp"
#include "cli/event_text.hpp"
#include "rules/dice_script.hpp"
#include "rules/period.hpp"
#include "rules/scenario_io.hpp"

namespace umpire::cli {

namespace {

struct ResolveOptions {
    std::string scenario;
    std::string orders;
    std::string dice;
    std::optional<std::uint64_t> seed;
    int periods = 1;
    std::string state_out;
    std::vector<std::string> ruleset_dirs;
    std::string format = "jsonl";
};

[[noreturn]] void fail(const std::string& file, const rules::Problems& problems) {
    std::cerr << file << ": " << problems.size() << " problem(s)\n" << problems.to_text();
    throw CLI::RuntimeError(kExitInvalidInput);
}

std::vector<rules::PeriodOrders> load_orders(const std::string& file) {
    if (file.empty()) return {};
    rules::Problems problems;
    auto document = rules::read_json_file(file, problems);
    std::optional<std::vector<rules::PeriodOrders>> orders;
    if (document) orders = rules::read_orders(*document, problems);
    if (!orders) fail(file, problems);
    return *orders;
}

std::unique_ptr<rules::DiceSource> make_dice(const ResolveOptions& options, rules::Json& source) {
    if (!options.dice.empty()) {
        rules::Problems problems;
        auto document = rules::read_json_file(options.dice, problems);
        std::optional<std::vector<rules::ScriptedRoll>> rolls;
        if (document) rolls = rules::read_scripted_rolls(*document, "$", problems);
        if (!rolls) fail(options.dice, problems);
        source = {{"type", "dice_source"}, {"kind", "scripted"}, {"rolls", rolls->size()}};
        return std::make_unique<rules::ScriptedDice>(std::move(*rolls));
    }
    // Without --seed a fresh seed is drawn, and printed so the run can be repeated.
    const std::uint64_t seed =
        options.seed ? *options.seed
                     : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    source = {{"type", "dice_source"}, {"kind", "seeded"}, {"seed", seed}};
    return std::make_unique<rules::SeededDice>(seed);
}

void print(const rules::Json& event, const std::string& format) {
    if (format == "text") {
        if (auto line = describe_event(event); !line.empty()) std::cout << line << "\n";
    } else {
        std::cout << event.dump() << "\n";
    }
}

void run(const ResolveOptions& options) {
    rules::Problems problems;
    auto loaded = rules::load_scenario_file(options.scenario,
                                            ruleset_search_dirs(options.ruleset_dirs), problems);
    if (!loaded) fail(options.scenario, problems);
    const auto orders = load_orders(options.orders);
    rules::Json source;
    auto dice = make_dice(options, source);
    print(source, options.format);

    rules::CampaignState& state = loaded->state;
    try {
        for (int i = 0; i < options.periods; ++i) {
            rules::PeriodOrders current{state.calendar.day, state.calendar.period, {}};
            for (const auto& p : orders)
                if (p.day == current.day && p.period == current.period) current = p;
            for (const auto& event : rules::resolve_period(state, loaded->ruleset, current, *dice))
                print(event, options.format);
        }
    } catch (const rules::DiceScriptError& e) {
        std::cerr << options.dice << ": " << e.what() << "\n";
        throw CLI::RuntimeError(kExitDiceScript);
    }
    if (auto* scripted = dynamic_cast<rules::ScriptedDice*>(dice.get());
        scripted && scripted->remaining() > 0)
        std::cerr << options.dice << ": warning: " << scripted->remaining()
                  << " scripted roll(s) were not used\n";

    if (!options.state_out.empty()) {
        std::ofstream out(options.state_out, std::ios::binary | std::ios::trunc);
        out << rules::write_scenario_text(state);
        if (!out.flush()) {
            std::cerr << options.state_out << ": cannot write the state\n";
            throw CLI::RuntimeError(kExitInvalidInput);
        }
    }
}

}  // namespace

void add_resolve_command(CLI::App& app) {
    auto options = std::make_shared<ResolveOptions>();
    CLI::App* cmd = app.add_subcommand("resolve", "Resolve periods headless, printing events");
    cmd->add_option("--scenario", options->scenario, "scenario (or saved state) file")
        ->required();
    cmd->add_option("--orders", options->orders, "orders file (umpire-orders/1)");
    auto* dice = cmd->add_option("--dice", options->dice, "scripted dice file");
    auto* seed = cmd->add_option("--seed", options->seed, "seed for the dice (default: random)");
    dice->excludes(seed);
    cmd->add_option("--periods", options->periods, "periods to resolve")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--state-out", options->state_out,
                    "write the resulting state here, in the scenario format");
    cmd->add_option("--rulesets", options->ruleset_dirs, "directory holding ruleset files");
    cmd->add_option("--format", options->format, "jsonl (default) or text")
        ->check(CLI::IsMember({"jsonl", "text"}));
    cmd->callback([options] { run(*options); });
}

}  // namespace umpire::cli
