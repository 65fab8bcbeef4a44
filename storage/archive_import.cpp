// Importing an archive: every check first, then one transaction.
#include <map>
#include <set>
#include <tuple>

#include "storage/archive.hpp"
#include "storage/campaign_service.hpp"
#include "storage/error.hpp"
#include "storage/replay.hpp"

namespace umpire::storage {

namespace {

// The companion's actions as BattleActionStore::append would have accepted them: each in an
// attempt of a period the archive holds (a resolved one or the open one, by index and seed
// hash), numbered 1, 2, … per battle and attempt.
void check_battle_actions(const CampaignArchive& a, rules::Problems& problems) {
    std::set<std::pair<int, std::string>> attempts;
    for (const auto& p : a.periods) attempts.insert({p.index, p.seed_hash});
    if (a.open_period) attempts.insert({a.open_period->index, a.open_period->seed_hash});
    // (index, seed hash, battle) -> the last number seen, in the archive's order.
    std::map<std::tuple<int, std::string, std::string>, int> last;
    for (std::size_t i = 0; i < a.battle_actions.size(); ++i) {
        const auto& b = a.battle_actions[i];
        const std::string path = "$.battle_actions[" + std::to_string(i) + "]";
        if (!attempts.count({b.period_index, b.seed_hash}))
            problems.add(path, "no period " + std::to_string(b.period_index) +
                                   " with this seed hash in the archive");
        int& previous = last[{b.period_index, b.seed_hash, b.battle_id}];
        if (b.no != previous + 1)
            problems.add(path + ".no", "action " + std::to_string(b.no) + " of battle \"" +
                                           b.battle_id + "\" follows action " +
                                           std::to_string(previous) + "; expected " +
                                           std::to_string(previous + 1));
        previous = b.no;
    }
}

// Uniqueness and references the database would also refuse, reported with their paths.
void check_keys(const CampaignArchive& a, rules::Problems& problems) {
    if (!is_valid_id(a.campaign.id))
        problems.add("$.campaign.id", "\"" + a.campaign.id + "\" is not a valid campaign id");
    if (!is_valid_time_zone(a.campaign.time_zone))
        problems.add("$.campaign.time_zone", "not a known IANA time zone");
    std::set<int> actions;
    for (std::size_t i = 0; i < a.gm_actions.size(); ++i)
        if (!actions.insert(a.gm_actions[i].no).second)
            problems.add("$.gm_actions[" + std::to_string(i) + "].no", "a second action with this number");
    std::set<int> press;
    std::set<std::tuple<int, std::string, std::vector<std::string>, bool, int>> channels;
    for (std::size_t i = 0; i < a.press.size(); ++i) {
        const auto& m = a.press[i];
        const std::string path = "$.press[" + std::to_string(i) + "]";
        if (!press.insert(m.no).second)
            problems.add(path + ".no", "a second message with this number");
        if (!channels.insert({m.period_index, m.sender, m.recipients, m.gm_reads, m.channel_no})
                 .second)
            problems.add(path + ".channel_no", "a second message with this channel number");
    }
    std::set<std::pair<int, int>> periods;
    for (std::size_t i = 0; i < a.periods.size(); ++i) {
        const auto& p = a.periods[i];
        const std::string path = "$.periods[" + std::to_string(i) + "]";
        if (!periods.insert({p.index, p.attempt}).second)
            problems.add(path, "a second period with this index and attempt");
        if (p.rolled_back_by && !actions.count(*p.rolled_back_by))
            problems.add(path + ".rolled_back_by", "no GM action with this number");
    }
    std::set<std::pair<int, std::string>> orders;
    for (std::size_t i = 0; i < a.orders.size(); ++i)
        if (!orders.insert({a.orders[i].period_index, a.orders[i].player}).second)
            problems.add("$.orders[" + std::to_string(i) + "]",
                         "a second order set of this player for this period");
    std::set<std::string> receipts;
    for (std::size_t i = 0; i < a.receipts.size(); ++i)
        if (!receipts.insert(a.receipts[i].receipt).second)
            problems.add("$.receipts[" + std::to_string(i) + "]", "a second copy of this receipt");
    std::set<int> decisions;
    std::set<std::pair<int, std::string>> live;
    for (std::size_t i = 0; i < a.decisions.size(); ++i) {
        const auto& d = a.decisions[i];
        const std::string path = "$.decisions[" + std::to_string(i) + "]";
        if (!decisions.insert(d.no).second)
            problems.add(path + ".no", "a second decision with this number");
        if (d.rolled_back_by && !actions.count(*d.rolled_back_by))
            problems.add(path + ".rolled_back_by", "no GM action with this number");
        if (!d.decision_id.empty() && !d.rolled_back_by &&
            !live.insert({d.period_index, d.decision_id}).second)
            problems.add(path + ".id", "a second live request with this id in its period");
    }
    std::map<int, std::string> kinds;
    for (const auto& g : a.gm_actions) kinds[g.no] = g.kind;
    for (std::size_t i = 0; i < a.world_edits.size(); ++i) {
        const auto& e = a.world_edits[i];
        const std::string path = "$.world_edits[" + std::to_string(i) + "]";
        if (kinds[e.action_no] != "world_edit")
            problems.add(path + ".no", "no world_edit GM action with this number");
        if (e.rolled_back_by && !actions.count(*e.rolled_back_by))
            problems.add(path + ".rolled_back_by", "no GM action with this number");
    }
    check_battle_actions(a, problems);
}

// Seats the members whose accounts this database has, and the GM named; refuses a campaign
// that would have no GM in a database with accounts.
ImportResult seat_members(CampaignStore& store, CampaignArchive& a, const ImportOptions& options,
                          rules::Problems& problems) {
    ImportResult result{a.campaign.id, {}, {}};
    std::set<std::string> accounts_seen, players_seen;
    bool any_account_here = false;
    for (std::size_t i = 0; i < a.members.size(); ++i) {
        const auto& m = a.members[i];
        const std::string path = "$.members[" + std::to_string(i) + "]";
        if (!accounts_seen.insert(m.account).second) {
            problems.add(path, "a second membership of \"" + m.account + "\"");
            continue;
        }
        if (m.player && !players_seen.insert(*m.player).second) {
            problems.add(path, "a second account playing \"" + *m.player + "\"");
            continue;
        }
        if (store.find_account(m.account)) {
            any_account_here = true;
            result.seated.push_back(m);
        } else {
            result.skipped.push_back(m);
        }
    }
    if (!options.gm.empty()) {
        if (!store.find_account(options.gm)) {
            problems.add("$", "no account \"" + options.gm + "\" to be the GM");
        } else {
            std::erase_if(result.seated,
                          [&](const ArchivedMember& m) { return m.account == options.gm; });
            result.seated.push_back({options.gm, "gm", std::nullopt});
            any_account_here = true;
        }
    }
    bool has_gm = false;
    for (const auto& m : result.seated) has_gm = has_gm || m.role == "gm";
    // A database without accounts (the command-line tools') has campaigns without GMs.
    if (!has_gm && (any_account_here || store.has_accounts()))
        problems.add("$", "the campaign would have no GM here: name one with --gm ACCOUNT");
    a.members = result.seated;
    return result;
}

}  // namespace

std::string import_campaign(CampaignStore& store, const rules::Json& document) {
    return import_campaign(store, document, ImportOptions{}).id;
}

ImportResult import_campaign(CampaignStore& store, const rules::Json& document,
                             const ImportOptions& options) {
    rules::Problems problems;
    auto archive = archive_from_json(document, problems);
    ImportResult result;
    if (archive) {
        check_keys(*archive, problems);
        result = seat_members(store, *archive, options, problems);
        if (problems.empty()) {
            // Chain, seeds, receipts, the pinned ruleset, and a replay of every period.
            for (const auto& mismatch : verify_archive(*archive).mismatches)
                problems.add("$", mismatch);
        }
    }
    if (!problems.empty())
        throw StorageError(ErrorKind::invalid_input,
                           "the archive is refused, nothing was imported: " +
                               std::to_string(problems.size()) + " problem(s)\n" +
                               problems.to_text());
    if (store.find_campaign(archive->campaign.id))
        throw StorageError(ErrorKind::conflict,
                           store.location() + ": a campaign \"" + archive->campaign.id +
                               "\" already exists; nothing was imported");
    store.write_archive(*archive);
    return result;
}

}  // namespace umpire::storage
