#pragma once
// What storage keeps, as plain records. JSON members are held as text exactly as stored
// (compact, sorted keys), so what is read back is byte for byte what was written.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::storage {

struct CampaignRecord {
    std::string id;
    std::string name;
    std::string scenario;  // the starting state, umpire-scenario/1 with the ruleset hash pinned
    std::string ruleset_name;
    std::string ruleset_version;
    std::string ruleset_hash;
    std::string ruleset;  // the ruleset document
    std::string settings = "{}";
    std::string deadline_policy = R"({"kind":"manual"})";
    std::string time_zone = "UTC";
    std::string status = "active";  // active, paused, finished
    std::string created_at;
};

// The period being ordered. The sealed seed is a secret until the period's resolution commits:
// it is never printed, logged or sent (docs/storage.md, "Seeds").
// The dice and state-version scheme new periods are resolved with (schema_v9.cpp).
inline constexpr int kCurrentScheme = 2;

struct OpenPeriodRecord {
    std::string campaign_id;
    int index = 0;
    int day = 1;
    std::string kind = "day";
    std::string seed_hash;
    std::string sealed_seed;
    std::string opened_at;
    // The scheme it will be resolved with: a period open when the server was upgraded keeps
    // the one it was opened under, so answers given under its decision ids still hold.
    int scheme = kCurrentScheme;
};

struct EventRecord {
    int seq = 0;
    std::string type;
    std::optional<std::string> audience;  // JSON; nullopt: everyone
    std::string body;                     // the event, JSON
};

struct PeriodKey {
    int index = 0;
    int attempt = 0;
};

struct PeriodRecord {
    std::string campaign_id;
    int index = 0;
    int attempt = 0;
    int day = 1;
    std::string kind = "day";
    std::string state_before;
    std::string state_after;
    std::string orders;  // {"day", "period", "orders": [...]}: what the engine was given
    std::string answers = "{}";  // {"<decision id>": answer}: the players' answers it was given
    bool settled = true;         // whether missing answers took standing instructions/defaults
    std::vector<EventRecord> events;
    std::string seed_hash;
    std::string seed;
    std::int64_t draws = 0;
    // How its dice and state versions were made (schema_v9.cpp): 1 before issue 28, 2 since.
    int scheme = kCurrentScheme;
    std::string opened_at;
    std::string committed_at;
    std::optional<int> rolled_back_by;  // the GM action that rolled it back
    // Not stored: the receipts of the order sets the engine was given. The commit is refused if
    // the period's submitted and confirmed orders are no longer exactly these.
    std::vector<std::string> order_receipts;
};

// A period without its snapshots and events: cheap to list.
struct PeriodSummary {
    int index = 0;
    int attempt = 0;
    int day = 1;
    std::string kind;
    int event_count = 0;
    std::string seed_hash;
    std::string committed_at;
    std::optional<int> rolled_back_by;
};

struct OrderRecord {
    std::string campaign_id;
    int period_index = 0;
    std::string player;
    std::string orders;  // JSON array of orders
    std::string state;   // draft, submitted, confirmed
    std::string receipt;
    std::string updated_at;
};

struct ReceiptRecord {
    std::string campaign_id;
    std::string receipt;
    int period_index = 0;
    std::string player;
    std::string orders;
    std::string state;
    std::string issued_at;
};

// A decision request of the engine (include/umpire/rules/decisions.hpp) and its answer. Ids are
// unique among the live (not rolled back) requests of a period.
struct DecisionRecord {
    std::string campaign_id;
    int no = 0;  // per campaign, from 1
    int period_index = 0;
    std::string decision_id;            // the engine's id; empty for notes of schema 1 and 2
    std::string player;
    std::string force;
    std::string kind;
    std::string request;                // JSON: the engine's request
    std::optional<std::string> answer;  // JSON: the player's answer
    // pending; answered; settled: the period completed without an answer, which then took the
    // standing instruction or default (the period's `decision` event says which).
    std::string state = "pending";
    std::string requested_at;
    std::optional<std::string> answered_at;
    std::optional<int> rolled_back_by;  // the GM action that rolled its period back
    // Its own deadline passed unanswered (schema v11): replays settle it, answers are refused.
    std::optional<std::string> lapsed_at;
};

