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

Transaction::Transaction(Database& database, Mode mode) : database_(database) {
    if (database_.in_transaction()) {
        joined_ = open_ = true;  // a part of the transaction already open
        return;
    }
    database_.begin(mode);
    database_.spoiled_ = false;
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
        throw StorageError(ErrorKind::internal, database_.path() +
                                                    ": a part of the transaction failed; nothing "
                                                    "committed");
    database_.commit_transaction();
    open_ = false;
}

}  // namespace umpire::storage
