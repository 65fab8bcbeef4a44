#include "cli/run_inputs.hpp"

#include <fstream>
#include <iostream>
#include <random>

#include "cli/commands.hpp"
#include "documents/dice_script.hpp"
#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "protocol/event_text.hpp"

namespace umpire::cli {

namespace {

[[noreturn]] void fail(const std::string& file, const rules::Problems& problems) {
    std::cerr << file << ": " << problems.size() << " problem(s)\n" << problems.to_text();
    throw CLI::RuntimeError(kExitInvalidInput);
}

rules::Json read_or_fail(const std::string& file) {
    rules::Problems problems;
    auto document = rules::read_json_file(file, problems);
    if (!document) fail(file, problems);
    return *document;
}

// A dice source that counts what it hands out, so the next period can start after it.
class Counting final : public rules::DiceSource {
public:
    explicit Counting(std::unique_ptr<rules::DiceSource> inner) : inner_(std::move(inner)) {}
    int roll(int sides, const std::string& purpose) override {
        ++rolls_;
        return inner_->roll(sides, purpose);
    }
    std::size_t rolls() const { return rolls_; }

private:
    std::unique_ptr<rules::DiceSource> inner_;
    std::size_t rolls_ = 0;
};

}  // namespace

void add_run_options(CLI::App& cmd, RunOptions& options) {
    cmd.add_option("--scenario", options.scenario, "scenario (or saved state) file")->required();
    cmd.add_option("--orders", options.orders, "orders file (umpire-orders/1)");
    cmd.add_option("--decisions", options.decisions,
                   "answers to decisions: {\"answers\": {\"<decision id>\": answer}}");
    auto* dice = cmd.add_option("--dice", options.dice, "scripted dice file");
    auto* seed = cmd.add_option("--seed", options.seed, "seed for the dice (default: random)");
    dice->excludes(seed);
    cmd.add_option("--periods", options.periods, "periods to resolve")
        ->check(CLI::Range(1, 10000));
    cmd.add_option("--state-out", options.state_out,
                   "write the resulting state here, in the scenario format");
    cmd.add_option("--rulesets", options.ruleset_dirs, "directory holding ruleset files");
    cmd.add_option("--format", options.format, "jsonl (default) or text")
        ->check(CLI::IsMember({"jsonl", "text"}));
}

RunInputs load_run_inputs(const RunOptions& options) {
    RunInputs in;
    rules::Problems problems;
    auto loaded = rules::load_scenario_file(options.scenario,
                                            ruleset_search_dirs(options.ruleset_dirs), problems);
    if (!loaded) fail(options.scenario, problems);
    in.scenario = std::move(*loaded);

    if (!options.orders.empty()) {
        auto orders = rules::read_orders(read_or_fail(options.orders), problems);
        if (!orders) fail(options.orders, problems);
        in.orders = std::move(*orders);
    }
    if (!options.decisions.empty()) {
        const rules::Json doc = read_or_fail(options.decisions);
        rules::ObjectReader root(doc, "$", problems);
        root.reject_unknown({"answers"});
        if (const rules::Json* answers = root.object("answers"))
            for (auto it = answers->begin(); it != answers->end(); ++it)
                in.answers[it.key()] = it.value();
        if (!problems.empty()) fail(options.decisions, problems);
    }

    // Each period's resolution may run several times (replay); every run starts from the same
    // point of the dice, and the next period starts where the last complete run ended.
    if (!options.dice.empty()) {
        auto consumed = std::make_shared<std::size_t>(0);
        auto last = std::make_shared<Counting*>(nullptr);
        auto rolls = rules::read_scripted_rolls(read_or_fail(options.dice), "$", problems);
        if (!rolls) fail(options.dice, problems);
        auto script = std::make_shared<std::vector<rules::ScriptedRoll>>(std::move(*rolls));
        in.dice_source = {{"type", "dice_source"}, {"kind", "scripted"}, {"rolls", script->size()}};
        in.fresh_dice = [script, consumed, last](const rules::Calendar&) {
            std::vector<rules::ScriptedRoll> rest(
                script->begin() + static_cast<std::ptrdiff_t>(std::min(*consumed, script->size())),
                script->end());
            auto dice = std::make_unique<Counting>(std::make_unique<rules::ScriptedDice>(rest));
            *last = dice.get();
            return std::unique_ptr<rules::DiceSource>(std::move(dice));
        };
        in.period_done = [consumed, last] {
            if (*last) *consumed += (*last)->rolls();
        };
    } else {
        // Without --seed a fresh seed is drawn, and printed so the run can be repeated.
        const std::uint64_t seed =
            options.seed ? *options.seed
                         : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
        in.dice_source = {{"type", "dice_source"}, {"kind", "seeded"}, {"seed", seed}};
        in.fresh_dice = [seed](const rules::Calendar& calendar) {
            return std::unique_ptr<rules::DiceSource>(std::make_unique<rules::SeededDice>(
                rules::period_seed(seed, rules::period_ordinal(calendar))));
        };
        in.period_done = [] {};
    }
    in.dice_file = options.dice;
    return in;
}

rules::PeriodOrders orders_for(const RunInputs& inputs, const rules::Calendar& calendar) {
    rules::PeriodOrders current{calendar.day, calendar.period, {}};
    for (const auto& p : inputs.orders)
        if (p.day == current.day && p.period == current.period) current = p;
    return current;
}

void print_event(const rules::Json& event, const std::string& format) {
    if (format == "text") {
        if (auto line = protocol::describe_event(event); !line.empty()) std::cout << line << "\n";
    } else {
        std::cout << event.dump() << "\n";
    }
}

void write_state(const rules::CampaignState& state, const std::string& file) {
    if (file.empty()) return;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << rules::write_scenario_text(state);
    if (!out.flush()) {
        std::cerr << file << ": cannot write the state\n";
        throw CLI::RuntimeError(kExitInvalidInput);
    }
}

}  // namespace umpire::cli
