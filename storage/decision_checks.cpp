#include "storage/decision_checks.hpp"

#include "umpire/rules/decision_json.hpp"

#include "storage/decision_codec.hpp"
#include "storage/error.hpp"

namespace umpire::storage {

namespace {

std::string name_of(const DecisionRecord& d) {
    return "decision " + std::to_string(d.no) + " (" + d.decision_id + ")";
}

void check_request(const DecisionRecord& d, std::vector<std::string>& out) {
    try {
        const auto request = parse_request(d.request, name_of(d) + " request");
        if (request.id != d.decision_id || request.player != d.player ||
            request.force != d.force || rules::to_string(request.kind) != d.kind)
            out.push_back(name_of(d) + ": its id, player, force or kind differ from its request");
        if (d.answer) {
            const auto answer = rules::Json::parse(*d.answer, nullptr, false);
            if (answer.is_discarded() || !rules::answer_allowed(request, answer))
                out.push_back(name_of(d) + ": the stored answer " + *d.answer +
                              " is not one its request allows");
        }
    } catch (const StorageError& e) {
        out.push_back(e.what());
    }
}

bool has_period(const CampaignArchive& a, int index, std::optional<int> rolled_back_by) {
    for (const auto& p : a.periods)
        if (p.index == index && p.rolled_back_by == rolled_back_by) return true;
    return false;
}

}  // namespace

void check_decisions(const CampaignArchive& a, std::vector<std::string>& out) {
    for (const auto& d : a.decisions) {
        if (d.decision_id.empty()) continue;  // a note of schema 1 or 2: not the engine's
        check_request(d, out);
        const bool open = !d.rolled_back_by && a.open_period &&
                          d.period_index == a.open_period->index;
        const bool resolved = has_period(a, d.period_index, d.rolled_back_by);
        // Rolled back with no period of its own: it was asked while its period was open.
        if (!open && !resolved && !d.rolled_back_by)
            out.push_back(name_of(d) + ": belongs to period " + std::to_string(d.period_index) +
                          ", which is neither open nor resolved");
        if (d.state == "pending" && resolved)
            out.push_back(name_of(d) + ": still pending, but its period was resolved");
        if (d.state == "settled" && !resolved)
            out.push_back(name_of(d) + ": settled, but its period was not resolved");
    }
    for (const auto& p : a.periods) {
        const std::string name =
            "period " + std::to_string(p.index) + " attempt " + std::to_string(p.attempt);
        try {
            const auto stored = answers_text(parse_answers(p.answers, name + " answers"));
            const auto given =
                answers_text(answers_of(decisions_of(a.decisions, p.index, p.rolled_back_by)));
            if (stored != given)
                out.push_back(name + ": its stored answers " + stored +
                              " are not the answers to its decisions " + given);
        } catch (const StorageError& e) {
            out.push_back(e.what());
        }
    }
}

}  // namespace umpire::storage
