// `umpire backup`, `umpire restore`, `umpire migrate`: keeping a whole database safe
// (docs/operations.md, "Backup and restore" and "Upgrade"). The work is storage's (backup.hpp,
// restore.hpp, upgrade.hpp); these commands print what it did.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/storage_cli.hpp"
#include "storage/backup.hpp"
#include "storage/restore.hpp"
#include "storage/upgrade.hpp"
#include "storage/database_lock.hpp"

namespace umpire::cli {

namespace {

using storage::ErrorKind;
using storage::StorageError;

// Below this many pages (64 MiB of 4 KiB pages) a copy takes a moment: no progress lines.
constexpr long long kProgressFromPages = 16384;

// Reports a long copy on stderr at every tenth.
std::function<void(long long, long long)> progress_printer(const std::string& what) {
    auto last = std::make_shared<long long>(-1);
    return [what, last](long long copied, long long total) {
        if (total < kProgressFromPages) return;
        const long long tenth = copied * 10 / total;
        if (tenth == *last) return;
        *last = tenth;
        std::cerr << "umpire: " << what << ": " << tenth * 10 << "% (" << copied << " of "
                  << total << " pages)\n";
    };
}

std::string counts(const storage::DatabaseReport& r) {
    return "schema version " + std::to_string(r.schema_version) + ", " +
           std::to_string(r.campaigns) + " campaign(s), " + std::to_string(r.periods) +
           " resolved period(s)";
}

void add_backup_command(CLI::App& app) {
    struct Args {
        std::string db, out;
        bool force = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "backup", "Copy a database consistently (safe while the server runs)");
    cmd->add_option("DB", args->db, "database file")->required();
    cmd->add_option("OUT", args->out, "the copy to write (mode 0600)")->required();
    cmd->add_flag("--force", args->force, "replace OUT if it exists");
    cmd->callback([args] {
        guarded([&] {
            require_sqlite_file(args->db, "backup");
            if (!args->force && std::filesystem::exists(args->out))
                throw StorageError(ErrorKind::conflict,
                                   args->out + ": already exists (--force replaces it)");
            storage::BackupOptions options;
            options.replace = args->force;
            options.progress = progress_printer("backup of " + args->db);
            const auto report = storage::backup_file(args->db, args->out, options);
            std::cout << "backed up " << args->db << " to " << args->out
                      << ": integrity ok, " << counts(report) << "\n";
        });
    });
}

void add_restore_command(CLI::App& app) {
    struct Args {
        std::string backup, db;
        bool force = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "restore", "Put a checked backup in a database's place (the server stopped)");
    cmd->add_option("BACKUP", args->backup, "a backup (umpire backup)")->required();
    cmd->add_option("DB", args->db, "the database file to restore to")->required();
    cmd->add_flag("--force", args->force,
                  "restore over an existing DB, keeping it as DB.before-restore-<time>");
    cmd->callback([args] {
        guarded([&] {
            require_sqlite_file(args->db, "restore");
            if (!args->force && std::filesystem::exists(args->db))
                throw StorageError(ErrorKind::conflict,
                                   args->db + ": already exists (--force keeps it as " +
                                       args->db + ".before-restore-<UTC time> and restores "
                                       "over it)");
            storage::RestoreOptions options;
            options.replace = args->force;
            options.copy.progress = progress_printer("restore of " + args->backup);
            const auto report = storage::restore_database(args->backup, args->db, options);
            std::cout << "restored " << args->backup << " to " << args->db << ": integrity ok, "
                      << counts(report.restored) << ", every campaign replays\n";
            if (!report.previous.empty())
                std::cout << "the database it replaced is kept as " << report.previous << "\n";
        });
    });
}

void print_dry_run(const std::string& db, const storage::UpgradePlan& plan) {
    std::cout << db << ": schema version " << plan.from << ", this build's " << plan.to << "\n";
    if (plan.steps.empty()) {
        std::cout << "nothing to migrate\n";
        return;
    }
    std::cout << "would back up to " << db << ".pre-v" << plan.to
              << "-<UTC time>.bak, then run " << plan.steps.size() << " step(s):\n";
    for (const auto& step : plan.steps)
        std::cout << "  to version " << step.version << ": " << step.description << "\n";
    for (const auto& m : plan.mismatches) std::cout << m << "\n";
    std::cout << "tried on a copy: migrated to " << plan.after.schema_version
              << ", integrity ok, " << plan.after.campaigns << " campaign(s) with "
              << plan.after.periods << " resolved period(s) "
              << (plan.mismatches.empty()
                      ? std::string("replay")
                      : std::to_string(plan.mismatches.size()) + " mismatch(es)")
              << "; " << db << " was not changed\n";
}

void add_migrate_command(CLI::App& app) {
    struct Args {
        std::string db;
        bool dry_run = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "migrate", "Bring a database to this build's schema, backing it up first");
    cmd->add_option("DB", args->db, "database file")->required();
    cmd->add_flag("--dry-run", args->dry_run,
                  "say what would run and try it on a temporary copy; change nothing");
    cmd->callback([args] {
        guarded([&] {
            require_sqlite_file(args->db, "migrate");
            if (args->dry_run) {
                const auto plan = storage::dry_run_upgrade(args->db);
                print_dry_run(args->db, plan);
                if (!plan.mismatches.empty()) throw CLI::RuntimeError(kExitMismatch);
                return;
            }
            if (!std::filesystem::exists(args->db))  // no lock file beside a mistyped name
                throw StorageError(ErrorKind::cannot_open, args->db + ": no such file");
            const storage::DatabaseLock lock(args->db, storage::DatabaseLock::Mode::maintenance);
            auto store = open_store(args->db, Access::read);  // under the lock above
            const auto& result = store.sqlite().upgrade_result();
            if (result.from == result.to)
                std::cout << args->db << ": schema version " << result.to
                          << " is this build's; nothing to migrate\n";
            else
                std::cout << "migrated " << args->db << " from schema version " << result.from
                          << " to " << result.to << "; the backup from before is "
                          << result.backup << "\n";
        });
    });
}

}  // namespace

void add_backup_commands(CLI::App& app) {
    add_backup_command(app);
    add_restore_command(app);
    add_migrate_command(app);
}

}  // namespace umpire::cli
