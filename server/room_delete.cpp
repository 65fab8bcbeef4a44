// Deleting a campaign (issue 30). Only an ended campaign is deleted, by its GM, who confirms with
// the campaign's id. Nothing committed is lost: the whole campaign, with the GM action that
// deletes it, is first written as an archive beside the database (deleted-campaigns/, mode
// 0600, synced), from which the operator brings it back with `umpire import`. Its rows then go
// in the command's commit; once that is kept, its connections are told and leave, and the hub
// retires the room (Hub::retire_deleted): a timer or a webhook answer still on its way finds it
// deleted and does nothing.
#include <filesystem>

#include "server/errors.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"
#include "storage/archive.hpp"
#include "storage/private_files.hpp"

namespace umpire::server {

using protocol::ErrorCode;

namespace {

// "2026-12-04T15:10:00.000Z" as "20261204T151000Z", for a file name.
std::string compact_time(const std::string& iso) {
    std::string out;
    for (char c : iso.substr(0, 19))
        if (c != '-' && c != ':') out += c;
    return out + "Z";
}

}  // namespace

void Room::gm_delete(GmCall& call) {
    const auto& m = call.m;
    if (!ended()) refuse(ErrorCode::conflict, "only an ended campaign is deleted: end it first");
    if (m.confirm != id())
        refuse(ErrorCode::invalid_argument,
               "to delete the campaign, confirm with its id: \"confirm\": \"" + id() + "\"");
    const std::string file =
        "deleted-campaigns/" + id() + "-" + compact_time(services_->now_iso()) + ".json";
    record_action("delete", m.reason, {{"archive", file}});
    const auto archive = services_->campaigns->read_archive(id());
    namespace fs = std::filesystem;
    const fs::path folder = fs::absolute(services_->config.database).parent_path();
    fs::create_directories(folder / "deleted-campaigns");
    fs::permissions(folder / "deleted-campaigns", fs::perms::owner_all, fs::perm_options::replace);
    storage::write_private_file((folder / file).string(), storage::archive_text(archive));
    services_->campaigns->delete_campaign(id());
    call.done["archive"] = file;
    defer([this, reason = m.reason] {
        deleted_ = true;
        for (const char* timer : {"deadline:", "decisions:", "webhooks:"})
            services_->scheduler->cancel(timer + id());
        services_->scheduler->cancel("deadline:" + id() + ":warning");
        const auto notice = std::make_shared<const std::string>(Json{
            {"type", "notice"},
            {"campaign", id()},
            {"notice",
             {{"no", 0},
              {"kind", "campaign_deleted"},
              {"reason", reason},
              {"at", services_->now_iso()}}}}.dump());
        for (const auto& peer : live_peers()) {
            peer->joined.erase(id());
            peer->send(notice);
        }
        peers_.clear();
    });
}

}  // namespace umpire::server
