// Creating, resuming, resolving and rolling back a campaign (orders and decisions are in
// campaign_orders.cpp).
#include "storage/campaign_service.hpp"

#include <filesystem>
#include <set>

#include "documents/scenario_io.hpp"
#include "documents/state_version.hpp"
#include "storage/decision_codec.hpp"
#include "storage/engine_call.hpp"
#include "storage/period_codec.hpp"
#include "storage/seeds.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::storage {

namespace {

[[noreturn]] void invalid(const std::string& message) {
    throw StorageError(ErrorKind::invalid_input, message);
}

}  // namespace

bool is_valid_id(const std::string& id) {
    if (id.empty() || id.size() > 64) return false;
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
            return false;
    return true;
}

bool is_valid_time_zone(const std::string& name) {
    if (name == "UTC") return true;
    if (name.empty() || name.size() > 64 || name.front() == '/' ||
        name.find("..") != std::string::npos)
        return false;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '+' ||
              c == '/'))
            return false;
    std::error_code error;
    const std::filesystem::path zoneinfo = "/usr/share/zoneinfo";
    if (!std::filesystem::is_directory(zoneinfo, error)) return true;  // no tzdata to ask
    return std::filesystem::is_regular_file(zoneinfo / name, error);
}

const char* to_string(SubmissionState state) {
    switch (state) {
        case SubmissionState::draft: return "draft";
        case SubmissionState::submitted: return "submitted";
        case SubmissionState::confirmed: return "confirmed";
    }
    return "submitted";
}

OpenPeriodRecord Campaign::new_open_period(int index, const rules::CampaignState& state) {
    const SealedSeed seed = seeds_();
    return {record_.id,  index,     state.calendar.day, rules::to_string(state.calendar.period),
            seed.hash,   seed.secret, clock_()};
}

Campaign Campaign::create(CampaignStore& store, rules::CampaignState scenario,
                          rules::Ruleset ruleset, const CreateOptions& options, Clock clock) {
    Campaign campaign(store, std::move(clock));
    if (options.seeds) campaign.seeds_ = options.seeds;
    const std::string id = options.id.empty() ? scenario.id : options.id;
    if (!is_valid_id(id))
        invalid("campaign id \"" + id + "\" must be 1 to 64 of A-Z a-z 0-9 _ - .");
    if (!is_valid_time_zone(options.time_zone))
        invalid("\"" + options.time_zone + "\" is not a known IANA time zone");
    if (!options.settings.is_object()) invalid("settings must be a JSON object");
    if (!options.deadline_policy.is_object()) invalid("the deadline policy must be a JSON object");
    rules::Problems problems;
    rules::check_scenario_against_ruleset(scenario, ruleset, problems);
    if (!problems.empty())
        invalid("the scenario does not fit its ruleset:\n" + problems.to_text());

    // Pin the ruleset by hash, so the scenario and every snapshot name exactly this content.
    scenario.ruleset.hash = ruleset.hash;
    CampaignRecord& r = campaign.record_;
    r.id = id;
    r.name = scenario.name;
    r.scenario = snapshot_text(scenario);
    r.ruleset_name = ruleset.name;
    r.ruleset_version = ruleset.version;
    r.ruleset_hash = ruleset.hash;
    r.ruleset = ruleset.document;
    r.settings = options.settings.dump();
    r.deadline_policy = options.deadline_policy.dump();
    r.time_zone = options.time_zone;
    r.status = "active";
    r.created_at = campaign.clock_();
    // What resume will read, not what we were handed: live play and replay start alike.
    campaign.state_ = parse_snapshot(r.scenario, "the scenario");
    campaign.state_text_ = r.scenario;
    campaign.ruleset_ = std::move(ruleset);
    const OpenPeriodRecord first = campaign.new_open_period(0, campaign.state_);
    store.create_campaign(r, first);
    campaign.open_ = first;
    return campaign;
}

