// `umpire resolve`: resolves periods headless and prints the events as JSON lines (or text).
// Decisions take the answers given with --decisions, else the forces' standing instructions,
// else their defaults, so every period completes.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/run_inputs.hpp"
#include "documents/state_version.hpp"
#include "umpire/rules/answer_json.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::cli {

namespace {

void run(const RunOptions& options) {
    RunInputs in = load_run_inputs(options);
    print_event(in.dice_source, options.format);
    rules::CampaignState& state = in.scenario.state;
    try {
        for (int i = 0; i < options.periods; ++i) {
            auto dice = in.fresh_dice(state.calendar);
            rules::PeriodInputs inputs{orders_for(in, state.calendar),
                                       rules::answers_from_json(in.answers), true};
            inputs.version_of = &rules::state_version;
            rules::PeriodOutcome outcome =
                rules::resolve_period(state, in.scenario.ruleset, inputs, *dice);
            for (const auto& event : outcome.events) print_event(event.json(), options.format);
            state = std::move(outcome.state);
            in.period_done();
        }
    } catch (const rules::DiceScriptError& e) {
        std::cerr << in.dice_file << ": " << e.what() << "\n";
        throw CLI::RuntimeError(kExitDiceScript);
    }
    write_state(state, options.state_out);
}

}  // namespace

void add_resolve_command(CLI::App& app) {
    auto options = std::make_shared<RunOptions>();
    CLI::App* cmd = app.add_subcommand("resolve", "Resolve periods headless, printing events");
    add_run_options(*cmd, *options);
    cmd->callback([options] { run(*options); });
}

}  // namespace umpire::cli
