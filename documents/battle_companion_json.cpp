// The battle companion's actions and state as JSON (include/umpire/rules/battle_companion.hpp has
// the rules).
#include "documents/battle_companion_json.hpp"

#include <array>
#include <utility>

namespace umpire::rules {

namespace {

using Kind = CompanionActionKind;

// ---- Action names ---------------------------------------------------------------------------

constexpr std::array<std::pair<Kind, const char*>, 8> kActionNames{{
    {Kind::start_bound, "start_bound"},
    {Kind::end_bound, "end_bound"},
    {Kind::lose_element, "lose_element"},
    {Kind::lose_camp, "lose_camp"},
    {Kind::lose_general, "lose_general"},
    {Kind::declare_withdrawal, "declare_withdrawal"},
    {Kind::evacuate_camp, "evacuate_camp"},
    {Kind::leave_table, "leave_table"},
}};

std::string action_name(Kind kind) {
    for (const auto& [k, name] : kActionNames)
        if (k == kind) return name;
    return "start_bound";
}

// ---- JSON -----------------------------------------------------------------------------------

Json optional_json(const std::optional<int>& value) {
    return value ? Json(*value) : Json(nullptr);
}

std::string camp_text(const CompanionSideRecord& side) {
    if (!side.has_camp) return "none";
    if (side.camp_lost) return "lost";
    if (side.camp_evacuated) return "evacuated";
    return "held";
}

Json side_json(const CompanionState& s, BattleRole role) {
    const CompanionSideRecord& side = s.side(role);
    Json regiments = Json::array();
    for (const auto& r : side.regiments)
        regiments.push_back({{"regiment", r.start.regiment},
                             {"elements", r.start.elements},
                             {"lost", r.lost},
                             {"lost_after_withdrawal", r.lost_after_withdrawal},
                             {"routed_off", r.routed_off},
                             {"off_in_good_order", r.off_in_good_order},
                             {"on_table", r.on_table()}});
    return Json{{"side", side.side},
                {"starting_elements", side.starting_elements()},
                {"elements_lost", side.elements_lost()},
                {"lost", companion_lost(s, role)},
                {"one_third", companion_one_third(s, role)},
                {"on_table", side.on_table()},
                {"camp", camp_text(side)},
                {"general_lost", side.general_lost},
                {"cinc_present", side.cinc_present},
                {"withdrawal_declared_bound", optional_json(side.declared_bound)},
                {"defeated_bound", optional_json(side.defeated_bound)},
                {"withdrawing", side.withdrawing()},
                {"regiments", std::move(regiments)}};
}

Json end_json(const CompanionEnd& e) {
    const bool time_limit = e.reason == CompanionEndReason::time_limit;
    return Json{{"reason", time_limit ? "time_limit" : "left_table"},
                {"attacker", to_string(e.attacker)},
                {"defender", to_string(e.defender)},
                {"darkness", e.darkness},
                {"rule", e.rule}};
}

}  // namespace

Json to_json(const CompanionState& state) {
    Json dice = Json::array();
    for (const auto& b : state.bounds)
        dice.push_back({{"bound", b.bound},
                        {"side", to_string(b.side)},
                        {"pips", b.pips},
                        {"pips_left", b.pips_left}});
    const bool running = state.bound_running;
    return Json{
        {"bound", state.bound()},
        {"bound_running", running},
        {"moving", running ? Json(to_string(state.bounds.back().side)) : Json(nullptr)},
        {"pips_left", running ? Json(state.bounds.back().pips_left) : Json(nullptr)},
        {"time_limit", state.time_limit},
        {"pip_dice", std::move(dice)},
        {"attacker", side_json(state, BattleRole::attacker)},
        {"defender", side_json(state, BattleRole::defender)},
        {"defeated", state.defeated ? Json(to_string(*state.defeated)) : Json(nullptr)},
        {"defeat_rule", state.defeated ? Json(state.defeat_rule) : Json(nullptr)},
        {"ended", state.ended()},
        {"end", state.end ? end_json(*state.end) : Json(nullptr)}};
}

// ---- Actions as JSON ------------------------------------------------------------------------

Json to_json(const CompanionAction& a) {
    Json j{{"action", action_name(a.kind)}};
    if (a.kind == Kind::start_bound || a.kind == Kind::end_bound) return j;
    j["side"] = to_string(a.side);
    if (a.kind == Kind::lose_element || a.kind == Kind::leave_table) j["regiment"] = a.regiment;
    if (a.kind == Kind::leave_table) {
        j["elements"] = a.elements;
        j["how"] = a.how == LeaveHow::routed ? "routed" : "good_order";
    }
    if (a.kind == Kind::evacuate_camp)
        j["enemy_in_contact_with_camp"] = a.enemy_in_contact_with_camp;
    return j;
}

std::optional<CompanionAction> read_companion_action(const Json& value, const std::string& path,
                                                     Problems& problems) {
    ObjectReader r(value, path, problems);
    if (!r.is_object()) return std::nullopt;
    const std::size_t before = problems.size();
    const auto name = r.choice("action", {"start_bound", "end_bound", "lose_element", "lose_camp",
                                          "lose_general", "declare_withdrawal", "evacuate_camp",
                                          "leave_table"});
    if (!name) return std::nullopt;
    CompanionAction a;
    for (const auto& [k, n] : kActionNames)
        if (*name == n) a.kind = k;
    switch (a.kind) {
        case Kind::start_bound:
        case Kind::end_bound: r.reject_unknown({"action"}); break;
        case Kind::lose_camp:
        case Kind::lose_general:
        case Kind::declare_withdrawal: r.reject_unknown({"action", "side"}); break;
        case Kind::lose_element: r.reject_unknown({"action", "side", "regiment"}); break;
        case Kind::evacuate_camp:
            r.reject_unknown({"action", "side", "enemy_in_contact_with_camp"});
            a.enemy_in_contact_with_camp = r.boolean("enemy_in_contact_with_camp", false)
                                               .value_or(false);
            break;
        case Kind::leave_table:
            r.reject_unknown({"action", "side", "regiment", "elements", "how"});
            if (auto n = r.integer("elements", 1, 1000000)) a.elements = static_cast<int>(*n);
            if (auto how = r.choice("how", {"good_order", "routed"}))
                a.how = *how == "routed" ? LeaveHow::routed : LeaveHow::good_order;
            break;
    }
    if (a.kind != Kind::start_bound && a.kind != Kind::end_bound)
        if (auto side = r.choice("side", {"attacker", "defender"}))
            a.side = *battle_role_from_string(*side);
    if (a.kind == Kind::lose_element || a.kind == Kind::leave_table) {
        if (auto regiment = r.string("regiment")) {
            if (regiment->empty()) problems.add(r.path_of("regiment"), "must not be empty");
            a.regiment = *regiment;
        }
    }
    if (problems.size() != before) return std::nullopt;
    return a;
}

}  // namespace umpire::rules
