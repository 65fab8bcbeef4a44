// after a battle, in order: battle losses, the withdraw disengagement of each defeated or
// withdrawing force against the winner, post-battle recovery, retreat and rout moves
// then cavalry readiness and what each side learned.
#include <algorithm>

#include "rules/battle/battle_answers.hpp"
#include "rules/contact/contact_steps.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/recovery/battle_recovery.hpp"
#include "rules/rout_morale/morale.hpp"
#include "rules/rout_morale/retreat_paths.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

namespace {

Regiment* find_regiment(Force& f, const std::string& id) {
    for (auto& r : f.regiments)
        if (r.id == id) return &r;
    return nullptr;
}

OrderState order_state_of(WithdrawState s) {
    switch (s) {
        case WithdrawState::formed: return OrderState::formed;
        case WithdrawState::in_retreat: return OrderState::in_retreat;
        case WithdrawState::in_rout: return OrderState::in_rout;
    }
    return OrderState::formed;
}

const SideOutcome& outcome_of(const BattleRecord& record, const BattleSettlement& s,
                              const BattleSideRecord& side) {
    return &side == &record.attacker ? s.result.attacker : s.result.defender;
}

const SideReport& report_of(const BattleRecord& record, const BattleSettlement& s,
                            const BattleSideRecord& side) {
    return &side == &record.attacker ? s.report.attacker : s.report.defender;
}

// The regiment's companies as recovery sees them: those it has now, then those the battle or the
// withdraw disengagement wiped out, with what each lost in the battle.
std::vector<RecoveryCompany> recovery_companies(const Regiment& regiment,
                                                const std::vector<Company>& lost) {
    std::vector<RecoveryCompany> out;
    auto name_of = [](const std::string& name) {
        return name.empty() ? std::nullopt : std::optional<std::string>(name);
    };
    auto same = [&](const RecoveryCompany& a, const Company& b) {
        return a.type == b.type && a.name == name_of(b.name);
    };
    for (const auto& c : regiment.companies) out.push_back({c.type, c.figures, 0, name_of(c.name)});
    for (const auto& l : lost) {
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& c) { return same(c, l); });
        if (it == out.end()) it = out.insert(out.end(), {l.type, 0, 0, name_of(l.name)});
        it->lost += l.figures;
    }
    return out;
}

}  // namespace

void BattleAftermath::run(const BattleRecord& record, const BattleSettlement& settled) {
    const auto lost = take_battle_losses(record, settled);
    withdraw_from_battle(record, settled);
    recover_after_battle(record, settled, lost);
    retreat_after_battle(record, settled);
    const int period = c_.context.period_ordinal();
    for (const auto* side : {&record.attacker, &record.defender}) {
        const BattleSideRecord& other =
            side == &record.attacker ? record.defender : record.attacker;
        for (const auto& id : side->forces) {
            Force* f = c_.state.find_force(id);
            if (!f || !on_map(*f)) continue;
            // cavalry that fought a battle tires.
            if (cavalry_fought_battle(*f, c_.ruleset))
                event::Readiness{
                    .force = id, .readiness = to_string(f->readiness), .reason = "fought a battle"}
                    .write(c_.log, side_audience(c_.state, *f));
            // a battle report tells each commander what it fought.
            for (const auto& r : other.regiments)
                c_.state.knowledge[f->player].push_back(
                    {r.force,
                     shape::BattleFact{
                         .regiment = r.regiment,
                         .figures = r.figures,
                         .elements = r.elements,
                         .figures_lost = settled.figures_lost.count(r.regiment)
                                             ? settled.figures_lost.at(r.regiment)
                                             : 0,
                         .outcome = to_string(outcome_of(record, settled, other).outcome)},
                     "battle " + record.id, period});
        }
    }
}

std::map<std::string, std::vector<Company>> BattleAftermath::take_battle_losses(
    const BattleRecord& record, const BattleSettlement& settled) {
    std::map<std::string, std::vector<Company>> lost;
    for (const auto* side : {&record.attacker, &record.defender})
        for (const auto& r : side->regiments) {
            auto it = settled.figures_lost.find(r.regiment);
            Regiment* regiment = find_regiment(c_.force(r.force), r.regiment);
            if (it == settled.figures_lost.end() || it->second <= 0 || !regiment) continue;
            // Losses on the table are reported per regiment: they come off its companies in
            // proportion, and empty companies stay until recovery is done.
            const std::vector<int> split = allocate_losses_proportionally(*regiment, it->second);
            for (std::size_t i = 0; i < split.size(); ++i) {
                Company& c = regiment->companies[i];
                c.figures -= split[i];
                if (split[i] > 0) lost[r.regiment].push_back({c.type, split[i], c.name});
            }
            event::BattleLosses{.battle = record.id,
                                .by_company = split,
                                .figures = it->second,
                                .force = r.force,
                                .regiment = r.regiment,
                                .private_to = player_audience(c_.force(r.force).player)}
                .write(c_.log, c_.everyone());
        }
    return lost;
}

void BattleAftermath::withdraw_from_battle(const BattleRecord& record,
                                           const BattleSettlement& settled) {
    for (const auto* side : {&record.attacker, &record.defender}) {
        if (!outcome_of(record, settled, *side).withdraw_disengagement) continue;
        const BattleSideRecord& winner =
            side == &record.attacker ? record.defender : record.attacker;
        std::vector<std::string> opponents;
        for (const auto& id : winner.forces)
            if (on_map(c_.force(id))) opponents.push_back(id);
        auto state = settled.withdraw_state.find(side->side);
        for (const auto& id : side->forces) {
            Force& f = c_.force(id);
            const Regiment* assault = assault_regiment(f);
            // A force whose engaged figures were all lost has nobody left to withdraw.
            if (opponents.empty() || !assault || assault->figures() == 0) continue;
            // it disengages in the state it left the table in (R-7.3 order modifier).
            if (state != settled.withdraw_state.end())
                f.order_state = order_state_of(state->second);
            ContactDisengagement(c_).disengage(id, opponents, DisengageOperation::withdraw);
        }
    }
}