// What a resolution that stopped at a window commits: the requests it asks, refused unless the
// open period, its orders and its answers are still those the engine was given.
struct RequestCommit {
    std::string campaign_id;
    int period_index = 0;
    std::string seed_hash;
    std::vector<std::string> order_receipts;
    std::string answers = "{}";
    std::vector<DecisionRecord> requests;  // those already stored are left as they are
};

struct GmActionRecord {
    std::string campaign_id;
    int no = 0;  // per campaign, from 1
    std::string kind;
    std::string reason;
    std::string details = "{}";  // JSON
    std::string at;
};

// A GM's edit of forces and the world while period `period_index` was open (world_edit.hpp).
// Its GM action (kind "world_edit", the same number) holds the reason and who gave it.
struct WorldEditRecord {
    std::string campaign_id;
    int action_no = 0;
    int period_index = 0;
    std::string edits;        // JSON: the operations
    std::string state_after;  // the state they made
    std::optional<int> rolled_back_by;
};

struct AccountRecord {
    std::int64_t id = 0;
    std::string name;
    std::string created_at;
};

struct MembershipRecord {
    std::int64_t account_id = 0;
    std::string campaign_id;
    std::string role;  // gm, player, observer
    std::optional<std::string> player;
};

// One accepted action of the battle companion (schema v5, storage/battle_action_store.hpp).
struct BattleActionRecord {
    std::string campaign_id;
    int period_index = 0;
    std::string seed_hash;  // of the open period the action was sent in
    std::string battle_id;
    int no = 0;             // 1, 2, … per battle and attempt
    std::string action;     // JSON
    std::string by;         // attacker, defender or gm: who sent it
    std::string at;
};

// A press message (schema v13): from a seated player or a GM ("gm") to everyone ("all"), to the
// GMs ("gm") or to players. What a viewer is shown of it is the projection's (project_press).
struct PressRecord {
    std::string campaign_id;
    int no = 0;  // per campaign, from 1; assigned by the store
    int period_index = 0;
    std::string sender;
    std::vector<std::string> recipients;  // sorted, no repeats
    bool gm_reads = false;  // the GMs may read it: the campaign said so when it was sent
    // Its number among the sender's to `recipients` with the same `gm_reads` this period,
    // from 1; assigned by the store.
    int channel_no = 0;
    std::string body;
    std::string sent_at;
};

// Everything of one campaign, as export writes it and import reads it. Accounts and memberships
// belong to the server, not the campaign, and are not part of it.
// A member of an archived campaign, by account name: accounts are the server's, not the
// campaign's, so an import seats only the names its database knows.
struct ArchivedMember {
    std::string account;
    std::string role;  // gm, player, observer
    std::optional<std::string> player;
};

struct CampaignArchive {
    CampaignRecord campaign;
    std::vector<PeriodRecord> periods;  // every attempt, by index then attempt
    std::optional<OpenPeriodRecord> open_period;
    std::vector<OrderRecord> orders;
    std::vector<ReceiptRecord> receipts;
    std::vector<DecisionRecord> decisions;
    std::vector<GmActionRecord> gm_actions;
    std::vector<WorldEditRecord> world_edits;  // by number
    // The battle companion's accepted actions, every attempt, as BattleActionStore::all lists
    // them: the open period's are what its battles' companions replay after an import.
    std::vector<BattleActionRecord> battle_actions;
    std::vector<ArchivedMember> members;  // by account name
    std::vector<PressRecord> press;       // by number
};

}  // namespace umpire::storage
