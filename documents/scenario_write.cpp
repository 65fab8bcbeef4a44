// Writing a campaign state as a scenario document (the map has its own file,
// scenario_map_write.cpp) and as text for files.
#include <algorithm>
#include <functional>

#include "documents/scenario_io.hpp"
#include "documents/scenario_io_detail.hpp"
#include "documents/scenario_view_write.hpp"
#include "documents/standing_instructions_json.hpp"

namespace umpire::rules {

using namespace scenario_detail;

namespace {

OrderedJson hex_list(const std::vector<Hex>& hexes) {
    OrderedJson out = OrderedJson::array();
    for (const Hex h : hexes) out.push_back(hex_json(h));
    return out;
}

OrderedJson write_regiment(const Regiment& regiment) {
    OrderedJson companies = OrderedJson::array();
    for (const auto& company : regiment.companies) {
        OrderedJson c = {{"type", company.type}, {"figures", company.figures}};
        if (!company.name.empty()) c["name"] = company.name;  // absent: an unnamed company
        companies.push_back(std::move(c));
    }
    return {{"id", regiment.id},
            {"name", regiment.name},
            {"morale", regiment.morale},
            {"companies", std::move(companies)}};
}

OrderedJson write_force(const Force& force) {
    OrderedJson regiments = OrderedJson::array();
    for (const auto& regiment : force.regiments) regiments.push_back(write_regiment(regiment));
    OrderedJson out = {
        {"id", force.id},
        {"name", force.name},
        {"player", force.player},
        {"hex", hex_json(force.hex())},
        {"general", {{"name", force.general.name}, {"leadership", force.general.leadership}}},
        {"camp", force.has_camp},
        {"order_state", to_string(force.order_state)},
        {"cavalry_readiness", to_string(force.readiness)},
        {"saved_points", force.saved_points},
        {"forced_march_blocked", force.forced_march_blocked},
        {"stationary_half_periods", force.stationary_half_periods}};
    if (force.retreat_since_half) out["retreat_since_half"] = *force.retreat_since_half;
    if (force.standing_instructions)
        out["standing_instructions"] =
            OrderedJson(standing_instructions_json(*force.standing_instructions));
    out["regiments"] = std::move(regiments);
    return out;
}

// --- Text layout -------------------------------------------------------------------------------

constexpr std::size_t kLineWidth = 100;

std::string scalar_text(const OrderedJson& value) {
    return value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

// A scalar, a hex [q,r] or a list of hexes (a polyline, a hex side, home hexes).
bool is_hex_list(const OrderedJson& value, int levels = 2) {
    if (!value.is_structured()) return true;
    if (value.is_object() || levels == 0) return false;
    return std::all_of(value.begin(), value.end(),
                       [&](const OrderedJson& item) { return is_hex_list(item, levels - 1); });
}

std::string inline_text(const OrderedJson& value) {
    if (!value.is_structured()) return scalar_text(value);
    std::string out(value.is_array() ? "[" : "{");
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
        // Hex lists stay tight ([[0,0],[1,0]]); objects read better with spaces.
        if (!first) out += value.is_array() ? "," : ", ";
        if (value.is_object()) out += scalar_text(OrderedJson(it.key())) + ": ";
        out += inline_text(*it);
        first = false;
    }
    return out + (value.is_array() ? "]" : "}");
}

// Hex lists always go on one line; so does a record of scalars and hex lists (a company, a row,
// a player) that fits the line. Lists of records get a line per record.
bool fits_inline(const OrderedJson& value, std::size_t indent) {
    if (value.empty() || is_hex_list(value)) return true;
    if (!value.is_object()) return false;
    const bool flat = std::all_of(value.begin(), value.end(),
                                  [](const OrderedJson& member) { return is_hex_list(member); });
    return flat && indent + inline_text(value).size() <= kLineWidth;
}

void layout(const OrderedJson& value, std::size_t indent, std::string& out) {
    if (indent > 0 && fits_inline(value, indent)) {
        out += inline_text(value);
        return;
    }
    const std::string inner(indent + 2, ' ');
    out += value.is_array() ? "[\n" : "{\n";
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (!first) out += ",\n";
        out += inner;
        if (value.is_object()) out += scalar_text(OrderedJson(it.key())) + ": ";
        layout(*it, indent + 2, out);
        first = false;
    }
    out += "\n" + std::string(indent, ' ') + (value.is_array() ? "]" : "}");
}

}  // namespace

namespace scenario_detail {

namespace {

// The members every copy of a state has (the board: name, ruleset, settings, calendar, map,
// sides, players), then "forces" with the forces `keep` takes.
void write_board_and_forces(const CampaignState& state,
                            const std::function<bool(const Force&)>& keep, OrderedJson& out) {
    OrderedJson ruleset = {{"name", state.ruleset.name}, {"version", state.ruleset.version}};
    if (!state.ruleset.hash.empty()) ruleset["sha256"] = state.ruleset.hash;

    OrderedJson sides = OrderedJson::array();
    for (const auto& side : state.sides)
        sides.push_back(OrderedJson{
            {"id", side.id}, {"name", side.name}, {"home_hexes", hex_list(side.home_hexes)}});
    OrderedJson players = OrderedJson::array();
    for (const auto& player : state.players)
        players.push_back(
            OrderedJson{{"id", player.id}, {"name", player.name}, {"side", player.side}});

    // The state keeps forces in id order; sorting here too keeps the output canonical anyway.
    std::vector<const Force*> sorted;
    for (const auto& force : state.forces)
        if (keep(force)) sorted.push_back(&force);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Force* a, const Force* b) { return a->id < b->id; });
    OrderedJson forces = OrderedJson::array();
    for (const Force* force : sorted) forces.push_back(write_force(*force));

    out["name"] = state.name;
    out["description"] = state.description;
    out["ruleset"] = std::move(ruleset);
    write_settings(state.settings, out);
    out["calendar"] = {{"start_date", state.calendar.start_date},
                       {"day", state.calendar.day},
                       {"period", to_string(state.calendar.period)}};
    out["map"] = write_map(state.map);
    out["sides"] = std::move(sides);
    out["players"] = std::move(players);
    out["forces"] = std::move(forces);
}

}  // namespace

OrderedJson write_scenario_ordered(const CampaignState& state) {
    OrderedJson out = OrderedJson::object();
    out["format"] = kScenarioFormat;
    out["id"] = state.id;
    write_board_and_forces(state, [](const Force&) { return true; }, out);
    write_knowledge_and_history(state, out);
    return out;
}

}  // namespace scenario_detail

Json write_scenario(const CampaignState& state) { return Json(write_scenario_ordered(state)); }

Json write_scenario_part(const CampaignState& state, const ScenarioPart& part) {
    OrderedJson out = OrderedJson::object();
    write_board_and_forces(
        state, part.forces ? part.forces : [](const Force&) { return false; }, out);
    OrderedJson facts = OrderedJson::array();
    if (auto it = state.knowledge.find(part.knowledge_of);
        !part.knowledge_of.empty() && it != state.knowledge.end())
        for (const KnownFact& fact : it->second) facts.push_back(write_fact(fact));
    out["knowledge"] = std::move(facts);
    return Json(out);
}

std::string write_scenario_text(const CampaignState& state) {
    std::string out;
    layout(write_scenario_ordered(state), 0, out);
    return out + "\n";
}

}  // namespace umpire::rules
