// Several servers on one database (issue 33): what the hub does when another server committed
// to a campaign (heard through server/change_listener.hpp), and how it opens a campaign's room.
#include <spdlog/spdlog.h>

#include "server/hub.hpp"
#include "storage/postgres/pg_database.hpp"

namespace umpire::server {

namespace {

// How soon a session ended on another server ends this server's connections on it.
constexpr auto kSessionCheck = std::chrono::seconds(30);

}  // namespace

void Hub::check_sessions() {
    std::vector<std::shared_ptr<Peer>> ended;
    try {
        const auto now = services_->now_iso();
        for (auto& [key, weak] : peers_)
            if (auto p = weak.lock(); p && p->account && !p->token_hash.empty() &&
                                      !services_->server->session_account(p->token_hash, now))
                ended.push_back(p);
    } catch (const std::exception& e) {
        spdlog::warn("checking the sessions of open connections failed: {}", e.what());
    }
    for (const auto& p : ended) {  // closing one may erase it from peers_: not while iterating
        p->account.reset();
        p->joined.clear();
        p->close("your session ended");
    }
    services_->scheduler->at("sessions", services_->scheduler->now() + kSessionCheck,
                             [this] { check_sessions(); });
}

std::unique_ptr<Room> Hub::open_room(const std::string& id) {
    auto& db = services_->campaigns->database();
    storage::Transaction read(db, storage::TransactionMode::deferred);
    const auto mark = services_->server->campaign_mark(id);
    if (!mark) return nullptr;
    auto room = std::make_unique<Room>(
        *services_, storage::Campaign::open(*services_->campaigns, id, services_->clock()), mark);
    read.commit();
    return room;
}

Room& Hub::fresh_room(const std::string& id) {
    // A client that comes from a server that died is shown at least what it was acknowledged
    // there, though this server may not have heard of that commit yet; and a command is checked
    // against the campaign as it is. One read of the campaign's mark when nothing changed.
    if (Room* room = find_room(id)) {
        if (!room->catch_up()) retire_room(id);
    } else if (storage::is_valid_id(id)) {
        // Made by another server, not heard of yet? A storage failure says `unavailable`, not
        // "no such campaign" (issue 53).
        load_changes(id);
    }
    return room_of(id);
}

void Hub::retire_room(const std::string& id) {
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    // Kept, not destroyed: a timer or a webhook answer may still hold it.
    retired_.push_back(std::move(it->second));
    rooms_.erase(it);
}

std::unique_ptr<Room> Hub::start_room(const std::string& id) {
    auto room = open_room(id);
    if (!room) return nullptr;
    if (services_->before_room_start) services_->before_room_start(id);  // tests: a delete here
    try {
        room->start();
    } catch (const storage::StorageError& e) {
        // Deleted by another server since it was read (its deadline row then fails on the
        // campaign's foreign key): not this server's failure, and not a reason to stop.
        if (services_->server->campaign_mark(id)) throw;
        spdlog::info("campaign {}: deleted by another server while this one started it ({})", id,
                     e.what());
        return nullptr;
    }
    return room;
}

void Hub::load_changes(const std::string& id) {
    if (Room* room = find_room(id)) {
        if (!room->catch_up(/*announced=*/true)) retire_room(id);
        return;
    }
    auto room = start_room(id);
    if (!room) return;  // deleted, or a change to a campaign never seen here
    spdlog::info("campaign {}: made by another server, served here too", id);
    rooms_[id] = std::move(room);
}

void Hub::campaign_changed(const std::string& id) {
    try {
        load_changes(id);
    } catch (const std::exception& e) {
        // The next change, command or join tries again; the room keeps what it had.
        spdlog::error("campaign {}: catching up with another server's commit failed: {}", id,
                      e.what());
    }
}

void Hub::catch_up_all() {
    std::vector<std::string> ids;
    try {
        ids = services_->campaigns->campaign_ids();
    } catch (const std::exception& e) {
        spdlog::error("catching up with other servers: cannot list campaigns: {}", e.what());
        return;
    }
    for (const auto& id : ids) campaign_changed(id);
    // Rooms of campaigns no longer listed were deleted elsewhere.
    std::vector<std::string> gone;
    for (const auto& [id, room] : rooms_)
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) gone.push_back(id);
    for (const auto& id : gone) campaign_changed(id);
}

}  // namespace umpire::server