void BattleAftermath::recover_after_battle(
    const BattleRecord& record, const BattleSettlement& settled,
    const std::map<std::string, std::vector<Company>>& lost) {
    const int per_element = std::max(1, c_.ruleset.battle.figures_per_element);
    for (const auto* side : {&record.attacker, &record.defender}) {
        const SideReport& report = report_of(record, settled, *side);
        if (report.elements_lost() == 0 && !report.general_lost && !report.camp_lost) continue;
        const BattleRecovery recovery = resolve_recovery(c_.ruleset.recovery, report,
                                                         outcome_of(record, settled, *side).outcome,
                                                         c_.dice, c_.log, c_.everyone());
        for (const auto& r : side->regiments) {
            Force& f = c_.force(r.force);
            Regiment* regiment = find_regiment(f, r.regiment);
            if (!regiment) continue;  // destroyed in the withdraw disengagement: nothing comes back
            int recovered = 0;
            for (const auto& rr : recovery.regiments)
                if (rr.regiment == r.regiment)
                    recovered = figures_for_elements(c_.ruleset.battle, rr.recovered,
                                                     settled.figures_lost.at(r.regiment));
            const auto it = lost.find(r.regiment);
            const auto companies = recovery_companies(
                *regiment, it == lost.end() ? std::vector<Company>{} : it->second);
            int available = 0;
            for (const auto& c : companies) available += c.figures;
            // [H] The general and the camp are the CinC's: the penalty falls on his regiment.
            const int penalty =
                r.force == side->forces.front()
                    ? std::min(recovery.penalty * per_element, available + recovered)
                    : 0;
            if (recovered == 0 && penalty == 0) continue;
            // ▶: the owner chooses which companies come back and which pay the penalty;
            // a regiment of one company leaves nothing to choose.
            auto context = [&] {
                return shape::RecoveryContext{c_.base_context(r.force), r.regiment, companies,
                                              recovered, penalty};
            };
            static const SoleOption kLargestFirst("largest_first");
            const Answer answer =
                companies.size() < 2
                    ? kLargestFirst.answer
                    : c_.decider.ask({c_.decision_id("recovery-" + r.regiment, r.force), f.player,
                                      r.force, DecisionKind::recovery_choice,
                                      DecisionWindow::none, kLargestFirst.options,
                                      kLargestFirst.answer, {}, context});
            const RecoveryChoice choice =
                recovery_choice_from_answer(companies, recovered, penalty, answer);
            for (std::size_t i = 0; i < companies.size(); ++i) {
                const int change = choice.recovered[i] - choice.penalty[i];
                if (i >= regiment->companies.size())
                    regiment->companies.push_back(
                        {companies[i].type, 0, companies[i].name.value_or("")});
                regiment->companies[i].figures += change;
            }
            event::RecoveryApplied{.battle = record.id,
                                   .force = r.force,
                                   .penalty = penalty,
                                   .penalty_by_company = choice.penalty,
                                   .recovered = recovered,
                                   .recovered_by_company = choice.recovered,
                                   .regiment = r.regiment,
                                   .private_to = player_audience(f.player)}
                .write(c_.log, c_.everyone());
        }
    }
    // Companies and regiments left with no figures are gone; a force with none is eliminated.
    for (const auto* side : {&record.attacker, &record.defender})
        for (const auto& id : side->forces) {
            Force& f = c_.force(id);
            if (!on_map(f)) continue;
            for (auto& r : f.regiments)
                std::erase_if(r.companies, [](const Company& c) { return c.figures <= 0; });
            std::erase_if(f.regiments, [](const Regiment& r) { return r.companies.empty(); });
            if (!on_map(f)) {
                c_.movement.stop(id, "eliminated");
                event::ForceEliminated{.force = id}.write(c_.log, "all");
            }
        }
}

void BattleAftermath::retreat_after_battle(const BattleRecord& record,
                                           const BattleSettlement& settled) {
    for (const auto* side : {&record.attacker, &record.defender}) {
        auto state = settled.withdraw_state.find(side->side);
        if (state == settled.withdraw_state.end()) continue;
        for (const auto& id : side->forces) {
            Force& f = c_.force(id);
            if (!on_map(f)) continue;
            if (state->second == WithdrawState::formed) {
                f.order_state = OrderState::formed;
                continue;
            }
            // at once, a retreat or a full rout move.
            const RetreatKind kind =
                state->second == WithdrawState::in_rout ? RetreatKind::rout : RetreatKind::retreat;
            const std::size_t mark = c_.log.size();
            const RetreatOutcome out = make_retreat_move(c_.state, c_.ruleset, id, kind, c_.log);
            // Those in the contact see it; a captor is told of the surrender.
            std::vector<std::string> witnesses = c_.all;
            if (!out.captor.empty()) witnesses.push_back(out.captor);
            c_.log.restrict_since(mark, c_.audience(witnesses));
            f.retreat_since_half = c_.context.half_ordinal();
            if (!on_map(f))
                c_.movement.stop(id, "eliminated");
            else if (!out.path.empty())
                c_.movement.moved_outside(id, 0, c_.context.half);
        }
    }
}

}  // namespace umpire::rules
