// Answers to the decisions of a campaign's open period: checked against the stored request and
// committed as they arrive. The requests themselves are stored by resolve_period.
#include "storage/campaign_service.hpp"

#include "storage/decision_codec.hpp"
#include "umpire/rules/decision_json.hpp"

namespace umpire::storage {

void Campaign::answer_decision(const std::string& player, const std::string& decision_id,
                               const rules::Json& answer) {
    // The GM answers the requests addressed to "gm" (disputed battle reports, R-8.6).
    if (player != rules::kGameMaster) check_player(player);
    const auto live = decisions_of(store_->decisions(record_.id), open_.index);
    const DecisionRecord* decision = nullptr;
    for (const auto& d : live)
        if (d.decision_id == decision_id) decision = &d;
    // One message for unknown and foreign requests: a player must not learn which exist.
    if (!decision || decision->player != player)
        throw StorageError(ErrorKind::invalid_input,
                           "player \"" + player + "\" has no decision \"" + decision_id +
                               "\" in period " + std::to_string(open_.index) + " of \"" +
                               record_.id + "\"");
    if (decision->state != "pending")
        throw StorageError(ErrorKind::conflict, "decision \"" + decision_id +
                                                    "\" is already answered; answers are final");
    if (decision->lapsed_at)
        throw StorageError(ErrorKind::conflict,
                           "the time to answer decision \"" + decision_id + "\" ran out at " +
                               *decision->lapsed_at +
                               "; standing instructions or the default answer it");
    const auto request = parse_request(decision->request, "decision " + decision_id);
    if (const std::string why = rules::answer_refusal(request, answer); !why.empty())
        throw StorageError(ErrorKind::invalid_input,
                           answer.dump() + " is not an allowed answer to decision \"" +
                               decision_id + "\" (" + std::string(rules::to_string(request.kind)) +
                               "): " + why);
    // The store checks again inside its transaction: another process may have been quicker.
    store_->answer_decision(record_.id, open_.index, decision_id, player, answer.dump(), clock_());
}

std::vector<DecisionRecord> Campaign::pending_decisions(const std::string& player) const {
    std::vector<DecisionRecord> out;
    for (auto& d : decisions_of(store_->decisions(record_.id), open_.index))
        if (d.state == "pending" && !d.lapsed_at && (player.empty() || d.player == player))
            out.push_back(std::move(d));
    return out;
}

int Campaign::lapse_decisions(const std::vector<std::string>& decision_ids) {
    if (decision_ids.empty()) return 0;
    return store_->lapse_decisions(record_.id, open_.index, decision_ids, clock_());
}

}  // namespace umpire::storage
