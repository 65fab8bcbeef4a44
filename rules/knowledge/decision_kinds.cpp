// The names decision kinds and windows have in documents, messages and decision ids.
#include <array>
#include <utility>

#include "rules/world/name_table.hpp"
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

}  // namespace

std::string_view to_string(DecisionKind kind) { return name_in(kKindNames, kind, "unknown"); }
std::optional<DecisionKind> decision_kind_from_string(std::string_view name) {
    return value_in<DecisionKind>(kKindNames, name);
}
std::string_view to_string(DecisionWindow window) { return name_in(kWindowNames, window, "unknown"); }
std::optional<DecisionWindow> decision_window_from_string(std::string_view name) {
    return value_in<DecisionWindow>(kWindowNames, name);
}

}  // namespace umpire::rules
