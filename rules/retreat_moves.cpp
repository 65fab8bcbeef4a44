// applying a planned retreat or rout move to the state.
#include <stdexcept>

#include "rules/retreat_paths.hpp"

namespace umpire::rules {

namespace {

Json path_json(const std::vector<Hex>& path) {
    Json out = Json::array();
    for (Hex h : path) out.push_back(hex_json(h));
    return out;
}

}  // namespace

RetreatOutcome make_retreat_move(CampaignState& state, const Ruleset& ruleset,
                                 const std::string& force_id, RetreatKind kind, EventLog& log) {
    Force* force = state.find_force(force_id);
    if (!force || force->regiments.empty())
        throw std::invalid_argument("no force on the map to retreat: " + force_id);
    const bool rout = kind == RetreatKind::rout;
    force->order_state = rout ? OrderState::in_rout : OrderState::in_retreat;
    RetreatOutcome out = plan_retreat(state, ruleset, *force, kind);
    const Hex from = force->hex;
    Json fields{{"force", force->id}, {"from", hex_json(from)}};
    switch (out.result) {
        case RetreatOutcome::Result::no_enemy:
            return out;
        case RetreatOutcome::Result::moved:
            state.move_force(*force, out.path.back());
            fields["path"] = path_json(out.path);
            log.add(rout ? "rout_move" : "retreat_move", std::move(fields));
            return out;
        case RetreatOutcome::Result::surrendered:
            // all its figures are lost and the captor is told.
            fields["captor"] = out.captor;
            fields["figures"] = force->figures();
            log.add("surrendered", std::move(fields));
            break;
        case RetreatOutcome::Result::routed_off_map:
            fields["path"] = path_json(out.path);
            fields["exit"] = hex_json(*out.exit);
            fields["figures"] = force->figures();
            log.add("routed_off_map", std::move(fields));
            break;
    }
    force->regiments.clear();  // eliminated
    log.add("force_eliminated", Fields{{"force", force->id}});
    return out;
}

}  // namespace umpire::rules
