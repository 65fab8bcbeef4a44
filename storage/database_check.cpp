#include "storage/database_check.hpp"

#include "storage/backup.hpp"
#include "storage/migrations.hpp"
#include "storage/private_files.hpp"
#include "storage/replay.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage {

namespace {

ConnectionOptions existing_file() {
    ConnectionOptions options;
    options.create = false;
    return options;
}

// Opens `path` as a store, migrating it without a backup, and verifies every campaign.
std::vector<std::string> replay_store(const std::string& path) {
    ConnectionOptions options = existing_file();
    options.backup_before_migrating = false;  // a scratch copy: nobody's data
    options.notice = [](const std::string&) {};
    SqliteCampaignStore store(path, options);
    std::vector<std::string> mismatches;
    for (const auto& id : store.campaign_ids())
        for (const auto& line : verify_campaign(store, id).mismatches)
            mismatches.push_back(id + ": " + line);
    return mismatches;
}

}  // namespace

DatabaseReport inspect_database(const std::string& path) {
    Connection db(path, existing_file());
    DatabaseReport report;
    report.schema_version = check_database(db);
    std::string problems;
    auto integrity = db.prepare("PRAGMA integrity_check(20)");
    while (integrity.step())
        if (const auto line = integrity.text(0); line != "ok") problems += "\n  " + line;
    if (!problems.empty())
        throw StorageError(ErrorKind::corrupt, path + ": the database is damaged:" + problems);
    if (report.schema_version > 0) {
        report.campaigns = db.query_int("SELECT count(*) FROM campaigns");
        report.periods = db.query_int("SELECT count(*) FROM periods");
    }
    return report;
}

std::vector<std::string> replay_all(const std::string& path) {
    int version = 0;
    {
        Connection db(path, existing_file());
        version = check_database(db);
    }
    if (version == 0) return {};
    if (version == latest_schema_version()) return replay_store(path);
    TempSibling scratch(path);
    {
        Connection source(path, existing_file());
        copy_database(source, scratch.path());
    }
    return replay_store(scratch.path());
}

}  // namespace umpire::storage
