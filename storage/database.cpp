#include "storage/database.hpp"

namespace umpire::storage {

std::int64_t Database::query_int(std::string_view sql) {
    auto statement = prepare(sql);
    if (!statement.step())
        throw StorageError(ErrorKind::internal, path_ + ": no row from " + std::string(sql));
    return statement.integer(0);
}

std::string Database::query_text(std::string_view sql) {
    auto statement = prepare(sql);
    if (!statement.step())
        throw StorageError(ErrorKind::internal, path_ + ": no row from " + std::string(sql));
    return statement.text(0);
}

void Database::commit_failed(const StorageError& e) {
    // The kinds, not the words: an I/O error (a failed write or fsync; PostgreSQL's connection
    // lost or the server shutting down) or a full disk while committing may have left the
    // commit on disk. A busy database, a constraint or a file found gone did not commit.
    if (e.kind() != ErrorKind::io && e.kind() != ErrorKind::disk_full) throw e;
    if (total_changes() == changes_at_begin_) {
        roll_back_quietly();
        throw e;  // it wrote nothing: nothing of it can be on disk
    }
    const bool first = stopped_.empty();
    stopped_ = e.what();
    roll_back_quietly();
    refuse_writes();
    const StorageError unknown(ErrorKind::outcome_unknown,
                               path_ + ": a COMMIT failed after it may have reached the disk (" +
                                   e.what() + "); whether it happened is known only after a "
                                              "restart, and this connection takes no more writes",
                               e);
    if (first && outcome_unknown_handler_) outcome_unknown_handler_(unknown);
    throw unknown;
}

Transaction::Transaction(Database& database, Mode mode) : database_(database) {
    if (database_.in_transaction()) {
        joined_ = open_ = true;  // a part of the transaction already open
        return;
    }
    if (!database_.stopped().empty())
        throw StorageError(ErrorKind::io, database_.path() +
                                              ": this server stopped writing after a commit "
                                              "whose outcome is unknown (" +
                                              database_.stopped() + "); it must be restarted");
    database_.begin(mode);
    database_.spoiled_ = false;
    database_.changes_at_begin_ = database_.total_changes();
    open_ = true;
}

Transaction::~Transaction() {
    if (!open_) return;
    if (joined_) {
        database_.spoiled_ = true;  // the outer transaction must not commit without this part
        return;
    }
    database_.roll_back_quietly();
}

void Transaction::commit() {
    if (joined_) {
        open_ = false;
        return;
    }
    if (database_.spoiled_)
        // The part's own error was thrown (and perhaps caught) before; a lost connection is
        // storage's failure (`unavailable`), anything else a bug.
        throw StorageError(database_.connection_lost() ? ErrorKind::io : ErrorKind::internal,
                           database_.path() +
                               ": a part of the transaction failed; nothing committed");
    try {
        database_.commit_transaction();
    } catch (const StorageError& e) {
        open_ = false;  // rolled back by commit_failed or by the engine
        if (e.kind() == ErrorKind::io || e.kind() == ErrorKind::disk_full)
            database_.commit_failed(e);
        database_.roll_back_quietly();
        throw;
    }
    open_ = false;
}

}  // namespace umpire::storage
