#include "storage/postgres/pg_database.hpp"

#include <charconv>
#include <optional>
#include <vector>

namespace umpire::storage::pg {

bool is_postgres_url(const std::string& where) {
    return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

std::string numbered_parameters(std::string_view sql) {
    std::string out;
    out.reserve(sql.size() + 16);
    int next = 0;
    char quote = 0;  // inside '…' or "…"
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (quote) {
            if (c == quote) quote = 0;  // a doubled quote closes and reopens: the same text
            out += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            out += c;
        } else if (c == '?') {
            std::size_t digits = i + 1;
            while (digits < sql.size() && sql[digits] >= '0' && sql[digits] <= '9') ++digits;
            if (digits > i + 1) {
                out += '$';
                out.append(sql.substr(i + 1, digits - i - 1));
                i = digits - 1;
            } else {
                out += '$' + std::to_string(++next);
            }
        } else {
            out += c;
        }
    }
    return out;
}

// A statement run on its first step: its parameters collected as text until then, its rows
// read from the whole result (libpq returns them together).
class PgStatement final : public StatementBackend {
public:
    PgStatement(PgDatabase& db, std::string_view sql)
        : db_(db), sql_(numbered_parameters(sql)) {}

    void bind_int(int index, std::int64_t value) override { set(index, std::to_string(value)); }
    void bind_text(int index, std::string_view text) override { set(index, std::string(text)); }
    void bind_blob(int, const void*, std::size_t) override {
        throw StorageError(ErrorKind::internal,
                           db_.path() + ": binary values are not stored on PostgreSQL");
    }
    void bind_null(int index) override { set(index, std::nullopt); }

    bool step() override {
        if (!result_) {
            if (!db_.transaction_open_) db_.connection_.reconnect_if_lost();
            result_.emplace(db_.connection_.query(sql_, params_));
            db_.changes_ = result_->changed();
            db_.total_changes_ += db_.changes_;
            row_ = -1;
        }
        return ++row_ < result_->rows();
    }
    void reset() override {
        result_.reset();
        params_.clear();
    }

    bool is_null(int column) const override { return !current(column); }
    std::int64_t integer(int column) const override {
        const Value value = current(column);
        if (!value) return 0;  // as SQLite reads NULL
        // PostgreSQL writes booleans as t and f; SQLite's are 1 and 0.
        if (*value == "t") return 1;
        if (*value == "f") return 0;
        std::int64_t out = 0;
        const auto [end, error] =
            std::from_chars(value->data(), value->data() + value->size(), out);
        if (error != std::errc() || end != value->data() + value->size())
            throw StorageError(ErrorKind::corrupt,
                               db_.path() + ": \"" + value->substr(0, 40) +
                                   "\" is not an integer (" + sql_.substr(0, 60) + ")");
        return out;
    }
    std::string text(int column) const override { return current(column).value_or(""); }
    int column_count() const override { return result_ ? result_->columns() : 0; }
    std::string column_name(int column) const override {
        return result_ ? result_->column_name(column) : "";
    }
    [[noreturn]] void fail_unexpected_row() const override {
        throw StorageError(ErrorKind::internal, db_.path() + ": a row from " + sql_.substr(0, 60));
    }

private:
    void set(int index, Value value) {
        if (index < 1)
            throw StorageError(ErrorKind::internal, db_.path() + ": parameter " +
                                                        std::to_string(index) + " of " +
                                                        sql_.substr(0, 60));
        if (params_.size() < static_cast<std::size_t>(index)) params_.resize(index);
        params_[index - 1] = std::move(value);
    }
    Value current(int column) const {
        if (!result_ || row_ < 0 || row_ >= result_->rows())
            throw StorageError(ErrorKind::internal, db_.path() + ": no row to read from " +
                                                        sql_.substr(0, 60));
        return result_->value(row_, column);
    }

    PgDatabase& db_;
    std::string sql_;
    std::vector<Value> params_;
    std::optional<Result> result_;
    int row_ = -1;
};

PgDatabase::PgDatabase(const std::string& url, int connect_timeout_s)
    : Database(without_password(url)), connection_(url, connect_timeout_s) {}

std::unique_ptr<StatementBackend> PgDatabase::make_statement(std::string_view sql) {
    return std::make_unique<PgStatement>(*this, sql);
}

std::optional<StorageError> PgDatabase::write_problem() {
    if (in_transaction()) return std::nullopt;  // a command is under way on this connection
    try {
        if (query_text("SHOW transaction_read_only") == "on")
            return StorageError(ErrorKind::read_only,
                                path() + ": the PostgreSQL server takes no writes (a standby, or "
                                         "default_transaction_read_only is on)");
    } catch (const StorageError& e) {
        return e;
    }
    return std::nullopt;
}

std::vector<std::string> PgDatabase::table_names() {
    auto s = prepare(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_type = 'BASE TABLE' AND table_name <> 'umpire_schema' ORDER BY 1");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

void PgDatabase::ids_copied(const std::string& table, const std::string& column) {
    // The identity's sequence goes on after the highest id copied in.
    prepare("SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max(" + column +
            ") FROM " + table + "), 0) + 1, false)")
        .bind_all(table, column)
        .step();
}

void PgDatabase::commit_transaction() {
    transaction_open_ = false;  // whatever COMMIT answers, the transaction is over
    exec("COMMIT");
}

void PgDatabase::roll_back_quietly() noexcept {
    transaction_open_ = false;
    connection_.roll_back_quietly();
}

void PgDatabase::begin(TransactionMode mode) {
    connection_.reconnect_if_lost();
    exec(mode == TransactionMode::immediate ? "BEGIN ISOLATION LEVEL READ COMMITTED"
                                            : "BEGIN ISOLATION LEVEL REPEATABLE READ");
    transaction_open_ = true;
}

}  // namespace umpire::storage::pg
