// One command, one commit (issue 29). Every store write a command makes — state, GM action,
// deadline, notifications to send — joins one SQLite transaction (inner store transactions join
// it, storage/sqlite_connection.hpp), and nothing leaves the server before that
// transaction commits: broadcasts, timers and webhook sends wait in a queue until then. A command
// that fails before its COMMIT changes nothing; one whose COMMIT fails with an I/O error or a
// full disk may have reached the disk all the same (outcome_unknown: the server says so and
// stops, storage/database.hpp). Either way the room then reloads its campaign
// from storage, since the engine's in-memory state may have run ahead of what was kept. With
// several servers on one database, a command first locks its campaign's row and reloads the
// campaign if another server committed to it since (hold_fresh_campaign).
#include <spdlog/spdlog.h>

#include "server/errors.hpp"
#include "server/observability.hpp"
#include "server/room.hpp"

namespace umpire::server {

void Room::in_one_commit(std::string_view what, const std::function<void()>& body) {
    if (committing_) {
        body();  // already inside a command: its writes join that command's commit
        return;
    }
    std::vector<std::function<void()>> effects;
    auto& connection = services_->campaigns->database();
    const auto changes_before = connection.total_changes();
    std::optional<storage::CampaignMark> mark;
    try {
        storage::Transaction transaction(connection);
        committing_ = true;
        hold_fresh_campaign();
        body();
        // Other servers hear of it and catch up (room_catch_up.cpp); this room's connections
        // are shown it by the command's own effects.
        if (connection.total_changes() != changes_before)
            services_->server->announce_campaign(id());
        mark = services_->server->campaign_mark(id());
        const auto started = std::chrono::steady_clock::now();
        transaction.commit();
        services_->metrics->commit_seconds.observe(seconds_since(started));
    } catch (const storage::StorageError& e) {
        undo_in_memory(connection.total_changes() != changes_before);
        if (e.kind() == storage::ErrorKind::invalid_input ||
            e.kind() == storage::ErrorKind::conflict)
            throw;  // a refusal the client is told about, not the operator's trouble
        auto fields = storage_error_fields(e);
        fields["campaign"] = id();
        fields["what"] = what;
        // An unknown outcome is not "nothing committed": the server stops on it (Database::
        // on_outcome_unknown) and its restart tells.
        const bool unknown = e.kind() == storage::ErrorKind::outcome_unknown;
        log_event(unknown ? spdlog::level::critical : spdlog::level::err, fields,
                  fmt::format("campaign {}: {} failed, {} ({}, {}): {}", id(), what,
                              unknown ? "whether it was committed is unknown" : "nothing committed",
                              storage::to_string(e.kind()), storage::engine_code(e), e.what()));
        throw;
    } catch (...) {
        undo_in_memory(connection.total_changes() != changes_before);
        throw;
    }
    committing_ = false;
    if (mark) shown_ = {*mark, campaign_.period_index(), true};
    effects.swap(after_commit_);
    for (auto& effect : effects) effect();
}

void Room::undo_in_memory(bool wrote) {
    committing_ = false;
    after_commit_.clear();
    if (!wrote) return;  // refused before any write: memory is as the store has it
    try {
        reload();
    } catch (const std::exception& e) {
        // The store cannot even be read: the room keeps its last state; every later command
        // fails the same way and says so.
        spdlog::error("campaign {}: reloading after a failed command failed: {}", id(), e.what());
    }
}

bool Room::defer(std::function<void()> effect) {
    if (!committing_) return false;
    after_commit_.push_back(std::move(effect));
    return true;
}

}  // namespace umpire::server
