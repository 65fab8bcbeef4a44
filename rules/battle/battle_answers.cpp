#include "rules/battle/battle_answers.hpp"

#include <algorithm>
#include <numeric>

#include "umpire/rules/battle_record.hpp"

namespace umpire::rules {

namespace {

// The battle record the request carries: a side's report request or the GM's dispute.
const BattleRecord* record_of(const DecisionRequest& request) {
    if (const auto* c = request.known_is<BattleReportContext>()) return &c->battle;
    if (const auto* c = request.known_is<BattleDisputeContext>()) return &c->battle;
    return nullptr;
}

std::string report_refusal(const DecisionRequest& request, const ReportAnswer& answer) {
    const BattleRecord* record = record_of(request);
    if (!record) return "the request carries no battle record";
    return battle_report_refusal(*record, completed_report(answer.report, *record));
}

// Companies in descending figures, ties by position.
std::vector<std::size_t> largest_first(const std::vector<int>& figures) {
    std::vector<std::size_t> order(figures.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return figures[a] > figures[b]; });
    return order;
}

std::string recovery_refusal(const DecisionRequest& request, const Answer& answer) {
    const auto* context = request.known_as<shape::RecoveryContext>();
    if (!context) return "R-8.7: the request carries no companies to recover";
    const auto& companies = context->companies;
    const int recovered = context->recovered;
    const int penalty = context->penalty;
    const auto* split = answer.as<RecoverySplit>();
    if (!split)
        return "R-8.7: answer \"largest_first\" or {\"recovered\": [...], \"penalty\": [...]} "
               "with a number per company";
    auto per_company = [&](const std::vector<int>& v) {
        return v.size() == companies.size() &&
               std::all_of(v.begin(), v.end(), [](int n) { return n >= 0; });
    };
    if (!per_company(split->recovered) || !per_company(split->penalty))
        return "R-8.7: give a whole number per company (" + std::to_string(companies.size()) +
               " companies)";
    long long r_sum = 0, p_sum = 0;
    for (std::size_t i = 0; i < companies.size(); ++i) {
        const int r = split->recovered[i];
        const int p = split->penalty[i];
        if (r > companies[i].lost)
            return "R-8.7: company " + std::to_string(i + 1) + " lost " +
                   std::to_string(companies[i].lost) + " figures in the battle; recovery cannot "
                   "bring back " + std::to_string(r);
        if (p > companies[i].figures + r)
            return "R-8.7: company " + std::to_string(i + 1) + " has " +
                   std::to_string(companies[i].figures + r) + " figures; the penalty cannot "
                   "take " + std::to_string(p);
        r_sum += r;
        p_sum += p;
    }
    if (r_sum != recovered)
        return "R-8.7: recovery brings back " + std::to_string(recovered) + " figures, not " +
               std::to_string(r_sum);
    if (p_sum != penalty)
        return "R-8.7: the general and camp penalty is " + std::to_string(penalty) +
               " figures, not " + std::to_string(p_sum);
    return "";
}

}  // namespace

std::string battle_answer_refusal(const DecisionRequest& request, const Answer& answer) {
    if (request.kind == DecisionKind::battle_report ||
        request.kind == DecisionKind::battle_dispute) {
        if (const auto* report = answer.as<ReportAnswer>()) return report_refusal(request, *report);
        // JSON that is no answer says why (an object: what is wrong with it as a report).
        const auto* unreadable = answer.as<Unreadable>();
        return "answer one of " + options_text(request) + " or a battle report (R-8.6)" +
               (unreadable ? ": " + unreadable->why : "");
    }
    if (request.kind == DecisionKind::recovery_choice) return recovery_refusal(request, answer);
    return "not a battle decision";
}

RecoveryChoice default_recovery_choice(const std::vector<RecoveryCompany>& companies,
                                       int recovered, int penalty) {
    RecoveryChoice out{std::vector<int>(companies.size(), 0),
                       std::vector<int>(companies.size(), 0)};
    std::vector<int> figures;
    for (const auto& c : companies) figures.push_back(c.figures);
    for (std::size_t i : largest_first(figures)) {
        const int take = std::min(recovered, companies[i].lost);
        out.recovered[i] = take;
        recovered -= take;
    }
    for (std::size_t i = 0; i < companies.size(); ++i) figures[i] += out.recovered[i];
    for (std::size_t i : largest_first(figures)) {
        const int take = std::min(penalty, figures[i]);
        out.penalty[i] = take;
        penalty -= take;
    }
    return out;
}

RecoveryChoice recovery_choice_from_answer(const std::vector<RecoveryCompany>& companies,
                                           int recovered, int penalty, const Answer& answer) {
    if (const auto* split = answer.as<RecoverySplit>()) return {split->recovered, split->penalty};
    return default_recovery_choice(companies, recovered, penalty);
}

}  // namespace umpire::rules
