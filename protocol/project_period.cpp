// Resolved periods (pushed, asked for, or sent by webhook as a turn report) and battle
// companions, as one viewer may see them (project.hpp). The events go through events_for, the
// dice through dice_proofs.hpp, missed orders through missed_orders_for, the companion through
// companion_for.
#include "protocol/dice_proofs.hpp"
#include "protocol/project.hpp"
#include "protocol/projection.hpp"
#include "protocol/report_text.hpp"

namespace umpire::protocol {

using rules::Json;

Json project(const Viewer& viewer, const CampaignFacts& campaign, const PeriodFacts& period,
             PeriodMessage kind) {
    Json seen = events_for(viewer, period.events, campaign.visibility);
    Json message{{"campaign", campaign.id}, {"period_index", period.index}};
    if (kind == PeriodMessage::resolved) {
        message["type"] = "period_resolved";
        message["attempt"] = period.attempt;
        message["seed_hash"] = period.seed_hash;
        message["dice_seeds"] = dice_seeds_of(seen, period.dice_key);
    } else {
        message["type"] = "report";
        message["day"] = period.day;
        message["period"] = period.kind;
        message["seed_hash"] = period.seed_hash;
        message["committed_at"] = period.committed_at;
        if (period.scheme >= 2) message["dice_seeds"] = dice_seeds_of(seen, period.dice_key);
    }
    if (shown_period_seed(viewer, period.scheme)) message["seed"] = period.seed;
    const Json missed = missed_orders_for(viewer, campaign.state, period.missed);
    if (!missed.empty()) message["missed_orders"] = missed;
    message["events"] = std::move(seen);
    return designated(viewer, campaign.designations.get(), std::move(message));
}

Json project(const Viewer& viewer, const CampaignFacts& campaign, const TurnReportFacts& report) {
    Json payload{{"type", "period_resolved"},
                 {"campaign", campaign.id},
                 {"period_index", report.period_index},
                 {"next_period_index", campaign.period_index}};
    if (report.period)
        payload["report_text"] =
            turn_report(project(viewer, campaign, *report.period, PeriodMessage::report),
                        project(viewer, campaign, report.view), ReportFormat::text);
    return payload;
}

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const CompanionSnapshot& companion) {
    auto body = companion_for(viewer, campaign.state, companion);
    if (!body) return std::nullopt;
    Json message{{"type", "battle_companion"},
                 {"campaign", campaign.id},
                 {"period_index", campaign.period_index}};
    message.update(*body);
    return designated(viewer, campaign.designations.get(), std::move(message));
}

}  // namespace umpire::protocol
