// `umpire play`: resolves periods interactively. Whenever the engine waits for a decision it
// asks on the terminal; an empty line takes the default, end of input settles the rest by
// standing instructions and defaults.
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "cli/run_inputs.hpp"
#include "documents/state_version.hpp"
#include "umpire/rules/decision_json.hpp"
#include "umpire/rules/decisions.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::cli {

namespace {

// A bare word is a string answer; anything else is read as JSON (true, {"action": ...}).
std::optional<rules::Json> parse_answer(const std::string& line) {
    try {
        return rules::Json::parse(line);
    } catch (const rules::Json::parse_error&) {
        if (line.find_first_of(" {}[]\"") == std::string::npos) return rules::Json(line);
        return std::nullopt;
    }
}

void prompt(const rules::DecisionRequest& r) {
    const std::string_view window = rules::to_string(r.window);
    std::cout << "\n? " << r.player << ", " << r.force << ": " << rules::to_string(r.kind)
              << (window.empty() ? "" : " (" + std::string(window) + ")") << "\n"
              << "  options: " << rules::answer_list_json(r.options).dump()
              << "   default: " << rules::answer_json(r.default_answer).dump()
              << "\n  context: " << rules::context_json(r.known()).dump() << "\n> " << std::flush;
}

// Asks for one answer until an allowed one is given; nullopt at end of input.
std::optional<rules::Json> ask(const rules::DecisionRequest& request) {
    for (;;) {
        prompt(request);
        std::string line;
        if (!std::getline(std::cin, line)) return std::nullopt;
        if (line.empty()) return rules::answer_json(request.default_answer);
        auto answer = parse_answer(line);
        if (answer && rules::answer_allowed(request, *answer)) return answer;
        std::cout << "  not an allowed answer\n";
    }
}

void run(const RunOptions& options) {
    RunInputs in = load_run_inputs(options);
    print_event(in.dice_source, options.format);
    rules::CampaignState& state = in.scenario.state;
    bool settle = false;  // after end of input, everything left takes its default
    try {
        for (int i = 0; i < options.periods; ++i) {
            std::map<std::string, rules::Json> answers = in.answers;
            std::size_t shown = 0;
            for (;;) {
                auto dice = in.fresh_dice(state.calendar);
                rules::PeriodInputs inputs{orders_for(in, state.calendar),
                                           rules::answers_from_json(answers), settle};
                inputs.version_of = &rules::state_version;
                rules::PeriodOutcome outcome =
                    rules::resolve_period(state, in.scenario.ruleset, inputs, *dice);
                // Every replay repeats the events so far: show only the new ones.
                for (; shown < outcome.events.size(); ++shown)
                    print_event(outcome.events[shown].json(), options.format);
                if (outcome.complete) {
                    state = std::move(outcome.state);
                    in.period_done();
                    break;
                }
                for (const auto& request : outcome.pending) {
                    auto answer = ask(request);
                    if (!answer) {
                        settle = true;
                        break;
                    }
                    answers[request.id] = *answer;
                }
            }
        }
    } catch (const rules::DiceScriptError& e) {
        std::cerr << in.dice_file << ": " << e.what() << "\n";
        throw CLI::RuntimeError(kExitDiceScript);
    }
    write_state(state, options.state_out);
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto options = std::make_shared<RunOptions>();
    CLI::App* cmd =
        app.add_subcommand("play", "Resolve periods interactively, asking each decision");
    add_run_options(*cmd, *options);
    options->format = "text";
    cmd->callback([options] { run(*options); });
}

}  // namespace umpire::cli
