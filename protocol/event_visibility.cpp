#include "protocol/event_visibility.hpp"

#include <array>

namespace umpire::protocol {

namespace {

using namespace std::string_view_literals;

// The opponents of a contact see the dice, totals and loss percentage of a disengagement
// disengagement dice are seen by all participants), not the figures behind them,
// which would give the assault regiment's exact strength at any contact score.
constexpr std::array kDisengagement{"assault_figures"sv, "figures_lost"sv};
constexpr std::array kLosses{"figures"sv, "by_company"sv};
// Battle losses per regiment are reported from the table both sides played on; how they fell
// on the companies is the owner's organisation.
constexpr std::array kBattleLosses{"by_company"sv};
constexpr std::array kRecovery{"recovered"sv, "penalty"sv, "recovered_by_company"sv,
                               "penalty_by_company"sv};

struct Entry {
    std::string_view type;
    std::span<const std::string_view> fields;
};
constexpr std::array kTable{
    Entry{"disengagement", kDisengagement},
    Entry{"losses", kLosses},
    Entry{"battle_losses", kBattleLosses},
    Entry{"recovery_applied", kRecovery},
};

}  // namespace

std::span<const std::string_view> private_fields(std::string_view type) {
    for (const Entry& e : kTable)
        if (e.type == type) return e.fields;
    return {};
}

}  // namespace umpire::protocol
