#include "umpire/rules/battle_record.hpp"

#include <algorithm>

#include "rules/disengagement/assault_regiment.hpp"

namespace umpire::rules {

std::string to_string(BattleRole role) {
    return role == BattleRole::attacker ? "attacker" : "defender";
}

std::optional<BattleRole> battle_role_from_string(std::string_view name) {
    if (name == "attacker") return BattleRole::attacker;
    if (name == "defender") return BattleRole::defender;
    return std::nullopt;
}

const EngagedRegimentRecord* BattleSideRecord::regiment(const std::string& id) const {
    for (const auto& r : regiments)
        if (r.regiment == id) return &r;
    return nullptr;
}

BattleRules BattleRecord::judging_rules() const {
    BattleRules rules;
    rules.figures_per_element = figures_per_element;
    rules.defeat_ratio = defeat_ratio;
    rules.camp_lost_counts = camp_lost_counts;
    rules.general_lost_counts = general_lost_counts;
    return rules;
}

BattleSideRecord battle_side_record(const CampaignState& state, const Ruleset& ruleset,
                                    const std::string& side, std::vector<std::string> forces) {
    std::sort(forces.begin(), forces.end());
    BattleSideRecord out;
    out.side = side;
    out.forces = forces;
    for (const auto& id : forces) {
        const Force& f = *state.find_force(id);
        if (out.player.empty()) {
            out.player = f.player;
            // The first force's general commands the army and its camp is the army's.
            out.cinc_present = !f.general.name.empty();
            out.camp = f.has_camp;
        }
        const Regiment* assault = assault_regiment(f);
        if (!assault) continue;
        const int figures = assault->figures();
        const int elements = regiment_elements(ruleset.battle, figures);
        out.regiments.push_back({id, assault->id, figures, elements});
        out.starting_elements += elements;
        out.starting_figures += figures;
    }
    return out;
}

BattleRecord make_battle_record(const Ruleset& ruleset, std::string id, std::string state_version,
                                std::string half_period, int hour, BattleSideRecord attacker,
                                BattleSideRecord defender) {
    BattleRecord r;
    r.id = std::move(id);
    r.state_version = std::move(state_version);
    r.half_period = std::move(half_period);
    r.hour = hour;
    r.time_limit = battle_time_limit(ruleset.battle, hour);
    r.attacker = std::move(attacker);
    r.defender = std::move(defender);
    r.figures_per_element = ruleset.battle.figures_per_element;
    r.defeat_ratio = ruleset.battle.defeat_ratio;
    r.camp_lost_counts = ruleset.battle.camp_lost_counts;
    r.general_lost_counts = ruleset.battle.general_lost_counts;
    return r;
}

namespace {

std::string side_refusal(const BattleSideRecord& record, const SideReport& report,
                         const std::string& who) {
    std::vector<std::string> seen;
    for (const auto& l : report.losses) {
        const EngagedRegimentRecord* r = record.regiment(l.regiment);
        if (!r)
            return "R-8.2: regiment \"" + l.regiment + "\" did not fight for the " + who;
        if (std::find(seen.begin(), seen.end(), l.regiment) != seen.end())
            return "R-8.6: the " + who + " reports regiment \"" + l.regiment + "\" twice";
        seen.push_back(l.regiment);
        if (l.elements > r->elements)
            return "R-8.2: regiment \"" + l.regiment + "\" fielded " + std::to_string(r->elements) +
                   " elements but the " + who + " reports " + std::to_string(l.elements) + " lost";
    }
    const long long off = static_cast<long long>(report.figures_off_in_good_order) +
                          report.figures_routed_off;
    if (off > record.starting_figures)
        return "R-7.2: the " + who + " reports " + std::to_string(off) +
               " figures off the table of " + std::to_string(record.starting_figures) + " engaged";
    if ((report.camp_lost || report.camp_evacuated) && !record.camp)
        return "R-8.3: the " + who + " had no camp to lose or evacuate";
    return "";
}

}  // namespace

BattleReport completed_report(BattleReport report, const BattleRecord& record) {
    report.attacker.side = record.attacker.side;
    report.attacker.starting_elements = record.attacker.starting_elements;
    report.defender.side = record.defender.side;
    report.defender.starting_elements = record.defender.starting_elements;
    return report;
}

std::string battle_report_refusal(const BattleRecord& record, const BattleReport& report) {
    if (auto why = side_refusal(record.attacker, report.attacker, "attacker"); !why.empty())
        return why;
    if (auto why = side_refusal(record.defender, report.defender, "defender"); !why.empty())
        return why;
    const BattleJudgement j = judge_battle(record.judging_rules(), report, record.time_limit);
    return j.accepted() ? "" : j.refusal;
}

WithdrawState classify_withdrawal(const Ruleset& ruleset, const BattleSideRecord& side,
                                  const SideReport& report) {
    const long long original = side.starting_figures;
    auto at_least = [&](int figures, int percent) {
        return original > 0 && 100LL * figures >= static_cast<long long>(percent) * original;
    };
    if (at_least(report.figures_routed_off, ruleset.disengagement.withdraw_rout_min_percent))
        return WithdrawState::in_rout;
    if (at_least(report.figures_off_in_good_order, ruleset.disengagement.withdraw_formed_min_percent))
        return WithdrawState::formed;
    return WithdrawState::in_retreat;
}

}  // namespace umpire::rules
