#include "rules/scouting/scouting.hpp"

#include <algorithm>

#include "rules/contact/contact_dice.hpp"
#include "rules/events/event_records.generated.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

namespace {

// The living enemy forces of `sender` within `radius` hexes of `target`, in ascending id.
std::vector<const Force*> enemies_near(const CampaignState& state, const Force& sender,
                                       Hex target, int radius) {
    std::vector<const Force*> out;
    for (const Force& f : state.forces)
        if (!f.regiments.empty() && state.opposed(sender, f) &&
            hex_distance(f.hex(), target) <= radius)
            out.push_back(&f);
    return out;
}

// the enemy force nearest the target hex, ties by lowest id (`candidates` are in id order).
const Force& nearest(const std::vector<const Force*>& candidates, Hex target) {
    return **std::min_element(candidates.begin(), candidates.end(),
                              [&](const Force* a, const Force* b) {
                                  return hex_distance(a->hex(), target) <
                                         hex_distance(b->hex(), target);
                              });
}

bool counts_in(const Ruleset& ruleset, const ScoutRecord& scout, int period) {
    return period >= scout.period && period - scout.period < ruleset.scouting.counts_for_periods;
}

class ScoutResolver {
public:
    ScoutResolver(CampaignState& state, const Ruleset& ruleset, DiceSource& dice, EventLog& log)
        : state_(state), ruleset_(ruleset), dice_(dice), log_(log) {}

    void resolve(const Force& sender, Hex target) {
        const Calendar& now = state_.calendar;
        const std::string id =
            std::to_string(now.day) + "." + to_string(now.period) + "." + sender.id;
        source_ = "scout " + id;
        period_ = period_ordinal(now);
        audience_ = player_audience(sender.player);  // only the sender's player hears
        ScoutRecord record{sender.id, state_.side_of(sender), target, period_,
                           ScoutResult::nothing_seen, {}, {}};
        std::optional<int> accuracy_percent;  // on success, with the reports
        std::vector<shape::ScoutReport> reports;

        const auto detected =
            enemies_near(state_, sender, target, ruleset_.scouting.detection_radius_hexes);
        if (!detected.empty()) {
            const int roll = log_.roll(dice_, 6, "scout", {.force = sender.id}, audience_);
            const ScoutOutcome& outcome = ruleset_.scouting.outcome(roll);
            record.result = outcome.result;
            if (outcome.result == ScoutResult::captured) {
                record.captured_by = nearest(detected, target).id;
            } else if (outcome.result == ScoutResult::success) {
                accuracy_percent = outcome.accuracy_percent;
                reports = report(sender, target, outcome.accuracy_percent, record);
            }
        }
        event::ScoutResult{
            .accuracy_percent = accuracy_percent
                                    ? std::optional<event::EventInteger>(*accuracy_percent)
                                    : std::nullopt,
            .force = sender.id,
            .reports = accuracy_percent
                           ? std::optional<event::EventShapes<shape::ScoutReport>>(reports)
                           : std::nullopt,
            .result = to_string(record.result),
            .scout = id,
            .target = target}
            .write(log_, audience_);
        if (!record.captured_by.empty())
            tell_capturer(*state_.find_force(record.captured_by), id, sender);
        state_.scouts.push_back(std::move(record));
    }

private:
    // every enemy force within the report radius, its hex and a size estimate of its
    // figures on the accuracy band's column. Only the estimate and the band are kept: the
    // sender knows its scout's band, not the error (as with contact estimates, R-6.4).
    std::vector<shape::ScoutReport> report(const Force& sender, Hex target, int accuracy_percent,
                                           ScoutRecord& record) {
        std::vector<shape::ScoutReport> reports;
        for (const Force* enemy :
             enemies_near(state_, sender, target, ruleset_.scouting.report_radius_hexes)) {
            // The rolls are the GM's alone: with the estimate they give the figure.
            const auto size_roll = [&] {
                return log_.roll(dice_, 6, "size estimate",
                                 {.force = sender.id, .opponent = enemy->id}, gm_audience());
            };
            const int roll = size_roll() + size_roll();
            const int error = ruleset_.contact.size_estimation.error(accuracy_percent, roll);
            const shape::SizeEstimate size{.estimate = apply_size_error(enemy->figures(), error),
                                           .accuracy_percent = accuracy_percent};
            state_.knowledge[sender.player].push_back(
                {enemy->id, shape::ScoutReportFact{.hex = enemy->hex(), .size = size}, source_,
                 period_});
            reports.push_back({.force = enemy->id, .hex = enemy->hex(), .size = size});
            record.reported.push_back(enemy->id);
        }
        return reports;
    }

    // the capturing force's owner learns which force sent the scout, and nothing more.
    void tell_capturer(const Force& capturer, const std::string& id, const Force& sender) {
        state_.knowledge[capturer.player].push_back(
            {sender.id, shape::ScoutCapturedFact{.sent_by = sender.id, .captured_by = capturer.id},
             source_, period_});
        event::ScoutCaptured{.force = capturer.id, .scout = id, .sent_by = sender.id}.write(
            log_, player_audience(capturer.player));
    }

    CampaignState& state_;
    const Ruleset& ruleset_;
    DiceSource& dice_;
    EventLog& log_;
    std::string source_;
    int period_ = 0;
    Audience audience_;
};

}  // namespace

void resolve_scouts(CampaignState& state, const Ruleset& ruleset,
                    const std::vector<AcceptedOrder>& orders, DiceSource& dice, EventLog& log) {
    // Ascending force id, so the dice fall the same whatever order the orders came in.
    std::vector<const AcceptedOrder*> scouting;
    for (const auto& order : orders)
        if (order.scout) scouting.push_back(&order);
    std::sort(scouting.begin(), scouting.end(),
              [](const AcceptedOrder* a, const AcceptedOrder* b) { return a->force < b->force; });
    ScoutResolver resolver(state, ruleset, dice, log);
    for (const AcceptedOrder* order : scouting) {
        const Force* sender = state.find_force(order->force);
        if (sender && !sender->regiments.empty()) resolver.resolve(*sender, *order->scout);
    }
}

bool has_successful_scout(const CampaignState& state, const Ruleset& ruleset,
                          const std::string& force, const std::vector<std::string>& opponents,
                          int period) {
    return std::any_of(state.scouts.begin(), state.scouts.end(), [&](const ScoutRecord& s) {
        return s.force == force && s.result == ScoutResult::success &&
               counts_in(ruleset, s, period) &&
               std::any_of(s.reported.begin(), s.reported.end(), [&](const std::string& id) {
                   return std::find(opponents.begin(), opponents.end(), id) != opponents.end();
               });
    });
}

bool has_captured_scout(const CampaignState& state, const Ruleset& ruleset,
                        const std::string& force, const std::vector<std::string>& opponents,
                        int period) {
    return std::any_of(state.scouts.begin(), state.scouts.end(), [&](const ScoutRecord& s) {
        return s.captured_by == force && counts_in(ruleset, s, period) &&
               std::any_of(opponents.begin(), opponents.end(), [&](const std::string& id) {
                   const Force* opponent = state.find_force(id);
                   return opponent && state.side_of(*opponent) == s.side;
               });
    });
}

}  // namespace umpire::rules