Campaign Campaign::create_from_file(CampaignStore& store, const std::string& scenario_file,
                                    const std::vector<std::string>& ruleset_dirs,
                                    const CreateOptions& options, Clock clock) {
    rules::Problems problems;
    auto loaded = rules::load_scenario_file(scenario_file, ruleset_dirs, problems);
    if (!loaded)
        invalid(scenario_file + ": " + std::to_string(problems.size()) + " problem(s)\n" +
                problems.to_text());
    return create(store, std::move(loaded->state), std::move(loaded->ruleset), options,
                  std::move(clock));
}

Campaign Campaign::open(CampaignStore& store, const std::string& id, Clock clock) {
    Campaign campaign(store, std::move(clock));
    auto record = store.find_campaign(id);
    if (!record)
        throw StorageError(ErrorKind::not_found,
                           store.location() + ": no campaign \"" + id + "\"");
    campaign.record_ = std::move(*record);
    campaign.ruleset_ = parse_ruleset(campaign.record_);
    const auto latest = store.latest_state(id);
    campaign.state_text_ = latest ? *latest : campaign.record_.scenario;
    campaign.state_ = parse_snapshot(campaign.state_text_, "the latest state of \"" + id + "\"");
    auto open = store.open_period(id);
    if (!open)
        throw StorageError(ErrorKind::corrupt,
                           store.location() + ": campaign \"" + id + "\" has no open period");
    if (open->day != campaign.state_.calendar.day ||
        open->kind != rules::to_string(campaign.state_.calendar.period))
        throw StorageError(ErrorKind::corrupt,
                           store.location() + ": the open period of \"" + id +
                               "\" is not where its latest state stands");
    campaign.open_ = std::move(*open);
    return campaign;
}

ResolvedPeriod Campaign::resolve_period(bool settle_missing) {
    // The order set: submitted and confirmed orders, players in id order, and the standing
    // instructions of drafts.
    rules::PeriodOrders orders{state_.calendar.day, state_.calendar.period, {}};
    std::vector<std::string> receipts;
    for (const auto& set : store_->orders(record_.id, open_.index)) {
        const bool draft = set.state == "draft";
        if (!draft) receipts.push_back(set.receipt);
        const auto list = rules::Json::parse(set.orders, nullptr, false);
        const rules::Json entry{{"day", orders.day},
                                {"period", rules::to_string(orders.period)},
                                {"orders", list}};
        const auto parsed = parse_period_orders(entry.dump(), "the orders of " + set.player);
        for (const auto& order : parsed.orders) {
            if (!draft) {
                orders.orders.push_back(order);
            } else if (order.standing_instructions) {
                // A draft is not orders (its forces hold), but the standing instructions it
                // gives are kept: they say how its player wants decisions answered.
                rules::ForceOrder kept;
                kept.player = order.player;
                kept.force = order.force;
                kept.standing_instructions = order.standing_instructions;
                orders.orders.push_back(std::move(kept));
            }
        }
    }
    // Every answer given so far: resolution is resumable by replaying from the period's start.
    const auto live = decisions_of(store_->decisions(record_.id), open_.index);
    const Answers answers = answers_of(live);
    std::set<std::string> lapsed;
    for (const auto& d : live)
        if (d.lapsed_at && d.state == "pending") lapsed.insert(d.decision_id);

    // The snapshot is kept with the period; its keyed digest is the version battles bind to
    //
    const PeriodDice dice{open_.sealed_seed, open_.scheme};
    EngineOutcome outcome =
        run_engine(state_, ruleset_, orders, dice, answers, settle_missing,
                   rules::state_version_of_text(state_text_, version_key_of(dice)), lapsed);
    if (!outcome.complete)
        return commit_waiting({record_.id, open_.index, open_.seed_hash, std::move(receipts),
                               answers_text(answers), {}},
                              outcome.pending);

    PeriodRecord period;
    period.campaign_id = record_.id;
    period.index = open_.index;
    period.day = open_.day;
    period.kind = open_.kind;
    period.state_before = state_text_;
    period.state_after = snapshot_text(outcome.state);
    period.orders = period_orders_text(orders);
    period.answers = answers_text(answers);
    // A period that completed through lapsed requests replays with every missing answer
    // settled: the requests it did not wait for were exactly those.
    period.settled = settle_missing || !lapsed.empty();
    period.events = event_records(outcome.events);
    period.seed_hash = open_.seed_hash;
    period.seed = open_.sealed_seed;
    period.draws = static_cast<std::int64_t>(outcome.draws);
    period.scheme = dice.scheme;
    period.opened_at = open_.opened_at;
    period.committed_at = clock_();
    period.order_receipts = std::move(receipts);
    rules::CampaignState next_state = parse_snapshot(period.state_after, "the resolved state");
    const OpenPeriodRecord next = new_open_period(open_.index + 1, next_state);

    // The one commit. Until it returns, nothing in memory has changed.
    const int attempt = store_->commit_period(period, next);

    state_ = std::move(next_state);
    state_text_ = std::move(period.state_after);
    open_ = next;
    ResolvedPeriod resolved;
    resolved.complete = true;
    resolved.index = period.index;
    resolved.attempt = attempt;
    resolved.events = std::move(outcome.events);
    resolved.seed_hash = period.seed_hash;
    resolved.seed = period.seed;
    resolved.scheme = period.scheme;
    resolved.draws = outcome.draws;
    return resolved;
}

