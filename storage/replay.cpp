#include "storage/replay.hpp"

#include <algorithm>

#include "storage/decision_checks.hpp"
#include "storage/decision_codec.hpp"
#include "storage/engine_call.hpp"
#include "storage/period_codec.hpp"
#include "storage/receipt.hpp"
#include "storage/seeds.hpp"
#include "storage/world_edit.hpp"

namespace umpire::storage {

namespace {

std::string clip(const std::string& text) {
    constexpr std::size_t kMax = 160;
    return text.size() <= kMax ? text : text.substr(0, kMax) + "…";
}

std::string name_of(const PeriodRecord& p) {
    return "period " + std::to_string(p.index) + " attempt " + std::to_string(p.attempt);
}

// Takes `state` through the live world edits made while period `index` was open, each replayed
// (with a ruleset) against the state it stored. Returns how many it took.
int follow_edits(const CampaignArchive& a, int index, const rules::Ruleset* ruleset,
                 std::string& state, std::vector<std::string>& out) {
    int taken = 0;
    for (const auto& e : a.world_edits) {
        if (e.rolled_back_by || e.period_index != index) continue;
        const std::string name = "world edit " + std::to_string(e.action_no);
        if (ruleset) try {
                if (apply_world_edit(state, rules::Json::parse(e.edits), *ruleset).text !=
                    e.state_after)
                    out.push_back(name + ": replayed, it makes another state than it stored");
            } catch (const std::exception& ex) {
                out.push_back(name + ": cannot replay: " + ex.what());
            }
        state = e.state_after;
        ++taken;
    }
    return taken;
}

// Checks everything of an archive but the replays of periods, which the caller runs (and may
// stream). World edits are replayed here, with `ruleset` when there is one.
void check_chain(const CampaignArchive& a, const rules::Ruleset* ruleset,
                 std::vector<std::string>& out) {
    const std::string id = a.campaign.id;
    try {
        const auto scenario = parse_snapshot(a.campaign.scenario, "the scenario");
        if (scenario.ruleset.hash != a.campaign.ruleset_hash ||
            scenario.ruleset.name != a.campaign.ruleset_name ||
            scenario.ruleset.version != a.campaign.ruleset_version)
            out.push_back("the scenario does not pin the campaign's ruleset");
    } catch (const StorageError& e) {
        out.push_back(e.what());
    }
    std::string expected_before = a.campaign.scenario;
    int next_live = 0;
    int live_edits = 0;
    for (const auto& p : a.periods) {
        if (p.seed_hash != sha256_hex(p.seed) || !is_seed(p.seed))
            out.push_back(name_of(p) + ": the revealed seed does not match its published hash");
        if (p.rolled_back_by) continue;
        if (p.index != next_live) {
            out.push_back(name_of(p) + ": expected live period " + std::to_string(next_live));
            next_live = p.index;
        }
        live_edits += follow_edits(a, p.index, ruleset, expected_before, out);
        if (p.state_before != expected_before)
            out.push_back(name_of(p) + ": does not start where " +
                          (p.index == 0 ? std::string("the scenario") : "the period before") +
                          " and the GM's edits left it");
        expected_before = p.state_after;
        ++next_live;
    }
    live_edits += follow_edits(a, next_live, ruleset, expected_before, out);
    for (const auto& e : a.world_edits) live_edits -= e.rolled_back_by ? 0 : 1;
    if (live_edits != 0)
        out.push_back("a live world edit belongs to no live period nor the open one");
    if (!a.open_period) {
        out.push_back("campaign \"" + id + "\" has no open period");
    } else {
        const auto& open = a.open_period;
        if (open->index != next_live)
            out.push_back("the open period is " + std::to_string(open->index) + ", expected " +
                          std::to_string(next_live));
        if (open->seed_hash != sha256_hex(open->sealed_seed) || !is_seed(open->sealed_seed))
            out.push_back("the open period's sealed seed does not match its published hash");
        try {
            const auto state = parse_snapshot(expected_before, "the latest state");
            if (open->day != state.calendar.day ||
                open->kind != rules::to_string(state.calendar.period))
                out.push_back("the open period is not at the day and period of the latest state");
        } catch (const StorageError& e) {
            out.push_back(e.what());
        }
    }
    for (const auto& o : a.orders)
        if (receipt_of(o) != o.receipt)
            out.push_back("the receipt of " + o.player + "'s orders for period " +
                          std::to_string(o.period_index) + " does not match the stored orders");
    for (const auto& r : a.receipts)
        if (receipt_of(r) != r.receipt)
            out.push_back("receipt " + r.receipt.substr(0, 12) + " of " + r.player +
                          " does not match its stored orders");
    check_decisions(a, out);
}

}  // namespace

std::vector<std::string> replay_period(const PeriodRecord& period,
                                       const rules::Ruleset& ruleset) {
    std::vector<std::string> out;
    const std::string name = name_of(period);
    try {
        const auto before = parse_snapshot(period.state_before, name + " state-before");
        const auto orders = parse_period_orders(period.orders, name + " orders");
        if (before.calendar.day != period.day ||
            rules::to_string(before.calendar.period) != period.kind)
            out.push_back(name + ": state-before is not at day " + std::to_string(period.day) +
                          " " + period.kind);
        // The same answers and the same settle flag as when it was resolved.
        const auto answers = parse_answers(period.answers, name + " answers");
        const auto outcome =
            run_engine(before, ruleset, orders, PeriodDice{period.seed, period.scheme}, answers,
                       period.settled);
        if (!outcome.complete) {
            std::string ids;
            for (const auto& r : outcome.pending) ids += (ids.empty() ? "" : ", ") + r.id;
            out.push_back(name + ": the replay stops, waiting for answers to " + ids);
            return out;
        }
        const auto replayed = event_records(outcome.events);
        if (replayed.size() != period.events.size())
            out.push_back(name + ": " + std::to_string(period.events.size()) +
                          " events stored, " + std::to_string(replayed.size()) + " replayed");
        for (std::size_t i = 0; i < replayed.size() && i < period.events.size(); ++i) {
            const auto& stored = period.events[i];
            if (stored.body != replayed[i].body || stored.type != replayed[i].type ||
                stored.audience != replayed[i].audience || stored.seq != static_cast<int>(i))
                out.push_back(name + ": event " + std::to_string(i) + " differs: stored " +
                              clip(stored.body) + ", replayed " + clip(replayed[i].body));
        }
        if (snapshot_text(outcome.state) != period.state_after)
            out.push_back(name + ": the replayed state-after differs from the stored one");
        if (static_cast<std::int64_t>(outcome.draws) != period.draws)
            out.push_back(name + ": " + std::to_string(period.draws) + " dice draws stored, " +
                          std::to_string(outcome.draws) + " replayed");
    } catch (const std::exception& e) {
        out.push_back(name + ": cannot replay: " + e.what());
    }
    return out;
}

VerifyReport verify_archive(const CampaignArchive& archive) {
    VerifyReport report;
    std::optional<rules::Ruleset> ruleset;
    try {
        ruleset = parse_ruleset(archive.campaign);
    } catch (const StorageError& e) {
        report.mismatches.push_back(e.what());
    }
    check_chain(archive, ruleset ? &*ruleset : nullptr, report.mismatches);
    if (ruleset)
        for (const auto& period : archive.periods) {
            auto found = replay_period(period, *ruleset);
            report.mismatches.insert(report.mismatches.end(), found.begin(), found.end());
            ++report.periods_checked;
        }
    return report;
}

VerifyReport verify_campaign(CampaignStore& store, const std::string& campaign) {
    // Period by period, so a long campaign is never all in memory at once.
    CampaignArchive spine;
    auto record = store.find_campaign(campaign);
    if (!record)
        throw StorageError(ErrorKind::not_found,
                           store.location() + ": no campaign \"" + campaign + "\"");
    spine.campaign = std::move(*record);
    spine.open_period = store.open_period(campaign);
    spine.decisions = store.decisions(campaign);
    spine.world_edits = store.world_edits(campaign);
    spine.orders.clear();
    for (const auto& r : store.receipts(campaign)) spine.receipts.push_back(r);
    VerifyReport report;
    std::optional<rules::Ruleset> ruleset;
    try {
        ruleset = parse_ruleset(spine.campaign);
    } catch (const StorageError& e) {
        report.mismatches.push_back(e.what());
    }
    int last_index = spine.open_period ? spine.open_period->index : 0;
    for (const auto& summary : store.periods(campaign)) {
        last_index = std::max(last_index, summary.index);
        PeriodRecord period;
        try {
            period = store.load_period(campaign, {summary.index, summary.attempt});
        } catch (const StorageError& e) {
            if (e.kind() != ErrorKind::corrupt) throw;
            report.mismatches.push_back(e.what());
            continue;
        }
        if (ruleset) {
            auto found = replay_period(period, *ruleset);
            report.mismatches.insert(report.mismatches.end(), found.begin(), found.end());
        }
        ++report.periods_checked;
        // Keep only what the chain check needs.
        period.events.clear();
        if (period.rolled_back_by) period.state_before.clear(), period.state_after.clear();
        spine.periods.push_back(std::move(period));
    }
    // Rollbacks leave orders of later periods behind: check their receipts too.
    for (int index = 0; index <= last_index + 1; ++index)
        for (auto& o : store.orders(campaign, index)) spine.orders.push_back(std::move(o));
    check_chain(spine, ruleset ? &*ruleset : nullptr, report.mismatches);
    return report;
}

}  // namespace umpire::storage
