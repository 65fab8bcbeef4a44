// inside the contact procedure: the battle opens with its record, waits for
// both sides' reports (or the GM's ruling when they disagree), and is settled from the report or
// by quick battle.
#include "rules/battle/quick_battle.hpp"
#include "rules/contact/contact_steps.hpp"
#include "rules/dice/rolloff.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "rules/events/event_records.generated.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

// the side whose force moved into contact this half period attacks; if both or neither
// did, the higher sum of unclamped modified contact scores (tie: roll-off).
std::string BattleStep::attacking_side(
    const std::map<std::string, std::vector<std::string>>& sides) {
    std::map<std::string, bool> moved;
    std::map<std::string, int> score_sum;
    for (const auto& [s, ids] : sides)
        for (const auto& id : ids) {
            const ForceMovement& fm = c_.movement.of(id);
            moved[s] =
                moved[s] || (c_.context.half == 0 ? fm.moved_first_half : fm.moved_second_half);
            score_sum[s] += c_.scores.count(id) ? c_.scores.at(id).modified : 0;
        }
    std::vector<std::string> side_ids;
    for (const auto& [s, ids] : sides) side_ids.push_back(s);
    if (side_ids.size() == 2 && moved[side_ids[0]] != moved[side_ids[1]])
        return moved[side_ids[0]] ? side_ids[0] : side_ids[1];
    if (side_ids.size() == 2 && score_sum[side_ids[0]] != score_sum[side_ids[1]])
        return score_sum[side_ids[0]] > score_sum[side_ids[1]] ? side_ids[0] : side_ids[1];
    // Roll-off between the sides' lowest force ids.
    std::vector<std::string> reps;
    for (const auto& s : side_ids) reps.push_back(sides.at(s).front());
    const std::string winner =
        roll_off(reps, c_.dice, c_.log, "rolloff for attacker", {.contact = c_.id}, c_.everyone());
    return c_.side(winner);
}

void BattleStep::run(const std::vector<std::string>& forces) {
    std::map<std::string, std::vector<std::string>> sides;
    for (const auto& id : forces) sides[c_.side(id)].push_back(id);
    const std::string attacker = attacking_side(sides);
    // Every side but the attacker's defends (a third side joins the defence).
    std::vector<std::string> defenders;
    std::string defender_side;
    for (const auto& [s, ids] : sides)
        if (s != attacker) {
            if (defender_side.empty()) defender_side = s;
            defenders.insert(defenders.end(), ids.begin(), ids.end());
        }
    const BattleRecord record = make_battle_record(
        c_.ruleset, c_.id, c_.period.state_version(), to_string(c_.context.half_period()),
        c_.hour.value_or(0), battle_side_record(c_.state, c_.ruleset, attacker, sides[attacker]),
        battle_side_record(c_.state, c_.ruleset, defender_side, defenders));
    event::Battle{.attacker = attacker,
                  .battlefield = c_.battlefield,
                  .contact = c_.id,
                  .half_period = record.half_period,
                  .hour = c_.hour.value_or(0),
                  .record = record,
                  .sides = BattleSides{std::move(sides)}}
        .write(c_.log, c_.everyone());
    // the battle takes the half period.
    for (const auto& id : forces) {
        c_.used_up.insert(id);
        c_.movement.stop(id, "battle");
    }
    BattleAftermath(c_).run(record, settle(record));
}

// both sides report; agreeing reports stand, anything else goes to the GM, whose default
// (the deadline passed) is a quick battle.
BattleSettlement BattleStep::settle(const BattleRecord& record) {
    static const AnswerList kReportOptions = answer_list({"no_report", "quick_battle"});
    std::vector<DecisionRequest> requests;
    requests.reserve(2);
    for (const BattleSideRecord* s : {&record.attacker, &record.defender}) {
        const std::string& first = s->forces.front();
        auto context = [this, &record, &first, attacker = s == &record.attacker] {
            // Every placed card, the same for both sides: the card_placement requests
            // each side answered show only the cards placed before its own.
            return BattleReportContext{c_.base_context(first), record,
                                       attacker ? BattleRole::attacker : BattleRole::defender,
                                       c_.battlefield};
        };
        requests.push_back({c_.decision_id("battle-report", first), s->player, first,
                            DecisionKind::battle_report, DecisionWindow::none, kReportOptions,
                            "no_report", {}, context});
    }
    const auto reports = c_.decider.ask_together(requests);
    const auto* attacker_report = reports[0].as<ReportAnswer>();
    const auto* defender_report = reports[1].as<ReportAnswer>();
    if (reports[0].is("quick_battle") && reports[1].is("quick_battle")) return quick_battle(record);
    // Two reports agree when they say the same once read (optional members at their defaults).
    if (attacker_report && defender_report && attacker_report->report == defender_report->report)
        return table_battle(record, completed_report(attacker_report->report, record));
    // ▶ The GM rules on missing or disagreeing reports.
    std::vector<Answer> options{"quick_battle"};
    if (attacker_report) options.emplace_back("attacker_report");
    if (defender_report) options.emplace_back("defender_report");
    auto context = [&] { return BattleDisputeContext{c_.id, record, reports[0], reports[1]}; };
    const Answer ruling = c_.decider.ask({c_.decision_id("battle-dispute", kGameMaster),
                                          kGameMaster, record.attacker.forces.front(),
                                          DecisionKind::battle_dispute, DecisionWindow::none,
                                          answer_list(std::move(options)), "quick_battle", {},
                                          context});
    const Answer& chosen = ruling.is("attacker_report")   ? reports[0]
                           : ruling.is("defender_report") ? reports[1]
                                                          : ruling;
    if (const auto* report = chosen.as<ReportAnswer>())
        return table_battle(record, completed_report(report->report, record));
    return quick_battle(record);
}

