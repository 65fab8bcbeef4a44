// Fuzz target: period resolution with random orders and random answers on the demo. Never
// crashes, and resolving the same inputs twice gives the same bytes (determinism).
#include <cstdint>
#include <stdexcept>

#include "fuzz_support.hpp"
#include "umpire/rules/answer_json.hpp"
#include "umpire/rules/decisions.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/period.hpp"

namespace {

using namespace umpire;

// Each force gets a random walk of up to 8 steps (some off the map or onto water: they are
// refused as orders, which is part of the test), a forced march, or a scout.
rules::PeriodOrders random_orders(const rules::CampaignState& state, fuzz::ByteReader& in) {
    rules::PeriodOrders orders{state.calendar.day, state.calendar.period, {}};
    for (const auto& f : state.forces) {
        if (in.below(4) == 0) continue;
        rules::ForceOrder o;
        o.player = f.player;
        o.force = f.id;
        rules::Hex at = f.hex();
        for (std::size_t n = in.below(9); n > 0; --n) {
            at = rules::neighbours(at)[in.below(6)];
            o.path.push_back(at);
        }
        o.forced_march = in.below(5) == 0;
        if (in.below(6) == 0) o.scout = rules::neighbours(f.hex())[in.below(6)];
        orders.orders.push_back(o);
    }
    return orders;
}

// Answers every pending request with one of its options (or a random non-option now and then),
// until the period completes; returns the events of each run, joined.
std::string play(const rules::CampaignState& start, const rules::PeriodOrders& orders,
                 std::uint64_t seed, fuzz::ByteReader in) {
    const auto& ruleset = fuzz::demo().ruleset;
    rules::PeriodInputs inputs{orders, {}, false};
    std::string bytes;
    for (int round = 0; round < 64; ++round) {
        rules::SeededDice dice(seed);
        inputs.settle_missing = round == 63 || in.done();
        const auto outcome = rules::resolve_period(start, ruleset, inputs, dice);
        for (const auto& e : outcome.events) (bytes += e.text()) += "\n";
        if (outcome.complete) return bytes + rules::write_scenario(outcome.state).dump();
        for (const auto& r : outcome.pending) {
            const auto& options = *r.options;
            // A non-option comes in as JSON does, read at the edge.
            inputs.answers[r.id] =
                in.below(10) == 0 || options.empty()
                    ? rules::answer_from_json(rules::Json(static_cast<int>(in.below(3))))
                    : options[in.below(options.size())];
        }
    }
    throw std::logic_error("a period did not complete with every decision settled");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::ByteReader in(data, size);
    const auto& start = fuzz::demo().state;
    const std::uint64_t seed = in.u64();
    const auto orders = random_orders(start, in);
    const fuzz::ByteReader answers = in;  // both runs read the same answer bytes
    if (play(start, orders, seed, answers) != play(start, orders, seed, answers))
        throw std::logic_error("the same period resolved twice gave different bytes");
    return 0;
}
