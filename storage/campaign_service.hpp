#pragma once
// One campaign in memory: its state as of the last commit, its pinned ruleset and its open
// period, in front of a CampaignStore. Every change is committed before the in-memory campaign
// changes; when a commit fails, the StorageError propagates and the campaign stays exactly at
// the last commit. A Campaign belongs to the thread that runs its room (docs/architecture.md).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/campaign_store.hpp"
#include "storage/clock.hpp"
#include "storage/seeds.hpp"
#include "umpire/rules/decisions.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::storage {

struct CreateOptions {
    std::string id;                // empty: the scenario's id
    std::string time_zone = "UTC"; // IANA name deadlines are given in
    rules::Json settings = rules::Json::object();
    rules::Json deadline_policy = rules::Json{{"kind", "manual"}};
    SeedSource seeds = {};  // empty: draw_seed (tests fix the sequence, see set_seed_source)
};

// What a player gets back for orders: proof of what was received and when.
struct Receipt {
    std::string hash;
    std::string server_time;
    std::string state;  // draft, submitted, confirmed
    int period_index = 0;
    std::string player;
    std::size_t orders = 0;
    // What each order with a path asks if nothing stops it (include/umpire/rules/order_plan.hpp).
    rules::Json plan = rules::Json::array();
};

// What resolve_period did: the period completed and is committed, or it waits for answers.
struct ResolvedPeriod {
    bool complete = false;
    // When not complete: the requests of the window the period waits at, as stored (pending).
    // Nothing else is filled in but index and seed_hash: the seed stays sealed.
    std::vector<DecisionRecord> pending;
    int index = 0;
    int attempt = 0;
    rules::EventList events;
    std::string seed_hash;
    std::string seed;  // the period is committed; still only the GM is shown it (dice_proofs.hpp)
    std::uint64_t draws = 0;
    int scheme = kCurrentScheme;
};

// What a GM's world edit did: its GM action, and whom it concerns (world_edit.hpp).
struct WorldEdited {
    int action_no = 0;
    std::map<std::string, std::vector<std::string>> forces;  // force -> owners before and after
    bool map_or_sides = false;
};

// Where a player's orders for the open period stand (not rules::OrderState, a force's order).
enum class SubmissionState { draft, submitted, confirmed };
const char* to_string(SubmissionState state);

class Campaign {
public:
    // Starts a campaign from a validated state and its ruleset: pins the ruleset, draws the
    // first period's seed and commits both. Bad options are ErrorKind::invalid_input.
    static Campaign create(CampaignStore& store, rules::CampaignState scenario,
                           rules::Ruleset ruleset, const CreateOptions& options = {},
                           Clock clock = utc_now);
    // The same from a scenario file and the ruleset it names (rules::load_scenario_file).
    static Campaign create_from_file(CampaignStore& store, const std::string& scenario_file,
                                     const std::vector<std::string>& ruleset_dirs,
                                     const CreateOptions& options = {}, Clock clock = utc_now);
    // Where the seeds of the periods opened from now on come from (default: draw_seed). Tests
    // fix the sequence to make a campaign's course reproducible.
    void set_seed_source(SeedSource seeds) { seeds_ = std::move(seeds); }

    // Resumes a stored campaign from its last commit.
    static Campaign open(CampaignStore& store, const std::string& id, Clock clock = utc_now);

    const std::string& id() const { return record_.id; }
    const CampaignRecord& record() const { return record_; }
    const rules::CampaignState& state() const { return state_; }
    const rules::Ruleset& ruleset() const { return ruleset_; }
    int period_index() const { return open_.index; }
    // The published hash of the open period's seed (the seed itself stays sealed).
    const std::string& seed_hash() const { return open_.seed_hash; }
    // The dice seed of a battle companion in the open period (companion_dice_seed of its sealed
    // seed): the seed itself never leaves storage.
    std::uint64_t companion_dice_seed(const std::string& battle_id) const {
        return storage::companion_dice_seed(open_.sealed_seed, battle_id);
    }