ResolvedPeriod Campaign::commit_waiting(const RequestCommit& inputs,
                                        const std::vector<rules::DecisionRequest>& pending) {
    RequestCommit commit = inputs;
    const std::string now = clock_();
    std::set<std::string> ids;
    for (const auto& request : pending) {
        commit.requests.push_back(decision_record(record_.id, open_.index, request, now));
        ids.insert(request.id);
    }
    store_->commit_requests(commit);
    // Report them as stored: a request asked by an earlier run keeps its number and time.
    ResolvedPeriod waiting;
    waiting.index = open_.index;
    waiting.seed_hash = open_.seed_hash;
    for (auto& d : decisions_of(store_->decisions(record_.id), open_.index))
        if (ids.count(d.decision_id)) waiting.pending.push_back(std::move(d));
    return waiting;
}

int Campaign::roll_back(int to_index, const std::string& reason, const std::string& by) {
    if (reason.empty()) invalid("a rollback needs a reason");
    if (to_index < 0 || to_index >= open_.index)
        invalid("cannot roll back to period " + std::to_string(to_index) +
                ": resolved periods are 0 to " + std::to_string(open_.index - 1) +
                (open_.index == 0 ? " (none yet)" : ""));
    std::optional<PeriodKey> key;
    for (const auto& p : store_->periods(record_.id))
        if (p.index == to_index && !p.rolled_back_by) key = PeriodKey{p.index, p.attempt};
    if (!key)
        throw StorageError(ErrorKind::corrupt, store_->location() + ": period " +
                                                   std::to_string(to_index) + " of \"" +
                                                   record_.id + "\" is missing");
    std::string state_text = store_->load_period(record_.id, *key).state_before;
    rules::CampaignState state =
        parse_snapshot(state_text, "the state before period " + std::to_string(to_index));
    // A fresh seed: the old one is revealed, and re-resolving with it would let players
    // choose orders knowing every roll.
    const OpenPeriodRecord reopened = new_open_period(to_index, state);
    GmActionRecord action;
    action.campaign_id = record_.id;
    action.kind = "rollback";
    action.reason = reason;
    rules::Json details{{"to_period", to_index}, {"from_period", open_.index}};
    if (!by.empty()) details["by"] = by;
    action.details = details.dump();
    action.at = clock_();
    const int no = store_->roll_back(action, to_index, reopened);
    state_ = std::move(state);
    state_text_ = std::move(state_text);
    open_ = reopened;
    return no;
}

}  // namespace umpire::storage
