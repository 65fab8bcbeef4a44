#pragma once
// The storage interface the rest of Umpire talks to. SQLite implements it (sqlite_store.hpp);
// a PostgreSQL backend for a multi-node deployment would implement the same calls.
//
// Every write is one transaction: it happens entirely or not at all, and a write that does not
// fit the stored state (a period already resolved, orders already confirmed) is refused with
// ErrorKind::conflict before anything changes. Failures throw StorageError.
#include <optional>
#include <string>
#include <vector>

#include "storage/error.hpp"
#include "storage/records.hpp"

namespace umpire::storage {

class CampaignStore {
public:
    virtual ~CampaignStore() = default;

    // Where the data lives, for messages ("campaigns.db").
    virtual std::string location() const = 0;

    // Campaigns. create_campaign writes the campaign and its first open period together.
    virtual void create_campaign(const CampaignRecord& campaign,
                                 const OpenPeriodRecord& first) = 0;
    virtual std::optional<CampaignRecord> find_campaign(const std::string& id) = 0;
    virtual std::vector<std::string> campaign_ids() = 0;

    // Periods.
    virtual std::optional<OpenPeriodRecord> open_period(const std::string& campaign) = 0;
    virtual std::vector<PeriodSummary> periods(const std::string& campaign) = 0;
    virtual PeriodRecord load_period(const std::string& campaign, PeriodKey key) = 0;
    // The state the open period starts from: the one the last live world edit made while it
    // was open, else the state after the last period that is not rolled back; nullopt when
    // neither exists (the scenario's state).
    virtual std::optional<std::string> latest_state(const std::string& campaign) = 0;
    // One transaction: the resolved period with its events and revealed seed replaces the open
    // period, and `next` opens; the period's requests still pending become settled. Refused
    // unless `resolved` is the campaign's open period, resolved.order_receipts are exactly the
    // receipts of its submitted and confirmed orders and resolved.answers exactly its answers.
    // Returns the attempt number the period was stored under (0, or more after rollbacks).
    virtual int commit_period(const PeriodRecord& resolved, const OpenPeriodRecord& next) = 0;
    // One transaction: the requests of a resolution that waits for answers (the same checks as
    // commit_period). From then on the period's orders are closed.
    virtual void commit_requests(const RequestCommit& commit) = 0;
    // One transaction: records the GM action (its number is assigned and returned), marks every
    // live period and decision from `to_index` on, and every live world edit made while a later
    // period was open, as rolled back by it, and reopens `reopened`.
    virtual int roll_back(const GmActionRecord& action, int to_index,
                          const OpenPeriodRecord& reopened) = 0;

    // Orders of the open period: written (and the receipt logged) as they arrive. Refused when
    // the period is not open, its resolution waits for decisions, or the player's orders are
    // already confirmed.
    virtual void put_orders(const OrderRecord& orders) = 0;
    virtual std::vector<OrderRecord> orders(const std::string& campaign, int period_index) = 0;
    virtual std::vector<ReceiptRecord> receipts(const std::string& campaign) = 0;

    // Answers commit as they arrive: refused unless `decision_id` is a live pending request of
    // `player` in the open period `period_index`.
    virtual void answer_decision(const std::string& campaign, int period_index,
                                 const std::string& decision_id, const std::string& player,
                                 const std::string& answer, const std::string& at) = 0;
    // Marks the live pending requests `decision_ids` of the open period `period_index` lapsed
    // at `at` (their own deadline passed): refused, changing nothing, unless that period is open.
    // Returns how many were marked (those answered or lapsed already are left as they are).
    virtual int lapse_decisions(const std::string& campaign, int period_index,
                                const std::vector<std::string>& decision_ids,
                                const std::string& at) = 0;
    // Every decision of the campaign, rolled back ones too, by number.
    virtual std::vector<DecisionRecord> decisions(const std::string& campaign) = 0;

    virtual std::vector<GmActionRecord> gm_actions(const std::string& campaign) = 0;

    // One transaction: records the GM action (its number is assigned and returned) and the
    // world edit it made while period edit.period_index is open. Refused (conflict) when that
    // period is no longer open or its resolution has asked for decisions.
    virtual int add_world_edit(const GmActionRecord& action, const WorldEditRecord& edit) = 0;
    // Every world edit of the campaign, rolled back ones too, by number.
    virtual std::vector<WorldEditRecord> world_edits(const std::string& campaign) = 0;

    // Press (schema v13). add_press stores the message with the next number and its channel
    // number, in one transaction, and returns it; refused (conflict) when its sender already
    // sent `per_sender_period` messages in its period, or the campaign is unknown (not_found).
    virtual PressRecord add_press(const PressRecord& message, int per_sender_period) = 0;
    // Every message of the campaign, by number.
    virtual std::vector<PressRecord> press(const std::string& campaign) = 0;

    // Accounts and memberships (the server's; a placeholder password hash is never read back).
    virtual std::int64_t create_account(const std::string& name,
                                        const std::optional<std::string>& password_hash,
                                        const std::string& at) = 0;
    virtual std::optional<AccountRecord> find_account(const std::string& name) = 0;
    virtual bool has_accounts() = 0;  // a server's database: it has at least one
    virtual void add_membership(const MembershipRecord& membership) = 0;
    virtual std::vector<MembershipRecord> memberships(const std::string& campaign) = 0;

    // A consistent copy of everything of one campaign (one read transaction).
    virtual CampaignArchive read_archive(const std::string& campaign) = 0;
    // Writes a whole campaign in one transaction; refused if the id exists. The caller checks
    // the archive's consistency first (archive.hpp).
    virtual void write_archive(const CampaignArchive& archive) = 0;
    // Removes every row of a campaign in one transaction (keep its archive first).
    virtual void delete_campaign(const std::string& campaign) = 0;
};

}  // namespace umpire::storage
