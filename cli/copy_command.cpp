// `umpire copy-db FROM TO`: a whole database into an empty one on the other engine (a SQLite
// file into PostgreSQL when a group outgrows one server, or back; docs/operations.md). Then
// every campaign is read back from TO, compared with FROM's and replayed.
#include <iostream>

#include "cli/storage_cli.hpp"
#include "storage/archive.hpp"
#include "storage/copy_database.hpp"
#include "storage/replay.hpp"

namespace umpire::cli {

void add_copy_command(CLI::App& app) {
    struct Copy {
        std::string from, to;
    };
    auto copy = std::make_shared<Copy>();
    CLI::App* cmd = app.add_subcommand(
        "copy-db", "Copy a whole database into an empty one (SQLite file <-> postgresql:// URL)");
    cmd->add_option("FROM", copy->from, "database to copy: file or postgresql:// URL")
        ->required();
    cmd->add_option("TO", copy->to, "empty database to fill: file (created) or postgresql:// URL")
        ->required();
    cmd->callback([copy] {
        guarded([&] {
            // The source under the writer's lock (a file: no server or command writes it
            // meanwhile); the copy itself reads one consistent moment of it.
            auto from = open_store(copy->from, Access::write);
            auto to = open_store(copy->to, Access::create);
            const auto tables = storage::copy_database(
                from->database(), to->database(), [](const storage::TableCopied& t) {
                    std::cout << "  " << t.table << ": " << t.rows << " row(s)\n";
                });
            std::size_t checked = 0;
            for (const auto& id : to->campaign_ids()) {
                if (storage::archive_text(from->read_archive(id)) !=
                    storage::archive_text(to->read_archive(id)))
                    throw storage::StorageError(storage::ErrorKind::internal,
                                                "campaign " + id + " reads back differently from " +
                                                    to->location());
                const auto report = storage::verify_campaign(*to, id);
                if (!report.ok())
                    throw storage::StorageError(storage::ErrorKind::corrupt,
                                                "campaign " + id + " does not replay in " +
                                                    to->location() + ": " +
                                                    report.mismatches.front());
                ++checked;
            }
            std::cout << "copied " << from->location() << " to " << to->location() << " ("
                      << tables.size() << " tables); " << checked
                      << " campaign(s) read back identical and replayed\n";
        });
    });
}

}  // namespace umpire::cli
