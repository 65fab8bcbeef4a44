// Reading the "forces" member of a scenario: forces, their generals, regiments and companies.
#include "documents/scenario_io_detail.hpp"
#include "documents/standing_instructions_json.hpp"

namespace umpire::rules::scenario_detail {

namespace {

constexpr long long kMaxFigures = 100000;
// Morale values on the 2d6 scale or, with the d66 option, on the 11-66 scale.
constexpr long long kMaxMorale = 66;

std::optional<Company> read_company(const Json& value, const std::string& path,
                                    Problems& problems) {
    ObjectReader reader(value, path, problems);
    if (!reader.is_object()) return std::nullopt;
    reader.reject_unknown({"type", "figures", "name"});
    Company company;
    if (auto type = read_name(reader, "type")) company.type = *type;
    const auto figures = reader.integer("figures", 1, kMaxFigures);
    if (figures) company.figures = static_cast<int>(*figures);
    if (reader.has("name")) {
        // An empty name would be read as unnamed: the writer leaves the member out instead.
        if (auto name = read_name(reader, "name")) {
            company.name = *name;
            if (figures && *figures != 1)
                problems.add(reader.path_of("figures"), "a named company (" + json_quoted(*name) +
                                                            ") is one figure, found " +
                                                            std::to_string(*figures));
        }
    }
    return company;
}

Regiment read_regiment(const ObjectReader& reader, IdRegistry& regiment_ids, Problems& problems) {
    reader.reject_unknown({"id", "name", "morale", "companies"});
    Regiment regiment;
    if (auto id = read_id(reader, "id")) {
        regiment_ids.add(*id, reader.path_of("id"), problems);
        regiment.id = *id;
    }
    if (auto name = reader.string("name", false)) regiment.name = *name;
    if (auto morale = reader.integer("morale", 0, kMaxMorale))
        regiment.morale = static_cast<int>(*morale);
    if (const Json* companies = reader.array("companies")) {
        const std::string companies_path = reader.path_of("companies");
        if (companies->empty())
            problems.add(companies_path, "a regiment needs at least one company");
        for (std::size_t i = 0; i < companies->size(); ++i)
            if (auto company =
                    read_company((*companies)[i], item_path(companies_path, i), problems))
                regiment.companies.push_back(std::move(*company));
    }
    return regiment;
}

void read_general(const ObjectReader& force, Problems& problems, General& out) {
    const Json* value = force.object("general");
    if (!value) return;
    ObjectReader reader(*value, force.path_of("general"), problems);
    reader.reject_unknown({"name", "leadership"});
    if (auto name = read_name(reader, "name")) out.name = *name;
    if (auto leadership = reader.integer("leadership", 0, 2))  // 0 to +2
        out.leadership = static_cast<int>(*leadership);
}

// The optional state members a running campaign changes; a fresh scenario may leave them out.
void read_force_state(const ObjectReader& reader, Problems& problems, Force& force) {
    if (auto state =
            reader.choice("order_state", {"formed", "unformed", "in_retreat", "in_rout"}, false))
        force.order_state = *order_state_from_string(*state);
    if (auto readiness = reader.choice("cavalry_readiness", {"fresh", "tired", "exhausted"}, false))
        force.readiness = *readiness_from_string(*readiness);
    if (auto points = reader.integer("saved_points", 0, 1000, false))
        force.saved_points = static_cast<int>(*points);
    if (auto blocked = reader.boolean("forced_march_blocked", false))
        force.forced_march_blocked = *blocked;
    if (auto stationary = reader.integer("stationary_half_periods", 0, 1000000, false))
        force.stationary_half_periods = static_cast<int>(*stationary);
    if (auto since = reader.integer("retreat_since_half", 0, 1000000, false))
        force.retreat_since_half = static_cast<int>(*since);
    // refused with their path when they are not instructions the engine knows.
    if (const Json* standing = reader.member("standing_instructions", false))
        force.standing_instructions = read_standing_instructions(
            *standing, reader.path_of("standing_instructions"), problems);
}

}  // namespace

void read_forces(const Json& forces, const std::string& path, const ForceContext& context,
                 Problems& problems, std::vector<Force>& out) {
    IdRegistry force_ids("force");
    // Regiment ids are unique across the scenario, so events and orders can name one alone.
    IdRegistry regiment_ids("regiment");
    std::map<Hex, std::pair<std::string, std::string>> occupant;  // hex -> force id, its path

    for (std::size_t i = 0; i < forces.size(); ++i) {
        const std::string force_path = item_path(path, i);
        ObjectReader reader(forces[i], force_path, problems);
        if (!reader.is_object()) continue;
        reader.reject_unknown({"id", "name", "player", "hex", "general", "camp", "order_state",
                               "cavalry_readiness", "saved_points", "forced_march_blocked",
                               "stationary_half_periods", "retreat_since_half",
                               "standing_instructions",
                               "regiments"});
        Force force;
        if (auto id = read_id(reader, "id")) {
            force_ids.add(*id, reader.path_of("id"), problems);
            force.id = *id;
        }
        if (auto name = read_name(reader, "name")) force.name = *name;
        if (auto player = reader.string("player")) {
            if (!context.players.contains(*player))
                problems.add(reader.path_of("player"), "unknown player " + json_quoted(*player));
            force.player = *player;
        }
        if (auto h = reader.hex("hex")) {
            force.place_at(*h);
            if (context.hexes_known && !context.map.contains(*h)) {
                problems.add(reader.path_of("hex"), off_map_message(*h));
            } else {
                // one force per hex.
                const auto [first, inserted] =
                    occupant.emplace(*h, std::pair{force.id, force_path});
                if (!inserted)
                    problems.add(reader.path_of("hex"),
                                 "hex " + to_string(*h) + " already holds force " +
                                     json_quoted(first->second.first) + " (" +
                                     first->second.second + "): one force per hex");
            }
        }
        read_general(reader, problems, force.general);
        if (auto camp = reader.boolean("camp")) force.has_camp = *camp;
        read_force_state(reader, problems, force);
        if (const Json* regiments = reader.array("regiments")) {
            const std::string regiments_path = reader.path_of("regiments");
            if (regiments->empty())
                problems.add(regiments_path, "a force needs at least one regiment");
            for (std::size_t j = 0; j < regiments->size(); ++j) {
                ObjectReader regiment((*regiments)[j], item_path(regiments_path, j), problems);
                if (regiment.is_object())
                    force.regiments.push_back(read_regiment(regiment, regiment_ids, problems));
            }
        }
        out.push_back(std::move(force));
    }
}

}  // namespace umpire::rules::scenario_detail
