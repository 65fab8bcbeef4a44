// The names decision kinds and windows have in documents, messages and decision ids.
#include <array>
#include <utility>

#include "umpire/rules/decisions.hpp"

namespace umpire::rules {

namespace {

constexpr std::array<std::pair<DecisionKind, std::string_view>, 14> kKindNames{{
    {DecisionKind::contact_window, "contact_window"},
    {DecisionKind::separate_engagements, "separate_engagements"},
    {DecisionKind::support_role, "support_role"},
    {DecisionKind::relief, "relief"},
    {DecisionKind::reinforce, "reinforce"},
    {DecisionKind::maneuver, "maneuver"},
    {DecisionKind::maneuver_move, "maneuver_move"},
    {DecisionKind::pursuit, "pursuit"},
    {DecisionKind::rearguard, "rearguard"},
    {DecisionKind::loss_allocation, "loss_allocation"},
    {DecisionKind::card_placement, "card_placement"},
    {DecisionKind::battle_report, "battle_report"},
    {DecisionKind::battle_dispute, "battle_dispute"},
    {DecisionKind::recovery_choice, "recovery_choice"},
}};

constexpr std::array<std::pair<DecisionWindow, std::string_view>, 5> kWindowNames{{
    {DecisionWindow::none, ""},
    {DecisionWindow::before_contact, "before_contact"},
    {DecisionWindow::before_dice, "before_dice"},
    {DecisionWindow::after_contact_dice, "after_contact_dice"},
    {DecisionWindow::after_terrain, "after_terrain"},
}};

template <typename Enum, std::size_t N>
std::string_view name_in(const std::array<std::pair<Enum, std::string_view>, N>& names, Enum e) {
    for (const auto& [value, name] : names)
        if (value == e) return name;
    return "unknown";
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_in(const std::array<std::pair<Enum, std::string_view>, N>& names,
                             std::string_view name) {
    for (const auto& [value, text] : names)
        if (text == name) return value;
    return std::nullopt;
}

}  // namespace

std::string_view to_string(DecisionKind kind) { return name_in(kKindNames, kind); }
std::optional<DecisionKind> decision_kind_from_string(std::string_view name) {
    return value_in(kKindNames, name);
}
std::string_view to_string(DecisionWindow window) { return name_in(kWindowNames, window); }
std::optional<DecisionWindow> decision_window_from_string(std::string_view name) {
    return value_in(kWindowNames, name);
}

}  // namespace umpire::rules