BattleSettlement BattleStep::table_battle(const BattleRecord& record, const BattleReport& report) {
    const BattleJudgement judged = judge_battle(record.judging_rules(), report, record.time_limit);
    if (!judged.accepted()) return quick_battle(record);  // answers are checked on arrival
    BattleSettlement s;
    s.report = report;
    s.result = *judged.result;
    const BattleRules rules = record.judging_rules();
    for (const auto* side : {&record.attacker, &record.defender}) {
        const bool attacker = side == &record.attacker;
        const SideReport& sr = attacker ? report.attacker : report.defender;
        const SideOutcome& out = attacker ? s.result.attacker : s.result.defender;
        for (const auto& loss : sr.losses)
            s.figures_lost[loss.regiment] =
                figures_for_elements(rules, loss.elements, side->regiment(loss.regiment)->figures);
        // a side that left the table leaves in the state its figures left in; an attacker
        // removed under darkness executed no withdrawal.
        if (out.outcome != BattleOutcome::won && !out.darkness)
            s.withdraw_state[side->side] = classify_withdrawal(c_.ruleset, *side, sr);
    }
    event::BattleResult{.attacker = side_result(report.attacker, s.result.attacker),
                        .battle = record.id,
                        .defender = side_result(report.defender, s.result.defender),
                        .rule = s.result.rule,
                        .settled_by = "report",
                        .bounds = report.bounds,
                        .pursuit = s.result.pursuit,
                        .report = report,
                        .time_limit_reached = report.time_limit_reached}
        .write(c_.log, c_.everyone());
    return s;
}

BattleSettlement BattleStep::quick_battle(const BattleRecord& record) {
    auto side_of_record = [&](const BattleSideRecord& rec) {
        QuickBattleSide q;
        q.side = rec.side;
        for (const auto& r : rec.regiments) q.regiments.push_back({r.regiment, r.figures});
        const Force& first = c_.force(rec.forces.front());
        q.formed = first.order_state == OrderState::formed;
        // [H] like the disengagement terrain modifier: the terrain of the side's own hex.
        q.favoured_terrain =
            favourable_terrain(c_.ruleset, first, *c_.state.map.terrain_at(first.hex()));
        for (const auto& id : rec.forces) q.supported = q.supported || c_.supporters.count(id);
        return q;
    };
    const QuickBattleResult q =
        resolve_quick_battle(c_.ruleset, side_of_record(record.attacker),
                             side_of_record(record.defender), c_.dice, c_.log, c_.everyone());
    BattleSettlement s;
    s.quick = true;
    const BattleRules& rules = c_.ruleset.battle;
    auto settle_side = [&](const BattleSideRecord& rec, const QuickBattleSideResult& res,
                           SideReport& report, SideOutcome& out) {
        report.side = rec.side;
        report.starting_elements = rec.starting_elements;
        for (const auto& l : res.losses) {
            s.figures_lost[l.regiment] = l.figures;
            // Recovery counts elements: a part-element lost counts as one.
            report.losses.push_back({l.regiment, regiment_elements(rules, l.figures), 0});
        }
        out.outcome = res.outcome;
        out.withdraw_disengagement = res.outcome != BattleOutcome::won;
        if (res.withdraw_state) s.withdraw_state[rec.side] = *res.withdraw_state;
    };
    settle_side(record.attacker, q.attacker, s.report.attacker, s.result.attacker);
    settle_side(record.defender, q.defender, s.report.defender, s.result.defender);
    s.result.pursuit = true;
    s.result.rule = "R-8.8: quick battle, margin " + std::to_string(q.margin);
    const auto quick_result = [](const BattleSideRecord& rec, const QuickBattleSideResult& res) {
        return shape::BattleSideResult{.side = rec.side, .outcome = to_string(res.outcome)};
    };
    event::BattleResult{.attacker = quick_result(record.attacker, q.attacker),
                        .battle = record.id,
                        .defender = quick_result(record.defender, q.defender),
                        .rule = s.result.rule,
                        .settled_by = "quick_battle"}
        .write(c_.log, c_.everyone());
    return s;
}

}  // namespace umpire::rules
