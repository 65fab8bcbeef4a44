#pragma once
// CampaignStore on a Database (database.hpp): the stores' SQL and checks, written once for both
// engines. SqliteCampaignStore (sqlite_store.hpp) opens a file into it, PgCampaignStore
// (postgres/pg_store.hpp) a PostgreSQL database.
//
// Each write is one transaction that first locks the campaign's row (store_rows.hpp,
// require_campaign): on PostgreSQL, the commands of one campaign given to several servers run
// one after another, each seeing what the one before committed.
#include <memory>
#include <string>

#include "storage/campaign_store.hpp"
#include "storage/database.hpp"

namespace umpire::storage {

class SqlCampaignStore : public CampaignStore {
public:
    Database& database() { return *db_; }

    std::string location() const override { return db_->path(); }

    void create_campaign(const CampaignRecord& campaign, const OpenPeriodRecord& first) override;
    std::optional<CampaignRecord> find_campaign(const std::string& id) override;
    std::vector<std::string> campaign_ids() override;

    std::optional<OpenPeriodRecord> open_period(const std::string& campaign) override;
    std::vector<PeriodSummary> periods(const std::string& campaign) override;
    PeriodRecord load_period(const std::string& campaign, PeriodKey key) override;
    std::optional<std::string> latest_state(const std::string& campaign) override;
    int commit_period(const PeriodRecord& resolved, const OpenPeriodRecord& next) override;
    int roll_back(const GmActionRecord& action, int to_index,
                  const OpenPeriodRecord& reopened) override;

    void put_orders(const OrderRecord& orders) override;
    std::vector<OrderRecord> orders(const std::string& campaign, int period_index) override;
    std::vector<ReceiptRecord> receipts(const std::string& campaign) override;

    void commit_requests(const RequestCommit& commit) override;
    void answer_decision(const std::string& campaign, int period_index,
                         const std::string& decision_id, const std::string& player,
                         const std::string& answer, const std::string& at) override;
    int lapse_decisions(const std::string& campaign, int period_index,
                        const std::vector<std::string>& decision_ids,
                        const std::string& at) override;
    std::vector<DecisionRecord> decisions(const std::string& campaign) override;

    std::vector<GmActionRecord> gm_actions(const std::string& campaign) override;
    int add_world_edit(const GmActionRecord& action, const WorldEditRecord& edit) override;
    std::vector<WorldEditRecord> world_edits(const std::string& campaign) override;

    PressRecord add_press(const PressRecord& message, int per_sender_period) override;
    std::vector<PressRecord> press(const std::string& campaign) override;

    std::int64_t create_account(const std::string& name,
                                const std::optional<std::string>& password_hash,
                                const std::string& at) override;
    std::optional<AccountRecord> find_account(const std::string& name) override;
    bool has_accounts() override;
    void add_membership(const MembershipRecord& membership) override;
    std::vector<MembershipRecord> memberships(const std::string& campaign) override;

    CampaignArchive read_archive(const std::string& campaign) override;
    void write_archive(const CampaignArchive& archive) override;
    void delete_campaign(const std::string& campaign) override;

protected:
    // The database must hold the current schema before the first call.
    explicit SqlCampaignStore(std::unique_ptr<Database> db) : db_(std::move(db)) {}

private:
    std::unique_ptr<Database> db_;
};

}  // namespace umpire::storage
