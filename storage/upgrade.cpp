#include "storage/upgrade.hpp"

#include <iostream>

#include "storage/backup.hpp"
#include "storage/private_files.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage {

namespace {

void notify(const ConnectionOptions& options, const std::string& text) {
    if (options.notice) options.notice(text);
    else std::cerr << "umpire: " << text << "\n";
}

ConnectionOptions existing_file() {
    ConnectionOptions options;
    options.create = false;
    return options;
}

}  // namespace

UpgradeResult upgrade(Connection& db, const ConnectionOptions& options) {
    UpgradeResult result;
    result.from = check_database(db);
    const int latest = latest_schema_version();
    const std::string versions =
        "schema version " + std::to_string(result.from) + " to " + std::to_string(latest);
    if (result.from > 0 && result.from < latest && options.backup_before_migrating) {
        const std::string target = free_name(
            db.path() + ".pre-v" + std::to_string(latest) + "-" + utc_file_stamp(), ".bak");
        try {
            backup_database(db, target);
        } catch (const StorageError& e) {
            throw StorageError(e.kind(), db.path() + ": not migrating from " + versions +
                                             ": the backup before it failed: " + e.what());
        }
        result.backup = target;
        notify(options, db.path() + ": backed up to " + result.backup + " before migrating from " +
                            versions);
    }
    result.to = migrate(db);
    if (result.from > 0 && result.to != result.from)
        notify(options, db.path() + ": migrated from " + versions);
    return result;
}

UpgradePlan dry_run_upgrade(const std::string& path) {
    UpgradePlan plan;
    {
        Connection db(path, existing_file());
        plan.from = check_database(db);
    }
    plan.to = latest_schema_version();
    for (const auto& step : migrations())
        if (step.version > plan.from) plan.steps.push_back(step);
    if (plan.steps.empty()) return plan;
    TempSibling scratch(path);
    {
        Connection db(path, existing_file());
        copy_database(db, scratch.path());
    }
    {
        ConnectionOptions options = existing_file();
        options.backup_before_migrating = false;  // a scratch copy: nobody's data
    options.notice = [](const std::string&) {};
        SqliteCampaignStore migrated(scratch.path(), options);  // opening it migrates it
    }
    plan.after = inspect_database(scratch.path());
    plan.mismatches = replay_all(scratch.path());
    return plan;
}

}  // namespace umpire::storage
