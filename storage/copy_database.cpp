#include "storage/copy_database.hpp"

#include <optional>

namespace umpire::storage {

namespace {

struct TableToCopy {
    const char* name;
    const char* id_column;  // made by the database (an identity): nullptr for none
};

// Parents before children, so that the foreign keys hold at every row.
constexpr TableToCopy kTables[] = {
    {"accounts", "id"},      {"campaigns", nullptr},        {"gm_actions", nullptr},
    {"memberships", nullptr}, {"open_periods", nullptr},     {"periods", nullptr},
    {"world_edits", nullptr}, {"orders", nullptr},           {"receipts", nullptr},
    {"decisions", nullptr},  {"battle_actions", nullptr},   {"press", nullptr},
    {"sessions", nullptr},   {"invites", nullptr},          {"password_resets", nullptr},
    {"webhooks", nullptr},   {"notifications", nullptr},    {"webhook_deliveries", "id"},
    {"period_deadlines", nullptr}, {"login_throttle", nullptr},
};

// Every table of the source is one this copy knows: a table added to the schema and not here
// would be left behind silently.
void require_known_tables(Database& from) {
    for (const auto& name : from.table_names()) {
        bool known = false;
        for (const auto& table : kTables) known = known || name == table.name;
        if (!known)
            throw StorageError(ErrorKind::internal,
                               from.path() + ": table " + name +
                                   " is not one the copy knows; nothing was copied");
    }
}

void require_empty(Database& to) {
    for (const char* table : {"campaigns", "accounts"})
        if (to.query_int(std::string("SELECT count(*) FROM ") + table) > 0)
            throw StorageError(ErrorKind::conflict,
                               to.path() + " already holds " + table +
                                   ": a copy goes into an empty database only (nothing is merged)");
}

std::int64_t copy_table(Database& from, Database& to, const std::string& table) {
    auto rows = from.prepare("SELECT * FROM " + table);
    std::optional<Statement> insert;
    std::int64_t copied = 0;
    while (rows.step()) {
        const int columns = rows.column_count();
        if (!insert) {
            // The source's column names: the same schema on both sides, so a column the
            // target lacks is an error here, not a silent loss.
            std::string names, marks;
            for (int c = 0; c < columns; ++c) {
                names += (c ? ", " : "") + rows.column_name(c);
                marks += c ? ", ?" : "?";
            }
            insert.emplace(to.prepare("INSERT INTO " + table + " (" + names + ") VALUES (" +
                                      marks + ")"));
        }
        for (int c = 0; c < columns; ++c) {
            if (rows.is_null(c)) insert->bind_null(c + 1);
            else insert->bind(c + 1, rows.text(c));  // integers as their decimal text
        }
        insert->run();
        insert->reset();
        ++copied;
    }
    return copied;
}

}  // namespace

std::vector<TableCopied> copy_database(Database& from, Database& to,
                                       const std::function<void(const TableCopied&)>& progress) {
    Transaction read(from, Transaction::Mode::deferred);
    Transaction write(to);
    require_known_tables(from);
    require_empty(to);
    std::vector<TableCopied> out;
    for (const auto& table : kTables) {
        TableCopied done{table.name, copy_table(from, to, table.name)};
        if (table.id_column) to.ids_copied(table.name, table.id_column);
        if (progress) progress(done);
        out.push_back(std::move(done));
    }
    write.commit();
    read.commit();
    return out;
}

}  // namespace umpire::storage