    // Orders of `player` for the open period, replacing any earlier set unless it is confirmed.
    // Every order must be the player's own, for one of the player's forces, once per force.
    Receipt submit_orders(const std::string& player, const std::vector<rules::ForceOrder>& orders,
                          SubmissionState state = SubmissionState::submitted);
    // The same checks as submit_orders, and the orders' plan; nothing is stored (a dry run).
    rules::Json preview_orders(const std::string& player,
                               const std::vector<rules::ForceOrder>& orders) const;
    // Confirms the player's current orders (an empty set if none): they can no longer change.
    Receipt confirm_orders(const std::string& player);
    std::vector<OrderRecord> current_orders() const;

    // Resolves the open period with its submitted and confirmed orders (of a draft only its
    // standing instructions are used; a force without orders holds), its sealed seed and every
    // answer given so far, replaying it from its start. If it reaches a window still waiting for
    // answers and `settle_missing` is false, the window's requests are committed (orders close) and
    // returned, not complete. Otherwise (`settle_missing`: the deadline passed, or the GM forces
    // the period, and missing answers take standing instructions or defaults) the result is
    // committed with its answers, the seed revealed, in one transaction, and the next period opens.
    ResolvedPeriod resolve_period(bool settle_missing);

    // GM: back to the start of an earlier period. The periods from there on stay stored as
    // history marked rolled back; the period reopens with a fresh seed. Returns the action no;
    // the action names `by`, the GM who gave it, when given.
    int roll_back(int to_index, const std::string& reason, const std::string& by = "");

    // GM: edits forces and the world before the open period resolves (world_edit.hpp): the
    // state and the GM action "world_edit" (its reason, the operations, whom they concern and
    // `by`) commit together, and the open period starts from the edited state. Orders already
    // given stand (an order the edit made impossible is refused when the period resolves).
    // Refused while the period's resolution waits for decisions.
    WorldEdited edit_world(const rules::Json& edits, const std::string& reason,
                           const std::string& by);

    // Answers a pending request of the open period, committed at once. Only the request's own
    // player may answer, once, with an answer rules::answer_allowed accepts; anything else is a
    // StorageError (invalid_input, or conflict for an answered request) and changes nothing.
    void answer_decision(const std::string& player, const std::string& decision_id,
                         const rules::Json& answer);
    // The requests of the open period still waiting for an answer (of one player, if given);
    // lapsed ones wait no more.
    std::vector<DecisionRecord> pending_decisions(const std::string& player = "") const;
    // Asynchronous play: these requests' own deadline passed unanswered. Committed at once;
    // from then on they cannot be answered, and every resolution of the period settles them by
    // standing instructions or defaults while later windows still wait. Returns how many.
    int lapse_decisions(const std::vector<std::string>& decision_ids);

private:
    Campaign(CampaignStore& store, Clock clock) : store_(&store), clock_(std::move(clock)) {}
    OpenPeriodRecord new_open_period(int index, const rules::CampaignState& state);
    ResolvedPeriod commit_waiting(const RequestCommit& commit,
                                  const std::vector<rules::DecisionRequest>& pending);
    void check_player(const std::string& player) const;
    // Checks `player`'s orders as submit_orders does (refusing with a StorageError) and
    // returns them as stored, in the umpire-orders/1 form.
    rules::Json checked_orders(const std::string& player,
                               const std::vector<rules::ForceOrder>& orders) const;
    rules::Json plan_of(const std::vector<rules::ForceOrder>& orders) const;

    CampaignStore* store_;
    Clock clock_;
    SeedSource seeds_ = draw_seed;
    CampaignRecord record_;
    rules::Ruleset ruleset_;
    rules::CampaignState state_;
    // The stored text state_ was read from: the next period's state-before, byte for byte (no
    // second serialisation of a 660 KB state per period).
    std::string state_text_;
    OpenPeriodRecord open_;
};

// Ids of campaigns and players: 1 to 64 of A-Z a-z 0-9 _ - .
bool is_valid_id(const std::string& id);
// "UTC", or an IANA name present in the system's zoneinfo.
bool is_valid_time_zone(const std::string& name);

}  // namespace umpire::storage
